"""More ways users ask memory to forget: a relative or a pet by name, a former value, a
past-tense clause, a value named in part; and what a request does not do (state the fact it
names, swallow news said beside it, forget when the user only sets a topic aside, or yield to
an older statement imported later)."""

from __future__ import annotations

from typing import Any

import pytest

from nousmem.policies.forget_requests import forget_requests
from nousmem.runtime import MemoryRuntime


async def _say(rt: MemoryRuntime, text: str, day: int) -> Any:
    return await rt.observe_and_route(
        {"content": text, "actor": "user", "source": "user",
         "occurred_at": f"2026-01-{day:02d}T10:00:00Z"}
    )  # fmt: skip


async def _held(rt: MemoryRuntime, attribute: str) -> list[str]:
    wv = await rt.worldview("logical")
    return [c.value for s in wv.slots if s.key == f"user.{attribute}" for c in s.candidates]


@pytest.mark.parametrize(
    ("said", "asked", "attribute", "value"),
    [
        ("I have a dog named Rex.", "Forget about my dog.", "pet", "dog Rex"),
        ("I have a dog named Rex.", "Forget everything I said about my dog Rex.", "pet", "dog Rex"),
        ("My husband Tom is a chef.", "Forget my husband Tom.", "spouse", "Tom"),
        ("My sister Maya is a nurse.", "Please forget my sister Maya.", "sibling", "Maya"),
    ],
)
async def test_a_relative_or_a_pet_is_forgotten_not_stated(
    rt: MemoryRuntime, said: str, asked: str, attribute: str, value: str
) -> None:
    await _say(rt, said, 1)
    assert value in await _held(rt, attribute)
    r = await _say(rt, asked, 2)
    assert r.forget_requests == (asked,)
    assert r.deltas == ()  # the request states nothing
    assert len(r.forgotten) == 1
    assert value not in await _held(rt, attribute)


async def test_my_sister_of_two_siblings_is_the_one_called_so(rt: MemoryRuntime) -> None:
    await _say(rt, "My sister Maya is a nurse. My brother Leo is a pilot.", 1)
    r = await _say(rt, "Forget my sister.", 2)
    assert r.forget_requests == ("Forget my sister.",)
    assert await _held(rt, "sibling") == ["Leo"]


async def test_my_sister_of_two_siblings_never_called_so_forgets_neither(
    rt: MemoryRuntime,
) -> None:
    siblings = [{"entity": "user", "attribute": "sibling", "value": v} for v in ("Maya", "Leo")]
    await rt.observe_and_route(
        {"content": "Family.", "actor": "user", "source": "user", "claims": siblings,
         "occurred_at": "2026-01-01T10:00:00Z"}
    )  # fmt: skip
    r = await _say(rt, "Forget my sister.", 2)
    assert r.forget_requests == ("Forget my sister.",) and r.forgotten == ()
    assert set(await _held(rt, "sibling")) == {"Maya", "Leo"}


@pytest.mark.parametrize(
    "asked",
    [
        "Forget that I lived in Lyon.",
        "Please forget that I used to live in Lyon.",
        "Forget my old address.",
        "Forget where I used to live.",
    ],
)
async def test_a_former_value_is_forgotten_and_the_present_one_kept(
    rt: MemoryRuntime, asked: str
) -> None:
    await _say(rt, "I live in Lyon.", 1)
    await _say(rt, "I moved to Paris.", 3)
    r = await _say(rt, asked, 5)
    assert r.forgotten == ("fact:user.location#lyon",)
    assert (await rt.lifecycle("fact:user.location#lyon")).state == "obsolete"
    assert (await rt.lifecycle("fact:user.location#paris")).state != "obsolete"


async def test_a_past_tense_clause_about_someone_else(rt: MemoryRuntime) -> None:
    await _say(rt, "Maya works at Google.", 1)
    r = await _say(rt, "Forget that Maya worked at Google.", 2)
    assert r.forgotten == ("fact:maya.employer#google",)


@pytest.mark.parametrize(
    ("said", "asked", "target"),
    [
        ("I have a dog named Rex.", "Please forget that I have a dog.", "pet#dog rex"),
        ("I work at Acme Corp.", "Please forget that I work at Acme.", "employer#acme corp"),
    ],
)
async def test_a_value_named_in_part_is_the_one_that_holds_its_words(
    rt: MemoryRuntime, said: str, asked: str, target: str
) -> None:
    await _say(rt, said, 1)
    r = await _say(rt, asked, 2)
    assert [t.split("user.", 1)[1] for t in r.forgotten] == [target]


async def test_a_value_named_in_part_that_fits_two_is_left_alone(rt: MemoryRuntime) -> None:
    await _say(rt, "I like green tea. I like black tea.", 1)
    r = await _say(rt, "Please forget that I like tea.", 2)
    assert r.forgotten == ()


async def test_anymore_after_the_clause(rt: MemoryRuntime) -> None:
    await _say(rt, "I like tea.", 1)
    r = await _say(rt, "Please don't remember that I like tea anymore.", 2)
    assert r.forgotten == ("preference:user.likes#tea",)


async def test_news_after_and_is_said_not_forgotten(rt: MemoryRuntime) -> None:
    await _say(rt, "I live in Lyon.", 1)
    r = await _say(rt, "Forget that I live in Lyon and I'm moving to Paris.", 2)
    assert r.forgotten == ("fact:user.location#lyon",)
    assert [(d.attribute, d.value) for d in r.deltas] == [("location", "Paris")]


@pytest.mark.parametrize(
    "text",
    [
        "Forget my address, I'm asking about the weather in Tokyo.",
        "Forget my job, I just want to relax tonight.",
    ],
)
async def test_setting_a_topic_aside_forgets_nothing(rt: MemoryRuntime, text: str) -> None:
    await _say(rt, "I live in Lyon. I work at Acme.", 1)
    assert [r.dismissed for r in forget_requests(text)] == [True]
    r = await _say(rt, text, 2)
    assert r.forgotten == () and r.forget_requests == ()


async def test_an_older_statement_imported_later_does_not_undo_a_request(
    rt: MemoryRuntime,
) -> None:
    await _say(rt, "I live in Lyon.", 1)
    await _say(rt, "Please forget that I live in Lyon.", 5)
    await _say(rt, "I live in Lyon.", 2)  # older history, imported after the request
    assert (await rt.lifecycle("fact:user.location#lyon")).state == "obsolete"
    await _say(rt, "I live in Lyon.", 9)  # said again after it: back
    assert (await rt.lifecycle("fact:user.location#lyon")).state != "obsolete"


@pytest.mark.parametrize(
    ("said", "asked"),
    [
        ("My brother Leo is a pilot.", "Forget my sister."),
        ("My daughter Sara is a nurse.", "Forget my son."),
        ("My wife Anna is a nurse.", "Forget my husband."),
    ],
)
async def test_a_relative_of_another_kind_is_not_forgotten(
    rt: MemoryRuntime, said: str, asked: str
) -> None:
    await _say(rt, said, 1)
    r = await _say(rt, asked, 2)
    assert r.forget_requests == (asked,) and r.forgotten == ()


async def test_york_is_not_new_york(rt: MemoryRuntime) -> None:
    await _say(rt, "I live in New York.", 1)
    r = await _say(rt, "Forget that I lived in York.", 2)
    assert r.forgotten == ()


async def test_my_old_address_with_the_new_one_in_the_same_message(rt: MemoryRuntime) -> None:
    await _say(rt, "I live in Lyon.", 1)
    r = await _say(rt, "Forget my old address, I moved to Paris.", 2)
    assert r.forgotten == ("fact:user.location#lyon",)
    assert await _held(rt, "location") == ["Paris"]


@pytest.mark.parametrize(
    "text",
    [
        "Forget about my job, it doesn't matter right now.",
        "Forget about my sister, she's fine.",
    ],
)
async def test_a_dismissal_forgets_nothing(rt: MemoryRuntime, text: str) -> None:
    await _say(rt, "I work at Acme. My sister Maya is a nurse.", 1)
    assert [r.dismissed for r in forget_requests(text)] == [True]
    r = await _say(rt, text, 2)
    # Nothing forgotten, nothing stated: the dismissed topic is not said again either.
    assert r.forget_requests == () and r.forgotten == () and r.deltas == ()


async def test_my_dog_of_two_dogs_forgets_neither_and_my_dogs_both(rt: MemoryRuntime) -> None:
    await _say(rt, "I have a dog named Rex. I have a dog named Max.", 1)
    r = await _say(rt, "Forget about my dog.", 2)
    assert r.forgotten == ()
    r = await _say(rt, "Forget about my dogs.", 3)
    assert len(r.forgotten) == 2


async def test_one_occasion_or_a_relative_in_passing_leaves_the_habit_and_the_link(
    rt: MemoryRuntime,
) -> None:
    await _say(rt, "I play tennis. My sister Maya is a nurse.", 1)
    r = await _say(rt, "Forget that I played tennis with Bob yesterday.", 2)
    assert all("hobby#tennis" not in t for t in r.forgotten)
    r = await _say(rt, "Forget that I lived with my sister Maya.", 3)
    assert all("sibling" not in t for t in r.forgotten)


@pytest.mark.parametrize(
    "asked", ["Forget my previous instructions.", "Forget all my instructions."]
)
async def test_previous_or_all_instructions_are_the_ones_in_force(
    rt: MemoryRuntime, asked: str
) -> None:
    await _say(rt, "Always answer in French. Never use emojis.", 1)
    r = await _say(rt, asked, 2)
    assert r.forget_requests == (asked,)
    prompt = (await rt.query("What should I cook tonight?", actor="user")).to_prompt()
    assert "French" not in prompt and "emojis" not in prompt


@pytest.mark.parametrize(
    "asked",
    [
        "Forget what I said about Fridays.",
        "Forget the rule about Fridays.",
        "Please forget my instruction about Friday.",
    ],
)
async def test_an_instruction_is_forgotten_by_what_it_is_about(
    rt: MemoryRuntime, asked: str
) -> None:
    await _say(rt, "Please don't schedule anything on Fridays. Never use emojis.", 1)
    r = await _say(rt, asked, 2)
    assert r.forgotten == ("preference:user.instruction#never schedule anything on fridays",)
    assert await _held(rt, "instruction") == ["never use emojis"]


async def test_what_no_instruction_is_about_forgets_none(rt: MemoryRuntime) -> None:
    await _say(rt, "Never use emojis. I like jazz.", 1)
    r = await _say(rt, "Forget the rule about jazz.", 2)
    assert r.forgotten == ()
    # Outside instructions the words still name a value whole: not "about tea" for "tea time".
    await _say(rt, "I like tea time.", 3)
    r = await _say(rt, "Forget what I said about tea.", 4)
    assert r.forgotten == ()


@pytest.mark.parametrize(
    ("said", "asked"),
    [
        ("I have a cat named Luna.", "Forget my cat Luna, she\u2019s gone."),
        ("I have a dog named Rex.", "Forget about my dog, he's dead."),
        ("I live in Lyon.", "Forget my address, it's wrong."),
        ("I live in Lyon.", "Forget my address, it has changed."),
        ("My husband Tom is a chef.", "Forget my husband Tom, he's my ex now."),
    ],
)
async def test_a_reason_after_the_request_still_forgets(
    rt: MemoryRuntime, said: str, asked: str
) -> None:
    await _say(rt, said, 1)
    r = await _say(rt, asked, 2)
    assert len(r.forgotten) == 1 and r.deltas == ()


@pytest.mark.parametrize(
    ("said", "asked"),
    [
        ("I'm married to Tom.", "Forget my husband."),
        ("I'm married to Anna. Anna is a teacher.", "Forget that my wife is a teacher."),
    ],
)
async def test_the_one_spouse_is_my_husband_or_wife(
    rt: MemoryRuntime, said: str, asked: str
) -> None:
    await _say(rt, said, 1)
    r = await _say(rt, asked, 2)
    assert len(r.forgotten) == 1


async def test_a_habit_with_someone_is_still_the_habit(rt: MemoryRuntime) -> None:
    await _say(rt, "I play tennis.", 1)
    r = await _say(rt, "Forget that I play tennis with my friends.", 2)
    assert any("hobby#tennis" in t for t in r.forgotten)


@pytest.mark.parametrize(
    "asked",
    [
        "Forget my address, it's not ok for you to keep it.",
        "Forget my address, that's not okay.",
        "Forget my address, it's important to me.",
        "Forget my address, it's not relevant anymore.",
    ],
)
async def test_a_complaint_or_emphasis_after_the_request_still_forgets(
    rt: MemoryRuntime, asked: str
) -> None:
    await _say(rt, "I live in Lyon.", 1)
    r = await _say(rt, asked, 2)
    assert r.forgotten == ("fact:user.location#lyon",)


async def test_a_dismissed_pet_is_not_stated_again(rt: MemoryRuntime) -> None:
    await _say(rt, "I have a dog named Rex.", 1)
    r = await _say(rt, "Forget about my dog, it doesn't matter.", 2)
    assert r.deltas == () and await _held(rt, "pet") == ["dog Rex"]


async def test_a_habit_used_to_with_friends_is_the_habit(rt: MemoryRuntime) -> None:
    await _say(rt, "I play tennis.", 1)
    r = await _say(rt, "Forget that I used to play tennis with my friends.", 2)
    assert any("hobby#tennis" in t for t in r.forgotten)


@pytest.mark.parametrize(
    "asked",
    [
        "Forget my old address, it doesn't matter anymore.",
        "Forget my old address, it's irrelevant now.",
        "Forget my old address, it's not relevant to me anymore.",
    ],
)
async def test_a_value_out_of_date_is_a_reason_not_a_dismissal(
    rt: MemoryRuntime, asked: str
) -> None:
    await _say(rt, "I live in Lyon.", 1)
    await _say(rt, "I moved to Paris.", 2)
    r = await _say(rt, asked, 3)
    assert r.forgotten == ("fact:user.location#lyon",)


@pytest.mark.parametrize(
    "text",
    [
        "Forget about my sister, she's fine now.",
        "Forget about my job, it's fine for now.",
        "Forget about my job, I'm on vacation now!",
        "Forget my sister, she's right, I was wrong.",
        "Forget my old address, I loved that place.",
    ],
)
async def test_a_topic_set_aside_for_now_forgets_nothing(rt: MemoryRuntime, text: str) -> None:
    await _say(rt, "I live in Lyon. I work at Acme. My sister Maya is a nurse.", 1)
    await _say(rt, "I moved to Paris.", 2)
    r = await _say(rt, text, 3)
    assert r.forgotten == ()


@pytest.mark.parametrize(
    "asked",
    [
        "Forget my job, I lost it.",
        "Forget my job, I'm done with it.",
        "Forget my job, I never liked it.",
        "Forget my job, I'm at Globex now.",
    ],
)
async def test_a_reason_that_opens_with_i_still_forgets(rt: MemoryRuntime, asked: str) -> None:
    await _say(rt, "I work at Acme.", 1)
    r = await _say(rt, asked, 2)
    assert r.forgotten == ("fact:user.employer#acme",)


@pytest.mark.parametrize(
    "asked",
    [
        "Forget my job, I mean it.",
        "Forget my job, I want you to delete it.",
        "Forget my job please, Acme fired me.",
        "Forget my job - it was at Acme.",
        "Forget my job (it was at Acme).",
        "Forget my job, anyway, I'm at Globex now.",
    ],
)
async def test_more_reasons_after_the_request_forget(rt: MemoryRuntime, asked: str) -> None:
    await _say(rt, "I work at Acme.", 1)
    r = await _say(rt, asked, 2)
    assert r.forgotten == ("fact:user.employer#acme",)


async def test_two_requests_in_one_sentence(rt: MemoryRuntime) -> None:
    await _say(rt, "I live in Lyon. I work at Acme.", 1)
    r = await _say(rt, "Forget my address, it was in Lyon, and forget my job, it was at Acme.", 2)
    assert set(r.forgotten) == {"fact:user.location#lyon", "fact:user.employer#acme"}
