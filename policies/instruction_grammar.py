"""How a sentence reads as a standing instruction: its verb, its markers and its value.

``read(sentence)`` returns the parts of a standing instruction about the assistant's output
("Always answer in French", "Stop using emojis", "Please keep your answers short"), or None
for anything else; ``value_of(parts)`` is the text stored. The word lists here decide what
counts (docs/extraction.md, "Standing instructions"); ``instructions.py`` decides whose
words count and builds the claims.
"""

from __future__ import annotations

import re
from collections.abc import Collection
from typing import NamedTuple

from nousmem.policies.instruction_words import (
    BARE_CONVENTION,
    CONVENTION,
    LANGUAGES,
    PROGRAMMING,
    UNITS,
)

__all__ = [
    "LEAD",
    "OPENS",
    "Read",
    "base_verb",
    "core_of",
    "off_limits",
    "one_off",
    "read",
    "standing_at_end",
    "value_of",
]

_VERBS = (
    "answer reply respond write format explain use avoid keep speak talk address include add "
    "give mention list show summarize summarise cite translate limit put stick start end "
    "switch be quote convert recommend suggest prefer apologize apologise discuss bring"
).split()
# Verbs that ask for a standing habit by themselves, with no "always" or "from now on":
# "Prefer functional components", "Avoid the word 'delve'", "Don't apologize so much".
_STANDING_VERBS = frozenset({"prefer", "avoid", "apologize", "apologise"})
# A choice against another: "Use pytest, not unittest", "Prefer Postgres over MySQL",
# "Write tests with pytest instead of unittest" is a standing preference.
_CONTRAST_VERBS = frozenset({"use", "prefer", "write"})
_DETERMINED = re.compile(r"^\s+(?:the|a|an|my|your|our|his|her|their|this|that)\b", re.I)
_CONTRAST = re.compile(
    r"(?:,?\s+not|\s+instead\s+of|\s+rather\s+than|\s+over)\s+(?!(?:this|that|now|today)\b)\w",
    re.IGNORECASE,
)
_VERB = "|".join(sorted(_VERBS, key=len, reverse=True))
# Verbs of an answer: what follows must be how ("in French", "briefly"), not whom or what
# ("answer the phone", "reply to Tom").
_ANSWER_VERBS = frozenset({"answer", "reply", "respond"})
_HOW = re.compile(r"^\s+(?:(?:me|us)\s+)?(?:in|with|using|like|as|only|\w+ly)\b", re.IGNORECASE)
# Verbs that are about the output whatever follows them (what the assistant prefers,
# explains or apologizes for is its own doing).
_OUTPUT_VERBS = frozenset(
    {"summarize", "summarise", "cite", "format", "prefer", "explain", "apologize", "apologise"}
)
# Verbs whose object is what the answers hold or leave out, whatever it is: "Never mention
# my ex", "Never recommend fast fashion brands", "Only suggest vegan places".
_CONTENT_VERBS = frozenset({"mention", "recommend", "suggest", "discuss"})
# ... and so are two with a particle: "Never bring up politics", "Don't bring my ex up",
# "Don't talk about my weight" (not "Always bring an umbrella", "Talk to me in French").
_CONTENT_PARTICLE = {
    "bring": re.compile(r"^\s+up\b|\bup\s*[.!]*\s*$", re.IGNORECASE),
    "talk": re.compile(r"^\s+about\b", re.IGNORECASE),
}
# A language names the output only after these ("Always speak French"), or after "in".
_LANGUAGE_VERBS = frozenset({"speak", "talk", "write", "translate", "answer", "reply", "respond"})
_STANDING_MOD = (
    r"(?:(?:remember\s+to|make\s+sure\s+(?:to|you))\s+)?"
    r"(?:always|never(?:,?\s+ever)?|don'?t(?:\s+ever)?|do\s+not(?:\s+ever)?|only)"
    r"|remember\s+to|make\s+sure\s+(?:to|you)"
)
#: What may stand before an instruction's verb: openers ("OK,", "also", "please"), "I want
#: you to", a standing time ("from now on": group ``when``) and a marker ("always", "don't":
#: group ``mod``). The action instructions of ``action_grammar.py`` share it.
LEAD = (
    r"^\W*(?:(?:ok(?:ay)?|also|and|so|oh|hey|btw|one\s+more\s+thing|please|actually|no|wait"
    r"|remember|note|important|ps|p\.s\.)\W+)*"
    r"(?:(?:i\s+want\s+you\s+to|i'?d\s+like\s+you\s+to|you\s+should|you\s+must"
    r"|you\s+need\s+to)\s+)?"
    r"(?:(?P<when>from\s+now\s+on|going\s+forward|in\s+(?:the\s+)?future)\W*)?"
    r"(?:please\W+)?"
    rf"(?:(?P<mod>{_STANDING_MOD})\s+)?"
    r"(?:please\W+)?"
)
_INSTRUCTION_PATTERN = (
    LEAD + rf"(?:(?P<stop>stop)\s+(?P<ing>\w+ing)|no\s+(?:more\s+)?(?P<no>\w+)|(?P<verb>{_VERB}))\b"
    r"(?P<rest>[^\n]{0,160})$"
)
_INSTRUCTION = re.compile(_INSTRUCTION_PATTERN, re.IGNORECASE)
#: Whether a clause opens as an instruction does (the same pattern without its rest): a
#: cheap test that spares every other message the rest of the reading.
OPENS = re.compile(_INSTRUCTION_PATTERN.removesuffix(r"(?P<rest>[^\n]{0,160})$"), re.IGNORECASE)
# A standing marker at the end: "Reply in English from now on."
_FOREVER = r"from\s+now\s+on|going\s+forward|in\s+(?:the\s+)?future|always|again"
_TRAILING_WHEN = re.compile(
    rf"\s*\b(?:{_FOREVER}|at\s+all\s+times|every\s+time|each\s+time)\W*$", re.IGNORECASE
)
# For this turn only.
_ONE_OFF = re.compile(
    r"\b(?:this\s+(?:time|one|answer|reply|response|question|email|message|article|text)"
    r"|here|today|tonight|right\s+now|for\s+now|for\s+this|on\s+social\s+media)\b",
    re.IGNORECASE,
)
# The answers in general, not this one: "keep *your answers* short", "keep *your tone* casual".
# So are examples as a kind, after "in": "Use 4 spaces in Python examples" (not "Give
# examples of photosynthesis", "Use a loop in the example").
_GENERIC = re.compile(
    r"\b(?:answers|replies|responses)\b|\byour\s+(?:tone|style)\b"
    r"|\bin\s+(?:(?:all|any|every|your)\s+)?(?:[\w+#]+\s+){0,2}(?:examples|snippets)\b",
    re.IGNORECASE,
)
# Things made as a kind, opening the object: "Write commit messages in the imperative
# mood", "Explain things like I'm five" (not "Write tests for this function": one named
# thing is this turn's, ``_THIS``).
_KINDS_MADE = re.compile(
    r"^\s+(?:(?:all|any|every)\s+)?(?:commit\s+messages|docstrings|variable\s+names"
    r"|function\s+names|unit\s+tests|tests|code\s+comments|comments|emails|things"
    r"|concepts|code)\b",
    re.IGNORECASE,
)
_THIS = re.compile(r"\b(?:this|that|these|those|below|above|following|attached)\b", re.I)
# What an instruction about the assistant's output talks about.
_OUTPUT_WORDS = frozenset(
    (
        "answer answers reply replies response responses message messages emoji emojis "
        "emoticons bullet bullets markdown code tone language source sources citation "
        "citations example examples summary summaries explanation explanations jargon units "
        "metric imperial celsius fahrenheit sentence sentences paragraph paragraphs words "
        "formal formally informal casual brief briefly short shorter concise concisely "
        "detailed detail table tables heading headings list lists output style wording "
        "comments writing text lowercase uppercase point question questions reasoning steps "
        "voice word phrase phrases term terms mood tense imperative "
        # The style of the code the output holds: "Stop using type hints", "Never use tabs".
        "hints docstrings semicolons tabs spaces indentation f-strings comprehensions "
        "lambdas annotations"
    ).split()
)
_OUTPUT = re.compile(
    rf"\b(?:{'|'.join(sorted(_OUTPUT_WORDS))})\b|\byes\s*(?:or|/)\s*no\b", re.IGNORECASE
)
# Where in the answer: "at the end", "at the top".
_POSITIONS = frozenset("end top start beginning bottom".split())
_LANGUAGE = re.compile(
    rf"\bin\s+(?:plain\s+|simple\s+|British\s+|American\s+)?(?:{'|'.join(sorted(LANGUAGES))})\b"
    r"|\b(?:plain|simple|British|American)\s+English\b"
)
_ONLY_LANGUAGE = re.compile(rf"^\s+(?:to\s+)?(?:{'|'.join(sorted(LANGUAGES))})$", re.IGNORECASE)
_BARE_LANGUAGE = re.compile(rf"^\s+(?:{'|'.join(sorted(LANGUAGES))})\b")
# "your X" must be the assistant's output: "in *your presentations*" is advice to a person.
_YOUR = re.compile(r"\byour\s+(\w+)", re.IGNORECASE)
# A place, person or occasion after a preposition must be the output too: "with the kids",
# "in meetings", "to customers", "in Word" are somewhere else than the answers.
_PREPOSITIONS = frozenset("in on with at for to during around without".split())
_ELSEWHERE = re.compile(rf"\b(?:{'|'.join(sorted(_PREPOSITIONS))})\s+", re.IGNORECASE)
_DETERMINERS = frozenset("the my his her their our your a an".split())
# "Don't mention it(, happy to help)": a reply to thanks; not "Never mention that I'm ..."
_MENTION_NOTHING = re.compile(r"^\s+(?:it|that|this)\s*(?:[,.!;:]|$)", re.IGNORECASE)
# (matched on the rest without its tail and generic scope: "Don't mention this in your
# answers" names nothing that lasts either)
# Someone else as the object: "Always address *him* formally".
_THIRD_PARTY = re.compile(r"^\s+(?:him|her|them|his|their)\b", re.IGNORECASE)
# "Keep" keeps the answers or "it" ("Keep it short"), not "a short list of goals".
_KEPT = re.compile(
    r"^\s+(?:it|them|things|everything|(?:your\s+|the\s+)?(?:answers|replies|responses|tone"
    r"|code|messages|explanations|output))\b(?!\s+coming)",
    re.IGNORECASE,
)
# The assistant's own rules and secrets are not the user's to set through memory.
_OFF_LIMITS = re.compile(
    r"\b(?:system\s+prompt|(?:your|the|my|previous|all|any)\s+(?:instructions|rules"
    r"|guidelines|prompt)|ignore\s+(?:all|any|previous|your|the)\b|without\s+(?:any\s+)?"
    r"(?:safety|restrictions|filters|rules|limits)|jailbreak|DAN|act\s+as|pretend|role-?play"
    r"|password|passcode|api\s+key|credentials?)\b",
    re.IGNORECASE,
)
# Where the instruction ends: a reason, a courtesy or an aside after it is not part of it.
_TAIL = re.compile(
    r"\s*(?:[,;(]|:(?!//|\d)|\s[-\u2013\u2014]\s|[\u2013\u2014]"
    r"|\b(?:because|since|as\s+I|so\s+that|thanks|thank\s+you|please|pls|plz|thx|ty)\b).*$",
    re.IGNORECASE | re.DOTALL,
)
_TRAILING = re.compile(rf"(?:\s+(?:{_FOREVER}|any\s?more|at\s+all|ever))+\s*$", re.IGNORECASE)
# "in your answers" is every instruction's scope.
_GENERIC_SCOPE = re.compile(
    r"\s+(?:in|for)\s+(?:your\s+|all\s+(?:your\s+)?|every\s+)?(?:answers?|replies|reply"
    r"|responses?)$",
    re.IGNORECASE,
)
_AGAIN = re.compile(r"\bagain\b", re.IGNORECASE)
# Apps named by a word of the output, capitalised: "Never use tables in Word".
_APPS = frozenset({"Word", "Pages", "Notes", "Docs", "Sheets", "Messages", "Mail"})
# What code is written in or with ("in React", "with pytest"): the output's, not a place
# the person works in ("Never use tables in Word").
_CODE_TOOLS = re.compile(
    r"(?i:react|vue|angular|svelte|django|flask|fastapi|rails|node(?:\.js)?|next\.js|express"
    r"|spring|pytest|unittest|jest|mocha|vitest|npm|pnpm|yarn|pip|poetry|pandas|numpy|sql"
    r"|postgres|postgresql|mysql|sqlite|tailwind|bootstrap|jquery|kubernetes|docker|terraform)"
)
# What "No X." bans: output words, with the modifiers of a ban ("No long answers.", "No code
# blocks.", "No bold text."); a bare word that the user may give or await is no ban ("No
# more questions.", "No response.").
_NO_WORDS = _OUTPUT_WORDS | frozenset(
    "long bold italic italics code block caps exclamation mark link hashtag filler fluff "
    "disclaimer disclaimers apology apologies preamble small talk more".split()
)
_AMBIGUOUS = frozenset(
    "answer answers reply replies response responses message messages question questions "
    "words text writing output point comments".split()
)
_MAX_VALUE = 120


class Read(NamedTuple):
    """The parts of a standing instruction."""

    prefix: str  # "never ", "only " or ""
    verb: str
    rest: str
    again: bool  # "... again": going back to what was withdrawn


def base_verb(ing: str, verbs: Collection[str] = _VERBS) -> str | None:
    """The verb among ``verbs`` (the instruction verbs unless given) of an -ing form
    ("using" -> "use", "putting" -> "put")."""
    stem = ing[:-3].lower()
    for base in (stem, stem + "e", stem[:-1]):
        if base in verbs:
            return base
    return None


def _phrases(rest: str) -> list[list[str]]:
    """The words after each preposition, up to the next one (at most three, determiners
    aside): "in English at work" gives ["English"] and ["work"]."""
    out = []
    for m in _ELSEWHERE.finditer(rest):
        words: list[str] = []
        for raw in rest[m.end() :].split():
            w = raw.strip(".,!?;:'\"")
            if w.lower() in _PREPOSITIONS or len(words) == 3:
                break
            if w.lower() not in _DETERMINERS:
                words.append(w)
            if raw[-1:] in ".,!?;:":
                break
        if words:
            out.append(words)
    return out


def _elsewhere(words: list[str]) -> bool:
    """Whether a prepositional phrase points away from the output: a place, a person or an
    occasion ("with clients", "in Word", "at work"), not "in French" or "at the end"."""
    if words[0].lower().startswith("http") or words[0].lower() in ("me", "us"):
        return False
    if words[0].title() in LANGUAGES or words[-1].title() in LANGUAGES:
        return False
    if UNITS.match("in " + " ".join(words)):
        return False  # "in USD", "to metric", "to my time zone"
    if words[0] in PROGRAMMING or words[0].lower() in ("yes", "no"):
        return False  # "in TypeScript", "with yes or no"
    if _CODE_TOOLS.fullmatch(words[0]):
        return False  # "in React", "with pytest"
    if words[0] in _APPS:
        return True  # "in Word": an app named by an output word
    return not any(w.lower() in _OUTPUT_WORDS or w.lower() in _POSITIONS for w in words)


def _about_output(verb: str, rest: str, *, choice: bool = False) -> bool:
    """Whether the instruction is about the assistant's output, not advice to a person.
    ``choice``: a choice against another ("Use pytest, not unittest"), about what the
    assistant makes whatever its words."""
    if _THIRD_PARTY.match(rest) is not None:
        return False
    core = core_of(rest)
    if verb in ("use", "switch") and _ONLY_LANGUAGE.match(core) is not None:
        return True  # "Always use French", "Switch to Spanish from now on"
    if verb in _ANSWER_VERBS:
        if _HOW.match(rest) is None:
            return False
    elif verb in _CONTENT_VERBS or (
        verb in _CONTENT_PARTICLE and _CONTENT_PARTICLE[verb].search(rest) is not None
    ):
        # What to put in or leave out of every answer: "Never mention my ex." ("Never
        # mention it!" answers a thank-you; "Don't suggest that" objects to this turn).
        what = _GENERIC_SCOPE.sub("", _TAIL.sub("", rest).rstrip(" .!"))
        # "Don't mention it again": still nothing named.
        what = _TRAILING_WHEN.sub("", what)
        if verb in _CONTENT_PARTICLE:
            what = _CONTENT_PARTICLE[verb].sub(" ", what, count=1)
        if not what.strip() or _MENTION_NOTHING.match(what):
            return False
    elif verb == "bring":
        return False  # "Always bring an umbrella": advice, not the answers
    elif verb in _OUTPUT_VERBS or choice:
        pass  # "Always summarize at the end": the verb is about the output itself
    elif (
        _OUTPUT.search(rest) is None
        and _LANGUAGE.search(rest) is None
        and UNITS.search(rest) is None
        and not (verb in _LANGUAGE_VERBS and _BARE_LANGUAGE.match(rest))
    ):
        return False  # "Never give up!", "Keep it up!"
    if any(w.lower() not in _OUTPUT_WORDS for w in _YOUR.findall(rest)):
        return False  # "Never use jargon in your presentations"
    if not choice and any(_elsewhere(p) for p in _phrases(_TAIL.sub("", rest))):
        # "Always be formal with clients", "Never use tables in Word" (a choice's place is
        # its scope: "Use Postgres over MySQL for new services")
        return False
    return verb != "keep" or _KEPT.match(rest) is not None


def read(sentence: str) -> Read | None:
    """The parts of a standing instruction about the output in ``sentence``, else None."""
    got = _INSTRUCTION.match(sentence)
    if got is None:
        return None
    rest = got.group("rest")
    mod = (got.group("mod") or "").lower()
    standing = bool(got.group("when") or mod or standing_at_end(rest))
    if got.group("stop") is not None:
        if mod.startswith(("never", "don", "do not")):
            return None  # "Don't stop answering in French": keep doing it, a double negative
        base = base_verb(got.group("ing"))
        if base is None:
            return None
        verb, prefix, standing = base, "never ", True
    elif got.group("no") is not None:
        noun = got.group("no").lower()
        after = core_of(rest)
        # A ban is the output noun alone ("No emojis.", "No more bullet points, please"):
        # not news ("No response from the bank"), this turn ("No need to reply", "No
        # summary needed") or an idiom ("No words can describe ...", "No questions asked").
        words = [noun, *_GENERIC_SCOPE.sub("", after).lower().split()]
        banned = [w for w in words if w != "more"]
        if any(w not in _NO_WORDS and w.rstrip("s") not in _NO_WORDS for w in words) or all(
            w in _AMBIGUOUS or w.rstrip("s") in _AMBIGUOUS for w in banned
        ):
            return None  # ... and "No more text messages." bans no output word
        verb, prefix, standing = "no", "", True
        rest = " " + got.group("no") + rest
    else:
        verb = got.group("verb").lower()
        never = mod.startswith(("never", "don", "do not")) or mod.endswith(("never", "ever"))
        prefix = "never " if never else "only " if mod.endswith("only") else ""
    # A thing chosen by name, not "the stairs" ("Use the stairs instead of the elevator" is
    # advice to a person; an output word still makes it an instruction).
    choice = (
        verb in _CONTRAST_VERBS
        and _DETERMINED.match(rest) is None
        and _CONTRAST.search(_TAIL.sub("", rest.replace(",", "", 1))) is not None
    )
    if choice:
        rest = re.sub(r",(\s+not\s)", r"\1", rest, count=1)  # ", not unittest" stays in it
    kind_made = _KINDS_MADE.match(rest) is not None and _THIS.search(rest) is None
    convention = verb == "use" and (
        (CONVENTION.match(_TAIL.sub("", rest)) is not None and _THIS.search(rest) is None)
        or BARE_CONVENTION.match(core_of(rest)) is not None
    )
    choice = choice or convention  # about what the assistant makes, whatever its words
    standing = standing or verb in _STANDING_VERBS or choice or kind_made
    if not standing and _GENERIC.search(rest) is None:
        return None  # a request for this turn
    if one_off(rest) or not _about_output(verb, rest, choice=choice):
        return None
    return Read(prefix, verb, rest, _AGAIN.search(rest) is not None)


def value_of(parts: Read) -> str | None:
    """The stored text: the instruction without its markers, courtesies, reasons and its
    generic scope ("in your answers"); "your" adds nothing ("Keep your answers short" and
    "Keep answers short" are one instruction)."""
    rest = core_of(parts.rest)
    if rest.isupper():  # shouted: "ALWAYS ANSWER IN FRENCH"
        rest = rest.lower()
    rest = _GENERIC_SCOPE.sub("", rest)
    text = " ".join(f"{parts.prefix}{parts.verb}{rest}".split()).replace(" your ", " ")
    return text if 0 < len(text) <= _MAX_VALUE else None


def core_of(rest: str) -> str:
    """``rest`` without its tail (a reason, a courtesy or an aside after a comma) and its
    trailing markers ("from now on", "anymore")."""
    return _TRAILING.sub("", _TAIL.sub("", rest).rstrip(" .!"))


def standing_at_end(rest: str) -> bool:
    """Whether ``rest`` ends with a standing marker ("... from now on", "... every time")."""
    return _TRAILING_WHEN.search(_TAIL.sub("", rest)) is not None


def one_off(rest: str) -> bool:
    """Whether ``rest`` limits the request to this turn ("this time", "today", "for now")."""
    return _ONE_OFF.search(rest) is not None


def off_limits(value: str) -> bool:
    """Whether an instruction touches the assistant's own rules or a secret."""
    return _OFF_LIMITS.search(value) is not None
