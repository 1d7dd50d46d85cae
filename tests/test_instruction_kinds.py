"""An instruction that picks another choice of one kind replaces the held one: "Write
examples in Rust from now on" ends "Always write code examples in Go", and leaves the
instructions about other things alone."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from nousmem.policies.instruction_kinds import superseded_instructions
from nousmem.projections.models import Claim
from nousmem.runtime import MemoryRuntime

T0 = datetime(2025, 1, 6, 9, tzinfo=UTC)


def told(value: str, polarity: str = "assert", **kw: object) -> Claim:
    return Claim.model_validate(
        {"entity": "Sam", "attribute": "instruction", "value": value, "polarity": polarity, **kw}
    )


def denied(new: list[Claim], held: list[str]) -> list[str]:
    out = superseded_instructions(new, T0, lambda entity, at: held, "instruction")
    assert all(c.polarity == "negate" and c.change for c in out)
    return [c.value for c in out]


@pytest.mark.parametrize(
    ("new", "old"),
    [
        ("write examples in Rust", "write code examples in Go"),
        ("write code in TypeScript", "write code in Python"),
        ("give prices in EUR", "give prices in USD"),
        ("show distances in miles", "show distances in km"),
        ("use Fahrenheit", "use Celsius"),
        ("convert to imperial", "convert to metric"),
        ("only use kg", "only use lbs"),
        ("go with metric", "go with imperial"),
        # "go" in lowercase is the verb, not Go: one choice, Python.
        ("use Rust", "use Python when we go live"),
        ("use tabs for indentation", "use 4 spaces for indentation"),
        # The same choice in another number.
        ("use 2 spaces for indentation", "use 4 spaces for indentation"),
        ("use American spelling", "use British spelling"),
    ],
)
def test_another_choice_of_the_same_kind_replaces_the_held_one(new: str, old: str) -> None:
    assert denied([told(new, span=(0, 9))], [old, "never use emojis"]) == [old]


@pytest.mark.parametrize(
    ("new", "old"),
    [
        ("use Rust for the backend", "use Python"),  # narrower: adds to it
        ("give weights in kg", "give prices in USD"),  # another kind
        ("give prices in EUR too", "give prices in USD"),  # adds
        ("also give prices in EUR", "give prices in USD"),
        ("write tests in Rust", "write code examples in Go"),  # other words: another thing
        ("explain code in Rust", "write code in Go"),  # another verb
        ("only use Rust", "use Go"),  # another marker
        ("never write code in Go", "write code in Rust"),  # a ban replaces nothing
        ("use 2 spaces in YAML files", "use 4 spaces for indentation"),  # another scope
        ("write code in Rust", "never write code in Go"),
        ("write code in Go", "write code in Go"),  # the same choice
        ("convert USD to EUR", "convert USD to GBP"),  # two choices: which one changed?
    ],
)
def test_other_instructions_are_left_alone(new: str, old: str) -> None:
    assert denied([told(new)], [old]) == []


@pytest.mark.parametrize(
    "claims",
    [
        [told("write code in Rust", hedged=True)],  # a guess
        [told("write code in Rust", polarity="negate")],
        [told("write code in Rust"), told("write code in Go")],  # said now: the speaker's words
        [told("write code in Rust"), told("write code in Go", polarity="negate")],
        [Claim(entity="Sam", attribute="likes", value="write code in Rust")],
    ],
)
def test_nothing_is_added_where_the_observation_said_it(claims: list[Claim]) -> None:
    assert denied(claims, ["write code in Go"]) == []


async def test_a_new_code_language_ends_the_old_instruction_and_says_why(
    tmp_path: Path,
) -> None:
    async with MemoryRuntime.open(tmp_path / "k.db", namespace="u") as rt:
        for text, day in [
            ("Please always write code examples in Go.", 0),
            ("Never use emojis.", 1),
            ("Actually, write examples in Rust from now on.", 30),
        ]:
            r = await rt.observe_and_route(
                {
                    "content": text,
                    "actor": "Sam",
                    "source": "user",
                    "occurred_at": T0 + timedelta(days=day),
                }
            )
        assert ("write code examples in Go", "negate") in [(d.value, d.polarity) for d in r.deltas]
        belief = await rt.belief("Sam", "instruction")
        assert belief is not None
        assert set(belief.held) == {"write examples in Rust", "never use emojis"}
        why = await rt.explain("Sam", "instruction", "write code examples in Go")
        assert why is not None and "Rust from now on" in why.render()
        ctx = await rt.query("Show me how to read a file", actor="Sam")
        assert "in Rust" in ctx.to_prompt() and "in Go" not in ctx.to_prompt()
        live = (await rt.worldview(lens="historical")).render()
        assert "write code examples in Go (6 January 2025 - 5 February 2025)" in live
        await rt.rebuild()
        assert (await rt.worldview(lens="historical")).render() == live
