"""An age told at one time, as it stands at a read's event time (projections/ages.py): "Leo
is 7" said two years ago reads "9 or 10 by ..." now, one age when his birthday is known or
the day he turned it was."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta

import pytest
from hypothesis import given
from hypothesis import strategies as st

from nousmem.projections.ages import age_now, month_day, names_day
from nousmem.runtime import MemoryRuntime

NOON = datetime(2000, 1, 1, 12, tzinfo=UTC).timetz()


def _at(d: date) -> datetime:
    return datetime.combine(d, NOON)


def _age(born: date, on: date) -> int:
    return on.year - born.year - ((on.month, on.day) < (born.month, born.day))


# Born on any day but 29 February (whose birthday a year without one keeps on the 28th).
_born = st.dates(date(1950, 1, 1), date(2020, 12, 31)).filter(lambda d: (d.month, d.day) != (2, 29))
_gap = st.integers(0, 40 * 366)


@given(_born, _gap, _gap)
def test_with_the_birthday_known_the_age_now_is_exact(born: date, a: int, b: int) -> None:
    told, now = born + timedelta(days=a), born + timedelta(days=a + b)
    note = age_now(str(_age(born, told)), _at(told), _at(now), birthday=(born.month, born.day))
    if _age(born, now) == _age(born, told):
        assert note is None  # no birthday since it was said: the age said stands
    else:
        assert note == f"{_age(born, now)} by {_label(now)}"


@given(_born, _gap, _gap)
def test_without_the_birthday_the_age_now_is_one_of_two(born: date, a: int, b: int) -> None:
    told, now = born + timedelta(days=a), born + timedelta(days=a + b)
    note = age_now(str(_age(born, told)), _at(told), _at(now))
    if note is None:  # under a year since it was said
        assert _age(born, now) - _age(born, told) <= 1
        return
    lo, hi = (int(x) for x in note.split(" by ")[0].split(" or "))
    assert hi == lo + 1 and _age(born, now) in (lo, hi)


@given(_born, st.integers(0, 60), _gap)
def test_from_the_day_it_was_turned_the_age_now_is_exact(born: date, n: int, b: int) -> None:
    turned = born.replace(year=born.year + n)
    now = turned + timedelta(days=b)
    note = age_now(str(n), _at(turned), _at(now), turned=True)
    assert note is None if _age(born, now) == n else note == f"{_age(born, now)} by {_label(now)}"


def _label(d: date) -> str:
    return f"{d.day} {d.strftime('%B')} {d.year}"


def test_a_leap_day_birthday_comes_on_the_28th_in_other_years() -> None:
    note = age_now("3", _at(date(2023, 1, 5)), _at(date(2023, 2, 28)), birthday=(2, 29))
    assert note == "4 by 28 February 2023"


@pytest.mark.parametrize("value", ["seven", "7.5", "", "about 7"])
def test_an_age_that_is_no_whole_number_gets_no_note(value: str) -> None:
    assert age_now(value, _at(date(2020, 1, 1)), _at(date(2024, 1, 1))) is None


def test_birthdays_and_days_as_told() -> None:
    assert month_day("March 10") == (3, 10)
    assert month_day("3 Sept") == (9, 3)
    assert month_day("12th of June") == (6, 12)
    assert month_day("Ma 3") is None and month_day("June 40") is None and month_day("2019") is None
    assert names_day("10 March 2024") and names_day("the week of 19 February 2024")
    assert not names_day("March 2024") and not names_day("2023")


async def _told(rt: MemoryRuntime, text: str, on: date) -> None:
    await rt.observe_and_route({"content": text, "actor": "Sam", "occurred_at": _at(on)})


async def test_a_read_years_later_gives_the_age_as_it_stands() -> None:
    async with MemoryRuntime.memory(namespace="t") as rt:
        await _told(rt, "Leo is 7.", date(2024, 3, 1))
        await _told(rt, "I had pasta for lunch.", date(2024, 9, 1))
        line = "- fact Leo.age: 7 (since 1 March 2024)"
        assert line in (await rt.worldview("logical")).render()  # under a year: as said
        await _told(rt, "I had soup for lunch.", date(2026, 4, 10))
        aged = "- fact Leo.age: 7 (since 1 March 2024; 9 or 10 by 10 April 2026)"
        assert aged in (await rt.worldview("logical")).render()
        ctx = await rt.query("How old is Leo?", actor="Sam")
        assert aged in ctx.to_prompt()
        # A read as of an earlier time gives the age as it stood then.
        then = await rt.worldview("logical", as_of=_at(date(2025, 6, 1)))
        assert f"{line[:-1]}; 8 or 9 by 1 June 2025)" in then.render()
        assert line in (await rt.worldview("logical", as_of=_at(date(2024, 9, 1)))).render()
        # His birthday makes it one age, in a read that shows the age alone too.
        await _told(rt, "Leo's birthday is March 10.", date(2026, 4, 10))
        exact = "- fact Leo.age: 7 (since 1 March 2024; 10 by 10 April 2026)"
        assert exact in (await rt.worldview("logical")).render()
        assert exact in (await rt.query("How old is Leo?", actor="Sam")).to_prompt()
        live = (await rt.worldview("logical")).render()
        await rt.rebuild()
        assert (await rt.worldview("logical")).render() == live


async def test_an_age_turned_on_a_day_told_is_exact() -> None:
    async with MemoryRuntime.memory(namespace="t") as rt:
        await _told(rt, "Leo turned 7 last week.", date(2024, 3, 1))
        await _told(rt, "I had soup for lunch.", date(2026, 4, 10))
        render = (await rt.worldview("logical")).render()
        assert "Leo.age: 7 (since the week of 19 February 2024; 9 by 10 April 2026)" in render
