"""A bare name or number that answers an agent's question about the user: the statement the
question asks for, with the answer in it.

"Where do you live?" then "Oslo." is the user's "I live in Oslo."; "What's your sister's
name?" then "Maya" is "My sister's name is Maya."; "How old are you?" then "35" is "I'm 35
years old."; "What do you do for a living?" then "Software engineer." is "I'm a software
engineer." (which the role rules read only for an occupation they know). The question is
the last sentence of the agent's turn right before the answer, one of a few shapes (see
``_ASKS``); the answer is the whole turn, a capitalised name of up to four words (a leading
"in", "at", "it's" or "it is" allowed: "In Oslo."), an occupation, or for an age a number.
A longer answer ("I live in Oslo now") is read for what it says.
"""

from __future__ import annotations

import re

__all__ = ["valued_statement"]

_NAME = r"[A-Z][\w'&.-]*(?:\s+(?:of\s+|the\s+)?[A-Z][\w'&.-]*){0,3}"
_ANSWER = re.compile(
    rf"(?:(?:in|at|it['\u2019]s|it\s+is|its)\s+)?(?P<name>{_NAME})\s*[.!]*",
    re.IGNORECASE,
)
_NUMBER = re.compile(r"(?:I['\u2019]m\s+)?(?P<n>\d{1,3})\s*[.!]*", re.IGNORECASE)
# A question, and the statement its answer makes ("{}" the answer).
_ASKS: tuple[tuple[re.Pattern[str], str], ...] = (
    (re.compile(r"where\s+do\s+you\s+(?:currently\s+)?live", re.I), "I live in {}."),
    (re.compile(r"where\s+are\s+you\s+(?:currently\s+)?(?:based|living)", re.I), "I live in {}."),
    (re.compile(r"where\s+are\s+you\s+(?:originally\s+)?from", re.I), "I'm from {}."),
    (re.compile(r"where\s+do\s+you\s+(?:currently\s+)?work", re.I), "I work at {}."),
    (re.compile(r"who\s+do\s+you\s+(?:currently\s+)?work\s+for", re.I), "I work at {}."),
    (
        re.compile(r"what['\u2019]?s\s+your\s+name|what\s+is\s+your\s+name", re.I),
        "My name is {}.",
    ),
    (
        re.compile(
            r"what(?:['\u2019]?s|\s+is)\s+your\s+(?P<whose>(?:[a-z]+\s+)?[a-z]+)['\u2019]s\s+name",
            re.I,
        ),
        "My {whose}'s name is {}.",
    ),
)
_AGE = re.compile(r"how\s+old\s+are\s+you", re.IGNORECASE)
# "What do you do (for work / for a living)?" "Nurse.": an occupation, in lower case.
_WORK = re.compile(
    r"what\s+do\s+you\s+do(?:\s+for\s+(?:work|a\s+living))?\s*\?|what(?:['\u2019]?s|\s+is)"
    r"\s+your\s+(?:job|occupation|profession)",
    re.IGNORECASE,
)
_OCCUPATION = re.compile(
    r"(?:I['\u2019]m\s+)?(?:an?\s+)?(?P<job>[A-Za-z][\w-]*(?:\s+[a-z][\w-]*){0,2})\s*[.!]*",
    re.IGNORECASE,
)
# One-word replies that open with a capital as any turn does, and are no name.
_NOT_NAMES = frozenset(
    (
        "thanks thank thx ok okay k sure yes yeah yep no nope nah hi hello hey lol haha hmm "
        "sorry why what who where when how nothing nowhere everywhere somewhere home here "
        "there later maybe perhaps idk whatever none pass skip never mind good great fine "
        "cool nice wow oops please wait hold same both neither either all it that this "
        # Where one works or lives that is no place's or employer's name.
        "remote remotely online abroad downtown freelance retired unemployed student "
        "school college university uni office"
    ).split()
)


def valued_statement(question: str, content: str) -> str | None:
    """The statement ``content`` (a user's whole turn) makes by answering ``question`` (the
    last sentence of the agent's turn before it, a question) with a bare name or number;
    None when the question is none of the shapes read or the answer says more than that."""
    if _AGE.search(question):
        age = _NUMBER.fullmatch(content.strip())
        return None if age is None else f"I'm {age.group('n')} years old."
    if _WORK.search(question):
        # The role rules know the occupations: "I'm a thanks." gives nothing.
        job = _OCCUPATION.fullmatch(content.strip())
        return None if job is None else f"I'm a {job.group('job').lower()}."
    named = _ANSWER.fullmatch(content.strip())
    if named is None or not named.group("name")[:1].isupper():
        return None
    name = named.group("name").rstrip(".")
    if name.split()[0].casefold().rstrip(".") in _NOT_NAMES:
        return None  # "Thanks.", "Nowhere really"
    for asks, statement in _ASKS:
        m = asks.search(question)
        if m is not None:
            whose = m.groupdict().get("whose") or ""
            return statement.replace("{whose}", whose.lower()).format(name)
    return None
