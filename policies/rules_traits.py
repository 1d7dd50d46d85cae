"""Rules for what someone is like: ``personality`` (multi-valued: "introvert", "shy",
"perfectionist") and which hand they use, ``handedness`` (single-valued: "left-handed").

"I'm an introvert", "I'm a bit of an introvert", "Ana is really shy", "I'm a total
perfectionist", "I'm a pretty outgoing person" and "I've always been a homebody" give
traits; "I'm not shy" or "I'm no longer a workaholic" deny one. The words are a closed list,
each in one form ("introverted" and "an introvert" are both "introvert"): an open one would
read moods as traits ("I'm tired", "I'm so done"). A mood on a day is none either: "I'm
shy today", "I'm so impatient right now", "I'm impatient to see you", "two votes shy of a
majority". "I'm left-handed", "I'm a lefty" and "Ana is right-handed" give the hand.

Part of the rule table (``policies/rules.py`` assembles it); see ``patterns.Rule`` for what
each option means.
"""

from __future__ import annotations

from nousmem.policies.patterns import NOT_WORD, Rule, make_rule

__all__ = ["TRAIT_RULES"]

# "I'm", "Ana is", "we're", "I've always been" (not "I've been", a while: "I've been shy
# lately").
_IS = r"(?i:'m|\bam|'s|\bis|'re|\bare|'ve\s+always\s+been|\bhas\s+always\s+been)\s+"
_HOW = (
    r"(?:(?i:very|really|so|super|pretty|quite|kind\s+of|kinda|sort\s+of|a\s+bit|a\s+little"
    r"|somewhat|such|extremely|incredibly|naturally|generally|always|totally|definitely"
    r"|fairly|rather|painfully|also|more\s+of|still|honestly|basically|actually)\s+){0,2}"
)
# "a bit of an introvert", "something of a perfectionist".
_AN = r"(?:(?i:a\s+bit|a\s+little|kind|sort|something)\s+of\s+)?(?i:an?)\s+"
_BIG = r"(?:(?i:real|total|big|huge|complete|massive|natural|true|born)\s+)?"
# Each trait noun (after "a"/"an") in its one form.
_NOUNS = (
    r"introvert|extrovert|extravert|ambivert|perfectionist|optimist|pessimist|homebody"
    r"|people\s+person|workaholic|overthinker|neat\s+freak|worrier|procrastinator"
    r"|social\s+butterfly|control\s+freak|empath|free\s+spirit|creature\s+of\s+habit"
    r"|risk[- ]taker|realist|daydreamer"
)
_ADJECTIVES = (
    r"introverted|extroverted|extraverted|shy|outgoing|easygoing|easy-going|laid-back"
    r"|laid\s+back|competitive|stubborn|impatient|spontaneous|sociable"
)
# Where an adjective trait ends: the sentence, or words that keep it a trait ("shy around
# new people", "competitive about everything", "stubborn by nature") -- not "today", "to
# see you", "of 30".
_TRAIT_END = (
    r"(?=\s*(?:[.,;:!?)]|$)|\s+(?i:and|but|so|around|with|about|by\s+nature|at\s+heart"
    r"|in\s+general|too|honestly|tbh|lol|haha|though|deep\s+down|anyway|really|that\s+way"
    r"|like|which|because)\b)"
)
_PERSON = r"(?i:person|guy|girl|woman|man|kid|type|one|soul)"

TRAIT_RULES: tuple[Rule, ...] = (
    # "I'm an introvert", "Ana is a bit of a perfectionist", "I'm a people person".
    make_rule(
        "personality",
        "introvert extrovert extravert ambivert perfectionist optimist pessimist homebody"
        " person workaholic overthinker freak worrier procrastinator butterfly empath spirit"
        " creature risk taker realist daydreamer",
        _IS + NOT_WORD + _HOW + _AN + _BIG + rf"(?P<val>(?i:{_NOUNS}))\b(?!-)",
        value="status",
        settled=True,
    ),
    # "I'm shy", "I'm pretty introverted", "I'm a very outgoing person".
    make_rule(
        "personality",
        "introverted extroverted extraverted shy outgoing easygoing easy going laid back"
        " competitive stubborn impatient spontaneous sociable",
        _IS
        + NOT_WORD
        + _HOW
        + rf"(?:(?P<an>(?i:an?)\s+){_HOW})?(?P<val>(?i:{_ADJECTIVES}))"
        + rf"(?(an)\s+{_PERSON}\b|{_TRAIT_END})",
        value="status",
        settled=True,
    ),
    # "I'm left-handed", "Ana is a lefty", "I'm right handed".
    make_rule(
        "handedness",
        "left handed right lefty righty southpaw ambidextrous",
        _IS
        + NOT_WORD
        + r"(?:(?i:also|actually|naturally|totally)\s+)?"
        + r"(?:(?i:an?)\s+)?(?P<val>(?i:left[- ]?handed|right[- ]?handed|lefty|righty"
        r"|southpaw|ambidextrous))\b(?!-)",
        value="status",
        settled=True,
    ),
)
