"""The word tables a standing instruction's choices are read with: programming languages,
the units and currencies the output is given in, and the conventions code is written with
("Use 4 spaces for indentation", "Use British spelling"). ``instruction_grammar.py`` reads
with them; ``instruction_kinds.py`` tells one choice of a kind from another."""

from __future__ import annotations

import re

__all__ = ["BARE_CONVENTION", "CHOICE_KINDS", "CONVENTION", "LANGUAGES", "PROGRAMMING", "UNITS"]

#: Languages an answer is given in, capitalised ("Always answer in French").
LANGUAGES = frozenset(
    (
        "English French Spanish German Italian Portuguese Dutch Chinese Mandarin Japanese "
        "Korean Hindi Arabic Russian Polish Turkish Swedish Norwegian Danish Finnish Greek Hebrew"
    ).split()
)
# Programming languages, capitalised: "write code in TypeScript" (not "WD-40 on rust").
PROGRAMMING = frozenset(
    "Python TypeScript JavaScript Java Rust Go Golang SQL Kotlin Swift Ruby PHP Scala Haskell "
    "Elixir".split()
)
#: The units, currencies and languages an instruction picks one of, by kind (lowercase):
#: "Always give prices in USD" picks a currency, "write code in Go" a programming language
#: (``instruction_kinds.py``: a later choice of the same kind replaces it). SQL is no such
#: choice: queries are written in SQL beside any other language.
CHOICE_KINDS: dict[str, frozenset[str]] = {
    "programming language": frozenset(w.lower() for w in PROGRAMMING) - {"sql"},
    "currency": frozenset(
        "usd eur gbp jpy cad aud chf inr krw cny dollars euros pounds yen rupees francs".split()
    ),
    "distance": frozenset(
        "km kilometers kilometres miles meters metres centimeters centimetres cm".split()
    ),
    "temperature": frozenset("celsius fahrenheit".split()),
    "weight": frozenset("kg kilograms kilos lbs pounds".split()),
    "measures": frozenset("metric imperial".split()),
    "time": frozenset("utc gmt".split()),
    "indentation": frozenset("tabs spaces".split()),
    "spelling": frozenset("british american".split()),
}
# Kinds chosen among by a word that is no unit: "in spaces" converts nothing.
_NOT_UNITS = frozenset({"programming language", "indentation", "spelling"})
# The units and currencies the output is given in: "Always give prices in USD", "Convert
# times to my time zone from now on" (after "in"/"to"; "feet" and "won" are other words).
_UNIT_WORDS = frozenset().union(
    *(words for kind, words in CHOICE_KINDS.items() if kind not in _NOT_UNITS)
)
UNITS = re.compile(
    rf"\b(?:in|into|to)\s+(?:US\s+|my\s+|local\s+)?(?:{'|'.join(sorted(_UNIT_WORDS))}"
    r"|time\s*zone|local\s+time|(?:24|12)[- ]hour\s+(?:time|format|clock))\b",
    re.IGNORECASE,
)

# A convention to use, by what it is used for, as a kind: "Use 4 spaces for indentation",
# "Use snake_case for function names", "Use UTC for all timestamps" (not "Use the search
# tool for this", "Use butter for frying": a thing named, or no kind of work).
CONVENTION = re.compile(
    r"^\s+(?!(?:the|a|an|my|your|our|his|her|their|this|that|these|those|it|them)\b)[^,;]{1,40}?"
    r"\s+for\s+(?:(?:all|every|each|any|new|our|my)\s+)?(?:[\w-]+\s+){0,2}?(?:indentation"
    r"|naming|formatting|spelling|dates|times|timestamps|ids|names|variables|functions|classes"
    r"|constants|files|branches|commits|messages|tests|docs|documentation|logging|logs"
    r"|comments|strings|queries|configs?|configuration|services|projects|repos|scripts|apis"
    r"|endpoints|migrations|temperatures|distances|measurements|prices|amounts|dependencies"
    r"|packages)\b",
    re.IGNORECASE,
)
# A convention named on its own: "Use metric units", "Use British spelling".
BARE_CONVENTION = re.compile(
    r"^\s+(?:(?:metric|imperial)(?:\s+units)?|(?:British|American|US|UK)\s+(?:spelling|English)"
    r"|ISO(?:[-\s]8601)?\s+dates|(?:24|12)[- ]hour\s+(?:time|format|clock)|celsius|fahrenheit"
    r"|utc|(?:the\s+)?oxford\s+comma|sentence\s+case|title\s+case|snake_case|camelCase"
    r"|kebab-case)$",
    re.IGNORECASE,
)
