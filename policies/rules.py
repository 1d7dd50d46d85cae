"""The rule table of the rule extractor: which phrasings produce which attribute.

This module holds the employer rules and assembles them with ``rules_home`` (where someone
lives and comes from), ``rules_roles``, ``rules_tools``, ``rules_relations``,
``rules_goals``, ``rules_places`` (places visited), ``rules_leisure`` and the others into
``RULES``. Claims are emitted in text order and, for
one position, in rule order. Each entry reads ``make_rule(attribute, anchors, pattern,
**options)``; see ``patterns.Rule``.
"""

from __future__ import annotations

import re

from nousmem.policies.brand_words import FAMILY_WORD, GROUP_NAME, PLATFORM
from nousmem.policies.letters import LETTER, UPPER
from nousmem.policies.patterns import (
    CAP,
    NAME,
    NAME_VAL,
    POSS,
    POSS_START,
    VAL,
    Rule,
    make_rule,
)
from nousmem.policies.rules_away import AWAY_RULES
from nousmem.policies.rules_care import CARE_RULES
from nousmem.policies.rules_circle import CIRCLE_RULES
from nousmem.policies.rules_commute import COMMUTE_RULES
from nousmem.policies.rules_education import EDUCATION_RULES
from nousmem.policies.rules_goals import GOAL_RULES
from nousmem.policies.rules_habits import HABIT_RULES
from nousmem.policies.rules_health import HEALTH_RULES
from nousmem.policies.rules_home import HOME_RULES, NOT_AN_OFFICE
from nousmem.policies.rules_household import HOUSEHOLD_RULES
from nousmem.policies.rules_injury import INJURY_RULES
from nousmem.policies.rules_leisure import LEISURE_RULES
from nousmem.policies.rules_money import MONEY_RULES
from nousmem.policies.rules_personal import PERSONAL_RULES
from nousmem.policies.rules_places import PLACE_RULES
from nousmem.policies.rules_projects import PROJECT_RULES
from nousmem.policies.rules_relations import RELATION_RULES
from nousmem.policies.rules_roles import ROLE_RULES
from nousmem.policies.rules_routines import ROUTINE_RULES
from nousmem.policies.rules_seeking import SEEKING_RULES
from nousmem.policies.rules_tasks import TASK_RULES
from nousmem.policies.rules_tools import TOOL_RULES, USES_RULES
from nousmem.policies.rules_traits import TRAIT_RULES
from nousmem.policies.rules_travel import TRAVEL_RULES
from nousmem.policies.rules_vehicles import VEHICLE_RULES
from nousmem.policies.rules_work import WORK_RULES
from nousmem.policies.rules_work_hours import WORK_HOURS_RULES

__all__ = ["ANCHOR_INDEX", "ANCHOR_WORD", "RULES"]

# A clock time: "at 9", "at 8:30", "at 9am" (not a name that opens with a digit: "3M").
_NOT_A_CLOCK = r"(?!\d{1,2}(?::\d{2})?\s*(?:(?i:[ap]\.?m\.?|o'clock))?\b(?![\w-]))"
# A name that does something to the speaker ("Acme laid me off", "Stripe hired me"), not a
# pronoun or a determiner ("They fired me", "My boss fired me").
_NAMED_SUBJECT = (
    r"(?<![\w'-])(?!(?i:the|they|he|she|it|we|my|our|his|her|their|this|that|someone"
    r"|everyone|nobody|everybody|you)\b)"
)

_FACT_RULES: tuple[Rule, ...] = (
    # ---- employer -----------------------------------------------------------------
    make_rule(
        "employer",
        "work works worked working",
        r"\b(?i:work(?:s|ed|ing)?\s+(?:full[- ]time\s+|part[- ]time\s+|remotely\s+"
        r"|freelance\s+)?(?:at|for))\s+" + NOT_AN_OFFICE + _NOT_A_CLOCK + VAL,
        # "I work at the London office" says where, not for whom (a location rule's); "I
        # start work at 9" when (not "I work at 3M", "at 7-Eleven").
        elide="past",
        # "I work at the moment", "at night", "for a living", "at my own pace": no employer.
        reject="moment night nights day days the weekend weekend weekends living a living"
        " peanuts home time own* same* pace improving* getting* making* trying*",
    ),
    # "I teach math at Lincoln High", "Ana teaches at Oakwood Primary": a school by name.
    make_rule(
        "employer",
        "teach teaches taught teaching",
        r"\b(?i:teach|teaches|teaching)\s+(?:(?:[\w-]+\s+){0,2}?)(?i:at)\s+" + CAP + VAL,
        elide="past",
    ),
    # "I own a coffee shop called Bean There", "I started a company called Brightline": a
    # business of one's own, by its name.
    make_rule(
        "employer",
        "own owns run runs started founded opened",
        r"\b(?i:own|owns|run|runs|started|founded|opened)\s+(?i:a|an|my\s+own|our\s+own)\s+"
        r"(?:[\w-]+\s+){0,2}?(?i:business|company|shop|store|bakery|cafe|caf\u00e9|restaurant"
        r"|studio|agency|startup|firm|practice|salon|bar|gym|clinic)\s+(?i:called|named)\s+"
        + NAME_VAL,
        value="name",
        elide="past",
    ),
    # "My company is called Brightline", "Our company is Brightline": the speaker's own.
    make_rule(
        "employer",
        "company employer firm startup",
        POSS
        + r"\s+(?i:company|employer|firm|startup)\s+(?i:is)\s+(?:(?i:called|named)\s+)?"
        + CAP
        + VAL,
        subject="poss",
        stated=True,
    ),
    make_rule(
        "employer",
        "employed hired",
        r"\b(?i:employed\s+(?:at|by)|hired\s+(?:at|by))\s+" + VAL,
        elide="past",
    ),
    make_rule(
        "employer",
        "job position role gig",
        # "the job": the one applied for ("I got the job at Stripe!").
        r"\b(?i:(?:got|landed|accepted|started|took|start|starting|began)\s+(?:a\s+|the\s+)?"
        r"(?:new\s+)?(?:job|position|role|gig)\s+(?:at|with))\s+" + VAL,
        change=True,
        elide="past",
    ),
    # "I accepted an offer from Globex", "I took the job offer at Initech": an offer
    # accepted (not one only got: "I got an offer from Google") from a named employer.
    make_rule(
        "employer",
        "offer",
        r"\b(?i:accepted|accept|accepting|took|signed)\s+(?i:an?|the|their|his|her)\s+"
        r"(?:(?i:new|job)\s+){0,2}(?i:offer)\s+(?i:from|at|with)\s+" + CAP + VAL,
        change=True,
        elide="past",
    ),
    make_rule(
        "employer",
        "job position",
        # Not the job left: "I got fired from my job at Target", "I quit my job at Acme".
        POSS_START + r"(?<!(?i:fired)\sfrom\s)(?<!(?i:off)\sfrom\s)(?<!(?i:go)\sfrom\s)"
        r"(?<!(?i:quit)\s)(?<!(?i:left)\s)(?<!(?i:lost)\s)(?<!(?i:losing)\s)"
        + POSS
        + r"\s+(?:(?P<neg>(?i:old|former|previous|last))\s+|(?i:new|current|first)\s+)?"
        r"(?i:job|position)\s+(?i:at|with)\s+" + VAL,
        subject="poss",
    ),
    make_rule(
        "employer",
        "joined join joins joining",
        r"\b(?i:joined|join|joins|joining)\s+"
        # Not company: "I joined Tom for lunch", "Join us for dinner".
        + rf"(?![{UPPER}][{LETTER}'-]+\s+(?i:for|on|at|in)\s+(?i:(?:a|an|the|some)\s+)?"
        r"(?i:lunch|dinner|breakfast|brunch|coffee|drinks?|walk|run|game|hike|trip|call)\b)"
        + CAP
        + VAL,
        # Joining an organisation is a change of employer, as starting at one is: without
        # it "I left Google and joined Sarvam AI." would only contradict Google.
        change=True,
        elide="past",
    ),
    # "I've been at Google for five years", "I've been at Acme Corp since 2019": a place by
    # its length of service in months or years (not "at Disneyland for 3 days", "at Sarah's
    # for a month"; "been with X" is as often a person).
    make_rule(
        "employer",
        "been",
        r"(?i:'ve|\bhave|'s|\bhas)\s+(?i:been)\s+(?i:at)\s+"
        + NAME_VAL
        + r"(?<!['\u2019]s)(?=\s+(?i:for\s+(?:(?:about|almost|nearly|over|more\s+than"
        r"|the\s+(?:last|past))\s+)?(?:\w+|\d+)\s+(?:years?|months?)"
        r"|since\s+(?:\d{4}|last\s+year)))",
        value="name",
    ),
    make_rule(
        "employer",
        "started starting start",
        r"\b(?i:started|starting|start)\s+(?i:at)\s+" + CAP + VAL,
        change=True,
        # "Starting at Initech on Monday!": the speaker's start, as "Started at ..." is.
        elide="past_ing",
    ),
    make_rule(
        "employer",
        "quit quitting resigned retired left lost losing fired laid let",
        # "left/lost my job at" takes any value ("the bank"); a bare "quit" needs a name.
        r"\b(?:(?i:quit|quitting|resigned\s+from|retired\s+from)\s+"
        + rf"(?!{PLATFORM}\b)"
        + CAP
        # "Maya quit her job at Google": the subject's own job.
        + r"|(?i:(?:left|lost|losing|quit|quitting)\s+(?:my|his|her|their)\s+(?:old\s+)?job"
        + r"\s+(?:at|with))\s+"
        # "I got fired from Target", "I was laid off from my job at Twitter"
        r"|(?i:(?:fired|laid\s+off|let\s+go)\s+from\s+(?:my\s+(?:old\s+)?job\s+(?:at|with)\s+)?)"
        + CAP
        + r")"
        + VAL,
        negate=True,
        change=True,
        elide="past",
    ),
    # "Acme laid me off", "Globex let me go", "Initech fired me": the speaker's employer.
    make_rule(
        "employer",
        "fired laid let",
        _NAMED_SUBJECT + NAME_VAL + r"\s+(?:(?i:just|finally|eventually|recently|basically)\s+)?"
        r"(?i:fired\s+me|laid\s+me\s+off|let\s+me\s+go)\b",
        value="name",
        subject="speaker",
        negate=True,
        change=True,
    ),
    # "Stripe hired me (last month)": the speaker's employer from then.
    make_rule(
        "employer",
        "hired",
        _NAMED_SUBJECT
        + NAME_VAL
        + r"\s+(?:(?i:just|finally|officially|recently)\s+)?(?i:hired\s+me)\b"
        r"(?!\s+(?i:to|for|as\s+a\s+(?:consultant|contractor|freelancer)))",
        value="name",
        subject="speaker",
        change=True,
    ),
    # "My last day at Acme was Friday", "Yesterday was my last day at Acme": gone since.
    *(
        make_rule(
            "employer",
            "last",
            pattern,
            value="name",
            subject="poss",
            negate=True,
            change=True,
        )
        for pattern in (
            POSS + r"\s+(?i:last\s+day)\s+(?i:at|with)\s+" + NAME_VAL + r"\s+(?i:was)\b",
            r"\b(?i:yesterday|monday|tuesday|wednesday|thursday|friday|saturday|sunday|today)"
            r"\s+(?i:was)\s+" + POSS + r"\s+(?i:last\s+day)\s+(?i:at|with)\s+" + NAME_VAL,
        )
    ),
    make_rule(
        "employer",
        "left leaving quit quitting",
        # "I left Acme to join Stripe", "I quit my job at Acme in March to work for Stripe":
        # the place left was an employer because the next one is. Only a name that ends
        # the clause (or a time, or "as a ...") is the next employer: "I left Starbucks to
        # join Tom at the park" is an errand. A bare "I left Acme" is not read: "left"
        # takes a city or a party as often as a job.
        # After a copula, "I'm leaving Acme to join Stripe (next month)" is a plan: the scope
        # reads it so (policies/scope.py), and the plan is ``work at Stripe``.
        r"\b(?i:left|leaving|quit|quitting)\s+(?:(?i:my\s+(?:old\s+)?job\s+(?:at|with))\s+)?"
        # One app or platform for another is no job ("I left Reddit to join Discord").
        rf"(?!{PLATFORM}\s+(?i:to)\s+(?i:join|work\s+(?:at|for)|start\s+at)\s+{PLATFORM}\b)"
        + rf"(?!{GROUP_NAME})"
        rf"(?P<old>[{UPPER}][^.,;:!?()\n]{{0,40}}?)(?<!\bearly)(?<!\blate)(?<!\bnot)(?<!'s)"
        r"(?:\s+(?i:to)\s+(?i:join|work\s+(?:at|for)|start\s+at)"
        # "I left Initech for a job at Hooli", "... for a new role with Stripe".
        r"|\s+(?i:for)\s+(?:(?i:a|an)\s+)?(?:(?i:new|better)\s+)?(?i:job|position|role)"
        r"\s+(?i:at|with))\s+"
        # Not a family word ("to join Dad"), a gym, club, church or party.
        + rf"(?!{FAMILY_WORD})(?!{GROUP_NAME})"
        + rf"(?P<val>(?:[Tt]he\s+)?{NAME}(?:\s+&\s+{NAME})?)(?![{LETTER}'&-])"
        r"(?=\s*(?:[.,;!?)]|$)|\s+(?i:as|on|last|this|earlier|back|after|two|three|a|and"
        r"|because|since|when|instead|next|soon|tomorrow)\b"
        # "in" a time ("in 2020", "in March"), not a place ("to join Dad in the parking lot").
        r"|\s+(?i:in\s+(?:\d|early|late|mid|the\s+(?:spring|summer|fall|autumn|winter)"
        r"|jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)))"
        # Not a move undone: "..., then came back", "and returned in 2023".
        r"(?![^.!?\n]*\b(?<!\bnever\s)(?<!n't\s)(?i:came\s+back|went\s+back|returned|rejoined)\b)",
        change=True,
        # "I never left Acme to join Stripe": she is still at Acme.
        denial_drops=True,
        elide="past",
    ),
    *HOME_RULES,  # location and origin
    *ROLE_RULES,
    *USES_RULES,
)

# After the relationships (RELATION_RULES), as they always came: goals (then places visited).
#: Every rule, facts first.
RULES: tuple[Rule, ...] = (
    _FACT_RULES
    + RELATION_RULES
    + CIRCLE_RULES
    + WORK_RULES
    + CARE_RULES
    + GOAL_RULES
    + PLACE_RULES
    + TRAVEL_RULES
    + PERSONAL_RULES
    + HEALTH_RULES
    + INJURY_RULES
    + EDUCATION_RULES
    + VEHICLE_RULES
    + LEISURE_RULES
    + AWAY_RULES
    + PROJECT_RULES
    + MONEY_RULES
    + HABIT_RULES
    + TRAIT_RULES
    + COMMUTE_RULES
    + TOOL_RULES
    + TASK_RULES
    + WORK_HOURS_RULES
    + ROUTINE_RULES
    + HOUSEHOLD_RULES
    + SEEKING_RULES
)

#: Lowercase word -> indices of the rules it wakes up, in rule order. Anchors are split the
#: way the extractor splits sentences (letters and digits), so "jiu-jitsu" indexes "jiu".
ANCHOR_WORD = re.compile(r"[a-z0-9]+")
ANCHOR_INDEX: dict[str, tuple[int, ...]] = {}
for _idx, _r in enumerate(RULES):
    for _word in sorted(set(ANCHOR_WORD.findall(" ".join(_r.anchors)))):
        ANCHOR_INDEX[_word] = (*ANCHOR_INDEX.get(_word, ()), _idx)
