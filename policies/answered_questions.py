"""A bare yes or no that answers an agent's question about the user: the question's claim,
said by the user.

"You live in Oslo, right?" then "Yes." is the user's own "I live in Oslo"; "Do you still
work at Acme?" then "No." (or "Not anymore.") denies it. The question is the last sentence
of the agent's turn that comes right before the answer, asked of "you" as a tag question
("You mentioned you're vegetarian, right?", "So your sister lives in Berlin, correct?") or
with "do / are / have / were you" in front ("Are you still at Acme?", "Do you have a dog?").
Only an answer that is the whole turn counts ("Yes.", "Yep!", "That's right", "No, not
anymore"): "Yes, but I moved to Bergen" says more than yes, and the extractor reads what
it says. A bare name or number that answers a question of "where", "what's your name" or
"how old" ("Where do you live?" "Oslo.") is read by ``policies/answered_values.py``.
"""

from __future__ import annotations

import re

from nousmem.policies.agent_echoes import from_agent
from nousmem.policies.answered_values import valued_statement
from nousmem.policies.sentences import sentences
from nousmem.policies.verb_forms import simple_past
from nousmem.projections.models import Claim, Observation

__all__ = ["answer", "answered", "answered_claims", "asked_statement", "last_question"]

_YES = re.compile(
    r"(?:yes|yeah|yep|yup|yes\s+indeed|correct|exactly|right|that['\u2019]s\s+(?:right"
    r"|correct)|yes,?\s+that['\u2019]s\s+(?:right|correct)|yes,?\s+(?:I\s+do|I\s+am)"
    r"|I\s+do|I\s+am|I\s+have|still\s+(?:do|am))",
    re.IGNORECASE,
)
_NO = re.compile(
    r"(?:no|nope|nah|not\s+anymore|not\s+any\s+more|no,?\s+not\s+(?:anymore|any\s+more)"
    r"|no,?\s+I\s+(?:don['\u2019]t|am\s+not|haven['\u2019]t)|I\s+don['\u2019]t"
    r"|I['\u2019]m\s+not|I\s+haven['\u2019]t)",
    re.IGNORECASE,
)
_CLOSE = re.compile(r"[\s.!]*$")

# A question's tag: "..., right?", "..., is that right?", "..., correct?".
_TAG = re.compile(
    r"\s*,?\s*(?:right|correct|is\s+that\s+(?:right|correct)|am\s+I\s+right|yes)\s*\?\s*$",
    re.IGNORECASE,
)
# What may open a tag question before its clause: "So", "Just to confirm,", "You mentioned".
_LEAD = re.compile(
    r"(?:(?:so|and|ok(?:ay)?|just\s+to\s+(?:confirm|check)|to\s+confirm|if\s+I\s+remember"
    r"\s+(?:correctly|right))\s*,?\s+)*(?:you\s+(?:mentioned|said|told\s+me)\s+(?:that\s+)?)?",
    re.IGNORECASE,
)
_INVERTED = re.compile(
    r"(?P<aux>do|are|have|were|did)\s+you\s+(?P<rest>[^?]+?)\s*\?\s*$", re.IGNORECASE
)
# "Did you (finally) move to Berlin?": its verb, to be said in the past.
_DID = re.compile(
    r"(?P<adv>(?:finally|already|ever|actually)\s+)?(?:end\s+up\s+)?(?P<verb>[a-z]+)\b", re.I
)
_EVER = re.compile(r"^ever\s+", re.IGNORECASE)
_AS_I = {"do": "I", "are": "I am", "have": "I have", "were": "I was", "did": "I"}
# The clause's own subject: "you are" / "you're" / "you were" / "you" / "your".
_SUBJECT = re.compile(
    r"(?P<your>your)\b|(?P<you>you)(?:\s+(?P<be>are|were)\b|(?P<re>['\u2019]re)\b|\b)",
    re.IGNORECASE,
)
_SECOND = re.compile(r"\b(?:(?P<your>your)|(?P<self>yourself)|(?P<you>you))\b", re.IGNORECASE)


def answer(content: str) -> bool | None:
    """True for a turn that is a bare yes ("Yes.", "Yep!", "That's right"), False for a
    bare no ("No.", "Nope", "Not anymore"), else None."""
    text = _CLOSE.sub("", content.strip())
    if _YES.fullmatch(text):
        return True
    if _NO.fullmatch(text):
        return False
    return None


def asked_statement(turn: str) -> str | None:
    """The agent's closing yes/no question about "you" in the user's words: "You live in
    Oslo, right?" -> "I live in Oslo."; "Do you still work at Acme?" -> "I still work at
    Acme."; None when its last sentence asks no such question."""
    question = last_question(turn)
    if question is None:
        return None
    inverted = _INVERTED.match(question)
    if inverted is not None:
        head = _AS_I[inverted.group("aux").lower()]
        # "Have you ever been to Japan?": "I have been to Japan" (which a "no" denies).
        rest = _EVER.sub("", inverted.group("rest"))
        did = _DID.match(rest) if inverted.group("aux").lower() == "did" else None
        if did is not None:
            # "Did you (end up) move / moving to Berlin?": "I moved to Berlin".
            rest = simple_past(did.group("verb")) + rest[did.end() :]
        return f"{head} {_mine(rest)}."
    tag = _TAG.search(question)
    if tag is None:
        return None
    lead = _LEAD.match(question)
    clause = question[lead.end() if lead else 0 : tag.start()]
    subject = _SUBJECT.match(clause)
    if subject is None:
        return None
    if subject.group("your"):
        head = "My"
    elif subject.group("be"):
        head = "I am" if subject.group("be").lower() == "are" else "I was"
    elif subject.group("re"):
        head = "I'm"
    else:
        head = "I"
    rest = clause[subject.end() :]
    return f"{head}{_mine(rest) if rest[:1].isspace() else ' ' + _mine(rest)}."


def last_question(turn: str) -> str | None:
    """The last sentence of ``turn`` when it is a question ("Got it. Where do you live?"
    gives "Where do you live?"), else None."""
    last = None
    for piece in sentences(turn):
        last = piece
    question = None if last is None else last.group().strip()
    return question if question and question.endswith("?") else None


def _mine(words: str) -> str:
    """``words`` with the second person made the speaker's: "your" -> "my", "you" -> "me"."""

    def swap(m: re.Match[str]) -> str:
        return "my" if m.group("your") else "myself" if m.group("self") else "me"

    return _SECOND.sub(swap, words)


def answered(obs: Observation, turn: str | None) -> tuple[Observation, bool] | None:
    """``obs`` as the statement it makes by answering ``turn`` (the agent's turn right
    before it, or None) with a bare yes or no: the question in its actor's words, and True
    for yes. None from an agent, or without such a question and answer."""
    if turn is None or obs.actor is None or from_agent(obs.source):
        return None
    yes = answer(obs.content)
    if yes is None:
        # "Where do you live?" "Oslo.": the statement the question asks for.
        question = last_question(turn)
        statement = None if question is None else valued_statement(question, obs.content)
        yes = True
    else:
        statement = asked_statement(turn)
    if statement is None:
        return None
    return obs.model_copy(update={"content": statement, "claims": []}), yes


def answered_claims(said: list[Claim], yes: bool, content: str) -> list[Claim]:
    """The claims read from an answered question (``said``) as the answer ``content``
    makes them: a "no" denies what the question asserts (and drops the rest); the span is
    the whole answer, since the words are the question's."""
    span = (0, len(content))
    return [
        c.model_copy(update={"span": span, "polarity": c.polarity if yes else "negate"})
        for c in said
        if yes or c.polarity == "assert"
    ]
