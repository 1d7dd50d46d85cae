"""Requests to memory to let something go: "Please forget that I live in Lyon."

The rule extractor states nothing for such a sentence (see ``clauses._asks_to_forget``); this
module finds what it asks to forget, in three forms:

- ``clause``: "(Please) forget that I live in Lyon", "Could you forget I work at Acme",
  "Stop remembering that ...", "Delete the fact that ..." -> the clause (one per "and
  that ..."), which the write path reads with the rule extractor for the values it states;
- ``about``: "Forget what I told you about Lyon", "Don't remember anything about my
  therapy" -> the words after "about", which must name a value whole;
- ``attribute``: "Forget my address", "Stop remembering my job", "Forget where I live",
  "Forget what I said about my job" -> the attributes a fixed list of nouns names
  (``ATTRIBUTE_NOUNS``; not the question aliases: "Forget my work drama" asks nothing);
  "Forget the rule / my instruction about Fridays" -> the standing instructions that use
  those words;
- ``entity``: "Forget everything (you know) about Maya", "Forget all about my sister" ->
  everything memory holds of the one named (``whose``), and the speaker's links to them
  ("Forget everything about my job" is the attribute form). Not "Forget about Maya" (as
  often "never mind"), nor the speaker themselves ("Forget everything about me": that
  broad a forgetting is ``MemoryRuntime.erase``'s, with its authorisation).

Only a request said to memory counts, with nothing but politeness before the verb ("Don't
forget that ...", "I forgot that ...", "Mom forgets that ..." and "Did you forget ...?" are
not), and only about the speaker's facts: "Forget I asked", "Delete my last message" are
about the conversation. Text the speaker passes along (quoted, pasted, forwarded, lyrics)
is someone else's.
"""

from __future__ import annotations

import re

from nousmem.policies.forget_named import (
    ATTRIBUTE,
    ENTITY,
    attribute_request,
    entity_request,
    singular,
)
from nousmem.policies.forget_phrases import (
    KIN_ALT,
    LEAD,
    STOP,
    VERB,
    ForgetRequest,
    Form,
    alt,
)
from nousmem.policies.own_words import others, own_part
from nousmem.policies.sentences import sentences
from nousmem.policies.subject_words import ASKING, ATTRIBUTE_NOUNS, POLITE

__all__ = ["GENDERED", "KIN_ALT", "KIN_START", "ForgetRequest", "forget_requests", "singular"]

_FINITE = (
    r"is|are|was|were|has|have|lives?|lived|works?|worked|moved|got|joined|started|married|"
    r"likes?|loves?|hates?|enjoys?|plays?|uses?|visited|became|relocated|quit|left|owns?"
)
# "that" opens a clause with a subject, not a demonstrative: "Forget that I live in Lyon",
# "... that my sister lives in Rome", "... that Maya works at Google"; not "Forget that guy,
# I'm single now".
_SUBJECT = (
    r"(?=(?:i|i'm|i've|i'd|my|we|our|he|she|they|me)\b"
    # someone named, whose verb follows within three words ("Maya Smith works at ...",
    # "Maya recently moved to ...", "Maya's a nurse"); not a demonstrative's noun phrase
    # ("that guy, ...", "that movie we watched", "that Netflix show")
    rf"|(?:[\w'\u2019-]+\s+){{0,2}}(?:{_FINITE})\b|[\w-]+['\u2019]s\s)"
)
_CLAUSE = re.compile(
    LEAD + rf"(?:(?:forget|unlearn|{STOP})(?:\s+about)?(?:\s+the\s+fact)?\s+(?=i\b)"
    rf"|(?:forget|unlearn|{STOP})(?:\s+about)?(?:\s+the\s+fact)?\s+that\s+{_SUBJECT}"
    rf"|(?:delete|erase|remove)\s+(?:the\s+(?:fact|memory|note)\s+)?that\s+{_SUBJECT})"
    r"(?P<rest>.+)$",
    re.IGNORECASE | re.DOTALL,
)
_ABOUT = re.compile(
    LEAD + VERB + r"\s+(?:(?:what|everything|anything)\s+i\s+"
    r"(?:said|told\s+you|mentioned|shared|wrote)"
    # "Don't remember anything about my therapy", "Forget everything about my therapy": a
    # topic (a name or a relative is the entity form's, tried first; not "me": that broad a
    # forgetting is ``erase``'s; nor a pronoun, which names no one here).
    r"|(?:everything|anything)(?:\s+(?:you\s+know|at\s+all))?"
    r"(?=\s+about\s+(?!(?:me|myself|us|you|it|that|this|her|him|them|those|these)\b)))"
    r"\s+about\s+(?P<rest>[^,;\u2013\u2014]+?)"
    r"(?:\s+-\s.*|[,;\u2013\u2014].*)?$",
    re.IGNORECASE | re.DOTALL,
)
# A clause about the conversation itself: "Forget I asked", "Forget I said anything"; but
# "Forget I said I live in Lyon" asks to forget what was said ("I live in Lyon"), and
# "Forget I mentioned Lyon" what was said about Lyon.
_TALK = re.compile(
    r"^i\s+(?:(?:just|ever|even)\s+)?(?:said|say|asked|ask|mentioned|mention|told|tell|"
    r"wrote|typed|brought|meant|was\s+asking|was\s+saying)\b",
    re.I,
)
_SAID = re.compile(
    r"^i\s+(?:(?:just|ever|even)\s+)?(?:said|mentioned|told\s+you|wrote)\s+(?:that\s+)?", re.I
)
# What was said names nothing: "Forget I said anything", "Forget I said hi".
_NOTHING = re.compile(
    r"^(?:(?:anything|something|it\s+was)(?:\s+at\s+all|\s+(?:stupid|dumb|silly|weird|fine|"
    r"wrong|my\s+fault|a\s+big\s+deal))?|that|it|this|so|stuff|all\s+that|hi|hello|hey|"
    r"thanks|thank\s+you|sorry|yes|no|ok|okay|ok\s+thanks|lol|(?:that|the)\s+joke|joke)"
    r"\s*[.!?]*$",
    re.I,
)
_PRONOUN = re.compile(r"^(?:it|that|this|them|those|these)\s*[.!?]*$", re.I)
# "Forget I said Maya moved to Milan": someone named, then a verb.
_NAMED_CLAUSE = re.compile(
    r"^(?-i:[A-Z])[\w'\u2019-]*(?:\s+(?-i:[A-Z])[\w'\u2019-]*)?\s+(?:\w+ly\s+)?"
    rf"(?:{_FINITE}|'s)\b",
    re.I,
)
# "Forget I said anything about Lyon", "Forget I said it was Lyon": about Lyon.
_SAID_ABOUT = re.compile(
    r"^(?:anything\s+about|something\s+about|it\s+was|that\s+it\s+was)\s+", re.I
)
#: A clause that opens with one ("my sister lives in Rome"); group ``kin``: the noun.
KIN_START = re.compile(rf"^my\s+(?P<kin>{KIN_ALT})\b(?!-)", re.I)  # not "my sister-in-law"
#: Relatives' nouns that say more than the link: a brother is no sister.
GENDERED = frozenset(
    {
        "sister",
        "brother",
        "son",
        "daughter",
        "wife",
        "husband",
        "mother",
        "father",
        "grandmother",
        "grandfather",
    }
)
_AND_THAT = re.compile(r",?\s+and\s+(?:also\s+)?that\s+", re.I)
# A new clause of the speaker's own after the request: "Forget that I live in Lyon, I moved
# to Paris" states Paris.
_NEW_CLAUSE = re.compile(
    r"\s*[,;]\s+(?:but\s+|so\s+|and\s+(?:now\s+)?|now\s+|because\s+|since\s+|as\s+|"
    r"actually,?\s+)?(?=(?:i|i'm|i've|i'd|we)\b)"
    r"|\s+(?:because|since|as)\s+(?=(?:i|i'm|i've|we)\b)"
    r"|\s+[-\u2013\u2014]+\s+(?=(?:i|i'm|i've|we)\b)|\s*\(\s*(?=(?:i|i'm|we)\b)"
    # "... and I'm moving to Paris", "... and now I work at Globex": news, not a second
    # thing to forget ("... and I work at Acme" names two)
    r"|\s+and\s+now\s+(?=(?:i|i'm|i've|we)\b)"
    r"|\s+and\s+(?=(?:i|i'm|i've|we)\s+(?:(?:am|have|now|actually|just|recently|already)\s+)*"
    r"(?:moved|moving|switched|switching|started|starting|joined|joining|changed|changing|"
    r"got|getting|bought|found)\b)"
    # "..., my sister Maya lives in Milan", "..., Maya moved to Milan": a statement of its own
    r"|\s*[,;]\s+(?=my\s+\w+\s+(?:(?-i:[A-Z])\w+\s+)?(?:is|lives|works|has)\b)"
    r"|\s*[,;]\s+(?=(?-i:[A-Z])\w+\s+(?:moved|lives|works|is|has|got)\b)",
    re.I,
)
_TRAILING = re.compile(
    r"(?:[,;]?\s+(?:please|thanks|thank you|ok|okay|anymore|any\s+more|any\s+longer))*"
    r"\s*[.!?]*\s*$",
    re.I,
)
_THE = re.compile(r"^(?:my|the|our)\s+", re.I)
_FORMS: tuple[tuple[Form, re.Pattern[str]], ...] = (
    ("attribute", ATTRIBUTE),
    ("entity", ENTITY),
    ("about", _ABOUT),
    ("clause", _CLAUSE),
)
_MAYBE_WORDS = ("delete", "erase", "remove", "unlearn")
_MAYBE = re.compile(rf"\b(?:{'|'.join(_MAYBE_WORDS)})\b")


def _maybe(low: str) -> bool:
    # Plain substring tests first: the word-bounded search scans every position.
    return any(w in low for w in _MAYBE_WORDS) and _MAYBE.search(low) is not None


# A sentence that asks memory something ("Did you forget ...?") is no request unless it is
# a polite one ("Could you forget ...?").
_POLITE_QUESTION = re.compile(rf"^(?:(?:{alt(POLITE)})[,!]?\s+)*(?:{alt(ASKING)})\s", re.I)


def forget_requests(content: str) -> list[ForgetRequest]:
    """The requests to forget in ``content`` (the speaker's own words only), in order."""
    low = content.casefold()
    if "forget" not in low and "remember" not in low and not _maybe(low):
        return []  # most messages: one scan, nothing to parse
    passed = others(content)
    out: list[ForgetRequest] = []
    for m in sentences(content):
        end = own_part(m.start(), m.end(), passed)
        if end is None:
            continue
        raw = content[m.start() : end]
        if raw.rstrip().endswith("?") and not _POLITE_QUESTION.match(raw.lstrip()):
            continue
        # "Forget my address, it was in Lyon, and forget my job": two requests
        at = 0
        for cut in [*_NEXT_REQUEST.finditer(raw), None]:
            stop = len(raw) if cut is None else cut.start()
            piece = raw[at:stop]
            lead = len(piece) - len(piece.lstrip())
            base = m.start() + at
            out.extend(_read(piece.lstrip(), base + lead, (base, base + len(piece))))
            at = stop if cut is None else cut.end()
    return out


_NEXT_REQUEST = re.compile(
    r",?\s+(?:and|also|then)\s+(?:also\s+)?(?=(?:please\s+)?(?:forget|unlearn|delete|erase|remove"
    r"|stop\s+remembering)\b)",
    re.IGNORECASE,
)


def _read(raw: str, base: int, span: tuple[int, int]) -> list[ForgetRequest]:
    """The requests of one sentence ``raw`` (at offset ``base`` of the message)."""
    sentence = " ".join(raw.split())
    for form, pattern in _FORMS:
        found = pattern.match(raw)
        if found is None:
            continue
        if form == "attribute":
            return [attribute_request(sentence, found, (span[0], base + found.end("what")))]
        if form == "entity":
            return [entity_request(sentence, found, (span[0], base + found.end("what")))]
        target = " ".join(_TRAILING.sub("", found.group("rest")).split())
        if form == "about":
            rest = _TRAILING.sub("", found.group("rest"))
            return _about(sentence, target, (span[0], base + found.start("rest") + len(rest)))
        return _clauses(sentence, found.group("rest"), base + found.start("rest"), span)
    return []


def _about(sentence: str, target: str, span: tuple[int, int]) -> list[ForgetRequest]:
    noun = _THE.sub("", target).casefold()
    if noun in ATTRIBUTE_NOUNS:
        return [ForgetRequest(sentence, "attribute", noun, ATTRIBUTE_NOUNS[noun], span)]
    return [ForgetRequest(sentence, "about", target, (), span)] if target else []


def _clauses(sentence: str, rest: str, at: int, span: tuple[int, int]) -> list[ForgetRequest]:
    """The clause requests of ``rest`` (at offset ``at``): one per "and that ...", up to a
    new clause of the speaker's own; each with the span of its clause."""
    cut = _NEW_CLAUSE.search(rest)
    if cut is not None:
        rest = rest[: cut.start()]
    out: list[ForgetRequest] = []
    start = 0
    for piece in [*_AND_THAT.finditer(rest), None]:
        stop = len(rest) if piece is None else piece.start()
        part, offset = rest[start:stop], at + start
        start = stop if piece is None else piece.end()
        said = _SAID.match(part)
        if said is not None:  # "I said I live in Lyon": what was said
            part, offset = part[said.end() :], offset + said.end()
            if _NOTHING.match(part):
                continue
            about = _SAID_ABOUT.match(part)
            if about is not None:
                part = part[about.end() :]
                if _PRONOUN.match(part):
                    continue  # "Forget I said anything about it"
            if about is not None or not (
                re.match(r"(?:i|we)\b", part, re.I)
                or KIN_START.match(part)
                or _NAMED_CLAUSE.match(part)
            ):
                out.extend(_about(sentence, " ".join(_TRAILING.sub("", part).split()), span))
                continue
        elif _TALK.match(part):
            continue  # "Forget I asked"
        text = _TRAILING.sub("", part)
        if text.strip():
            lead = len(text) - len(text.lstrip())
            clause = (offset + lead, offset + len(text))
            out.append(ForgetRequest(sentence, "clause", " ".join(text.split()), (), clause))
    return out
