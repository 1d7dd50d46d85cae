"""Requests to memory to let something go: "Please forget that I live in Lyon."

The rule extractor states nothing for such a sentence (see ``clauses._asks_to_forget``); this
module finds what it asks to forget, in three forms:

- ``clause``: "(Please) forget that I live in Lyon", "Could you forget I work at Acme",
  "Stop remembering that ...", "Delete the fact that ..." -> the clause, which the write
  path reads with the rule extractor for the values it states;
- ``about``: "Forget what I told you about Lyon" -> the words after "about", which name
  values;
- ``attribute``: "Forget my address", "Erase my phone number" -> words naming an attribute
  (its name or one of its aliases).

Only a request said to memory counts, with nothing but politeness before the verb ("Don't
forget that ...", "I forgot that ...", "Mom forgets that ..." and "Did you forget ...?" are
not). Text the speaker passes along (quoted, pasted, forwarded) is someone else's request.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal

from nousmem.policies.clauses import SENTENCE
from nousmem.policies.own_words import others, own_part
from nousmem.policies.patterns import ASKING, POLITE, WANTING

__all__ = ["ForgetRequest", "forget_requests"]

Form = Literal["clause", "about", "attribute"]


@dataclass(frozen=True, slots=True)
class ForgetRequest:
    """One request: the sentence, its form and what it names (see the module docstring)."""

    sentence: str
    form: Form
    target: str


def _alt(words: frozenset[str]) -> str:
    return "|".join(sorted((re.escape(w) for w in words), key=lambda w: (-len(w), w)))


_LEAD = (
    rf"^(?:(?:{_alt(POLITE)})[,!]?\s+)*"
    rf"(?:(?:{_alt(ASKING)})\s+(?:you|u)\s+(?:please\s+)?"
    rf"|i(?:'d|\u2019d| would)?\s+(?:{_alt(WANTING)})\s+you\s+to\s+)?"
    r"(?:please\s+)?"
)
_CLAUSE = re.compile(
    _LEAD + r"(?:(?:forget|unlearn)(?:\s+about)?(?:\s+the\s+fact)?\s+(?=i\b)"
    r"|(?:forget|unlearn)(?:\s+about)?(?:\s+the\s+fact)?\s+that\s+"
    r"|(?:stop\s+remembering|don'?t\s+remember|don\u2019t\s+remember|do\s+not\s+remember)"
    r"\s+(?:the\s+fact\s+)?(?:that\s+)?"
    r"|(?:delete|erase|remove)\s+(?:the\s+(?:fact|memory|note)\s+)?that\s+)"
    r"(?P<rest>.+)$",
    re.IGNORECASE | re.DOTALL,
)
_ABOUT = re.compile(
    _LEAD + r"(?:forget|delete|erase|remove|unlearn)\s+(?:what|everything|anything)\s+i\s+"
    r"(?:said|told\s+you|mentioned|shared|wrote)\s+about\s+(?P<rest>.+)$",
    re.IGNORECASE | re.DOTALL,
)
_ATTRIBUTE = re.compile(
    _LEAD + r"(?:forget|delete|erase|unlearn)\s+(?:about\s+)?my\s+"
    r"(?P<rest>[\w'\u2019 -]{1,40}?)(?:,?\s+please)?\s*(?:[.!]+|,.*)?$",
    re.IGNORECASE,
)
_TRAILING = re.compile(r"(?:[,;]?\s+(?:please|thanks|thank you|ok|okay))*\s*[.!?]*\s*$", re.I)
_FORMS: tuple[tuple[Form, re.Pattern[str]], ...] = (
    ("clause", _CLAUSE),
    ("about", _ABOUT),
    ("attribute", _ATTRIBUTE),
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
        for form, pattern in _FORMS:
            found = pattern.match(sentence)
            if found is None:
                continue
            target = _TRAILING.sub("", found.group("rest")).strip()
            if target:
                out.append(ForgetRequest(sentence=sentence, form=form, target=target))
            break
    return out
