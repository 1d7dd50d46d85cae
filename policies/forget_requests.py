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
  (``ATTRIBUTE_NOUNS``; not the question aliases: "Forget my work drama" asks nothing);
  "Forget the rule / my instruction about Fridays" -> the standing instructions that use
  those words.

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
from nousmem.policies.patterns import SPECIES_WORDS
from nousmem.policies.sentences import sentences
from nousmem.policies.subject_words import ASKING, ATTRIBUTE_NOUNS, KIN_NOUNS, POLITE, WANTING

__all__ = ["GENDERED", "KIN_ALT", "KIN_START", "ForgetRequest", "forget_requests", "singular"]

Form = Literal["clause", "about", "attribute"]


@dataclass(frozen=True, slots=True)
class ForgetRequest:
    """One request: the sentence, its form and what it names (see the module docstring);
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


def _alt(words: frozenset[str] | tuple[str, ...]) -> str:
    return "|".join(sorted((re.escape(w) for w in words), key=lambda w: (-len(w), w)))


_LEAD = (
    rf"^(?:(?:{_alt(POLITE)})[,!]?\s+)*"
    rf"(?:(?:{_alt(ASKING)})\s+(?:you|u)\s+(?:please\s+)?"
    r"|i(?:'d|\u2019d| would)?\s+(?:" + _alt(WANTING) + r")\s+you\s+to\s+)?"
    r"(?:please\s+)?"
)
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
_STOP = r"(?:stop\s+remembering|don'?t\s+remember|don\u2019t\s+remember|do\s+not\s+remember)"
_VERB = rf"(?:forget|unlearn|{_STOP}|delete|erase|remove)"
_CLAUSE = re.compile(
    _LEAD + rf"(?:(?:forget|unlearn|{_STOP})(?:\s+about)?(?:\s+the\s+fact)?\s+(?=i\b)"
    rf"|(?:forget|unlearn|{_STOP})(?:\s+about)?(?:\s+the\s+fact)?\s+that\s+{_SUBJECT}"
    rf"|(?:delete|erase|remove)\s+(?:the\s+(?:fact|memory|note)\s+)?that\s+{_SUBJECT})"
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
_REASON = (
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
_SPECIES = _alt(tuple(SPECIES_WORDS.split()))
#: The relatives' nouns as a regex alternation, longest first ("best friend" before "friend").
KIN_ALT = "|".join(n.replace(" ", r"\s+") for n in sorted(KIN_NOUNS, key=len, reverse=True))
_NAME = r"(?-i:[A-Z])[\w'\u2019-]*"
_ATTRIBUTE = re.compile(
    _LEAD
    + _VERB
    + r"\s+(?:about\s+)?(?P<what>(?:all\s+(?:of\s+)?)?my\s+(?:(?P<old>old|former|previous)\s+)?"
    + rf"(?P<noun>{_NOUNS})"
    # "Forget my husband Tom", "Forget about my sister Maya": the link to that relative
    + rf"|my\s+(?P<kin>{KIN_ALT})(?:\s+(?P<kname>{_NAME}))?"
    # "Forget about my dog", "Forget my cat Luna": the pet
    + r"|my\s+(?:(?:little|old|new|sweet|cute)\s+)?"
    + rf"(?P<species>{_SPECIES})(?:\s+(?:named\s+|called\s+)?(?P<pname>{_NAME}))?"
    # "Forget my instruction about emojis", "Forget the rule about Fridays": the standing
    # instructions that use those words
    + r"|(?:my|the|that)\s+(?P<rule>instructions?|rules?)\s+(?:about|on|regarding)\s+"
    + r"(?P<topic>[^.!?,;()]{1,60}?)"
    + r"|where\s+i(?:'m|\u2019m|\s+am)?\s+(?P<used>used\s+to\s+)?"
    + r"(?P<where>live|living|work|working|lived|worked)"
    # "Forget where my sister lives", "Forget where Maya works": a relative's, someone's
    + rf"|where\s+(?:my\s+(?P<wkin>{KIN_ALT})(?:\s+(?P<wkname>{_NAME}))?|(?!I\b)(?P<wname>{_NAME}))"
    + r"\s+(?:(?:is|was)\s+)?(?P<wused>used\s+to\s+)?"
    + r"(?P<whose>lives|living|live|works|working|work|lived|worked))"
    + _REASON
    + r"\s*$",
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
    ("attribute", _ATTRIBUTE),
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
_POLITE_QUESTION = re.compile(rf"^(?:(?:{_alt(POLITE)})[,!]?\s+)*(?:{_alt(ASKING)})\s", re.I)


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
            return [_attribute(sentence, found, (span[0], base + found.end("what")))]
        target = " ".join(_TRAILING.sub("", found.group("rest")).split())
        if form == "about":
            rest = _TRAILING.sub("", found.group("rest"))
            return _about(sentence, target, (span[0], base + found.start("rest") + len(rest)))
        return _clauses(sentence, found.group("rest"), base + found.start("rest"), span)
    return []


def _attribute(sentence: str, found: re.Match[str], span: tuple[int, int]) -> ForgetRequest:
    request = _named_by(sentence, found, span)
    if found.group("dismiss") is not None or found.group("aside") is not None:
        return replace(request, dismissed=True)
    return request


def _named_by(sentence: str, found: re.Match[str], span: tuple[int, int]) -> ForgetRequest:
    def words(group: str) -> str:
        return " ".join(found.group(group).casefold().split())

    if found.group("where") is not None or found.group("whose") is not None:
        verb = words("where") if found.group("where") is not None else words("whose")
        noun = "where i live" if verb.startswith("liv") else "where i work"
        used = found.group("used") or found.group("wused")
        whose = found.group("wkname") or found.group("wname") or ""
        if not whose and found.group("wkin") is not None:
            whose = words("wkin")
        return ForgetRequest(
            sentence,
            "attribute",
            noun,
            ATTRIBUTE_NOUNS[noun],
            span,
            former=used is not None or verb.endswith("ed"),
            whose=whose,
        )
    if found.group("rule") is not None:
        return ForgetRequest(
            sentence, "attribute", words("rule"), ("instruction",), span, words("topic")
        )
    if found.group("noun") is not None:
        noun = words("noun")
        if noun in KIN_NOUNS:  # "Forget my husband": the one relative, as "my sister"
            return ForgetRequest(sentence, "attribute", noun, (KIN_NOUNS[noun],), span, "", True)
        # "previous instructions" are the ones in force
        former = found.group("old") is not None and noun != "instructions"
        return ForgetRequest(
            sentence, "attribute", noun, ATTRIBUTE_NOUNS[noun], span, former=former
        )
    if found.group("kin") is not None:
        name = found.group("kname") or ""
        noun = words("kin")
        return ForgetRequest(
            sentence, "attribute", name or noun, (KIN_NOUNS[noun],), span, name, not name
        )
    name = found.group("pname") or ""
    species = words("species")
    one = singular(species)
    # "my dog" names one dog (of two, neither); "my dogs" every one
    return ForgetRequest(
        sentence, "attribute", name or species, ("pet",), span, name or one,
        only_one=not name and one == species,
    )  # fmt: skip


def singular(noun: str) -> str:
    """``noun`` in the singular: "puppies" -> "puppy", "dogs" -> "dog", "fish" -> "fish"."""
    if noun.endswith("ies") and len(noun) > 4:
        return noun[:-3] + "y"
    if noun.endswith("ses") or noun.endswith("shes"):
        return noun[:-2]
    if noun.endswith("s") and not noun.endswith("ss"):
        return noun[:-1]
    return noun


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
