"""``sleep``: an append-only consolidation pass (frames, procedures, schemas, compression)."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict

from nousmem.policies.consolidation import Cluster, Compiled, Skipped, plan_sleep
from nousmem.projections.belief_models import match_key
from nousmem.projections.lexical import date_label
from nousmem.projections.lifecycle import HIDDEN
from nousmem.projections.worldview import slot_kind_for
from nousmem.projections.worldview_compiled import schema_summary
from nousmem.projections.worldview_items import SLEEP_KEY_KINDS
from nousmem.runtime.date_reading import reads_dates
from nousmem.runtime.errors import InvalidInput
from nousmem.runtime.events import EventDraft
from nousmem.runtime.payloads import (
    DimensionCompressedPayload,
    LifecyclePayload,
    SleepCompiledPayload,
)
from nousmem.runtime.read import ReadPath
from nousmem.runtime.visibility import ReadPoint, ReadStates

_Parts = tuple[list[dict[str, Any]], list[dict[str, Any]], list[Skipped], list[dict[str, Any]]]


class SleepReport(BaseModel):
    """What a sleep pass compiled, from what, and what it skipped and why."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    compiled: tuple[dict[str, Any], ...] = ()
    compressed: tuple[dict[str, Any], ...] = ()
    skipped: tuple[Skipped, ...] = ()
    event_ids: tuple[str, ...] = ()
    withdrawn: tuple[dict[str, Any], ...] = ()
    """Compiled items taken back: ``{key, item_id, reason, event_id}`` (a ``lifecycle``
    event invalidating the item ``item_id``)."""

    def render(self) -> str:
        lines = [
            f"compiled {len(self.compiled)}, compressed {len(self.compressed)},"
            f" skipped {len(self.skipped)}"
            + (f", withdrawn {len(self.withdrawn)}" if self.withdrawn else "")
        ]
        for c in self.compiled:
            lines.append(f"  + {c['item_type']:<9} {c['summary']}  <- {len(c['sources'])} sources")
        for c in self.compressed:
            lines.append(f"  ~ compressed {c['entity']}.{c['attribute']}")
        for w in self.withdrawn:
            lines.append(f"  x withdrawn {w['key']}: {w['reason']}")
        for s in self.skipped:
            lines.append(f"  - {s.key}: {s.reason}")
        return "\n".join(lines)


# What makes a sleep plan wrong rather than merely older: another pass compiling the same
# clusters, and what hides or rewrites evidence. A write that lands meanwhile leaves the
# plan true of the evidence it read (the next pass picks it up); guarding on every kind
# would make sleep give up while an agent keeps writing.
SLEEP_KINDS = frozenset(
    {"sleep.compiled", "dimension.compressed", "lifecycle", "erasure", "identity.merged", "edge"}
)
WITHDRAWN = "sleep: withdrawn, it no longer says what memory believes"
"""The reason of the ``lifecycle`` event by which sleep takes a compiled item back."""


class Sleep(ReadPath):
    """``sleep``."""

    def _clusters(self, states: ReadStates) -> list[Cluster]:
        proj = self._proj
        cfg = self.config.sleep
        out: list[Cluster] = []
        # Sleep compiles what a current read would show: nothing forgotten, expired or held
        # for corroboration, and no value the worldview no longer holds (superseded,
        # negated, hidden). A summary must not bring back what memory let go of.
        now = proj.last_occurred_at
        head = proj.applied_seq

        def live(eid: str) -> bool:
            return states(eid, None) not in HIDDEN and not proj.unconfirmed(eid, head)

        wv = proj.worldview.snapshot(
            lens="logical",
            beliefs=proj.beliefs,
            state_of=states,
            trust=self.config.trust.trust,
            now=now,
            # As a read judges what a compiled item states (attribute TTLs included).
            expired=self.engine.expired_attribute,
        )
        current = {
            c.id
            for s in wv.slots
            if s.status != "empty"  # values listed under an "unknown" lead are not held
            for c in s.candidates
            if c.status in ("selected", "active", "conflicted")
        }
        by_value: dict[tuple[str, str], list[tuple[str, list[str]]]] = {}
        for (ekey, attr, vkey), rows in sorted(proj.worldview.support.items()):
            if ekey in proj.worldview.aliases:  # merged: its rows were carried to the kept key
                continue
            if f"{slot_kind_for(attr)}:{ekey}.{attr}#{vkey}" not in current:
                continue
            asserts = [r for r in rows if r.polarity == "assert"]
            evidence = sorted({e for r in asserts for e in r.evidence_ids if live(e)})
            if not asserts or not evidence:
                continue
            name = next(iter(n for n in proj.beliefs.entities() if match_key(n) == ekey), ekey)
            value = proj.beliefs.snapshot(name, attr, deltas=False)
            label = (
                next((v for v, _ in value.distribution if match_key(v) == vkey), vkey)
                if value
                else vkey
            )
            by_value.setdefault((attr, vkey), []).append((name, evidence))
            if len(evidence) >= 2:
                # Dated by its sources only: a forgotten statement is neither counted nor
                # dated (nor its date given away).
                said = [r.occurred_at for r in asserts if any(live(e) for e in r.evidence_ids)]
                first, last = min(said), max(said)
                retrieved = sum(proj.access.get(e, 0) for e in evidence)
                out.append(
                    Cluster(
                        item_type="frame",
                        key=f"frame:{ekey}.{attr}#{vkey}",
                        summary=(
                            f"{name} {attr.replace('_', ' ')}: {label} (stated {len(evidence)}"
                            f" times, {date_label(first)} to {date_label(last)})"
                        ),
                        sources=tuple(evidence),
                        impact=len(evidence) / cfg.min_repeats,
                        retrieved=retrieved,
                        min_sources=cfg.min_repeats,
                    )
                )
        for (attr, vkey), holders in sorted(by_value.items()):
            names = sorted({n for n, _ in holders}, key=str.casefold)
            if len(names) >= cfg.min_schema_entities:
                out.append(
                    Cluster(
                        item_type="schema",
                        key=f"schema:{attr}#{vkey}",
                        summary=schema_summary(attr, vkey, names),
                        entities=tuple(names),
                        sources=tuple(sorted({e for _, ev in holders for e in ev})),
                        impact=len(names) / cfg.min_schema_entities,
                        min_sources=cfg.min_schema_entities,
                    )
                )
        for slot_id, items in sorted(proj.worldview.text.items()):
            if not slot_id.startswith("procedure:"):
                continue
            # Never compile compiled output, nor what a read would no longer show.
            items = [i for i in items if i.source != "sleep" and live(i.event_id)]
            ok = [i for i in items if i.status != "failure"]
            if len(ok) >= cfg.min_procedure_successes:
                latest = max(ok, key=lambda i: (i.occurred_at, i.seq))
                fails = len(items) - len(ok)
                task = min(ok, key=lambda i: i.seq).key  # as first written, not the match key
                out.append(
                    Cluster(
                        item_type="procedure",
                        key=f"procedure:{slot_id.split(':', 1)[1]}",
                        summary=(
                            f"Procedure for {task}: {latest.value}"
                            f" (worked {len(ok)} times"
                            + (f", failed {fails}" if fails else "")
                            + f"; last {date_label(latest.occurred_at)})"
                        ),
                        sources=tuple(i.event_id for i in ok),
                        # Its latest result, word for word, as each of them says it.
                        quotes=(tuple(i.event_id for i in ok if i.value == latest.value),),
                        impact=len(ok) / 2,
                        min_sources=cfg.min_procedure_successes,
                    )
                )
        for s in wv.slots:
            if s.status == "conflicted":
                named = s.candidates[:3]
                if not any(live(e) for c in s.candidates for e in c.evidence_ids):
                    continue
                # It quotes each value it names, so it cites every event stating one, the
                # forgotten ones too: an erasure of any of them must take the note with it.
                ev = sorted({e for c in named for e in c.evidence_ids})
                vals = " vs ".join(c.value for c in named)
                out.append(
                    Cluster(
                        item_type="frame",
                        key=f"conflict:{s.id}",
                        summary=f"Unresolved conflict on {s.key}: {vals}",
                        sources=tuple(ev),
                        conflicted=True,
                        impact=1.0,
                    )
                )
        return out

    @reads_dates
    async def sleep(self, *, budget: int | None = None) -> SleepReport:
        """Consolidate: compile frames, procedures and schemas from clusters of evidence and
        mark diffuse beliefs compressed. Append-only and deterministic for a given journal;
        running it again on an unchanged journal compiles nothing new.
        """
        self._check_open()
        if budget is not None and (
            not isinstance(budget, int) or isinstance(budget, bool) or budget < 1
        ):
            raise InvalidInput("must be a positive int", field="budget")
        async with self._write_lock:
            await self._refresh(locked=True)
            events, (compiled, compressed, skipped, withdrawn) = await self._commit_planned(
                lambda: self._sleep_plan(budget), SLEEP_KINDS
            )
        return SleepReport(
            compiled=tuple(compiled),
            compressed=tuple(compressed),
            skipped=tuple(skipped),
            event_ids=tuple(e.id for e in events),
            withdrawn=tuple(withdrawn),
        )

    def _sleep_plan(self, budget: int | None) -> tuple[list[EventDraft], _Parts]:
        """The drafts of one sleep pass against the current projections, and its report."""
        proj = self._proj
        states = self.engine.read_states(ReadPoint(seq=proj.applied_seq), proj.last_occurred_at)
        clusters = self._clusters(states)
        latest = {b.key: eid for eid, b in proj.worldview.compiled_items.items()}  # folded in order
        # An item sleep withdrew is compiled again once its cluster is back (a forgotten
        # value restored, say); one a caller forgot stays forgotten.
        current = {k: v for k, v in proj.compiled.items() if not self._withdrawn(latest.get(k))}
        # A schema naming other entities than its cluster (a merge, same evidence) is stale.
        items = proj.worldview.compiled_items
        named = {k: items[latest[k]].names for k in current if k in latest}
        # What each in-force item says; not one a caller forgot: that stays forgotten, and
        # is compiled again only from other evidence.
        said = {
            k: proj.compiled_summaries[k]
            for k in current
            if k in proj.compiled_summaries
            and proj.lifecycle.state(latest.get(k, "")) not in HIDDEN
        }
        chosen, skipped = plan_sleep(
            clusters,
            budget=budget or self.config.sleep.budget,
            compiled=current,
            named=named,
            said=said,
        )
        now = self._now()
        at = proj.last_occurred_at or now
        drafts: list[EventDraft] = []
        compiled: list[dict[str, Any]] = []
        for c in chosen:
            d = self._draft(
                "sleep.compiled",
                SleepCompiledPayload(
                    item_type=c.item_type,
                    key=c.key,
                    summary=c.summary,
                    sources=c.sources,
                    score=c.score,
                    entities=c.entities,
                    quotes=c.quotes,
                ),
                occurred_at=at,
                recorded_at=now,
            )
            drafts.append(d)
            compiled.append({**self._compiled_dict(c), "event_id": d.id})
        compressed = []
        for entity, attribute in proj.beliefs.compression_due():
            snap = proj.beliefs.snapshot(entity, attribute, deltas=False)
            ent = snap.entropy_bits if snap else 0.0
            d = self._draft(
                "dimension.compressed",
                DimensionCompressedPayload(
                    entity=entity,
                    attribute=attribute,
                    entropy_bits=ent,
                    reason="entropy stayed above the ceiling",
                ),
                occurred_at=at,
                recorded_at=now,
            )
            drafts.append(d)
            compressed.append(
                {
                    "entity": entity,
                    "attribute": attribute,
                    "entropy_bits": ent,
                    "event_id": d.id,
                }
            )
        withdrawn = []
        for key, item, why in self._withdrawals(clusters, latest, states):
            tr = proj.lifecycle.check(item, "invalidate")
            d = self._draft(
                "lifecycle",
                LifecyclePayload(
                    target=item,
                    from_state=tr.from_state,
                    to_state=tr.to_state,
                    verb="invalidate",
                    reason=WITHDRAWN,
                ),
                occurred_at=at,
                recorded_at=now,
            )
            drafts.append(d)
            withdrawn.append({"key": key, "item_id": item, "reason": why, "event_id": d.id})
        return drafts, (compiled, compressed, skipped, withdrawn)

    def _withdrawn(self, item: str | None) -> bool:
        """Whether compiled item ``item`` is hidden because sleep withdrew it."""
        if item is None:
            return False
        book = self._proj.lifecycle
        hist = book.history(item)
        return bool(hist) and book.state(item) == "obsolete" and hist[-1].reason == WITHDRAWN

    def _withdrawals(
        self, clusters: list[Cluster], latest: dict[str, str], states: ReadStates
    ) -> list[tuple[str, str, str]]:
        """(key, item id, why) of each latest compiled item no cluster can compile again:
        what it states is no longer believed, or too little of its evidence is left. A
        cluster that changed but still holds is compiled anew instead (a new version), and
        an item a caller forgot is left as it is."""
        book = self._proj.lifecycle
        ready = {c.key for c in clusters if len(set(c.sources)) >= c.min_sources}
        short = {c.key: f"only {len(set(c.sources))} source(s) left" for c in clusters}
        out = []
        for key, item in sorted(latest.items()):
            # A planner's consolidations (other key kinds) are never withdrawn.
            if key in ready or key.split(":", 1)[0] not in SLEEP_KEY_KINDS:
                continue
            if book.state(item) in HIDDEN or not book.check(item, "invalidate").legal:
                continue
            why = states.why(item, None) or short.get(key) or "nothing left to compile it from"
            out.append((key, item, why))
        return out

    @staticmethod
    def _compiled_dict(c: Compiled) -> dict[str, Any]:
        return {
            "item_type": c.item_type,
            "key": c.key,
            "summary": c.summary,
            "sources": list(c.sources),
            "score": c.score,
        }
