"""Requests to memory to let something go: "Please forget that I live in Lyon."

The rule extractor states nothing for such a sentence (see ``clauses._asks_to_forget``); this
module finds what it asks to forget, in three forms:

- ``clause``: "(Please) forget that I live in Lyon", "Could you forget I work at Acme",
  "Stop remembering that ...", "Delete the fact that ..." -> the clause (one per "and
  that ..."), which the write path reads with the rule extractor for the values it states;
- ``about``: "Forget what I told you about Lyon" -> the words after "about", which must
  name a value whole;
- ``attribute``: "Forget my address", "Stop remembering my job", "Forget where I live",
  "Forget what I said about my job" -> the attributes a fixed list of nouns names
  (``ATTRIBUTE_NOUNS``; not the question aliases: "Forget my work drama" asks nothing).

Only a request said to memory counts, with nothing but politeness before the verb ("Don't
forget that ...", "I forgot that ...", "Mom forgets that ..." and "Did you forget ...?" are
not), and only about the speaker's facts: "Forget I asked", "Delete my last message" are
about the conversation. Text the speaker passes along (quoted, pasted, forwarded, lyrics)
is someone else's.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from typing import Literal

from nousmem.policies.own_words import others, own_part
from nousmem.policies.patterns import ASKING, POLITE, WANTING
from nousmem.policies.sentences import SENTENCE

__all__ = ["ATTRIBUTE_NOUNS", "ForgetRequest", "forget_requests"]

Form = Literal["clause", "about", "attribute"]

#: What "forget my <noun>" names: the nouns of the default attributes (and of common custom
#: ones: a schema without them resolves nothing), never a word of a longer phrase.
ATTRIBUTE_NOUNS: dict[str, tuple[str, ...]] = {
    **dict.fromkeys(
        ("address", "home address", "location", "city", "where i live"),
        ("location",),
    ),
    "job": ("employer", "role"),
    **dict.fromkeys(
        ("employer", "workplace", "company", "where i work"),
        ("employer",),
    ),
    **dict.fromkeys(("role", "job title", "position", "profession", "occupation"), ("role",)),
    **dict.fromkeys(("spouse", "husband", "wife"), ("spouse",)),
    "relationship status": ("relationship_status",),
    "name": ("name",),
    "age": ("age",),
    "hometown": ("origin",),
    **dict.fromkeys(("hobby", "hobbies"), ("hobby",)),
    **dict.fromkeys(("pet", "pets"), ("pet",)),
    **dict.fromkeys(("kids", "children"), ("child",)),
    **dict.fromkeys(("siblings",), ("sibling",)),
    **dict.fromkeys(("friends",), ("friend",)),
    **dict.fromkeys(("instructions",), ("instruction",)),
    **dict.fromkeys(("phone number", "phone", "number"), ("phone",)),
    **dict.fromkeys(("email", "email address", "e-mail"), ("email",)),
    "birthday": ("birthday",),
}


@dataclass(frozen=True, slots=True)
class ForgetRequest:
    """One request: the sentence, its form and what it names (see the module docstring);
    ``attributes``: for the attribute form, the attribute names its noun names."""

    sentence: str
    form: Form
    target: str
    attributes: tuple[str, ...] = ()
    span: tuple[int, int] = (0, 0)
    """Where the sentence is in the message (offsets)."""


def _alt(words: frozenset[str] | tuple[str, ...]) -> str:
    return "|".join(sorted((re.escape(w) for w in words), key=lambda w: (-len(w), w)))


_LEAD = (
    rf"^(?:(?:{_alt(POLITE)})[,!]?\s+)*"
    rf"(?:(?:{_alt(ASKING)})\s+(?:you|u)\s+(?:please\s+)?"
    r"|i(?:'d|\u2019d| would)?\s+(?:" + _alt(WANTING) + r")\s+you\s+to\s+)?"
    r"(?:please\s+)?"
)
_STOP = r"(?:stop\s+remembering|don'?t\s+remember|don\u2019t\s+remember|do\s+not\s+remember)"
_VERB = rf"(?:forget|unlearn|{_STOP}|delete|erase|remove)"
_CLAUSE = re.compile(
    _LEAD + rf"(?:(?:forget|unlearn|{_STOP})(?:\s+about)?(?:\s+the\s+fact)?\s+(?=i\b)"
    rf"|(?:forget|unlearn|{_STOP})(?:\s+about)?(?:\s+the\s+fact)?\s+that\s+"
    r"|(?:delete|erase|remove)\s+(?:the\s+(?:fact|memory|note)\s+)?that\s+)"
    r"(?P<rest>.+)$",
    re.IGNORECASE | re.DOTALL,
)
_ABOUT = re.compile(
    _LEAD + _VERB + r"\s+(?:what|everything|anything)\s+i\s+"
    r"(?:said|told\s+you|mentioned|shared|wrote)\s+about\s+(?P<rest>[^,;\u2013\u2014]+?)"
    r"(?:\s+-\s.*|[,;\u2013\u2014].*)?$",
    re.IGNORECASE | re.DOTALL,
)
_NOUNS = _alt(tuple(ATTRIBUTE_NOUNS))
# What may follow the noun: nothing, "anymore", "please", or a reason ("..., I moved").
_REASON = (
    r"(?:\s+(?:anymore|any\s+more|please))?"
    r"(?:[.!?]+|,\s*(?:please|thanks|thank you|i|i'm|i've|we|it's|since|because|as)\b.*)?"
)
_ATTRIBUTE = re.compile(
    _LEAD
    + _VERB
    + rf"\s+(?:about\s+)?(?:my\s+(?P<noun>{_NOUNS})"
    + r"|where\s+i(?:'m|\u2019m|\s+am)?\s+(?P<where>live|living|work|working))"
    + _REASON
    + r"\s*$",
    re.IGNORECASE | re.DOTALL,
)
# A clause about the conversation itself: "Forget I asked", "Forget I said anything".
_TALK = re.compile(
    r"^i\s+(?:(?:just|ever|even)\s+)?(?:said|say|asked|ask|mentioned|mention|told|tell|"
    r"wrote|typed|brought|meant|was\s+asking|was\s+saying)\b",
    re.I,
)
_AND_THAT = re.compile(r",?\s+and\s+(?:also\s+)?that\s+", re.I)
_TRAILING = re.compile(r"(?:[,;]?\s+(?:please|thanks|thank you|ok|okay))*\s*[.!?]*\s*$", re.I)
_THE = re.compile(r"^(?:my|the|our)\s+", re.I)
_FORMS: tuple[tuple[Form, re.Pattern[str]], ...] = (
    ("attribute", _ATTRIBUTE),
    ("about", _ABOUT),
    ("clause", _CLAUSE),
)
_MAYBE = re.compile(r"\b(?:delete|erase|remove|unlearn)\b")
# A sentence that asks memory something ("Did you forget ...?") is no request unless it is
# a polite one ("Could you forget ...?").
_POLITE_QUESTION = re.compile(rf"^(?:(?:{_alt(POLITE)})[,!]?\s+)*(?:{_alt(ASKING)})\s", re.I)


def forget_requests(content: str) -> list[ForgetRequest]:
    """The requests to forget in ``content`` (the speaker's own words only), in order."""
    low = content.casefold()
    if "forget" not in low and "remember" not in low and not _MAYBE.search(low):
        return []  # most messages: one scan, nothing to parse
    passed = others(content)
    out: list[ForgetRequest] = []
    for m in SENTENCE.finditer(content):
        end = own_part(m.start(), m.end(), passed)
        if end is None:
            continue
        sentence = " ".join(content[m.start() : end].split())
        if sentence.endswith("?") and not _POLITE_QUESTION.match(sentence):
            continue
        out.extend(replace(r, span=(m.start(), end)) for r in _read(sentence))
    return out


def _read(sentence: str) -> list[ForgetRequest]:
    for form, pattern in _FORMS:
        found = pattern.match(sentence)
        if found is None:
            continue
        if form == "attribute":
            where = found.group("where")
            if where is not None:
                noun = "where i live" if where.casefold().startswith("liv") else "where i work"
            else:
                noun = " ".join(found.group("noun").casefold().split())
            return [ForgetRequest(sentence, "attribute", noun, ATTRIBUTE_NOUNS[noun])]
        target = _TRAILING.sub("", found.group("rest")).strip()
        if form == "about":
            noun = _THE.sub("", target).casefold()
            if noun in ATTRIBUTE_NOUNS:
                return [ForgetRequest(sentence, "attribute", noun, ATTRIBUTE_NOUNS[noun])]
            return [ForgetRequest(sentence, "about", target)] if target else []
        parts = [p.strip() for p in _AND_THAT.split(target) if p.strip()]
        return [ForgetRequest(sentence, "clause", p) for p in parts if _TALK.match(p) is None]
    return []
