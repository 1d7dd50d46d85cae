"""The phrases every request to forget is made of: who asks and how ("Please forget",
"Could you stop remembering"), the nouns of the speaker's attributes and relatives, and
what may follow what a request names (a reason, or a dismissal: "..., it doesn't
matter"). ``policies/forget_requests.py`` reads requests with them; ``ForgetRequest`` is
what it finds.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal

from nousmem.policies.subject_words import ASKING, ATTRIBUTE_NOUNS, KIN_NOUNS, POLITE, WANTING

__all__ = [
    "KIN_ALT",
    "LEAD",
    "NAME",
    "NOUNS",
    "REASON",
    "STOP",
    "VERB",
    "ForgetRequest",
    "Form",
    "alt",
]

Form = Literal["clause", "about", "attribute", "entity"]


@dataclass(frozen=True, slots=True)
class ForgetRequest:
    """One request: the sentence, its form and what it names (the forms are described in
    ``policies/forget_requests.py``);
    ``attributes``: for the attribute form, the attribute names its noun names."""

    sentence: str
    form: Form
    target: str
    attributes: tuple[str, ...] = ()
    span: tuple[int, int] = (0, 0)
    """Where it is in the message (offsets): the clause of a ``clause`` request, else the
    sentence up to the end of what it names ("Forget my dog Rex" up to "Rex"; a reason after
    it, "..., I gave him away", is the speaker's own statement)."""
    words: str = ""
    """For the attribute form, words a value must hold to be meant: "Forget my sister Maya"
    -> "Maya", "Forget about my dog" -> "dog" (empty: every value of the attributes)."""
    only_one: bool = False
    """The noun names one of several ("my sister" when two siblings are known): meant only
    when the attributes hold a single value."""
    former: bool = False
    """"Forget my old address", "Forget where I used to live": the values held before, not
    the one held now."""
    whose: str = ""
    """Whose attribute, for the attribute form: a name ("Forget where Maya works"), a
    relative's noun ("Forget where my sister lives": the one relative it may mean), or
    empty: the speaker's."""
    dismissed: bool = False
    """"Forget about my dog, it doesn't matter": the topic set aside, nothing to forget; it
    states nothing either (the extractor skips its span)."""


def alt(words: frozenset[str] | tuple[str, ...]) -> str:
    """``words`` as a regex alternation, longest first (escaped)."""
    return "|".join(sorted((re.escape(w) for w in words), key=lambda w: (-len(w), w)))


LEAD = (
    rf"^(?:(?:{alt(POLITE)})[,!]?\s+)*"
    rf"(?:(?:{alt(ASKING)})\s+(?:you|u)\s+(?:please\s+)?"
    r"|i(?:'d|\u2019d| would)?\s+(?:" + alt(WANTING) + r")\s+you\s+to\s+)?"
    r"(?:please\s+)?"
)
STOP = r"(?:stop\s+remembering|don'?t\s+remember|don\u2019t\s+remember|do\s+not\s+remember)"
VERB = rf"(?:forget|unlearn|{STOP}|delete|erase|remove)"
NOUNS = alt(tuple(ATTRIBUTE_NOUNS))
# What may follow the noun: nothing, "anymore", "please", or a reason ("..., I moved").
# "Forget about my job, it doesn't matter", "..., she's fine", "..., it's not important":
# the topic set aside, not a request ("..., it's not ok for you to keep it", "..., it's not
# relevant anymore" are reasons to forget).
_SUBJ = r"(?:it|that|this|he|she|they)"
# A dismissal says nothing of the value being out of date: "..., it doesn't matter
# anymore", "..., it's irrelevant now", "..., not relevant to me anymore" are reasons to
# forget; "she's fine now", "it's fine for now" are not (right after the predicate only).
_DATED = r"(?!\s+(?:(?:to|for)\s+me\s+)?(?:anymore|any\s+more|any\s+longer|now\b))"
_DISMISS = (
    rf"{_SUBJ}(?:['\u2019](?:s|re|ll\s+be)|\s+(?:is|are|will\s+be))?\s+"
    r"(?:(?:fine|ok|okay|alright|all\s+right)\b|irrelevant\b" + _DATED + ")"
    rf"|{_SUBJ}\s+(?:doesn['\u2019]t|does\s+not|don['\u2019]t|do\s+not)\s+matter\b{_DATED}"
    rf"|{_SUBJ}(?:['\u2019](?:s|re)\s+not|\s+(?:is|are)\s+not|\s+(?:isn|aren)['\u2019]t)\s+"
    rf"(?:important|relevant|a\s+big\s+deal)\b{_DATED}"
)
REASON = (
    r"(?:\s+(?:anymore|any\s+more|any\s+longer|please))?"
    r"(?:[.!?]+|\s*\(.*|\s+[-\u2013\u2014]+\s+.*"
    r"|,\s*(?:(?:anyway|actually|now|so|then|also)\s*,?\s*)*(?:(?P<dismiss>" + _DISMISS + r").*"
    # Set aside for now, not a request: "Forget my address, I'm asking about the weather",
    # "..., I'm on vacation now!", "..., she's right, I was wrong", "..., I loved that place"
    r"|(?P<aside>(?:i'm|i\u2019m|i\s+am)\s+(?:just\s+|only\s+)?(?:asking|talking|wondering"
    r"|curious)\b"
    r"|i\s+(?:just|only)\s+(?:want(?:ed)?|wanna|need(?:ed)?)\s+to\s+(?:ask|know|check|talk|see"
    r"|relax|chat|vent)\b|i\s+(?:just\s+|only\s+)?meant\s+(?!it\b)"
    r"|(?:i'm|i\u2019m|i\s+am)\s+(?:on\s+(?:vacation|holiday|leave|a\s+break)|busy|having"
    r"|feeling|bored)\b"
    r"|(?:he|she|they)(?:['\u2019](?:s|re)|\s+is|\s+are)\s+(?:right|being)\b"
    r"|i\s+(?:loved|love)\s+(?:that|this|it|the)\b).*"
    r"|(?:please|thanks|thank you|i|i'm|i've|we|it's|it|he|she|they|that|that's|this|since"
    r"|because|as)\b.*"
    # "..., Acme fired me": a reason about someone or something named
    r"|(?-i:[A-Z])[\w'\u2019-]*\s+(?:fired|closed|moved|sold|went|is|was|has|had|got)\b.*))?"
)
#: The relatives' nouns as a regex alternation, longest first ("best friend" before "friend").
KIN_ALT = "|".join(n.replace(" ", r"\s+") for n in sorted(KIN_NOUNS, key=len, reverse=True))
NAME = r"(?-i:[A-Z])[\w'\u2019-]*"
