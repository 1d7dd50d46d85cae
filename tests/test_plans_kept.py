"""Plans memory keeps and ends: a change of life said to come ("We're getting married in
June", "I'm retiring next year", "We're moving to Denver") is a ``goal``, and a plan that
comes true leaves the goals memory holds (``policies/plans.py``, ``fulfilled_plans``)."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from nousmem.policies import RuleExtractor
from nousmem.policies.plans import fulfilled_plans
from nousmem.projections.models import Claim, Observation
from nousmem.runtime import MemoryRuntime
from tests.helpers import deltas, say_at

EX = RuleExtractor()
SAID = datetime(2024, 5, 1, 12, tzinfo=UTC)

Row = tuple[str, str, str, str]


def rows(text: str) -> list[Row]:
    obs = Observation(content=text, actor="Sam", occurred_at=SAID)
    return [(c.attribute, c.value, c.polarity, str(c.valid_at)) for c in EX.extract_sync(obs)]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("I'm getting married next spring.", [("goal", "get married", "assert", "2025-03-01")]),
        ("We're getting married in June.", [("goal", "get married", "assert", "2024-06-01")]),
        ("I'm going to get engaged soon.", [("goal", "get engaged", "assert", "None")]),
        ("I'm not getting married.", [("goal", "get married", "negate", "None")]),
        ("I'm retiring next year.", [("goal", "retire", "assert", "2025-01-01")]),
        ("I will retire in 2026.", [("goal", "retire", "assert", "2026-01-01")]),
        ("I'm retiring from Acme in June.", [("goal", "retire", "assert", "2024-06-01")]),
        # A job to leave, dated ahead ("quitting ... in June" is this June).
        ("I'm leaving Acme next month.", [("goal", "leave Acme", "assert", "2024-06-01")]),
        (
            "I'm quitting my job at Acme in June.",
            [
                ("goal", "leave Acme", "assert", "2024-06-01"),
                ("employer", "Acme", "negate", "2024-06-01"),
            ],
        ),
        # The last day at a job, as said.
        ("My last day at Acme is Friday.", [("goal", "leave Acme", "assert", "2024-05-03")]),
        # One that was is no plan: the employer is gone from that day.
        ("My last day at Acme was Friday.", [("employer", "Acme", "negate", "2024-04-26")]),
        # The first day, at a named place or of a start.
        ("My first day at Stripe is Monday.", [("goal", "work at Stripe", "assert", "2024-05-06")]),
        (
            "My first day at the new job is Monday.",
            [("goal", "start a new job", "assert", "2024-05-06")],
        ),
        (
            "My first day of school is September 3.",
            [("goal", "start school", "assert", "2024-09-03")],
        ),
        ("My first day at Stripe was amazing.", []),
        ("My first day at work was great.", []),
        ("If my first day at Stripe is Monday, I'll buy a suit.", []),
        ("I'm leaving Acme.", []),  # no time: as often a door or a meeting
        ("I'm leaving Paris tomorrow.", []),
        # Something retired is no retirement; a question, a supposition and the past plan
        # nothing; another's wedding is not the speaker's.
        ("I'm retiring my old laptop.", []),
        ("I'll retire the old server.", []),
        ("Are you getting married?", []),
        ("If I win the lottery, I'll retire.", []),
        ("My sister is getting married in June.", []),
        ("I got married last year.", [("relationship_status", "married", "assert", "2023-01-01")]),
    ],
)
def test_a_change_of_life_to_come_is_a_plan(text: str, expected: list[Row]) -> None:
    assert rows(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # These progressives plan, with a date or without one ...
        ("I'm marrying Tom next month.", [("goal", "marry Tom", "assert", "2024-06-01")]),
        ("I'm marrying Tom.", [("goal", "marry Tom", "assert", "None")]),
        ("I'm joining the platform team.", [("goal", "join the platform team", "assert", "None")]),
        ("I'm not marrying Tom.", [("goal", "marry Tom", "negate", "None")]),
        # A job left for another, in the progressive: the next job is a plan.
        (
            "I'm leaving Acme to join Stripe next month.",
            [("goal", "work at Stripe", "assert", "2024-06-01")],
        ),
        ("I'm leaving Acme to join Stripe.", [("goal", "work at Stripe", "assert", "None")]),
        # ... and their past is the state.
        ("I married Tom in June.", [("spouse", "Tom", "assert", "2023-06-01")]),
        (
            "I left Acme to join Stripe.",
            [("employer", "Stripe", "assert", "None"), ("employer", "Acme", "negate", "None")],
        ),
    ],
)
def test_a_plan_verb_in_the_progressive_is_a_plan(text: str, expected: list[Row]) -> None:
    assert rows(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            "We're moving to Denver next month.",
            [("goal", "move to Denver", "assert", "2024-06-01")],
        ),
        ("We'll move to Denver next month.", [("goal", "move to Denver", "assert", "2024-06-01")]),
        ("We will move to Denver in July.", [("goal", "move to Denver", "assert", "2024-07-01")]),
        ("We are moving to Denver in July.", [("goal", "move to Denver", "assert", "2024-07-01")]),
        (
            "We're relocating to Austin in the fall.",
            [("goal", "move to Austin", "assert", "2024-09-01")],
        ),
        ("We're not moving to Denver anymore.", [("location", "Denver", "negate", "None")]),
        ("We moved to Denver last year.", [("location", "Denver", "assert", "2023-01-01")]),
        # A question, and another future than a move.
        ("Will we move to Denver?", []),
        ("We'll go hiking tomorrow.", []),
    ],
)
def test_a_move_we_plan_is_the_speakers_plan(text: str, expected: list[Row]) -> None:
    assert rows(text) == expected


async def _say(rt: MemoryRuntime, when: datetime, text: str) -> list[tuple[str, str, str]]:
    return deltas(await say_at(rt, text, when, actor="Sam"))


def _on(month: int, day: int, year: int = 2024) -> datetime:
    return datetime(year, month, day, 12, tzinfo=UTC)


async def test_a_plan_that_comes_true_leaves_the_goals() -> None:
    async with MemoryRuntime.memory(namespace="plans") as rt:
        await _say(rt, _on(5, 1), "I work at Initech.")
        await _say(rt, _on(5, 2), "I start at Google in June.")
        await _say(rt, _on(5, 3), "We're moving to Berlin in August.")
        await _say(rt, _on(5, 4), "I want to live in Tokyo.")
        await _say(rt, _on(5, 5), "We're getting married next spring.")
        assert await _say(rt, _on(6, 3), "I started at Google today!") == [
            ("employer", "Google", "assert"),
            ("goal", "work at Google", "negate"),
        ]
        assert await _say(rt, _on(8, 20), "We moved to Berlin last week.") == [
            ("location", "Berlin", "assert"),
            ("goal", "move to Berlin", "negate"),
        ]
        assert await _say(rt, _on(4, 20, 2025), "We got married last week!") == [
            ("relationship_status", "married", "assert"),
            ("goal", "get married", "negate"),
        ]
        goal = await rt.belief("Sam", "goal")
        assert goal is not None and goal.held == ("live in Tokyo",)
        view = (await rt.worldview("logical")).render()
        assert "- fact Sam.goal: live in Tokyo (since 4 May 2024)" in view
        # The historical lens keeps each plan with the time it was held.
        history = (await rt.worldview("historical")).render()
        assert "work at Google (2 May 2024 - 3 June 2024)" in history
        assert "move to Berlin (3 May 2024 - 20 August 2024)" in history
        # A move to the place a goal names ends that goal too.
        assert await _say(rt, _on(5, 1, 2026), "I moved to Tokyo yesterday.") == [
            ("location", "Tokyo", "assert"),
            ("goal", "live in Tokyo", "negate"),
        ]
        await _say(rt, _on(6, 1, 2026), "I'm retiring in September.")
        # Retired: the plan ends, and so does the job held (policies/left_jobs.py).
        assert await _say(rt, _on(10, 2, 2026), "I retired yesterday.") == [
            ("role", "retired", "assert"),
            ("employer", "Google", "negate"),
            ("goal", "retire", "negate"),
        ]
        goal = await rt.belief("Sam", "goal")
        assert goal is not None and goal.held == ()
        view = (await rt.worldview("logical")).render()
        await rt.rebuild()
        assert (await rt.worldview("logical")).render() == view


async def test_a_state_before_the_plan_or_without_one_fulfils_nothing() -> None:
    async with MemoryRuntime.memory(namespace="plans") as rt:
        await _say(rt, _on(5, 3), "I'm moving to Berlin in August.")
        # Told after the plan, but it held years before it was made.
        assert await _say(rt, _on(5, 5), "I moved to Berlin in 2019.") == [
            ("location", "Berlin", "assert")
        ]
        # No plan to fulfil.
        assert await _say(rt, _on(5, 6), "I work at Globex.") == [("employer", "Globex", "assert")]
        goal = await rt.belief("Sam", "goal")
        assert goal is not None and goal.held == ("move to Berlin",)


def test_fulfilled_plans_reads_asserted_states_only() -> None:
    def claim(attribute: str, value: str, polarity: str = "assert") -> Claim:
        return Claim(
            entity="Sam",
            attribute=attribute,
            value=value,
            polarity=polarity,  # type: ignore[arg-type]
        )

    asked: list[tuple[str, str, datetime]] = []

    def held(entity: str, attribute: str, at: datetime) -> tuple[str, ...]:
        asked.append((entity, attribute, at))
        return ("Work at Google", "retire") if attribute == "goal" else ()

    claims = [
        claim("employer", "Google", "negate"),  # a denial fulfils nothing
        claim("likes", "tea"),  # no plan
        claim("goal", "retire"),  # a plan is no state
        claim("employer", "google"),
        claim("role", "retired"),
    ]

    def said(entity: str, attribute: str) -> tuple[str, ...]:
        return ("work at google", "Retire", "move to Rome") if attribute == "goal" else ()

    out = fulfilled_plans(claims, SAID, held, said)
    # The value as memory holds it, once each.
    assert [(c.attribute, c.value, c.polarity) for c in out] == [
        ("goal", "Work at Google", "negate"),
        ("goal", "retire", "negate"),
    ]
    assert asked == [("Sam", "goal", SAID), ("Sam", "goal", SAID)]
    # A plan the claims already deny is not denied twice.
    assert fulfilled_plans(
        [*claims, claim("goal", "work at google", "negate")], SAID, held, said
    ) == [out[1]]
    # A state never planned reads nothing of the past.
    asked.clear()
    assert fulfilled_plans([claim("location", "Oslo")], SAID, held, said) == []
    assert asked == []
