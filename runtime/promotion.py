"""Which held claims a governed write promotes.

A claim held for corroboration (a low-trust source against an established value) is written
when an independent source states it too: the write then carries both claims. A claim below
the validator stack's ``min_confidence`` would make the validators refuse the whole
observation, so it is neither promoted nor does it promote (the router keeps such a claim
in the ledger: ``policies.router.claim_route``). Mixed into the write planner.
"""

from __future__ import annotations

from collections.abc import Sequence

from nousmem.policies.impact import ClaimImpact
from nousmem.policies.router import ClaimRoute
from nousmem.policies.validators import Validator, ValidatorStack
from nousmem.projections.belief_models import Revision
from nousmem.projections.lifecycle import HIDDEN
from nousmem.projections.models import Claim
from nousmem.runtime.core import RuntimeCore

__all__ = ["Promotions"]


class Promotions(RuntimeCore):
    """Promotion of held claims in a governed write."""

    _validators: ValidatorStack = ValidatorStack()

    @property
    def validators(self) -> ValidatorStack:
        """The :class:`ValidatorStack` every governed write runs. Assign a stack, or a list
        of validators (wrapped in one); anything else raises ``InvalidInput``."""
        return self._validators

    @validators.setter
    def validators(self, value: ValidatorStack | Sequence[Validator]) -> None:
        self._validators = ValidatorStack.of(value)

    def _promotions(
        self, impacts: Sequence[ClaimImpact], routes: dict[int, ClaimRoute], source: str
    ) -> dict[int, list[Revision]]:
        """Held candidates that this observation corroborates from an independent source."""
        out: dict[int, list[Revision]] = {}
        taken: set[int] = set()
        for i, impact in enumerate(impacts):
            r = routes.get(i)  # a quarantined observation routes no claim at all
            held = self._corroborated(
                impact.claim, r.route if r else None, source, taken, impact.reliability
            )
            if held:
                out[i] = held
        return out

    def _corroborated(
        self, claim: Claim, route: str | None, source: str, taken: set[int], reliability: float
    ) -> list[Revision]:
        """The held revisions a claim routed ``route`` with ``reliability`` promotes;
        ``taken`` holds the ids of the held revision objects earlier claims of the
        observation promote (two claims may name one held claim, "Acme"/"acme": it is
        promoted once)."""
        if route is None or route in ("ledger_only", "clarify"):
            return []
        lifecycle = self._proj.lifecycle
        # A promotion writes the held claim and the claim that corroborates it. Either one
        # below min_confidence would make the validators refuse the whole observation (even
        # the user's own statement of the same value, or their other claims): nothing is
        # promoted then, and each claim is routed on its own.
        floor = self.validators.min_confidence()
        if reliability < floor:
            return []
        held = [
            h
            for h in self._proj.held.for_claim(
                claim, exclude_source=source, hidden=lambda t: lifecycle.state(t) in HIDDEN
            )
            if id(h) not in taken and h.reliability >= floor
        ]
        taken.update(id(h) for h in held)
        return held
