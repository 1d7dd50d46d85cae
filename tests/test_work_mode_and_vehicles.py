"""Where someone works from (``work_mode``, single-valued: remote, hybrid, on-site) and what
they drive (``vehicle``, multi-valued, by make and model as said)."""

from __future__ import annotations

import pytest

from nousmem.runtime import MemoryRuntime
from tests.helpers import extracted_claims as claims


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("I work remotely.", [("Dana", "work_mode", "remote", "assert")]),
        ("I work from home.", [("Dana", "work_mode", "remote", "assert")]),
        ("I work fully remote now.", [("Dana", "work_mode", "remote", "assert")]),
        ("My job is fully remote.", [("Dana", "work_mode", "remote", "assert")]),
        ("I work hybrid.", [("Dana", "work_mode", "hybrid", "assert")]),
        ("I work in the office.", [("Dana", "work_mode", "on-site", "assert")]),
        ("Ana works remotely.", [("Ana", "work_mode", "remote", "assert")]),
        ("I no longer work remotely.", [("Dana", "work_mode", "remote", "negate")]),
        # Some days at home: a hybrid job.
        ("I work from home on Fridays.", [("Dana", "work_mode", "hybrid", "assert")]),
        ("I work remotely two days a week.", [("Dana", "work_mode", "hybrid", "assert")]),
        ("I work from home on Mondays and Fridays.", [("Dana", "work_mode", "hybrid", "assert")]),
        ("I work remotely most days.", [("Dana", "work_mode", "hybrid", "assert")]),
        # Said as what one is; "we" is the speaker's company.
        ("I'm fully remote.", [("Dana", "work_mode", "remote", "assert")]),
        (
            "We're hybrid now, three days in the office.",
            [("Dana", "work_mode", "hybrid", "assert")],
        ),
        ("I'm not remote anymore.", [("Dana", "work_mode", "remote", "negate")]),
        ("I'm back in the office full time.", [("Dana", "work_mode", "on-site", "assert")]),
    ],
)
def test_how_one_works_is_read(text: str, expected: list[tuple[str, ...]]) -> None:
    assert claims(text) == expected


@pytest.mark.parametrize(
    "text",
    [
        "I'd work remotely if I could.",
        "Do you work remotely?",
        "I worked remotely for years.",  # some earlier job
        "I work in the office building downtown.",
        "I'm in the office today.",
        "My remote control broke.",
    ],
)
def test_what_is_no_way_of_working_gives_none(text: str) -> None:
    assert [c for c in claims(text) if c[1] == "work_mode"] == []


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("I drive a Tesla.", [("Dana", "vehicle", "Tesla", "assert")]),
        ("I drive an old Honda Civic.", [("Dana", "vehicle", "Honda Civic", "assert")]),
        ("I drive a 2015 Toyota Prius to work.", [("Dana", "vehicle", "Toyota Prius", "assert")]),
        ("Ana drives a Tesla Model 3.", [("Ana", "vehicle", "Tesla Model 3", "assert")]),
        ("My car is a Subaru Outback.", [("Dana", "vehicle", "Subaru Outback", "assert")]),
        ("I own a Ford F-150.", [("Dana", "vehicle", "Ford F-150", "assert")]),
        # A car bought is the car, not a purchase as a pastime.
        ("I just bought a Toyota Prius.", [("Dana", "vehicle", "Toyota Prius", "assert")]),
        ("I got a new Honda.", [("Dana", "vehicle", "Honda", "assert")]),
        ("We drive a Volvo.", [("Dana", "vehicle", "Volvo", "assert")]),
        ("I sold my Honda Civic.", [("Dana", "vehicle", "Honda Civic", "negate")]),
        ("I no longer drive a Tesla.", [("Dana", "vehicle", "Tesla", "negate")]),
    ],
)
def test_what_one_drives_is_read(text: str, expected: list[tuple[str, ...]]) -> None:
    assert claims(text) == expected


@pytest.mark.parametrize(
    "text",
    [
        "I drive an Uber.",  # a job
        "I drive Tom to school.",  # someone driven
        "I bought a Kindle.",  # no car make
        "I'd drive a Porsche if I could.",
        "Do you drive a Tesla?",
    ],
)
def test_what_is_no_car_gives_none(text: str) -> None:
    assert [c for c in claims(text) if c[1] == "vehicle"] == []


async def test_a_car_sold_leaves_and_a_question_finds_the_other(rt: MemoryRuntime) -> None:
    for when, text in (
        ("2026-01-01T10:00:00Z", "I drive a Honda Civic."),
        ("2026-01-05T10:00:00Z", "We leased a new Kia last month."),
        ("2026-02-09T10:00:00Z", "I sold my Honda Civic."),
        ("2026-02-10T10:00:00Z", "I work remotely for Acme."),
    ):
        await rt.observe_and_route(
            {"content": text, "actor": "Dana", "source": "user", "occurred_at": when}
        )
    car = await rt.belief("Dana", "vehicle")
    assert car is not None and car.held == ("Kia",)
    mode = await rt.belief("Dana", "work_mode")
    assert mode is not None and mode.held == ("remote",)
    prompt = (await rt.query("What car do I drive?", actor="Dana")).to_prompt()
    assert "vehicle: Kia" in prompt
    prompt = (await rt.query("Do I work remotely?", actor="Dana")).to_prompt()
    assert "work_mode: remote" in prompt
