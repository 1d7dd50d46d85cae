"""Rules for what someone likes and dislikes: "I love jazz", "I'm a huge Arsenal fan", "My
favourite food is sushi", "My go-to drink is an oat latte", "I can't stand cilantro", "I
hate early meetings".

Part of the rule table: ``rules_leisure.py`` places these first among its rules, as they
always were; see ``patterns.Rule`` for what each option means.
"""

from __future__ import annotations

from nousmem.policies.letters import UPPER
from nousmem.policies.patterns import (
    NAME_VAL,
    NOT_WORD,
    POSS,
    VAL,
    Rule,
    make_rule,
)

__all__ = ["LIKES_RULES"]

LIKES_RULES: tuple[Rule, ...] = (
    make_rule(
        "likes",
        "like likes love loves enjoy enjoys adore adores prefer prefers loving enjoying",
        # "is like", "just like", "looks like": a comparison, not a preference.
        r"\b(?:(?<!\bis\s)(?<!\bwas\s)(?<!'s\s)(?<!'m\s)(?<!\bam\s)(?<!\bare\s)(?<!\bbe\s)"
        r"(?<!\bjust\s)(?<!\blooks\s)(?<!\bfeels\s)(?<!\bseems\s)(?<!\bsounds\s)(?i:like)"
        r"|(?i:likes|love|loves|enjoy|enjoys|adore|adores|prefer|prefers|loving|enjoying))\s+"
        r"(?:(?i:to)\s+)?" + VAL,
        alt_negated="dislikes",
    ),
    make_rule(
        "likes",
        "fan passionate keen fond obsessed crazy interested",
        r"\b(?i:(?:a\s+)?(?:big\s+|huge\s+|massive\s+)?fan\s+of|passionate\s+about|keen\s+on"
        r"|fond\s+of|obsessed\s+with|crazy\s+about|interested\s+in|in\s+love\s+with)\s+" + VAL,
        alt_negated="dislikes",
    ),
    # "I'm a huge Taylor Swift fan", "Tom is a big Arsenal fan", "I'm a lifelong Arsenal
    # supporter": a name before "fan" or "supporter".
    make_rule(
        "likes",
        "fan supporter",
        r"(?i:'m|\bam|'s|\bis)\s+"
        + NOT_WORD
        + r"(?i:an?\s+)(?:(?i:big|huge|massive|die-?hard|lifelong|long-?time|massive)\s+)?"
        + NAME_VAL
        + r"\s+(?i:fan|supporter)\b(?!['\u2019-])",
        value="name",
        alt_negated="dislikes",
    ),
    # "I root for the Lakers", "Tom cheers for Arsenal", "I support Manchester United": a
    # team by its name (with "support" only a name after "the" or one of several words, so
    # "I support Tom" and "I support my family" are no team). Not rooting for a team is no
    # dislike of it: "I don't root for the Yankees" denies the like only.
    make_rule(
        "likes",
        "root roots rooting cheer cheers cheering support supports",
        r"\b(?:(?i:root|roots|rooting|cheer|cheers|cheering)\s+(?i:for)\s+(?:[Tt]he\s+)?"
        rf"|(?i:support|supports)\s+(?=[Tt]he\s+[{UPPER}]|[{UPPER}][\w'-]*\s+[{UPPER}])"
        r"(?:[Tt]he\s+)?)"
        + NAME_VAL
        + r"(?=\s*(?:[.,;!?)]|$)|\s+(?i:and|but|now|every|since|in|at|because|so)\b)",
        value="name",
    ),
    make_rule(
        "likes",
        "favorite favourite go goto",  # ("go-to" is two anchor words; "to" is in most)
        # "My go-to drink is an oat latte": a favourite too.
        POSS
        # "My new favorite show is Severance", "my all-time favourite film".
        + r"\s+(?:(?i:new|current|all-time|all\s+time|absolute|latest|top)\s+)?"
        + r"(?i:favou?rite|go-?to)\s+(?:[\w'-]+\s+){1,3}?(?i:is|are|has\s+to\s+be)\s+"
        + VAL,
        subject="poss",
    ),
    make_rule(
        "dislikes",
        "hate hates dislike dislikes detest detests loathe loathes despise despises",
        r"\b(?i:hate|hates|dislike|dislikes|detest|detests|loathe|loathes|despise|despises)"
        r"\s+(?!(?i:to|it|that|when|how)\b)" + VAL,
    ),
    make_rule(
        "likes",
        "stopped quit",
        # "I stopped liking jazz": a like that ended.
        r"\b(?i:stopped|quit)\s+(?i:liking|loving|enjoying)\s+" + VAL,
        negate=True,
        change=True,
    ),
    make_rule(
        "dislikes",
        "stand bear",
        r"(?i:can't|cant|cannot|can\s+not|couldn't)\s+(?i:stand|bear)\s+" + VAL,
    ),
)
