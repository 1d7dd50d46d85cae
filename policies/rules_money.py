"""Rules for what someone means to spend and save: ``budget`` (single-valued, the amount as
said: "$500", "2,000 euros") and saving toward something, a ``goal`` ("save for a house").

"My budget is around $500", "Our budget for the trip is 2,000 euros", "My budget is $500 per
night", "I have a budget of $300", "I can spend up to $150" give the amount, without
"around" or "up to" (a budget is a most); not a past budget ("Our budget was $2,000") nor a
hypothetical one ("I could spend $1,000 on that TV"). A later budget supersedes the earlier
one as any single value does. "I'm saving up for a house", "I'm saving money for a trip to
Japan" give the goal "save for a house", "save for a trip to Japan". Not an amount spent
("I spent $500 on shoes"), a price ("The hotel costs $200"), nor a budget without an
amount ("I'm on a tight budget").

Part of the rule table (``policies/rules.py`` assembles it, after the leisure rules); see
``patterns.Rule`` for what each option means.
"""

from __future__ import annotations

from nousmem.policies.patterns import POSS, VAL, Rule, make_rule

__all__ = ["MONEY_RULES"]

# An amount with its currency, by sign or by name: "$500", "€1,200.50", "$2k", "500
# dollars", "2,000 euros", "300 bucks" (not a bare number: "My budget is 5" says no unit).
_AMOUNT = (
    r"(?P<val>(?:[$€£]\s?\d[\d,]*(?:\.\d+)?(?:\s?(?i:k|m|million|thousand)\b)?"
    r"|\d[\d,]*(?:\.\d+)?\s?(?:(?i:k|thousand|million)\s+)?"
    r"(?i:dollars|euros|pounds|bucks|usd|eur|gbp)\b)"
    r"(?![\w$€£])"
    # and what it is for each of: "$150 per night", "$500 a month"
    r"(?:\s+(?i:per|a|an|each)\s+(?i:night|day|week|month|year|person|head|hour)\b)?)"
)
# What a most or an estimate is said with, left out of the value.
_ABOUT = (
    r"(?:(?i:around|about|roughly|approximately|only|just|max|maximum|at\s+most|up\s+to"
    r"|under|below|less\s+than|no\s+more\s+than|not\s+more\s+than)\s+)?"
)
# What the budget is for ("for the trip", "for a new laptop"), a few words, not read.
_FOR = r"(?:\s+(?i:for)\s+[^.,;:!?\n]{1,40}?)?"

MONEY_RULES: tuple[Rule, ...] = (
    # "My budget is $500", "Our monthly budget is around 2,000 euros", "My budget for the
    # trip is $3k", "My budget's about $300".
    make_rule(
        "budget",
        "budget",
        POSS
        + r"\s+(?:(?i:total|monthly|weekly|yearly|annual|overall|max|maximum)\s+)?(?i:budget)"
        + _FOR
        + r"(?:\s+(?i:is)|'s)\s+"
        + _ABOUT
        + _AMOUNT,
        value="raw",
        subject="poss",
        stated=True,
    ),
    # "I have a budget of $500", "We've got a total budget of 2,000 euros".
    make_rule(
        "budget",
        "budget",
        r"\b(?i:have|has|got|set)\s+(?i:a|an)\s+"
        r"(?:(?i:total|monthly|weekly|yearly|annual|overall|tight|small|strict|fixed)\s+)?"
        r"(?i:budget)\s+(?i:of)\s+" + _ABOUT + _AMOUNT,
        value="raw",
    ),
    # "I can spend up to $150", "I can only afford $50".
    make_rule(
        "budget",
        "spend afford",
        r"\b(?i:can)\s+(?:(?i:only)\s+)?(?i:spend|afford)\s+" + _ABOUT + _AMOUNT,
        value="raw",
    ),
    # "I'm saving up for a house", "I'm saving money for a trip to Japan".
    make_rule(
        "goal",
        "saving save",
        # (the value from "for" on, so that an article after it stays, as in "I want to
        # save for a house": one goal however it is said)
        r"\b(?i:saving|save)\s+(?:(?i:up|money)\s+)?"
        r"(?=(?i:for)\s+(?!(?i:later|now|that|this|it)\b))" + VAL,
        value="vp",
        template="save {}",
    ),
)
