"""What one namespace sets or measures stays in it: a plugged-in extractor, the size stats
reports; and a namespace's name cannot hide characters that make two names print alike."""

from __future__ import annotations

from pathlib import Path

import pytest

from nousmem.projections.models import Claim, Observation
from nousmem.runtime import MemoryRuntime, NamespaceError


class Spy:
    name = "spy"

    def __init__(self) -> None:
        self.seen: list[str] = []

    async def extract(self, obs: Observation) -> list[Claim]:
        self.seen.append(obs.content)
        return [Claim(entity="Alice", attribute="likes", value="spam")]


async def test_an_extractor_plugged_into_one_namespace_never_sees_another(tmp_path: Path) -> None:
    async with MemoryRuntime.open(tmp_path / "m.db", namespace="user/alice") as alice:
        spy = Spy()
        alice.use_extractor(spy)
        bob = alice.scoped("user/bob")
        await bob.observe_and_route({"content": "I work at Globex.", "actor": "Bob"})
        assert spy.seen == []
        assert await bob.belief("Alice", "likes") is None
        got = await bob.belief("Bob", "employer")
        assert got is not None and got.mode == "Globex"  # the rule extractor read it
        await alice.observe_and_route({"content": "Hello there.", "actor": "Alice"})
        assert spy.seen == ["Hello there."]
        alice.use_extractor(None)  # back to the rules, here only
        await alice.observe_and_route({"content": "I work at Acme.", "actor": "Alice"})
        assert spy.seen == ["Hello there."]


async def test_stats_of_a_namespace_do_not_grow_with_another(tmp_path: Path) -> None:
    async with MemoryRuntime.open(tmp_path / "m.db", namespace="a") as a:
        await a.observe({"content": "one note"})
        before = (await a.stats())["bytes_on_disk"]
        assert before > 0
        b = a.scoped("b")
        for i in range(100):
            await b.observe({"content": f"note {i} " + "x" * 200})
        assert (await a.stats())["bytes_on_disk"] == before
        assert (await b.stats())["bytes_on_disk"] > 100 * 200


@pytest.mark.parametrize(
    "name",
    ["user/\x1b[2Kadmin", "a\x7fb", "a\x08b", "a\x85b", "a\u2028b", "alice\u200b", "a\u202eb"],
)
def test_a_namespace_with_control_or_invisible_characters_is_refused(name: str) -> None:
    with pytest.raises(NamespaceError) as info:
        MemoryRuntime.memory(namespace=name)
    assert info.value.field == "namespace"
