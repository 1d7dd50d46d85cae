"""Where a full stop ends no sentence: after a title or place abbreviation before a name
("St. Louis", "Dr. Lee", "Mt. Everest").

Shared by the extractor's sentence splitter and claim values (``nousmem.policies``) and by
the projections that split a turn into its sentences (a forgotten statement, an excerpt), so
that all of them agree on what one sentence is. The point still ends a sentence when:

* the abbreviation follows a capitalised word or a number: a street or place suffix ("I live
  on Main St. Tom is my brother.", "on 5th St. I love it."; not "Port St. Lucie", "I'm Dr.
  Lee", "Ask Dr. Lee", nor a title opening the next sentence: "I saw Tom. Dr. Kim is my
  dentist."), or a determiner: a noun ("I went to the Dr. Tom drove me.");
* the next word usually starts a sentence ("I", "It", "Do", "Please", "Always", "Remember",
  ...): "Call me Dr. Always be brief.";
* a line break follows it.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

__all__ = [
    "SENTENCE_STARTERS",
    "TITLE_ABBREVIATIONS",
    "TITLE_POINT",
    "joins_name",
    "split_sentences",
]

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
        "Anyhow Besides However Still Sure Wow Cool Nice Plus Or Because Since After Before "
        "Every Each Some Most Many All Both Only Even Actually Honestly Otherwise Remember "
        "Forget Note Tell Show Give Make Take Keep Stop Use Write Answer Reply Be Try Check "
        "Find Get Go Look See Ask Add Delete Erase Ignore Meet Met Saw Called Visit"
    ).split()
)

_STARTER = "|".join(sorted((re.escape(w) for w in SENTENCE_STARTERS), key=len, reverse=True))
# A letter that is no lowercase one: a capital (or a letter of a script without case).
_CAPITAL = r"(?![a-z\u00df-\u00ff])[^\W\d_]"
_TITLES = tuple(sorted(TITLE_ABBREVIATIONS))
_ABBREVIATION = "|".join(_TITLES)
_LONGEST_TITLE = max(map(len, _TITLES))

#: The point after a title before a name, as a regex fragment (case-sensitive), for a value
#: or a name inside one sentence (which :func:`split_sentences` has already cut).
TITLE_POINT = (
    # "(?=\.)" first: inside a value's run the fragment is tried at every place the run
    # backtracks to, and the titles' lookbehinds need only run before a point.
    r"(?-i:(?=\.)(?:"
    + "|".join(rf"(?<=\b{a})" for a in _TITLES)
    + rf")\.(?=[ \t]+(?!(?:{_STARTER})(?![\w'’]))"
    + _CAPITAL
    + "))"
)

_ENDS_ON_TITLE = re.compile(rf"(?:^|(?P<before>\S+)[ \t]+|[^\w\s])(?:{_ABBREVIATION})\.$")
_STARTS_NAME = re.compile(rf"[ \t]+(?!(?:{_STARTER})(?![\w'’])){_CAPITAL}")
# A word ending in one of these leaves the title at a phrase's start ("Hello, Dr. Lee").
_OPENING_PUNCT = ",;:(\"'“‘—-"
# Before the abbreviation, these make it a noun ("the Dr.", "my Dr."), not a title.
_DETERMINERS = frozenset("the a an my your his her our their this that".split())
# Capitalised words a place's name puts before "St." ("Port St. Lucie", "Lake St. Louis").
_PLACE_WORDS = frozenset("Port Lake Fort Ft Mount Mt Bay Cape Point Grand Sault".split())


def joins_name(text: str, point: int) -> bool:
    """Whether the full stop at ``text[point]`` is a title's before a name: it ends no
    sentence (see the module doc)."""
    title_at = max(0, point - _LONGEST_TITLE)
    if text[point : point + 1] == "." and not text.endswith(_TITLES, title_at, point):
        return False  # no title before the point (the search below tries every start)
    head = _ENDS_ON_TITLE.search(text, max(0, point - 48), point + 1)
    if head is None or _STARTS_NAME.match(text, point + 1) is None:
        return False
    before = (head.group("before") or "").strip(_OPENING_PUNCT)
    if before.lower() in _DETERMINERS:
        return False  # "I went to the Dr. Tom drove me.": the doctor, no title
    if before[-1:] in ".!?":
        return True  # "I saw Tom. Dr. Kim is my dentist.": the title opens a sentence
    # "Main St.", "5th St.": a street's suffix, not a title; but "Port St. Lucie", "I'm Dr.
    # Lee", "Ask Dr. Lee" name a place or a person.
    street = bool(before) and (before[0].isupper() or before[0].isdigit())
    return not street or before in _PLACE_WORDS or before in SENTENCE_STARTERS


def split_sentences(
    text: str, boundary: re.Pattern[str], group: int = 0
) -> Iterator[tuple[int, int]]:
    """The ``(start, end)`` of each piece of ``text`` between matches of ``boundary`` (a
    pattern matching what separates two sentences; ``group``: the part of each match that
    does), except a boundary right after a title's point before a name (:func:`joins_name`)
    that holds no line break."""
    start = 0
    for m in boundary.finditer(text):
        cut = m.start(group)
        gap = m.group(group)
        if cut > 0 and text[cut - 1] == "." and "\n" not in gap and joins_name(text, cut - 1):
            continue
        if cut > start:
            yield start, cut
        start = m.end(group)
    if start < len(text):
        yield start, len(text)
