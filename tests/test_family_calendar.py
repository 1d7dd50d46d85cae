"""A family's calendar: a child's play, playdate, sleepover, field trip or birthday party is
an ``activity`` (policies/rules_calendar.py); "our daughter" is the speaker's daughter, and
a sentence about a group ("My kids have a soccer game on Saturday", "The kids are allergic
to peanuts") is said of each one memory knows by name (runtime/kin_claims.py); "my kids"
in a question means every child memory knows (runtime/forget_kin.py)."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from nousmem.runtime import FixedClock, MemoryRuntime
from tests.helpers import DatedRow as Row
from tests.helpers import dated_rows, held, say_at

SAID = datetime(2024, 5, 1, 12, tzinfo=UTC)  # a Wednesday
ASKED = datetime(2024, 5, 2, 9, tzinfo=UTC)


def rows(text: str) -> list[Row]:
    return dated_rows(text, SAID)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            "Ana's birthday party is on Saturday.",
            [("Ana", "activity", "birthday party", "2024-05-04")],
        ),
        (
            "My son's birthday party is on Saturday.",
            [("Sam", "activity", "son's birthday party", "2024-05-04")],
        ),
        ("Our holiday party is next Friday.", [("Sam", "activity", "holiday party", "2024-05-03")]),
        ("Mia's school play is on Thursday.", [("Mia", "activity", "school play", "2024-05-02")]),
        (
            "Ana has a playdate with Leo tomorrow.",
            [("Ana", "activity", "playdate with Leo", "2024-05-02")],
        ),
        # A play date is no hobby of dates.
        (
            "Leo has a play date with Sam tomorrow.",
            [("Leo", "activity", "play date with Sam", "2024-05-02")],
        ),
        ("Mia has a sleepover on Friday.", [("Mia", "activity", "sleepover", "2024-05-03")]),
        ("Leo has a field trip on Thursday.", [("Leo", "activity", "field trip", "2024-05-02")]),
        ("I play tennis.", [("Sam", "hobby", "tennis", None)]),
        # A child by the singular "kid" or "child", as by "son" or "daughter".
        (
            "My kid Leo loves trains.",
            [("Sam", "child", "Leo", None), ("Leo", "likes", "trains", None)],
        ),
        # No day, no owner, or the word as a modifier.
        ("I have a play to finish.", []),
        ("The party is on Saturday.", []),
        ("My party trick is juggling.", []),
        ("The play area is closed.", []),
    ],
)
def test_a_familys_occasions_read(text: str, expected: list[Row]) -> None:
    assert rows(text) == expected


async def _deltas(rt: MemoryRuntime, text: str) -> list[tuple[str, str, str]]:
    r = await say_at(rt, text, SAID, actor="Sam")
    return sorted((d.entity, d.attribute, d.value) for d in r.deltas)


async def test_a_group_of_relatives_is_read_of_each_by_name() -> None:
    async with MemoryRuntime.memory(namespace="home") as rt:
        await say_at(rt, "My kids Mia and Leo love the zoo.", SAID, actor="Sam")
        assert await _deltas(rt, "My kids have a soccer game on Saturday.") == [
            ("Leo", "activity", "soccer game"),
            ("Mia", "activity", "soccer game"),
        ]
        assert await _deltas(rt, "The kids are allergic to peanuts.") == [
            ("Leo", "allergy", "peanuts"),
            ("Mia", "allergy", "peanuts"),
        ]
        assert await _deltas(rt, "My kids don't like broccoli.") == [
            ("Leo", "dislikes", "broccoli"),
            ("Mia", "dislikes", "broccoli"),
        ]
        # Not what is no one's alone (an age), nor other kids, nor the speaker's family.
        assert await _deltas(rt, "My kids are 5 and 7.") == []
        assert await _deltas(rt, "The kids at school are loud.") == []
        assert await _deltas(rt, "My family has a soccer game on Sunday.") == []
        assert await held(rt, "Sam", "activity") == ()


async def test_a_group_no_one_is_known_in_is_read_of_no_one() -> None:
    async with MemoryRuntime.memory(namespace="home") as rt:
        assert await _deltas(rt, "My kids have a soccer game on Saturday.") == []
        # Nor of another speaker's children.
        await say_at(rt, "My kids Mia and Leo love the zoo.", SAID, actor="Ana")
        assert await _deltas(rt, "My kids have a soccer game on Saturday.") == []


async def test_our_relative_is_the_speakers() -> None:
    async with MemoryRuntime.memory(namespace="home") as rt:
        await say_at(rt, "My daughter Mia is in second grade.", SAID, actor="Sam")
        assert await _deltas(rt, "Our daughter has a piano recital on Friday.") == [
            ("Mia", "activity", "piano recital")
        ]
        # Of two children of no known noun, "our son" may mean either: neither.
        await say_at(rt, "My kid Leo loves trains.", SAID, actor="Sam")
        assert await _deltas(rt, "Our son has a sleepover on Friday.") == []


async def test_my_kids_in_a_question_means_every_child_known() -> None:
    async with MemoryRuntime.memory(namespace="home", clock=FixedClock(ASKED)) as rt:
        for text in (
            "My kids Mia and Leo love the zoo.",
            "My sisters Ana and Eva live in Rome.",
            "My brother Tom is a chef.",
            "My kids have a soccer game on Saturday.",
        ):
            await say_at(rt, text, SAID, actor="Sam")
        ctx = await rt.query("What do my kids have this weekend?", actor="Sam")
        assert set(ctx.plan["relatives"]) == {"Mia", "Leo"}
        ctx = await rt.query("Where do my sisters live?", actor="Sam")
        assert set(ctx.plan["relatives"]) == {"Ana", "Eva"}  # Tom is a brother
        ctx = await rt.query("What do I have coming up?", budget_tokens=1000, actor="Sam")
        assert ctx.prompt_sections["worldview"].splitlines() == [
            "- fact Leo.activity: soccer game (4 May 2024)",
            "- fact Mia.activity: soccer game (4 May 2024)",
        ]


async def test_forgetting_a_group_reaches_every_one_known_by_name() -> None:
    async with MemoryRuntime.memory(namespace="home") as rt:
        for text in (
            "My sisters are Ana and Eva.",
            "Ana works at Google.",
            "Eva lives in Rome.",
            "My brother Tom is a chef.",
        ):
            await say_at(rt, text, SAID, actor="Sam")
        r = await say_at(rt, "Forget everything about my sisters.", ASKED, actor="Sam")
        assert set(r.forgotten) == {
            "fact:ana.employer#google",
            "fact:eva.location#rome",
            "fact:sam.sibling#ana",
            "fact:sam.sibling#eva",
        }
        assert await held(rt, "Tom", "role") == ("chef",)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Leo's teacher is Mrs. Brown.", [("Leo", "teacher", "Mrs. Brown", None)]),
        ("Mrs. Brown is Leo's teacher.", [("Leo", "teacher", "Mrs. Brown", None)]),
        ("Our nanny is Maria.", [("Sam", "nanny", "Maria", None)]),
        ("Our new babysitter is Rosa.", [("Sam", "nanny", "Rosa", None)]),
        ("Our babysitter Emma is coming at 6.", [("Sam", "nanny", "Emma", None)]),
        # Not a name, a class's teacher, a pet's sitter, nor the speaker's own work.
        ("Leo's teacher is great.", []),
        ("Leo's piano teacher is Ana.", []),
        ("My dog sitter is Tom.", []),
        ("I'm a teacher.", [("Sam", "role", "teacher", None)]),
    ],
)
def test_who_teaches_or_minds_the_children(text: str, expected: list[Row]) -> None:
    assert rows(text) == expected


async def test_a_new_teacher_replaces_the_old_and_a_question_finds_her() -> None:
    async with MemoryRuntime.memory(namespace="home", clock=FixedClock(ASKED)) as rt:
        await say_at(rt, "My son Leo's teacher is Mr. Green.", SAID, actor="Sam")
        await say_at(rt, "Leo's teacher is Mrs. Brown now.", ASKED, actor="Sam")
        assert await held(rt, "Leo", "teacher") == ("Mrs. Brown",)
        ctx = await rt.query("Who is Leo's teacher?", budget_tokens=300, actor="Sam")
        assert (
            ctx.prompt_sections["worldview"]
            .splitlines()[0]
            .startswith("- fact Leo.teacher: Mrs. Brown")
        )
        await say_at(rt, "Our nanny is Maria.", SAID, actor="Sam")
        ctx = await rt.query("Who is our babysitter?", budget_tokens=300, actor="Sam")
        assert "Sam.nanny: Maria" in ctx.prompt_sections["worldview"]
        await say_at(rt, "Maria is no longer our nanny.", ASKED, actor="Sam")
        assert await held(rt, "Sam", "nanny") == ()


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            "Mia starts swim lessons next month.",
            [("Mia", "goal", "start swim lessons", "2024-06-01")],
        ),
        (
            "I'm starting piano lessons next week.",
            [("Sam", "goal", "start piano lessons", "2024-05-06")],
        ),
        ("Leo starts daycare on Monday.", [("Leo", "goal", "start daycare", "2024-05-06")]),
        (
            "Ana is starting summer camp in June.",
            [("Ana", "goal", "start summer camp", "2024-06-01")],
        ),
        # No time ahead, the hours of a day, a past, or "the lessons" (which?).
        ("I start lessons at 8.", []),
        ("I started swim lessons last month.", []),
        ("I start the lessons next week.", []),
        ("I'm starting to feel better.", []),
    ],
)
def test_a_start_of_lessons_camp_or_daycare_is_a_plan(text: str, expected: list[Row]) -> None:
    assert rows(text) == expected


async def test_a_groups_plan_is_each_ones() -> None:
    async with MemoryRuntime.memory(namespace="home") as rt:
        await say_at(rt, "My kids Mia and Leo love the zoo.", SAID, actor="Sam")
        assert await _deltas(rt, "The kids start summer camp in June.") == [
            ("Leo", "goal", "start summer camp"),
            ("Mia", "goal", "start summer camp"),
        ]
        assert await _deltas(rt, "My kids want to go to Disneyland.") == [
            ("Leo", "goal", "go to Disneyland"),
            ("Mia", "goal", "go to Disneyland"),
        ]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Leo is in third grade.", [("Leo", "grade", "third grade", None)]),
        (
            "My daughter Mia is in 2nd grade.",
            [("Sam", "child", "Mia", None), ("Mia", "grade", "2nd grade", None)],
        ),
        ("Mia is in kindergarten.", [("Mia", "grade", "kindergarten", None)]),
        ("Leo is in grade 5.", [("Leo", "grade", "grade 5", None)]),
        ("I was in third grade when we moved.", []),
        ("I'm in grade school.", []),
        ("My son is in the third grade class.", []),
        ("If Leo is in third grade, he can join.", []),
        ("Is Leo in third grade?", []),
    ],
)
def test_the_school_year_a_child_is_in(text: str, expected: list[Row]) -> None:
    assert rows(text) == expected


async def test_a_new_school_year_replaces_the_last() -> None:
    async with MemoryRuntime.memory(namespace="home", clock=FixedClock(ASKED)) as rt:
        await say_at(rt, "Leo is in third grade.", SAID.replace(year=2023), actor="Sam")
        await say_at(rt, "Leo is now in fourth grade.", SAID, actor="Sam")
        assert await held(rt, "Leo", "grade") == ("fourth grade",)
        ctx = await rt.query("What grade is Leo in?", budget_tokens=300, actor="Sam")
        assert (
            ctx.prompt_sections["worldview"]
            .splitlines()[0]
            .startswith("- fact Leo.grade: fourth grade")
        )


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # "Mia's" before a preposition or a state is "Mia is" (policies/token_names.py).
        ("Mia's allergic to peanuts.", [("Mia", "allergy", "peanuts", None)]),
        ("Ana's vegan.", [("Ana", "diet", "vegan", None)]),
        ("Tom's from Peru.", [("Tom", "origin", "Peru", None)]),
        ("Mia's in kindergarten.", [("Mia", "grade", "kindergarten", None)]),
        # ... and before "got", "has got": what she has on is ahead.
        ("Mia's got a recital on Friday.", [("Mia", "activity", "recital", "2024-05-03")]),
        (
            "Leo has got a soccer game tomorrow.",
            [("Leo", "activity", "soccer game", "2024-05-02")],
        ),
        # A possessive still: a noun follows.
        ("Mia's allergic reaction was scary.", []),
        ("Ana's vegan restaurant opened.", []),
        ("Tom's in-laws live in Ohio.", []),
    ],
)
def test_a_name_contracted_with_is_or_has_is_the_subject(text: str, expected: list[Row]) -> None:
    assert rows(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Mia is also allergic to shellfish.", [("Mia", "allergy", "shellfish", None)]),
        ("I'm still allergic to penicillin.", [("Sam", "allergy", "penicillin", None)]),
        ("I'm also from Peru.", [("Sam", "origin", "Peru", None)]),
        ("I'm also originally from Lima.", [("Sam", "origin", "Lima", None)]),
        ("Is Mia also allergic to shellfish?", []),
    ],
)
def test_also_or_still_before_a_state_reads_it(text: str, expected: list[Row]) -> None:
    assert rows(text) == expected


async def test_the_kids_and_our_daughter_in_a_question_are_the_askers() -> None:
    async with MemoryRuntime.memory(namespace="home", clock=FixedClock(ASKED)) as rt:
        for text in (
            "My son Leo and my daughter Mia love the zoo.",
            "The kids are both allergic to peanuts.",
            "Mia is also allergic to shellfish.",
            "Mia has a piano recital on Friday.",
        ):
            await say_at(rt, text, SAID, actor="Sam")
        ctx = await rt.query("What are the kids allergic to?", budget_tokens=300, actor="Sam")
        assert set(ctx.plan["relatives"]) == {"Leo", "Mia"}
        assert ctx.prompt_sections["worldview"].splitlines()[:2] == [
            "- fact Leo.allergy: peanuts (since 1 May 2024)",
            "- fact Mia.allergy: peanuts (since 1 May 2024); shellfish (since 1 May 2024)",
        ]
        ctx = await rt.query("What does our daughter have on Friday?", actor="Sam")
        assert ctx.plan["relatives"] == ["Mia"]
        assert (
            ctx.prompt_sections["worldview"]
            .splitlines()[0]
            .startswith("- fact Mia.activity: piano recital (3 May 2024)")
        )
        # Another asker's kids are none of Sam's.
        ctx = await rt.query("What are the kids allergic to?", actor="Ana")
        assert ctx.plan["relatives"] == []


async def test_a_kin_word_said_as_a_name_is_the_speakers_relative() -> None:
    async with MemoryRuntime.memory(namespace="home") as rt:
        assert await _deltas(rt, "Mom's birthday is on June 3.") == [
            ("Sam's mother", "birthday", "June 3")
        ]
        assert await _deltas(rt, "Dad turns 70 on Sunday.") == [
            ("Sam's father", "birth_year", "1954"),
            ("Sam's father", "birthday", "May 5"),
        ]
        # The one memory knows by name, once there is one.
        await say_at(rt, "My mom Linda lives in Ohio.", SAID, actor="Sam")
        assert await _deltas(rt, "Mom works at Target.") == [("Linda", "employer", "Target")]
        # Another speaker's mother is theirs.
        r = await say_at(rt, "Mom works at Costco.", SAID, actor="Ana")
        assert [(d.entity, d.value) for d in r.deltas] == [("Ana's mother", "Costco")]
