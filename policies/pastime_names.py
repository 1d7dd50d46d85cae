"""Pastimes by name: sports, games, crafts and instruments one takes up and drops.

A pastime switched to ("I switched from tennis to squash") or dropped ("I dropped pilates",
"I stopped going to yoga") is a ``hobby``: the tool rules, which read any "switched to X"
as a tool, leave these names to the pastime rules (``policies/rules_pastimes.py``).
"""

from __future__ import annotations

from nousmem.policies.letters import UPPER
from nousmem.policies.patterns import SPORTS_WORDS

__all__ = ["PASTIME", "PASTIME_CLASS", "PASTIME_VERBS"]

#: A pastime's verb -> its name, which the pastime names below include ("I run every
#: morning" is ``running``); "bike" is cycling, as "I cycle" is.
PASTIME_VERBS: dict[str, str] = {
    "run": "running",
    "jog": "jogging",
    "swim": "swimming",
    "hike": "hiking",
    "cycle": "cycling",
    "bike": "cycling",
    "climb": "climbing",
    "boulder": "bouldering",
    "surf": "surfing",
    "ski": "skiing",
    "snowboard": "snowboarding",
    "skate": "skating",
    "row": "rowing",
    "box": "boxing",
    "dance": "dancing",
    "paint": "painting",
    "draw": "drawing",
    "sketch": "sketching",
    "knit": "knitting",
    "crochet": "crocheting",
    "sew": "sewing",
    "bake": "baking",
    "garden": "gardening",
    "meditate": "meditating",
    "journal": "journaling",
    "golf": "golf",
}

_BALL_GAMES = (
    "tennis squash golf soccer football basketball baseball softball hockey volleyball "
    "badminton cricket rugby lacrosse pickleball padel handball chess"
)
_INSTRUMENTS = "piano guitar violin cello drums flute saxophone trumpet ukulele harp"
_NAMES = sorted(
    {
        *SPORTS_WORDS.split(),
        *_BALL_GAMES.split(),
        *_INSTRUMENTS.split(),
        *PASTIME_VERBS.values(),
        "biking",
        "golfing",
        "fishing",
    }
    - {"martial", "tai"},
    key=len,
    reverse=True,
)
#: A pastime's name (group-free; case-insensitive): "pilates", "martial arts", "tennis";
#: not the first word of a name ("Tennis Court Road").
PASTIME = (
    r"(?i:martial\s+arts|tai\s+chi|table\s+tennis|ping\s+pong|"
    + "|".join(_NAMES)
    + rf")\b(?!\s+(?-i:[{UPPER}]))"
)
#: What a pastime is done in, said after its name: "my pilates *class*".
PASTIME_CLASS = r"(?i:class|classes|lessons?|sessions?|practice|league|team|club)\b"
