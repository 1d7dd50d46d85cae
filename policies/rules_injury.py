"""Rules for injuries, illnesses and hospital stays: "I broke my arm", "Ana sprained her
ankle last week", "Tom tore his ACL", "I have a concussion" give the ``injury``
(multi-valued, dated by when it happened, in the words a doctor would use: ``broken arm``,
``sprained ankle``, ``torn ACL``, ``concussion``); "My dad is in the hospital" and "I had
knee surgery last week" are on the calendar (``activity``: ``in the hospital``, dated the
day it was said; ``knee surgery``), and so is an illness of a few days: "I'm sick" (``sick``,
the day it was said), "Leo has the flu", "I came down with COVID last week" (``sick with the
flu``, as when it was had; a chronic one is a ``condition``: rules_health.py).

A body part is needed ("I broke my phone", "I hurt her feelings" are none), an illness by
name ("I caught a bug in the parser", "a cold drink" are none), and so is a plain
statement: not "I almost broke my leg", "I'm sick of this", "That's sick!", a supposition
("If I break my leg ..."), a question, or "Break a leg!" (no subject).
"""

from __future__ import annotations

from nousmem.policies.patterns import Rule, make_rule

__all__ = ["INJURY_PART", "INJURY_RULES", "INJURY_STATE", "WHOLE_INJURY"]

#: Where one gets hurt (a side may come first: "my left knee").
INJURY_PART = (
    r"(?:(?i:left|right|lower|upper)\s+)?(?i:arm|arms|leg|legs|wrist|ankle|foot|feet|hand"
    r"|finger|toe|knee|hip|shoulder|elbow|back|neck|rib|ribs|nose|collarbone|jaw|ACL|MCL"
    r"|meniscus|hamstring|calf|achilles|tooth|thumb|spine|pelvis|skull|rotator\s+cuff"
    r"|muscle|groin)"
)
_WHOSE = r"(?:(?i:my|her|his|their|a|an|both|two)\s+)?"
# Not "almost / nearly broke": what did not happen.
_NOT_ALMOST = r"(?<!(?i:almost)\s)(?<!(?i:nearly)\s)"
# Each way of getting hurt, as said in the past and as the injury is named.
_HURTS = (
    ("broken", "broke broken"),
    ("fractured", "fractured"),
    ("sprained", "sprained"),
    ("twisted", "twisted"),
    ("torn", "tore torn"),
    ("dislocated", "dislocated"),
    ("injured", "injured"),
    ("hurt", "hurt"),
    ("pulled", "pulled"),
    ("strained", "strained"),
    ("bruised", "bruised"),
    ("cracked", "cracked"),
)
#: How a part is hurt, as the injury is named ("broken", "sprained"): an alternation.
INJURY_STATE = "|".join(name for name, _ in _HURTS)
# An illness of a few days, as said ("a cold", "the flu", "COVID", "strep throat"); not
# "a bug" or "a virus" alone ("I caught a bug in the parser").
_ILLNESS = (
    r"(?i:a\s+(?:(?:bad|nasty|mild|terrible|horrible)\s+)?(?:cold|fever|stomach\s+bug"
    r"|stomach\s+virus|sore\s+throat|migraine|sinus\s+infection|ear\s+infection"
    r"|chest\s+infection|cough|head\s+cold)"
    r"|the\s+(?:flu|stomach\s+flu|chickenpox|chicken\s+pox|measles)"
    r"|flu|covid(?:-19)?|strep(?:\s+throat)?|food\s+poisoning|pneumonia|bronchitis|mono"
    r"|norovirus|rsv)"
)
#: What one is recovering from or has that needs no body part.
WHOLE_INJURY = r"(?i:concussion|whiplash|stress\s+fracture|hairline\s+fracture)"


def _hurt_rule(name: str, verbs: str) -> Rule:
    # "I broke my arm", "Ana sprained her ankle last week", "I've torn my ACL".
    return make_rule(
        "injury",
        verbs,
        r"\b"
        + _NOT_ALMOST
        + r"(?i:"
        + "|".join(verbs.split())
        + r")\s+"
        + _WHOSE
        + r"(?P<val>"
        + INJURY_PART
        + r")\b(?!-)",
        value="raw",
        template=name + " {}",
        settled=True,
        elide="past",
    )


INJURY_RULES: tuple[Rule, ...] = (
    *(_hurt_rule(name, verbs) for name, verbs in _HURTS),
    # "I have a broken arm", "Ana has a sprained ankle", "I'm recovering from a torn ACL",
    # "I've got a concussion".
    make_rule(
        "injury",
        "have has got recovering healing " + " ".join(name for name, _ in _HURTS) + " concussion"
        " whiplash fracture",
        r"\b(?:(?i:have|has|got)|(?i:recovering|healing)\s+(?i:from))\s+"
        r"(?:(?i:a|an|my|her|his)\s+)?(?:(?i:mild|bad|severe|minor|nasty)\s+)?"
        r"(?P<val>(?:(?i:"
        + INJURY_STATE
        + r")\s+"
        + INJURY_PART
        + r"|"
        + WHOLE_INJURY
        + r"))\b(?!-)",
        value="raw",
        settled=True,
    ),
    # "I'm sick", "Leo is sick today", "I'm feeling under the weather", "I've been sick all
    # week": unwell the day it was said (not "sick of", "sick and tired", "That's sick!";
    # "out sick" is the calendar's own).
    make_rule(
        "activity",
        "sick ill unwell weather",
        r"(?<!\b(?i:that))(?<!\b(?i:this))(?<!\b(?i:it))"
        r"(?:'m|'s|'re|\b(?:am|is|are)|(?:'ve|'s|\b(?:have|has))\s+been)\s+"
        r"(?:(?i:still|really|so|pretty|very|quite|feeling|a\s+bit|a\s+little|kind\s+of)\s+)*"
        r"(?P<val>(?i:sick|ill|unwell|under\s+the\s+weather))\b(?!-)"
        r"(?!\s+(?i:of|and\s+tired|with|to\s+death)\b)",
        value="raw",
        template="sick",
        settled=True,
        said_day=True,
    ),
    # "I have a cold", "Leo has the flu", "I came down with COVID last week", "I caught a
    # cold", "I'm sick with strep": an illness, as when it was had ("sick with a cold").
    make_rule(
        "activity",
        "have has had got caught came come coming sick ill down tested",
        r"\b(?:(?i:have|has|had|got)|(?:'ve|'s|\bhave|\bhas)\s+(?i:got|had)"
        r"|(?i:came|come|coming)\s+(?i:down)\s+(?i:with)|(?i:caught|catching)"
        r"|(?:'m|\bam|'s|\bis|'re|\bare)\s+(?i:sick|ill|down)\s+(?i:with)"
        r"|(?i:tested)\s+(?i:positive)\s+(?i:for))\s+(?P<val>" + _ILLNESS + r")\b"
        r"(?=\s*(?:[.,;:!?)]|$)|\s+(?i:and|but|so|since|for|all|this|last|today|yesterday"
        r"|again|right|now|from|after|at|in|on|too|that|which|because|over)\b)",
        value="raw",
        template="sick with {}",
        settled=True,
        elide="past",
    ),
    # "My dad is in the hospital", "I'm in the ER": a stay, the day it was said.
    make_rule(
        "activity",
        "hospital er icu",
        r"(?:'m|\bam|'s|\bis|'re|\bare)\s+(?:(?i:still|currently|now|back)\s+)?(?i:in)\s+"
        r"(?:(?i:the)\s+)?(?P<val>(?i:hospital|ICU)|ER)\b",
        value="raw",
        template="in the {}",
        settled=True,
        said_day=True,
    ),
    # "I had knee surgery last week", "Tom had an operation on Monday": a past one (one to
    # come is the calendar's: rules_calendar.py).
    make_rule(
        "activity",
        "surgery operation",
        r"\b(?i:had)\s+(?:(?i:a|an|my|his|her)\s+)?(?P<val>(?:(?i:knee|hip|back|shoulder"
        r"|heart|eye|foot|wrist|ankle|brain|dental|minor|major|emergency)\s+)?"
        r"(?i:surgery|operation))\b",
        value="raw",
        elide="past",
        settled=True,
    ),
)
