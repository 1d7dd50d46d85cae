"""Packing a read's candidates into its token budget: whole turns first, then excerpts."""

from __future__ import annotations

import re
from collections.abc import Mapping

from nousmem.policies.answer_cues import answer_cue
from nousmem.policies.planner import QueryPlan
from nousmem.projections.excerpt import excerpt, matcher
from nousmem.projections.lexical import tokens
from nousmem.projections.retrieval import Packer, Snippet, snippet_with
from nousmem.projections.token_estimate import count_tokens, token_units, units_to_tokens
from nousmem.runtime.channels import Channels
from nousmem.runtime.docrows import DocRow
from nousmem.runtime.fact_lines import base_terms

__all__ = ["Packing", "fit_lines"]

# The patterns an excerpt keeps: the question's words, and its answer cue.
Cutting = tuple[re.Pattern[str] | None, re.Pattern[str] | None]

# Below this many tokens left no line fits (``- Name: word …`` and its day).
_MIN_LINE = 6


def fit_lines(text: str, budget: int) -> str:
    """The whole lines of ``text`` that fit in ``budget`` tokens, in order (a line too long
    for what is left is skipped, not the end)."""
    out: list[str] = []
    used = 0
    for line in text.splitlines() if budget > 0 else ():
        n = count_tokens(line)
        if used + n > budget:
            continue  # one long line must not empty the section: shorter ones may fit
        out.append(line)
        used += n
    return "\n".join(out)


class Packing(Channels):
    """The packing steps of :class:`~nousmem.runtime.query.QueryEngine`."""

    @staticmethod
    def _excerpt_patterns(plan: QueryPlan) -> Cutting:
        """What an excerpt of a turn keeps for ``plan`` (see :func:`excerpt`): the
        question's words, and the cue of the kind of answer it asks for."""
        # Names are in most turns ("Thanks, Melanie!"): they would keep every greeting.
        names = {t for n in plan.entities for t in tokens(n)}
        return matcher(t for t in base_terms(plan.terms) if t not in names), answer_cue(
            plan.question
        )

    def _pack(
        self,
        order: list[Snippet],
        room: int,
        limit: int | None,
        cutting: Cutting,
        bare: bool,
        cuts: dict[str, Snippet] | None = None,
        rows: Mapping[str, DocRow] | None = None,
    ) -> tuple[list[Snippet], list[Snippet]]:
        """Whole candidates (``order``: best first, see :func:`by_score`) into
        ``1 - excerpt_share`` of ``room``; then the next ones as excerpts (``cutting``:
        see :meth:`_excerpt_patterns`) into the rest. Returns (kept, dropped for budget).

        ``cuts``: the excerpts already made in this read (id -> excerpt), which a second
        packing of the same candidates reuses; it grows with the ones made here. ``rows``:
        the read's own rows of turns it shows otherwise than the journal's rows say
        (``runtime/forgotten_text.py``), which excerpts are cut from."""
        cuts = {} if cuts is None else cuts
        rows = {} if rows is None else rows
        cfg = self.proj.config.retrieval
        share = cfg.excerpt_share
        packer = Packer(int(room * (1 - share)), limit=limit, grouped=cfg.group_by_date)
        rest = [s for s in order if not packer.offer(s)]
        if share <= 0 or not rest:
            return packer.kept, rest
        packer.budget = room
        terms, cue = cutting

        dropped: list[Snippet] = []
        # Two turns of one day cut to the same line ("Thanks, Mel! …") say nothing twice; the
        # second may still enter whole below.
        lines = {_line(k) for k in packer.kept}
        twins: list[Snippet] = []
        for i, s in enumerate(rest):
            if packer.full or room - packer.used < _MIN_LINE:
                dropped += rest[i:]
                break
            if not packer.could_fit(s, self._least(s, bare, rows)):
                # Neither it nor any excerpt of it fits: most candidates at the end of a
                # read, each of which would be cut (regexes, a copy, a count) to be refused.
                dropped.append(s)
                continue
            cut = cuts.get(s.id)
            if cut is None:
                cut = cuts[s.id] = self._excerpt(s, terms, cue, bare, rows)
            if _line(cut) in lines:
                twins.append(s)
            elif packer.offer(cut):
                lines.add(_line(cut))
            else:
                dropped.append(s)
        # What is left when the candidates run out goes back to whole turns, best first: a
        # turn is cut only to make room for others. A whole turn and its excerpt share their
        # date, so the difference in tokens is the difference in cost.
        whole = {s.id: s for s in rest}
        for i, s in enumerate(packer.kept):
            full = whole.get(s.id)
            if s.excerpt and full is not None and full.tokens - s.tokens <= room - packer.used:
                packer.used += full.tokens - s.tokens
                packer.kept[i] = full
        dropped += [s for s in twins if packer.full or not packer.offer(s)]
        return packer.kept, dropped

    def _least(self, s: Snippet, bare: bool, rows: Mapping[str, DocRow] | None = None) -> int:
        """The fewest tokens ``s`` can count as a line, whole or as any excerpt
        :meth:`_excerpt` may cut: its opening, its notes, and at least two units between
        them (a sentence and an ellipsis, or a word and the two ellipses of a window)."""
        doc = (rows or {}).get(s.id) or self.proj.docs.get(s.id)
        if s.kind != "observation" or doc is None:
            return s.tokens
        return min(s.tokens, units_to_tokens(doc.frame_units(bare) + 2))

    def _excerpt(
        self,
        s: Snippet,
        terms: re.Pattern[str] | None,
        cue: re.Pattern[str] | None,
        bare: bool,
        rows: Mapping[str, DocRow] | None = None,
    ) -> Snippet:
        """``s`` cut to what it says about the question (see :func:`excerpt`); the date,
        the speaker and the time notes stay."""
        doc = (rows or {}).get(s.id) or self.proj.docs.get(s.id)
        if s.kind != "observation" or doc is None:
            return s
        cut = excerpt(doc.segments, terms, cue)
        if cut is None:
            return s
        notes = "" if bare else doc.text[len(doc.bare_text) :]
        text = doc.text[: doc.lead] + cut + notes
        return snippet_with(
            s,
            text=text,
            # count_tokens("- " + text): the opening ends and the notes begin at a space.
            tokens=units_to_tokens(doc.frame_units(bare) + token_units(cut)),
            excerpt=True,
        )


def _line(s: Snippet) -> tuple[object, str]:
    """What a snippet renders as: its text under its day."""
    return (s.occurred_at.date() if s.occurred_at is not None else None, s.text)
