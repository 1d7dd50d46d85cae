"""What may stand before the verb of a habit ("I *usually* wake up at 6", "I *tend to* bike
to work") and what must not ("I *have to* wake up at 5", "I'*ll* take the train"): regex
pieces the habit rules share (``rules_habits.py``, ``rules_commute.py``)."""

from __future__ import annotations

__all__ = ["habitually", "no_plan"]

_OFTEN = "usually always normally typically generally often"
_MODALS = "will 'll gonna must should can could would 'd might"


def habitually(*extra: str) -> str:
    """An optional word of how often before the verb ("usually", "tend to"), and any
    ``extra`` ones ("mostly", "prefer to"), as a regex piece."""
    said = [*_OFTEN.split(), *extra, "tend to"]
    alternation = "|".join(w.replace(" ", r"\s+") for w in said)
    return rf"\b(?:(?i:{alternation})\s+)?"


def no_plan(*, to_after: tuple[str, ...] = ("tend",), denials: bool = True) -> str:
    """Lookbehinds that fail after a need, a plan or a modal ("to" of "have to", "will",
    "'ll", "can", ...), but not after "to" of the words ``to_after`` ("tend to"); with
    ``denials``, after "didn't", "don't", "doesn't" and "never" too (where a denied habit
    is no claim at all)."""
    keep = "".join(rf"(?<!\b{w} )" for w in to_after)
    out = rf"(?<!{keep}\bto )"
    for w in _MODALS.split():
        out += rf"(?<!{w} )" if w.startswith("'") else rf"(?<!\b{w} )"
    if denials:
        out += "".join(rf"(?<!\b{w} )" for w in ("didn't", "don't", "doesn't", "never"))
    return out
