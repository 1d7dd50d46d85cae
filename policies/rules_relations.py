"""Rules for someone's people: friends, spouses, relationship status, children and
siblings by name, how many children (``rules_children.py``) and, through
``rules_separation``, the ends of marriages.

Part of the rule table (``policies/rules.py`` assembles it, in this place of its order); see
``patterns.Rule`` for what each option means.
"""

from __future__ import annotations

from nousmem.policies.patterns import (
    FRIEND,
    FRIEND_ADJ,
    NAME,
    NAME_AFTER_NOUN,
    NAME_VAL,
    NOT_A_NAME,
    NOT_WORD,
    POSS,
    POSS_START,
    SPOUSE,
    SPOUSE_NEG,
    Rule,
    make_rule,
    not_after,
)
from nousmem.policies.rules_children import CHILD_BIRTH_RULES, CHILD_COUNT_RULES
from nousmem.policies.rules_dating import DATING_RULES
from nousmem.policies.rules_separation import NOT_BUSY, SEPARATION_RULES
from nousmem.policies.subject_words import KIN_NOUNS

__all__ = ["GIVEN_TO", "NAMED_AS", "NOT_POSSESSIVE", "RELATION_RULES"]

# "my son Kyle". Not after a comma: there the name is as often the person spoken to
# ("Thanks for asking about my daughter, Caroline, she's fine!"). Never a contraction of
# "I" ("my brother I'm sure ...").
_KIN_NAME = NAME_AFTER_NOUN
# After these verbs "my son" is an indirect object and the capitalised word what he was
# given, taught or called ("I taught my daughter French", "bought my son Lego", "I'd name
# my son Kyle"): no name.
GIVEN_TO = not_after(
    "taught teach teaches teaching gave give gives giving bought buy buys buying got get "
    "gets getting showed show shows told tell tells telling sent send sends made make makes "
    "call calls called calling name names named naming read reads reading let lets "
    "promised owe owed offered wished wish brought bring texted text texts wrote write"
)

# Parents and grandparents by every noun that names them (``KIN_NOUNS``: "mom", "mother",
# "grandma", ...), as (attribute, nouns) for the rules that read each relation by name.
_ELDERS = tuple(
    (attribute, " ".join(n for n, a in KIN_NOUNS.items() if a == attribute))
    for attribute in ("parent", "grandparent")
)

# Before a possessive, the verbs that end what it names.
# A partner holds a spouse's place without the wedding: a boyfriend, a girlfriend, a
# fiancé(e) too ("My boyfriend is Leo", "my fiancée Maria").
_PARTNER = r"(?:" + SPOUSE + r"|(?i:boyfriend|girlfriend|fianc[eé]e?|husband-to-be|wife-to-be))"
_PARTNER_ANCHORS = "husband wife spouse hubby partner boyfriend girlfriend fiance fiancee fianc"
_NOT_ENDED = "".join(
    rf"(?<!(?i:{v}) )"
    for v in (
        "divorced",
        "divorced from",
        "separated from",
        "split with",
        "split from",
        "split up with",
        "split up from",
        "broke up with",
    )
)

# "My wife's name is Ana", "My son is called Leo", "My sister is Ana": a name that ends the
# clause, and none of the capitalised words that are no name there ("My husband is
# Jamaican / Pisces / Army": patterns.NOT_A_NAME).
NAMED_AS = (
    r"(?:'s\s+(?i:name)\s+(?i:is)|\s+(?i:is)(?:\s+(?i:called|named))?)\s+"
    # Not letters in capitals: a type or a code ("My wife is INTJ").
    + r"(?![A-Z]{2,}\b)"
    + NOT_A_NAME
    + NAME_VAL
    + r"(?=\s*(?:[.,;!?)]|$)|\s+(?i:and|but)\b)"
)
# A relative's age or rank before the noun: "my *little* brother", "my *eldest* daughter".
_KIN_NAMED = "son daughter kid child brother sister"
_KIN_AGE = (
    r"(?:\d{1,2}[- ](?i:years?|months?)[- ](?i:old)\s+)?"  # "a 7-year-old daughter named Lily"
    r"(?:(?i:little|baby|big|eldest|oldest|youngest|younger|older|middle|twin)\s+)?"
)
# "Tom is my friend", "Ana is my wife's name"; not "Tom is my friend's brother" (someone
# else's relation), "Lily is my daughter-in-law", "Tom is my brother in Christ".
NOT_POSSESSIVE = r"\b(?!-|'(?!s\s+(?i:name)\b)|\s+(?i:in[- ]law)\b(?!\s+(?i:school|firm)))"
# Where a relation set off after a name ends: "Ana, my wife, ...", "... Tom, my husband."
_APPOSITION_END = r"(?=\s*(?:,|[.!?]|$))"
# Kin said as a figure: "my brother in Christ", "from another mother", "my sister wife".
_NOT_FIGURE = r"(?!\s+(?i:in\s+christ|from\s+another\s+(?:mother|mom|father)|wife)\b)"


RELATION_RULES: tuple[Rule, ...] = (
    # ---- friend / spouse / relationship status -------------------------------------------
    make_rule(
        "friend",
        "friend buddy pal bestie bff friends buddies pals besties bffs",
        POSS + r"\s+" + FRIEND_ADJ + r"(?:(?i:buddies)|" + FRIEND + r"s?)\s*,?\s+" + NAME_VAL,
        value="name",
        subject="poss",
    ),
    make_rule(
        "friend",
        "friend buddy pal bestie bff",
        NAME_VAL
        + r"\s+(?i:is|was|has\s+been)\s+"
        + POSS
        + r"\s+"
        + FRIEND_ADJ
        + FRIEND
        + NOT_POSSESSIVE,
        value="name",
        subject="poss",
    ),
    # "My best friend is Sarah": a name that ends the clause (not "My friend is Jamaican",
    # "If my best friend is Sarah, ...").
    make_rule(
        "friend",
        "friend buddy pal bestie bff",
        POSS
        + r"\s+"
        + FRIEND_ADJ
        + FRIEND
        + r"\s+(?i:is)\s+"
        + NOT_A_NAME
        + NAME_VAL
        + r"(?=\s*(?:[.,;!?)]|$)|\s+(?i:and|but)\b)",
        value="name",
        subject="poss",
        stated=True,
    ),
    make_rule(
        "friend",
        "friend friends",
        r"\b(?:(?i:a|an)\s+)?" + FRIEND_ADJ + r"(?i:friends?)\s+(?i:of|with)\s+"
        r"(?P<val>" + NAME + r"|(?i:me|mine)\b)",
        value="name",
    ),
    make_rule(
        "spouse",
        "married",
        r"\b(?i:married\s+to)\s+(?P<val>" + NAME + r"|(?i:me)\b)",
        value="name",
    ),
    # "I got engaged to Sam", "Ana is engaged to Marco": the partner to be.
    make_rule(
        "spouse",
        "engaged",
        r"\b(?i:engaged\s+to)\s+" + NAME_VAL,
        value="name",
        elide="past",
    ),
    make_rule(
        "spouse",
        "married marry marrying",
        r"\b(?i:married|marry|marrying)\s+" + NAME_VAL,
        value="name",
        elide="past",
    ),
    make_rule(
        "spouse",
        _PARTNER_ANCHORS,
        # Not after a divorce or a separation ("I divorced my husband Jake and moved"): the
        # rules of rules_separation.py read those. Not the next clause's "I" ("For my wife,
        # I'd do anything").
        POSS_START
        + _NOT_ENDED
        + POSS
        + r"\s+"
        + SPOUSE_NEG
        + _PARTNER
        + r"\s*,?\s+(?!I\b|I['\u2019])"
        + NAME_VAL,
        value="name",
        subject="poss",
        undated=True,
    ),
    make_rule(
        "spouse",
        _PARTNER_ANCHORS,
        NAME_VAL + r"\s+(?i:is|was)\s+" + POSS + r"\s+" + SPOUSE_NEG + _PARTNER + NOT_POSSESSIVE,
        value="name",
        subject="poss",
    ),
    # "Ana, my wife, works at Google", "I went with Tom, my husband.": a relation set off
    # after the name, closed by a comma or the sentence's end.
    make_rule(
        "spouse",
        _PARTNER_ANCHORS,
        NAME_VAL + r"\s*,\s+" + POSS + r"\s+" + _PARTNER + _APPOSITION_END,
        value="name",
        subject="poss",
    ),
    # "My wife's name is Ana", "My husband is called Tom", "My wife is Ana": a name that
    # ends the clause (NAMED_AS).
    make_rule(
        "spouse",
        _PARTNER_ANCHORS,
        POSS + r"\s+" + SPOUSE_NEG + _PARTNER + NAMED_AS,
        value="name",
        subject="poss",
        stated=True,  # not "Let's say my wife's name is Maria"
        settled=True,
    ),
    # ---- children and siblings, by name ("my daughter Sara", "Ana's little brother Tom") ---
    make_rule(
        "child",
        "son daughter sons daughters kid kids child children",
        POSS_START
        + GIVEN_TO
        + POSS
        + r"\s+(?:\d{1,2}[- ](?i:years?|months?)[- ](?i:old)\s+)?"  # "my 7-year-old daughter"
        r"(?:(?i:little|baby|eldest|oldest|youngest|younger|older|middle)\s+)?"
        r"(?i:sons?|daughters?|kids?|child|children)" + _KIN_NAME,
        value="name",
        subject="poss",
        presupposed=True,
        undated=True,
    ),
    # "Lily is my daughter", "Tom is Ana's little brother" (not "Lily is my daughter's
    # friend").
    *(
        make_rule(
            attribute,
            nouns,
            NAME_VAL
            + r"\s+(?i:is)\s+"
            + POSS
            + r"\s+"
            + _KIN_AGE
            + rf"(?i:{'|'.join(nouns.split())})"
            + NOT_POSSESSIVE
            + _NOT_FIGURE,
            value="name",
            subject="poss",
        )
        for attribute, nouns in (
            ("child", "son daughter"),
            ("sibling", "brother sister"),
            *_ELDERS,
        )
    ),
    # "Lily, my daughter, starts school", "I called Tom, my older brother.".
    *(
        make_rule(
            attribute,
            nouns,
            NAME_VAL
            + r"\s*,\s+"
            + POSS
            + r"\s+"
            + _KIN_AGE
            + rf"(?i:{'|'.join(nouns.split())})"
            + _APPOSITION_END,
            value="name",
            subject="poss",
        )
        for attribute, nouns in (
            ("child", "son daughter"),
            ("sibling", "brother sister"),
            *_ELDERS,
        )
    ),
    # "My daughter's name is Emma", "My son is called Leo", "My sister is Ana": a name that
    # ends the clause.
    *(
        make_rule(
            attribute,
            nouns,
            POSS + r"\s+" + _KIN_AGE + rf"(?i:{'|'.join(nouns.split())})" + NAMED_AS,
            value="name",
            subject="poss",
            stated=True,
            settled=True,
        )
        for attribute, nouns in (
            ("child", "son daughter"),
            ("sibling", "brother sister"),
            *_ELDERS,
        )
    ),
    # "My kids are Leo and Mia", "My sisters are Ana, Bea and Cy": names that end the clause.
    *(
        make_rule(
            attribute,
            nouns,
            POSS
            + r"\s+"
            + _KIN_AGE
            + rf"(?i:{'|'.join(nouns.split())})\s+(?i:are)\s+"
            + rf"(?={NAME}(?:(?:,\s+{NAME})*,?\s+(?i:and)\s+{NAME})?\s*(?:[.!?;]|$))"
            + NOT_A_NAME
            + NAME_VAL,
            value="name",
            subject="poss",
            stated=True,
        )
        for attribute, nouns in (
            ("child", "sons daughters kids children"),
            ("sibling", "brothers sisters"),
        )
    ),
    # "I have a daughter named Mia", "Tom has two sons, Leo and Max.", "I've got a sister,
    # Ama." (after a comma, only names that end the clause: not "I have two kids, Tom said").
    *(
        make_rule(
            attribute,
            nouns,
            r"\b(?i:have|has|got)\s+(?:(?i:a|an|one|two|three|four|five|six|\d)\s+)?"
            + _KIN_AGE
            + rf"(?i:{'|'.join(nouns.split())})\b"
            + r"(?:\s*,?\s+(?i:named|called)\s+"
            + rf"|\s*,\s+(?={NAME}(?:(?:,\s+{NAME})*,?\s+(?i:and)\s+{NAME})?\s*(?:[.!?;]|$)))"
            + NAME_VAL,
            value="name",
        )
        for attribute, nouns in (
            ("child", "son daughter sons daughters kid kids children child"),
            ("sibling", "brother sister brothers sisters"),
        )
    ),
    # ... and the one named after it: "I have a daughter named Emma and a son named Jack",
    # "I have a brother named Tom and a daughter named Ana" (the noun after "and" decides).
    *(
        make_rule(
            attribute,
            nouns,
            r"\b(?i:have|has|got)\s+(?:(?i:a|an|one)\s+)?"
            + _KIN_AGE
            + rf"(?i:{'|'.join(_KIN_NAMED.split())})\s*,?\s+(?i:named|called)\s+{NAME}"
            + r"\s*,?\s+(?i:and)\s+(?:(?i:a|an|one)\s+)?"
            + _KIN_AGE
            + rf"(?i:{'|'.join(nouns.split())})\s*,?\s+(?i:named|called)\s+"
            + NAME_VAL,
            value="name",
        )
        for attribute, nouns in (("child", "son daughter kid child"), ("sibling", "brother sister"))
    ),
    # "I'm a single mom", "I've been a single dad since 2019", "Ana is a single parent":
    # single (not "I was a single mom for years", "If I were a single dad, ...").
    make_rule(
        "relationship_status",
        "single",
        r"(?:(?i:'m|\bam|'s|\bis|\bbeen|\bbecame)\s+)(?i:an?\s+)(?P<val>(?i:single))"
        r"\s+(?i:mom|mum|mother|dad|father|parent|mama|papa)\b",
        value="status",
        settled=True,
    ),
    *CHILD_COUNT_RULES,  # rules_children.py: "I have two kids"
    *CHILD_BIRTH_RULES,  # rules_children.py: "We just had a baby girl named Rose"
    make_rule(
        "sibling",
        "brother sister brothers sisters",
        POSS_START
        + GIVEN_TO
        + POSS
        + r"\s+(?:(?i:little|baby|big|older|younger|twin|eldest|oldest|youngest)\s+)?"
        r"(?i:brothers?|sisters?)" + _KIN_NAME,
        value="name",
        subject="poss",
        presupposed=True,
        undated=True,
    ),
    # "my mom Linda", "Tom's father Ed", "my grandma Rose"
    *(
        make_rule(
            attribute,
            nouns,
            POSS_START + GIVEN_TO + POSS + rf"\s+(?i:{'|'.join(nouns.split())})" + _KIN_NAME,
            value="name",
            subject="poss",
            presupposed=True,
            undated=True,
        )
        for attribute, nouns in (*_ELDERS,)
    ),
    *SEPARATION_RULES,
    *DATING_RULES,
    make_rule(
        "relationship_status",
        "single engaged married widowed relationship",
        # Not "getting": a wedding under way ("we're getting married") is none yet, as a
        # divorce under way is none (rules_separation.py).
        r"(?i:'m|\bam|'s|\bis|\bare|\bgot|\bbecame|\bbeen)\s+"
        # "no longer married" says divorced (rules_separation.py).
        + r"(?!(?i:no\s+longer\s+married)\b)"
        + NOT_WORD
        + r"(?:(?i:now|recently"
        r"|happily|finally|officially|newly|just|still|currently)\s+)?"
        # "divorced" and "separated" are read in rules_separation.py, more strictly.
        r"(?P<val>(?i:single|engaged" + NOT_BUSY + r"|married|widowed|in\s+a\s+relationship))"
        r"(?=\s*(?:[.,;!?)]|$)|\s+(?i:and|but|now|again|since|for|last|this|in|on"
        r"|yesterday|recently|as|after|before|with|at|today|two|three|a|an)\b"
        # "married to Bob" says she is married, but "not married to Bob" only denies Bob.
        r"|(?(neg)(?!)|\s+(?i:to)\b))",
        value="status",
        elide="past",
        # "Ana and Tom got married" says both are, not Tom alone ("got" agrees with either).
        speaker_joint=True,
    ),
)
