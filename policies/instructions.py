"""Standing instructions a user gives the assistant: "Always answer in French."

An agent feeds every user message to memory as an utterance, and the instructions among
them ("Never use emojis.", "From now on, reply in bullet points.", "Please keep your answers
short.") are what it most needs to remember. ``instruction_claims`` reads them as claims of
the speaker: the multi-valued ``instruction`` attribute, so that instructions hold side by
side in the worldview and each can be forgotten on its own, and the single-valued
``answer_language``, so that "Answer in English from now on" replaces French.

Only the user's own words count (``source`` "user"): not a tool result or a web page, and
not text the user quotes ("..."), pastes after a request such as "Summarize this email:"
or writes as code. Stored, such text would steer every later read. What reads as an
instruction is in ``instruction_grammar.py``; docs/extraction.md ("Standing instructions")
has the whole story.
"""

from __future__ import annotations

import re
from typing import Literal

from nousmem.policies.instruction_grammar import Read, off_limits, read, value_of
from nousmem.policies.risk import detect_risks
from nousmem.projections.belief_models import source_key
from nousmem.projections.models import Claim, Observation

__all__ = ["ANSWER_LANGUAGE", "INSTRUCTION", "instruction_claims"]

INSTRUCTION = "instruction"
ANSWER_LANGUAGE = "answer_language"

Polarity = Literal["assert", "negate"]

_SENTENCE = re.compile(r"[^\s](?:[^.!?\n]|[.!?](?=\w))*(?:[.!?]+|\n|$)")
_TAG = re.compile(r",?\s*(?:ok(?:ay)?|right|alright|yeah)\s*\?+\s*$", re.IGNORECASE)
# A quotation, not an inch mark ('a 27" monitor').
_QUOTED = re.compile(r"(?<!\d)\"[^\"\n]*(?<!\d)\"|\u201c[^\u201d\n]*\u201d")
# Pasted content follows a request to work on it: "Summarize this email for me:".
_PASTED = re.compile(
    r"^[^\n]*\b(?:summari[sz]e|translate|proofread|rewrite|review|fix|check|edit|correct"
    r"|improve|shorten|analy[sz]e|explain|read|reply\s+to|respond\s+to|answer|look\s+at"
    r"|what\s+do\s+you\s+think|thoughts\s+on|here\s+is|here's)\b[^\n]*:[ \t]*\n",
    re.IGNORECASE | re.MULTILINE,
)
# Code is not talk: fenced blocks and comment lines.
_CODE = re.compile(r"```.*?(?:```|$)|^[ \t]*(?:#|//)[^\n]*", re.DOTALL | re.MULTILINE)
_CLAUSES = re.compile(r"\s*[,;]\s*")
_SPEAK_IN = re.compile(
    r"^(?:only\s+|never\s+)?(?:answer|reply|respond|speak|talk|write)(?:\s+to\s+me|\s+me)?"
    r"\s+(?:only\s+)?(?:in\s+)?(English|French|Spanish|German|Italian|Portuguese|Dutch"
    r"|Chinese|Mandarin|Japanese|Korean|Hindi|Arabic|Russian|Polish|Turkish|Swedish"
    r"|Norwegian|Danish|Finnish|Greek|Hebrew)$",
    re.IGNORECASE,
)


def _own_words(content: str) -> tuple[str, list[tuple[int, int]]]:
    """The part of ``content`` the user says, and the spans inside it that are not theirs
    (quotations, code): offsets stay those of ``content``."""
    pasted = _PASTED.search(content)
    own = content[: pasted.end()] if pasted is not None else content
    others = [m.span() for m in _QUOTED.finditer(own)]
    others += [m.span() for m in _CODE.finditer(own)]
    return own, others


def instruction_claims(obs: Observation, content: str, base_confidence: float) -> list[Claim]:
    """The standing instructions the user gives in ``content`` (``obs.content`` with curly
    apostrophes made straight), about ``obs.actor``."""
    if obs.actor is None or source_key(obs.source) != "user":
        return []
    own, others = _own_words(content)
    out: list[Claim] = []
    for m in _SENTENCE.finditer(own):
        if any(a <= m.start() < b for a, b in others):
            continue
        sentence = _TAG.sub("", m.group(0).strip())
        if sentence.endswith("?"):
            continue
        span = (m.start(), m.start() + len(m.group(0).rstrip()))
        # Each clause may instruct: "Stop answering in English, answer in French again."
        for clause in (sentence, *_CLAUSES.split(sentence)[1:]):
            parts = read(clause)
            if parts is None:
                continue
            value = value_of(parts)
            if value is None or off_limits(value) or detect_risks(clause):
                continue
            out.extend(_claims(obs.actor, value, parts, base_confidence, span))
    return out


def _claims(
    actor: str, value: str, parts: Read, confidence: float, span: tuple[int, int]
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
        polarity: Polarity = "negate" if parts.prefix == "never " else "assert"
        return [claim(ANSWER_LANGUAGE, lang.group(1).title(), polarity, True)]
    out = [claim(INSTRUCTION, value, change=parts.again)]
    if parts.prefix == "never ":
        out.append(claim(INSTRUCTION, value.removeprefix("never "), "negate", True))
    elif parts.again:
        out.append(claim(INSTRUCTION, "never " + value, "negate", True))
    return out
