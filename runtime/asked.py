"""What a question asks about, for packing its answer first.

A fact line of an attribute the question names ("Where do I live and where do I work?"
asks ``location`` and ``employer``) is its answer, and so is the Worldview Snapshot slot it
renders, or a compiled procedure whose words the question shares ("How did we fix the
flaky test?"). Fused scores can rank them below chattier turns that share the speaker, so
a read lets them displace the weakest of what it packed, and ranks the snapshot's slots by
them; never below a few other snippets (``MIN_OTHERS``), so that a question naming an
attribute in passing ("What did I use to fix the sink?" names ``uses``) at ``k=1`` or a
tiny budget keeps its best turn.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from datetime import UTC, date, datetime, timedelta

from nousmem.policies.planner import QueryPlan
from nousmem.projections.belief_models import match_key
from nousmem.projections.lexical import fold_plural, folded_words, tokens
from nousmem.projections.occasion_dates import ANNUAL_ATTRIBUTES, day_in, first_day
from nousmem.projections.schema import AttributeSpec
from nousmem.projections.slot_kinds import STANDING_ATTRIBUTES
from nousmem.projections.token_estimate import count_tokens
from nousmem.projections.worldview_items import unslot_part
from nousmem.projections.worldview_models import WorldviewSlot, WorldviewSnapshot
from nousmem.runtime.fact_lines import asks_about

__all__ = ["MIN_OTHERS", "Asked"]

MIN_OTHERS = 3
"""A displacement keeps at least this many other snippets (and needs ``k`` above it)."""

_PREFERENCES = re.compile(r"\bprefer(?:s|red|ence|ences)?\b", re.IGNORECASE)


class Asked:
    """The question's answers among a read's candidates and snapshot slots."""

    def __init__(self, plan: QueryPlan, spec: Callable[[str], AttributeSpec]) -> None:
        self.plan = plan
        self.spec = spec
        self.entities = {match_key(e) for e in plan.entities}
        self.relatives = {match_key(e) for e in plan.relatives}
        self.family = {match_key(e) for e in plan.family} - self.entities
        # The question's own words, not the names in it: a procedure that mentions
        # "Caroline" is no answer to "Who employs Caroline?".
        names = {t for e in plan.entities for t in tokens(e)}
        self.terms = set(plan.terms) - names
        # A plural meets its singular: "a meeting" asks for "morning meetings".
        self.folded = frozenset(fold_plural(t) for t in self.terms)
        self.preferences = _PREFERENCES.search(plan.question) is not None
        self.period = asked_period(plan)

    def attribute(self, key: str) -> bool:
        """``key`` ("fact:maya.location", "maya.location") is of an attribute it names. A
        text slot's key ("O'Brien/general", whose parts have every "." escaped) names none:
        it is no attribute name, and asking its spec would raise."""
        _, dot, attribute = key.rpartition(".")
        return bool(dot) and asks_about(self.plan, attribute, self.spec(attribute).aliases)

    @staticmethod
    def belief(slot: WorldviewSlot) -> bool:
        """Whether ``slot`` is a belief's ("Maya.location"): not a text slot (whose key's
        parts have every "." escaped), a procedure, a frame or a hypothesis."""
        return slot.kind in ("fact", "preference", "constraint") and "." in slot.key

    def owned(self, slot: WorldviewSlot) -> bool:
        """Whether ``slot`` is of an entity the question names: a belief slot's entity
        ("Maya.location"), or the owner of a text preference slot ("Dr%2E Who/general",
        whose escaped parts hold no ".")."""
        return self._entity(slot) in self.entities

    @staticmethod
    def _entity(slot: WorldviewSlot) -> str:
        """The match key of the entity whose slot ``slot`` is (see :meth:`owned`)."""
        entity, dot, _ = slot.key.rpartition(".")
        if not dot:
            entity = unslot_part(slot.key.partition("/")[0])
        return match_key(entity)

    def answer(self, fact_id: str) -> bool:
        """A fact line of a named entity's attribute the question names."""
        entity = fact_id.partition(":")[2].rpartition(".")[0]
        return entity in self.entities and self.attribute(fact_id)

    def slot_rank(self, slot: WorldviewSlot) -> float:
        """How much the question asks for a snapshot slot: 2 for a belief slot of an
        attribute it names (or any preference when it asks for preferences) and for a
        procedure whose purpose a procedural question names, 1.5 for a
        standing instruction, else the share of the question's words that the slot's
        values use (a compiled item's words, or a belief value: "Stripe" in "When did I
        start at Stripe?"; 0 when none)."""
        if slot.kind in ("fact", "preference", "constraint"):
            entity = self._entity(slot)
            day = self._day(slot)
            if entity in self.family:
                # The asker's family answers a question of what is ahead with what falls
                # in it only: the sister's employer is no answer to "What's coming up?".
                if day is None:
                    return 0.0
                # "Whose birthday is coming up?" names the attribute by its own word:
                # theirs before the asker's own days.
                named = asks_about(self.plan, slot.key.rpartition(".")[2], ())
                return (2.5 if named else 2.0) + self._soon(day)
            # A slot of an attribute the question names, or (a question of a time: "What do
            # I have on Friday?") of an occasion told of a day it names. Whose the slot is
            # breaks the tie: "What are O'Brien's preferences?" asks for every preference
            # slot, O'Brien's first; "Where does my sister live?" the sister's before the
            # asker's; then the one with the first day in the question's period.
            if (
                self.attribute(slot.key)
                or (slot.kind == "preference" and self.preferences)
                or day is not None
            ):
                if entity in self.relatives:
                    whose = 2.5
                else:
                    whose = 2.25 if entity in self.entities else 2.0
                return whose + self._soon(day)
            # A standing instruction applies to every answer: next after what is asked.
            if slot.key.rpartition(".")[2] in STANDING_ATTRIBUTES:
                return 1.5
            # "When did I start at Stripe?" names a value of the employer slot, not the
            # attribute: that slot before the others of the entity (which stay in order).
        if slot.kind == "procedure" and self.plan.procedural:
            # "How do I run the tests (on CI)?" names the purpose of the procedure "run the
            # tests" (a task's key "deploy-staging" by its words): that is its answer.
            purpose = folded_words(slot.key.replace("-", " "))
            if purpose and purpose <= self.folded:
                return 2.0
        return self._value_share(slot)

    def relative_rank(self, slot: WorldviewSlot) -> float:
        """1 for a belief slot of a relative the question means (``QueryPlan.relatives``)
        or one whose selected value is such a relative ("Sam.spouse: Ana"), else 0: what
        "Tell me about my family", which asks no attribute, asks for."""
        if not (self.relatives and self.belief(slot)):
            return 0.0
        if self._entity(slot) in self.relatives:
            return 1.0
        held = (match_key(c.value) for c in slot.candidates if c.status == "selected")
        return 1.0 if any(v in self.relatives for v in held) else 0.0

    def _soon(self, day: date | None) -> float:
        """Under 0.1, more the sooner ``day`` is in the question's period (0 for none): of
        slots of one rank, what comes first in the period is shown first ("What's coming
        up?": the birthday on Saturday before the trip next week)."""
        if day is None or self.period is None:
            return 0.0
        lo, hi = self.period[0].date(), self.period[1].date()
        return 0.099 * (1 - (day - lo).days / max(1, (hi - lo).days))

    def _day(self, slot: WorldviewSlot) -> date | None:
        """The first day in the question's period of what ``slot`` holds, where the slot
        is of a named entity (any, if it names none), of a relative the question names or
        of the asker's family it reaches (``QueryPlan.family``): an occasion told of a day
        in the period, or a birthday or an anniversary that falls in it ("What do I have
        coming up?" finds "Our anniversary is May 4"). None otherwise."""
        period = self.period
        if period is None:
            return None
        entity = self._entity(slot)
        if self.entities and not (
            entity in self.entities or entity in self.relatives or entity in self.family
        ):
            return None
        selected = [c for c in slot.candidates if c.status == "selected"]
        if slot.kind == "fact" and slot.key.rpartition(".")[2] in ANNUAL_ATTRIBUTES:
            days = [day_in(c.value, period) for c in selected]
        elif slot.occasions:
            days = [first_day(c, period) for c in selected]
        else:
            return None
        return min((d for d in days if d is not None), default=None)

    def _value_share(self, slot: WorldviewSlot) -> float:
        """The share of the question's words that the slot's values use (0 when none)."""
        if not self.folded:
            return 0.0
        words = {t for c in slot.candidates for t in folded_words(c.value)}
        hit = len(words & self.folded)
        return hit / len(self.folded) if hit else 0.0

    def answer_tokens(self, wv: WorldviewSnapshot) -> int:
        """Tokens of the snapshot lines of the belief slots the question asks about (rank 2
        and up: :meth:`slot_rank`)."""
        return sum(
            count_tokens(line)
            for s in wv.slots
            if self.slot_rank(s) >= 2
            for line, _ in wv.render_lines(s)
        )


def asked_period(plan: QueryPlan) -> tuple[datetime, datetime] | None:
    """The time a question about the past names ("in March": 1 March to 1 April, UTC), if
    any: its first time expression."""
    if not plan.times:
        return None
    _, start, end = plan.times[0]
    lo = datetime.fromisoformat(start).replace(tzinfo=UTC)
    return lo, datetime.fromisoformat(end).replace(tzinfo=UTC) + timedelta(days=1)
