"""A state said to come is a plan, a ``goal`` (policies/plans.py): memory keeps "I start at
Google in June" as ``work at Google`` dated June, and the employer it holds stays."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from nousmem.policies import RuleExtractor
from nousmem.policies.planner import plan_query
from nousmem.policies.plans import plan_of, supposed_plan
from nousmem.policies.timeexpr import resolve_time_expressions
from nousmem.projections.models import Observation
from nousmem.projections.schema import DEFAULT_SCHEMA
from nousmem.runtime import MemoryRuntime
from nousmem.runtime.fact_lines import asks_about

EX = RuleExtractor()
SAID = datetime(2024, 5, 1, 12, tzinfo=UTC)


def rows(text: str) -> list[tuple[str, str, str, str]]:
    obs = Observation(content=text, actor="Sam", occurred_at=SAID)
    return [(c.entity, c.attribute, c.value, c.polarity) for c in EX.extract_sync(obs)]


@pytest.mark.parametrize(
    ("attribute", "value", "plan"),
    [
        ("employer", "Google", "work at Google"),
        ("location", "New York", "move to New York"),
        ("role", "nurse", "become a nurse"),
        ("role", "engineer", "become an engineer"),
        ("role", "Retired", "retire"),
        ("team", "platform team", "join the platform team"),
        ("spouse", "Tom", "marry Tom"),
        ("relationship_status", "married", "get married"),
        ("relationship_status", "engaged", "get engaged"),
        # No plan: states nobody plans in these words.
        ("relationship_status", "single", None),
        ("manager", "Tom", None),
        ("timezone", "CET", None),
        ("age", "40", None),
    ],
)
def test_each_state_makes_its_plan(attribute: str, value: str, plan: str | None) -> None:
    assert plan_of(attribute, value) == plan


def test_a_supposing_word_before_the_subject_hangs_the_plan_on_it() -> None:
    text = "If I get the job, I will work at Google."
    assert supposed_plan(text, text.index("I will"))
    # A clause break ends what the supposing word reaches.
    text = "I'm not sure if it's true; I will work at Google."
    assert not supposed_plan(text, text.index("I will"))
    assert not supposed_plan("I will work at Google.", 0)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            "I'm starting grad school in September.",
            [("Sam", "goal", "start grad school", "assert")],
        ),
        ("I start law school in August.", [("Sam", "goal", "start law school", "assert")]),
        ("I'll begin my PhD next fall.", [("Sam", "goal", "start PhD", "assert")]),
        ("I'm starting college.", [("Sam", "goal", "start college", "assert")]),
        ("I'm starting a new job next month.", [("Sam", "goal", "start a new job", "assert")]),
        (
            "I'm going back to school in the fall.",
            [("Sam", "goal", "go back to school", "assert")],
        ),
        ("I'm not starting college this year.", [("Sam", "goal", "start college", "negate")]),
        # A day's hours, a start that has been, a supposition, a question, a chore.
        ("I start school at 8.", []),
        ("I start work at 9.", []),
        ("I started college in 2019.", []),
        ("If I start grad school in May, I'll move.", []),
        ("Should I start grad school next year?", []),
        ("We're starting school shopping.", []),
    ],
)
def test_a_start_to_come_is_a_plan(text: str, expected: list[tuple[str, str, str, str]]) -> None:
    assert rows(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("I accepted an offer from Globex.", [("Sam", "employer", "Globex", "assert")]),
        ("I took the job offer at Initech.", [("Sam", "employer", "Initech", "assert")]),
        # An offer got is not one taken; nor one asked about, denied or lowercase.
        ("I got an offer from Google.", []),
        ("Should I accept the offer from Hooli?", []),
        ("I didn't accept the offer from Hooli.", []),
        ("We accepted an offer on the house.", []),
    ],
)
def test_an_offer_accepted_is_the_employer(
    text: str, expected: list[tuple[str, str, str, str]]
) -> None:
    assert rows(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # "starting" before a date ends the value, cut or not.
        ("I work at Google starting today.", [("Sam", "employer", "Google", "assert")]),
        ("I work at Google starting from Monday.", [("Sam", "goal", "work at Google", "assert")]),
        # Elsewhere it is a word of the value.
        ("I like the starting lineup.", [("Sam", "likes", "starting lineup", "assert")]),
        ("I love Starting Strength.", [("Sam", "likes", "Starting Strength", "assert")]),
    ],
)
def test_a_start_ends_a_value(text: str, expected: list[tuple[str, str, str, str]]) -> None:
    assert rows(text) == expected


@pytest.mark.parametrize(
    ("text", "start"),
    [
        # Said on 1 May 2024: a start in the first person and these progressives plan ahead.
        ("I start at Google in June.", "2024-06-01"),
        ("We start school in August.", "2024-08-01"),
        ("I'm marrying Tom in June.", "2024-06-01"),
        ("I'm joining the team in June.", "2024-06-01"),
        ("I'm retiring in March.", "2025-03-01"),
        # The third person and the past still read back.
        ("I started at Google in March.", "2024-03-01"),
    ],
)
def test_a_start_or_a_plan_in_the_progressive_dates_ahead(text: str, start: str) -> None:
    (mention,) = resolve_time_expressions(text, SAID)
    assert mention.start.isoformat() == start


async def _said(rt: MemoryRuntime, texts: list[str]) -> None:
    for day, text in enumerate(texts, start=1):
        await rt.observe_and_route(
            {"content": text, "actor": "Sam", "occurred_at": SAID.replace(day=day)}
        )


# A job held, and a new job and a move to come (said on 1, 2 and 3 May 2024).
PLANNED = ["I work at Initech.", "I start at Google in June.", "I'm moving to Berlin in August."]


async def test_a_plan_stands_beside_the_state_memory_holds() -> None:
    async with MemoryRuntime.memory(namespace="plans") as rt:
        await _said(rt, PLANNED)
        employer = await rt.belief("Sam", "employer")
        assert employer is not None and employer.mode == "Initech"
        assert await rt.belief("Sam", "location") is None
        view = (await rt.worldview("logical")).render()
        assert "- fact Sam.employer: Initech (since 1 May 2024)" in view
        assert "- fact Sam.goal: move to Berlin (August 2024); work at Google (June 2024)" in view
        # A question in the future tense asks for plans, beside the job held now.
        prompt = (await rt.query("Where will Sam work?", budget_tokens=300)).to_prompt()
        assert "Sam.employer: Initech" in prompt
        assert "work at Google (June 2024)" in prompt
        # Rebuilt from the journal, the worldview is the same.
        await rt.rebuild()
        assert (await rt.worldview("logical")).render() == view


async def test_a_plan_that_comes_true_sets_the_state_and_ends_the_plan() -> None:
    async with MemoryRuntime.memory(namespace="plans") as rt:
        await _said(rt, ["I work at Initech.", "I start at Google in June."])
        await rt.observe_and_route(
            {
                "content": "I started at Google today!",
                "actor": "Sam",
                "occurred_at": datetime(2024, 6, 3, 9, tzinfo=UTC),
            }
        )
        employer = await rt.belief("Sam", "employer")
        assert employer is not None and employer.mode == "Google"
        goal = await rt.belief("Sam", "goal")
        assert goal is not None and goal.held == ()


@pytest.mark.parametrize(
    ("question", "asked"),
    [
        ("Where will Sam work?", True),
        ("Where will Sam Lee be working?", True),
        ("When will Sam move?", True),
        ("Is Sam going to move?", True),
        ("When does Sam start at Google?", True),
        ("What does Sam have coming up?", True),
        ("Where does Sam work?", False),
        # More than three words apart is no phrase.
        ("Will you tell me if Sam and his wife work there?", False),
    ],
)
def test_future_questions_ask_for_plans(question: str, asked: bool) -> None:
    plan = plan_query(question, lens="current", ref_time=SAID, known_entities=["Sam"])
    assert asks_about(plan, "goal", DEFAULT_SCHEMA.spec("goal").aliases) is asked


async def test_a_plan_called_off_is_denied_and_one_never_made_is_not() -> None:
    async with MemoryRuntime.memory(namespace="plans") as rt:
        await _said(rt, PLANNED)
        at = SAID.replace(day=10)
        said = []
        for text in (
            # The move said in the progressive, denied: the plan, not a home never held.
            "I'm not moving to Berlin anymore.",
            "I won't be working at Google after all.",
            # Nothing to call off.
            "I won't move to Paris.",
        ):
            res = await rt.observe_and_route({"content": text, "actor": "Sam", "occurred_at": at})
            said.append([(d.attribute, d.value, d.polarity) for d in res.deltas])
        assert said == [
            [("goal", "move to Berlin", "negate")],
            [("goal", "work at Google", "negate")],
            [],
        ]
        goal = await rt.belief("Sam", "goal")
        assert goal is not None and goal.held == ()
        employer = await rt.belief("Sam", "employer")
        assert employer is not None and employer.mode == "Initech"
        assert await rt.belief("Sam", "location") is None
        history = (await rt.worldview("historical")).render()
        assert "move to Berlin (3 May 2024 - 10 May 2024) [negated]" in history


async def test_a_home_held_and_a_plan_to_it_are_both_denied() -> None:
    async with MemoryRuntime.memory(namespace="plans") as rt:
        await _said(rt, ["I live in Berlin.", "I'm moving to Berlin in August."])
        res = await rt.observe_and_route(
            {
                "content": "I'm no longer moving to Berlin.",
                "actor": "Sam",
                "occurred_at": SAID.replace(day=5),
            }
        )
        assert [(d.attribute, d.polarity) for d in res.deltas] == [
            ("location", "negate"),
            ("goal", "negate"),
        ]


def test_plans_in_context_keeps_what_it_does_not_read() -> None:
    from nousmem.policies.plans import plans_in_context
    from nousmem.projections.models import Claim

    def claim(attribute: str, value: str, polarity: str, extractor: str = "rule") -> Claim:
        return Claim(
            entity="Sam",
            attribute=attribute,
            value=value,
            confidence=0.9,
            polarity=polarity,  # type: ignore[arg-type]
            extractor=extractor,
        )

    def held(entity: str, attribute: str, at: datetime) -> tuple[str, ...]:
        return ("Move to Berlin",) if attribute == "goal" else ()

    claims = [
        claim("likes", "tea", "assert"),
        claim("location", "Berlin", "negate"),
        claim("goal", "move to Rome", "negate"),  # a rule's denial of a goal not held
        claim("goal", "move to Rome", "negate", extractor="llm"),  # the caller's: kept
        claim("employer", "Acme", "negate"),  # no plan to work at Acme: kept as said
    ]
    out = plans_in_context(claims, SAID, held)
    assert [(c.attribute, c.value, c.polarity, c.extractor) for c in out] == [
        ("likes", "tea", "assert", "rule"),
        ("goal", "move to Berlin", "negate", "rule"),
        ("goal", "move to Rome", "negate", "llm"),
        ("employer", "Acme", "negate", "rule"),
    ]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("We're expecting a baby in March.", [("Sam", "goal", "have a baby", "assert")]),
        ("I'm expecting our first child.", [("Sam", "goal", "have a baby", "assert")]),
        ("We're expecting twins this fall!", [("Sam", "goal", "have a baby", "assert")]),
        ("I'm pregnant with our second child!", [("Sam", "goal", "have a baby", "assert")]),
        ("We're pregnant!", [("Sam", "goal", "have a baby", "assert")]),
        ("We're having a baby in May!", [("Sam", "goal", "have a baby", "assert")]),
        ("We're having a baby girl.", [("Sam", "goal", "have a baby", "assert")]),
        ("I'm having twins.", [("Sam", "goal", "have a baby", "assert")]),
        ("We're having a baby shower on Saturday.", []),
        ("Are you having a baby?", []),
        ("We were having a baby but lost it.", []),
        ("I was pregnant in 2020.", []),
        ("Are you pregnant?", []),
        # Something else expected, denied, asked about or past.
        ("I'm expecting a call from Tom.", []),
        ("I'm expecting a package tomorrow.", []),
        ("We're not expecting a baby.", []),
        ("Are you expecting a baby?", []),
        ("We were expecting a baby last year.", []),
        # A baby or kids wanted is the same plan; not wanted, its denial.
        ("I want to have kids someday.", [("Sam", "goal", "have a baby", "assert")]),
        ("We're hoping to have a baby next year.", [("Sam", "goal", "have a baby", "assert")]),
        ("I'd love to have children.", [("Sam", "goal", "have a baby", "assert")]),
        ("I don't want kids.", [("Sam", "goal", "have a baby", "negate")]),
        ("Ana doesn't want children.", [("Ana", "goal", "have a baby", "negate")]),
        ("I want to have lunch.", []),
        ("If I have kids I'll move.", []),
        ("Do you want kids?", []),
    ],
)
def test_a_baby_expected_is_a_plan(text: str, expected: list[tuple[str, str, str, str]]) -> None:
    assert rows(text) == expected


def test_a_baby_expected_in_a_bare_month_is_the_next_one() -> None:
    obs = Observation(content="We're expecting a baby in March.", actor="Sam", occurred_at=SAID)
    (claim,) = EX.extract_sync(obs)
    assert claim.valid_at is not None and claim.valid_at.isoformat() == "2025-03-01"


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # A clause that waits for something: the move is a plan, not a home now.
        (
            "Once the visa comes through, I'm moving to Berlin.",
            [("Sam", "goal", "move to Berlin", "assert")],
        ),
        ("When I retire, I'm moving to Portugal.", [("Sam", "goal", "move to Portugal", "assert")]),
        (
            "As soon as we sell the house, I'm moving to Denver.",
            [("Sam", "goal", "move to Denver", "assert")],
        ),
        ("Once I'm settled, I'm moving to Berlin.", [("Sam", "goal", "move to Berlin", "assert")]),
        # One told as past still dates a move that was.
        ("After I graduated, I moved to Boston.", [("Sam", "location", "Boston", "assert")]),
        # A time, no clause: what follows holds as said.
        ("After a long fight, I moved to Boston.", [("Sam", "location", "Boston", "assert")]),
        # No change verb: no plan, and no state now either.
        ("When I get home, I work at the bakery.", []),
    ],
)
def test_a_state_after_an_awaited_clause_is_a_plan(
    text: str, expected: list[tuple[str, str, str, str]]
) -> None:
    assert rows(text) == expected


def dated_rows(text: str) -> list[tuple[str, str, str, str]]:
    obs = Observation(content=text, actor="Sam", occurred_at=SAID)
    return [(c.attribute, c.value, c.polarity, str(c.valid_at)) for c in EX.extract_sync(obs)]


@pytest.mark.parametrize(
    ("text", "found"),
    [
        # Its "I'm" left out, a start or a move to come is the speaker's plan, dated ahead
        # (said on Wednesday 1 May 2024: Monday is 6 May).
        ("Starting at Initech on Monday!", [("goal", "work at Initech", "assert", "2024-05-06")]),
        (
            "Left Globex. Starting at Initech on Monday, can't wait!",
            [("goal", "work at Initech", "assert", "2024-05-06")],
        ),
        ("Moving to Denver next month!", [("goal", "move to Denver", "assert", "2024-06-01")]),
        ("Moving to Denver!", [("location", "Denver", "assert", "None")]),
        # The going as what the sentence is about is no one's move.
        ("Moving to Berlin is hard.", []),
        ("Starting at Initech is exciting.", []),
        # ... but a plan so said is still a plan.
        ("Planning to visit Rome is stressful.", [("goal", "visit Rome", "assert", "None")]),
    ],
)
def test_a_start_or_a_move_to_come_without_its_subject(
    text: str, found: list[tuple[str, str, str, str]]
) -> None:
    assert dated_rows(text) == found


def test_a_sentence_that_opens_with_a_going_points_ahead() -> None:
    (m,) = resolve_time_expressions("Great weekend! Flying to Rome on Friday.", SAID)
    assert str(m.start) == "2024-05-03"
    # In the past, or as a subject, it does not.
    (m,) = resolve_time_expressions("Going to the gym on Monday was hard.", SAID)
    assert str(m.start) == "2024-04-29"
