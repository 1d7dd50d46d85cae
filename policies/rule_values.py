"""A rule match's entity and value: who the claim is about and what it says.

Pure functions of a rule, its match and the sentence, used by the rule extractor
(``policies/extract.py``) for every claim it builds.
"""

from __future__ import annotations

import calendar
import re

from nousmem.policies.clauses import Walk
from nousmem.policies.patterns import SPECIES_SINGULAR, Rule
from nousmem.policies.sentences import Sentence
from nousmem.policies.status_words import STATUS_OF
from nousmem.policies.subject_words import ABBREVIATIONS, NAME_STOP, PAST_IRREGULAR
from nousmem.policies.timeexpr import MONTH_NUMBERS, MONTHS
from nousmem.policies.timeexpr_patterns import NUM_WORDS
from nousmem.policies.value_trim import trim_name, trim_phrase
from nousmem.policies.value_words import (
    VALUE_STOP,
    VP_STOP,
)
from nousmem.projections.belief_models import match_key
from nousmem.projections.models import Observation

__all__ = [
    "day_of_year",
    "entity_of",
    "may_elide",
    "plural_pets",
    "shaped",
    "value_of",
    "work_span",
]


_LIKING = frozenset({"likes", "dislikes"})
# A part of the year a liked value may be ("late spring", "the end of summer", "mid-June").
_PART = re.compile(r"(?i:early|mid|late|(?:the\s+)?(?:beginning|start|middle|end)\s+of)\b")
# When in the day or week a liking holds ("I prefer meetings in the morning", "I hate calls
# after 6pm", "I like to run before work"): part of what is liked, not a date to cut off.
_WHEN_LIKED = re.compile(
    r"\s+(?i:in\s+the\s+(?:early\s+|late\s+)?(?:mornings?|afternoons?|evenings?)|at\s+night"
    r"|on\s+(?:the\s+)?(?:weekends?|weekdays)"
    r"|(?:before|after)\s+(?:noon|midday|midnight|lunch|dinner|breakfast|work|school"
    r"|\d{1,2}(?::\d{2})?\s*(?:[ap]m\b|[ap]\.m\.|o'clock\b)?))(?![\w'-])"
)


def entity_of(rule: Rule, match: re.Match[str], walk: Walk, obs: Observation) -> str | None:
    """The claim's entity: the possessor, the speaker or the name the walk found."""
    poss = match.group("poss") if "poss" in rule.regex.groupindex else None
    if poss is not None:
        # "me": "Call me Sam"; "I": "Chris and I are dating".
        if poss.lower() in ("my", "me", "our", "i"):
            return obs.actor
        name = trim_name(poss)
    elif walk.kind == "actor" or walk.kind == "elided":
        return obs.actor
    elif walk.kind == "name":
        name = walk.name
    else:
        return None
    if name is None:
        return None
    if obs.actor is not None and match_key(name) == match_key(obs.actor):
        return obs.actor
    return name


def value_of(
    rule: Rule,
    match: re.Match[str],
    group: str,
    sent: Sentence,
    obs: Observation,
    start: int | None = None,
) -> tuple[str, int] | None:
    """The value of ``group``, trimmed; ``start`` moves a phrase value's start right."""
    text = sent.text
    vs, ve = match.span(group)
    if start is not None:
        vs = start
    if rule.value in ("np", "vp") or group == "old":
        stops = VP_STOP if rule.value == "vp" else VALUE_STOP
        cuts = sent.cuts
        if rule.attribute in _LIKING:
            # "I love the end of summer", "I hate late winter": the time of year is what is
            # liked, not a date to cut out of the value.
            cuts = [
                c
                for c in cuts
                if text[vs:c].strip().lower() not in ("", "the") or not _PART.match(text, c)
            ]
        trimmed = trim_phrase(text, vs, ve, cuts, stops)
        if trimmed is None:
            return None
        value, ve = trimmed
        if rule.attribute in _LIKING:
            when = _WHEN_LIKED.match(text, ve)
            if when is not None:
                value, ve = f"{value} {' '.join(when.group(0).split())}", when.end()
        last = value.rsplit(" ", 1)[-1]
        if last.rstrip(".") in ABBREVIATIONS and (last.endswith(".") or text[ve : ve + 1] == "."):
            # A value cut at "St." / "Dr." ("I moved to Oak Dr. It is quiet": the title's
            # point before a name did not end the sentence, but the name is not the value's).
            return None
    elif rule.value == "name":
        raw = match.group(group)
        if raw.lower() in ("me", "mine", "myself"):
            if obs.actor is None:
                return None
            return obs.actor, ve
        name = trim_name(raw)
        if name is None:
            return None
        value = name
    elif rule.value in ("status", "count", "clock", "hours", "weekday"):
        value = match.group(group)
    elif rule.value == "date":
        value = match.group(group)
        if day_of_year(value) is None:
            return None  # "Feb 30": no such day
    elif rule.value == "pet":
        species = " ".join(match.group("species").lower().split())
        value = SPECIES_SINGULAR.get(species, species)
        pet = match.group("petname")
        if pet is not None and pet.lower() not in NAME_STOP:
            value = f"{value} {pet}"
            # "Mochi is my rabbit": the name may come first.
            ve = max(match.end("petname"), match.end("species"))
        else:
            ve = match.end("species")
    else:
        value = match.group(group)
    if rule.reject and _idiom(value, rule.reject):
        return None
    return shaped(rule, match, value), ve


def plural_pets(rule: Rule, match: re.Match[str]) -> str | None:
    """The species of a pet rule's match that names plural pets and a first one ("my *cats*
    Luna", "two *dogs* named Rex"), in the singular; else None."""
    if rule.value != "pet" or match.group("petname") is None:
        return None
    said = " ".join(match.group("species").lower().split())
    return SPECIES_SINGULAR.get(said)


_LEAD = re.compile(r"^(?:(?:the|a|an|my|our)\s+)+")


def _idiom(value: str, reject: frozenset[str]) -> bool:
    """A lowercase value (after articles) that is one of ``reject`` whole, or whose first
    word is one of them marked with a trailing ``*`` ("own*": "my own pace")."""
    bare = _LEAD.sub("", value)
    if not bare or not bare[0].islower():
        return False  # a name: "Home Depot", "The Moment Agency"
    low = bare.lower()
    return low in reject or f"{low.split(maxsplit=1)[0]}*" in reject


def shaped(rule: Rule, match: re.Match[str], value: str) -> str:
    """A value as its rule states it: a status by its canonical word, a date as "March 5"
    (one value however it is said: "5th of March", "mar 5"), a count in digits ("two" ->
    "2"), in the template."""
    if rule.value == "status":
        status = " ".join(value.lower().split())
        value = STATUS_OF.get(status, status)
    elif rule.value == "date":
        value = day_of_year(value) or value
    elif rule.value == "count":
        value = COUNT_OF.get(value.lower(), value)
    elif rule.value == "clock":
        value = clock_time(value)
    elif rule.value == "hours":
        value = work_span(value)
    elif rule.value == "weekday":
        value = value.capitalize()
    elif rule.value == "allergen":
        value = ALLERGEN_OF.get(value.lower(), value)
    if "verb" in rule.regex.groupindex:
        return rule.template.format(value, verb=match.group("verb").lower())
    if "rec" in rule.regex.groupindex:
        # A recurrence said apart from the value ("My lesson is on Tuesdays"), as said.
        return rule.template.format(value, rec=" ".join(match.group("rec").split()))
    return rule.template.format(value)


#: A count said in words, as digits: "two kids" and "2 kids" are one value (the words the
#: time resolver counts, ``NUM_WORDS``; a rule's own regex says which of them it reads).
COUNT_OF: dict[str, str] = {"no": "0", **{w: str(n) for w, n in NUM_WORDS.items()}}

#: An allergen named before "allergy" ("a peanut allergy"), as "allergic to" names it
#: ("allergic to peanuts"): one value however it is said.
ALLERGEN_OF: dict[str, str] = {
    w: w + ("es" if w.endswith("o") else "s")
    for w in (
        "peanut egg nut cat dog almond cashew walnut pecan hazelnut pistachio bee wasp horse "
        "mushroom tomato kiwi banana rabbit hamster bird feather"
    ).split()
}
ALLERGEN_OF.update({"tree nut": "tree nuts", "strawberry": "strawberries", "berry": "berries"})

_CLOCK = re.compile(r"(\d{1,2})(?:[:.](\d\d))?\s*(?:([ap])\.?m\.?)?|(noon|midnight)", re.I)


_SPAN_CUT = re.compile(r"\s*(?:-|\u2013|\bto\b|\buntil\b|\btill\b)\s*", re.IGNORECASE)
_SPAN_WORDS = {"nine to five": "9 to 5"}


def work_span(said: str) -> str:
    """A span of the day in one form however it is said: "9am-5pm", "9 AM - 5 PM" and "9am
    until 5pm" are "9am to 5pm", "nine to five" is "9 to 5"."""
    said = _SPAN_WORDS.get(" ".join(said.lower().split()), said)
    parts = _SPAN_CUT.split(said.strip(), maxsplit=1)
    if len(parts) != 2:
        return said
    return f"{clock_time(parts[0])} to {clock_time(parts[1])}"


def clock_time(said: str) -> str:
    """A time of day in one form however it is said: "6:00 AM", "6 a.m." and "6am" are
    "6am", "10.30 pm" is "10:30pm", "7:00" is "7", "noon" stays."""
    m = _CLOCK.fullmatch(said.strip())
    if m is None:
        return said
    if m.group(4):
        return m.group(4).lower()
    hour, minutes, half = m.group(1), m.group(2), m.group(3)
    text = str(int(hour)) + (f":{minutes}" if minutes and minutes != "00" else "")
    return text + (f"{half.lower()}m" if half else "")


_DATE_WORD = re.compile(r"[a-z]+|\d+")


def day_of_year(said: str) -> str | None:
    """ "March 5th", "the 5th of March", "mar 5, 1990" -> "March 5" (the year is dropped: a
    birthday is a day of the year); None when ``said`` names no valid day."""
    month = day = None
    for w in _DATE_WORD.findall(said.lower()):
        if w.isdigit():
            if day is None and len(w) <= 2:
                day = int(w)
        elif month is None:
            month = MONTH_NUMBERS.get(w)
    if month is None or day is None:
        return None
    # A leap year, so that February 29 is a day one can be born on.
    if not 1 <= day <= calendar.monthrange(2024, month)[1]:
        return None
    return f"{MONTHS[month - 1].capitalize()} {day}"


def may_elide(rule: Rule, match: re.Match[str]) -> bool:
    """Whether a subjectless sentence opening with this match is the speaker's."""
    if rule.elide == "never":
        return False
    verb = match.group(0).split(maxsplit=1)[0].lower()
    if verb in PAST_IRREGULAR or verb.endswith("ed"):
        return True
    if rule.elide != "past_ing" or not verb.endswith("ing"):
        return False
    if not rule.change:
        return True  # "Planning to visit Rome is stressful" still tells of a plan
    # "Moving to Berlin is hard": the move is what the sentence is about, no one's change.
    text = match.string
    clause = _CLAUSE_BREAK.search(text, match.start())
    return _FINITE.search(text, match.start(), clause.start() if clause else len(text)) is None


# A finite verb in the clause of a sentence's opening "-ing" phrase makes that phrase its
# subject ("Starting at Initech is exciting"); past a comma is another clause.
_FINITE = re.compile(
    # Not a verb of a relative clause or of a subject of its own: "Hoping to find a place
    # that is close to work", "Planning to move somewhere it is warm".
    r"(?<!\bthat\s)(?<!\bwhich\s)(?<!\bwho\s)(?<!\bwhere\s)(?<!\bwhen\s)(?<!\bwhat\s)"
    r"(?<!\bit\s)(?<!\bhe\s)(?<!\bshe\s)(?<!\bthey\s)(?<!\bthere\s)(?<!\bthis\s)(?<!\bi\s)"
    r"(?<!\bwe\s)(?<!\byou\s)"
    r"\b(?:is|was|would|will|can|could|has|had|seems?|seemed|sounds?|feels?|felt|takes?"
    r"|took|makes?|made|might|should|must|isn't|wasn't|won't|can't)\b",
    re.IGNORECASE,
)
_CLAUSE_BREAK = re.compile(r"[,;:.!?—]|\s-\s")
