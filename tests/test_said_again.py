"""A value the user took back (``forget``: invalidate, inhibit) and then says again is
restored by that write: ``belief()`` and every read agree again (runtime/said_again.py)."""

from __future__ import annotations

from datetime import UTC, datetime

from nousmem.runtime import MemoryRuntime

LYON = "fact:dana.location#lyon"


async def say(rt: MemoryRuntime, text: str, day: int, source: str = "user") -> list[str]:
    res = await rt.observe_and_route(
        {
            "content": text,
            "actor": "Dana",
            "source": source,
            "occurred_at": datetime(2024, 3, day, tzinfo=UTC),
        }
    )
    return [e for e in res.event_ids]


async def test_a_forgotten_value_said_again_is_restored_everywhere() -> None:
    async with MemoryRuntime.memory(namespace="user/dana") as rt:
        await say(rt, "I live in Lyon.", 1)
        await say(rt, "I moved to Paris last week.", 5)
        await rt.forget(["Dana.location=Lyon"], "invalidate", reason="user asked")
        assert (await rt.lifecycle(LYON)).state == "obsolete"
        await say(rt, "I moved back to Lyon.", 20)
        await say(rt, "I live in Lyon now.", 21)
        belief = await rt.belief("Dana", "location")
        assert belief is not None and belief.mode == "Lyon"
        view = await rt.lifecycle(LYON)
        assert view.state not in ("obsolete", "inhibited")
        assert "restore" in [t.verb for t in view.history]
        slot = (await rt.worldview()).slot("fact:dana.location")
        assert slot is not None and slot.selected == ("Lyon",)
        prompt = (await rt.query("Where do I live now?", actor="Dana")).to_prompt()
        assert "Dana.location: Lyon" in prompt and "I live in Lyon now." in prompt
        live = await rt.worldview("historical")
        await rt.rebuild()
        assert await rt.worldview("historical") == live


async def test_only_the_user_undoes_what_was_taken_back() -> None:
    async with MemoryRuntime.memory(namespace="user/dana") as rt:
        await say(rt, "I live in Lyon.", 1)
        await rt.forget(["Dana.location=Lyon"], "inhibit", reason="user asked")
        await say(rt, "Dana lives in Lyon.", 3, source="tool:crm")
        assert (await rt.lifecycle(LYON)).state == "inhibited"
        await say(rt, "I still live in Lyon.", 4)
        assert (await rt.lifecycle(LYON)).state != "inhibited"


async def test_an_archived_value_stays_archived() -> None:
    async with MemoryRuntime.memory(namespace="user/dana") as rt:
        await say(rt, "I live in Lyon.", 1)
        await rt.forget(["Dana.location=Lyon"], "archive", reason="old")
        await say(rt, "I live in Lyon.", 3)
        assert (await rt.lifecycle(LYON)).state == "archived"


async def test_a_value_hidden_twice_comes_back_in_one_write() -> None:
    async with MemoryRuntime.memory(namespace="user/dana") as rt:
        await say(rt, "I live in Lyon.", 1)
        await rt.forget(["Dana.location=Lyon"], "inhibit", reason="user asked")
        await rt.forget([LYON], "invalidate", reason="wrong")
        await say(rt, "I live in Lyon now.", 5)
        view = await rt.lifecycle(LYON)
        assert view.state not in ("obsolete", "inhibited")
        assert [t.verb for t in view.history][-2:] == ["restore", "restore"]


async def test_hedged_or_passed_along_words_restore_nothing() -> None:
    async with MemoryRuntime.memory(namespace="user/dana") as rt:
        for day in (1, 2, 3):
            await say(rt, "I live in Lyon.", day)
        await rt.forget(["Dana.location=Lyon"], "invalidate", reason="user asked")
        for day, text in enumerate(
            [
                "I think I might live in Lyon.",
                "Perhaps I live in Lyon.",
                "Don't mention that I live in Lyon.",
                "I never said I live in Lyon.",
                "Summarize this email:\nHi, I live in Lyon now.",
            ],
            start=4,
        ):
            await say(rt, text, day)
            assert (await rt.lifecycle(LYON)).state == "obsolete", text
