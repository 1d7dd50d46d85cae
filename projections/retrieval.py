"""Read-path building blocks: snippets, fusion, packing and the MemoryContext."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from datetime import date, datetime
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from nousmem.projections.config_types import CONFIG, Weight
from nousmem.projections.lexical import date_label
from nousmem.projections.token_estimate import count_tokens, token_units
from nousmem.projections.trusted import assemblable, assemble
from nousmem.projections.worldview_models import WorldviewSnapshot


class RetrievalConfig(BaseModel):
    """Knobs of the read path."""

    model_config = CONFIG

    # Upper bounds keep every read finite and within SQLite's integers: a window of 10**9
    # neighbours, or a top-k past 2**63, passed validation and then broke every query.
    rrf_k: int = Field(default=60, ge=1, le=10_000)
    lexical_k: int = Field(default=60, ge=1, le=10_000)
    fact_lines: int = Field(default=12, ge=0, le=1_000)
    neighbor_window: int = Field(default=2, ge=0, le=50)
    """Turns before/after each lexical hit that join as its context (see ``neighbor_*``)."""
    worldview_share: float = Field(default=0.1, ge=0.0, le=1.0)
    """At most this share of the budget goes to the Worldview Snapshot section (besides its
    standing instructions: ``instruction_share``)."""
    asked_share: float = Field(default=0.25, ge=0.0, le=1.0)
    """The lines of the slots the question asks about ("Where did Kim work before?": the
    ``employer`` slot, with its ``before:`` line) may take up to this share of the budget
    when ``worldview_share`` is too small for them: they are the answer."""
    instruction_share: float = Field(default=0.15, ge=0.0, le=1.0)
    """Standing instructions (newest first) may take up to this share of the budget on top of
    ``worldview_share``: they apply to every answer and must not crowd out the facts."""
    graph_seeds: int = Field(default=20, ge=0, le=10_000)
    graph_weight: float = Field(default=0.3, ge=0.0, le=100.0)
    trace_candidates: int = Field(default=60, ge=1, le=10_000)
    """How many scored candidates a trace keeps."""
    common_term_share: float = Field(default=0.2, gt=0.0, le=1.0)
    """Lexical terms found in more than this share of observations are left out of FTS5."""
    max_postings: int = Field(default=5000, ge=1, le=10**12)
    """Terms are added rarest first until their document counts would pass this."""
    rank_window: int | None = Field(default=3000, ge=1, le=10**12)
    """BM25 ranks at most this many of the newest lexical matches (None: all). A query whose
    rarest term still matches more is answered from its most recent matches, so a read costs
    about the same at any journal size (ranking reads every ranked row's length)."""
    lexical_exponent: float = Field(default=2.0, ge=0.0, le=16.0)
    """Lexical scores are ``(bm25 / best bm25) ** lexical_exponent`` (0: every hit alike)."""
    relaxed_min_hits: int = Field(default=10, ge=0, le=10_000)
    """With fewer lexical hits, a second query with every term (names included) adds more."""
    relaxed_share: float = Field(default=0.5, ge=0.0, le=1.0)
    """The best relaxed hit scores this share of the weakest strict hit."""
    relaxed_window: int | None = Field(default=1000, ge=1, le=10**12)
    """The relaxed query ranks at most this many of its newest matches (None: all). Its hits
    only fill what the strict query left, below all of its hits; ranking fewer of them keeps
    the reads that need it (about one in six) from costing twice a plain one."""
    neighbor_after: float = Field(default=0.5, ge=0.0, le=100.0)
    """The turn after a hit scores this share of the hit's lexical and entity score."""
    neighbor_before: float = Field(default=0.3, ge=0.0, le=100.0)
    """The turn before a hit scores this share of it."""
    neighbor_step: float = Field(default=0.5, ge=0.0, le=1.0)
    """Each further turn away from the hit multiplies its share by this."""
    neighbor_reply_boost: float = Field(default=1.5, ge=0.0, le=100.0)
    """The turn after a hit that asks a question (ends with ``?``) gets this much more."""
    neighbor_max_gap_s: float | None = Field(default=6 * 3600, ge=0.0, le=1e10)
    """Turns further than this in event time from the hit are not its context (None: any)."""
    neighbor_list_share: float = Field(default=0.2, ge=0.0, le=1.0)
    """List questions ("what are all ...") scale neighbour shares by this: breadth first."""
    speaker_focus: float = Field(default=0.5, ge=0.0, le=1.0)
    """When the question names a speaker of the candidates, other speakers' turns score this
    share (1: no focus). Their score still goes to the turns around them."""
    question_turn_share: float = Field(default=0.6, ge=0.0, le=1.0)
    """Turns that ask a question (end with ``?``) score this share: they state little."""
    length_prior: float = Field(default=0.2, ge=0.0, le=4.0)
    """Turns score ``(cost / mean candidate cost) ** length_prior``: BM25 favours short
    turns, which say less (0: off)."""
    excerpt_share: float = Field(default=0.3, ge=0.0, le=1.0)
    """Share of the snippets' budget for excerpts. The best candidates are packed whole into
    the rest; the next ones enter as the sentences that hold a term of the question (a
    turn without one: its first sentence, as a reply answers first), marked ``…`` where
    text was left out. Evidence spread over many turns then reaches the reader. Budget left
    once the candidates run out turns excerpts back into whole turns (0: whole turns only)."""
    time_notes: Literal["always", "dated"] = "dated"
    """``dated``: turns keep their ``(yesterday = 7 May 2023)`` notes only for questions that
    ask when or name a time (the day line dates every turn); ``always``: every question."""
    group_by_date: bool = True
    """Render dated snippets under one ``[date]`` line per day (saves a date per line)."""
    channel_weights: dict[str, Weight] = Field(
        # Tuned on the LoCoMo development split (benchmarks/locomo.py): lexical evidence
        # dominates; the question's entities re-rank it; beliefs and time add what words miss.
        # "neighbor" is not a rank channel: it multiplies the neighbour shares. "dense" (only
        # with an embedder): all-MiniLM-L6-v2 helped most at 0.4-0.75 and hurt above 1.
        default_factory=lambda: {
            "lexical": 2.0,
            "entity": 0.5,
            "belief": 0.5,
            "temporal": 0.5,
            "neighbor": 1.0,
            "dense": 0.5,
        }
    )


class Snippet(BaseModel):
    """One piece of context with its provenance and why it scored what it did."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    id: str
    kind: str
    text: str
    score: float
    components: dict[str, float] = Field(default_factory=dict)
    channels: tuple[str, ...] = ()
    event_ids: tuple[str, ...] = ()
    refs: tuple[str, ...] = ()
    occurred_at: datetime | None = None
    tokens: int = 0
    seq: int | None = None
    """Journal position of the event behind it: orders the lines of one day."""
    excerpt: bool = False
    """The text is cut to the sentences that bear on the question (``…`` marks cuts)."""


_SNIPPET_FIELDS = frozenset(Snippet.model_fields) - {"excerpt"}
if not assemblable(Snippet):  # pragma: no cover - a change to Snippet must not go unseen
    raise TypeError("candidate_snippet cannot assemble Snippet any more: validate instead")


def candidate_snippet(
    *,
    id: str,
    kind: str,
    text: str,
    score: float,
    components: dict[str, float],
    channels: tuple[str, ...],
    event_ids: tuple[str, ...],
    refs: tuple[str, ...],
    occurred_at: datetime | None,
    tokens: int,
    seq: int | None,
) -> Snippet:
    """The :class:`Snippet` ``Snippet(**fields)`` validates to, built without validating
    (a read builds one per candidate, ~140: ~1 µs each against ~6). For trusted values of
    the declared types only; ``components`` is copied with float values, as validation
    would."""
    return assemble(
        Snippet,
        {
            "id": id,
            "kind": kind,
            "text": text,
            "score": float(score),
            "components": {c: float(v) for c, v in components.items()},
            "channels": channels,
            "event_ids": event_ids,
            "refs": refs,
            "occurred_at": occurred_at,
            "tokens": tokens,
            "seq": seq,
            "excerpt": False,
        },
        set(_SNIPPET_FIELDS),
    )


def snippet_with(s: Snippet, **update: Any) -> Snippet:
    """What ``s.model_copy(update=update)`` returns, without its copy in Python (~1 µs
    against ~5): a read cuts ~35 excerpts and gives its fact lines their scores this way.
    ``update`` holds fields of :class:`Snippet`, each of its declared type (``model_copy``
    does not validate them either)."""
    return assemble(Snippet, {**s.__dict__, **update}, s.__pydantic_fields_set__ | update.keys())


class Suppressed(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    id: str
    reason: str


if not assemblable(Suppressed):  # pragma: no cover - a change to it must not go unseen
    raise TypeError("suppression cannot assemble Suppressed any more: validate instead")


def suppression(id: str, reason: str) -> Suppressed:
    """``Suppressed(id=id, reason=reason)`` for two strings, without validating them (~0.4
    µs against ~2): a read suppresses ~100 candidates, most of them for budget."""
    return assemble(Suppressed, {"id": id, "reason": reason}, {"id", "reason"})


class MemoryContext(BaseModel):
    """What a read returns: the worldview, snippets with provenance, and the trace id."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    question: str
    lens: str
    worldview: WorldviewSnapshot
    snippets: tuple[Snippet, ...] = ()
    suppressed: tuple[Suppressed, ...] = ()
    prompt_sections: dict[str, str] = Field(default_factory=dict)
    token_count: int = 0
    budget_tokens: int = 0
    trace_id: str | None = None
    as_of_seq: int = 0
    plan: dict[str, Any] = Field(default_factory=dict)

    def to_prompt(self) -> str:
        """The Worldview Snapshot first, then the supporting snippets."""
        return render_prompt(self.prompt_sections)

    @property
    def refs(self) -> list[str]:
        """Every caller ``ref`` behind the snippets, in snippet order, unique."""
        return list(dict.fromkeys(r for s in self.snippets for r in s.refs))


def render_prompt(sections: dict[str, str]) -> str:
    parts = []
    if sections.get("worldview"):
        parts.append("## Worldview Snapshot\n" + sections["worldview"])
    if sections.get("snippets"):
        parts.append("## Supporting memories\n" + sections["snippets"])
    return "\n\n".join(parts)


def rrf(
    rankings: dict[str, Sequence[str]], *, k: int, weights: dict[str, float]
) -> dict[str, dict[str, float]]:
    """Reciprocal-rank fusion. Returns item -> {channel: contribution}."""
    out: dict[str, dict[str, float]] = {}
    for channel in sorted(rankings):
        w = weights.get(channel, 1.0)
        for rank, item in enumerate(rankings[channel]):
            out.setdefault(item, {})[channel] = w / (k + rank + 1)
    return out


def date_prefix(s: Snippet) -> str | None:
    """The ``[8 May 2023] `` that opens a dated snippet's text, or None if it has none."""
    if s.occurred_at is None:
        return None
    prefix = f"[{date_label(s.occurred_at)}] "
    return prefix if s.text.startswith(prefix) else None


class Packer:
    """Greedy packing state: what is kept, the budget used, and the days already opened.

    ``grouped``: dated snippets are priced as :func:`render_snippets` writes them, the date
    once per day, so more of them fit. A line without its date costs at most
    ``tokens - floor(1.1 * date units)`` (``count_tokens`` rounds up), so the rendered
    prompt never exceeds the budget and no line is counted again.
    """

    def __init__(self, budget: int, *, limit: int | None = None, grouped: bool = False) -> None:
        self.budget = budget
        self.limit = limit
        self.grouped = grouped
        self.kept: list[Snippet] = []
        self.used = 0
        self._days: dict[date, tuple[str, int, int]] = {}  # day -> (prefix, saving, header)
        self._opened: set[str] = set()

    @property
    def full(self) -> bool:
        """No snippet can be added any more (the count limit is reached)."""
        return self.limit is not None and len(self.kept) >= self.limit

    def _cost(self, s: Snippet, tokens: int) -> tuple[int, str | None]:
        """What keeping ``s`` costs if its line counts ``tokens``, and its day's group."""
        cost, group = tokens, None
        if self.grouped and s.occurred_at is not None:
            day = self._days.get(s.occurred_at.date())
            if day is None:
                prefix = f"[{date_label(s.occurred_at)}] "
                units = token_units(prefix)
                day = (prefix, int(units * 1.1), count_tokens(prefix))
                self._days[s.occurred_at.date()] = day
            if s.text.startswith(day[0]):
                group = day[0]
                cost -= day[1]
                if group not in self._opened:
                    cost += day[2]
        return cost, group

    def could_fit(self, s: Snippet, tokens: int) -> bool:
        """Whether a line of at least ``tokens`` with ``s``'s date and opening could still be
        kept: when not, a shorter form of ``s`` need not be built to be refused."""
        return not self.full and self.used + self._cost(s, tokens)[0] <= self.budget

    def offer(self, s: Snippet) -> bool:
        """Keep ``s`` if it fits in what is left of the budget; return whether it was kept."""
        cost, group = self._cost(s, s.tokens)
        if self.full or self.used + cost > self.budget:
            return False
        self.kept.append(s)
        self.used += cost
        if group is not None:
            self._opened.add(group)
        return True


def by_score(candidates: Iterable[Snippet]) -> list[Snippet]:
    """Best first, ties by id: the order packing considers candidates in."""
    return sorted(candidates, key=lambda s: (-s.score, s.id))


def pack(
    candidates: Iterable[Snippet],
    budget: int,
    *,
    limit: int | None = None,
    grouped: bool = False,
) -> tuple[list[Snippet], list[Snippet]]:
    """Greedy packing by score (ties by id): returns (kept, dropped for budget).

    ``grouped``: price dated snippets by day (see :class:`Packer`).
    """
    packer = Packer(budget, limit=limit, grouped=grouped)
    dropped = [s for s in by_score(candidates) if not packer.offer(s)]
    return packer.kept, dropped


def render_snippets(snippets: Sequence[Snippet], *, grouped: bool = False) -> str:
    """Snippet lines for the prompt. ``grouped``: undated lines first, in the given order,
    then dated ones under one ``[date]`` line per day, days and lines in event order (every
    line stays dated by its group, and a day reads like the conversation it came from)."""
    if not grouped:
        return "\n".join(f"- {s.text}" for s in snippets)
    lines: list[str] = []
    days: dict[str, list[tuple[datetime, int, int, str]]] = {}
    for i, s in enumerate(snippets):
        prefix = date_prefix(s)
        if prefix is None or s.occurred_at is None:
            lines.append(f"- {s.text}")
        else:
            item = (s.occurred_at, s.seq or 0, i, s.text[len(prefix) :])
            days.setdefault(prefix, []).append(item)
    for prefix, items in sorted(days.items(), key=lambda kv: min(kv[1])):
        lines.append(prefix.rstrip())
        lines += [f"- {text}" for *_, text in sorted(items)]
    return "\n".join(lines)
