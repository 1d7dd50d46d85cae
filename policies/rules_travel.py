"""The rule table's trips still ahead said by how one gets there, as goals (``trip to X``):
"I leave for Paris tomorrow", "I'm off to Lisbon", "We're driving to Chicago this weekend",
"I'm taking the train to Paris on Friday", "I'm headed to Denver on Monday", "I'm visiting
Japan in May", "Tom is going to Rome on Friday", "I'm in London next week"; and a return
ahead, a visit under way ("Tom gets back from Tokyo on Sunday").

Where the verb alone does not say "trip" ("driving to", "headed to", "going to", "in"), the
place must be a listed one (``place_names.py``): "I'm driving to Costco tomorrow" is an
errand. "Leave for" takes any name, as "flying to" does. A time ahead must follow the place
unless the phrasing is a departure already ("I'm off to Paris", "I'm going to Japan"); a
weekly day ("on Fridays") is a habit, not a trip.
"""

from __future__ import annotations

from nousmem.policies.letters import UPPER
from nousmem.policies.patterns import Rule, make_rule
from nousmem.policies.place_names import PLACE_NAME
from nousmem.policies.rules_places import NAMED_PLACE, STAY_WHEN
from nousmem.policies.timeexpr_patterns import DAY_RE, MONTH_RE

__all__ = ["TRAVEL_RULES"]

# A time ahead after the place: the stay's ("next week", "on Friday", "in June", "for two
# weeks", "tomorrow") or one as soon ("tonight", "later today", "soon").
_WHEN = r"(?:" + STAY_WHEN + r"|(?=\s+(?i:tonight|later\s+(?:today|this\s+week)|soon)\b))"
# "I drive to Chicago on Fridays", "... on weekends": a habit.
_NOT_HABIT = r"(?!\s+(?i:on\s+\w+days|on\s+weekends)\b)"
# A listed place that is also a name, gone to as a person ("going to Jordan for advice").
_NOT_A_PERSON = r"(?!\s+(?i:for\s+(?:help|advice|support|guidance|answers)|about)\b)"
_LISTED = r"(?P<val>" + PLACE_NAME + ")" + _NOT_A_PERSON
_IS = r"(?:'m|\bam|'re|\bare|'s|\bis)\s+(?:(?i:now|actually|still|finally|also|just)\s+)?"
_ONWARD = r"(?:(?i:back|out|over|down|up)\s+)?"
# A time ahead of the same day or later, not one that is now ("this week" is a stay under
# way: rules_places.py reads "I'm in Tokyo this week").
_LATER = (
    r"(?=\s+(?:(?i:next\s+(?:week|weekend|month|year|summer|spring|fall|autumn|winter)"
    r"|tomorrow|tonight|on\s+(?:" + DAY_RE + r")\b|on\s+the\s+\d|from\s+the\s+\d"
    r"|in\s+(?:\d+|a\s+few|a\s+couple\s+of|two|three)\s+(?:days|weeks|months))\b"
    r"|(?i:in)\s+(?=[" + UPPER + r"])(?i:" + MONTH_RE + r")\b))"
)


def _trip(anchors: str, pattern: str, lead: str = "to", place: str = _LISTED) -> Rule:
    """A trip ahead to ``place`` (``trip to X``), each place of a list after ``lead``
    ("to Rome and (to) Naples"); never a supposition ("If I leave for Paris, ...")."""
    return make_rule(
        "goal",
        anchors,
        pattern,
        template="trip to {}",
        settled=True,
        items=r"(?:(?i:" + lead + r")\s+)?" + place,
    )


TRAVEL_RULES: tuple[Rule, ...] = (
    # "I leave for Paris tomorrow", "Tom leaves for Tokyo on Friday", "I'm leaving for
    # Lima next week" (not "I left for Paris": gone; nor "I leave for work at 8").
    _trip(
        "leave leaves leaving",
        r"(?:\b(?i:leave|leaves)|"
        + _IS
        + r"(?i:leaving))\s+(?i:for)\s+"
        + NAMED_PLACE
        + _NOT_HABIT
        + _WHEN,
        lead="for",
        place=NAMED_PLACE,
    ),
    # "I'm off to Lisbon (tomorrow)!": a departure whenever it is.
    _trip("off", _IS + r"(?i:off)\s+(?i:to)\s+" + _LISTED),
    # "We're driving to Chicago this weekend", "I'm taking the train to Paris on Friday",
    # "We drive up to Denver on Monday" (not "I drive to Chicago on Fridays").
    _trip(
        "drive drives driving train bus ferry",
        r"(?:\b(?i:drive|drives)|"
        + _IS
        + r"(?i:driving)|(?:\b(?i:take|takes)|"
        + _IS
        + r"(?i:taking))\s+(?i:the|a)\s+(?:(?i:overnight|night|early|late|fast|high-speed)\s+)?"
        r"(?i:train|bus|ferry))\s+" + _ONWARD + r"(?i:to)\s+" + _LISTED + _NOT_HABIT + _WHEN,
    ),
    # "I'm headed to Denver on Monday", "We head to Rome next week" (not "We headed to Rome
    # on Friday": a simple past).
    _trip(
        "head heads headed heading",
        r"(?:\b(?i:head|heads)|"
        + _IS
        + r"(?i:headed|heading))\s+"
        + _ONWARD
        + r"(?i:to)\s+"
        + _LISTED
        + _NOT_HABIT
        + _WHEN,
    ),
    # "I'm visiting Japan in May", "We'll visit Rome next year", "Ana is going to visit
    # Lisbon this summer" (not "I'm visiting Paris", a visit under way or a wish).
    _trip(
        "visiting visit",
        r"(?:" + _IS + r"(?i:visiting)|(?:'ll|\b(?i:will)|" + _IS + r"(?i:going\s+to))\s+"
        r"(?:(?i:finally|also|actually)\s+)?(?i:visit))\s+" + _LISTED + _NOT_HABIT + _WHEN,
        lead="and",
    ),
    # "I'm going to Japan", "Tom is going to Rome on Friday": a listed place is a trip,
    # with a day or none (rules_places.py reads any name with a stretch of time ahead).
    _trip(
        "going travelling traveling",
        _IS + r"(?i:going|travell?ing)\s+(?:(?i:back)\s+)?(?i:to)\s+" + _LISTED + _NOT_HABIT,
    ),
    # "Tom gets back from Tokyo on Sunday", "I'm flying home from Lima tomorrow": there now,
    # a visit (not the day it ends).
    make_rule(
        "visited",
        "back home",
        r"(?:\b(?i:gets|get|comes|come|flies|fly)|" + _IS + r"(?i:getting|coming|flying))\s+"
        r"(?i:back|home)\s+(?i:from)\s+" + NAMED_PLACE + _NOT_HABIT + _WHEN,
        settled=True,
        said_day=True,
    ),
    # "I'm in London next week", "Ana is in Lisbon on Friday": a stay ahead.
    _trip("in", _IS + r"(?i:in)\s+" + _LISTED + _LATER, lead="in"),
)
