"""Rules for whom someone lives with and whether they own their home: ``household``
(single-valued: ``alone``, or ``with`` whom, "with parents", "with roommates") and
``housing`` (single-valued: ``homeowner`` or ``renter``).

"I live alone", "I live by myself", "Ana lives on her own" give ``alone``; "I live with my
parents", "We live with two roommates", "I moved in with my boyfriend" give ``with
parents``, ``with roommates``, ``with boyfriend`` (a change: whom one lived with before no
longer holds), and "with my wife and kids" one value, ``with wife and kids``; "I don't
live with my parents anymore" and "I used to live alone" deny one. "I own my home", "We
own our house", "I'm a homeowner" give ``homeowner``; "I rent an apartment", "We rent a
house in Denver", "I'm a renter" give ``renter``. Not a car or a thing hired ("I rent a
car when I travel", "renting skis"), someone bearing it ("I can't live with myself"), a
question or a supposition.

Part of the rule table (``policies/rules.py`` assembles it); see ``patterns.Rule`` for what
each option means.
"""

from __future__ import annotations

from nousmem.policies.patterns import Rule, make_rule

__all__ = ["HOUSEHOLD_RULES"]

_ALONE = (
    r"(?P<val>(?i:alone|solo|by\s+(?:myself|himself|herself|themselves)"
    r"|on\s+(?:my|his|her|their)\s+own))\b"
)
# Whom one lives with, by a kin, a partner's or a home's word (one form each: "with
# roommates" for "with two roommates", "with a roommate").
_WHO = (
    r"(?i:parents|mom|mum|dad|mother|father|family|partner|wife|husband|girlfriend"
    r"|boyfriend|fianc[eé]e?|kids|children|grandparents|grandma|grandmother|grandpa"
    r"|grandfather|in-laws|sister|brother|aunt|uncle|roommates?|flatmates?|housemates?"
    r"|friends?|best\s+friend)"
)
# ... one value for the whole household: "with my wife and kids" is ``with wife and kids``.
_WHOM = rf"(?P<val>{_WHO}(?:\s+(?:and|&)\s+(?:(?i:my|our|two|three)\s+)?{_WHO})?)\b"
_HOMES = r"(?i:home|house|condo|apartment|flat|place|townhouse|townhome|studio|room)"

HOUSEHOLD_RULES: tuple[Rule, ...] = (
    # "I live alone", "Ana lives on her own", "I've lived by myself since college".
    make_rule(
        "household",
        "live lives living lived alone myself own solo",
        r"\b(?i:live|lives|living|lived)\s+" + _ALONE + r"(?!\s+(?i:with|in\s+the\s+woods)\b)",
        value="status",
        template="alone",
        settled=True,
    ),
    # "I live with my parents", "We live with two roommates", "I moved in with my boyfriend".
    make_rule(
        "household",
        "live lives living lived moved moving",
        r"\b(?:(?i:live|lives|living|lived)|(?P<moved>(?i:moved|moving|move))\s+(?i:in))\s+"
        r"(?i:with)\s+(?:(?i:my|our|his|her|their|a|two|three|four|some)\s+)?"
        r"(?:(?i:new|old|elderly|aging|best|two|three|four)\s+)?" + _WHOM,
        value="status",
        template="with {}",
        settled=True,
    ),
    # "I own my home", "We own our house", "I own a condo in Denver".
    make_rule(
        "housing",
        "own owns",
        r"\b(?i:own|owns)\s+(?i:my|our|his|her|their|a|the)\s+(?:(?i:own)\s+)?(?:[\w-]+\s+)?"
        r"(?P<val>" + _HOMES + r")\b(?!\s+(?i:office|business|company|gym)\b)",
        value="status",
        template="homeowner",
        settled=True,
    ),
    # "I rent an apartment", "We're renting a house in Denver" (not "I rent a car when I
    # travel", "renting skis").
    make_rule(
        "housing",
        "rent rents renting",
        r"\b(?i:rent|rents|renting)\s+(?i:an|a|my|our|the|this)\s+(?:[\w-]+\s+){0,2}?"
        r"(?P<val>" + _HOMES + r")\b",
        value="status",
        template="renter",
        settled=True,
    ),
    # "I'm a homeowner", "We're renters", "I'm still a renter".
    make_rule(
        "housing",
        "homeowner homeowners renter renters",
        r"(?:'m|\bam|'re|\bare|'s|\bis)\s+(?:(?i:a|finally|now|still)\s+)*"
        r"(?P<val>(?i:homeowner|renter))(?i:s)?\b",
        value="status",
        settled=True,
    ),
)
