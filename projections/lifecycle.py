"""The lifecycle of a memory item: an explicit state machine folded from journaled transitions.

A memory matures only through evidence and fades only through explicit, journaled verbs; the
source record always stays in the journal. The runtime asks :meth:`LifecycleBook.check` what a
verb would do (nothing changes), journals the transition or the refusal, then calls
:meth:`LifecycleBook.apply`. Unknown targets are ``fresh``.

States. The maturity ladder ``fresh < captured < linked < reinforced < mature < core`` holds
the *active* states; ``inhibited``, ``obsolete``, ``compressed`` and ``archived`` are *hidden*.

Legal transitions (A = any active state; anything not listed is refused with a reason):

============  ==================================  =============================================
verb          legal from                          to
============  ==================================  =============================================
capture       fresh                               captured
link          fresh, captured                     linked
              linked, reinforced, mature, core    unchanged (already linked; no-op)
reinforce     A                                   reinforced; mature once the item has
                                                  ``mature_after`` reinforcements, core once it
                                                  has ``core_after`` (never a step down)
decay         linked, reinforced, mature, core    one rung down: core -> mature -> reinforced
                                                  -> linked -> captured
inhibit       A                                   inhibited
invalidate    A, inhibited, archived, compressed  obsolete
expire        A, inhibited                        obsolete (reason "expired")
archive       A, inhibited                        archived
compress      A, archived                         compressed
restore       inhibited, obsolete, archived,      the state the item was in before it entered
              compressed                          the current one (one step of undo)
============  ==================================  =============================================

``delete`` is not a verb: removing content for privacy is ``erase``, which the runtime performs
on the journal itself. Reinforcements are counted; ``decay`` resets the count to the least that
is consistent with the new rung (so climbing back needs fresh evidence).

Normal lenses (logical, procedural, associative) hide the hidden states; the historical and
audit lenses show everything. TTL is a projection of event time, not a background job:
:meth:`LifecycleBook.effective_state` reports ``obsolete`` (reason "expired") once
``now - created_at > ttl`` even when no event says so.
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime, timedelta
from typing import Any, overload

from nousmem.projections.lifecycle_models import (
    FULL_LENSES,
    HIDDEN,
    HIDE_FROM,
    HIDE_TO,
    LADDER,
    LENSES,
    STATES,
    VERBS,
    EffectiveState,
    LifecycleConfig,
    Transition,
    TransitionRecord,
    check_target,
    check_verb,
    expired,
    visible_in,
)

__all__ = [
    "FULL_LENSES",
    "HIDDEN",
    "LADDER",
    "LENSES",
    "STATES",
    "VERBS",
    "EffectiveState",
    "LifecycleBook",
    "LifecycleConfig",
    "Transition",
    "TransitionRecord",
    "expired",
    "visible_in",
]


class _Record:
    """Mutable per-target state: the current snapshot plus the applied history."""

    def __init__(self) -> None:
        self.state = "fresh"
        self.count = 0
        self.stack: tuple[str, ...] = ()  # states to restore to, innermost last
        self.history: list[TransitionRecord] = []


class LifecycleBook:
    """Per-target lifecycle states, with as-of reads, as a projection of lifecycle events."""

    def __init__(self, config: LifecycleConfig | None = None) -> None:
        self.config = config or LifecycleConfig()
        self.clear()

    def clear(self) -> None:
        """Forget everything (before a rebuild)."""
        self._records: dict[str, _Record] = {}
        self._last_seq = 0
        # Targets that were ever in a hidden state: a cheap test before an as-of lookup.
        self._ever_hidden: set[str] = set()

    # -- the state machine ----------------------------------------------------------------

    def _rung_for(self, count: int) -> str:
        if count >= self.config.core_after:
            return "core"
        return "mature" if count >= self.config.mature_after else "reinforced"

    def _floor(self, state: str) -> int:
        """The fewest reinforcements consistent with ``state`` (used after a decay)."""
        floors = {"reinforced": 1, "mature": self.config.mature_after}
        floors["core"] = self.config.core_after
        return floors.get(state, 0)

    def check(self, target: str, verb: str) -> Transition:
        """What ``verb`` would do to ``target`` now; legal or not, nothing is changed."""
        check_verb(verb)
        check_target(target)
        legal, cur, to, reason = self._decide(target, verb)
        return Transition(
            target=target, verb=verb, from_state=cur, to_state=to, legal=legal, reason=reason
        )

    def reinforce_all(
        self, targets: Iterable[str], *, seq: int, occurred_at: datetime, event_id: str, reason: str
    ) -> None:
        """``check`` each target for "reinforce" and ``apply`` it where legal, in order: what
        a successful outcome does (without building the ``Transition`` of every check)."""
        for target in targets:
            check_target(target)
            legal, _, to, _ = self._decide(target, "reinforce")
            if legal:
                self.apply(target, "reinforce", to, seq=seq, occurred_at=occurred_at,
                           event_id=event_id, reason=reason)  # fmt: skip

    def undo_path(self, target: str, through: frozenset[str]) -> list[tuple[str, str]]:
        """The ``(from, to)`` steps of the restores that undo ``target``'s hiding while its
        state is in ``through`` (an inhibit, then an invalidate, takes two), oldest last."""
        rec = self._records.get(target)
        if rec is None:
            return []
        state, stack, steps = rec.state, list(rec.stack), []
        while state in through and state in HIDDEN:
            to = stack.pop() if stack else "captured"
            steps.append((state, to))
            state = to
        return steps

    def _decide(self, target: str, verb: str) -> tuple[bool, str, str, str]:
        """``check`` as a tuple: (legal, from_state, to_state, reason)."""
        rec = self._records.get(target)
        cur = rec.state if rec else "fresh"
        count = rec.count if rec else 0

        def ok(to: str, reason: str = "") -> tuple[bool, str, str, str]:
            return True, cur, to, reason or f"{cur} -> {to}"

        def no(reason: str) -> tuple[bool, str, str, str]:
            return False, cur, cur, reason

        if verb == "restore":
            if cur not in HIDDEN:
                return no(f"cannot restore: {target} is {cur}, not hidden")
            return ok(rec.stack[-1] if rec and rec.stack else "captured")
        if verb in HIDE_TO:
            if cur not in HIDE_FROM[verb]:
                return no(f"cannot {verb} from {cur}")
            return ok(HIDE_TO[verb], "expired" if verb == "expire" else "")
        if cur in HIDDEN:
            return no(f"cannot {verb}: {target} is {cur}; restore it first")
        rung = LADDER.index(cur)
        if verb == "capture":
            return ok("captured") if cur == "fresh" else no(f"already captured ({cur})")
        if verb == "link":
            if rung >= LADDER.index("linked"):
                return ok(cur, f"already linked ({cur})")
            return ok("linked")
        if verb == "reinforce":
            to = self._rung_for(count + 1)
            return ok(LADDER[max(rung, LADDER.index(to))])
        # decay
        if rung <= LADDER.index("captured"):
            return no(f"cannot decay from {cur}: already at the bottom of the ladder")
        return ok(LADDER[rung - 1])

    def apply(
        self,
        target: str,
        verb: str,
        to_state: str,
        *,
        seq: int,
        occurred_at: datetime,
        event_id: str = "",
        reason: str = "",
    ) -> TransitionRecord:
        """Record a journaled transition (call after the event is committed).

        The journal is the authority: ``to_state`` is recorded as given, so a rebuild under a
        different :class:`LifecycleConfig` still reproduces what was decided.
        """
        check_verb(verb)
        check_target(target)
        if to_state not in STATES:
            raise ValueError(f"to_state must be one of {', '.join(STATES)}; got {to_state!r}")
        if isinstance(seq, bool) or not isinstance(seq, int) or seq < 1:
            raise ValueError("seq must be a positive integer")
        if seq < self._last_seq:
            raise ValueError(f"seq {seq} is older than the last applied seq {self._last_seq}")
        if not isinstance(occurred_at, datetime):
            raise ValueError("occurred_at must be a datetime")
        self._last_seq = seq
        rec = self._records.setdefault(target, _Record())
        if verb == "restore":
            rec.stack = rec.stack[:-1]
        elif to_state in HIDDEN and to_state != rec.state:
            rec.stack = (*rec.stack, rec.state)
        if verb == "reinforce":
            rec.count += 1
        elif verb == "decay":
            rec.count = self._floor(to_state)
        values: dict[str, Any] = {
            "target": target, "verb": verb, "from_state": rec.state, "to_state": to_state,
            "legal": True, "reason": reason, "seq": seq, "occurred_at": occurred_at,
            "event_id": event_id, "reinforcements": rec.count,
        }  # fmt: skip
        # Validated: pydantic-core builds it faster than model_construct does in Python (a
        # fold makes one per target of every successful outcome, dozens per after_turn).
        entry = TransitionRecord(**values)
        rec.state = to_state
        rec.history.append(entry)
        if to_state in HIDDEN:
            self._ever_hidden.add(target)
        return entry

    def ever_hidden(self, target: str) -> bool:
        """Whether ``target`` was ever in a hidden state, at any seq (a quick test: False
        means it is hidden as of no point; True, that :meth:`state` must say)."""
        return target in self._ever_hidden

    @property
    def hid_any(self) -> bool:
        """Whether any target was ever hidden."""
        return bool(self._ever_hidden)

    # -- reads ----------------------------------------------------------------------------

    def history(
        self, target: str, *, as_of_seq: int | None = None, as_of_time: datetime | None = None
    ) -> list[TransitionRecord]:
        """Applied transitions of ``target`` with ``seq <= as_of_seq`` (and, for an event-time
        read, ``occurred_at <= as_of_time``), oldest first."""
        if as_of_seq is not None and as_of_seq < 0:
            raise ValueError("as_of_seq must be >= 0")
        rec = self._records.get(target)
        if rec is None:
            return []
        return [
            t
            for t in rec.history
            if (as_of_seq is None or t.seq <= as_of_seq)
            and (as_of_time is None or t.occurred_at <= as_of_time)
        ]

    def _last(
        self, target: str, as_of_seq: int | None, as_of_time: datetime | None = None
    ) -> TransitionRecord | None:
        if as_of_seq is not None and as_of_seq < 0:
            raise ValueError("as_of_seq must be >= 0")
        rec = self._records.get(target)
        if rec is None:
            return None
        # From the end: a read asks this of every candidate, and a memory read often has a
        # long history of reinforcements; the latest usually qualifies.
        for t in reversed(rec.history):
            if (as_of_seq is None or t.seq <= as_of_seq) and (
                as_of_time is None or t.occurred_at <= as_of_time
            ):
                return t
        return None

    @overload
    def state(self) -> dict[str, Any]: ...
    @overload
    def state(
        self, target: str, *, as_of_seq: int | None = None, as_of_time: datetime | None = None
    ) -> str: ...
    def state(
        self,
        target: str | None = None,
        *,
        as_of_seq: int | None = None,
        as_of_time: datetime | None = None,
    ) -> Any:
        """``state(target)``: its lifecycle state (as of a seq, and an event time);
        ``state()``: :meth:`summary`."""
        if target is None:
            return self.summary()
        last = self._last(target, as_of_seq, as_of_time)
        return last.to_state if last else "fresh"

    def reinforcements(self, target: str, *, as_of_seq: int | None = None) -> int:
        """Counted reinforcements of ``target`` (as of a seq)."""
        last = self._last(target, as_of_seq)
        return last.reinforcements if last else 0

    def visible(self, target: str, lens: str, *, as_of_seq: int | None = None) -> bool:
        """Whether ``lens`` shows ``target`` in its recorded state (see :func:`visible_in`)."""
        return visible_in(self.state(target, as_of_seq=as_of_seq), lens)

    def hidden(
        self, *, as_of_seq: int | None = None, as_of_time: datetime | None = None
    ) -> dict[str, str]:
        """Targets hidden from normal lenses -> their state, sorted by target.

        Suitable as ``blocked`` for graph activation.
        """
        out = {}
        for target in sorted(self._records):
            st = self.state(target, as_of_seq=as_of_seq, as_of_time=as_of_time)
            if st in HIDDEN:
                out[target] = st
        return out

    expired = staticmethod(expired)

    def effective_state(
        self,
        target: str,
        *,
        created_at: datetime,
        ttl_days: float | None,
        now: datetime,
        as_of_seq: int | None = None,
        as_of_time: datetime | None = None,
    ) -> EffectiveState:
        """The recorded state, or ``obsolete`` ("expired") once the TTL has run out at ``now``.

        TTL expiry applies where an ``expire`` would be legal (active or inhibited items). A
        ``restore`` that occurred after the deadline renews the item: it was revived on
        purpose, and its TTL runs again from the restore.
        """
        last = self._last(target, as_of_seq, as_of_time)
        recorded = last.to_state if last else "fresh"
        reason = last.reason if last else ""
        if not expired(created_at, ttl_days, now) or recorded not in HIDE_FROM["expire"]:
            return EffectiveState(state=recorded, reason=reason)
        assert ttl_days is not None  # expired() is False without a TTL
        deadline = _later(created_at, ttl_days)
        for t in self.history(target, as_of_seq=as_of_seq, as_of_time=as_of_time):
            if t.verb == "restore" and t.occurred_at > deadline:
                deadline = _later(t.occurred_at, ttl_days)
        if now <= deadline:
            return EffectiveState(state=recorded, reason=reason)
        return EffectiveState(state="obsolete", reason="expired", ttl_expired=True)

    def summary(self) -> dict[str, Any]:
        """A comparable summary of every record (rebuild-equals-live tests)."""
        return {
            "last_seq": self._last_seq,
            "targets": {
                t: {
                    "state": r.state,
                    "reinforcements": r.count,
                    "stack": list(r.stack),
                    "history": [h.model_dump() for h in r.history],
                }
                for t, r in sorted(self._records.items())
            },
        }


def _later(start: datetime, days: float) -> datetime:
    """``start`` plus ``days``, or the last representable instant past year 9999."""
    try:
        return start + timedelta(days=days)
    except OverflowError:
        return datetime.max.replace(tzinfo=start.tzinfo)
