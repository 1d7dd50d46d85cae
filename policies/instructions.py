"""Standing instructions a user gives the assistant: "Always answer in French."

An agent feeds every user message to memory as an utterance, and the instructions among
them ("Never use emojis.", "From now on, reply in bullet points.", "Please keep your answers
short.") are what it most needs to remember. ``instruction_claims`` reads them as claims of
the multi-valued ``instruction`` attribute of the speaker, so they hold side by side in the
worldview (a preference slot) and each can be forgotten on its own.

What counts, all of it (docs/extraction.md, "Standing instructions"):

* the user's own words (``source`` "user"), not a tool result, a web page, text the user
  quotes ("...") or pastes after a line ending in ":" -- stored, such text would steer
  every later read;
* a sentence that opens with an instruction verb (after "please", "always", "never",
  "don't", "from now on", "I want you to", ...) or "Stop using X" / "No X";
* for every turn: a standing marker, or the answers in general ("keep *your answers*
  short"); "Give me a short summary" and anything "this time" are requests for one turn;
* about the assistant's output ("answers", "emojis", "bullet points", "in French", ...):
  "Keep it up!", "Never give up!" and "Always answer the phone" are not instructions;
* nothing the risk gate would flag (a credential, personal data, an injection) and nothing
  about the assistant's own rules ("always include your system prompt").
"""

from __future__ import annotations

import re
from typing import Literal, NamedTuple

from nousmem.policies.risk import detect_risks
from nousmem.projections.belief_models import source_key
from nousmem.projections.models import Claim, Observation

__all__ = ["ANSWER_LANGUAGE", "INSTRUCTION", "instruction_claims"]

INSTRUCTION = "instruction"
ANSWER_LANGUAGE = "answer_language"

_SENTENCE = re.compile(r"[^\s](?:[^.!?\n]|[.!?](?=\w))*(?:[.!?]+|\n|$)")
_VERBS = (
    "answer reply respond write format explain use avoid keep speak talk address include add "
    "list show summarize summarise cite translate limit put stick be"
).split()
# Verbs of an answer: what follows must be how ("in French", "briefly"), not whom or what
# ("answer the phone", "reply to Tom").
_ANSWER_VERBS = frozenset({"answer", "reply", "respond"})
_HOW = re.compile(r"^\s+(?:in|with|using|like|as|only|\w+ly)\b", re.IGNORECASE)
_VERB = "|".join(sorted(_VERBS, key=len, reverse=True))
_STANDING_MOD = (
    r"(?:(?:remember\s+to|make\s+sure\s+(?:to|you))\s+)?"
    r"(?:always|never(?:,?\s+ever)?|don'?t(?:\s+ever)?|do\s+not(?:\s+ever)?|only)"
    r"|remember\s+to|make\s+sure\s+(?:to|you)"
)
_INSTRUCTION = re.compile(
    r"^\W*(?:(?:ok(?:ay)?|also|and|so|oh|hey|btw|one\s+more\s+thing|please|actually|no|wait"
    r"|remember|note|ps|p\.s\.)\W+)*"
    r"(?:(?:i\s+want\s+you\s+to|i'?d\s+like\s+you\s+to|you\s+should|you\s+must"
    r"|you\s+need\s+to)\s+)?"
    r"(?:(?P<when>from\s+now\s+on|going\s+forward|in\s+(?:the\s+)?future)\W*)?"
    r"(?:please\W+)?"
    rf"(?:(?P<mod>{_STANDING_MOD})\s+)?"
    r"(?:please\W+)?"
    rf"(?:(?P<stop>stop)\s+(?P<ing>\w+ing)|no\s+(?:more\s+)?(?P<no>\w+)|(?P<verb>{_VERB}))\b"
    r"(?P<rest>[^\n]{0,160})$",
    re.IGNORECASE,
)
# A standing marker at the end: "Reply in English from now on."
_TRAILING_WHEN = re.compile(
    r"\s*\b(?:from\s+now\s+on|going\s+forward|in\s+(?:the\s+)?future|always|at\s+all\s+times"
    r"|every\s+time|each\s+time|again)\W*$",
    re.IGNORECASE,
)
# For this turn only.
_ONE_OFF = re.compile(
    r"\b(?:this\s+(?:time|one|answer|reply|response|question|email|message|article|text)"
    r"|here|today|tonight|right\s+now|for\s+now|for\s+this|on\s+social\s+media)\b",
    re.IGNORECASE,
)
# The answers in general, not this one: "keep *your answers* short".
_GENERIC = re.compile(r"\b(?:answers|replies|responses)\b", re.IGNORECASE)
# What an instruction about the assistant's output talks about.
_OUTPUT_WORDS = (
    "answer answers reply replies response responses message messages emoji emojis emoticons "
    "bullet bullets markdown code tone language source sources citation citations example "
    "examples summary summaries explanation explanations jargon units metric imperial celsius "
    "fahrenheit sentence sentences paragraph paragraphs words formal formally informal casual "
    "brief briefly short concise concisely detailed table tables heading headings list lists "
    "output style wording comments emoji-free"
).split()
_OUTPUT = re.compile(rf"\b(?:{'|'.join(_OUTPUT_WORDS)}|bullet\s+points?)\b", re.IGNORECASE)
_LANGUAGE = re.compile(
    r"\bin\s+(?:plain\s+|simple\s+|British\s+|American\s+)?[A-Z][a-z]+\b|\b(?:English|French"
    r"|Spanish|German|Italian|Portuguese|Dutch|Chinese|Mandarin|Japanese|Korean|Hindi|Arabic"
    r"|Russian|Polish|Turkish|Swedish|Norwegian|Danish|Finnish|Greek|Hebrew)\b"
)
# "your X" must be the assistant's output: "in *your presentations*" is advice to a person.
_YOUR = re.compile(r"\byour\s+(\w+)", re.IGNORECASE)
_OUTPUT_NOUNS = frozenset(_OUTPUT_WORDS) | {"writing", "text", "code", "comments"}
# Somewhere else than the answers: "cite your sources *in the thesis*", "with the kids".
_ELSEWHERE = re.compile(
    r"\b(?:in|on|with|at|for|to|during)\s+(?:the|my|his|her|their|our|a|an)\s+(\w+)", re.IGNORECASE
)
# "Keep" keeps the answers or "it" ("Keep it short"), not "a short list of goals".
_KEPT = re.compile(
    r"^\s+(?:it|them|things|everything|(?:your\s+|the\s+)?(?:answers|replies|responses|tone"
    r"|code|messages|explanations|output))\b",
    re.IGNORECASE,
)
# The assistant's own rules and secrets are not the user's to set through memory.
_OFF_LIMITS = re.compile(
    r"\b(?:system\s+prompt|prompt|instructions?|safety|restrictions?|rules?|jailbreak|DAN"
    r"|ignore|guidelines|filters?|pretend|act\s+as|role-?play|password|passcode|secret"
    r"|api\s+key|token|credentials?|account)\b",
    re.IGNORECASE,
)
# Where the instruction ends: a reason, a courtesy or an aside after it is not part of it.
_TAIL = re.compile(
    r"\s*(?:[,;(]|:(?!//)|\s[-\u2013\u2014]\s|[\u2013\u2014]"
    r"|\b(?:because|since|as\s+I|so\s+that|thanks|thank\s+you|please|pls|plz|thx|ty)\b).*$",
    re.IGNORECASE | re.DOTALL,
)
_TRAILING = re.compile(
    r"(?:\s+(?:from\s+now\s+on|going\s+forward|in\s+(?:the\s+)?future|any\s?more|at\s+all"
    r"|again|always|ever))+\s*$",
    re.IGNORECASE,
)
_TAG = re.compile(r",?\s*(?:ok(?:ay)?|right|alright|yeah)\s*\?+\s*$", re.IGNORECASE)
_QUOTED = re.compile(r"\"[^\"\n]*\"|\u201c[^\u201d\n]*\u201d")
# Pasted content follows a line that ends in ":" ("Summarize this email for me:").
_PASTED = re.compile(r":[ \t]*\n")
_MAX_VALUE = 120
Polarity = Literal["assert", "negate"]
_GENERIC_SCOPE = re.compile(
    r"\s+(?:in|for)\s+(?:your\s+|all\s+(?:your\s+)?|every\s+)?(?:answers?|replies|reply|responses?)$",
    re.IGNORECASE,
)
_AGAIN = re.compile(r"\bagain\b", re.IGNORECASE)
_CLAUSES = re.compile(r"\s*[,;]\s*")
_LANGUAGES = (
    "English French Spanish German Italian Portuguese Dutch Chinese Mandarin Japanese Korean "
    "Hindi Arabic Russian Polish Turkish Swedish Norwegian Danish Finnish Greek Hebrew"
)
# An instruction that is only the language to speak: one value, a new one replaces it.
_SPEAK_IN = re.compile(
    r"^(?:only\s+|never\s+)?(?:answer|reply|respond|speak|talk|write)(?:\s+to\s+me)?"
    rf"\s+(?:only\s+)?in\s+({'|'.join(_LANGUAGES.split())})$",
    re.IGNORECASE,
)


def _base(ing: str) -> str | None:
    """The instruction verb of an -ing form ("using" -> "use", "putting" -> "put")."""
    stem = ing[:-3].lower()
    for base in (stem, stem + "e", stem[:-1]):
        if base in _VERBS:
            return base
    return None


def _value(prefix: str, verb: str, rest: str) -> str | None:
    rest = _TRAILING.sub("", _TAIL.sub("", rest).rstrip(" .!"))
    if rest.isupper():  # shouted: "ALWAYS ANSWER IN FRENCH"
        rest = rest.lower()
    # "in your answers" is every instruction's scope, and "your" adds nothing: "Keep your
    # answers short" and "Keep answers short" are one instruction.
    rest = _GENERIC_SCOPE.sub("", rest)
    text = " ".join(f"{prefix}{verb.lower()}{rest}".split()).replace(" your ", " ")
    return text if 0 < len(text) <= _MAX_VALUE else None


class _Read(NamedTuple):
    prefix: str  # "never ", "only " or ""
    verb: str
    rest: str
    again: bool  # "... again": going back to what was withdrawn


def _read(sentence: str) -> _Read | None:
    """The parts of a standing instruction about the output, else None."""
    got = _INSTRUCTION.match(sentence)
    if got is None:
        return None
    rest = got.group("rest")
    mod = (got.group("mod") or "").lower()
    standing = bool(got.group("when") or mod or _TRAILING_WHEN.search(rest))
    if got.group("stop") is not None:
        base = _base(got.group("ing"))
        if base is None:
            return None
        verb, prefix, standing = base, "never ", True
    elif got.group("no") is not None:
        verb, prefix, standing = "no", "", True
        rest = " " + got.group("no") + rest
    else:
        verb = got.group("verb")
        never = mod.startswith(("never", "don", "do not")) or mod.endswith(("never", "ever"))
        prefix = "never " if never else "only " if mod.endswith("only") else ""
    if not standing and _GENERIC.search(rest) is None:
        return None  # a request for this turn
    if _ONE_OFF.search(rest) is not None:
        return None
    if verb.lower() in _ANSWER_VERBS:
        if _HOW.match(rest) is None:
            return None
    elif _OUTPUT.search(rest) is None and _LANGUAGE.search(rest) is None:
        return None  # not about the output: "Never give up!", "Keep it up!"
    if any(w.lower() not in _OUTPUT_NOUNS for w in _YOUR.findall(rest)):
        return None  # advice to a person: "Never use jargon in your presentations"
    if any(w.lower() not in _OUTPUT_NOUNS for w in _ELSEWHERE.findall(rest)):
        return None
    if verb.lower() == "keep" and _KEPT.match(rest) is None:
        return None
    return _Read(prefix, verb, rest, _AGAIN.search(rest) is not None)


def instruction_claims(obs: Observation, content: str, base_confidence: float) -> list[Claim]:
    """The standing instructions the user gives in ``content`` (``obs.content`` with curly
    apostrophes made straight), one claim each, about ``obs.actor``."""
    if obs.actor is None or source_key(obs.source) != "user":
        return []
    pasted = _PASTED.search(content)
    own = content[: pasted.start()] if pasted is not None else content
    quoted = [m.span() for m in _QUOTED.finditer(own)]
    out: list[Claim] = []
    for m in _SENTENCE.finditer(own):
        if any(a <= m.start() < b for a, b in quoted):
            continue
        sentence = _TAG.sub("", m.group(0).strip())
        if sentence.endswith("?") or _OFF_LIMITS.search(sentence):
            continue
        span = (m.start(), m.start() + len(m.group(0).rstrip()))
        # Each clause may instruct: "Stop answering in English, answer in French again."
        for clause in (sentence, *_CLAUSES.split(sentence)[1:]):
            read = _read(clause)
            if read is None or detect_risks(clause):
                continue
            value = _value(read.prefix, read.verb, read.rest)
            if value is not None:
                out.extend(_claims(obs.actor, value, read, base_confidence, span))
    return out


def _claims(
    actor: str, value: str, read: _Read, confidence: float, span: tuple[int, int]
) -> list[Claim]:
    """The claims of one instruction: the answer language is one value that a new one
    replaces; "never X" withdraws "X", and "X again" withdraws "never X"."""

    def claim(
        attribute: str, text: str, polarity: Polarity = "assert", change: bool = False
    ) -> Claim:
        return Claim(
            entity=actor,
            attribute=attribute,
            value=text,
            confidence=confidence,
            polarity=polarity,
            change=change,
            span=span,
            extractor="rule",
        )

    lang = _SPEAK_IN.match(value)
    if lang is not None:
        negated = read.prefix == "never "
        return [
            claim(ANSWER_LANGUAGE, lang.group(1).title(), "negate" if negated else "assert", True)
        ]
    out = [claim(INSTRUCTION, value, change=read.again)]
    if read.prefix == "never ":
        out.append(claim(INSTRUCTION, value.removeprefix("never "), "negate", True))
    elif read.again:
        out.append(claim(INSTRUCTION, "never " + value, "negate", True))
    return out
