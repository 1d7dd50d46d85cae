"""Sentence mechanics for the rule extractor: who a verb's subject is and where a value ends.

``walk_back`` reads leftwards from a verb over auxiliaries and adverbs to its subject ("I",
a capitalised name, or a pronoun the extractor cannot resolve), collecting negators and
modals on the way. ``trim_phrase`` cuts a captured value down to a short phrase. Both work
on plain strings; nothing here knows about claims or rules.
"""

from __future__ import annotations

import re
from bisect import bisect_left
from datetime import datetime
from typing import NamedTuple

from nousmem.policies.letters import LOWER, UPPER
from nousmem.policies.patterns import (
    ADJ_HEAD,
    ADVERBS,
    ASKING,
    CESSATION,
    CONDITIONAL,
    CONJUNCTIONS,
    FIRST_PERSON,
    FORGET_VERBS,
    HEAD_REJECT,
    HYPOTHETICAL,
    LEADING_ADVERBS,
    LEADING_DROP,
    MODALS,
    NAME_STOP,
    OTHER_SUBJECTS,
    PAST_IRREGULAR,
    PLAIN_NEG,
    POLITE,
    REMEMBER_VERBS,
    SECOND_PERSON,
    SKIP_WORDS,
    TO_CONTINUES,
    TRAILING_DEGREE,
    TRAILING_DROP,
    VALUE_REJECT,
    VALUE_REJECT_ANYWHERE,
    VALUE_REJECT_START,
    VALUE_STOP,
    WANTING,
)
from nousmem.policies.timeexpr import TimeMention, resolve_time_expressions

__all__ = [
    "SENTENCE",
    "Doc",
    "Sentence",
    "Walk",
    "clean",
    "trim_name",
    "trim_phrase",
    "walk_back",
]

#: A sentence runs to . ! ? or a newline; a stop directly followed by a word character
#: ("3.5", "i.redd.it") does not end it.
SENTENCE = re.compile(r"[^\s](?:[^.!?\n]|[.!?](?=\w))*(?:[.!?]+|\n|$)")
_TOKEN = re.compile(r"\S+")
# A negated belief verb ("I don't think I work at X", "I doubt ...") hedges rather than
# negates: the walk stops at the inner clause's subject, so it never sees the "don't", and
# what the speaker disbelieves is too loosely tied to the claim to assert its opposite.
_HEDGE = re.compile(
    r"\b(?:i\s+think|i\s+guess|i\s+believe|i\s+suppose|i\s+reckon|maybe|might|probably"
    r"|perhaps|possibly|not\s+sure|not\s+certain|kind\s+of|sort\s+of"
    r"|(?:do|does|did)(?:n'?t|\s+not)\s+(?:really\s+)?(?:think|believe|suppose|reckon)"
    r"|i\s+(?:really\s+)?doubt|doubtful)\b",
    re.IGNORECASE,
)
_CLAUSE_END = re.compile(r"[,;.!?]|\s(?:but|and|although|though|because|so)\s", re.IGNORECASE)
_NAME_TOKEN = re.compile(rf"^[{UPPER}][{LOWER}]+(?:[-'][{UPPER}]?[{LOWER}]+)*$")
_STRIP = "\"'“”‘’()[]*_"
_BOUNDARY_END = (",", ";", ":", "—", "–")
_NOUN_SUFFIXES = ("ing", "tion", "sion", "ness", "ment", "ity", "ism", "ship")
_DASHES = frozenset({"-", "–", "—", "&", "+", "/", "|"})
_CLAUSE_OPENERS = frozenset({"because", "although", "though", "since", "while", "when"})
# Subjects of another clause; not "it", which is often no one ("I wish it was true that I").
_OBJECT_PRONOUNS = frozenset("it that this them these those".split())
_PERSONS = frozenset("i i'm im i've i'd i'll you u ya he she they we".split())
# Without an occurred_at, time expressions are still cut out of values, resolved against
# a fixed date whose result is never attached to a claim.
_NO_REF = datetime(2000, 1, 1)


class Walk(NamedTuple):
    """Who the subject of a verb is, and what stood between them."""

    kind: str  # "actor" | "name" | "none" | "elided" | "poss"
    name: str | None
    start: int  # sentence-relative start of the clause (subject, boundary or sentence start)
    plain_neg: bool
    cessation: bool
    conditional: bool  # a modal, or "if"/"wish" before the subject: a hypothetical clause


class Doc:
    """The observation's content with its time mentions, resolved only when first needed."""

    __slots__ = ("_mentions", "_starts", "content", "ref")

    def __init__(self, content: str, ref: datetime | None) -> None:
        self.content = content
        self.ref = ref
        self._mentions: list[TimeMention] | None = None
        self._starts: list[int] = []

    def mentions(self) -> list[TimeMention]:
        if self._mentions is None:
            self._mentions = resolve_time_expressions(self.content, self.ref or _NO_REF)
            self._starts = [t.span[0] for t in self._mentions]  # in text order
        return self._mentions

    def mentions_in(self, lo: int, hi: int) -> list[TimeMention]:
        """The mentions starting in ``[lo, hi)``: a search, not a scan, so that a text with
        thousands of sentences and time expressions is not read quadratically."""
        mentions = self.mentions()
        return mentions[bisect_left(self._starts, lo) : bisect_left(self._starts, hi)]


class Sentence:
    """A sentence with its offset in the content; tokens, clause boundaries, hedging and
    time mentions are computed once, on first use."""

    __slots__ = (
        "_bounds",
        "_cuts",
        "_hedged",
        "_mentions",
        "_tokens",
        "doc",
        "end",
        "memo",
        "offset",
        "text",
    )

    def __init__(self, text: str, offset: int, doc: Doc) -> None:
        self.text = text
        self.offset = offset
        self.end = offset + len(text)
        self.doc = doc
        self._tokens: tuple[list[int], list[tuple[int, int, str]]] | None = None
        self._mentions: list[TimeMention] | None = None
        self._cuts: list[int] | None = None
        self._bounds: tuple[list[int], list[int]] | None = None
        self._hedged: bool | None = None
        #: Per-clause results the extractor computes once (e.g. update language).
        self.memo: dict[tuple[int, int], bool] = {}

    def tokens(self) -> tuple[list[int], list[tuple[int, int, str]]]:
        if self._tokens is None:
            toks = [(m.start(), m.end(), m.group(0)) for m in _TOKEN.finditer(self.text)]
            self._tokens = ([t[0] for t in toks], toks)
        return self._tokens

    @property
    def mentions(self) -> list[TimeMention]:
        if self._mentions is None:
            self._mentions = self.doc.mentions_in(self.offset, self.end)
        return self._mentions

    @property
    def cuts(self) -> list[int]:
        """Where the sentence's mentions start (offsets in the sentence): values end there."""
        if self._cuts is None:
            self._cuts = [t.span[0] - self.offset for t in self.mentions]
        return self._cuts

    def mentions_between(self, lo: int, hi: int) -> list[TimeMention]:
        """The sentence's mentions starting in ``[lo, hi)`` (offsets in the sentence)."""
        return self.doc.mentions_in(self.offset + lo, self.offset + hi)

    @property
    def hedged(self) -> bool:
        """Whether the sentence hedges ("I think", "maybe", "probably", ...)."""
        if self._hedged is None:
            self._hedged = _HEDGE.search(self.text) is not None
        return self._hedged

    def clause(self, start: int, end: int) -> tuple[int, int]:
        """The clause around ``text[start:end]``: from the boundary (comma, "and", "but",
        ...) before ``start`` to the one at or after ``end``."""
        if self._bounds is None:
            found = [m.span() for m in _CLAUSE_END.finditer(self.text)]
            self._bounds = ([b[0] for b in found], [b[1] for b in found])
        starts, ends = self._bounds
        i = bisect_left(ends, start + 1) - 1
        j = bisect_left(starts, end)
        return (ends[i] if i >= 0 else 0), (starts[j] if j < len(starts) else len(self.text))


def clean(raw: str) -> str:
    """Lowercase a token without surrounding quotes or punctuation."""
    return raw.strip(_STRIP + ",;:!?.").lower()


def _name_at(toks: list[tuple[int, int, str]], i: int) -> tuple[str, int] | None:
    """The capitalised name ending at token ``i`` (up to three tokens), with its start."""
    raw = toks[i][2].strip(_STRIP + ",;:!?.")
    if raw.endswith("'s"):
        raw = raw[:-2]
    if not _NAME_TOKEN.match(raw) or raw.lower() in NAME_STOP:
        return None
    parts, start = [raw], toks[i][0]
    j = i - 1
    while j >= 0 and len(parts) < 3:
        prev = toks[j][2]
        if prev[-1:] in ",;:!?." or not _NAME_TOKEN.match(prev) or prev.lower() in NAME_STOP:
            break
        parts.insert(0, prev)
        start = toks[j][0]
        j -= 1
    return " ".join(parts), start


def _agrees(toks: list[tuple[int, int, str]], i: int) -> bool:
    """Whether the verb after the name at token ``i`` is third person singular or past.

    "Alice works", "Alice went", "Alice's" and "Alice will" pass; "Feels like" (a capitalised
    sentence opener, not a name) and "Alice and Bob like" do not.
    """
    if i == 0 and clean(toks[0][2]).endswith(_NOUN_SUFFIXES):
        return False  # "Dancing is ...", "Meditation helps ...": a capitalised noun
    if toks[i][2].rstrip(_STRIP + ",;:!?.").endswith("'s"):
        # "Alice's going" (is) but not "Nature's beauty" (possessive).
        nxt = clean(toks[i + 1][2]) if i + 1 < len(toks) else ""
        return nxt in SKIP_WORDS or nxt in ADVERBS or nxt.endswith(("ing", "ed"))
    for _, _, raw in toks[i + 1 : i + 5]:
        low = clean(raw)
        if low in ADVERBS:
            continue
        if low in MODALS or low in PAST_IRREGULAR or low.endswith(("ed", "'s", "'ll")):
            return True
        return low.endswith("s") and not low.endswith("ss")
    return False


def _sentence_subject(toks: list[tuple[int, int, str]], upto: int) -> tuple[str, str | None]:
    """The first subject of the sentence before token ``upto`` (for "I went ... and saw")."""
    for i in range(min(upto, 12)):
        raw = toks[i][2]
        low = clean(raw)
        if low in FIRST_PERSON:
            return "actor", None
        if low in OTHER_SUBJECTS:
            return "none", None
        if raw.rstrip(_STRIP)[-1:] in ",!" or low in NAME_STOP:
            continue  # vocative ("Caroline, I ...") or interjection
        named = _name_at(toks, i)
        if named is not None and _agrees(toks, i):
            return "name", named[0]
    return "elided", None


def _asks_to_forget(toks: list[tuple[int, int, str]], j: int, verb: str) -> bool:
    """Whether "forget" / "remember" at token ``j`` asks memory to let go of the clause
    after it. Only the plain request forms do, with nothing but politeness before them:
    "(Please) forget that I ...", "Could you forget ...", "I want you to forget ...",
    "Don't remember that ...", "Stop remembering ...". Anything else is a statement about
    someone forgetting ("I tend to forget that I live in Boston now", "Mom forgets ...",
    "Never forget that ...", "Don't ever forget ...") and keeps its fact: a fact kept by
    mistake can be forgotten, one dropped by mistake is lost."""
    words: list[str] = []
    k = j - 1
    while k >= 0:
        raw = toks[k][2]
        if raw.rstrip(_STRIP)[-1:] in ",;:.!?" or raw in _DASHES:
            break
        words.append(clean(raw))
        k -= 1
    words = [w for w in reversed(words) if w not in POLITE]  # clause start .. verb
    if verb in FORGET_VERBS:
        if verb != "forget":
            return False  # "forgets": someone's habit, never an imperative
        return (
            not words
            or (len(words) == 2 and words[0] in ASKING and words[1] in ("you", "u"))
            or (len(words) >= 3 and words[-2:] == ["you", "to"] and words[-3] in WANTING)
        )
    return words in (["don't"], ["dont"], ["do", "not"]) or (
        verb in ("remembering", "mentioning") and words == ["stop"]
    )


def _hypothetical(toks: list[tuple[int, int, str]], i: int) -> bool:
    """Whether "if", "wish", ... stands before the subject at token ``i``, in its clause.

    "If I worked at Google I'd be rich" and "I wish I lived in Paris" state no fact; a comma
    or a conjunction ends the search, so "If so, I work at Google" still does.
    """
    for j in range(i - 1, max(i - 7, -1), -1):
        raw = toks[j][2]
        if raw.rstrip(_STRIP)[-1:] in ",;:.!?" or raw in _DASHES:
            return False
        low = clean(raw)
        if low in HYPOTHETICAL:
            return True
        if low in FORGET_VERBS or low in REMEMBER_VERBS:
            return _asks_to_forget(toks, j, low)
        if low in CONJUNCTIONS or low in _CLAUSE_OPENERS:
            return False
        if low in _PERSONS:
            # Another clause's subject: "If you need anything, I work at Google" without
            # its comma still states where I work ("wish that I ..." still does not).
            return False
    return False


_POSSESSIVES = frozenset({"my", "our", "his", "her", "their"})
# Words that name someone by their relation, before an appositive name ("my sister, Priya,").
_RELATIONS = frozenset(
    "sister brother mom mother dad father son daughter wife husband partner friend buddy boss "
    "manager colleague coworker co-worker neighbor neighbour roommate cousin aunt uncle "
    "grandma grandpa grandmother grandfather niece nephew teacher coach girlfriend boyfriend "
    "fiance fiancee fiancé fiancée mentor".split()
)


def _appositive(toks: list[tuple[int, int, str]], i: int) -> bool:
    """Token ``i`` ends a name set off by commas right after a relation word that opens
    its clause with a possessive ("My (older) sister, Priya,"), and the verb after it agrees
    with a name. Not after a verb ("Dropped off my son, Kyle, went ..."): the relation is
    then an object, and not after "Me and my sister, Priya,": the subject is both."""
    prev = toks[i - 1][2]
    if not (prev.rstrip(_STRIP).endswith(",") and clean(prev) in _RELATIONS):
        return False
    for j in (i - 2, i - 3):  # the possessive, perhaps before one adjective
        if j < 0:
            return False
        word = toks[j][2].strip(_STRIP)
        if word.lower() in _POSSESSIVES or (word.endswith("'s") and word[:1].isupper()):
            opens = j == 0 or toks[j - 1][2].rstrip(_STRIP).endswith(_BOUNDARY_END)
            return opens and _agrees(toks, i)
    return False


def walk_back(sent: Sentence, pos: int) -> Walk:
    """Find the subject of the verb phrase starting at sentence offset ``pos``."""
    starts, toks = sent.tokens()
    i = bisect_left(starts, pos) - 1
    plain = cess = cond = False
    steps = 0
    while i >= 0 and steps < 9:
        s, e, raw = toks[i]
        if e > pos:  # the match starts inside this token: "I'd like" matched at "'d"
            raw = raw[: pos - s]
        if raw.rstrip(_STRIP).endswith(",") and i > 0 and _appositive(toks, i):
            # "My sister, Priya, (just) moved": a name set off by commas after a relation
            # word is the verb's subject, not the start of a new clause. After "Thanks," or
            # "Same here," the name is the person spoken to.
            named = _name_at(toks, i)
            if named is not None:
                return Walk("name", named[0], named[1], plain, cess, cond)
        if raw.rstrip(_STRIP).endswith(_BOUNDARY_END) or raw in _DASHES:
            # After a comma a new clause starts; treating it as subjectless keeps "..., like
            # a walk in the park" from reading as a preference.
            if _sentence_subject(toks, i + 1)[0] == "none":
                return Walk("none", None, e + 1, plain, cess, cond)  # "We ate, played games"
            return Walk("elided", None, e + 1, plain, cess, cond)
        low = clean(raw)
        if low in FIRST_PERSON:
            cond = cond or low == "i'd" or _hypothetical(toks, i)
            return Walk("actor", None, s, plain, cess, cond)
        if low in OTHER_SUBJECTS:
            return Walk("none", None, s, plain, cess, cond)
        if low in CONJUNCTIONS:
            if steps == 0 and sent.text[pos:].split(maxsplit=1)[0].lower().endswith("ing"):
                return Walk("none", None, s, plain, cess, cond)  # "..., and joining X is"
            kind, name = _sentence_subject(toks, i)
            return Walk(kind, name, s, plain, cess, cond)
        if low in CONDITIONAL:
            cond = True
            plain = plain or low.endswith("n't")
        elif low in PLAIN_NEG or low.endswith("n't"):
            plain = True
        elif low in CESSATION:
            cess = True
        elif low not in SKIP_WORDS:
            named = _name_at(toks, i)
            if named is not None and _agrees(toks, i):
                cond = cond or _hypothetical(toks, bisect_left(starts, named[1]))
                return Walk("name", named[0], named[1], plain, cess, cond)
            return Walk("none", None, s, plain, cess, cond)
        i -= 1
        steps += 1
    if i < 0:
        return Walk("elided", None, 0, plain, cess, cond)
    return Walk("none", None, 0, plain, cess, cond)


def trim_phrase(
    text: str, start: int, end: int, cuts: list[int], stops: frozenset[str] = VALUE_STOP
) -> tuple[str, int] | None:
    """Trim ``text[start:end]`` to a short phrase ending before any word in ``stops``.

    Returns the phrase and its end offset, or None when nothing informative is left.
    """
    first = bisect_left(cuts, start)  # cuts are in text order: the first one inside ends it
    if first < len(cuts) and cuts[first] < end:
        end = cuts[first]
    toks = [(m.group(0), m.end()) for m in _TOKEN.finditer(text, start, end)]
    kept: list[tuple[str, int]] = []
    for k, (tok, tok_end) in enumerate(toks):
        low = tok.strip(_STRIP).lower()
        if not kept and low in LEADING_ADVERBS:
            continue
        if low in SECOND_PERSON and not kept:
            return None  # "I'd love to join you": about the listener, not a fact
        if low in stops or tok in _DASHES or tok[:1] in "-–—" or tok.strip(_STRIP) == "im":
            if stops is not VALUE_STOP and low in _OBJECT_PRONOUNS and len(kept) <= 2:
                return None  # "want to pass *it* on", "help make *that* happen": a half phrase
            break  # "im" (I'm) only in lowercase: "IM Global" is a name
        if low == "to":
            nxt = toks[k + 1][0] if k + 1 < len(toks) else ""
            if not (nxt.lower() in TO_CONTINUES or nxt[:1].isupper()):
                break
        kept.append((tok, tok_end))
        if len(kept) == 6:
            break
    while kept and kept[0][0].lower() in LEADING_DROP:
        kept.pop(0)
    if len(kept) > 1 and kept[0][0].lower() == "go" and kept[1][0].endswith("ing"):
        kept.pop(0)
    while len(kept) > 1 and (
        kept[-1][0].lower() in TRAILING_DROP
        or (kept[-1][0] in TRAILING_DEGREE)  # lowercase only: "Thomas More" is a name
    ):
        kept.pop()
    if not kept or kept[0][0].lower() in VALUE_REJECT_START:
        return None
    if any(t.lower().strip(_STRIP) in VALUE_REJECT_ANYWHERE for t, _ in kept):
        return None
    value = " ".join(t.strip(_STRIP) for t, _ in kept).strip()
    if not value or value.lower() in VALUE_REJECT or kept[-1][0].lower() in HEAD_REJECT:
        return None
    if len(kept) > 1 and kept[-2][0].lower() in ("a", "an") and kept[-1][0].lower() in ADJ_HEAD:
        return None
    return value, kept[-1][1]


def trim_name(raw: str) -> str | None:
    parts = [p for p in raw.split() if p]
    while parts and parts[-1].lower() in NAME_STOP:
        parts.pop()
    if not parts or parts[0].lower() in NAME_STOP:
        return None
    name = " ".join(parts)
    return name[:-2] if name.endswith("'s") else name
