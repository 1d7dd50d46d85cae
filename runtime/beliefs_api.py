"""Belief reads and identity resolution on the runtime."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from nousmem.policies.risk import mask_secrets
from nousmem.policies.validators import ProposedWrite
from nousmem.projections.belief_models import BeliefSnapshot, IdentityCandidate, match_key
from nousmem.runtime.asof import AsOf, parse_as_of
from nousmem.runtime.core import RuntimeCore
from nousmem.runtime.errors import InvalidInput
from nousmem.runtime.inputs import check_flag, check_reason, check_text
from nousmem.runtime.payloads import IdentityMergedPayload, RejectionPayload
from nousmem.runtime.write import WritePath
from nousmem.runtime.write_records import redact_tree, redacted_verdicts


def _text(value: object, field: str) -> str:
    if not isinstance(value, str) or not value.strip():
        raise InvalidInput("must be a non-empty string", field=field)
    check_text(value, field)
    return value.strip()


class BeliefAPI(WritePath, RuntimeCore):
    """``belief``, ``beliefs``, ``identity_candidates`` and ``merge_entities``."""

    async def _as_of(self, as_of: datetime | int | str | None) -> AsOf:
        await self._refresh()
        return parse_as_of(
            as_of, head_seq=self._proj.applied_seq, naive=self.config.input.naive_datetimes
        )

    async def belief(
        self, entity: str, attribute: str, *, as_of: datetime | int | str | None = None
    ) -> BeliefSnapshot | None:
        """The belief about ``entity``'s ``attribute`` (None if there is none).

        ``as_of`` is a datetime (event time: later evidence is ignored and decay is applied up
        to that time) or an int journal ``seq``.
        """
        self._check_open()
        entity, attribute = _text(entity, "entity"), _text(attribute, "attribute")
        at = await self._as_of(as_of)
        try:
            return self._proj.beliefs.snapshot(
                entity, attribute, as_of_seq=at.seq, as_of_time=at.time
            )
        except ValueError as exc:
            raise InvalidInput(str(exc), field="attribute") from None

    async def beliefs(
        self, entity: str, *, as_of: datetime | int | str | None = None
    ) -> list[BeliefSnapshot]:
        """Every belief about ``entity``, sorted by attribute."""
        self._check_open()
        entity = _text(entity, "entity")
        at = await self._as_of(as_of)
        return self._proj.beliefs.snapshots(entity, as_of_seq=at.seq, as_of_time=at.time)

    async def entities(self) -> list[str]:
        """Every entity with at least one belief."""
        self._check_open()
        await self._refresh()
        return self._proj.beliefs.entities()

    async def identity_candidates(self, entity: str, k: int = 5) -> list[IdentityCandidate]:
        """Other entities that may be the same one (Eq. 6), lowest divergence first.

        Ranking never merges: accept a candidate with :meth:`merge_entities`.
        """
        self._check_open()
        entity = _text(entity, "entity")
        if not isinstance(k, int) or isinstance(k, bool) or k < 1:
            raise InvalidInput("must be a positive integer", field="k")
        await self._refresh()
        return self._proj.beliefs.identity_candidates(entity, k)

    async def merge_entities(
        self, keep: str, absorb: str, *, reason: str, authorized: bool = False
    ) -> Any:
        """Accept a merge: ``absorb``'s beliefs join ``keep``'s (a mixture posterior).

        A merge is destructive, so the ValidatorStack refuses it unless ``authorized=True``;
        a refusal is journaled as ``write.rejected`` and returned. Returns the event written.
        """
        self._check_open()
        keep, absorb = _text(keep, "keep"), _text(absorb, "absorb")
        reason = mask_secrets(check_reason(reason))  # journaled: a pasted key stays out
        authorized = check_flag(authorized, "authorized")
        async with self._write_lock:
            await self._refresh(locked=True)
            beliefs = self._proj.beliefs
            known = {match_key(e) for e in beliefs.entities()}
            # A name an earlier merge absorbed ("Robert" into "Bob") stands for the kept one.
            keep, absorb = beliefs.canonical(keep)[1], beliefs.canonical(absorb)[1]
            for field, name in (("keep", keep), ("absorb", absorb)):
                if match_key(name) not in known:
                    raise InvalidInput(f"no beliefs about {name!r}", field=field)
            if match_key(keep) == match_key(absorb):
                raise InvalidInput(
                    "cannot merge an entity with itself (or with a name merged into it)",
                    field="absorb",
                )
            cands = {match_key(c.entity): c for c in beliefs.identity_candidates(keep, k=1000)}
            gone = match_key(absorb)
            div = cands[gone].divergence_bits if gone in cands else -1.0
            proposal = ProposedWrite(
                operation="merge",
                namespace=self.namespace,
                evidence_ids=("merge",),
                known_evidence=frozenset({"merge"}),
                destructive=True,
                authorized=authorized,
            )
            verdicts = self.validators.run(proposal)
            now = self._now()
            at = self._proj.last_occurred_at or now
            if not all(v.ok for v in verdicts):
                draft = self._draft(
                    "write.rejected",
                    RejectionPayload(
                        operation="merge",
                        # Redacted as every refusal record is: a reason is free text.
                        attempted=redact_tree({"keep": keep, "absorb": absorb, "reason": reason}),
                        verdicts=redacted_verdicts(verdicts),
                    ),
                    occurred_at=at,
                    recorded_at=now,
                )
            else:
                draft = self._draft(
                    "identity.merged",
                    IdentityMergedPayload(
                        keep=keep, absorb=absorb, divergence_bits=div, reason=reason
                    ),
                    occurred_at=at,
                    recorded_at=now,
                )
            (event,) = await self._commit([draft])
        return event
