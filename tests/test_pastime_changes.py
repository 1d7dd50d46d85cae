"""A pastime switched to or dropped is a ``hobby`` (``policies/pastime_names.py``): "I
switched from tennis to squash" ends tennis and holds squash (not the tool ``uses``, which
"I switched from VS Code to Vim" still is); "I dropped my pilates class and took up yoga"
ends pilates (and the class, an ``activity`` as "Leo started swimming lessons" is). What
only looks like one (a guitar dropped on the floor, the kids dropped at swimming, a
supposition) gives no denial."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from nousmem.policies import RuleExtractor
from nousmem.projections.models import Observation
from nousmem.runtime import MemoryRuntime

SAID = datetime(2026, 1, 5, 12, tzinfo=UTC)
EX = RuleExtractor()


def rows(text: str) -> set[tuple[str, str, str]]:
    obs = Observation(content=text, actor="Sam", source="user", occurred_at=SAID)
    return {(c.attribute, c.value, c.polarity) for c in EX.extract_sync(obs)}


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            "I switched from tennis to squash.",
            {("hobby", "squash", "assert"), ("hobby", "tennis", "negate")},
        ),
        (
            "I switched from the guitar to the piano.",
            {("hobby", "piano", "assert"), ("hobby", "guitar", "negate")},
        ),
        ("I switched to yoga.", {("hobby", "yoga", "assert")}),
        (
            "I moved from running to cycling.",
            {("hobby", "cycling", "assert"), ("hobby", "running", "negate")},
        ),
        ("I dropped pilates.", {("hobby", "pilates", "negate")}),
        ("I stopped going to yoga.", {("hobby", "yoga", "negate")}),
        # A class dropped ends the pastime and the class.
        (
            "I quit my tennis lessons.",
            {("hobby", "tennis", "negate"), ("activity", "tennis lessons", "negate")},
        ),
        (
            "I dropped my pilates class and took up yoga.",
            {
                ("hobby", "pilates", "negate"),
                ("activity", "pilates class", "negate"),
                ("hobby", "yoga", "assert"),
            },
        ),
        # A pastime's class begun is an activity, as one taken is.
        ("Leo started swimming lessons.", {("activity", "swimming lessons", "assert")}),
        ("I started piano lessons.", {("activity", "piano lessons", "assert")}),
        # Tools stay tools.
        (
            "I switched from VS Code to Vim.",
            {("uses", "Vim", "assert"), ("uses", "VS Code", "negate")},
        ),
    ],
)
def test_a_pastime_switched_or_dropped_is_a_hobby(
    text: str, expected: set[tuple[str, str, str]]
) -> None:
    assert rows(text) == expected


@pytest.mark.parametrize(
    "text",
    [
        "I dropped my guitar.",  # on the floor
        "I'm dropping the kids at swimming.",
        "If I drop tennis, I'll have more time.",
        "Did you switch to squash?",
    ],
)
def test_what_only_looks_like_a_dropped_pastime_denies_none(text: str) -> None:
    assert not {r for r in rows(text) if r[0] == "hobby" and r[2] == "negate"}


async def test_the_switch_ends_the_old_pastime_in_memory(rt: MemoryRuntime) -> None:
    said = [
        (0, "I play tennis every Saturday."),
        (1, "I'm doing pilates twice a week."),
        (30, "I switched from tennis to squash."),
        (31, "I dropped my pilates class and took up yoga."),
    ]
    for days, text in said:
        await rt.observe_and_route(
            {"content": text, "actor": "Sam", "occurred_at": SAID + timedelta(days=days)}
        )
    slot = (await rt.worldview("logical")).slot("fact:sam.hobby")
    assert slot is not None
    held = {c.value for c in slot.candidates if c.status in ("selected", "active")}
    assert held == {"squash", "yoga"}
    wv = await rt.worldview("historical")
    past = wv.slot("fact:sam.hobby")
    assert past is not None
    history = wv.render_slot(past)
    assert "tennis (5 January 2026 - 4 February 2026)" in history
    assert "pilates (6 January 2026 - 5 February 2026)" in history
