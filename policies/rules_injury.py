"""Rules for injuries and hospital stays: "I broke my arm", "Ana sprained her ankle last
week", "Tom tore his ACL", "I have a concussion" give the ``injury`` (multi-valued, dated
by when it happened, in the words a doctor would use: ``broken arm``, ``sprained ankle``,
``torn ACL``, ``concussion``); "My dad is in the hospital" and "I had knee surgery last
week" are on the calendar (``activity``: ``in the hospital``, dated the day it was said;
``knee surgery``).

A body part is needed ("I broke my phone", "I hurt her feelings" are none), and so is a
plain statement: not "I almost broke my leg", a supposition ("If I break my leg ..."), a
question, or "Break a leg!" (no subject).
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
