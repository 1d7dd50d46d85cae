"""Value types of the worldview: slots, candidates, score components, snapshots."""

from __future__ import annotations

from collections.abc import Callable
from datetime import date, datetime
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from nousmem.projections.ages import AGE_ATTRIBUTE, age_now, month_day, names_day
from nousmem.projections.config_types import CONFIG, Weight
from nousmem.projections.lexical import date_label, fold_plural, folded_words
from nousmem.projections.occasion_dates import met_first
from nousmem.projections.slot_kinds import STANDING_ATTRIBUTES, CandidateStatus, SlotKind
from nousmem.projections.worldview_items import unslot_part
from nousmem.projections.worldview_periods import (
    CURRENT,
    announced,
    before_line,
    closed_periods,
    disputed_text,
    end_label,
    slot_spans,
    start_label,
    told_span,
)


class WorldviewConfig(BaseModel):
    """Weights of the candidate score and the conflict margin."""

    model_config = CONFIG

    support: Weight = 1.0
    provenance: Weight = 0.3
    recency: Weight = 0.2
    utility: Weight = 0.3
    commitment: Weight = 0.2
    confirmation: Weight = 0.2
    contradiction: Weight = 0.6
    inhibition: Weight = 1.0
    supersession: Weight = 0.8
    staleness: Weight = 0.3
    conflict_margin: float = Field(default=0.08, ge=0.0)
    recency_half_life_days: float = Field(default=180.0, gt=0)
    min_probability: float = Field(default=0.02, ge=0.0, lt=1.0)
    """Single-valued candidates below this belief probability are not listed."""


class ScoreComponents(BaseModel):
    """Why a candidate scores what it does. ``total`` = added - subtracted (weighted)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    support: float = 0.0
    provenance: float = 0.0
    recency: float = 0.0
    utility: float = 0.0
    commitment: float = 0.0
    confirmation: float = 0.0
    contradiction: float = 0.0
    inhibition: float = 0.0
    supersession: float = 0.0
    staleness: float = 0.0
    total: float = 0.0


class WorldviewCandidate(BaseModel):
    """One candidate competing in a slot."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    id: str
    value: str
    status: CandidateStatus
    score: float
    components: ScoreComponents
    valid_from: datetime | None = None
    valid_to: datetime | None = None
    earlier: tuple[tuple[datetime, datetime], ...] = ()
    """Periods the value held before its latest one (``valid_from`` - ``valid_to``), oldest
    first: a value that came back (Lyon, another city, Lyon again; tennis dropped and taken
    up again)."""
    disputed: tuple[tuple[datetime, datetime], ...] = ()
    """Periods this value was only claimed in, oldest first: a dispute the value it contested
    took back before anything settled it this value's way (rendered "disputed")."""
    evidence_ids: tuple[str, ...] = ()
    sources: tuple[str, ...] = ()
    lifecycle: str = "fresh"
    note: str = ""
    taken_back: bool = False
    """Its latest span ended in a correction ("Actually no, Ana still lives in Porto"): the
    value never held then, memory only believed it from ``valid_from`` to ``valid_to``."""
    told: tuple[tuple[date, str], ...] = ()
    """When the claims behind the value's latest span said it held or happened, as they said
    it ("2019", "March 2021"), in the order they were said: ``valid_from`` is when memory
    learned it. A present line reads the value as held since the last of these; an
    occasion's (a trip, a purchase, a plan: see ``WorldviewSlot.occasions``) as happening
    at each."""
    ended: tuple[date, str] | None = None
    """For a value memory never held but was told had stopped holding ("I used to live in
    Lyon", "I worked at Acme until 2020"): when, as the latest such denial said it ("until
    2020", "before 3 May 2024"). A history line shows it as a past value."""


MAX_SHOWN = 4
"""Candidates a rendered slot line shows."""


class WorldviewSlot(BaseModel):
    """A belief under debate: ``kind:key``, its candidates and how it resolved."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    id: str
    kind: SlotKind
    key: str
    entity: str | None = None
    status: Literal["resolved", "conflicted", "set", "empty"]
    selected: tuple[str, ...] = ()
    candidates: tuple[WorldviewCandidate, ...] = ()
    reason: str = ""
    multi: bool = False
    """Its values hold side by side (hobbies, likes), so their periods may overlap; a single
    value holds at a time, and periods that overlap were disputed."""
    occasions: bool = False
    """Its values are occasions (places visited, things done, plans): a value's ``told``
    times say when it happened, not since when it holds."""
    timeless: bool = False
    """Its values hold for life (a birthday, a relative): a present line dates one only by
    its ``told`` times, not by when memory learned it."""


class AuditItem(BaseModel):
    """What memory refused, as the audit lens shows it: a rejected or quarantined write
    (content redacted), a claim asked back instead of written (``clarify.requested``), a
    refused lifecycle transition (``lifecycle.refused``); and what it set aside: a memory
    the user asked it to forget (``forgotten``: what kind of memory, not its value) and an
    erasure (``erased``: how many events, and the reason given)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    event_id: str
    kind: Literal[
        "write.rejected",
        "quarantined",
        "clarify.requested",
        "lifecycle.refused",
        "forgotten",
        "erased",
    ]
    occurred_at: datetime
    summary: str
    reasons: tuple[str, ...] = ()

    @property
    def line(self) -> str:
        """``- quarantined 10 February 2026: My API key is [REDACTED:api_key] (api_key)``:
        the snapshot's line, why it was refused included."""
        why = f" ({'; '.join(self.reasons)})" if self.reasons else ""
        return f"- {self.kind} {date_label(self.occurred_at)}: {self.summary}{why}"


class WorldviewSnapshot(BaseModel):
    """The worldview through one lens at one journal position."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    lens: str
    as_of_seq: int
    slots: tuple[WorldviewSlot, ...] = ()
    audit: tuple[AuditItem, ...] = ()
    past: bool = False
    """The read asks about an earlier time (``QueryPlan.past``): a single-valued slot's
    line is followed by one of the periods its values held it before (superseded values,
    and a value's earlier spans)."""
    period: tuple[datetime, datetime] | None = None
    """The time the question asks about, if it names one: periods that meet it come first,
    and so do occasions told of a day in it."""
    now: datetime | None = None
    """The read's event time: an age said a year or more before it is also given as it
    stands then (``projections/ages.py``). None in snapshots made before it."""
    birthdays: tuple[tuple[str, str], ...] = ()
    """``(entity key, birthday)`` of each entity whose birthday slot selects one value,
    kept when a read cuts the slots it shows: an age is counted on by them."""
    terms: frozenset[str] = frozenset()
    """The question's content words (lowercased tokens): the entries of a :func:`listed`
    slot that use one come first ("When can we meet?" puts "never schedule meetings on
    Fridays" before newer instructions), so a budget that cannot take them all keeps
    those."""

    def shown(self, s: WorldviewSlot, max_candidates: int = MAX_SHOWN) -> list[WorldviewCandidate]:
        """The candidates of ``s`` that its rendered line shows under this lens."""
        return self._cut(s, max_candidates)[0]

    def _cut(self, s: WorldviewSlot, max_candidates: int) -> tuple[list[WorldviewCandidate], int]:
        """The candidates shown, and how many the lens would show uncut."""
        eligible = self._eligible(s)
        if s.occasions:  # "What do I have on Friday?": what is dated Friday first
            eligible = met_first(eligible, self.period)
        return eligible[: len(s.candidates) if listed(s) else max_candidates], len(eligible)

    def _eligible(self, s: WorldviewSlot) -> list[WorldviewCandidate]:
        """Every candidate of ``s`` this lens would show, best first (before the cut)."""
        if standing(s):
            # "never X" denies "X" to withdraw it: a denial of what was never said is no
            # entry. One that was said and then withdrawn held for a time, which the
            # historical and audit lenses show.
            past = self.lens in ("historical", "audit")
            s = s.model_copy(
                update={
                    "candidates": tuple(
                        c
                        for c in s.candidates
                        if c.status != "negated" or (past and closed_periods(c))
                    )
                }
            )
        if self.lens in ("historical", "audit"):
            return list(s.candidates)
        shown = [c for c in s.candidates if c.status in CURRENT]
        if self.lens == "procedural":  # what failed, after what worked
            shown += [c for c in s.candidates if c.status == "failure"]
        return shown

    def render_lines(
        self, s: WorldviewSlot, *, dates: bool = True, max_candidates: int = MAX_SHOWN
    ) -> list[tuple[str, list[WorldviewCandidate]]]:
        """The rendered lines of one slot, each with the candidates it shows: one line, or
        one per candidate for a :func:`listed` slot (so that a budget keeps what fits)."""
        shown, eligible = self._cut(s, max_candidates)
        # A question about an earlier time: what the slot held before, on a line of its
        # own after the current one (a budget too small for both keeps the present).
        # The historical and audit lenses date every shown value's periods on its own line:
        # the before line then names only what the cut left out, if anything.
        full = self.lens in ("historical", "audit")
        skip = frozenset(c.id for c in shown) if full else frozenset()
        # A value announced ahead ("I start there on May 1") has not taken over yet when it
        # was learned: the one it displaces is part of the answer to "Where do I work?".
        ahead = not (s.multi or s.occasions or s.timeless) and announced(shown)
        before = self._before(s, skip) if (self.past or ahead) and dates else None
        if not shown:
            return [before] if before else []
        if listed(s):
            # Newest first: a budget that cannot take every entry keeps the latest words.
            order = sorted(shown, key=_since, reverse=True)
            if self.terms:
                asked = frozenset(fold_plural(t) for t in self.terms)
                # Stable: newest first among those that use a question word, then the rest.
                order.sort(key=lambda c: asked.isdisjoint(folded_words(c.value)))
            return [(self._line(s, [c], dates), [c]) for c in order]
        line = self._line(s, shown, dates)
        # A reader must not take a cut list for the whole of it ("What are all my hobbies?").
        more = eligible - len(shown)
        if more > 0:
            line += f" (+{more} more)"
        return [(line, shown), *([before] if before else [])]

    def _before(
        self, s: WorldviewSlot, skip: frozenset[str] = frozenset()
    ) -> tuple[str, list[WorldviewCandidate]] | None:
        """The slot's ``before:`` line (see :func:`~.worldview_periods.before_line`)."""
        return before_line(s, skip, self.period, f"- {s.kind} {shown_key(s)}", MAX_SHOWN)

    def _line(self, s: WorldviewSlot, shown: list[WorldviewCandidate], dates: bool) -> str:
        parts = []
        full = self.lens in ("historical", "audit")
        spans = slot_spans(s) if full else None
        for c in shown:
            text = c.value
            # A lifelong value's line gives no day memory learned it (the lenses that show
            # history still do), unless the claims dated it.
            bare = s.timeless and not (c.told or full or c.valid_to is not None)
            if dates and c.valid_from is not None and not bare:
                span = f"since {date_label(c.valid_from)}"
                if c.told and c.valid_to is None:
                    span = told_span(c, c.valid_from, s.occasions, full)
                if c.valid_to is not None and c.taken_back:
                    span = f"said {date_label(c.valid_from)}"
                elif c.valid_to is not None:
                    span = f"{start_label(c, c.valid_from)} - {end_label(s, c, c.valid_to)}"
                    span += disputed_text(c.valid_from, c.valid_to, c, spans)
                if c.earlier and full:
                    before = ", ".join(
                        f"{date_label(a)} - {date_label(b)}{disputed_text(a, b, c, spans)}"
                        for a, b in c.earlier
                    )
                    span += f"; also {before}"
                if (aged := self._aged(s, c)) is not None:
                    span += f"; {aged}"
                text += f" ({span})"
            elif dates and c.ended is not None:
                text += f" ({c.ended[1]})"  # never held, told gone: "Acme (until 2020)"
            if c.taken_back and c.valid_to is not None:
                text += f" [taken back {date_label(c.valid_to)}]"
            elif c.status not in ("selected", "active"):
                text += f" [{c.status}]"
            elif c.status == "active" and s.status == "resolved" and not s.multi:
                # A resolved single value's runner-up ("I think I might move to Rome"): in
                # the running, not what memory holds.
                text += " [less likely]"
            parts.append(text)
        flag = " [CONFLICTED]" if s.status == "conflicted" else ""
        if s.status == "empty" and any(c.status == "active" for c in shown):
            flag = " [UNKNOWN]"  # "unknown" leads: the values listed are not believed
        return f"- {s.kind} {shown_key(s)}{flag}: " + "; ".join(parts)

    def _aged(self, s: WorldviewSlot, c: WorldviewCandidate) -> str | None:
        """The age ``c`` holds as it stands at the read ("9 or 10 by 10 April 2026"), for a
        current age only."""
        entity_key, _, attribute = s.id.partition(":")[2].rpartition(".")
        if attribute != AGE_ATTRIBUTE or s.kind != "fact" or c.valid_to is not None:
            return None
        if c.valid_from is None or c.status not in ("selected", "active"):
            return None
        if c.told:  # the claims dated when it was reached: "Leo turned 7 last week"
            day, said = c.told[-1]
            since = datetime(day.year, day.month, day.day, tzinfo=c.valid_from.tzinfo)
            return age_now(c.value, since, self.now, turned=names_day(said))
        born = dict(self.birthdays).get(entity_key)
        day_of = None if born is None else month_day(born)
        return age_now(c.value, c.valid_from, self.now, birthday=day_of)

    def render_slot(
        self, s: WorldviewSlot, *, dates: bool = True, max_candidates: int = MAX_SHOWN
    ) -> str | None:
        """The line(s) of one slot (None when this lens shows none of its candidates)."""
        lines = self.render_lines(s, dates=dates, max_candidates=max_candidates)
        return "\n".join(line for line, _ in lines) if lines else None

    def slot(self, slot_id: str) -> WorldviewSlot | None:
        return next((s for s in self.slots if s.id == slot_id), None)

    def render(
        self,
        *,
        dates: bool = True,
        max_candidates: int = MAX_SHOWN,
        rank: Callable[[WorldviewSlot], float] | None = None,
    ) -> str:
        """The Worldview Snapshot section of a prompt; ``rank``: slots with a higher rank
        first (a question's own), equal ranks in slot order."""
        lines: list[str] = []
        slots = list(self.slots)
        if rank is not None:
            slots.sort(key=lambda s: -rank(s))  # stable: slot order within equal ranks
        for s in slots:
            line = self.render_slot(s, dates=dates, max_candidates=max_candidates)
            if line is not None:
                lines.append(line)
        lines.extend(a.line for a in self.audit)
        return "\n".join(lines)


def _since(c: WorldviewCandidate) -> tuple[str, str]:
    # Event times are UTC: their ISO strings sort as the times do.
    return (c.valid_from.isoformat() if c.valid_from is not None else "", c.id)


def shown_key(s: WorldviewSlot) -> str:
    """The slot's key as a prompt shows it: a text preference slot's owner and keyword as
    said ("tool:search/general", "Dr. Who/general"), not with the separators escaped that
    keep its id apart from a belief slot's ("tool%3Asearch/general")."""
    if s.kind != "preference" or "." in s.key:  # a belief slot ("alice.likes")
        return s.key
    return "/".join(unslot_part(part) for part in s.key.split("/"))


def standing(s: WorldviewSlot) -> bool:
    """Whether ``s`` holds standing instructions (it joins every read)."""
    return s.kind == "preference" and s.key.rpartition(".")[2] in STANDING_ATTRIBUTES


def listed(s: WorldviewSlot) -> bool:
    """Whether ``s`` holds unrelated entries side by side, each on its own rendered line
    and none left out: standing instructions, and preferences given without a keyword."""
    return standing(s) or (s.kind == "preference" and s.id.endswith("/general"))
