"""Rules for time away from work or home: "I'm out of office next week", "I'm on vacation
until the 15th", "I'm on parental leave until March", "I'll be OOO tomorrow", "I'm out of
town this weekend", "Ana is away on a work trip until Thursday" give the ``activity`` (an
occasion, dated by the sentence's time), each in one form: ``out of office``,
``vacation``, ``parental leave``, ``sick leave``, ``out of town``, ``away``, ``business
trip``, ... "I'm going on vacation next month"
is a plan, the goal ``go on vacation``. An assistant that schedules needs them.

Being away now needs no time ("I'm on vacation!"); nor does a leave. Not a supposition or
a question ("If I'm on vacation, ...", "Are you out of office?"), nor someone else's in a
report ("Tom said I'm out of office").

Part of the rule table (``policies/rules.py`` assembles it); see ``patterns.Rule`` for what
each option means.
"""

from __future__ import annotations

from nousmem.policies.patterns import Rule, make_rule

__all__ = ["AWAY_RULES"]

# Each way of being away, in its one form (``status_words.STATUS_OF`` maps the others).
_AWAY = (
    r"(?P<on>(?i:on)\s+(?:(?i:a|my)\s+)?)?(?P<val>(?(on)(?i:vacation|holidays|holiday|PTO"
    r"|(?:parental|maternity|paternity|sick|medical|family|bereavement|annual)\s+leave|leave"
    r"|(?:work|business)\s+trip)"
    # "away": not "away from my desk / home", a moment's absence or a figure of speech.
    r"|(?i:out\s+of\s+(?:the\s+)?office|OOO|out\s+of\s+town|away(?!\s+(?i:from)\b))))"
)

_BE_AWAY = (
    r"(?:'m|\bam|'ll\s+be|\bwill\s+be|'s|\bis|'re|\bare)\s+"
    r"(?:(?i:currently|still|also|officially|now|going\s+to\s+be)\s+)?" + _AWAY + r"\b"
)
# "until the 15th" is when it ends, not when it is: the day it was said dates it.
_UNTIL = r"[^.!?;]*\b(?i:until|till|til|through)\b"

AWAY_RULES: tuple[Rule, ...] = (
    make_rule(
        "activity",
        "office ooo vacation holiday holidays pto leave trip town away",
        _BE_AWAY + rf"(?!{_UNTIL})",
        value="status",
        settled=True,
    ),
    make_rule(
        "activity",
        "office ooo vacation holiday holidays pto leave trip town away",
        _BE_AWAY + rf"(?={_UNTIL})",
        value="status",
        settled=True,
        said_day=True,  # away the day it was said, not only on the day it ends
    ),
    # "I'm going on vacation next month", "We're going on holiday in June": a plan.
    make_rule(
        "goal",
        "vacation holiday",
        r"(?:'m|\bam|'re|\bare|'s|\bis)\s+(?i:going)\s+(?i:on)\s+(?:(?i:a)\s+)?"
        r"(?P<val>(?i:vacation|holiday))\b",
        value="status",
        template="go on vacation",
        settled=True,
    ),
)
