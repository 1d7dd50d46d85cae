"""Belief-revision benchmark: nousmem's BeliefStore beside three classic baselines.

Run ``python benchmarks/beliefs.py [--seed N] [--trials N] [--json PATH]``.

Scenarios are generated with ``random.Random`` from the seed, so every run with the same seed
prints the same accuracy tables (throughput depends on the machine). Each case is a stream of
claims about one single-valued attribute (``employer``, half-life 2 years); a claim carries a
reliability (source trust x claim confidence), a source, an event time (days apart) and,
where a real person would use it, update language ("now at ...", "moved to ...").

Methods:
- ``nousmem``: :class:`nousmem.projections.beliefs.BeliefStore` with default parameters.
- ``lww``: last write wins.
- ``mfv``: most frequent value (ties -> most recent).
- ``bayes``: the paper's Eq. 1-4 as written (unseen value enters with eps, likelihood
  ``1 - eps_c`` with ``eps_c = 1 - reliability``, entropy decay), without our fixes.

Accuracy is the fraction of trials whose final mode equals the true current value.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

from nousmem.projections.beliefs import BeliefStore, Revision
from nousmem.projections.schema import DEFAULT_SCHEMA

T0 = datetime(2024, 1, 1, tzinfo=UTC)
ATTRIBUTE = "employer"
HALF_LIFE = DEFAULT_SCHEMA.spec(ATTRIBUTE).half_life_days
COMPANIES = ["Acme", "Globex", "Initech", "Umbrella", "Hooli", "Stark", "Wayne", "Wonka"]
TRUSTED = [("user", 0.9), ("profile", 0.95), ("email", 0.85), ("calendar", 0.8)]
LOW = [("forum", 0.35), ("rumour", 0.3), ("scraper", 0.25), ("gossip", 0.3)]
CASES = (
    "stable_noise",
    "clean_change",
    "late_change",
    "noisy_change",
    "few_vs_many",
    "self_correction",
    "backdated_import",
)
METHODS = ("nousmem", "lww", "mfv", "bayes")


@dataclass(frozen=True, slots=True)
class Claim:
    """One generated claim."""

    value: str
    reliability: float
    source: str
    change: bool
    day: float


# ---------------------------------------------------------------------------- scenarios


def _trusted(rng: random.Random, value: str, day: float, change: bool = False) -> Claim:
    source, trust = rng.choice(TRUSTED)
    return Claim(value, round(trust * rng.uniform(0.75, 1.0), 4), source, change, day)


def _noise(rng: random.Random, value: str, day: float) -> Claim:
    source, trust = rng.choice(LOW)
    # Misextracted update language happens; keep it rare.
    return Claim(value, round(trust * rng.uniform(0.4, 1.0), 4), source, rng.random() < 0.15, day)


def _days(rng: random.Random, n: int, lo: float = 2.0, hi: float = 30.0) -> list[float]:
    out, day = [], 0.0
    for _ in range(n):
        day += rng.uniform(lo, hi)
        out.append(round(day, 3))
    return out


def generate(case: str, rng: random.Random) -> tuple[list[Claim], str]:
    """Claims of one trial and the true value at the end."""
    a, b, *others = rng.sample(COMPANIES, len(COMPANIES))
    if case == "stable_noise":
        n = rng.randint(12, 20)
        claims = []
        for i, day in enumerate(_days(rng, n)):
            if i < 2 or rng.random() < 0.7:
                claims.append(_trusted(rng, a, day))
            else:
                claims.append(_noise(rng, rng.choice([b, *others[:2]]), day))
        return claims, a
    if case == "clean_change":
        n_a, n_b = rng.randint(5, 10), rng.randint(3, 8)
        days = _days(rng, n_a + n_b)
        claims = [_trusted(rng, a, d) for d in days[:n_a]]
        claims += [
            _trusted(rng, b, d, change=(i == 0 and rng.random() < 0.8))
            for i, d in enumerate(days[n_a:])
        ]
        return claims, b
    if case == "late_change":
        n_a = rng.randint(6, 12)
        days = _days(rng, n_a + 1)
        claims = [_trusted(rng, a, d) for d in days[:n_a]]
        source, trust = rng.choice(TRUSTED[:2])
        rel = round(min(0.98, trust * rng.uniform(0.97, 1.05)), 4)
        claims.append(Claim(b, max(rel, 0.9), source, rng.random() < 0.85, days[-1]))
        return claims, b
    if case == "noisy_change":
        n_a, n_b = rng.randint(6, 10), rng.randint(5, 9)
        days = _days(rng, n_a + n_b)
        claims = []
        for i, d in enumerate(days):
            truth, stale = (a, None) if i < n_a else (b, a)
            first_b = i == n_a
            if first_b or rng.random() < 0.65:
                claims.append(_trusted(rng, truth, d, change=first_b and rng.random() < 0.6))
            elif stale is not None and rng.random() < 0.5:
                claims.append(_noise(rng, stale, d))
            else:
                claims.append(_noise(rng, rng.choice(others[:3]), d))
        return claims, b
    if case == "few_vs_many":
        strong = [_trusted(rng, a, 0.0) for _ in range(rng.randint(2, 4))]
        strong = [Claim(c.value, max(c.reliability, 0.85), c.source, False, 0.0) for c in strong]
        weak = [_noise(rng, b, 0.0) for _ in range(rng.randint(8, 15))]
        mixed = strong + weak
        rng.shuffle(mixed)
        days = _days(rng, len(mixed), 1.0, 10.0)
        return [
            Claim(c.value, c.reliability, c.source, c.change, d)
            for c, d in zip(mixed, days, strict=True)
        ], a
    if case == "self_correction":
        # One trusted source states a value a few times, misspeaks ("now at B") and, hours
        # later, takes it back ("no, still at A"); others keep quiet or add noise.
        source, trust = rng.choice(TRUSTED)
        n_a = rng.randint(2, 5)
        days = _days(rng, n_a + 1)
        rel = round(trust * rng.uniform(0.9, 1.0), 4)
        claims = [Claim(a, rel, source, False, d) for d in days[:n_a]]
        claims += [_noise(rng, rng.choice(others[:3]), d) for d in days[:n_a] if rng.random() < 0.3]
        claims.sort(key=lambda c: c.day)
        claims.append(Claim(b, rel, source, True, days[-1]))
        back = days[-1] + rng.uniform(0.02, 0.5)  # within hours
        claims.append(Claim(a, rel, source, rng.random() < 0.7, round(back, 3)))
        return claims, a
    if case == "backdated_import":
        # A value held for a while, a trusted change, then an import of old records of the
        # first value (dated before the change, journaled after it).
        source, trust = rng.choice(TRUSTED)
        n_a, n_b = rng.randint(3, 6), rng.randint(1, 2)
        days = _days(rng, n_a + n_b)
        rel = round(trust * rng.uniform(0.9, 1.0), 4)
        claims = [Claim(a, rel, source, False, d) for d in days[:n_a]]
        claims += [Claim(b, rel, source, i == 0, d) for i, d in enumerate(days[n_a:])]
        old = [d for d in days[:n_a]]
        claims += [Claim(a, rel, source, False, round(d - 0.5, 3)) for d in old]
        return claims, b
    raise ValueError(f"case: unknown case {case!r}")


def poisoning(rng: random.Random, m: int) -> tuple[list[Claim], str]:
    """An established value, then ``m`` false claims from one low-trust source."""
    a, x = rng.sample(COMPANIES, 2)
    n = rng.randint(5, 8)
    days = _days(rng, n, 3.0, 15.0)
    claims = [
        Claim(a, round(rng.uniform(0.7, 0.95), 4), rng.choice(TRUSTED)[0], False, d) for d in days
    ]
    day = days[-1] + rng.uniform(1.0, 10.0)
    for _ in range(m):
        # Worst case: every false claim uses update language.
        claims.append(Claim(x, round(rng.uniform(0.2, 0.35), 4), "attacker", True, round(day, 3)))
        day += rng.uniform(0.1, 1.0)
    return claims, a


def alternating(rng: random.Random, m: int) -> tuple[list[Claim], str]:
    """A value held by 5 claims at 0.7, then ``m`` false claims at 0.35 (update language)
    from one source cycling through four false values one to three days apart, ending on
    its favourite: probes whether returning to a value it had left wins back what the
    repeat discount took from it."""
    truth, *false = rng.sample(COMPANIES, 5)
    claims = [Claim(truth, 0.7, src, False, 5.0 * i) for i, (src, _) in enumerate(TRUSTED * 2)]
    claims = claims[:5]
    day = claims[-1].day + rng.uniform(1.0, 10.0)
    for i in range(m):
        claims.append(Claim(false[i % 4], 0.35, "attacker", True, round(day, 3)))
        day += rng.uniform(1.0, 3.0)
    if m and claims[-1].value != false[0]:
        claims.append(Claim(false[0], 0.35, "attacker", True, round(day, 3)))
    return claims, truth


# ---------------------------------------------------------------------------- methods


def run_nousmem(claims: list[Claim]) -> str | None:
    """Final mode of a fresh BeliefStore fed the claims."""
    store = BeliefStore()
    for seq, c in enumerate(claims, start=1):
        rev = Revision(
            entity="e",
            attribute=ATTRIBUTE,
            value=c.value,
            reliability=c.reliability,
            source=c.source,
            change=c.change,
            occurred_at=T0 + timedelta(days=c.day),
        )
        store.apply(rev, seq=seq, event_id=f"ev{seq}")
    snap = store.snapshot("e", ATTRIBUTE)
    return None if snap is None else snap.mode


def run_lww(claims: list[Claim]) -> str | None:
    """Last write wins."""
    return claims[-1].value if claims else None


def run_mfv(claims: list[Claim]) -> str | None:
    """Most frequent value; ties go to the value claimed most recently."""
    counts: dict[str, int] = {}
    last: dict[str, int] = {}
    for i, c in enumerate(claims):
        counts[c.value] = counts.get(c.value, 0) + 1
        last[c.value] = i
    if not counts:
        return None
    return max(counts, key=lambda v: (counts[v], last[v]))


def run_bayes(claims: list[Claim], epsilon: float = 0.01) -> str | None:
    """The paper's Eq. 1-4 literally: eps entry, ``1 - eps_c`` likelihood, decay."""
    lam = 0.5 ** (1.0 / HALF_LIFE)
    values: list[str] = []
    p: list[float] = []
    last_day: float | None = None
    for c in claims:
        if last_day is not None and c.day > last_day and p:
            keep = lam ** (c.day - last_day)
            p = [keep * x + (1.0 - keep) / len(p) for x in p]
        last_day = c.day if last_day is None else max(last_day, c.day)
        if c.value not in values:
            values.append(c.value)
            p = [x / (1.0 + epsilon) for x in p] + [epsilon / (1.0 + epsilon)] if p else [1.0]
        k = len(values)
        eps_c = min(0.99, max(0.01, 1.0 - c.reliability))
        obs = values.index(c.value)
        lik = [1.0 - eps_c if i == obs else eps_c / max(1, k - 1) for i in range(k)]
        joint = [a * b for a, b in zip(lik, p, strict=True)]
        total = sum(joint)
        p = [x / total for x in joint]
    if not p:
        return None
    return values[max(range(len(p)), key=lambda i: (p[i], -i))]


RUNNERS: dict[str, Callable[[list[Claim]], str | None]] = {
    "nousmem": run_nousmem,
    "lww": run_lww,
    "mfv": run_mfv,
    "bayes": run_bayes,
}


# ---------------------------------------------------------------------------- throughput


def _throughput(prior: int, measured: int = 4000) -> float:
    """Updates/s of ``BeliefStore.apply`` after ``prior`` revisions already in the store.

    Prior revisions go 80% across many dimensions and 20% into one hot dimension; measured
    revisions keep hitting that hot dimension half the time.
    """
    rng = random.Random(prior)
    store = BeliefStore()
    attrs = ["employer", "location", "role", "hobby", "likes"]
    seq = 0

    def rev(entity: str, attr: str, day: float) -> Revision:
        return Revision(
            entity=entity,
            attribute=attr,
            value=rng.choice(COMPANIES),
            reliability=rng.uniform(0.3, 0.95),
            source=rng.choice(TRUSTED + LOW)[0],
            change=rng.random() < 0.1,
            occurred_at=T0 + timedelta(days=day),
        )

    n_entities = max(10, prior // 50)
    for i in range(prior):
        seq += 1
        if rng.random() < 0.2:
            store.apply(rev("hot", "employer", i * 0.01), seq=seq, event_id=f"p{seq}")
        else:
            ent = f"ent{rng.randrange(n_entities)}"
            store.apply(rev(ent, rng.choice(attrs), i * 0.01), seq=seq, event_id=f"p{seq}")
    batch = []
    for j in range(measured):
        day = prior * 0.01 + j * 0.01
        ent, attr = ("hot", "employer") if j % 2 else (f"ent{j % n_entities}", attrs[j % 5])
        batch.append(rev(ent, attr, day))
    start = time.perf_counter()
    for r in batch:
        seq += 1
        store.apply(r, seq=seq, event_id=f"m{seq}")
    elapsed = time.perf_counter() - start
    return measured / elapsed


# ---------------------------------------------------------------------------- driver


def _attack_rates(
    attack: Callable[[random.Random, int], tuple[list[Claim], str]],
    sizes: Iterable[int],
    key: str,
    trials: int,
) -> dict[int, dict[str, float]]:
    """Per attack size, the share of trials in which each method ends off the truth."""
    rates: dict[int, dict[str, float]] = {}
    for m in sizes:
        flips = dict.fromkeys(METHODS, 0)
        for trial in range(trials):
            claims, truth = attack(random.Random(f"{key}:{m}:{trial}"), m)
            for name in METHODS:
                flips[name] += RUNNERS[name](claims) != truth
        rates[m] = {name: flips[name] / trials for name in METHODS}
    return rates


def run(seed: int = 0, trials: int = 200, throughput: bool = True) -> dict[str, object]:
    """Run every case; returns accuracy, poisoning success rates and throughput."""
    accuracy: dict[str, dict[str, float]] = {}
    for case in CASES:
        hits = dict.fromkeys(METHODS, 0)
        for trial in range(trials):
            claims, truth = generate(case, random.Random(f"{seed}:{case}:{trial}"))
            for name in METHODS:
                hits[name] += RUNNERS[name](claims) == truth
        accuracy[case] = {name: hits[name] / trials for name in METHODS}
    attack = _attack_rates(poisoning, range(1, 21), f"{seed}:poison", trials)
    alternate = _attack_rates(alternating, (4, 8, 16, 24, 40), f"{seed}:alternate", trials)
    result: dict[str, object] = {
        "seed": seed,
        "trials": trials,
        "accuracy": accuracy,
        "attack_success": attack,
        "alternating_attack_success": alternate,
    }
    if throughput:
        result["throughput_updates_per_s"] = {
            "1k_prior": round(_throughput(1_000)),
            "100k_prior": round(_throughput(100_000)),
        }
    return result


def _print(result: dict[str, object]) -> None:
    accuracy = result["accuracy"]
    attack = result["attack_success"]
    assert isinstance(accuracy, dict) and isinstance(attack, dict)
    print(f"seed={result['seed']} trials={result['trials']}")
    print("\naccuracy (final mode == true current value)")
    print(f"{'case':<17}" + "".join(f"{m:>9}" for m in METHODS))
    for case, row in accuracy.items():
        best = max(row.values())
        cells = "".join(
            f"{row[m]:>8.3f}{'*' if math.isclose(row[m], best) else ' '}" for m in METHODS
        )
        print(f"{case:<17}{cells}")
    print("\npoisoning: attack success rate (one low-trust source, M false claims)")
    print(f"{'M':<4}" + "".join(f"{m:>9}" for m in METHODS))
    for m, row in attack.items():
        print(f"{m:<4}" + "".join(f"{row[name]:>9.3f}" for name in METHODS))
    alternate = result.get("alternating_attack_success")
    if isinstance(alternate, dict):
        print("\npoisoning: one 0.35 source cycling four false values, days apart (M claims)")
        print(f"{'M':<4}" + "".join(f"{m:>9}" for m in METHODS))
        for m, row in alternate.items():
            print(f"{m:<4}" + "".join(f"{row[name]:>9.3f}" for name in METHODS))
    tp = result.get("throughput_updates_per_s")
    if isinstance(tp, dict):
        print("\nBeliefStore.apply throughput")
        for k, v in tp.items():
            print(f"  {k:<12} {v:>8} updates/s")


def main(argv: list[str] | None = None) -> int:
    """CLI entry point."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--trials", type=int, default=200)
    parser.add_argument("--json", type=str, default=None, help="also write the results here")
    parser.add_argument("--no-throughput", action="store_true")
    args = parser.parse_args(argv)
    result = run(seed=args.seed, trials=args.trials, throughput=not args.no_throughput)
    _print(result)
    if args.json:
        with open(args.json, "w", encoding="utf-8") as fh:
            json.dump(result, fh, indent=2, sort_keys=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
