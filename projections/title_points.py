"""Where a full stop ends no sentence: after a title or place abbreviation before a name
("St. Louis", "Dr. Lee", "Mt. Everest").

Shared by the extractor's sentence splitter and claim values (``nousmem.policies``) and by
the projections that split a turn into its sentences (a forgotten statement, an excerpt), so
that all of them agree on what one sentence is. A capitalised word that usually starts a
sentence ("I", "It", "Do", "Please", "Always", "What", ...) still starts one: "I work on Main
St. I love it." is two sentences.
"""

from __future__ import annotations

import re

__all__ = ["SENTENCE_STARTERS", "TITLE_ABBREVIATIONS", "TITLE_POINT", "rejoin_titles"]

#: Abbreviations a capitalised name follows. Not "Jr." / "Sr.", which end names.
TITLE_ABBREVIATIONS = frozenset("St Mt Ft Dr Mr Mrs Ms Prof Rev Gen Col Lt".split())

#: Capitalised words that start a sentence far more often than they name anything.
SENTENCE_STARTERS = frozenset(
    (
        "I I'm I've I'll I'd It It's He He's She She's We We're They They're You You're My "
        "Our Your His Her Their Its The This That These Those There Here Do Does Did Don't "
        "Can Can't Could Would Should Will Won't Is Isn't Are Aren't Was Were Have Has Had "
        "What Why How When Where Who Which Any Anyway Always Never Please Call Thanks Thank "
        "So But And Also Just Oh Yes Yeah No Not OK Ok Okay Hi Hello Hey Last Yesterday Today "
        "Tomorrow Tonight Next Then Now Let Let's Maybe A An In On At For If Well Sorry Great "
        "Anyhow Besides However Still Sure Wow Cool Nice Also Plus Or Because Since After "
        "Before Every Each Some Most Many All Both Only Even Actually Honestly Otherwise"
    ).split()
)

_STARTER = "|".join(sorted((re.escape(w) for w in SENTENCE_STARTERS), key=len, reverse=True))
# A letter that is no lowercase one: a capital (or a letter of a script without case).
_CAPITAL = r"(?![a-z\u00df-\u00ff])[^\W\d_]"

#: The point after a title before a name, as a regex fragment (case-sensitive): it ends
#: neither a sentence nor a claim's value.
TITLE_POINT = (
    "(?-i:(?:"
    + "|".join(rf"(?<=\b{a})" for a in sorted(TITLE_ABBREVIATIONS))
    + rf")\.(?=[ \t]+(?!(?:{_STARTER})(?![\w'’]))"
    + _CAPITAL
    + "))"
)

_ENDS_ON_TITLE = re.compile(r"\b(?:" + "|".join(sorted(TITLE_ABBREVIATIONS)) + r")\.$")
_STARTS_NAME = re.compile(rf"(?!(?:{_STARTER})(?![\w'’])){_CAPITAL}")


def rejoin_titles(parts: list[str]) -> list[str]:
    """Sentences split at every point, with those split at a title before a name joined
    again (by one space): ["I live in St.", "Louis."] -> ["I live in St. Louis."]."""
    out: list[str] = []
    for part in parts:
        if out and _ENDS_ON_TITLE.search(out[-1]) and _STARTS_NAME.match(part):
            out[-1] = f"{out[-1]} {part}"
        else:
            out.append(part)
    return out
