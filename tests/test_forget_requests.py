"""A user who asks memory to forget ("Please forget that I live in Lyon.") is obeyed: the
governed write invalidates what the request names, in the same transaction, and reads stop
serving it; the journal keeps the request and the invalidation for audits."""

from __future__ import annotations

from typing import Any

import pytest

from nousmem.policies.forget_requests import forget_requests
from nousmem.runtime import MemoryRuntime
from nousmem.runtime.forget_asked import FORGET_REQUEST


@pytest.mark.parametrize(
    ("text", "form", "target"),
    [
        ("Please forget that I live in Lyon.", "clause", "I live in Lyon"),
        ("Could you forget I work at Acme?", "clause", "I work at Acme"),
        (
            "Hey, actually, can you please forget that I work at Google? Thanks!",
            "clause",
            "I work at Google",
        ),
        ("I want you to forget that I am vegan.", "clause", "I am vegan"),
        ("Stop remembering that I like tea.", "clause", "I like tea"),
        ("Don't remember that I like tea, please.", "clause", "I like tea"),
        ("Delete the fact that my sister lives in Rome.", "clause", "my sister lives in Rome"),
        ("Forget what I told you about Lyon, please.", "about", "Lyon"),
        ("Forget my address.", "attribute", "address"),
        ("OK so forget my address, I moved.", "attribute", "address"),
        ("Erase my phone number please", "attribute", "phone number"),
        ("Please stop remembering my address.", "attribute", "address"),
        ("Don't remember my address anymore.", "attribute", "address"),
        ("Forget where I live.", "attribute", "where i live"),
        ("Can you forget where I work?", "attribute", "where i work"),
        ("Forget what I told you about my job.", "attribute", "job"),
        ("Don't remember that I like tea anymore.", "clause", "I like tea"),
        ("Forget about my dog.", "attribute", "dog"),
        ("Forget my cat Luna, she passed away.", "attribute", "Luna"),
        ("Please forget my sister Maya.", "attribute", "Maya"),
        ("Forget my husband Tom.", "attribute", "Tom"),
        ("Forget my old address.", "attribute", "address"),
        ("Forget where I used to live.", "attribute", "where i live"),
        ("Forget my pronouns.", "attribute", "pronouns"),
    ],
)
def test_requests_to_forget_are_read(text: str, form: str, target: str) -> None:
    (request,) = forget_requests(text)
    assert (request.form, request.target) == (form, target)
    # A clause request spans its clause, another form its sentence up to what it names (what
    # the extractor must not read as said; a reason after it is the speaker's own).
    where = text[request.span[0] : request.span[1]]
    if form == "clause":
        assert where == request.target
    else:
        assert request.sentence.startswith(where)
        assert where.casefold().endswith(request.target.casefold().split()[-1])


def test_each_clause_after_and_that_is_a_request() -> None:
    requests = forget_requests("Forget that I work at Acme and that I live in Lyon.")
    assert [r.target for r in requests] == ["I work at Acme", "I live in Lyon"]


@pytest.mark.parametrize(
    "text",
    [
        "Don't forget that I live in Lyon.",
        "Never forget that I live in Lyon.",
        "Did you forget that I live in Lyon?",
        "I forgot that I live in Lyon.",
        "Mom forgets that I live in Lyon.",
        "Forget it.",
        "Forget about it, no worries.",
        "Forget that.",
        "Remove the onions from the recipe.",
        "Remove my name from the list.",
        "Mom said: please forget that I live in Lyon.",
        "> Please forget that I live in Lyon",
        "I live in Lyon.",
        # Words that are an attribute's alias in questions name no attribute here.
        "Forget my work drama, let's just chat.",
        "Forget my love life, tell me about space.",
        "Forget my plans for tonight, I'm staying in.",
        "Forget my home wifi password.",
        "Delete my cat photos from the drive.",
        "Forget my name, forget my face",
        # About the conversation, not the speaker's facts; lyrics are someone else's words.
        "Forget I asked.",
        "Forget I said anything.",
        "Delete my last message",
        "Forget my question, I figured it out.",
        "Stop remembering things for me, I prefer to write them down.",
        "Lyrics:\nForget that I love dancing\nForget that I'm here",
        # "that" as a demonstrative: the statement after the comma is the speaker's own.
        "Forget that guy, I'm single now.",
        "Forget that job, I work at Google now.",
        "Forget that movie we watched.",
        "Forget that Netflix show, I love Dark.",
        "Forget that Lyon thing.",
        "Forget that lady at the store, she was rude.",
        "Forget I said anything at all.",
        "Forget I said anything about it.",
        "Forget I said it was fine.",
        "Forget I said that joke.",
    ],
)
def test_other_sentences_ask_nothing(text: str) -> None:
    assert forget_requests(text) == []


async def _say(rt: MemoryRuntime, text: str, day: int, source: str = "user") -> Any:
    return await rt.observe_and_route(
        {"content": text, "actor": "user", "source": source,
         "occurred_at": f"2026-01-{day:02d}T10:00:00Z"}
    )  # fmt: skip


async def _prompt(rt: MemoryRuntime, question: str = "Where do I live?") -> str:
    return (await rt.query(question, actor="user")).to_prompt()


async def test_a_request_invalidates_what_it_names(rt: MemoryRuntime) -> None:
    await _say(rt, "I live in Lyon.", 1)
    assert "Lyon" in await _prompt(rt)
    r = await _say(rt, "Please forget that I live in Lyon.", 2)
    assert r.forget_requests == ("Please forget that I live in Lyon.",)
    assert r.forgotten == ("fact:user.location#lyon",)
    # The value, the turn that stated it and the request itself leave every current read.
    assert "Lyon" not in await _prompt(rt)
    assert (await rt.lifecycle("fact:user.location#lyon")).state == "obsolete"
    # The journal keeps why: an invalidation caused by the request, in its transaction.
    events = [e async for e in rt.events(kinds=["lifecycle"])]
    (record,) = events
    assert record.causation_id == r.observation_id and record.id in r.event_ids
    assert (record.payload.verb, record.payload.reason) == ("invalidate", FORGET_REQUEST)
    # The full lenses still show what memory was asked to forget.
    wv = await rt.worldview("audit")
    (slot,) = [s for s in wv.slots if s.key == "user.location"]
    assert [(c.value, c.lifecycle) for c in slot.candidates] == [("Lyon", "obsolete")]


async def test_saying_it_again_brings_it_back(rt: MemoryRuntime) -> None:
    await _say(rt, "I live in Lyon.", 1)
    await _say(rt, "Please forget that I live in Lyon.", 2)
    await _say(rt, "I live in Lyon.", 3)
    assert "fact user.location: Lyon" in await _prompt(rt)


async def test_only_the_user_or_the_system_makes_memory_forget(rt: MemoryRuntime) -> None:
    await _say(rt, "I live in Lyon.", 1)
    r = await _say(rt, "Please forget that I live in Lyon.", 2, source="tool:web")
    assert r.forget_requests == () and r.forgotten == ()
    assert "fact user.location: Lyon" in await _prompt(rt)


async def test_the_attribute_and_about_forms(rt: MemoryRuntime) -> None:
    await _say(rt, "I work at Acme. I live in Lyon. I like tea and I like hiking.", 1)
    r = await _say(rt, "Forget my job.", 2)
    assert r.forgotten == ("fact:user.employer#acme",)
    r = await _say(rt, "Forget what I told you about tea.", 3)
    assert r.forgotten == ("preference:user.likes#tea",)
    text = await _prompt(rt, "Where do I work, where do I live and what do I like?")
    # The turn stays: it states values still held (Lyon, hiking), in its own words.
    snapshot = text.split("## Supporting memories")[0]
    assert "user.employer" not in snapshot and "tea" not in snapshot
    assert "fact user.location: Lyon" in snapshot and "hiking" in snapshot


async def test_a_request_naming_nothing_held_is_listed_only(rt: MemoryRuntime) -> None:
    await _say(rt, "I live in Lyon.", 1)
    r = await _say(rt, "Please forget that I live in Paris.", 2)
    assert r.forget_requests == ("Please forget that I live in Paris.",)
    assert r.forgotten == ()
    assert [e async for e in rt.events(kinds=["lifecycle"])] == []


async def test_flag_only_leaves_the_values(clock: Any) -> None:
    rt = await MemoryRuntime.memory(
        namespace="t", clock=clock, config={"router": {"forget_requests": "flag"}}
    )
    try:
        await _say(rt, "I live in Lyon.", 1)
        r = await _say(rt, "Please forget that I live in Lyon.", 2)
        assert r.forget_requests == ("Please forget that I live in Lyon.",)
        assert r.forgotten == ()
        assert "fact user.location: Lyon" in await _prompt(rt)
    finally:
        await rt.close()


async def test_a_dry_run_tells_what_it_would_forget(rt: MemoryRuntime) -> None:
    await _say(rt, "I live in Lyon.", 1)
    head = await rt.head()
    r = await rt.assess(
        {"content": "Please forget that I live in Lyon.", "actor": "user", "source": "user",
         "occurred_at": "2026-01-02T10:00:00Z"}
    )  # fmt: skip
    assert r.dry_run and r.forgotten == ("fact:user.location#lyon",)
    assert await rt.head() == head


async def test_rebuild_equals_live_after_a_request(rt: MemoryRuntime) -> None:
    await _say(rt, "I live in Lyon. I like tea.", 1)
    await _say(rt, "Please forget that I live in Lyon.", 2)
    live = await _prompt(rt, "Where do I live and what do I like?")
    await rt.rebuild()
    assert await _prompt(rt, "Where do I live and what do I like?") == live


async def test_an_unknown_mode_is_refused() -> None:
    from nousmem.runtime.errors import InvalidInput

    with pytest.raises(InvalidInput) as err:
        await MemoryRuntime.memory(config={"router": {"forget_requests": "erase"}})
    assert err.value.field == "config.router.forget_requests"


async def test_two_clauses_two_values(rt: MemoryRuntime) -> None:
    await _say(rt, "I live in Lyon. I work at Acme.", 1)
    r = await _say(rt, "Forget that I work at Acme and that I live in Lyon.", 2)
    assert set(r.forgotten) == {"fact:user.employer#acme", "fact:user.location#lyon"}
    assert r.deltas == ()  # the request states neither


async def test_about_names_a_value_whole(rt: MemoryRuntime) -> None:
    await _say(rt, "I like tea. I live in Lyon.", 1)
    r = await _say(rt, "Forget what I said about tea time, let's do coffee.", 2)
    assert r.forgotten == ()
    r = await _say(rt, "Forget what I said about the meeting in Lyon, it moved.", 3)
    assert r.forgotten == ()


async def test_erasing_the_request_does_not_take_it_back(rt: MemoryRuntime) -> None:
    await _say(rt, "I live in Lyon.", 1)
    r = await _say(rt, "Please forget that I live in Lyon.", 2)
    await rt.erase(event_ids=[r.observation_id], reason="remove my words")
    assert (await rt.lifecycle("fact:user.location#lyon")).state == "obsolete"
    assert "Lyon" not in await _prompt(rt)
    await rt.rebuild()
    assert "Lyon" not in await _prompt(rt)


async def test_a_back_dated_request_leaves_a_later_statement(rt: MemoryRuntime) -> None:
    await _say(rt, "I live in Lyon.", 10)
    r = await _say(rt, "Please forget that I live in Lyon.", 5)  # imported late
    assert r.forget_requests and r.forgotten == ()


async def test_a_new_statement_after_the_request_is_kept(rt: MemoryRuntime) -> None:
    await _say(rt, "I live in Lyon.", 1)
    r = await _say(rt, "Forget that I live in Lyon, I moved to Paris.", 2)
    assert r.forgotten == ("fact:user.location#lyon",)
    assert [(d.value, d.mode_after) for d in r.deltas] == [("Paris", "Paris")]
    r = await _say(rt, "Forget that guy, I'm single now.", 3)
    assert r.forget_requests == () and r.forgotten == ()
    assert [d.value for d in r.deltas] == ["single"]


async def test_forget_what_i_said(rt: MemoryRuntime) -> None:
    await _say(rt, "I live in Lyon. I work at Acme.", 1)
    r = await _say(rt, "Forget I said I live in Lyon.", 2)
    assert r.forgotten == ("fact:user.location#lyon",) and r.deltas == ()
    r = await _say(rt, "Please forget I mentioned Acme.", 3)
    assert r.forgotten == ("fact:user.employer#acme",)


async def test_a_relative_named_by_the_relation(rt: MemoryRuntime) -> None:
    await _say(rt, "My sister Maya lives in Rome. My brother Leo lives in Oslo.", 1)
    r = await _say(rt, "Forget that my sister lives in Rome.", 2)
    assert r.forgotten == ("fact:maya.location#rome",)


async def test_forget_my_instructions_takes_the_answer_language_too(rt: MemoryRuntime) -> None:
    await _say(rt, "Always answer in French. Never use emojis.", 1)
    await _say(rt, "Forget my instructions.", 2)
    snapshot = (await _prompt(rt)).split("## Supporting memories")[0]
    assert "French" not in snapshot and "emojis" not in snapshot


async def test_each_request_sentence_is_listed_once(rt: MemoryRuntime) -> None:
    await _say(rt, "I live in Lyon. I work at Acme.", 1)
    r = await _say(rt, "Forget that I work at Acme and that I live in Lyon.", 2)
    assert r.forget_requests == ("Forget that I work at Acme and that I live in Lyon.",)


@pytest.mark.parametrize(
    ("said", "asked", "target"),
    [
        ("Maya Smith works at Google.", "Forget that Maya Smith works at Google.",
         "fact:maya smith.employer#google"),
        ("Tom moved to Paris.", "Forget that Tom moved to Paris.", "fact:tom.location#paris"),
        ("Maya is a nurse.", "Forget that Maya's a nurse.", "fact:maya.role#nurse"),
    ],
)  # fmt: skip
async def test_someone_elses_fact_is_forgotten(
    rt: MemoryRuntime, said: str, asked: str, target: str
) -> None:
    await _say(rt, said, 1)
    r = await _say(rt, asked, 2)
    assert r.forgotten == (target,)


async def test_the_relative_introduced_with_the_noun_is_meant(rt: MemoryRuntime) -> None:
    await _say(rt, "My sister Maya lives in Rome. My brother Leo lives in Rome.", 1)
    r = await _say(rt, "Forget that my sister lives in Rome.", 2)
    assert r.forgotten == ("fact:maya.location#rome",)


async def test_a_relative_never_called_by_the_noun_forgets_nothing(rt: MemoryRuntime) -> None:
    siblings = [{"entity": "user", "attribute": "sibling", "value": v} for v in ("Maya", "Leo")]
    await rt.observe_and_route(
        {"content": "Maya lives in Rome. Leo lives in Rome.", "actor": "user", "source": "user",
         "claims": siblings, "occurred_at": "2026-01-01T10:00:00Z"}
    )  # fmt: skip
    r = await _say(rt, "Forget that my sister lives in Rome.", 2)
    assert r.forget_requests and r.forgotten == ()


async def test_the_sisters_city_is_not_the_brothers(rt: MemoryRuntime) -> None:
    await _say(rt, "My brother Leo lives in Rome. My sister Maya lives in Oslo.", 1)
    r = await _say(rt, "Forget that my sister lives in Rome.", 2)
    assert r.forgotten == ()
    r = await _say(rt, "Forget that my brother lives in Rome.", 3)
    assert r.forgotten == ("fact:leo.location#rome",)


@pytest.mark.parametrize(
    "asked",
    [
        "Forget that I live in Lyon, because I moved to Paris.",
        "Forget that I live in Lyon, actually I live in Paris.",
        "Forget that I live in Lyon - I live in Paris now.",
        "Forget that I live in Lyon (I live in Paris now).",
    ],
)
async def test_the_new_statement_after_a_request_is_stated(rt: MemoryRuntime, asked: str) -> None:
    await _say(rt, "I live in Lyon.", 1)
    r = await _say(rt, asked, 2)
    assert r.forgotten == ("fact:user.location#lyon",)
    assert "fact user.location: Paris" in await _prompt(rt)


async def test_what_was_said_in_other_words(rt: MemoryRuntime) -> None:
    await _say(rt, "I live in Lyon. I work at Acme. I like tea.", 1)
    r = await _say(rt, "Forget I mentioned my job.", 2)
    assert r.forgotten == ("fact:user.employer#acme",)
    r = await _say(rt, "Forget I said anything about Lyon.", 3)
    assert r.forgotten == ("fact:user.location#lyon",)
    r = await _say(rt, "Forget I said I like tea, and I prefer coffee.", 4)
    assert r.forgotten == ("preference:user.likes#tea",)
    assert [d.value for d in r.deltas] == ["coffee"]
    r = await _say(rt, "Forget I said hi.", 5)
    assert r.forget_requests == ()


async def test_what_was_said_about_someone_is_not_said_again(rt: MemoryRuntime) -> None:
    await _say(rt, "My sister Maya lives in Rome.", 1)
    r = await _say(rt, "Forget I said Maya moved to Milan.", 2)
    assert r.deltas == () and r.forgotten == ()
    r = await _say(rt, "Forget that email I sent, Maya moved to Milan.", 3)
    assert r.forget_requests == () and [d.value for d in r.deltas] == ["Milan"]


async def test_a_relative_beside_the_askers_own_clause(rt: MemoryRuntime) -> None:
    await _say(rt, "My sister Maya lives in Rome. My brother Leo lives in Oslo.", 1)
    await _say(rt, "I live in Lyon.", 2)
    r = await _say(rt, "Forget that my sister lives in Rome and I live in Lyon.", 3)
    assert set(r.forgotten) == {"fact:maya.location#rome", "fact:user.location#lyon"}
    r = await _say(rt, "Forget that my brother Leo lives in Oslo.", 4)
    # The link only says who is meant: Leo stays the brother.
    assert r.forgotten == ("fact:leo.location#oslo",)
