"""Rules for the tools someone names as theirs: "My main editor is Neovim", "My laptop is a
MacBook Pro", "Ana's browser is Firefox", "My daily driver is a ThinkPad" give ``uses``
(the tool by its name: capitalised, so "My laptop is a mess" or "My phone is broken" is
none). "My favourite editor is Vim" is a like (rules_leisure.py), not this.

Part of the rule table (``policies/rules.py`` assembles it); see ``patterns.Rule`` for what
each option means.
"""

from __future__ import annotations

from nousmem.policies.letters import UPPER
from nousmem.policies.patterns import POSS, VAL, Rule, make_rule

__all__ = ["TOOL_RULES"]

# A tool one has, by its kind.
_TOOL = (
    r"(?i:editor|text\s+editor|ide|laptop|phone|smartphone|browser|os|operating\s+system"
    r"|terminal|shell|keyboard|computer|pc|desktop|tablet|database|db|framework|stack"
    r"|daily\s+driver|note-?taking\s+app|notes\s+app|task\s+manager|password\s+manager"
    r"|email\s+client|mail\s+client|camera)"
)
_WHICH = (
    r"(?:(?i:main|primary|daily|usual|current|new|trusty|work|personal|only|old|default"
    r"|preferred)\s+)?"
)

TOOL_RULES: tuple[Rule, ...] = (
    make_rule(
        "uses",
        "editor ide laptop phone smartphone browser os system terminal shell keyboard "
        "computer pc desktop tablet database db framework stack driver app manager client "
        "camera",
        POSS
        + r"\s+"
        + _WHICH
        + _TOOL
        + r"\s+(?i:is|=)\s+(?:(?i:still|now|currently)\s+)?(?:(?i:a|an|the)\s+)?"
        + rf"(?=[{UPPER}])"
        + VAL,
        subject="poss",
        stated=True,
    ),
)
