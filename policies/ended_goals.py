"""A goal memory holds, ended by what is said later: given up or done.

The goal rules read "I want to learn Spanish" as the goal ``learn Spanish``, and a denial
only in the goal's own words ("I'm no longer planning to learn Spanish"). People end goals
in other words, which name the goal's object and not the goal, so read alone they end
nothing and the goal stayed held for good. Read against the goals the speaker holds, they
do:

- **given up**: "I gave up on Spanish", "I've given up on learning Spanish", "We decided
  not to move to Denver after all", "I've decided against the PhD", "I dropped my Spanish
  classes", "The Denver move is off", "I'm not learning Spanish anymore"; by the verb
  alone when the clause ends there and one goal held has that verb ("We decided not to
  move after all", "I'm not moving after all");
- **done**: "I ran my first marathon last weekend" after "I want to run a marathon", "We
  bought a house in Oak Park" after "I'd like to buy a house", "I finally got my PhD"; a
  new pet the extractor read ("We adopted a beagle named Max") after "I'm thinking about
  adopting a dog", unless it is of another species ("a cat named Luna";
  `policies/pet_goals.py`).

The sentence names the goal's object (its words after the verb, less articles and
possessives: ``run a marathon`` is ``marathon``; each word as said or by its stem, so "the
promotion" names ``get promoted``) close to the cue: within a few words after
"gave up on", or after the goal's verb in the past with "I" or "we" as its subject. Not a
part of it ("I ran a half marathon", "I finished my marathon training", "I learned some
Spanish"), a supposition, a denial ("I haven't given up on Spanish") or a question. Done
only if the goal was held when it was done (the sentence's date, when the extractor read
one): "I ran a marathon in 2019", told after the goal, fulfils nothing. Each is a denial of
the held goal, journaled with the extractor's claims, as ``plans.fulfilled_plans`` makes
for a planned state that comes true ("I started at Google today").

Tasks (``todo``: "Remind me to call Mom", ``policies/rules_tasks.py``) end the same way:
"I called Mom", "I finally renewed my passport", "I decided not to call the bank"; and
either ends when the list is asked to show it done: "Cross off call Mom", "Check off the
passport", "Mark the vet as done", "Remove call the bank from my list", "I'm done with
the report".
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from datetime import datetime
from functools import cache

from nousmem.policies.clause_leads import CLAUSE_BREAK
from nousmem.policies.goal_words import (
    REACH,
    WORD,
    names_goal,
    parts,
    reaches,
    unreal,
    verb_named,
)
from nousmem.policies.held_denials import denial, statements
from nousmem.policies.held_values import HeldValues, SaidValues
from nousmem.policies.pet_goals import new_pets, pet_done, pet_kinds
from nousmem.policies.plans import PLAN_ATTRIBUTE
from nousmem.policies.rules_tasks import TASK_ATTRIBUTE
from nousmem.policies.verb_forms import past_forms, verb_forms
from nousmem.projections.belief_models import match_key
from nousmem.projections.models import Claim

__all__ = ["ended_goals"]

CONFIDENCE = 0.9
# What is ended so: goals, and tasks (``policies/rules_tasks.py``).
_ENDED = (PLAN_ATTRIBUTE, TASK_ATTRIBUTE)
_ADVERBS = (
    r"(?:\s+(?:finally|just|officially|actually|now|already|also|basically|totally"
    r"|completely|kind\s+of|pretty\s+much|reluctantly|sadly|eventually|successfully))*"
)
_SUBJECT = r"\b(?:I|[Ww]e)(?:'ve|'d|\s+have|\s+had)?" + _ADVERBS + r"\s+"
# Who did it, and the verb: "I" or "we", or no one at a sentence's start, where a past verb
# is the speaker's report ("Paid the electric bill.", "Just emailed Tom.", "Finally picked
# up the dry cleaning!").
_DONE_BY = re.compile(
    r"(?:"
    + _SUBJECT
    + r"|^\W*(?:(?i:just|finally|already|ok|okay|so|yay|phew|and|also)[\s,!]+)*)"
    + r"(?P<verb>[\w-]+)"
)
# Errands of getting are said done by any verb of getting: "Got the milk" does "buy milk".
_GETTING = frozenset({"buy", "get", "grab", "pick"})
_GOT = frozenset({"got", "bought", "grabbed", "picked"})
_GOT_TO = re.compile(r"\s+to\b", re.IGNORECASE)
# What any cue of giving up has in it (a substring test before the patterns).
_GIVING_UP_CUES = (
    "gave",
    "given",
    "give",
    "giving",
    "decided",
    "changed",
    "dropped",
    "quit",
    "abandoned",
    "scrapped",
    "shelved",
    "ditched",
    "called off",
    "cancel",
    "backed out",
    "no longer",
    "after all",
    "anymore",
    "any more",
    "any longer",
    "off",
    "fell through",
    "happen",
    "dead",
)
# Cues that end a goal on their own ...
_GIVEN_UP = re.compile(
    _SUBJECT + r"(?P<cue>(?P<verb>gave|given|give|giving)\s+up(?:\s+on)?|decided\s+against"
    r"|decided\s+not\s+to|changed\s+(?:my|our)\s+minds?\s+(?:about|on)"
    r"|(?P<verb2>dropped|quit|abandoned|scrapped|shelved|ditched)(?:\s+out\s+of)?"
    r"|called\s+off|cancell?ed|backed\s+out\s+of"
    r"|no\s+longer\s+(?:want|wanna|plan|planning|intend|hope|hoping|going|need|have)\s+to)\b"
)
# ... and cues that do so only with "after all" or "anymore" later in the sentence.
_NOT_AFTER_ALL = re.compile(
    r"\b(?:I|[Ww]e)(?:'m|'re|\s+am|\s+are|'ll|\s+will)?"
    + _ADVERBS
    + r"\s+(?P<cue>not\s+(?:going\s+to|gonna)|won't|not)\b"
)
_AFTER_ALL = re.compile(r"\b(?:after\s+all|any\s?more|any\s+longer)\b", re.IGNORECASE)
# Said of the goal's object, after it: "The Denver move is off".
_OFF = re.compile(
    r"\s+(?:(?:is|was|'s)\s+(?:off|cancell?ed|called\s+off|not\s+happening|dead)"
    r"|isn't\s+happening|fell\s+through|won't\s+happen)\b"
)
# Asked of the list itself: "Cross off call mom", "Check off the passport", "Mark the
# vet as done", "Remove call the bank from my list", "I'm done with the report".
_MARK_CUES = ("off", "mark", "remove", "delete", "done with", "finished with")
_MARKED = re.compile(
    r"\b(?P<cue>(?:cross|check|tick)(?:ed)?\s+off|(?P<mark>mark(?:ed)?)|remove[ds]?|delete[ds]?"
    r"|done\s+with|finished\s+with)\b",
    re.IGNORECASE,
)
_FOR_NOW = re.compile(r"\bfor\s+(?:now|today|tonight|the\s+day|the\s+week)\b", re.IGNORECASE)
_AS_DONE = re.compile(r"\b(?:as\s+)?(?:done|complete|completed|finished)\b", re.IGNORECASE)
_FROM_LIST = re.compile(
    r"\bfrom\s+(?:my|the|our)\s+(?:(?:to-?do|todo|task|reminders?|shopping|grocery|groceries)\s+)?"
    r"list\b",
    re.IGNORECASE,
)
_DONE_VERBS = frozenset({"finished", "completed", "achieved"})


def ended_goals(
    claims: Sequence[Claim],
    content: str,
    actor: str | None,
    occurred: datetime,
    held: HeldValues,
    held_now: SaidValues,
    said: SaidValues,
) -> list[Claim]:
    """The denials of goals and tasks ``actor`` held that ``content`` (said at
    ``occurred``) gives up or reports done (see the module doc), less those ``claims``
    already make.

    ``held_now(entity, attribute)``: the values held at present, a cheap read tried first
    (most messages name no goal's object, and a goal ended already needs no denial);
    ``held`` then confirms the goal was held when it ended, which refolds the belief.
    ``said(entity, attribute)``: every value memory was ever told (a pet new to memory
    fulfils a goal to get one)."""
    if actor is None:
        return []
    out: list[Claim] = []
    for attribute in _ENDED:
        out += _ended(attribute, claims, content, actor, occurred, held, held_now, said)
    # "Leo got a new bike" after "Leo wants a new bike": another's goal, said done of them
    # by name (the extractor read the sentence as about them).
    mine = match_key(actor)
    others = {match_key(c.entity): c.entity for c in claims if c.polarity == "assert"}
    for key, name in others.items():
        if key != mine and name in content:
            out += _done_by_other(name, claims, content, occurred, held, held_now)
    return out


def _done_by_other(
    name: str,
    claims: Sequence[Claim],
    content: str,
    occurred: datetime,
    held: HeldValues,
    held_now: SaidValues,
) -> list[Claim]:
    """The denials of the goals ``name`` holds that ``content`` reports done, ``name``
    the subject of the goal's verb in the past ("Leo finally got a new bike")."""
    goals = held_now(name, PLAN_ATTRIBUTE)
    if not goals:
        return []
    low = content.lower()
    words = frozenset(WORD.findall(low.replace("'s ", " ")))
    done = [g for g in goals if names_goal(g, words, low) and not words.isdisjoint(_done_words(g))]
    if not done:
        return []
    by = re.compile(rf"\b{re.escape(name)}(?:\s+has|\s+had)?" + _ADVERBS + r"\s+(?P<verb>[\w-]+)")
    out: list[Claim] = []
    for lo, text in statements(content):
        at = _when(claims, lo, lo + len(text), occurred)
        for goal in done:
            span = _done(text, goal, by)
            if span is None or match_key(goal) not in {
                match_key(v) for v in held(name, PLAN_ATTRIBUTE, at)
            }:
                continue
            out.append(denial(name, PLAN_ATTRIBUTE, goal, CONFIDENCE, (lo + span[0], lo + span[1])))
    return out


def _ended(
    attribute: str,
    claims: Sequence[Claim],
    content: str,
    actor: str,
    occurred: datetime,
    held: HeldValues,
    held_now: SaidValues,
    said: SaidValues,
) -> list[Claim]:
    """``ended_goals`` for the goals (or tasks) held as ``attribute``."""
    goals = held_now(actor, attribute)
    if not goals:
        return []
    low = content.lower()
    words = frozenset(WORD.findall(low.replace("'s ", " ")))
    pets: list[Claim] = []
    if attribute == PLAN_ATTRIBUTE and any(
        c.attribute == "pet" and c.polarity == "assert" for c in claims
    ):
        pets = new_pets(claims, said(actor, "pet"))
    named = [g for g in goals if names_goal(g, words, low) or (pets and _pet_kinds(g))]
    # "We decided not to move after all": the verb alone, of the one goal it can be.
    by_verb = [g for g in goals if g not in named and verb_named(g, words)]
    bare = by_verb[0] if len(by_verb) == 1 else None
    if bare is not None:
        named.append(bare)
    if not named:
        return []
    # Cheap tests before the patterns: a cue of giving up, the past of a named goal's verb.
    giving_up = any(cue in low for cue in _GIVING_UP_CUES)
    marking = any(cue in low for cue in _MARK_CUES)
    done = {g for g in named if not words.isdisjoint(_done_words(g))}
    if not giving_up and not done and not pets and not marking:
        return []
    denied = {
        match_key(c.value) for c in claims if c.attribute == attribute and c.polarity == "negate"
    }
    out: list[Claim] = []
    for lo, text in statements(content):
        at = _when(claims, lo, lo + len(text), occurred)
        for goal in named:
            span = (
                (_given_up_bare(text, goal) if goal == bare else None)
                or (_given_up(text, goal) if giving_up and goal != bare else None)
                or (_marked(text, goal, attribute == TASK_ATTRIBUTE) if marking else None)
                or (_done(text, goal) if goal in done else None)
                or pet_done(_pet_kinds(goal), pets, lo, text)
            )
            if span is None or match_key(goal) in denied:
                continue
            when = occurred if span[2] == "given up" else at
            if match_key(goal) not in {match_key(v) for v in held(actor, attribute, when)}:
                continue
            denied.add(match_key(goal))
            out.append(denial(actor, attribute, goal, CONFIDENCE, (lo + span[0], lo + span[1])))
    return out


@cache
def _done_words(goal: str) -> frozenset[str]:
    """The words of which one must be in a message that says ``goal`` is done."""
    verb = parts(goal)[0]
    out = (past_forms(verb) if verb else frozenset()) | _DONE_VERBS
    return out | _GOT if verb in _GETTING else out


def _when(claims: Sequence[Claim], lo: int, hi: int, occurred: datetime) -> datetime:
    """The earliest date the extractor read in the sentence at [lo, hi), else ``occurred``."""
    dates = [
        c.valid_at
        for c in claims
        if c.valid_at is not None and c.span is not None and lo <= c.span[0] < hi
    ]
    if not dates:
        return occurred
    return min(occurred, datetime.combine(min(dates), occurred.timetz()))


def _given_up(text: str, goal: str) -> tuple[int, int, str] | None:
    verb = parts(goal)[0]
    forms = verb_forms(verb) if verb else frozenset()
    for m in _GIVEN_UP.finditer(text):
        cue_verb = (m.group("verb") or m.group("verb2") or "").lower()
        # "I quit smoking" after "I want to quit smoking" is the goal done, not given up.
        if cue_verb in forms:
            continue
        if unreal(text, m.start()):
            continue
        end = reaches(text, m.end(), goal, partial_ok=True)
        if end is not None:
            return m.start(), end, "given up"
    for m in _NOT_AFTER_ALL.finditer(text):
        if unreal(text, m.start()) or _AFTER_ALL.search(text, m.end()) is None:
            continue
        end = reaches(text, m.end(), goal, partial_ok=True)
        if end is not None:
            return m.start(), end, "given up"
    for m in _OFF.finditer(text):
        begin = max((b.end() for b in CLAUSE_BREAK.finditer(text, 0, m.start())), default=0)
        before = list(WORD.finditer(text, begin, m.start()))[-REACH:]
        if not before or unreal(text, before[0].start()):
            continue
        if reaches(text, before[0].start(), goal, partial_ok=True) is not None:
            return before[0].start(), m.end(), "given up"
    return None


# What may end a clause after a goal's bare verb given up: "We decided not to move (after
# all / anymore / for now)".
_BARE_END = re.compile(
    r"\s*(?:$|[.;:!?,]|(?:after\s+all|any\s?more|any\s+longer|for\s+now|this\s+year"
    r"|(?:at\s+)?all)\b)",
    re.IGNORECASE,
)


def _given_up_bare(text: str, goal: str) -> tuple[int, int, str] | None:
    """``goal`` given up by its verb alone, with nothing after it in the clause: "We decided
    not to move after all", "I'm not moving after all" (the one goal held of that verb)."""
    forms = verb_forms(parts(goal)[0])
    for pattern, after_all in ((_GIVEN_UP, False), (_NOT_AFTER_ALL, True)):
        for m in pattern.finditer(text):
            if not m.group("cue").lower().startswith(("decided", "not", "won't", "no longer")):
                continue
            if unreal(text, m.start()):
                continue
            verb = WORD.match(text, m.end() + 1) if text[m.end() : m.end() + 1] == " " else None
            if verb is None or verb.group(0).lower() not in forms:
                continue
            if _BARE_END.match(text, verb.end()) is None:
                continue
            if after_all and _AFTER_ALL.search(text, verb.end()) is None:
                continue
            return m.start(), verb.end(), "given up"
    return None


def _marked(text: str, goal: str, task: bool) -> tuple[int, int, str] | None:
    """A request to mark ``goal`` done on the list, naming its object after the cue: "Cross
    off call mom", "Mark the passport as done", "Remove call the bank from my list"; and,
    of a ``task`` only, "I'm done with the report" (done with Spanish is a lesson's end).
    """
    for m in _MARKED.finditer(text):
        if unreal(text, m.start()):
            continue
        cue = m.group("cue").lower()
        if cue.endswith(" with") and (not task or _FOR_NOW.search(text, m.end()) is not None):
            continue  # "I'm done with the report for today": a day's work, not the task
        rest = text[m.end() :]
        if m.group("mark") and _AS_DONE.search(rest) is None:
            continue  # "Mark the date", "I marked the spot"
        if cue.startswith(("remove", "delete")) and _FROM_LIST.search(rest) is None:
            continue  # "I removed the mold", "Delete the old photos"
        end = reaches(text, m.end(), goal, partial_ok=True)
        if end is not None:
            return m.start(), end, "done"
    return None


def _done(text: str, goal: str, by: re.Pattern[str] = _DONE_BY) -> tuple[int, int, str] | None:
    """Where ``text`` says ``goal`` done (``by``: who did it and the verb), else None."""
    verb, obj = parts(goal)
    if not verb or not obj:
        return None  # "retire": said done in too many ways to read from the verb
    pasts = _done_words(goal)
    for m in by.finditer(text):
        if m.group("verb").lower() not in pasts or unreal(text, m.start()):
            continue
        if _GOT_TO.match(text, m.end()):
            continue  # "Got to buy milk": a need, not a purchase
        end = reaches(text, m.end(), goal, partial_ok=False)
        if end is not None:
            return m.start(), end, "done"
    return None


@cache
def _pet_kinds(goal: str) -> frozenset[str]:
    return pet_kinds(*parts(goal))
