"""Outdoor feats named by their place: "I hiked Mount Tam", "We climbed Half Dome", "I
kayaked the Russian River", "We summited Mount Whitney" give the ``activity`` with its verb
(``hiked Mount Tam``, ``kayaked the Russian River``), as "I watched Dune" gives ``watched
Dune``. Only a name counts (capitalised words, "the" allowed before them), and not a day, a
month or a holiday: "I hiked a lot", "I climbed the stairs", "We hiked Saturday" give none.

Part of the rule table (``policies/rules.py`` assembles it, through ``rules_leisure.py``);
see ``patterns.Rule`` for what each option means.
"""

from __future__ import annotations

from nousmem.policies.letters import LETTER, UPPER
from nousmem.policies.patterns import make_rule

__all__ = ["OUTDOOR_RULES"]

_VERBS = "hiked climbed summited scaled kayaked canoed paddled rafted skied snowboarded surfed"
_CALENDAR = (
    r"(?:Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday|January|February|March"
    r"|April|May|June|July|August|September|October|November|December|Christmas|Easter"
    r"|Thanksgiving|New\s+Year)\b"
)
# Up to four capitalised words ("Mount Tam", "the Pacific Crest Trail", "Half Dome"); "of"
# may join two ("the Mount of Olives").
_PLACE = rf"[{UPPER}][{LETTER}'-]+(?:\s+(?:of\s+)?[{UPPER}][{LETTER}'-]+){{0,3}}"

OUTDOOR_RULES = (
    make_rule(
        "activity",
        _VERBS,
        rf"\b(?P<verb>(?i:{_VERBS.replace(' ', '|')}))\s+"
        rf"(?!(?:the\s+)?{_CALENDAR})(?P<val>(?:the\s+)?{_PLACE})"
        # The name ends there: not "hiked Mount Tam's ...".
        rf"(?![{LETTER}'-])",
        template="{verb} {}",
        elide="past",
    ),
)
