"""A seeded generator of realistic utterances for the benchmarks.

One to three sentences each, drawn from templates about people, places, employers,
activities, food and time expressions, with an actor and an ``occurred_at`` that advances a
few minutes per observation. The same seed always gives the same observations.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from typing import Any

T0 = datetime(2023, 1, 2, 8, 0, tzinfo=UTC)
MINUTES_PER_EVENT = 7  # the observation of index i is dated ~T0 + 7 i minutes

# -------------------------------------------------------------------- utterance generator

ACTORS = (
    "Alice",
    "Bruno",
    "Chen",
    "Dara",
    "Emeka",
    "Farah",
    "Goran",
    "Hana",
    "Ines",
    "Jonas",
    "Keiko",
    "Luis",
)
PLACES = (
    "Lisbon",
    "the office",
    "Berlin",
    "the gym",
    "Osaka",
    "the library",
    "Nairobi",
    "the farmers market",
    "Toronto",
    "her parents' house",
    "the new cafe",
    "Valparaiso",
)
EMPLOYERS = ("Acme", "Globex", "Initech", "Umbrella", "Hooli", "Stark Labs", "Wayne Corp")
ACTIVITIES = (
    "painting",
    "running",
    "pottery",
    "rock climbing",
    "baking sourdough",
    "learning Spanish",
    "playing the cello",
    "birdwatching",
    "volunteering at the shelter",
    "chess",
    "kayaking",
)
THINGS = (
    "a used bike",
    "a book about stoicism",
    "tickets to a jazz concert",
    "a new laptop",
    "a sketchbook",
    "running shoes",
    "a houseplant",
    "a camera",
    "a board game",
)
FOODS = ("ramen", "tacos", "falafel", "dumplings", "lasagne", "pho", "curry", "paella")
FEELINGS = ("thrilled", "tired", "nervous", "proud", "relieved", "overwhelmed", "grateful")
WHEN = (
    "yesterday",
    "last weekend",
    "this morning",
    "on Saturday",
    "two weeks ago",
    "last month",
    "tonight",
    "next Friday",
)
PEOPLE = ("my sister", "my manager", "an old friend", "the kids", "my neighbour", "my partner")

TEMPLATES = (
    "I started {activity} {when} and I'm {feeling} about it.",
    "I went to {place} {when} with {people}.",
    "We had {food} at {place} {when}; it was the best in months.",
    "I bought {thing} {when}.",
    "I just joined {employer} as a designer.",
    "I'm moving to {place} next year, {people} is helping me pack.",
    "Honestly I feel {feeling} since I quit {activity}.",
    "My favourite food is still {food}, no contest.",
    "Did you know {people} works at {employer} now?",
    "I'm thinking about taking up {activity} again.",
    "{people_cap} gave me {thing} for my birthday {when}.",
    "The trip to {place} was {feeling_adv} long but worth it.",
    "Can we meet at {place} {when}? I'll bring {thing}.",
    "I've been {activity} every week; it keeps me sane.",
)


def utterance(rng: random.Random) -> str:
    """One to three sentences of everyday chat, drawn from ``rng``."""
    n = rng.choice((1, 1, 2, 2, 2, 3))
    parts = []
    for _ in range(n):
        people = rng.choice(PEOPLE)
        parts.append(
            rng.choice(TEMPLATES).format(
                activity=rng.choice(ACTIVITIES),
                when=rng.choice(WHEN),
                feeling=rng.choice(FEELINGS),
                feeling_adv="really" if rng.random() < 0.5 else "quite",
                place=rng.choice(PLACES),
                people=people,
                people_cap=people[0].upper() + people[1:],
                food=rng.choice(FOODS),
                thing=rng.choice(THINGS),
                employer=rng.choice(EMPLOYERS),
            )
        )
    return " ".join(parts)


def make_observation(rng: random.Random, index: int) -> dict[str, Any]:
    """A realistic utterance observation (``occurred_at`` grows with ``index``)."""
    return {
        "type": "utterance",
        "content": utterance(rng),
        "actor": rng.choice(ACTORS),
        "source": "user",
        "occurred_at": T0 + timedelta(minutes=MINUTES_PER_EVENT * index + rng.randint(0, 6)),
        "ref": f"u{index}",
    }


def observations(seed: int, n: int, start: int = 0) -> list[dict[str, Any]]:
    """``n`` observations from one ``random.Random(seed)`` (indices ``start``...)."""
    rng = random.Random(seed)
    return [make_observation(rng, start + i) for i in range(n)]


def producer_observations(
    seed: int, producer: int, producers: int, total: int
) -> Iterator[dict[str, Any]]:
    """The share of ``total`` events of one producer (indices ``producer``, ``+producers``...).

    Each producer has its own ``random.Random``, so the generated stream does not depend on
    how the producers interleave.
    """
    rng = random.Random(f"{seed}/{producer}")
    for i in range(producer, total, producers):
        yield make_observation(rng, i)


def split(total: int, parts: int) -> list[int]:
    """``total`` split into ``parts`` near-equal non-negative counts."""
    q, r = divmod(total, parts)
    return [q + (1 if i < r else 0) for i in range(parts)]


# Common English function words, left out of lexical queries (BM25 baseline, FTS5 peer).
STOPWORDS = frozenset(
    """a about after all also am an and any are as at be been but by can could did do does for
    from had has have he her him his how i if in into is it its just me my no not of on or our
    she so than that the their them then there they this to too up was we were what when where
    which who why will with would you your""".split()
)


# -------------------------------------------------------------------------- questions

QUESTION_TEMPLATES = (
    "Where did {actor} go last weekend?",
    "What does {actor} think about {activity}?",
    "Who works at {employer}?",
    "Has {actor} been to {place}?",
    "What is {actor}'s favourite food, {food}?",
    "When did {actor} start {activity}?",
)


def questions(seed: int, n: int) -> list[str]:
    rng = random.Random(f"q/{seed}")
    return [
        rng.choice(QUESTION_TEMPLATES).format(
            actor=rng.choice(ACTORS),
            activity=rng.choice(ACTIVITIES),
            employer=rng.choice(EMPLOYERS),
            place=rng.choice(PLACES),
            food=rng.choice(FOODS),
        )
        for _ in range(n)
    ]
