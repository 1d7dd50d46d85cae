"""Rules for someone's place at work: whom they report to, ``manager`` (single-valued, a
name), their ``team`` (single-valued: "the platform team") and where they work from,
``work_mode`` (single-valued: ``remote``, ``hybrid`` or ``on-site``).

"My manager is Priya Raman", "my new boss Tom", "Tom is my manager", "I report to Tom";
"my former manager Priya" denies Priya. "I'm on the platform team", "I work in the data
science team", "I joined the growth team". A later manager or team supersedes the earlier
one as any single value does.

Part of the rule table (``policies/rules.py`` assembles it, after the relationships); see
``patterns.Rule`` for what each option means.
"""

from __future__ import annotations

from nousmem.policies.letters import UPPER
from nousmem.policies.patterns import (
    CAP,
    NAME,
    NAME_AFTER_NOUN,
    NAME_VAL,
    NOT_A_NAME,
    NOT_WORD,
    OCC,
    POSS,
    POSS_START,
    VAL,
    Rule,
    make_rule,
    not_after,
)
from nousmem.policies.rules_care import CARE_ROLES, NOT_TITLED

__all__ = ["WORK_RULES"]

_BOSS = r"(?i:manager|boss|supervisor|line\s+manager|(?:team\s+|tech\s+)?lead)"
_ANCHORS = "manager boss supervisor lead"
# "my *new* boss", "my *current* manager"; "my *former* / *old* / *ex-* boss" denies.
_NEW = r"(?:(?i:new|current|direct|immediate)\s+)?"
_FORMER = r"(?P<neg>(?i:former|old|previous|ex-|ex\s+)\s*)?"
# Verbs after which "my boss" is an indirect object: "I told my boss Friday works", "I
# gave my manager Monday's numbers".
_GIVEN = not_after(
    "told tell tells telling gave give gives giving sent send sends showed show shows "
    "asked ask asks emailed email emails texted text texts called call calls "
    "wrote write writes owe owed promised"
)
# What may follow a name that ends the clause: "My manager is Priya Raman and I work ...",
# "My new manager is Tom Okafor since last week".
_CLAUSE_END = (
    r"(?=\s*(?:[.,;!?)]|$)|\s+(?i:and|but|now|since|from|as\s+of|starting|at|in|on|anymore"
    r"|any\s+more)\b)"
)
# A team by its name: one to three words before "team" ("the platform team", "the data
# science team"); not "the same team", "the other team", "the whole team".
_TEAM = (
    r"(?P<val>(?!(?i:same|other|whole|entire|wrong|right|first|second|winning|losing)\b)"
    r"(?:[\w&/-]+\s+){1,3}?(?i:team|squad|department))\b(?!['-])"
)
# How one works: remote, hybrid or on-site, as said ("from home" is remote, "in the office"
# on-site: ``status_words.STATUS_OF``).
_HOW = r"(?:(?i:now|currently|still|also|fully|mostly|entirely|completely|100%)\s+)*"
_MODE = r"(?P<val>(?i:remotely|remote|from\s+home|hybrid|on-?site|in\s+(?:the\s+)?office))"
# ... or a place it is done from: "I work remotely from Lisbon" (not "from Monday to
# Thursday": some days).
_MODE_END = (
    r"(?=\s*(?:[.,;!?)]|$)|\s+(?i:now|these\s+days|full[- ]time|part[- ]time|for|at|since"
    rf"|and|but|so|because)\b|\s+(?i:from)\s+(?!(?:Mon|Tues|Wednes|Thurs|Fri|Satur|Sun)day)"
    rf"[{UPPER}])"
)
_WEEKDAY = r"(?:Mon|Tues|Wednes|Thurs|Fri|Satur|Sun)days?"
_SOME_DAYS = (
    r"(?P<val>(?i:remotely|remote|from\s+home))\s+(?i:on\s+"
    + _WEEKDAY
    + r"(?:\s*(?:,|and|&)\s*"
    + _WEEKDAY
    + r")*|(?:one|two|three|four|a\s+couple\s+of|a\s+few|\d)\s+days?\s+(?:a|per|every)\s+week"
    r"|(?:once|twice)\s+(?:a|per|every)\s+week|most\s+days|some\s+days|part\s+of\s+the\s+week)"
    r"(?=\s*(?:[.,;!?)]|$)|\s+(?i:and|but|now|for|at|since|so|because)\b)"
)
# Where the boss is one's boss: "My manager at Stripe is Priya", "My boss at work is Dana".
_WHERE_BOSS = (
    r"(?:\s+(?i:at|from)\s+(?:(?i:work|my\s+(?:new\s+|old\s+)?job)\b"
    rf"|(?:[Tt]he\s+)?[{UPPER}][\w&'.-]*(?:\s+[{UPPER}][\w&'.-]*){{0,2}}))?"
)
# "Tom is my manager" (not "Tom is my manager's husband", "my boss-to-be").
_NOT_POSSESSIVE = r"\b(?!-|'|\s+(?i:at\s+heart)\b)"

WORK_RULES: tuple[Rule, ...] = (
    make_rule(
        "manager",
        _ANCHORS,
        POSS_START + _GIVEN + POSS + r"\s+" + _FORMER + _NEW + _BOSS + NAME_AFTER_NOUN,
        value="name",
        subject="poss",
        presupposed=True,
        undated=True,
    ),
    make_rule(
        "manager",
        _ANCHORS,
        POSS
        + r"\s+"
        + _FORMER
        + _NEW
        + _BOSS
        + _WHERE_BOSS
        # "My boss is Maria", "... is called / named Maria", "My boss's name is Maria".
        + r"(?:\s+(?i:is|'s)(?:\s+(?i:called|named))?|['\u2019]s\s+(?i:name)\s+(?i:is))"
        + r"\s+(?:(?i:now|currently|still|actually)\s+)?"
        + NOT_A_NAME
        + NAME_VAL
        + _CLAUSE_END,
        value="name",
        subject="poss",
        stated=True,  # not "If my manager is Tom, ..." nor "It's not true that ..."
    ),
    make_rule(
        "manager",
        _ANCHORS,
        NAME_VAL
        + r"\s+(?i:is|has\s+been)\s+(?:(?i:no\s+longer|not|never|still|now|also)\s+)?"
        + POSS
        + r"\s+"
        + _FORMER
        + _NEW
        + _BOSS
        + _NOT_POSSESSIVE,
        value="name",
        subject="poss",
    ),
    # ---- team: "I'm on the platform team", "I joined the data team" -----------------------
    make_rule(
        "team",
        "team squad department",
        r"\b(?i:'m|am|is|'s|are)\s+(?:(?i:now|currently|still|also)\s+)?"
        r"(?:(?P<neg>(?i:not|no\s+longer))\s+)?"
        r"(?i:on|in|part\s+of)\s+(?i:the)\s+" + _TEAM,
        value="raw",
    ),
    # "I'm the tech lead on the payments team", "Ana is an engineer on the growth team":
    # the team a role is held on.
    make_rule(
        "team",
        "team squad",
        r"\b(?i:'m|am|is|'s)\s+(?:(?i:now|currently|still|also)\s+)?(?i:an?|the)\s+"
        r"(?:[\w-]+\s+){0,3}?(?i:" + OCC + r"|lead)\s+(?i:on|in)\s+(?i:the)\s+" + _TEAM,
        value="raw",
    ),
    make_rule(
        "team",
        "team squad department",
        r"\b(?i:work|works|working)\s+(?:(?i:now|currently)\s+)?(?i:on|in)\s+"
        r"(?i:the)\s+" + _TEAM,
        value="raw",
    ),
    # "I'm on the platform team at Spotify", "Ana works in the data team at Acme": the
    # organisation the team is part of employs them.
    make_rule(
        "employer",
        "team squad department",
        r"\b(?:(?i:'m|am|is|'s|are)\s+(?:(?i:now|currently|still|also)\s+)?(?i:on|in|part\s+of)"
        r"|(?i:work|works|working)\s+(?:(?i:now|currently)\s+)?(?i:on|in))\s+(?i:the)\s+"
        r"(?:[\w&/-]+\s+){1,3}?(?i:team|squad|department)\s+(?i:at|of|for)\s+" + CAP + VAL,
        plain_denial_drops=True,
    ),
    # "I lead the data team", "Ana manages the platform team": the team one heads is one's
    # own (what role it makes is left to the role rules).
    make_rule(
        "team",
        "team squad department",
        r"\b(?i:lead|leads|leading|manage|manages|managing|run|runs|running|head|heads"
        r"|heading)\s+(?:(?i:up)\s+)?(?i:the|our)\s+" + _TEAM,
        value="raw",
    ),
    make_rule(
        "team",
        "team squad department",
        r"\b(?i:joined|join|joining|moved\s+to|transferred\s+to|switched\s+to"
        # A place on a team won: "Leo made the basketball team", "Mia got on the swim team".
        r"|made|got\s+(?:on|onto|into)|was\s+picked\s+for|was\s+selected\s+for)\s+(?i:the)\s+"
        + _TEAM,
        value="raw",
        change=True,
        elide="past",
    ),
    # ---- work_mode: "I work remotely", "I work from home", "My job is fully remote" ------
    # Only where the clause ends, or a time, an employer or "now" follows: "I work from
    # home on Fridays" is a hybrid week, not a remote job (the next rule reads it).
    make_rule(
        "work_mode",
        "work works working",
        r"\b(?i:work|works|working)\s+" + _HOW + _MODE + _MODE_END,
        value="status",
    ),
    # "I'm fully remote", "We're hybrid now", "I'm back in the office full time": how one
    # works, said as what one is (not "I'm in the office today": a day's whereabouts).
    make_rule(
        "work_mode",
        "remote hybrid office",
        r"(?:'m|\bam|'re|\bare|'s|\bis)\s+"
        + NOT_WORD
        + _HOW
        + r"(?P<val>(?i:remote|hybrid))(?:\s+(?i:anymore|any\s+more))?"
        + _MODE_END,
        value="status",
    ),
    make_rule(
        "work_mode",
        "office",
        r"(?:'m|\bam|'re|\bare|'s|\bis)\s+(?:(?i:now|all)\s+)?(?i:back)\s+(?P<val>(?i:in\s+the"
        r"\s+office))\s+(?i:full[- ]time|every\s+day|five\s+days\s+a\s+week)\b",
        value="status",
        template="on-site",
    ),
    # "I work from home on Fridays", "I work remotely two days a week", "... most days":
    # some days at home is a hybrid job.
    make_rule(
        "work_mode",
        "work works working",
        r"\b(?i:work|works|working)\s+" + _HOW + _SOME_DAYS,
        value="status",
        template="hybrid",
    ),
    make_rule(
        "work_mode",
        "job role position",
        POSS
        + r"\s+(?:(?i:new|current)\s+)?(?i:job|role|position)\s+(?i:is|'s)\s+"
        + r"(?:(?i:now|still|also)\s+)?"
        + _HOW
        + r"(?P<val>(?i:remote|hybrid|on-?site|in-office))"
        + _MODE_END,
        value="status",
        subject="poss",
        stated=True,
    ),
    # "I report to Tom", "She reports directly to Dana" (the present only: "I reported to
    # Tom" may be any earlier job).
    make_rule(
        "manager",
        "report reports",
        r"\b(?i:report|reports)\s+(?:(?i:directly)\s+)?(?i:to)\s+" + NAME_VAL + _CLAUSE_END,
        value="name",
    ),
    # "Priya replaced Tom as my manager", "Dr. Owens is replacing Dr. Patel as my doctor":
    # the new one, in the old one's place.
    *(
        make_rule(
            attribute,
            "replaced replaces replacing took takes",
            NOT_TITLED  # "Dr. Owens", not "Owens" again
            + NAME_VAL
            + r"\s+(?:(?i:has|have|is|just|officially|now)\s+)?(?i:replaced|replaces|replacing"
            r"|took\s+over\s+from|takes\s+over\s+from)\s+(?P<old>"
            + NAME
            + r")\s+(?i:as)\s+"
            + POSS
            + r"\s+"
            + rf"(?i:{'|'.join(nouns.split())})\b(?!-|')",
            value="name",
            subject="poss",
            change=True,
            settled=True,  # not "If Priya replaced Tom as my manager, ..."
        )
        for attribute, nouns in (("manager", "manager boss supervisor"), *CARE_ROLES)
    ),
)
