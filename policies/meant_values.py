"""A value memory holds, corrected on its own: "Sorry, I meant Cambridge, not Boston" after
"I live in Boston".

People fix what they said in a message of its own, naming only the two values: "I meant
Cambridge, not Boston", "Cambridge, not Boston.", "Correction: Cambridge, not Boston",
"Actually it's Anna, not Ana", "That should be Cambridge, not Boston", "Not Boston,
Cambridge", "When I said Boston I meant Cambridge". Read alone, such a message claims
nothing: it has no verb to read an attribute from. Read against what memory holds of the
speaker, it does: the value corrected is one memory holds when it is said, under one
attribute, and the correction takes its place there. "I live in Boston" then "I meant Cambridge, not
Boston" denies ``location: Boston`` and asserts ``location: Cambridge``; a held value that
names it among other words takes the new one in its place ("move to Boston" becomes "move
to Cambridge").

Nothing when no held value is named, when values of several attributes are (which one was
meant is not said), or when the extractor read the message already ("I live in Cambridge,
not Boston": ``policies/corrections.py``). Both claims are journaled with the extractor's,
as changes.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence

from nousmem.policies.held_denials import denial
from nousmem.projections.belief_models import match_key
from nousmem.projections.models import Claim

__all__ = ["CONFIDENCE", "HeldByAttribute", "meant_values"]

CONFIDENCE = 0.9

#: The values memory holds of an entity when the correction was said, by attribute.
HeldByAttribute = Callable[[str], Mapping[str, Sequence[str]]]

# A value: a name of up to four capitalised words, or one or two lowercase words.
_NAME_WORD = r"(?-i:[A-Z])[\w'&-]*(?:\.[\w'&-]+)*"
_VALUE = rf"(?:{_NAME_WORD}(?:\s+{_NAME_WORD}){{0,3}}|(?-i:[a-z][a-z'-]*(?:\s+[a-z][a-z'-]*)?))"
_LEAD = r"^\W*(?:(?:sorry|oops|whoops|my\s+bad|correction|typo|edit|wait|actually|no)\b\W*\s*)*"
_END = r"\W*$"
_FORMS = tuple(
    re.compile(p, re.IGNORECASE)
    for p in (
        # "Sorry, I meant Cambridge, not Boston." / "Cambridge, not Boston." / "Actually it's
        # Anna, not Ana." / "That should be Cambridge, not Boston."
        _LEAD + r"(?:I\s+meant(?:\s+to\s+say)?\s+|(?:it|that)(?:'s|\s+is|\s+should\s+be|\s+was)\s+"
        r"|(?:it|that)\s+should\s+(?:have\s+)?(?:be|been|say|said)\s+)?(?P<new>"
        + _VALUE
        + r")\s*(?:,|-|\u2014)?\s*(?:and\s+|but\s+)?not\s+(?P<old>"
        + _VALUE
        + r")"
        + _END,
        # "Not Boston, Cambridge." / "Not Boston but Cambridge."
        _LEAD
        + r"not\s+(?P<old>"
        + _VALUE
        + r")\s*(?:,|-|\u2014|but)\s*(?P<new>"
        + _VALUE
        + r")"
        + _END,
        # "When I said Boston, I meant Cambridge." / "I said Boston but I meant Cambridge."
        _LEAD
        + r"(?:when\s+)?I\s+(?:said|wrote|typed)\s+(?P<old>"
        + _VALUE
        + r")\s*,?\s*(?:but\s+)?I\s+meant\s+(?P<new>"
        + _VALUE
        + r")"
        + _END,
    )
)
# Who, not what: "Me, not Tom" corrects who did something, no value held.
_PRONOUNS = frozenset(
    "i me my mine you your yours he him his she her hers we us our ours they them their "
    "theirs it its this that these those".split()
)
# Messages longer than this are no bare correction.
_MAX = 120


def meant_values(
    claims: Sequence[Claim], content: str, actor: str | None, holding: HeldByAttribute
) -> list[Claim]:
    """The value ``content`` corrects and the one it meant, of what ``actor`` holds (see the
    module doc): a denial and an assert, or nothing."""
    low = content.lower()
    if actor is None or len(content) > _MAX or ("not" not in low and "meant" not in low):
        return []
    if any(c.polarity == "assert" for c in claims):
        return []  # the extractor read a claim of its own: ``corrections`` sees the "not"
    text = content.strip()
    m = next((found for f in _FORMS if (found := f.match(text)) is not None), None)
    if m is None:
        return []
    old, new = m.group("old"), m.group("new")
    if match_key(old) == match_key(new) or {match_key(old), match_key(new)} & _PRONOUNS:
        return []
    named = _held_naming(holding(actor), old)
    if len(named) != 1:
        return []
    ((attribute, value),) = named
    key, replaced = match_key(old), match_key(value)
    if replaced == key:
        meant = new
    else:  # "move to Boston": the words of the old value in the held one, replaced
        at = re.search(rf"(?<!\w){re.escape(old)}(?!\w)", value, re.IGNORECASE)
        if at is None:
            return []
        meant = value[: at.start()] + new + value[at.end() :]
    lo = content.find(text) + m.start("new")
    span = (lo, lo + len(m.group("new")))
    deny = denial(actor, attribute, value, CONFIDENCE, span)
    return [deny.model_copy(update={"value": meant, "polarity": "assert"}), deny]


def _held_naming(held: Mapping[str, Sequence[str]], old: str) -> list[tuple[str, str]]:
    """The (attribute, value) pairs held whose value is ``old``, or else, when none is,
    those that name it among their words."""
    key = match_key(old)
    exact = [(a, v) for a, vs in held.items() for v in vs if match_key(v) == key]
    if exact:
        return exact
    words = re.compile(rf"(?<!\w){re.escape(key)}(?!\w)")
    return [(a, v) for a, vs in held.items() for v in vs if words.search(match_key(v))]
