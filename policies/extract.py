"""The rule extractor: deterministic (entity, attribute, value) claims from plain sentences.

``RuleExtractor().extract_sync(obs)`` returns the caller's claims (``obs.claims``) unchanged,
followed by claims read from ``obs.content`` sentence by sentence with the rules in
``policies/rules.py``. It is a pure function of the observation: no I/O, no clock (relative
time is resolved against ``obs.occurred_at``), no randomness.

How a claim is read, in short (docs/extraction.md has the full story and the limits):

* Questions produce nothing. A rule runs only if one of its anchor words is in the sentence.
* The subject is found by walking back from the verb over auxiliaries and adverbs: "I" ->
  ``obs.actor``, a capitalised name -> that name, "we"/"you"/"he"/... -> no claim. After
  "and" or a comma the sentence's first subject carries over. A sentence that opens with a
  past-tense verb ("Went hiking today!") is the speaker's.
* Negators met on that walk (or "anymore" after the value) negate the claim; "no longer",
  "stopped", "used to", "quit" also mark it as a change. "don't like X" becomes dislikes X.
* Hedges ("I think", "maybe", "probably", ...) halve the confidence and set ``hedged``.
* The first time expression of the clause (else of the sentence) sets ``valid_at``.
"""

from __future__ import annotations

import re
from bisect import bisect_left
from datetime import datetime
from typing import NamedTuple

from nousmem.policies.patterns import (
    ADVERBS,
    CESSATION,
    CONDITIONAL,
    CONJUNCTIONS,
    FIRST_PERSON,
    HEAD_REJECT,
    LEADING_DROP,
    MODALS,
    NAME_STOP,
    OTHER_SUBJECTS,
    PAST_IRREGULAR,
    PLAIN_NEG,
    SECOND_PERSON,
    SKIP_WORDS,
    SPECIES_SINGULAR,
    TO_CONTINUES,
    TRAILING_DROP,
    VALUE_REJECT,
    VALUE_REJECT_START,
    VALUE_STOP,
    VP_STOP,
    Rule,
)
from nousmem.policies.rules import ANCHOR_INDEX, ANCHOR_WORD, RULES
from nousmem.policies.timeexpr import TimeMention, resolve_time_expressions
from nousmem.projections.models import Claim, Observation

__all__ = ["RuleExtractor", "extract_time_mentions"]

# A sentence runs to . ! ? or a newline; a stop directly followed by a word character
# ("3.5", "i.redd.it") does not end it.
_SENTENCE = re.compile(r"[^\s](?:[^.!?\n]|[.!?](?=\w))*(?:[.!?]+|\n|$)")
_TOKEN = re.compile(r"\S+")
_QUESTION_START = re.compile(
    r"^\W*(?:do|does|did|are|is|was|were|have|has|can|could|would|will|should)\s+"
    r"(?:you|u|ya|we|they|he|she)\b",
    re.IGNORECASE,
)
_HEDGE = re.compile(
    r"\b(?:i\s+think|i\s+guess|i\s+believe|i\s+suppose|i\s+reckon|maybe|might|probably"
    r"|perhaps|possibly|not\s+sure|not\s+certain|kind\s+of|sort\s+of)\b",
    re.IGNORECASE,
)
_CHANGE = re.compile(
    r"\b(?:(?<!right\s)(?<!for\s)(?<!just\s)(?<!by\s)(?<!until\s)now|instead|switched"
    r"|switching|moved|relocated|replaces?|replaced|supersedes?|superseded|no\s+longer"
    r"|these\s+days|nowadays|just\s+joined|started\s+at|any\s?more|from\s+now\s+on"
    r"|new\s+job)\b",
    re.IGNORECASE,
)
_ANYMORE = re.compile(r"\bany\s?more\b", re.IGNORECASE)
_CLAUSE_END = re.compile(r"[,;.!?]|\s(?:but|and|although|though|because|so)\s", re.IGNORECASE)
_NAME_TOKEN = re.compile(r"^[A-Z][a-z]+(?:[-'][A-Z]?[a-z]+)*$")
_STRIP = "\"'“”‘’()[]*_"
_BOUNDARY_END = (",", ";", ":", "—", "–")
_NOUN_SUFFIXES = ("ing", "tion", "sion", "ness", "ment", "ity", "ism", "ship")
_DASHES = frozenset({"-", "–", "—", "&", "+", "/", "|"})
# Without an occurred_at, time expressions are still cut out of values, resolved against
# a fixed date whose result is never attached to a claim.
_NO_REF = datetime(2000, 1, 1)


class _Walk(NamedTuple):
    """Who the subject of a verb is, and what stood between them."""

    kind: str  # "actor" | "name" | "none" | "elided" | "poss"
    name: str | None
    start: int  # sentence-relative start of the clause (subject, boundary or sentence start)
    plain_neg: bool
    cessation: bool
    conditional: bool


class _Sentence:
    """A sentence with its offset in the content, tokens and time mentions (lazily)."""

    __slots__ = ("_tokens", "mentions", "offset", "text")

    def __init__(self, text: str, offset: int, mentions: list[TimeMention]) -> None:
        self.text = text
        self.offset = offset
        self.mentions = mentions
        self._tokens: tuple[list[int], list[tuple[int, int, str]]] | None = None

    def tokens(self) -> tuple[list[int], list[tuple[int, int, str]]]:
        if self._tokens is None:
            toks = [(m.start(), m.end(), m.group(0)) for m in _TOKEN.finditer(self.text)]
            self._tokens = ([t[0] for t in toks], toks)
        return self._tokens


def _clean(raw: str) -> str:
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
    if i == 0 and _clean(toks[0][2]).endswith(_NOUN_SUFFIXES):
        return False  # "Dancing is ...", "Meditation helps ...": a capitalised noun
    if toks[i][2].rstrip(_STRIP + ",;:!?.").endswith("'s"):
        # "Alice's going" (is) but not "Nature's beauty" (possessive).
        nxt = _clean(toks[i + 1][2]) if i + 1 < len(toks) else ""
        return nxt in SKIP_WORDS or nxt in ADVERBS or nxt.endswith(("ing", "ed"))
    for _, _, raw in toks[i + 1 : i + 5]:
        low = _clean(raw)
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
        low = _clean(raw)
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


def _walk_back(sent: _Sentence, pos: int) -> _Walk:
    """Find the subject of the verb phrase starting at sentence offset ``pos``."""
    starts, toks = sent.tokens()
    i = bisect_left(starts, pos) - 1
    plain = cess = cond = False
    steps = 0
    while i >= 0 and steps < 9:
        s, e, raw = toks[i]
        if e > pos:  # the match starts inside this token: "I'd like" matched at "'d"
            raw = raw[: pos - s]
        if raw.rstrip(_STRIP).endswith(_BOUNDARY_END) or raw in _DASHES:
            # After a comma a new clause starts; treating it as subjectless keeps "..., like
            # a walk in the park" from reading as a preference.
            return _Walk("elided", None, e + 1, plain, cess, cond)
        low = _clean(raw)
        if low in FIRST_PERSON:
            return _Walk("actor", None, s, plain, cess, cond or low == "i'd")
        if low in OTHER_SUBJECTS:
            return _Walk("none", None, s, plain, cess, cond)
        if low in CONJUNCTIONS:
            if steps == 0 and sent.text[pos:].split(maxsplit=1)[0].lower().endswith("ing"):
                return _Walk("none", None, s, plain, cess, cond)  # "..., and joining X is"
            kind, name = _sentence_subject(toks, i)
            return _Walk(kind, name, s, plain, cess, cond)
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
                return _Walk("name", named[0], named[1], plain, cess, cond)
            return _Walk("none", None, s, plain, cess, cond)
        i -= 1
        steps += 1
    if i < 0:
        return _Walk("elided", None, 0, plain, cess, cond)
    return _Walk("none", None, 0, plain, cess, cond)


def _trim_np(
    text: str, start: int, end: int, cuts: list[int], stops: frozenset[str] = VALUE_STOP
) -> tuple[str, int] | None:
    """Trim ``text[start:end]`` to a short phrase ending before any word in ``stops``.

    Returns the phrase and its end offset, or None when nothing informative is left.
    """
    for c in cuts:
        if start <= c < end:
            end = c
    toks = [(m.group(0), m.end()) for m in _TOKEN.finditer(text, start, end)]
    kept: list[tuple[str, int]] = []
    for k, (tok, tok_end) in enumerate(toks):
        low = tok.strip(_STRIP).lower()
        if low in SECOND_PERSON and not kept:
            return None  # "I'd love to join you": about the listener, not a fact
        if low in stops or tok in _DASHES or tok[:1] in "-–—":
            break
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
    while len(kept) > 1 and kept[-1][0].lower() in TRAILING_DROP:
        kept.pop()
    if not kept or kept[0][0].lower() in VALUE_REJECT_START:
        return None
    if any(t.lower().strip(_STRIP) in SECOND_PERSON for t, _ in kept):
        return None
    value = " ".join(t.strip(_STRIP) for t, _ in kept).strip()
    if not value or value.lower() in VALUE_REJECT or kept[-1][0].lower() in HEAD_REJECT:
        return None
    return value, kept[-1][1]


def _trim_name(raw: str) -> str | None:
    parts = [p for p in raw.split() if p]
    while parts and parts[-1].lower() in NAME_STOP:
        parts.pop()
    if not parts or parts[0].lower() in NAME_STOP:
        return None
    name = " ".join(parts)
    return name[:-2] if name.endswith("'s") else name


class RuleExtractor:
    """Pattern-based claim extractor (``name = "rule"``); deterministic, no model calls.

    ``base_confidence`` is the confidence of a plain first-hand statement; a hedged one is
    multiplied by ``hedge_factor`` and one without a spoken subject by ``elided_factor``.
    """

    name: str = "rule"

    def __init__(
        self,
        *,
        base_confidence: float = 0.9,
        hedge_factor: float = 0.5,
        elided_factor: float = 0.85,
    ) -> None:
        self.base_confidence = base_confidence
        self.hedge_factor = hedge_factor
        self.elided_factor = elided_factor

    async def extract(self, obs: Observation) -> list[Claim]:
        """Return ``obs.claims`` followed by the claims the rules find in ``obs.content``."""
        return self.extract_sync(obs)

    def extract_sync(self, obs: Observation) -> list[Claim]:
        """Synchronous ``extract``: caller claims first, then rule claims in text order."""
        out = list(obs.claims)
        seen = {(c.entity.casefold(), c.attribute, c.value.casefold(), c.polarity) for c in out}
        content = obs.content.replace("’", "'")  # same length, so offsets still hold
        mentions = resolve_time_expressions(content, obs.occurred_at or _NO_REF)
        for m in _SENTENCE.finditer(content):
            text = m.group(0)
            if text.rstrip().endswith("?") or _QUESTION_START.match(text):
                continue
            lowered = text.lower()
            hits: set[int] = set()
            for word in set(ANCHOR_WORD.findall(lowered)):
                hits.update(ANCHOR_INDEX.get(word, ()))
            if not hits:
                continue
            s0 = m.start()
            local = [t for t in mentions if s0 <= t.span[0] < m.end()]
            sent = _Sentence(text, s0, local)
            found: list[tuple[int, int, int, Claim]] = []
            for idx in sorted(hits):
                rule = RULES[idx]
                pos = 0
                # Search again from the start of the value rather than the end of the match:
                # the raw value may swallow a second trigger ("... and Alice went to ...").
                while (match := rule.regex.search(text, pos)) is not None:
                    for n, claim in enumerate(self._claims(rule, match, sent, obs)):
                        found.append((match.start(), idx, n, claim))
                    resume = match.start("val") if "val" in rule.regex.groupindex else -1
                    pos = max(match.start() + 1, resume)
            found.sort(key=lambda f: f[:3])
            for _, _, _, claim in found:
                key = (claim.entity.casefold(), claim.attribute, claim.value.casefold())
                if (*key, claim.polarity) not in seen:
                    seen.add((*key, claim.polarity))
                    out.append(claim)
        return out

    def _entity(
        self, rule: Rule, match: re.Match[str], walk: _Walk, obs: Observation
    ) -> str | None:
        poss = match.group("poss") if "poss" in rule.regex.groupindex else None
        if poss is not None:
            if poss.lower() == "my":
                return obs.actor
            name = _trim_name(poss)
        elif walk.kind == "actor" or walk.kind == "elided":
            return obs.actor
        elif walk.kind == "name":
            name = walk.name
        else:
            return None
        if name is None:
            return None
        if obs.actor is not None and name.casefold() == obs.actor.casefold():
            return obs.actor
        return name

    def _value(
        self, rule: Rule, match: re.Match[str], group: str, sent: _Sentence, obs: Observation
    ) -> tuple[str, int] | None:
        text = sent.text
        vs, ve = match.span(group)
        if rule.value in ("np", "vp") or group == "old":
            cuts = [t.span[0] - sent.offset for t in sent.mentions]
            stops = VP_STOP if rule.value == "vp" else VALUE_STOP
            trimmed = _trim_np(text, vs, ve, cuts, stops)
            if trimmed is None:
                return None
            value, ve = trimmed
        elif rule.value == "name":
            raw = match.group(group)
            if raw.lower() in ("me", "mine", "myself"):
                if obs.actor is None:
                    return None
                return obs.actor, ve
            name = _trim_name(raw)
            if name is None:
                return None
            value = name
        elif rule.value == "status":
            value = " ".join(match.group(group).lower().split())
        elif rule.value == "pet":
            species = " ".join(match.group("species").lower().split())
            value = SPECIES_SINGULAR.get(species, species)
            pet = match.group("petname")
            if pet is not None and pet.lower() not in NAME_STOP:
                value = f"{value} {pet}"
                ve = match.end("petname")
            else:
                ve = match.end("species")
        else:
            value = match.group(group)
        if "verb" in rule.regex.groupindex:
            return rule.template.format(value, verb=match.group("verb").lower()), ve
        return rule.template.format(value), ve

    def _claims(
        self, rule: Rule, match: re.Match[str], sent: _Sentence, obs: Observation
    ) -> list[Claim]:
        if rule.subject == "poss" or (
            "poss" in rule.regex.groupindex and match.group("poss") is not None
        ):
            # The possessor names the entity; the walk only collects negators ("I quit my
            # job at ...") and modals.
            walk = _walk_back(sent, match.start("poss"))._replace(kind="poss", start=match.start())
        else:
            walk = _walk_back(sent, match.start())
            if walk.kind == "elided" and not self._may_elide(rule, match):
                return []
        if walk.conditional and rule.attribute != "goal":
            return []
        entity = self._entity(rule, match, walk, obs)
        if entity is None:
            return []
        main = self._value(rule, match, "val" if rule.value != "pet" else "species", sent, obs)
        if main is None:
            return []
        value, vend = main
        if rule.value == "name":  # "Alice is my friend": the value comes first
            vend = max(vend, match.end())
        text = sent.text
        m_end = _CLAUSE_END.search(text, vend)
        clause_end = m_end.start() if m_end else len(text)
        start = min(walk.start, match.start())
        region = text[start:clause_end]
        anymore = _ANYMORE.search(text, vend, clause_end) is not None
        neg_word = "neg" in rule.regex.groupindex and match.group("neg") is not None
        cess = walk.cessation or anymore
        negated = rule.negate != (walk.plain_neg or cess or neg_word)
        attribute = rule.attribute
        if negated and rule.alt_negated and not cess and not neg_word:
            attribute, negated = rule.alt_negated, False
        change = rule.change or cess or _CHANGE.search(region) is not None
        hedged = _HEDGE.search(text) is not None
        confidence = self.base_confidence * rule.weight
        if walk.kind == "elided":
            confidence *= self.elided_factor
        if hedged:
            confidence *= self.hedge_factor
        valid_at = None
        if obs.occurred_at is not None and sent.mentions:
            inside = [t for t in sent.mentions if start <= t.span[0] - sent.offset < clause_end]
            valid_at = (inside or sent.mentions)[0].start
        span = (sent.offset + start, sent.offset + vend)
        claims = [
            Claim(
                entity=entity,
                attribute=attribute,
                value=value,
                confidence=round(min(confidence, 1.0), 4),
                polarity="negate" if negated else "assert",
                change=change,
                hedged=hedged,
                valid_at=valid_at,
                span=span,
                extractor="rule",
            )
        ]
        if "old" in rule.regex.groupindex and match.group("old") is not None:
            old = self._value(rule, match, "old", sent, obs)
            if old is not None:
                fields = claims[0].model_dump()
                fields.update(value=old[0], polarity="negate")
                claims.append(Claim(**fields))
        return claims

    @staticmethod
    def _may_elide(rule: Rule, match: re.Match[str]) -> bool:
        if rule.elide == "never":
            return False
        verb = match.group(0).split(maxsplit=1)[0].lower()
        if verb in PAST_IRREGULAR or verb.endswith("ed"):
            return True
        return rule.elide == "past_ing" and verb.endswith("ing")


def extract_time_mentions(obs: Observation) -> list[TimeMention]:
    """Time expressions in ``obs.content`` resolved against ``obs.occurred_at`` ([] if unset)."""
    if obs.occurred_at is None:
        return []
    return resolve_time_expressions(obs.content, obs.occurred_at)
