"""What kind of answer a question wants, as a pattern of the words that can carry it.

A turn cut to an excerpt (``projections/excerpt.py``) keeps the sentences holding the
question's words. When none does, the sentence most likely to hold the answer is one with a
word of the kind asked for: a place for "where" and "what countries", a person or relative
for "who", a number for "how many" and "how long", a title or a full name for "what
books / songs / artists". "When" gets no cue: a turn's time notes carry its dates whatever
it is cut to. Deterministic: the question's words alone decide.
"""

from __future__ import annotations

import re

__all__ = ["answer_cue"]

_NUMBER_WORDS = (
    "one two three four five six seven eight nine ten eleven twelve twenty thirty forty fifty "
    "hundred thousand dozen couple once twice"
)
_KIN = (
    "mom mum mother dad father parents aunt auntie uncle grandma grandmother grandpa "
    "grandfather sister brother cousin niece nephew son daughter husband wife partner "
    "boyfriend girlfriend friend friends mentor mentors teacher coach neighbor neighbour "
    "colleague colleagues boss"
)

# A name a word places ("a trip to England", "in Spain", "my home country, Sweden"), not one
# addressed ("Thanks, Melanie!"): speakers' names are in most turns.
_PLACE = re.compile(
    r"\b(?:in|to|from|at|near|visit(?:ed|ing)?|country|city|state),?\s+(?:the\s+)?[A-Z][\w'-]+"
)
# A relative or a name someone is introduced by ("someone named David", "met Jean").
_PERSON = re.compile(
    rf"\b(?:{'|'.join(_KIN.split())})\b|\b(?:named|called|met)\s+[A-Z][\w'-]+", re.IGNORECASE
)
_NUMBER = re.compile(rf"\d|\b(?:{'|'.join(_NUMBER_WORDS.split())})\b", re.IGNORECASE)
# A title or a full name: a quoted title ('"Charlotte's Web"') or two capitalised words
# ("Matt Patterson", "Summer Sounds"), not one ("Thanks, Melanie!" names the listener).
# A greeting, a time or a sentence's opening word is no title ("Hey Caroline", "Last Friday").
_NOT_TITLE = (
    r"(?!(?:Hey|Hi|Hello|Thanks|Thank|Dear|Oh|Wow|Yes|Yeah|Last|Next|This|That|On|In|At"
    r"|My|Our|The|It|I|We|You|He|She|They|Happy|Good|Great|Mon|Tues|Wednes|Thurs|Fri|Satur"
    r"|Sun|Christmas|Easter)(?:day)?\b)"
)
_TITLE = re.compile(
    r"[\"\u201c][^\"\u201d]{2,60}[\"\u201d]"
    rf"|\b{_NOT_TITLE}[A-Z][\w'-]+(?:\s+{_NOT_TITLE}[A-Z][\w'-]+)+"
)

_ASKS_PLACE = re.compile(
    r"^\W*where\b|\b(?:countr(?:y|ies)|cit(?:y|ies)|places?|areas?|states?|locations?)\b",
    re.IGNORECASE,
)
_ASKS_PERSON = re.compile(r"^\W*(?:who|whom)\b|\bwhat (?:people|person)\b", re.IGNORECASE)
_ASKS_NUMBER = re.compile(r"\bhow (?:many|much|often|long)\b", re.IGNORECASE)
# "What books has she read", "Which musical artists": asks for the works, not about one
# ("What did she take away from the book ...").
_ASKS_TITLE = re.compile(
    r"\b(?:what|which)\s+(?:[\w'-]+\s+){0,2}?(?:artists?|bands?|singers?|musicians?|authors?"
    r"|writers?|books?|novels?|songs?|albums?|movies?|films?|shows?|series|podcasts?|games?"
    r"|titles?)\b",
    re.IGNORECASE,
)


def answer_cue(question: str) -> re.Pattern[str] | None:
    """The pattern of the words an answer to ``question`` holds (a place, a person, a
    number, a title), or None when its kind of answer has none (most "what" and "when"
    questions)."""
    if _ASKS_PLACE.search(question):
        return _PLACE
    if _ASKS_PERSON.search(question):
        return _PERSON
    if _ASKS_NUMBER.search(question):
        return _NUMBER
    if _ASKS_TITLE.search(question):
        return _TITLE
    return None
