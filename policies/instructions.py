"""Standing instructions a user gives the assistant: "Always answer in French."

An agent feeds every user message to memory as an utterance, and the instructions among
them ("Never use emojis.", "From now on, reply in bullet points.", "Please keep your answers
short.") are what it most needs to remember. ``instruction_claims`` reads them as claims of
the speaker: the multi-valued ``instruction`` attribute, so that instructions hold side by
side in the worldview and each can be forgotten on its own, and the single-valued
``answer_language``, so that "Answer in English from now on" replaces French.

Only the user's own words count (``source`` "user"): not a tool result or a web page, and
not text the user passes along (``own_words.py``: pasted, forwarded, quoted, code).
Stored, such text would steer every later read. What reads as an
instruction is in ``instruction_grammar.py``; docs/extraction.md ("Standing instructions")
has the whole story.
"""

from __future__ import annotations

import re
from typing import Literal

from nousmem.policies.action_grammar import ACTION_OPENS, read_action
from nousmem.policies.instruction_grammar import OPENS, Read, off_limits, read, value_of
from nousmem.policies.instruction_words import LANGUAGES
from nousmem.policies.own_words import Passed, others, own_part
from nousmem.policies.risk import detect_risks
from nousmem.policies.sentences import sentences
from nousmem.projections.belief_models import source_key
from nousmem.projections.models import Claim, Observation

__all__ = ["ANSWER_LANGUAGE", "INSTRUCTION", "instruction_claims"]

INSTRUCTION = "instruction"
ANSWER_LANGUAGE = "answer_language"

Polarity = Literal["assert", "negate"]

_TAG = re.compile(r",?\s*(?:ok(?:ay)?|right|alright|yeah)\s*\?+\s*$", re.IGNORECASE)
_CLAUSES = re.compile(r"\s*[,;]\s*")
# An instruction that is only the language to answer in: one value, a new one replaces it.
_SPEAK_IN = re.compile(
    r"^(?:only\s+|never\s+)?(?:answer|reply|respond|speak|talk|write|use|switch\s+to)"
    r"(?:\s+to\s+me|\s+me|\s+with\s+me)?"
    r"\s+(?:only\s+)?(?:in\s+)?"
    # "plain English", "British English": the language as asked for
    rf"((?:(?:plain|simple|british|american)\s+)?(?:{'|'.join(sorted(LANGUAGES))}))"
    r"(?:\s+to\s+me|\s+with\s+me)?$",
    re.IGNORECASE,
)


_USE = re.compile(r"^(?:only\s+|never\s+)?use\b", re.IGNORECASE)


def instruction_claims(obs: Observation, content: str, base_confidence: float) -> list[Claim]:
    """The standing instructions the user gives in ``content`` (``obs.content`` with curly
    apostrophes made straight), about ``obs.actor``."""
    if obs.actor is None or source_key(obs.source) != "user":
        return []
    passed: Passed | None = None  # what the user passes along, scanned once it matters
    out: list[Claim] = []
    for m in sentences(content):
        text = m.group(0)
        if not any(_opens(c) for c in (text, *_CLAUSES.split(text)[1:])):
            continue  # nearly every message: no clause opens like an instruction
        passed = passed or others(content, instructions=True)
        end = own_part(m.start(), m.end(), passed)
        if end is None:
            continue
        sentence = _TAG.sub("", content[m.start() : end].strip())
        if sentence.endswith("?"):
            continue
        span = (m.start(), m.start() + len(m.group(0).rstrip()))
        conditional = _conditional(sentence)
        if conditional is not None:
            value = value_of(conditional)
            if value is not None and not off_limits(value) and not detect_risks(sentence):
                out.extend(_claims(obs.actor, value, conditional, base_confidence, span))
                continue
        # Each clause may instruct: "Stop answering in English, answer in French again.",
        # "Always answer in French and never use emojis."
        # The first instruction's marker, for a bare verb after "and" ("" for none)
        marker: str | None = None
        for i, piece in enumerate(_and_pieces(sentence)):
            for clause in (piece, *_CLAUSES.split(piece)[1:]):
                permit = _PERMIT.match(clause)
                if permit is not None:
                    out.extend(_permission(obs.actor, clause, permit.end(), base_confidence, span))
                    continue
                parts = _read(clause)
                if parts is None and i and marker and not _THIS_TURN.search(clause):
                    # "Always answer in French and use bullet points": "always" for both;
                    # not "... and summarize the article below for me" (this turn's task)
                    parts = _read(marker + clause)
                if parts is None:
                    continue
                if marker is None:
                    # "Never X and Y" leaves Y unread ("never Y" or "Y" is anyone's guess);
                    # after "Stop X and Y" the user plainly wants Y
                    marker = (
                        "" if parts.prefix == "never " and not _STOP.search(clause) else "always "
                    )
                value = value_of(parts)
                if value is None or off_limits(value) or detect_risks(clause):
                    continue
                out.extend(_claims(obs.actor, value, parts, base_confidence, span))
    return out


# A condition that opens the sentence makes what follows an instruction for every turn it
# meets, read with the condition after it: "When you write code, use TypeScript" is "use
# TypeScript when you write code", "Whenever I ask about travel, include the weather",
# "If I ask for a summary, keep it under 100 words", "When writing emails, ...". "For
# <things>," only before a standing marker ("For code examples, always use Python"; not
# "For dinner, make pasta").
_ASKING = (
    r"ask|asks|want|need|request|write|give|answer|reply|respond|suggest|recommend|draft"
    r"|send|help|plan|book|explain|summarize|summarise|show|list|translate|search|create"
    r"|generate|review|code"
)
_CONDITION = re.compile(
    r"^\W*(?:(?:also|and|so|please|oh|ok(?:ay)?)\W+)*"
    r"(?P<cond>(?:when(?:ever)?|if|any\s*time|every\s+time)\s+(?:I|you)\s+(?:" + _ASKING + r")\b"
    r"[^,;]{0,60}?"
    r"|(?:when|while)\s+(?:writing|answering|replying|giving|suggesting|recommending|drafting"
    r"|explaining|summari[sz]ing|coding|translating|planning|booking|reviewing)\b[^,;]{0,50}?"
    r"|(?P<for>for|in)\s+(?:all\s+|any\s+|every\s+)?[^,;]{2,40}?)"
    r"\s*,\s*(?P<rest>\S.*?)[.!]*$",
    re.IGNORECASE,
)
# A condition on one thing named, not a kind ("When you write the email"); asking is of a
# kind whatever it names ("Whenever I ask about the weather").
_ONE_THING = re.compile(
    r"^(?:when(?:ever)?|if|any\s*time|every\s+time)\s+(?:I|you)\s+(?!ask|want|need|request)"
    r"\w+\s+(?:\w+\s+)?(?:the|this|that|it|my)\b",
    re.IGNORECASE,
)
_STANDING = re.compile(r"^(?:always|never|only|don't|do\s+not|stop)\b", re.IGNORECASE)


def _conditional(sentence: str) -> Read | None:
    """``sentence`` read as an instruction under the condition that opens it (see
    :data:`_CONDITION`), else None."""
    m = _CONDITION.match(sentence)
    if m is None or _THIS_TURN.search(sentence) is not None:
        return None  # "If you write code for me, ...": this turn's
    if _ONE_THING.search(m.group("cond")) is not None:
        return None  # "When you write the email, ...": one thing, this turn's
    rest, cond = m.group("rest"), m.group("cond")
    standing = _STANDING.match(rest) is not None
    if m.group("for") is not None and not standing:
        return None
    cond = cond if cond[:2] == "I " else cond[:1].lower() + cond[1:]
    return _read(f"{rest} {cond}" if standing else f"always {rest} {cond}")


def _opens(clause: str) -> bool:
    """Whether ``clause`` opens as an instruction about the output or an action does, or
    as a permission."""
    return any(p.match(clause) is not None for p in (OPENS, ACTION_OPENS, _PERMIT))


# Leave to do what was forbidden: "You can use emojis again", "Feel free to book Ryanair
# again", "It's fine to schedule things on Fridays now".
_PERMIT = re.compile(
    r"^\W*(?:(?:ok(?:ay)?|so|and|actually|also|oh|well)\W+)*"
    r"(?:you\s+(?:can|may)|feel\s+free\s+to|it'?s\s+(?:ok(?:ay)?|fine|alright|all\s+right)"
    r"\s+(?:now\s+)?to)\s+(?:now\s+|also\s+)?(?=\w)",
    re.IGNORECASE,
)


_NOW_END = re.compile(r"\s+now(?=\W*$)", re.IGNORECASE)


def _permission(
    actor: str, clause: str, start: int, confidence: float, span: tuple[int, int]
) -> list[Claim]:
    """The withdrawal a permission gives ("You can use emojis again" denies "never use
    emojis"), read as the instruction it allows would be; no instruction of its own (leave
    to use emojis is no instruction to use them). Written only when that "never" was
    given (``WritePlanner``), so leave for what was never forbidden writes nothing."""
    # A closing "now" is "from now on" here ("It's fine to book Ryanair now").
    allowed = _read("always " + _NOW_END.sub("", clause[start:]))
    value = None if allowed is None or allowed.prefix else value_of(allowed)
    if value is None or off_limits(value) or detect_risks(clause):
        return []
    return [_claim(actor, INSTRUCTION, "never " + value, confidence, span, "negate", True)]


def _claim(
    actor: str,
    attribute: str,
    text: str,
    confidence: float,
    span: tuple[int, int],
    polarity: Polarity = "assert",
    change: bool = False,
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


def _read(clause: str) -> Read | None:
    """``clause`` read as an instruction about the output, else about an action."""
    return read(clause) or read_action(clause)


# A clause that opens with "Stop X-ing" (after a greeting or a courtesy), not "Don't stop
# X-ing", nor one with "stop working" inside it
_STOP = re.compile(
    r"^\W*(?:(?-i:[A-Z][a-z]+)\s*,\s*)?"  # "Dana, stop ..."
    r"(?:(?:hey|hi|hello|please|also|and|so|ok(?:ay)?|oh|well|from\s+now\s+on|going\s+forward)"
    r"\W+)*stop\s+\w+ing\b",
    re.IGNORECASE,
)
_THIS_TURN = re.compile(
    r"\b(?:this|these|below|above|the\s+following|attached|for\s+me)\b", re.IGNORECASE
)
_AND = re.compile(r"\s+and\s+(?:then\s+|also\s+)?", re.IGNORECASE)


def _and_pieces(sentence: str) -> list[str]:
    """``sentence`` cut before each "and" that opens another instruction ("... and never
    use emojis"); not before "and English" or "and I like it"."""
    pieces, start = [], 0
    for m in _AND.finditer(sentence):
        if _opens(sentence[m.end() :]):
            pieces.append(sentence[start : m.start()])
            start = m.end()
    return [*pieces, sentence[start:]]


def _claims(
    actor: str, value: str, parts: Read, confidence: float, span: tuple[int, int]
) -> list[Claim]:
    """The claims of one instruction: the answer language is one value that a new one
    replaces; "never X" withdraws "X", and "X" (again or not) withdraws "never X"."""

    def claim(
        attribute: str, text: str, polarity: Polarity = "assert", change: bool = False
    ) -> Claim:
        return _claim(actor, attribute, text, confidence, span, polarity, change)

    lang = _SPEAK_IN.match(value)
    if lang is not None and " " in lang.group(1) and _USE.match(value):
        lang = None  # "Always use British English": a spelling, in whichever language
    if lang is not None:
        language = " ".join(lang.group(1).split()).title()
        never = f"never answer in {language}"
        if parts.prefix == "never ":
            # The denial empties the language; the instruction line keeps saying it.
            return [claim(ANSWER_LANGUAGE, language, "negate", True), claim(INSTRUCTION, never)]
        return [
            claim(ANSWER_LANGUAGE, language, change=True),
            claim(INSTRUCTION, never, "negate", True),
        ]
    out = [claim(INSTRUCTION, value, change=parts.again)]
    if parts.prefix == "never ":
        out.append(claim(INSTRUCTION, value.removeprefix("never "), "negate", True))
    else:
        # "Use emojis" after "Never use emojis" replaces it, "again" or not.
        plain = value.removeprefix("only ")
        out.append(claim(INSTRUCTION, "never " + plain, "negate", True))
    return out
