"""``explain``: why memory believes a value, in one call.

It gathers what the other reads show separately: the belief's probability, how the
worldview candidate resolved (status, score components, lifecycle) and every piece of
evidence behind it, each with how it counted (a revision, a confirmation routed
``evidence``, a claim held for corroboration), its source, its surprise and the observation
as memory holds it.
"""

from __future__ import annotations

from datetime import datetime
from typing import Literal

from pydantic import BaseModel, ConfigDict

from nousmem.projections.belief_models import UNKNOWN, BeliefSnapshot, match_key
from nousmem.projections.lexical import date_label
from nousmem.projections.lifecycle import HIDDEN
from nousmem.projections.slot_kinds import slot_kind_for
from nousmem.projections.worldview_models import WorldviewCandidate
from nousmem.runtime.date_reading import reads_dates
from nousmem.runtime.errors import InvalidInput
from nousmem.runtime.inputs import check_text
from nousmem.runtime.payloads import AssessmentPayload, CandidatePromotedPayload
from nousmem.runtime.read import ReadPath

__all__ = ["BeliefExplanation", "Explain", "ExplainedEvidence", "ValueExplanation"]


class ExplainedEvidence(BaseModel):
    """One record behind a value, and the observation it rests on."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    record_id: str
    """The ``belief.revised``, ``edge`` (confirmation) or ``candidate.held`` event."""
    how: Literal["revision", "confirmation", "held"]
    polarity: Literal["assert", "negate"]
    occurred_at: datetime
    source: str
    reliability: float
    surprise_bits: float | None = None
    """How surprising the revision was (revisions only)."""
    evidence_ids: tuple[str, ...] = ()
    """The observations (or other records) it cites."""
    texts: tuple[str, ...] = ()
    """Those observations as memory shows them (an erased or quarantined one is absent)."""
    states: tuple[str, ...] = ()
    """Their lifecycle states, in the order of ``evidence_ids``."""
    route: str | None = None
    """How the router sent the claim (``belief_update``, ``evidence``, ``candidate``, ...),
    from the ``impact.assessed`` record of the observation that caused this one; None when
    there is none (a caller's commit, a sleep) or it was erased."""
    reason: str | None = None
    """The router's reason for that route."""


class ValueExplanation(BaseModel):
    """Why one value is (or is not) believed."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    value: str
    probability: float | None
    candidate: WorldviewCandidate | None
    """As the historical lens resolves it: status, score components, lifecycle, dates."""
    evidence: tuple[ExplainedEvidence, ...] = ()


class BeliefExplanation(BaseModel):
    """``explain``'s answer: the belief, and each value with its evidence."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    entity: str
    attribute: str
    as_of_seq: int
    belief: BeliefSnapshot
    slot_status: str | None
    values: tuple[ValueExplanation, ...]
    others: tuple[WorldviewCandidate, ...] = ()
    """Without a ``value`` asked for: the slot's other values as the historical lens
    resolves them, oldest first: what memory believed before (``superseded``), a value
    denied (``negated``), a runner-up. ``explain`` with one as ``value`` gives its
    evidence."""
    held: tuple[str, ...] = ()
    """Without a ``value`` asked for: values only claimed by claims held for corroboration
    (in no distribution yet, so in none of ``values`` or ``others``)."""

    def render(self) -> str:
        """Human-readable: one block per value, one line per piece of evidence."""
        head = self.belief.mode if self.belief.cardinality == "single" else None
        lines = [
            f"{self.belief.entity}.{self.attribute}"
            f" ({self.belief.cardinality}, slot {self.slot_status or '-'})"
            + (f": {head}" if head else "")
        ]
        for v in self.values:
            c = v.candidate
            p = "-" if v.probability is None else f"{v.probability:.3f}"
            if c is not None:
                state = f"{c.status}, {c.lifecycle}"
            elif v.evidence and all(e.how == "held" for e in v.evidence):
                state = "held for corroboration, not believed"
            else:
                state = "no candidate"
            lines.append(f"  {v.value}  p={p}  ({state})")
            if c is not None and c.note:
                lines.append(f"    note: {c.note}")
            for e in v.evidence:
                sign = "+" if e.polarity == "assert" else "-"
                bits = f" {e.surprise_bits:.2f} bits" if e.surprise_bits is not None else ""
                lines.append(
                    f"    {sign} {date_label(e.occurred_at)}  {e.how}  {e.source}"
                    f" r={e.reliability:.2f}{bits}"
                )
                if e.route is not None:
                    lines.append(
                        f"        routed {e.route}" + (f": {e.reason}" if e.reason else "")
                    )
                lines += [f"        {t}" for t in e.texts]
                # A forgotten observation still counts in the belief: say so beside it.
                lines += [
                    f"        (cited observation {i} is {st})"
                    for i, st in zip(e.evidence_ids, e.states, strict=False)
                    if st in HIDDEN or st == "expired"
                ]
        if self.others or self.held:
            lines.append("  other values:")
            lines += [f"    {c.value}  ({c.status}{_periods(c)})" for c in self.others]
            lines += [f"    {v}  (held for corroboration, not believed)" for v in self.held]
        return "\n".join(lines)


def _periods(c: WorldviewCandidate) -> str:
    """``c``'s spans as a reader says them: ", 5 January 2026 - 1 February 2026"."""
    spans = [f"{date_label(a)} - {date_label(b)}" for a, b in c.earlier]
    if c.taken_back and c.valid_from is not None and c.valid_to is not None:
        # A correction took it back: memory believed it then, it never held.
        spans.append(f"said {date_label(c.valid_from)}, taken back {date_label(c.valid_to)}")
    elif c.valid_from is not None:
        to = f" - {date_label(c.valid_to)}" if c.valid_to is not None else " on"
        spans.append(f"{date_label(c.valid_from)}{to}")
    return "".join(f", {sp}" for sp in spans)


class Explain(ReadPath):
    """``explain``."""

    @reads_dates
    async def explain(
        self,
        entity: str,
        attribute: str,
        value: str | None = None,
        *,
        as_of: datetime | int | str | None = None,
    ) -> BeliefExplanation | None:
        """Why memory believes ``entity``'s ``attribute`` (None if it holds no belief).

        ``value`` explains that value (it must have been claimed); without it, the values
        the belief holds (the mode of a single-valued attribute), or every value claimed
        when it holds none. ``as_of`` reads the past as :meth:`worldview` does.
        """
        self._check_open()
        names = {"entity": entity, "attribute": attribute}
        if value is not None:
            names["value"] = value
        for field, text in names.items():
            if not isinstance(text, str) or not text.strip():
                raise InvalidInput("must be a non-empty string", field=field)
            check_text(text, field)
        at = self._point(await self._position(as_of))
        proj = self._proj
        try:
            snap = proj.beliefs.snapshot(entity, attribute, as_of_seq=at.seq, as_of_time=at.time)
        except ValueError as exc:
            raise InvalidInput(str(exc), field="attribute") from None
        if snap is None:
            return None
        attribute = snap.attribute  # as the schema names it ("Employer" -> "employer")
        probs = {match_key(v): p for v, p in snap.distribution if v != UNKNOWN}
        # The entity's key as of the read: before a merge, its own records, not the kept one's.
        ekey = proj.worldview.key_at(match_key(snap.entity), at.seq, at.time)
        held_only = [  # claims held for corroboration are in no distribution yet
            v
            for (e, a, _), rows in proj.worldview.held.items()
            if e == ekey and a == attribute
            for seq, _, v, t in rows
            if proj.worldview.visible(seq, t, at.seq, at.time)
        ]
        # One spelling per value: the belief's own, else the first claimed.
        spelled: dict[str, str] = {}
        for v in [*(v for v, _ in snap.distribution), *(o.value for o in snap.observed_values)]:
            if v != UNKNOWN:
                spelled.setdefault(match_key(v), v)
        for v in held_only:
            spelled.setdefault(match_key(v), v)
        if value is not None:
            if match_key(value) not in spelled:
                raise InvalidInput(
                    f"nothing in memory claims {value!r} for {snap.entity}.{attribute}",
                    field="value",
                )
            chosen = [spelled[match_key(value)]]
        else:
            chosen = list(snap.held) or list(spelled.values())
        now = at.time or proj.now(at.seq)
        states = self.engine.read_states(at, now)
        wv = proj.worldview.snapshot(
            lens="historical",
            beliefs=proj.beliefs,
            state_of=states,
            trust=self.config.trust.trust,
            as_of_seq=at.seq,
            as_of_time=at.time,
            now=now,
            entities=[snap.entity],
            expired=self.engine.expired_attribute,
        )
        slot = wv.slot(f"{slot_kind_for(attribute)}:{match_key(snap.entity)}.{attribute}")
        cands = {match_key(c.value): c for c in slot.candidates} if slot is not None else {}
        full = proj.beliefs.snapshot(entity, attribute, as_of_seq=at.seq, as_of_time=at.time)
        surprise = {d.event_id: d.surprise_bits for d in (full.deltas if full else ())}

        def visible(seq: int, t: datetime) -> bool:
            return proj.worldview.visible(seq, t, at.seq, at.time)

        def cited(ids: tuple[str, ...]) -> tuple[tuple[str, ...], tuple[str, ...]]:
            texts = tuple(proj.docs[i].text for i in ids if i in proj.docs)
            return texts, tuple(states(i, at.seq) for i in ids)

        out: list[ValueExplanation] = []
        for v in chosen:
            key = (ekey, attribute, match_key(v))
            evidence: list[ExplainedEvidence] = []
            for r in proj.worldview.support.get(key, ()):
                if not visible(r.seq, r.counted_at):
                    continue
                texts, st = cited(r.evidence_ids)
                evidence.append(
                    ExplainedEvidence(
                        record_id=r.event_id,
                        how="revision" if r.event_id in surprise else "confirmation",
                        polarity="assert" if r.polarity == "assert" else "negate",
                        occurred_at=r.occurred_at,
                        source=r.source,
                        reliability=r.reliability,
                        surprise_bits=surprise.get(r.event_id),
                        evidence_ids=r.evidence_ids,
                        texts=texts,
                        states=st,
                    )
                )
            for seq, hid, _, t in proj.worldview.held.get(key, ()):
                if not visible(seq, t):
                    continue
                ids = proj.worldview.held_evidence.get(hid, ())
                texts, st = cited(ids)
                record = await self.journal.get(self.namespace, hid)
                held = record.payload if record is not None else None  # None once erased
                evidence.append(
                    ExplainedEvidence(
                        record_id=hid,
                        how="held",
                        polarity="assert",
                        occurred_at=t,
                        source=held.source if held is not None else "",
                        reliability=held.reliability if held is not None else 0.0,
                        evidence_ids=ids,
                        texts=texts,
                        states=st,
                    )
                )
            # A confirmation whose claim an erasure re-derived as a revision is that
            # revision now: one piece of evidence, not two.
            revised = {e.evidence_ids for e in evidence if e.how == "revision"}
            evidence = [
                e for e in evidence if e.how != "confirmation" or e.evidence_ids not in revised
            ]
            evidence = [
                e.model_copy(
                    update=dict(
                        zip(("route", "reason"), await self._route(e, attribute, v), strict=True)
                    )
                )
                for e in evidence
            ]
            evidence.sort(key=lambda e: (e.occurred_at, e.record_id))
            out.append(
                ValueExplanation(
                    value=v,
                    probability=probs.get(match_key(v)),
                    candidate=cands.get(match_key(v)),
                    evidence=tuple(evidence),
                )
            )
        return BeliefExplanation(
            entity=snap.entity,
            attribute=attribute,
            as_of_seq=at.seq,
            belief=snap,
            slot_status=slot.status if slot is not None else None,
            values=tuple(out),
            others=() if value is not None else _others(cands, chosen),
            held=()
            if value is not None
            else tuple(
                dict.fromkeys(
                    w
                    for v in held_only
                    if (w := spelled[match_key(v)]) not in chosen and match_key(v) not in cands
                )
            ),
        )

    async def _route(
        self, e: ExplainedEvidence, attribute: str, value: str
    ) -> tuple[str | None, str | None]:
        """The router's route and reason for the claim behind ``e``.

        The ``impact.assessed`` record (and a ``candidate.promoted`` one) is written in the
        same batch as the records its observation (the record's cause) led to.
        """
        record = await self.journal.get(self.namespace, e.record_id)
        if record is None or record.causation_id is None:
            return None, None
        if getattr(record.payload, "rederived", False):
            return "belief_update", "re-derived by an erasure: its own evidence survived"
        cause = await self.journal.get(self.namespace, record.causation_id)
        if cause is None:
            return None, None
        want = match_key(value)
        found: tuple[str | None, str | None] = (None, None)
        async for ev in self.journal.read(
            self.namespace,
            after_seq=cause.seq,
            # A promotion record follows every revision of its batch; the batch is a few
            # events, and ends where records of another cause begin.
            until_seq=record.seq + 256,
            kinds=["impact.assessed", "candidate.promoted"],
        ):
            if ev.causation_id != cause.id:
                break
            p = ev.payload
            if (
                isinstance(p, CandidatePromotedPayload)
                and record.id in p.revision_ids
                and cause.id not in e.evidence_ids
            ):
                # A held claim, written when another observation (the cause) corroborated
                # it: that observation's own claim has the same value but is not this one.
                return "belief_update", f"promoted: {p.reason}"
            if isinstance(p, AssessmentPayload) and p.observation_id == cause.id:
                same = [
                    cr
                    for cr in p.decision.claims
                    if (c := p.assessment.claims[cr.index].claim).attribute.lower()
                    == attribute.lower()
                    and match_key(c.value) == want
                ]
                # Two claims of one observation may state the value (of two entities, or
                # one too unreliable to write): the one that wrote this revision.
                revision = getattr(record.payload, "revision", None)
                owner = match_key(revision.entity) if revision is not None else None
                ranked = sorted(
                    same,
                    key=lambda cr: (
                        match_key(p.assessment.claims[cr.index].claim.entity) != owner,
                        revision is not None and cr.route != "belief_update",
                    ),
                )
                if ranked:
                    found = (ranked[0].route, ranked[0].reason)
                else:
                    found = (p.decision.route, "; ".join(p.decision.reasons) or None)
        return found


def _others(
    cands: dict[str, WorldviewCandidate], chosen: list[str]
) -> tuple[WorldviewCandidate, ...]:
    """The slot's candidates besides the ``chosen`` values, oldest span first."""
    keys = {match_key(v) for v in chosen}
    rest = [c for k, c in cands.items() if k not in keys]
    # Undated ones (never asserted: only denied) after the dated ones.
    return tuple(
        sorted(rest, key=lambda c: (c.valid_from is None, c.valid_from, match_key(c.value)))
    )
