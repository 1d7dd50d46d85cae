"""How much a claim counts after its source's earlier claims: repeats and self-corrections.

One source cannot shout a belief into place: the k-th repeat of the same (source, value,
polarity) counts with reliability ``r * d**k`` (``BeliefParams.repeat_discount``), the count
fading with ``repeat_half_life_days`` of event time.

A source that *returns* to a value it had left is not repeating itself: "I work at Google"
(twice), "now Acme", then "no, still Google" is a correction, and the old Google claims
must not weigh it down. So is a source answering another that left a single value since
its own last claim of it ("I live in Paris" after a tool's "Ana moved to Berlin"). A claim is
a return when the same source's latest claim in the
slot (the dimension for a single value; the value itself for a multi-valued one) left it
(asserted another value or denied this one; for a denial, asserted the value), made
strictly after this value's previous claim and strictly before this one, in event time.
So a back-dated import of the old value (dated before the other one) and claims inside one
observation (one time) stay repeats; denying some other value ("not Acme") leaves nothing.
Only a source at least ``BeliefParams.correction_min_reliability`` reliable is heard
correcting itself: a weak source alternating values over days would otherwise win back,
with every return, the weight the repeat discount took from it. A return counts as the
k-th repeat where k is the number of the source's earlier returns to that value (fading
the same way), so a first correction counts fully and a source alternating A/B/A/B fades;
the repeats after a return count on from k + 1, not from zero, so that alternating buys
back little weight: within the half-life, a source's claims of one value weigh at most
three times as much as when it never leaves it.
"""

from __future__ import annotations

from typing import NamedTuple

from nousmem.projections import categorical as cat
from nousmem.projections.belief_models import BeliefParams

__all__ = ["Count", "CounterKey", "Stance", "StanceKey", "Tally", "merge_tallies", "tally"]

CounterKey = tuple[str, str, str]
"""(source key, value key, polarity)."""
StanceKey = tuple[str, str]
"""(source key, slot): the slot is "" for a single-valued dimension, else the value key."""


class Count(NamedTuple):
    """A source's claims of one (value, polarity): repeats and returns, faded to ``t``."""

    repeats: float
    t: float
    returns: float
    returns_t: float


class Stance(NamedTuple):
    """A source's latest claim in one slot, by event time."""

    value_key: str
    polarity: str
    t: float


class Tally(NamedTuple):
    """What one claim does to its source's counts (installed when the claim commits)."""

    counter_key: CounterKey
    counter: Count
    stance_key: StanceKey
    stance: Stance
    discount: float
    """The factor on the claim's reliability: ``d ** repeats`` or ``d ** returns``."""


def tally(
    counters: dict[CounterKey, Count],
    stances: dict[StanceKey, Stance],
    params: BeliefParams,
    *,
    skey: str,
    vkey: str,
    polarity: str,
    t: float,
    multi: bool,
    reliability: float,
) -> Tally:
    """The discount of a claim of ``vkey`` by source ``skey`` at day ``t`` (no mutation)."""
    lam = cat.retention(params.repeat_half_life_days)
    ckey = (skey, vkey, polarity)
    slot = (skey, vkey if multi else "")
    st = stances.get(slot)
    c = counters.get(ckey)
    if c is None:
        k = 0.0
        count = Count(1.0, t, 0.0, t)
    else:
        repeats = c.repeats * cat.kept_fraction(lam, t - c.t)
        returns = c.returns * cat.kept_fraction(lam, t - c.returns_t)
        # Left since its last claim of this value: by this source, or, for a single value,
        # by another one (the user answering a tool's "moved to Berlin" with "I live in
        # Paris" corrects it). A single value's stances are one per source: a short scan.
        returned = reliability >= params.correction_min_reliability and (
            (st is not None and _opposed(st, vkey, polarity) and c.t < st.t < t)
            or (
                not multi
                and any(
                    who != skey and _opposed(other, vkey, polarity) and c.t < other.t < t
                    for (who, _), other in stances.items()
                )
            )
        )
        if returned:
            k = returns
            count = Count(returns + 1.0, t, returns + 1.0, t)
        else:
            k = repeats
            count = Count(repeats + 1.0, max(t, c.t), returns, max(t, c.returns_t))
    stance = Stance(vkey, polarity, t) if st is None or t >= st.t else st
    return Tally(ckey, count, slot, stance, params.repeat_discount**k)


def _opposed(st: Stance, vkey: str, polarity: str) -> bool:
    """Whether the stance ``st`` left the claim (``vkey``, ``polarity``): asserting another
    value or denying this one leaves an assertion of it; asserting it leaves a denial of it.
    Denying some other value ("not Acme") leaves nothing: it agrees with "Google"."""
    if polarity == "assert":
        return (st.value_key != vkey) == (st.polarity == "assert")
    return st.value_key == vkey and st.polarity == "assert"


def merge_tallies(
    keep_counters: dict[CounterKey, Count],
    keep_stances: dict[StanceKey, Stance],
    counters: dict[CounterKey, Count],
    stances: dict[StanceKey, Stance],
    params: BeliefParams,
) -> None:
    """Fold another dimension's counts and stances into ``keep_*`` (an entity merge).

    Counts add, each faded to the later of the two times; of two stances the later claim is
    the source's latest (ties keep the kept entity's)."""
    lam = cat.retention(params.repeat_half_life_days)

    def add(a: float, a_t: float, b: float, b_t: float) -> tuple[float, float]:
        latest = max(a_t, b_t)
        kept = a * cat.kept_fraction(lam, latest - a_t)
        return kept + b * cat.kept_fraction(lam, latest - b_t), latest

    for ckey, c in counters.items():
        mine = keep_counters.get(ckey)
        if mine is None:
            keep_counters[ckey] = c
            continue
        repeats, t = add(mine.repeats, mine.t, c.repeats, c.t)
        returns, returns_t = add(mine.returns, mine.returns_t, c.returns, c.returns_t)
        keep_counters[ckey] = Count(repeats, t, returns, returns_t)
    for slot, st in stances.items():
        own = keep_stances.get(slot)
        if own is None or st.t > own.t:
            keep_stances[slot] = st
