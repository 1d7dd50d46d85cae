"""Which alternatives of :data:`~nousmem.policies.timeexpr_patterns.TIME` a text can match.

TIME is one alternation of some forty forms, tried at a few word starts of every text; each
form costs its share at every start, whether the text could hold it or not. Most forms
cannot match without a word or a character that most texts lack: a digit ("3/14/2023",
"8 May 2023", "in 2019"), a month's or a weekday's name, a season, a holiday, a part of a
period ("early", "end"). :func:`time_pattern` gives TIME with the forms whose needs a text
lacks switched off (``(?!)`` fails them at once), so the forms a text can match are tried
in TIME's order and match exactly as in TIME: a text matches the same expressions either
way, only sooner. The switched-off forms keep their groups, so a match is read the same.
"""

from __future__ import annotations

import re
from functools import cache

from nousmem.policies.timeexpr_patterns import DAY_NUM, DAYS, HOLIDAY_WORDS, MONTH_NUMBERS, TIME

__all__ = ["BRANCH_NEEDS", "NEEDS", "branches", "needs_met", "time_pattern"]

# What each form (named by its first group) cannot match without. A form missing here needs
# nothing: test_timeexpr_gates checks that every form of TIME is named.
NEEDS: dict[str, frozenset[str]] = {
    name: frozenset(needs.split())
    for name, needs in {
        "dw": "",
        "iso": "digit",
        "nd_a": "digit",
        "ndp_p": "digit",
        "dec_p": "digit",
        "rg_p": "digit",
        "rgm_p": "month",
        "ow_n": "",
        "pt_p": "part",
        "bl_u": "",
        "bl_s": "season",
        "sago_n": "season",
        "wago_n": "weekday",
        "fago_n": "",
        "fn": "",
        "an_d": "weekday",
        "dwk_d": "weekday",
        "an_u": "",
        "wf_n": "",
        "hol_w": "holiday",
        "dmy_w": "digit month",
        "mdy_m": "digit month",
        "wdm_d": "digit weekday",
        "dom_p": "digit",
        "sy_p": "digit",
        "mry_p": "month",
        "my_p": "digit month",
        "half_n": "",
        "ago_n": "",
        "in_n": "",
        "fnow_n": "from_now",
        "ttl_u": "time",
        "tp_u": "",
        "past_n": "",
        "past2_n": "",
        "past3_u": "",
        "otw": "",
        "lnt_w": "",
        "q_p": "digit",
        "lnd_w": "weekday",
        "lnm_w": "month",
        "lnb_w": "month",
        "lns_w": "season",
        "yr_p": "digit",
        "bare_d": "weekday",
    }.items()
}

_SEASONS = frozenset("spring summer autumn fall winter".split())
_SEASON_WORDS = _SEASONS | {s + "s" for s in _SEASONS}
_WEEKDAY_WORDS = frozenset(DAY_NUM) | {d + "s" for d in DAYS}
_PARTS = frozenset("early mid late beginning start middle end".split())
_YEARS = frozenset(("year", "years"))  # "New Year's", "New Years Eve"
_DIGIT = re.compile(r"\d")


def branches(pattern: str = TIME.pattern) -> list[str]:
    """The top-level alternatives of a pattern written ``\\b(?:A|B|...)``."""
    body = pattern[len(r"\b(?:") : -1]
    out: list[str] = []
    depth, start, i, in_class = 0, 0, 0, False
    while i < len(body):
        c = body[i]
        if c == "\\":
            i += 2
            continue
        if in_class:
            in_class = c != "]"
        elif c == "[":
            in_class = True
        elif c == "(":
            depth += 1
        elif c == ")":
            depth -= 1
        elif c == "|" and depth == 0:
            out.append(body[start:i])
            start = i + 1
        i += 1
    out.append(body[start:])
    return out


def _groups(branch: str) -> list[str]:
    """The named groups of ``branch``, in order."""
    index = re.compile(branch, re.IGNORECASE).groupindex
    return sorted(index, key=index.__getitem__)


_BRANCHES = branches()
# A form switched off: it fails at once, and keeps its groups (empty, never set) so that a
# match is read by the same names. Only the forms a text can hold are compiled whole, which
# makes a pattern for a text with few needs quick to build (TIME whole takes ~40 ms).
_OFF = tuple("(?!)" + "".join(f"(?P<{g}>)" for g in _groups(b)) for b in _BRANCHES)
BRANCH_NEEDS: tuple[frozenset[str], ...] = tuple(
    NEEDS.get(_groups(b)[0], frozenset()) for b in _BRANCHES
)
"""What each alternative of TIME needs, in TIME's order."""


def needs_met(lower: str, words: set[str]) -> frozenset[str]:
    """The needs of :data:`NEEDS` that a text meets (``lower``: the text in lower case;
    ``words``: its runs of letters and of digits)."""
    met = set()
    if _DIGIT.search(lower):
        met.add("digit")
    if not words.isdisjoint(MONTH_NUMBERS):
        met.add("month")
    if not words.isdisjoint(_WEEKDAY_WORDS):
        met.add("weekday")
    if not words.isdisjoint(_SEASON_WORDS):
        met.add("season")
    if not words.isdisjoint(HOLIDAY_WORDS) or ("new" in words and not words.isdisjoint(_YEARS)):
        met.add("holiday")
    if not words.isdisjoint(_PARTS):
        met.add("part")
    if "from" in words and ("now" in words or "today" in words):
        met.add("from_now")
    if "time" in words:
        met.add("time")
    return frozenset(met)


@cache
def time_pattern(met: frozenset[str]) -> re.Pattern[str]:
    """TIME with the alternatives whose needs are not all in ``met`` switched off."""
    if all(needs <= met for needs in BRANCH_NEEDS):
        return TIME
    parts = [
        b if needs <= met else off
        for b, off, needs in zip(_BRANCHES, _OFF, BRANCH_NEEDS, strict=True)
    ]
    return re.compile(r"\b(?:" + "|".join(parts) + ")", re.IGNORECASE)
