"""Whom someone reports to (``manager``), the team they are on (``team``), their time zone
(``timezone``), and "our" as the speaker's possessive ("our dog Pixel", "our kids Mia and
Leo")."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from nousmem.runtime import MemoryRuntime
from tests.helpers import extracted_claims as claims


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("My manager is Priya Raman.", ("Dana", "Priya Raman", "assert")),
        ("My new manager is Tom Okafor since last week.", ("Dana", "Tom Okafor", "assert")),
        ("My boss Sarah gave me a raise!", ("Dana", "Sarah", "assert")),
        ("Tom is my manager.", ("Dana", "Tom", "assert")),
        ("Tom is still my supervisor.", ("Dana", "Tom", "assert")),
        ("I report to Dana Li.", ("Dana", "Dana Li", "assert")),
        ("Ana's manager is Bo.", ("Ana", "Bo", "assert")),
        ("My team lead is Omar and he is great.", ("Dana", "Omar", "assert")),
        ("My tech lead is Chidi.", ("Dana", "Chidi", "assert")),
        ("Chidi is my lead.", ("Dana", "Chidi", "assert")),
        # The new one, with "now" or "currently" before the name.
        ("My manager is now Tom, Priya left.", ("Dana", "Tom", "assert")),
        ("My boss is currently Tom Okafor.", ("Dana", "Tom Okafor", "assert")),
        # Named, or with the name said as the boss's.
        ("My boss is called Maria.", ("Dana", "Maria", "assert")),
        ("My new manager is named Tom Okafor.", ("Dana", "Tom Okafor", "assert")),
        ("My boss's name is Maria.", ("Dana", "Maria", "assert")),
        # Where the boss is one's boss, between the boss and the name.
        ("My manager at Stripe is Priya.", ("Dana", "Priya", "assert")),
        ("My boss at work is Dana Lee.", ("Dana", "Dana Lee", "assert")),
        ("My new manager at The Home Depot is Lisa.", ("Dana", "Lisa", "assert")),
        ("My old boss at Acme is Raj.", ("Dana", "Raj", "negate")),
        # Denied: a former manager, or one no longer.
        ("My former boss Greg called.", ("Dana", "Greg", "negate")),
        ("Tom is my ex-boss.", ("Dana", "Tom", "negate")),
        # A name set off by commas that a verb follows is the boss's.
        ("My boss, Karen, is on vacation until Monday.", ("Dana", "Karen", "assert")),
        ("My boss, Karen, just quit.", ("Dana", "Karen", "assert")),
        ("Tom is no longer my boss.", ("Dana", "Tom", "negate")),
        ("I don't report to Tom anymore.", ("Dana", "Tom", "negate")),
    ],
)
def test_a_manager_is_read(text: str, expected: tuple[str, str, str]) -> None:
    entity, value, polarity = expected
    assert [c for c in claims(text) if c[1] == "manager"] == [(entity, "manager", value, polarity)]


@pytest.mark.parametrize(
    "text",
    [
        "My manager is great.",  # no name
        "My manager is now on leave.",  # no name after "now" either
        "My boss is Italian.",  # a nationality, not a name
        "My boss at Stripe is great.",  # no name, where or not
        "If my manager is Tom, I'll quit.",  # a supposition
        "Thanks for asking about my boss, Tom.",  # Tom is spoken to
        "I'm worried about my boss, Tom, he's been weird.",
        "I told my boss, Tom, that I quit.",
        "I told my boss Friday works.",  # "my boss" is told something
        "Tom is my manager's husband.",  # someone else's relation
        "I reported to the police.",  # no name; and the past
        "I reported to Tom at my old job.",  # the past: any earlier job
    ],
)
def test_what_only_looks_like_a_manager_gives_none(text: str) -> None:
    assert [c for c in claims(text) if c[1] == "manager"] == []


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("I live in Leeds with my partner Sam and our dog Pixel.", ("pet", "dog Pixel")),
        ("Our kids Mia and Leo love the beach.", ("child", "Mia")),
        ("Our son Max turned 5.", ("child", "Max")),
        ("Our friend Tom visited.", ("friend", "Tom")),
        ("Our cat's name is Luna.", ("pet", "cat Luna")),
        ("Our manager is Priya.", ("manager", "Priya")),
    ],
)
def test_our_is_the_speakers_possessive(text: str, expected: tuple[str, str]) -> None:
    attribute, value = expected
    assert ("Dana", attribute, value, "assert") in claims(text)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("I'm on the platform team.", ("Dana", "platform team", "assert")),
        ("I work in the data science team at Acme.", ("Dana", "data science team", "assert")),
        ("I'm part of the SRE team.", ("Dana", "SRE team", "assert")),
        ("I joined the growth team last month.", ("Dana", "growth team", "assert")),
        ("Tom moved to the payments team.", ("Tom", "payments team", "assert")),
        ("I'm no longer on the platform team.", ("Dana", "platform team", "negate")),
        ("I don't work in the data team anymore.", ("Dana", "data team", "negate")),
        # The team one heads.
        ("I lead the data team.", ("Dana", "data team", "assert")),
        ("Ana heads up our growth team.", ("Ana", "growth team", "assert")),
        ("I used to manage the platform team.", ("Dana", "platform team", "negate")),
        # A place on a team won.
        ("Leo made the basketball team!", ("Leo", "basketball team", "assert")),
        ("Mia got on the swim team.", ("Mia", "swim team", "assert")),
        ("Leo was picked for the school chess team.", ("Leo", "school chess team", "assert")),
    ],
)
def test_a_team_is_read(text: str, expected: tuple[str, str, str]) -> None:
    entity, value, polarity = expected
    assert [c for c in claims(text) if c[1] == "team"] == [(entity, "team", value, polarity)]


@pytest.mark.parametrize(
    ("text", "employer"),
    [
        ("I'm on the platform team at Spotify.", "Spotify"),
        ("I work in the data team at Acme Corp.", "Acme Corp"),
        ("I'm in the marketing department of Unilever.", "Unilever"),
        # Not a place by its name; a team left is no employer left.
        ("I'm on the team at work.", None),
        ("I'm no longer on the growth team at Stripe.", None),
        ("I'm not on the platform team at Spotify.", None),
    ],
)
def test_a_teams_organisation_is_the_employer(text: str, employer: str | None) -> None:
    got = [c for c in claims(text) if c[1] == "employer"]
    assert got == ([] if employer is None else [("Dana", "employer", employer, "assert")])


@pytest.mark.parametrize(
    "text",
    [
        "I'm on the same team as Tom.",  # no team named
        "I'm in the team.",
        "I was on the platform team.",  # once: says nothing of now
        "I'll be joining the infra team next month.",  # a plan
        "I work with the design team.",  # beside it, not in it
        "I run the team meetings.",  # no team named
        "Is Tom on the platform team?",
        "If I'm on the platform team, I'll know.",
    ],
)
def test_what_only_looks_like_a_team_gives_none(text: str) -> None:
    assert [c for c in claims(text) if c[1] == "team"] == []


def test_a_move_to_a_team_is_no_home_and_joining_one_no_outing() -> None:
    assert [c for c in claims("Tom moved to the payments team.") if c[1] == "location"] == []
    assert [c[1] for c in claims("I joined the data team.")] == ["team"]


async def test_a_new_team_supersedes_the_old_and_a_question_finds_it() -> None:
    t0 = datetime(2025, 1, 6, 9, tzinfo=UTC)
    async with MemoryRuntime.memory(namespace="u") as rt:
        for text, day in [("I'm on the platform team.", 0), ("I joined the data team.", 30)]:
            await rt.observe_and_route(
                {"content": text, "actor": "Lee", "occurred_at": t0 + timedelta(days=day)}
            )
        belief = await rt.belief("Lee", "team")
        assert belief is not None and belief.mode == "data team"
        ctx = await rt.query("Which team is Lee on?", budget_tokens=200)
        snapshot = ctx.to_prompt().split("## Supporting memories")[0]
        assert "Lee.team: data team" in snapshot


async def test_a_new_manager_supersedes_the_old_and_a_question_finds_them() -> None:
    t0 = datetime(2025, 1, 6, 9, tzinfo=UTC)
    async with MemoryRuntime.memory(namespace="u") as rt:
        for text, day in [
            ("My manager is Priya Raman and I work at Northwind.", 0),
            ("I'm vegetarian.", 1),
            ("My new manager is Tom Okafor; Priya moved to the Berlin office.", 45),
        ]:
            await rt.observe_and_route(
                {"content": text, "actor": "user", "occurred_at": t0 + timedelta(days=day)}
            )
        belief = await rt.belief("user", "manager")
        assert belief is not None and belief.mode == "Tom Okafor"
        ctx = await rt.query("Who is my boss?", budget_tokens=200, actor="user")
        snapshot = ctx.to_prompt().split("## Supporting memories")[0]
        assert "user.manager: Tom Okafor" in snapshot and "diet" not in snapshot
        history = (await rt.worldview(lens="historical")).render()
        assert "Priya Raman (6 January 2025 - 20 February 2025) [superseded]" in history


async def test_a_new_time_zone_replaces_the_old_and_a_question_finds_it() -> None:
    t0 = datetime(2025, 3, 1, 9, tzinfo=UTC)
    async with MemoryRuntime.memory(namespace="u") as rt:
        for text, day in [
            ("I'm in Pacific time.", 0),
            ("I like jazz.", 1),
            ("We moved to Berlin, so I'm on CET now.", 3),
        ]:
            await rt.observe_and_route(
                {"content": text, "actor": "Kim", "occurred_at": t0 + timedelta(days=day)}
            )
        ctx = await rt.query("What time zone am I in?", budget_tokens=200, actor="Kim")
        assert ctx.prompt_sections["worldview"].splitlines()[0] == (
            "- fact Kim.timezone: CET (since 4 March 2025)"
        )
        history = (await rt.worldview(lens="historical")).render()
        assert "Pacific time (1 March 2025 - 4 March 2025) [superseded]" in history


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("My sister, Maya, lives in Paris.", ("sibling", "Maya")),
        ("My son, Leo, started school.", ("child", "Leo")),
        ("My coworker, Dan, just got promoted.", ("coworker", "Dan")),
        ("My doctor, Dr. Lee, retired.", ("doctor", "Dr. Lee")),
    ],
)
def test_a_relative_named_between_commas_before_a_verb(
    text: str, expected: tuple[str, str]
) -> None:
    attribute, value = expected
    assert ("Dana", attribute, value, "assert") in claims(text)


def test_a_team_made_is_no_thing_made() -> None:
    assert [c[1] for c in claims("Leo made the basketball team!")] == ["team"]
    assert [c[1:3] for c in claims("I made a cake.")] == [("activity", "made cake")]
    assert claims("We made the team proud.") == []


async def test_a_team_made_fulfils_the_try_out() -> None:
    t0 = datetime(2026, 4, 1, 12, tzinfo=UTC)
    async with MemoryRuntime.memory(namespace="team") as rt:
        for text, day in [
            ("Leo wants to try out for the basketball team.", 0),
            ("Leo made the basketball team!", 19),
        ]:
            await rt.observe_and_route(
                {"content": text, "actor": "Sam", "occurred_at": t0 + timedelta(days=day)}
            )
        team = await rt.belief("Leo", "team")
        goal = await rt.belief("Leo", "goal")
    assert team is not None and team.held == ("basketball team",)
    assert goal is None or "try out for the basketball team" not in goal.held
