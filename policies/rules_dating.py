"""Rules for a partner one dates: "I'm dating Chris", "I've been seeing someone named Chris",
"Chris and I are dating" give the ``spouse`` (which holds a partner, as "my boyfriend Chris"
does); "I'm seeing someone" and "I have a girlfriend" give the ``relationship_status`` "in a
relationship", as "I live with my girlfriend" does.

"Seeing" only with "someone" or "a guy / girl": "I'm seeing Dr. Patel tomorrow" is an
appointment. A date that ended is the past ("I was dating Chris", "I dated Chris in
college"): none. A break-up is read in ``rules_separation.py``.

Part of the rule table (``policies/rules.py`` assembles it, through ``rules_relations.py``);
see ``patterns.Rule`` for what each option means.
"""

from __future__ import annotations

from nousmem.policies.patterns import NAME_VAL, NOT_WORD, Rule, make_rule

__all__ = ["DATING_RULES"]

_SOMEONE = r"(?i:someone|somebody|a\s+(?:guy|girl|man|woman|woman|lady|boy))"
_NOW = r"(?:(?i:now|currently|officially|still|also|finally)\s+)?"

DATING_RULES: tuple[Rule, ...] = (
    # "I'm dating Chris", "Ana has been dating Marco since May".
    make_rule(
        "spouse",
        "dating seeing",
        r"(?:'m|\bam|'s|\bis|'re|\bare|'ve\s+been|\bbeen|\bstarted)\s+"
        + _NOW
        + r"(?:(?i:dating)\s+(?:"
        + _SOMEONE
        + r"\s+(?i:named|called)\s+)?|(?i:seeing)\s+"
        + _SOMEONE
        + r"\s+(?i:named|called)\s+)"
        + NAME_VAL
        + r"(?![\w'\u2019-])(?<!['\u2019]s)",  # not "Chris's brother"
        value="name",
    ),
    # "I have a boyfriend named Leo".
    make_rule(
        "spouse",
        "girlfriend boyfriend partner",
        r"(?:\b(?i:have|has)|(?:'ve|\bhave|\bhas|'s)\s+(?i:got))\s+(?i:a)\s+(?:(?i:new)\s+)?"
        r"(?i:girlfriend|boyfriend|partner)\s+(?i:named|called)\s+" + NAME_VAL,
        value="name",
    ),
    # "Chris and I are dating", "Chris and I have been together for two years".
    make_rule(
        "spouse",
        "dating together couple",
        NAME_VAL
        + r"\s+(?i:and)\s+(?P<poss>I)\s+(?:'re|are|have\s+been|'ve\s+been)\s+"
        + _NOW
        + r"(?i:dating|together|a\s+couple)\b",
        value="name",
        subject="poss",
    ),
    # "I'm seeing someone", "I've been dating someone new": in a relationship, unnamed.
    make_rule(
        "relationship_status",
        "dating seeing",
        r"(?:'m|\bam|'s|\bis|'ve\s+been|\bbeen)\s+"
        + NOT_WORD
        + _NOW
        + r"(?i:dating|seeing)\s+(?P<val>"
        + _SOMEONE
        + r")(?!\s+(?i:named|called|else)\b)",
        value="status",
        template="in a relationship",
    ),
    # "I have a girlfriend", "I've got a boyfriend": in a relationship.
    make_rule(
        "relationship_status",
        "girlfriend boyfriend",
        r"(?:\b(?i:have|has)|(?:'ve|\bhave|\bhas|'s)\s+(?i:got))\s+(?i:a)\s+"
        r"(?:(?i:new)\s+)?(?P<val>(?i:girlfriend|boyfriend))(?=\s*(?:[.,;!?)]|$)|\s+(?i:now"
        r"|and|but|who|named|called|since)\b)",
        value="status",
        template="in a relationship",
    ),
    # "I live with my girlfriend", "Tom moved in with his boyfriend": in a relationship.
    make_rule(
        "relationship_status",
        "girlfriend boyfriend",
        # Not "I used to live with my girlfriend": she may be gone.
        r"(?<!(?i:used)\sto\s)"
        r"\b(?i:live|lives|living|moved\s+in|moving\s+in|move\s+in)\s+(?i:with)\s+"
        r"(?i:my|his|her|their)\s+(?:(?i:new)\s+)?(?P<val>(?i:girlfriend|boyfriend))\b",
        value="status",
        template="in a relationship",
        # "I don't live with my girlfriend" still has one.
        presupposed=True,
    ),
)
