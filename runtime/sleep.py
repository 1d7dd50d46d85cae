"""``sleep``: an append-only consolidation pass (frames, procedures, schemas, compression)."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict

from nousmem.policies.consolidation import Cluster, Compiled, Skipped, plan_sleep
from nousmem.projections.lexical import date_label
from nousmem.projections.lifecycle import HIDDEN
from nousmem.projections.worldview import slot_kind_for
from nousmem.runtime.errors import InvalidInput
from nousmem.runtime.events import EventDraft
from nousmem.runtime.payloads import DimensionCompressedPayload, SleepCompiledPayload
from nousmem.runtime.read import ReadPath
from nousmem.runtime.visibility import ReadPoint


class SleepReport(BaseModel):
    """What a sleep pass compiled, from what, and what it skipped and why."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    compiled: tuple[dict[str, Any], ...] = ()
    compressed: tuple[dict[str, Any], ...] = ()
    skipped: tuple[Skipped, ...] = ()
    event_ids: tuple[str, ...] = ()

    def render(self) -> str:
        lines = [
            f"compiled {len(self.compiled)}, compressed {len(self.compressed)},"
            f" skipped {len(self.skipped)}"
        ]
        for c in self.compiled:
            lines.append(f"  + {c['item_type']:<9} {c['summary']}  <- {len(c['sources'])} sources")
        for c in self.compressed:
            lines.append(f"  ~ compressed {c['entity']}.{c['attribute']}")
        for s in self.skipped:
            lines.append(f"  - {s.key}: {s.reason}")
        return "\n".join(lines)


# What makes a sleep plan wrong rather than merely older: another pass compiling the same
# clusters, and what hides or rewrites evidence. A write that lands meanwhile leaves the
# plan true of the evidence it read (the next pass picks it up); guarding on every kind
# would make sleep give up while an agent keeps writing.
SLEEP_KINDS = frozenset(
    {"sleep.compiled", "dimension.compressed", "lifecycle", "erasure", "identity.merged"}
)


class Sleep(ReadPath):
    """``sleep``."""

    def _clusters(self) -> list[Cluster]:
        proj = self._proj
        cfg = self.config.sleep
        out: list[Cluster] = []
        # Sleep compiles what a current read would show: nothing forgotten, expired or held
        # for corroboration, and no value the worldview no longer holds (superseded,
        # negated, hidden). A summary must not bring back what memory let go of.
        now = proj.last_occurred_at
        states = self.engine.read_states(ReadPoint(seq=proj.applied_seq), now)
        head = proj.applied_seq

        def live(eid: str) -> bool:
            return states(eid, None) not in HIDDEN and not proj.unconfirmed(eid, head)

        wv = proj.worldview.snapshot(
            lens="logical",
            beliefs=proj.beliefs,
            state_of=states,
            trust=self.config.trust.trust,
            now=now,
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
            name = next(iter(n for n in proj.beliefs.entities() if n.casefold() == ekey), ekey)
            value = proj.beliefs.snapshot(name, attr, deltas=False)
            label = (
                next((v for v, _ in value.distribution if v.casefold() == vkey), vkey)
                if value
                else vkey
            )
            by_value.setdefault((attr, vkey), []).append((name, evidence))
            if len(evidence) >= 2:
                first = min(r.occurred_at for r in asserts)
                last = max(r.occurred_at for r in asserts)
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
                        summary=f"Shared pattern: {attr.replace('_', ' ')} = {vkey} for "
                        + ", ".join(names),
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
                out.append(
                    Cluster(
                        item_type="procedure",
                        key=f"procedure:{slot_id.split(':', 1)[1]}",
                        summary=(
                            f"Procedure for {slot_id.split(':', 1)[1]}: {latest.value}"
                            f" (worked {len(ok)} times"
                            + (f", failed {fails}" if fails else "")
                            + f"; last {date_label(latest.occurred_at)})"
                        ),
                        sources=tuple(i.event_id for i in ok),
                        impact=len(ok) / 2,
                        min_sources=cfg.min_procedure_successes,
                    )
                )
        for s in wv.slots:
            if s.status == "conflicted":
                ev = sorted({e for c in s.candidates for e in c.evidence_ids if live(e)})
                if not ev:
                    continue
                vals = " vs ".join(c.value for c in s.candidates[:3])
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
            events, (compiled, compressed, skipped) = await self._commit_planned(
                lambda: self._sleep_plan(budget), SLEEP_KINDS
            )
        return SleepReport(
            compiled=tuple(compiled),
            compressed=tuple(compressed),
            skipped=tuple(skipped),
            event_ids=tuple(e.id for e in events),
        )

    def _sleep_plan(
        self, budget: int | None
    ) -> tuple[list[EventDraft], tuple[list[dict[str, Any]], list[dict[str, Any]], list[Skipped]]]:
        """The drafts of one sleep pass against the current projections, and its report."""
        proj = self._proj
        chosen, skipped = plan_sleep(
            self._clusters(), budget=budget or self.config.sleep.budget, compiled=proj.compiled
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
        return drafts, (compiled, compressed, skipped)

    @staticmethod
    def _compiled_dict(c: Compiled) -> dict[str, Any]:
        return {
            "item_type": c.item_type,
            "key": c.key,
            "summary": c.summary,
            "sources": list(c.sources),
            "score": c.score,
        }
