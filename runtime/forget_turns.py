"""What the user asks memory to forget that no belief states: the turns that hold it.

A contact detail:

"My email is sam.lee@example.com" states no belief: an email address or a phone number is
personal data the risk scan finds (``policies/risk.py``), below the router's quarantine
threshold, so the turn is kept as said and served to reads. "Please forget my email
address" names the ``email`` attribute (``policies/forget_requests.py``), which holds no
value, so before this it invalidated nothing and the address went on being served.

Now such a request also invalidates each of the asker's own observations, said before it,
in which the scan finds a detail of that kind: an email address for "my email (address)",
a phone number for "my phone (number)". They leave every current read; the historical and
audit lenses still show them, with the request as the reason. Not another speaker's turns
(a tool's, an agent's), nor someone else's detail ("Forget my sister's email": ``whose``).

A topic: "Forget what I told you about my therapy" names the words "therapy", which no
belief value holds whole ("I'm seeing a therapist for anxiety" states none), so before
this it forgot nothing. Now, when the topic names no value whole, it also invalidates the
asker's own turns before it that use every word of the topic, each as said or by a shared
start of five letters or more ("therapist" for "therapy", "meetings" for "meeting"), and
that state no value: a value is forgotten by its whole name only, so "I like tea time"
stays when "tea" is asked to be forgotten, as its value does.
"""

from __future__ import annotations

from collections.abc import Mapping

from nousmem.policies.extract import RuleExtractor
from nousmem.policies.forget_requests import ForgetRequest
from nousmem.policies.risk import detect_risks
from nousmem.projections.excerpt import stem
from nousmem.projections.lexical import tokens
from nousmem.projections.models import Observation
from nousmem.runtime.docrows import DocRow

__all__ = ["PII_LABELS", "pii_turns", "topic_turns"]

#: The attribute a request names -> the risk label of the detail it means.
PII_LABELS: Mapping[str, str] = {"email": "email", "phone": "phone"}


def pii_turns(request: ForgetRequest, obs: Observation, docs: Mapping[str, DocRow]) -> list[str]:
    """The event ids of ``obs.actor``'s observations before ``obs`` that hold a detail of
    the kind ``request`` names (see the module doc), in journal order."""
    labels = {PII_LABELS[a] for a in request.attributes if a in PII_LABELS}
    if not labels or request.form != "attribute" or request.whose:
        return []
    out: list[str] = []
    for row in _own_before(obs, docs):
        # Cheap tests first: an email has an "@", a phone number digits.
        if not (
            ("email" in labels and "@" in row.text) or ("phone" in labels and _digits(row.text))
        ):
            continue
        if any(f.label in labels for f in detect_risks(row.text)):
            out.append(row.event_id)
    return out


def _digits(text: str) -> bool:
    return sum(c.isdigit() for c in text) >= 10


def topic_turns(request: ForgetRequest, obs: Observation, docs: Mapping[str, DocRow]) -> list[str]:
    """The event ids of ``obs.actor``'s observations before ``obs`` that use every word of
    the topic an ``about`` request names and state no value (see the module doc), in
    journal order."""
    if request.form != "about":
        return []
    topic = tokens(request.target)
    if not topic:
        return []
    out: list[str] = []
    for row in _own_before(obs, docs):
        # The words said, not the lead ("[8 May 2023] Sam: ") nor the time notes.
        said = row.text[row.lead : len(row.text) - row.notes]
        if _uses_topic(topic, said) and not _EXTRACTOR.extract_sync(
            Observation(content=said, actor=obs.actor)
        ):
            out.append(row.event_id)
    return out


_EXTRACTOR = RuleExtractor()


def _uses_topic(topic: list[str], text: str) -> bool:
    """Whether ``text`` uses every word of ``topic`` (its tokens), each as said or by a
    shared start (see :func:`_same_word`)."""
    words = set(tokens(text))
    return bool(topic) and all(any(_same_word(t, w) for w in words) for t in topic)


def _own_before(obs: Observation, docs: Mapping[str, DocRow]) -> list[DocRow]:
    """``obs.actor``'s observations said no later than ``obs``, in journal order."""
    if obs.actor is None:
        return []
    return [
        row
        for row in docs.values()
        if row.kind == "observation"
        and row.actor == obs.actor
        and (obs.occurred_at is None or row.occurred_at <= obs.occurred_at)
    ]


def _same_word(a: str, b: str) -> bool:
    """The same word, by its stem, or by a shared start of five letters or more that leaves
    at most two letters of the shorter ("therapy", "therapist")."""
    if a == b or stem(a) == stem(b):
        return True
    n = 0
    for x, y in zip(a, b, strict=False):
        if x != y:
            break
        n += 1
    return n >= 5 and n >= min(len(a), len(b)) - 2
