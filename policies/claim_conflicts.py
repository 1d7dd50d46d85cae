"""Claims of one sentence that contradict each other: which one the sentence means.

Several rules may read one sentence, and a sentence may say a thing and take it back. Given
the rule claims of a sentence in text order, :func:`settled` keeps what the sentence means:

* two rules reading the same fact from the same words with opposite polarity ("I left my
  job at X" is also "my job at X"): the negated reading is the specific one;
* an assert taken back later in the sentence by a cessation ("..., but I don't love yoga
  anymore") or a correction between them ("I'm vegan, actually no, I'm not vegan"), unless
  the denial is hedged and the assert is not: the denial stands alone;
* not a narrower denial, which gives way: "I work at Acme but I don't work at Acme on
  Fridays" (a denial with a qualifier after it, when the sentence said the fact before it
  and does not take it back) keeps the employer and drops the exception, which memory
  cannot hold as a fact of its own;
* not an assert said after the denial ("I no longer play tennis and golf, but I play golf
  with my son": both stay);
* a denial read by a rule that ``yields`` gives way to an assert of the same fact in the
  sentence ("I'm no longer a cashier at Target, I'm a manager at Target");
* a place one is going to is a trip, not a pastime: "I'm going to Paris next week" reads
  ``goal: trip to Paris``, and the ``activity: Paris`` that "going to <Name>" also gives
  ("going to Coachella") is dropped, as is the ``activity: bought tickets to Lisbon`` of a
  trip booked; so is the ``activity: bought Subaru`` of a car bought ("I bought a Subaru"
  is ``vehicle: Subaru``).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Sequence

from nousmem.policies.rules import RULES
from nousmem.policies.update_language import corrects
from nousmem.projections.belief_models import match_key
from nousmem.projections.models import Claim

__all__ = ["settled", "with_replaced", "with_turnarounds"]

#: Words that open a qualifier narrowing a denial ("... on Fridays", "... at night", "...
#: during the summer", "... when I travel"). Not the bounds of a change in time ("since May",
#: "after June", "from next month", "until 2020", "for a while", "in years") nor "for now",
#: "at the moment": those end the fact rather than narrow it; nor "in practice", "at all":
#: those deny it outright.
_QUALIFIER = re.compile(
    r"\s*(?!(?:at|in)\s+all\b|in\s+(?:general|fact|practice|reality|truth|real\s+life|any\b)"
    r"|at\s+(?:the\s+moment|the\s+minute|present|this\s+point|this\s+time)\b"
    r"|for\s+(?:now|the\s+time\s+being|good|real|sure|certain)\b"
    r"|(?:in|for)\s+(?:(?:a\s+)?(?:while|long\s+time|(?:few|couple(?:\s+of)?)\s+\w+)|long|ages"
    r"|(?:\w+\s+)?(?:years|months|weeks|days|decades))\b)"
    r"(?:on|in|at|during|with|without|for|when|whenever|while|unless|except|outside|inside|"
    r"around|near|every|today|tonight)\b",
    re.IGNORECASE,
)

#: How the trip rule (``rules_places``) words a trip ahead: "trip to {}".
_TRIP = "trip to "

Found = tuple[int, int, int, Claim]
"""(match start, rule index, claim number, claim), as the extractor collects them."""


def settled(found: Sequence[Found], content: str) -> Iterator[Claim]:
    """The claims of ``found`` (one sentence's, sorted) the sentence means, in order;
    ``content`` is the text their spans index."""
    negated: dict[tuple[str, str, str], list[Claim]] = {}
    asserted: dict[tuple[str, str, str], list[Claim]] = {}
    for _, _, _, c in found:
        key = (match_key(c.entity), c.attribute, match_key(c.value))
        (negated if c.polarity == "negate" else asserted).setdefault(key, []).append(c)
    narrower = [
        c
        for key, denials in negated.items()
        for c in denials
        if any(_narrows(c, a, content) for a in asserted.get(key, ()))
    ]
    trips = {
        (match_key(c.entity), match_key(c.value.removeprefix(_TRIP)))
        for _, _, _, c in found
        if c.attribute == "goal" and c.value.startswith(_TRIP)
    }
    cars = [
        (match_key(c.entity), match_key(c.value))
        for _, _, _, c in found
        if c.attribute == "vehicle"
    ]
    schools = {
        (match_key(c.entity), match_key(c.value)) for _, _, _, c in found if c.attribute == "school"
    }
    # "My dog Rex died": the pet is gone (a denial of it), not a person called Rex.
    dead_pets = {
        match_key(c.value).rsplit(" ", 1)[-1]
        for _, _, _, c in found
        if c.attribute == "pet" and c.polarity == "negate"
    }
    for _, idx, _, claim in found:
        key = (match_key(claim.entity), claim.attribute, match_key(claim.value))
        if claim.attribute == "activity" and (key[0], key[2]) in trips | schools:
            continue  # "I go to MIT": the school, not an outing
        if claim.attribute == "deceased" and key[0] in dead_pets:
            continue
        if claim.attribute == "activity" and _bought_car(key, cars):
            continue  # "I bought a Subaru": the car, not a purchase as a pastime
        if claim.attribute == "activity" and _booked_trip(key, trips):
            continue  # "I bought tickets to Lisbon": the trip, not a purchase as a pastime
        if claim.polarity == "assert" and any(
            _overlap(claim.span, c.span) or _takes_back(c, claim, content)
            for c in negated.get(key, ())
            if not any(c is n for n in narrower)
        ):
            continue
        if claim.polarity == "negate" and (
            (RULES[idx].yields and key in asserted) or any(claim is n for n in narrower)
        ):
            continue
        yield claim


def _booked_trip(key: tuple[str, str, str], trips: set[tuple[str, str]]) -> bool:
    """Whether activity ``key`` is the booking of a trip the sentence names as a goal
    ("bought tickets to lisbon", "booked a hotel in rome")."""
    verb, _, rest = key[2].partition(" ")
    return verb in ("bought", "booked", "got", "reserved") and any(
        e == key[0] and (rest.endswith(" to " + place) or rest.endswith(" in " + place))
        for e, place in trips
    )


def _bought_car(key: tuple[str, str, str], cars: Sequence[tuple[str, str]]) -> bool:
    """Whether activity ``key`` is the buying of a car the sentence names as a vehicle
    ("bought toyota prius", "got new honda")."""
    verb, _, rest = key[2].partition(" ")
    return verb in ("bought", "got") and any(
        e == key[0] and (rest == car or rest.endswith(" " + car)) for e, car in cars
    )


def _overlap(a: tuple[int, int] | None, b: tuple[int, int] | None) -> bool:
    """Whether two claim spans share a character (an unknown span shares all)."""
    return a is None or b is None or (a[0] < b[1] and b[0] < a[1])


def _takes_back(denial: Claim, claim: Claim, content: str) -> bool:
    """Whether ``denial`` takes back ``claim`` said before it in the sentence."""
    a, b = denial.span, claim.span
    if a is None or b is None or a[0] <= b[0] or (denial.hedged and not claim.hedged):
        return False
    return denial.change or corrects(content, b[1], a[0])


def _narrows(denial: Claim, claim: Claim, content: str) -> bool:
    """Whether ``denial`` only narrows ``claim``, said before it in the sentence: a
    qualifier follows the denial, and it takes nothing back."""
    a, b = denial.span, claim.span
    if a is None or b is None or a[0] <= b[1] or _overlap(a, b):
        return False
    if denial.change or corrects(content, b[1], a[0]):
        return False
    return _QUALIFIER.match(content, a[1]) is not None


def with_turnarounds(claims: Iterable[Claim], content: str) -> Iterator[Claim]:
    """``claims``, then the end of a like for each dislike said as a change: "I hate jazz
    now" / "Actually I dislike jazz" (after "I like jazz") also takes back ``likes jazz``.
    Not without update language ("I don't like jazz": the two may stand side by side, "I
    like jazz but not at night"), nor for "still" ("I still hate jazz" changes nothing). A
    like said as a change ends no dislike: "These days I love tea" is far more often news
    than a turnaround, and "used to hate" is read as such."""
    out = list(claims)
    yield from out
    said = {(match_key(c.entity), c.attribute, match_key(c.value)) for c in out}
    for c in out:
        if c.attribute != "dislikes" or c.polarity != "assert" or not c.change:
            continue
        # The clause's "still" may be cut from the value ("I hate coffee still").
        if c.span is not None and _STILL.search(content, c.span[0], c.span[1] + 16):
            continue
        key = (match_key(c.entity), "likes", match_key(c.value))
        if key in said:
            continue
        said.add(key)
        yield c.model_copy(update={"attribute": "likes", "polarity": "negate"})


_STILL = re.compile(r"\bstill\b")


# "I use Linear instead of Jira now": what the value takes the place of, right after it, up
# to the clause's end (at most four words). Not "rather than": "I like tea rather than
# coffee" compares, it ends no liking. (", not X" is read where the value is: see
# ``extract.py``.)
_INSTEAD = re.compile(
    r"\s*,?\s+(?:instead\s+of|in\s+place\s+of)\s+(?:the\s+|my\s+|our\s+)?"
    r"(?P<old>[^\W\d_][\w'&-]*(?:\s+[^\W\d_][\w'&-]*){0,3}?)"
    r"(?=\s*(?:[,.;:!?)]|$|\s(?:now|these\s+days|anymore|any\s+more|and|but|because|since"
    r"|from|for|at|in|on|with|this|next|so)\b))",
    re.IGNORECASE,
)
# Not a thing of the value's kind: a person, "the usual", "before", "that".
_NOT_REPLACED = frozenset(
    "me you him her them us it that this those these one ones usual before last others "
    "other something anything everything nothing".split()
)
_CAPITALISED_TAIL = re.compile(r"(?:\b[A-Z][\w'&.-]*\s*)+$")


def _replaced_value(value: str, old: str) -> str | None:
    """``value`` with what ``old`` stands for put in: the trailing name of the value for a
    name ("visit Korea" instead of "Japan" -> "visit Japan"), the whole value otherwise
    ("tennis" instead of "golf" -> "golf")."""
    words = old.split()
    if words[0].lower() in _NOT_REPLACED:
        return None
    if words[0].lower().endswith("ing") and not value.split()[0].lower().endswith("ing"):
        return None  # "I play tennis instead of going out": no thing of the value's kind
    if old[0].isupper():
        tail = _CAPITALISED_TAIL.search(value)
        if tail is None:
            return None
        return value[: tail.start()] + old
    return old


def with_replaced(claims: Iterable[Claim], content: str) -> Iterator[Claim]:
    """``claims``, then for each assert said to take the place of another ("I use Linear
    instead of Jira now", "We're planning a trip to Korea instead of Japan") the denial of
    what it replaces, of the same entity and attribute, as hedged as the assert."""
    out = list(claims)
    yield from out
    said = {(match_key(c.entity), c.attribute, match_key(c.value)) for c in out}
    for c in out:
        if c.polarity != "assert" or c.span is None:
            continue
        m = _INSTEAD.match(content, c.span[1])
        if m is None:
            continue
        value = _replaced_value(c.value, m.group("old"))
        if value is None or match_key(value) == match_key(c.value):
            continue
        key = (match_key(c.entity), c.attribute, match_key(value))
        if key in said:
            continue
        said.add(key)
        yield c.model_copy(
            update={"value": value, "polarity": "negate", "change": True, "valid_at": None}
        )
