"""What the lexical index holds for an event, and how a question becomes an FTS5 query."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable
from datetime import date, datetime
from functools import lru_cache
from typing import Any

_TOKEN = re.compile(r"[\w][\w'-]*", re.UNICODE)

STOPWORDS = frozenset(
    """a about after again all am an and any are as at be been before being both but by can
    could did do does doing during each few for from had has have having he her here hers
    him his how i if in into is it its itself just me more most my no nor not now of off on
    once only or other our ours out over own same she should so some such than that the their
    theirs them then there these they this those through to too under until up very was we
    were what when where which while who whom why will with would you your yours""".split()
)


_MONTHS = (
    "January February March April May June July August September October November December"
).split()


def date_label(t: datetime | date) -> str:
    """A date as people write it, e.g. ``8 May 2023`` (what LoCoMo answers look like).

    English month names from a table, not ``strftime("%B")``, which follows the process
    locale (the same journal must render the same text everywhere) and is slower.
    """
    return f"{t.day} {_MONTHS[t.month - 1]} {t.year}"


def tokens(text: str) -> list[str]:
    """Lowercased word tokens without stopwords, in order of first appearance, unique.

    Non-ASCII text is NFKC-normalised first: "José" typed with a combining accent is one
    token, the same as the precomposed one (``\\w`` does not match a combining mark).
    """
    if not text.isascii():
        text = unicodedata.normalize("NFKC", text)
    seen: dict[str, None] = {}
    for tok in _TOKEN.findall(text.lower()):
        if tok[-1] in "'-":  # a token starts with a word character, so only its end
            tok = tok.rstrip("'-")
        if tok not in STOPWORDS:
            seen[tok] = None  # a repeat keeps its first position
    return list(seen)


def fold_plural(token: str) -> str:
    """``token`` without a plural's "s" ("fridays" -> "friday", "meetings" -> "meeting"),
    for matching a question's words to a value's; tokens of three letters or fewer stay
    ("bus", "gas")."""
    return token[:-1] if len(token) > 3 and token.endswith("s") else token


# Parts too common to say what a hyphenated word is about: "gluten free" asks nothing of
# "coffee-free", "part time" nothing of "full-time".
_WEAK_PARTS = frozenset("free based friendly time old new".split())


def with_parts(words: Iterable[str]) -> set[str]:
    """``words`` and each hyphenated one's telling parts: a value "coffee-free" meets a
    question's "coffee", "left-handed" its "left" and "handed" (not "free" alone)."""
    out = set(words)
    return out | {p for w in out if "-" in w for p in w.split("-") if p and p not in _WEAK_PARTS}


@lru_cache(maxsize=4096)
def folded_words(text: str) -> frozenset[str]:
    """``text``'s :func:`tokens` (a hyphenated one's parts too: :func:`with_parts`), plurals
    folded (:func:`fold_plural`): the words a question and a value are matched by. Values
    repeat across reads, so each is folded once."""
    return frozenset(fold_plural(t) for t in with_parts(tokens(text)))


#: At most this many OR-ed terms in a lexical query.
MAX_QUERY_TERMS = 24


def fts_query(text: str, *, max_terms: int = MAX_QUERY_TERMS) -> str | None:
    """An FTS5 query OR-ing the question's content words, each quoted (no syntax errors)."""
    toks = tokens(text)[:max_terms]
    if not toks:
        return None
    return " OR ".join('"' + t.replace('"', "") + '"' for t in toks)


def observation_doc(payload: Any, occurred_at: datetime) -> str:
    """Index text of an observation: speaker, content, keywords and every date it mentions."""
    parts = []
    if payload.actor:
        parts.append(f"{payload.actor}:")
    parts.append(payload.content)
    if payload.keywords:
        parts.append(" ".join(payload.keywords))
    caption = payload.metadata.get("caption") if isinstance(payload.metadata, dict) else None
    if isinstance(caption, str):
        parts.append(caption)
    parts.append(date_label(occurred_at))
    for t in payload.times:
        parts.append(t.label)
    return " ".join(parts)


def revision_doc(payload: Any) -> str:
    """Index text of a belief delta: ``entity attribute value``."""
    attr = payload.attribute.replace("_", " ")
    neg = " not" if payload.polarity == "negate" else ""
    return f"{payload.entity} {attr}{neg} {payload.value}"
