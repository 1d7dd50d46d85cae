"""Preferences given without a keyword (the ``<owner>/general`` slot) all hold side by side;
only the same words said again replace their earlier entry. A keyword still names a slot in
which the later preference replaces the earlier one."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from nousmem.projections.worldview_items import slot_part, unslot_part
from nousmem.runtime import MemoryRuntime

SLOT = "preference:alice/general"


def day(n: int) -> datetime:
    return datetime(2024, 3, n, 9, tzinfo=UTC)


async def prefer(rt: MemoryRuntime, text: str, n: int, **extra: Any) -> None:
    await rt.observe_and_route(
        {
            "type": "user_preference",
            "content": text,
            "actor": "Alice",
            "occurred_at": day(n),
            **extra,
        }
    )


async def test_unrelated_preferences_without_a_keyword_all_hold(rt: MemoryRuntime) -> None:
    await prefer(rt, "Always answer in French.", 1)
    await prefer(rt, "Never use emojis.", 2)
    await prefer(rt, "Keep code samples under twenty lines.", 3)
    slot = (await rt.worldview()).slot(SLOT)
    assert slot is not None
    assert set(slot.selected) == {
        "Always answer in French.",
        "Never use emojis.",
        "Keep code samples under twenty lines.",
    }
    assert all(c.status == "selected" and c.valid_to is None for c in slot.candidates)
    ctx = await rt.query("How should answers be written?")
    section = ctx.prompt_sections["worldview"].lower()
    assert "answer in french" in section
    # Once: the standing instruction read from it says it all (snapshot_section's
    # without_echoes), so the general entry that only says it again is not shown too.
    assert section.count("never use emojis") == 1
    assert "instruction: never use emojis" in section


async def test_the_same_words_again_replace_their_earlier_entry(rt: MemoryRuntime) -> None:
    await prefer(rt, "Always answer in French.", 1)
    await prefer(rt, "Never use emojis.", 2)
    await prefer(rt, "always answer in  French.", 3)
    history = (await rt.worldview("historical")).slot(SLOT)
    assert history is not None
    statuses = sorted((c.value, c.status) for c in history.candidates)
    assert statuses == [
        ("Always answer in French.", "superseded"),
        ("Never use emojis.", "selected"),
        ("always answer in  French.", "selected"),
    ]
    old = next(c for c in history.candidates if c.status == "superseded")
    assert old.valid_to == day(3)
    logical = await rt.worldview()
    assert logical.render().lower().count("always answer in") == 1


async def test_a_keyword_still_makes_the_later_preference_win(rt: MemoryRuntime) -> None:
    await prefer(rt, "Answer in French.", 1, keywords=["language"])
    await prefer(rt, "Answer in English.", 2, keywords=["language"])
    slot = (await rt.worldview()).slot("preference:alice/language")
    assert slot is not None and slot.selected == ("Answer in English.",)


async def test_general_preferences_as_of_and_after_a_rebuild(rt: MemoryRuntime) -> None:
    await prefer(rt, "Always answer in French.", 1)
    await prefer(rt, "Never use emojis.", 2)
    await prefer(rt, "Always answer in French.", 3)
    live = await rt.worldview("historical")
    then = (await rt.worldview(as_of=day(1).replace(hour=12))).slot(SLOT)
    assert then is not None and then.selected == ("Always answer in French.",)
    await rt.rebuild()
    assert await rt.worldview("historical") == live


async def test_five_general_preferences_are_all_shown(rt: MemoryRuntime) -> None:
    texts = ["Window seats.", "Vegetarian meals.", "Morning flights.", "Aisle bags.", "Tea."]
    for n, text in enumerate(texts, start=1):
        await prefer(rt, text, n)
    rendered = (await rt.worldview()).render()
    assert all(t in rendered for t in texts)


async def test_the_same_words_with_other_punctuation_replace_the_entry(rt: MemoryRuntime) -> None:
    await prefer(rt, "I like jazz.", 1)
    await prefer(rt, "I like jazz!", 2)
    slot = (await rt.worldview()).slot(SLOT)
    assert slot is not None and slot.selected == ("I like jazz!",)


async def test_symbols_inside_a_preference_keep_it_apart(rt: MemoryRuntime) -> None:
    await prefer(rt, "I code in C++ at work, mostly.", 1)
    await prefer(rt, "I code in C# at work, mostly.", 2)
    slot = (await rt.worldview()).slot(SLOT)
    assert slot is not None and len(slot.selected) == 2


OWNERS = ["O'Brien", "Dr. Who", "José", "3M", "Anne-Marie Li", "李雷", "a/b:c#d%e"]


async def test_owners_whose_names_are_no_attribute_names_keep_every_read_working(
    rt: MemoryRuntime,
) -> None:
    # A text slot's key ("O'Brien/general") once reached the attribute schema as if it
    # were a belief's attribute: every later query of the namespace raised ValueError.
    for n, owner in enumerate(OWNERS, start=1):
        await prefer(rt, f"{owner} likes window seats.", n, actor=owner)
    snapshot = await rt.worldview()
    for owner in OWNERS:
        assert f"{owner} likes window seats." in snapshot.render()
    for lens in ("logical", "procedural", "historical", "audit", "associative"):
        await rt.worldview(lens)
        for question in ("What are O'Brien's preferences?", "Where does José live?"):
            ctx = await rt.query(question, lens=lens)
            ctx.to_prompt()
            assert (await rt.replay_trace(ctx.trace_id)).identical
    # Asked for preferences, the owner's slot leads the snapshot, its key as said.
    ctx = await rt.query("What are O'Brien's preferences?")
    first = ctx.prompt_sections["worldview"].splitlines()[0]
    assert first.startswith("- preference O'Brien/general: O'Brien likes window seats.")
    rendered = (await rt.worldview()).render()
    assert "- preference Dr. Who/general: " in rendered
    assert "- preference a/b:c#d%e/general: " in rendered and "%2E" not in rendered
    # The slot ids keep the separators escaped: one owner's slot is never another's.
    ids = {s.id for s in (await rt.worldview()).slots}
    assert {i for i in ids if i.endswith("who/general")} == {"preference:dr%2e who/general"}


@given(st.text())
def test_a_slot_key_part_reads_back_as_written(text: str) -> None:
    part = slot_part(text)
    assert not set(part) & set("/.#:")  # the separators of slot and candidate ids
    assert unslot_part(part) == text


async def test_a_preference_that_says_more_than_its_instruction_stays(rt: MemoryRuntime) -> None:
    await prefer(rt, "Always run the tests before committing.", 1)
    await prefer(rt, "Never use emojis, and I like dry humour in replies.", 2)
    section = (await rt.query("How should I commit and reply?")).prompt_sections["worldview"]
    lines = section.splitlines()
    # Said again by the instruction read from it: one line.
    assert sum("run the tests before committing" in ln.lower() for ln in lines) == 1
    # Saying more than its instruction ("dry humour"): both lines.
    assert any("dry humour" in ln for ln in lines)
    assert any("instruction: never use emojis" in ln for ln in lines)
