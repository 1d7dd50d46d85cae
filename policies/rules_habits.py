"""Rules for what someone fears and the hours they keep: ``fear`` (multi-valued: "heights",
"flying", "spiders"), whether they are a night owl or a morning person (``chronotype``),
and the times they get up and go to bed, ``wake_time`` and
``bedtime`` (single-valued, one form however said: "6am" for "6 a.m." or "6:00 AM",
"10:30pm").

"I'm afraid of heights", "Ana is terrified of spiders and snakes", "I have a fear of
flying", "I've got a phobia of needles" give fears; "I'm not scared of dogs" or "I'm no
longer afraid of flying" deny one. A doing is a fear only where it ends its phrase ("afraid
of flying"): "I'm afraid of losing my job" is a worry about one event, and "I'm afraid I
can't come" or "I was scared of the ride" (a past moment) are no fear at all.

"I wake up at 6am", "I usually get up around 6:30", "Ana wakes up at 5 on weekdays", "I go
to bed at 11pm", "I normally go to sleep around 10:30" give the hours. A one-off is none:
a day named after the time ("I wake up at 5 tomorrow", "... today", "... this Friday"),
what it is for ("... for my flight") or a need or plan before the verb ("I have to / need
to / will wake up at 5"); "I woke up at 6" is a past morning. The hours of the days off
("I wake up at 9 on weekends") are not the usual ones, and are left alone. A later hour
supersedes the earlier one as any single value does.

Part of the rule table (``policies/rules.py`` assembles it); see ``patterns.Rule`` for what
each option means.
"""

from __future__ import annotations

from nousmem.policies.habit_leads import habitually, no_plan
from nousmem.policies.letters import LETTER, WORD
from nousmem.policies.patterns import NOT_WORD, Rule, make_rule

__all__ = ["HABIT_RULES"]

# ---- fear ----------------------------------------------------------------------------
# Words that end what is feared ("spiders since I was a kid", "heights, tbh").
_AFTER_FEARED = (
    "my|tbh|lol|haha|since|for|and|or|but|too|as|all|every|ever|though|now|anymore|so|which"
    "|that|because|when|whenever|if|unless|like|honestly|really|at|in|on|from|after|before"
    "|during|until|while|who|whom|whose|where|of|to|with|than"
)
# Not a fear: a pronoun, a vague word or a question ("afraid of it / that / what might
# happen"), people in general, a being ("afraid of being judged" is a worry).
_NOT_FEARED = (
    "anything|nothing|everything|something|it|that|this|these|those|them|him|her|me|you"
    "|us|whatever|what|how|anyone|anybody|everyone|everybody|someone|somebody|people|my"
    "|his|their|our|your|being|getting|doing|making|having|going|becoming"
)
# A doing ends its phrase: "afraid of flying." / "afraid of driving at night".
_DOING_END = (
    r"(?=\s*(?:[.,;:!?)]|$)|\s+(?i:and|or|but|since|so|because|too|now|anymore|ever|though"
    r"|lol|haha|tbh|honestly|at\s+night|in\s+the\s+dark|alone|myself)\b)"
)
_FEARED = (
    rf"(?P<val>(?!(?i:{_NOT_FEARED})\b)"
    rf"(?:[{LETTER}]+(?i:ing){_DOING_END}"
    rf"|(?![{LETTER}]+(?i:ing)\b){WORD}(?:\s+(?!(?i:{_AFTER_FEARED})\b){WORD}){{0,2}}))"
)
_HOW_MUCH = (
    r"(?:(?i:very|really|so|super|deathly|absolutely|kind\s+of|kinda|a\s+(?:bit|little)"
    r"|always|still|also|totally|genuinely|irrationally|seriously)\s+)?"
)

# ---- hours ---------------------------------------------------------------------------
# A clock time: "6", "6am", "6:30", "6.30 pm", "10 p.m."; or noon and midnight.
_CLOCK = (
    r"(?P<val>(?:[01]?\d|2[0-3])(?:[:.][0-5]\d)?(?:\s?(?i:am|pm|a\.m\.|p\.m\.))?"
    r"(?![\w:]|\.\d)|(?i:noon|midnight))"
)
# Before the time: "at", "around", "by", "at about".
_AT = r"(?:(?i:at|around|about|by|before|after|roughly|like)\s+){1,2}"
# A one-off: a day or an errand after the time; or the days off.
_NOT_ONE_OFF = (
    r"(?!\s+(?i:tomorrow|today|tonight|this|yesterday|next|last|on\s+(?:the\s+)?\d"
    r"|on\s+(?:mon|tues|wednes|thurs|fri|satur|sun)day\b(?!s)"
    r"|for\s+(?:my|the|a|an|our|his|her|their)\b"
    # and the days off, which keep hours of their own: "... at 9 on weekends"
    r"|(?:on|at|over)\s+(?:the\s+)?weekends?\b|on\s+(?:saturday|sunday)s\b"
    r"|on\s+(?:my\s+)?days?\s+off\b|on\s+(?:holidays?|vacation)\b)"
    r"|\s*,\s*(?i:tomorrow|today|tonight)\b)"
)
# How often, before the verb ("I usually wake up ...", "I tend to go to bed ..."); not a need
# or a plan ("I have to wake up at 5", "I'll get up at 6").
_HABITUALLY = habitually()
_NO_PLAN = no_plan()

HABIT_RULES: tuple[Rule, ...] = (
    # "I'm afraid of heights", "Ana is terrified of spiders and snakes", "I've always been
    # scared of the dark", "I get scared of thunder"; "I'm not afraid of dogs" denies it.
    make_rule(
        "fear",
        "afraid scared terrified frightened petrified fearful",
        r"(?i:'m|\bam|'s|\bis|'re|\bare|\bbe|\bbeen|\bget|\bgets)\s+"
        + NOT_WORD
        + _HOW_MUCH
        + r"(?i:afraid|scared|terrified|frightened|petrified|fearful)\s+(?i:of)\s+"
        + _FEARED,
        value="raw",
        settled=True,  # not "If I were afraid of heights, ..."
        items=_FEARED,  # "afraid of spiders and snakes"
    ),
    # "I have a fear of flying", "I've got a real phobia of needles".
    make_rule(
        "fear",
        "fear phobia",
        r"(?i:\bhave|\bhas|'ve\s+got|\bgot)\s+(?:(?i:an?)\s+)?"
        r"(?:(?i:real|huge|big|serious|deep|irrational|intense|slight|crippling|major"
        r"|massive|strong|terrible|genuine)\s+)?"
        r"(?i:fear|phobia)\s+(?i:of)\s+" + _FEARED,
        value="raw",
        settled=True,
        items=_FEARED,
    ),
    # "I wake up at 6am", "I usually get up around 6:30", "Ana wakes up at 5 on weekdays".
    make_rule(
        "wake_time",
        "wake wakes get gets",
        _HABITUALLY
        + _NO_PLAN
        + r"(?i:wake|wakes|get|gets)\s+(?i:up)\s+"
        + _AT
        + _CLOCK
        + _NOT_ONE_OFF,
        value="clock",
        settled=True,
    ),
    # "I'm usually up at 6", "I'm up by 5:30 every day": up, said to be a habit (not "I'm up
    # at 3am, can't sleep", a night).
    make_rule(
        "wake_time",
        "up",
        r"(?i:'m|\bam|'s|\bis)\s+"
        r"(?P<often>(?i:usually|always|normally|typically|generally|often)\s+)?(?i:up)\s+"
        + _AT
        + _CLOCK
        + r"(?(often)|(?=,?\s+(?i:every\s+(?:day|morning|weekday)|each\s+(?:day|morning)"
        r"|most\s+days|on\s+weekdays|daily)\b))" + _NOT_ONE_OFF,
        value="clock",
        settled=True,
    ),
    # "I'm a night owl", "I'm more of a morning person", "Ana is an early bird"; "I'm not a
    # morning person" denies it.
    make_rule(
        "chronotype",
        "owl person bird riser",
        r"(?i:'m|\bam|'s|\bis|'ve\s+always\s+been|\bbeen)\s+"
        + NOT_WORD
        + r"(?:(?i:definitely|really|totally|more\s+of|always|such|kind\s+of|kinda|very"
        r"|much)\s+){0,2}(?i:an?)\s+(?:(?i:real|total|big|huge|natural|true)\s+)?"
        r"(?P<val>(?i:night\s+owl|night\s+person|morning\s+person|early\s+bird"
        r"|early\s+riser))\b",
        value="status",
        settled=True,
    ),
    # "I go to bed at 11pm", "I normally go to sleep around 10:30", "Ana gets to bed by 10".
    make_rule(
        "bedtime",
        "bed sleep",
        _HABITUALLY
        + _NO_PLAN
        + r"(?i:go|goes|get|gets|head|heads)\s+(?i:to)\s+(?i:bed|sleep)\s+"
        + _AT
        + _CLOCK
        + _NOT_ONE_OFF,
        value="clock",
        settled=True,
    ),
)
