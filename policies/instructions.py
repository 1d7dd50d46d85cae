"""Standing instructions a user gives the assistant: "Always answer in French."

An agent feeds every user message to memory as an utterance, and the instructions among
them ("Never use emojis.", "From now on, reply in bullet points.", "Please keep your answers
short.") are what it most needs to remember. ``instruction_claims`` reads them as claims of
the multi-valued ``instruction`` attribute of the speaker, so they hold side by side in the
worldview (a preference slot) and each can be forgotten on its own.

Only what the user says counts (``source`` "user"): an instruction in a tool result or a web
page is content, not the user's wish, and storing it would let that content steer every
later read. The sentence must open with an instruction verb (after "please", "always",
"never", "don't", "from now on", ...), hold for every turn (a standing marker, or "your
answers" in general: "Give me a short summary" is a request for this turn), and be about
the assistant's output ("answers", "emojis", "bullet points", "in French", ...): "Keep it
up!", "Never give up!" and "Take care!" are not instructions.
"""

from __future__ import annotations

import re

from nousmem.projections.belief_models import source_key
from nousmem.projections.models import Claim, Observation

__all__ = ["INSTRUCTION", "instruction_claims"]

INSTRUCTION = "instruction"

_SENTENCE = re.compile(r"[^\s](?:[^.!?\n]|[.!?](?=\w))*(?:[.!?]+|\n|$)")
_VERBS = (
    r"answer|reply|respond|write|format|explain|use|avoid|keep|speak|talk|address|include"
    r"|add|give|list|mention|show|summari[sz]e|cite|translate|switch|stick|put|limit|start|end"
)
_INSTRUCTION = re.compile(
    r"^\W*(?:(?:ok(?:ay)?|also|and|so|oh|hey|btw|one\s+more\s+thing)\W+)*"
    r"(?:please\s+)?"
    r"(?:(?P<when>from\s+now\s+on|going\s+forward|in\s+(?:the\s+)?future)"
    r"\s*,?\s*)?"
    r"(?:please\s+)?"
    r"(?P<mod>always|never|don'?t|do\s+not|remember\s+to|make\s+sure\s+(?:to|you))?\s*"
    r"(?:please\s+)?"
    rf"(?P<verb>{_VERBS})\b(?P<rest>[^\n]{{0,160}})$",
    re.IGNORECASE,
)
# What an instruction about the assistant's output talks about.
_OUTPUT = re.compile(
    r"\b(?:answers?|repl(?:y|ies)|responses?|messages?|emojis?|emoticons?|bullets?|bullet"
    r"\s+points?|markdown|code|tone|language|sources?|citations?|examples?|summar(?:y|ies)"
    r"|explanations?|jargon|units|metric|imperial|celsius|fahrenheit|sentences?|paragraphs?"
    r"|words|formal|informal|casual|brief|short|concise|detailed|tables?|headings?|lists?)\b"
    r"|\bin\s+(?:plain\s+)?[A-Z][a-z]+\b",
)
# The answers in general, not this one: "keep *your answers* short".
_GENERIC = re.compile(
    r"\b(?:answers|replies|responses)\b|\byour\s+(?:answer|reply|response|tone|style|messages?)\b",
    re.IGNORECASE,
)
# Where the instruction ends: a reason or a courtesy after it is not part of it.
_TAIL = re.compile(
    r"\s*(?:[,;:(]|\s-\s|\b(?:because|since|as\s+I|so\s+that|thanks|thank\s+you|please)\b).*$",
    re.IGNORECASE | re.DOTALL,
)
_MAX_VALUE = 120


def _value(mod: str | None, verb: str, rest: str) -> str | None:
    rest = _TAIL.sub("", rest).rstrip(" .!")
    text = f"{verb}{rest}".strip()
    if not text or len(text) > _MAX_VALUE:
        return None
    low = (mod or "").lower()
    if low == "never" or low.startswith("don") or low.startswith("do "):
        text = "never " + text[0].lower() + text[1:]
    else:
        text = text[0].lower() + text[1:]
    return " ".join(text.split())


def instruction_claims(obs: Observation, content: str, base_confidence: float) -> list[Claim]:
    """The standing instructions the user gives in ``content`` (``obs.content`` with curly
    apostrophes made straight), one claim each, about ``obs.actor``."""
    if obs.actor is None or source_key(obs.source) != "user":
        return []
    out: list[Claim] = []
    for m in _SENTENCE.finditer(content):
        sentence = m.group(0).strip()
        if sentence.endswith("?"):
            continue
        got = _INSTRUCTION.match(sentence)
        if got is None:
            continue
        mod, verb, rest = got.group("mod"), got.group("verb"), got.group("rest")
        # A request for this turn ("Give me a short summary", "Answer in French") is not
        # one for every turn: it takes a standing marker or the answers in general.
        standing = got.group("when") is not None or mod is not None
        if not standing and _GENERIC.search(rest) is None:
            continue
        # ... and it must be about the output: "Never give up!" is not an instruction.
        if _OUTPUT.search(rest) is None and verb.lower() not in ("answer", "reply", "respond"):
            continue
        value = _value(mod, verb, rest)
        if value is None:
            continue
        start = m.start() + got.start("verb")
        out.append(
            Claim(
                entity=obs.actor,
                attribute=INSTRUCTION,
                value=value,
                confidence=base_confidence,
                span=(start, m.start() + len(m.group(0).rstrip())),
                extractor="rule",
            )
        )
    return out
