"""Rules for how many children someone has, ``number_of_children`` (single-valued, a count
in digits): "I have two kids", "We've got three children", "I have no kids" (``0``), "I'm a
mom of two", "I'm divorced with two kids".

The count ends its clause at the noun: "I have two kids in my class" or "... two kids to
feed" are someone else's, and "I have two kids, Tom said" is Tom's word. Named children are
``child`` (``rules_relations.py``), and their number follows from them only when said.

Part of the rule table (``policies/rules.py`` assembles it, through ``rules_relations.py``);
see ``patterns.Rule`` for what each option means.
"""

from __future__ import annotations

from nousmem.policies.patterns import NAME_VAL, NOT_A_NAME, Rule, make_rule

__all__ = ["CHILD_BIRTH_RULES", "CHILD_COUNT_RULES"]

# How many children: a number said in words or digits, or "no" ("I have no kids").
_COUNT = r"(?P<val>(?i:no|an?|one|two|three|four|five|six|seven|eight|nine|ten)|1?\d)"
_KIDS_ADJ = (
    r"(?:(?i:young|little|small|grown|grown-up|adult|teenage|wonderful|amazing|beautiful"
    r"|lovely|great|awesome|wonderful|crazy|busy)\s+)?"
)
# The count ends its clause: "I have two kids.", "... kids, Leo and Mia", "... kids and a
# dog", "... kids under five"; not "two kids in my class" or "two kids to feed".
_COUNT_END = (
    r"(?=\s*(?:[.;:!?)]|$)"
    # (not a reporting clause after the comma: "I have two kids, Tom said" is Tom's)
    r"|\s*,(?!\s*(?:[A-Z][\w'-]*|he|she|they)\s+(?i:said|says|told|asked|added|replied"
    r"|wrote|explained)\b)"
    r"|\s+(?i:and|but|now|who|aged|ages|under|named|called|myself|too"
    r"|so|of\s+my\s+own|of\s+our\s+own|together|already|yet|at\s+home|with\s+my)\b)"
)

# "two kids", "no young children": how many, then the noun, ending the clause.
_KIDS = _COUNT + r"\s+" + _KIDS_ADJ + r"(?i:kids?|children|child)\b" + _COUNT_END

CHILD_COUNT_RULES: tuple[Rule, ...] = (
    # "I have two kids", "We've got three children", "Ana has one child", "I have no kids":
    # how many, where the clause ends at the noun (not "I have two kids in my class").
    make_rule(
        "number_of_children",
        "kids kid children child",
        r"(?i:\bhave|\bhas|'ve\s+got|\bgot)\s+" + _KIDS,
        value="count",
    ),
    # "I don't have any kids", "We don't have children (yet)", "Tom doesn't have kids":
    # none (the denial is the count's, not a denial of it).
    make_rule(
        "number_of_children",
        "kids kid children child",
        r"(?i:don['’]t|doesn['’]t|do\s+not|does\s+not)\s+(?i:have)\s+"
        r"(?:(?i:any)\s+)?" + _KIDS_ADJ + r"(?P<val>(?i:kids|children))\b" + _COUNT_END,
        value="count",
        template="0",
    ),
    # "I'm divorced with two kids", "I'm married with three children", "I'm a single mom
    # with one kid": a status, then how many (not "I'm at the park with two kids").
    make_rule(
        "number_of_children",
        "kids kid children child",
        r"(?i:'m|\bam|'s|\bis)\s+(?:(?i:happily|recently|now|newly)\s+)?"
        r"(?i:married|divorced|separated|single|widowed|an?\s+(?:single\s+)?(?:mom|mum|dad"
        r"|mother|father|parent))\s+(?i:with)\s+" + _KIDS,
        value="count",
    ),
    # "I'm a mom of two", "Tom is a proud father of three kids".
    make_rule(
        "number_of_children",
        "mom mum mother dad father mama papa parent",
        r"(?i:'m|\bam|'s|\bis)\s+(?i:an?)\s+(?:[\w-]+\s+)?"
        r"(?i:mom|mum|mother|dad|father|mama|papa|parent)\s+(?i:of)\s+"
        + _COUNT
        + r"(?:\s+"
        + _KIDS_ADJ
        + r"(?i:kids|children|boys|girls|sons|daughters))?"
        + _COUNT_END,
        value="count",
    ),
)

# "We just had a baby girl named Rose", "We welcomed our second child, Max, in June", "I
# had a baby boy, Leo, last week": a child born, by name (the goal "have a baby" it fulfils
# ends in policies/ended_goals.py). Not "a baby shower", a name that is no name.
CHILD_BIRTH_RULES: tuple[Rule, ...] = (
    make_rule(
        "child",
        "had welcomed delivered",
        r"\b(?i:had|welcomed|delivered)\s+(?i:a|our|my|their|her|his)\s+"
        r"(?:(?i:new|first|second|third|fourth|beautiful|healthy|little|baby)\s+)*"
        r"(?i:baby|son|daughter|child|boy|girl)(?:\s+(?i:girl|boy))?"
        r"(?:\s*,\s*|\s+(?i:named|called)\s+)"
        + NOT_A_NAME
        + NAME_VAL
        + r"(?=\s*(?:[.,;!)]|$)|\s+(?i:in|on|last|this|yesterday|today|at|and|who|weighing)\b)",
        value="name",
        undated=True,
    ),
)
