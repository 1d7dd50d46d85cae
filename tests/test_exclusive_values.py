"""Values of a multi-valued attribute that exclude each other: "I'm pescatarian now" ends
the vegetarian diet memory holds, and leaves "gluten-free" alone."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from pydantic import ValidationError

from nousmem.policies.exclusive_values import exclusive_denials
from nousmem.projections.models import Claim
from nousmem.projections.schema import DEFAULT_SCHEMA, AttributeSpec
from nousmem.runtime import MemoryRuntime

T0 = datetime(2025, 1, 6, 9, tzinfo=UTC)
GROUPS = (("vegan", "vegetarian", "pescatarian"),)


def _groups(attribute: str) -> Sequence[Sequence[str]]:
    return GROUPS if attribute == "diet" else ()


def _held(values: dict[str, list[str]]):  # type: ignore[no-untyped-def]
    return lambda entity, attribute, at: values.get(attribute, [])


def diet(value: str, polarity: str = "assert", **kw: object) -> Claim:
    return Claim.model_validate(
        {"entity": "Ana", "attribute": "diet", "value": value, "polarity": polarity, **kw}
    )


def test_an_asserted_value_denies_the_held_values_of_its_group_only() -> None:
    held = _held({"diet": ["Vegetarian", "gluten-free"]})
    out = exclusive_denials([diet("pescatarian", span=(4, 15))], T0, _groups, held)
    assert [(c.value, c.polarity, c.change, c.span) for c in out] == [
        ("Vegetarian", "negate", True, (4, 15))
    ]


@pytest.mark.parametrize(
    "claims",
    [
        [diet("pescatarian", hedged=True)],  # a guess
        [diet("pescatarian", polarity="negate")],  # a denial excludes nothing
        [diet("gluten-free")],  # in no group
        [diet("vegetarian")],  # said again
        [diet("pescatarian"), diet("vegetarian")],  # both said: the speaker's own words
        [diet("pescatarian"), diet("vegetarian", polarity="negate")],  # denied already
    ],
)
def test_nothing_is_added_where_the_observation_said_it_or_guessed(claims: list[Claim]) -> None:
    assert exclusive_denials(claims, T0, _groups, _held({"diet": ["vegetarian"]})) == []


def test_a_value_is_denied_once_and_other_attributes_are_untouched() -> None:
    held = _held({"diet": ["vegetarian"], "likes": ["vegan food"]})
    claims = [diet("pescatarian"), diet("vegan"), Claim(entity="Ana", attribute="likes", value="x")]
    assert [c.value for c in exclusive_denials(claims, T0, _groups, held)] == ["vegetarian"]


@pytest.mark.parametrize(
    ("spec", "reason"),
    [
        ({"cardinality": "multi", "exclusive": [["vegan"]]}, "at least two"),
        ({"cardinality": "multi", "exclusive": [["vegan", " Vegan "]]}, "at least two"),
        ({"cardinality": "multi", "exclusive": [["a", ""]]}, "non-empty"),
        ({"cardinality": "multi", "exclusive": [["a", "b"], ["b", "c"]]}, "two groups"),
        ({"cardinality": "single", "exclusive": [["a", "b"]]}, "multi-valued"),
    ],
)
def test_a_spec_rejects_groups_that_mean_nothing(spec: dict[str, object], reason: str) -> None:
    with pytest.raises(ValidationError, match=reason) as err:
        AttributeSpec.model_validate({"name": "diet", **spec})
    assert "exclusive" in str(err.value)


def test_the_default_schema_groups_the_eating_patterns_of_diet() -> None:
    (group,) = DEFAULT_SCHEMA.spec("diet").exclusive
    assert {"vegan", "vegetarian", "pescatarian"} <= set(group)
    assert "gluten-free" not in group


async def test_a_new_diet_ends_the_old_one_and_says_why(tmp_path: Path) -> None:
    async with MemoryRuntime.open(tmp_path / "d.db", namespace="u") as rt:
        for text, day in [
            ("I'm vegetarian.", 0),
            ("I'm gluten-free.", 1),
            ("I started eating fish again, so I'm pescatarian now.", 40),
        ]:
            r = await rt.observe_and_route(
                {"content": text, "actor": "Ana", "occurred_at": T0 + timedelta(days=day)}
            )
        assert [(d.value, d.polarity) for d in r.deltas] == [
            ("pescatarian", "assert"),
            ("vegetarian", "negate"),
        ]
        belief = await rt.belief("Ana", "diet")
        assert belief is not None and set(belief.held) == {"pescatarian", "gluten-free"}
        why = await rt.explain("Ana", "diet", "vegetarian")
        assert why is not None and "pescatarian now" in why.render()
        live = (await rt.worldview(lens="historical")).render()
        assert "vegetarian (6 January 2025 - 15 February 2025)" in live
        await rt.rebuild()
        assert (await rt.worldview(lens="historical")).render() == live
        # A dry run shows the same denial, and writes nothing.
        head = await rt.head()
        dry = await rt.assess({"content": "I'm vegan now.", "actor": "Ana"})
        assert ("pescatarian", "negate") in [(d.value, d.polarity) for d in dry.deltas]
        assert await rt.head() == head
