"""What an entity erasure counts as a mention: the free text of a payload, whatever the
whitespace between the words of the name, never its field names or label values."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from nousmem.runtime import MemoryRuntime

T0 = datetime(2024, 1, 1, 9, 0, tzinfo=UTC)
DAY = timedelta(days=1)


async def _scene(rt: MemoryRuntime) -> None:
    await rt.observe_and_route(
        {"content": "I work at Google.", "actor": "Alice", "occurred_at": T0}
    )
    await rt.observe_and_route(
        {"content": "I live in Paris.", "actor": "Bob", "occurred_at": T0 + DAY}
    )
    await rt.observe({"content": "The weather is nice.", "actor": "Carol", "occurred_at": T0})


@pytest.mark.parametrize("entity", ["user", "rule", "assert", "null", "utterance", "employer", "0"])
async def test_a_name_that_is_only_a_label_or_a_field_erases_nothing(
    rt: MemoryRuntime, entity: str
) -> None:
    # "user" is every observation's source, "rule" the extractor, "assert" a polarity,
    # "employer" an attribute, "null" and "0" JSON values: none is text about an entity.
    await _scene(rt)
    head = await rt.head()
    receipt = await rt.erase(entity=entity, reason="erase what mentions it")
    assert receipt.erased_event_ids == ()
    kept = [e async for e in rt.events() if e.seq <= head.seq]
    assert all(e.payload is not None for e in kept)
    assert await rt.belief("Alice", "employer") is not None


async def test_a_name_in_the_content_is_still_erased(rt: MemoryRuntime) -> None:
    await _scene(rt)
    receipt = await rt.erase(entity="paris", reason="r")
    assert receipt.erased_event_ids
    left = [e.payload.content async for e in rt.events(kinds=["observation"]) if e.payload]
    assert left == ["I work at Google.", "The weather is nice."]


async def test_any_whitespace_between_the_words_of_a_name_is_a_mention(rt: MemoryRuntime) -> None:
    texts = [
        "Mary Jane works at Google.",
        "Mary  Jane lives in Paris.",
        "Note: Mary\nJane called about her visa",
        "I met Mary\tJane today.",
    ]
    for i, text in enumerate(texts):
        await rt.observe_and_route({"content": text, "actor": "Bob", "occurred_at": T0 + i * DAY})
    await rt.erase(entity="Mary Jane", reason="user asked")
    left = [e.payload.content async for e in rt.events(kinds=["observation"]) if e.payload]
    assert left == []
    assert await rt.beliefs("Mary Jane") == []
    ctx = await rt.query("Where does Mary Jane live?", lens="historical")
    assert "paris" not in ctx.to_prompt().casefold()


async def test_a_metadata_key_or_value_naming_the_entity_is_a_mention(rt: MemoryRuntime) -> None:
    by_key = await rt.observe(
        {"content": "a note", "occurred_at": T0, "metadata": {"Zorblax": "contact"}}
    )
    by_value = await rt.observe(
        {"content": "another note", "occurred_at": T0, "metadata": {"about": ["x", "zorblax"]}}
    )
    other = await rt.observe({"content": "unrelated", "occurred_at": T0, "metadata": {"k": 1}})
    receipt = await rt.erase(entity="Zorblax", reason="r")
    assert set(receipt.erased_event_ids) == {by_key.id, by_value.id}
    assert (await rt.get(other.id)).payload is not None


async def test_the_callers_data_is_text_at_any_depth(rt: MemoryRuntime) -> None:
    # Inside metadata a key may be called "source" or "kind" and still hold a name.
    labelled = await rt.observe(
        {"content": "a call", "occurred_at": T0, "metadata": {"kind": "call with Zorblax"}}
    )
    nested = await rt.observe(
        {"content": "a note", "occurred_at": T0, "metadata": {"people": {"Zorblax": {"n": 1}}}}
    )
    receipt = await rt.erase(entity="Zorblax", reason="r")
    assert set(receipt.erased_event_ids) == {labelled.id, nested.id}


async def test_a_source_naming_the_entity_is_a_mention(rt: MemoryRuntime) -> None:
    # Sources are free text ("email:<sender>"), shown in prompts as "(email:...)".
    mail = await rt.observe(
        {"content": "The invoice is overdue.", "source": "email:Zorblax Quux", "occurred_at": T0}
    )
    lunch = await rt.observe({"content": "Lunch at noon.", "occurred_at": T0})
    receipt = await rt.erase(entity="Zorblax Quux", reason="r")
    assert receipt.erased_event_ids == (mail.id,)
    assert (await rt.get(lunch.id)).payload is not None
    ctx = await rt.query("What is overdue?")
    assert "zorblax" not in ctx.to_prompt().casefold()


async def test_an_entity_named_like_a_source_leaves_others_confirmations(
    rt: MemoryRuntime,
) -> None:
    from datetime import UTC, datetime, timedelta

    t = datetime(2024, 1, 1, tzinfo=UTC)
    for i in range(4):
        await rt.observe_and_route(
            {
                "content": "I work at Google.",
                "actor": "Bob",
                "source": "web",
                "occurred_at": t + timedelta(days=30 * i),
            }
        )
    edges = [e async for e in rt.events(kinds=["edge"])]
    assert edges and all(e.payload.origin == "web" for e in edges)
    await rt.observe_and_route({"content": "Web is my dog's name.", "actor": "Ann"})
    receipt = await rt.erase(entity="Web", reason="the dog")
    assert not {e.id for e in edges} & set(receipt.erased_event_ids)


async def test_an_entity_erasure_matches_the_name_in_any_unicode_form() -> None:
    import unicodedata

    from nousmem.runtime import MemoryRuntime

    nfc = "José Müller"
    nfd = unicodedata.normalize("NFD", nfc)
    async with MemoryRuntime.memory(namespace="u") as rt:
        said = await rt.observe_and_route(
            {"content": f"{nfd} lives in Madrid and works at Acme.", "actor": "Agent"}
        )
        await rt.observe_and_route({"content": "I work at Acme.", "actor": nfd})
        kept = await rt.observe_and_route({"content": "Ana lives in Lisbon.", "actor": "Agent"})
        receipt = await rt.erase(entity=nfc, reason=f"request from {nfd}")
        assert said.observation_id in receipt.erased_event_ids
        assert kept.observation_id not in receipt.erased_event_ids
        ctx = await rt.query("Where does José Müller live and work?")
        assert "Madrid" not in ctx.to_prompt() and "Acme" not in ctx.to_prompt()
        assert await rt.entities() == ["Ana"]
        record = await rt.journal.get("u", receipt.erasure_event_id)
        assert record is not None and "Müller" not in record.payload.reason


async def test_an_entity_erasure_folds_case_as_belief_keys_do() -> None:
    from nousmem.runtime import MemoryRuntime

    async with MemoryRuntime.memory(namespace="u") as rt:
        said = await rt.observe_and_route({"content": "Weiß works at Acme.", "actor": "Agent"})
        kept = await rt.observe_and_route({"content": "Weissman works at Initech."})
        belief = await rt.belief("Weiss", "employer")  # one key: full case folding
        assert belief is not None and belief.entity == "Weiß"
        receipt = await rt.erase(entity="WEISS", reason="request from weiss, Weiß's lawyer")
        assert said.observation_id in receipt.erased_event_ids
        assert kept.observation_id not in receipt.erased_event_ids
        assert await rt.belief("Weiß", "employer") is None
        record = await rt.journal.get("u", receipt.erasure_event_id)
        assert record is not None
        assert record.payload.reason == "request from [erased entity], [erased entity]'s lawyer"
