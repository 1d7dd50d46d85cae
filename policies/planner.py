"""The query planner: a deterministic reading of a question before retrieval."""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from datetime import date, datetime, timedelta

from pydantic import BaseModel, ConfigDict

from nousmem.policies.risk import REDACTION_MARK
from nousmem.policies.subject_words import ATTRIBUTE_NOUNS
from nousmem.policies.timeexpr import resolve_time_expressions
from nousmem.projections.belief_models import match_key
from nousmem.projections.lexical import fts_query, tokens

LENSES = ("logical", "procedural", "historical", "audit", "associative")

_WHEN = re.compile(
    r"\b(?:when|what (?:date|day|time|year|month)|how long (?:ago|has|have|did|since)|"
    r"since when|which (?:year|month|day))\b",
    re.I,
)
_LIST = re.compile(
    r"\b(?:what are all|list|all the|which .{0,40}(?:has|have|did)|what (?:kinds?|types?|"
    r"activities|hobbies|books|places|things|events)|how many|what .{0,30}s (?:has|have|does|do|"
    r"did))\b",
    re.I,
)
_PROCEDURE = re.compile(
    r"\b(?:how (?:do|did|to|can)|steps?|procedure|fix(?:ed)?|workaround)\b", re.I
)
# Nouns that name a state ("What was my address?"), not "What was Melanie's reaction?":
# the attribute nouns, and a few more states people ask the history of.
_SLOT_NOUNS = "|".join(
    re.escape(n)
    for n in sorted(
        {
            *(n for n in ATTRIBUTE_NOUNS if " i " not in n),
            *"title home partner boss manager salary school team major university office".split(),
            *"girlfriend boyfriend car apartment house neighborhood neighbourhood".split(),
        },
        key=lambda n: (-len(n), n),
    )
)
_WHOSE = r"(?:my|his|her|their|our|your|\w+'s)\s+(?:[\w-]+'s\s+|home\s+)?"
# The state noun ends what is asked: "What was my boss?" but not "What was my boss's
# reaction?", "What was my office party like?", "What was my home address again?".
_ENDS = (
    r"(?!['\u2019]s\b)(?=\s*(?:[?.!,]|$|\s+(?:before|then|back|at\s+the\s+time|in|when|while|"
    r"during|like\s+(?:before|then))\b))"
)
# A question about what held before now: "Where did I work before?", "What was my old
# job?", "Where did I use to live?", "Where was I living then?". Not a time relative to
# something else ("before I go", "before the parade"), nor words that name no time ("my
# history teacher", "prior commitments"), nor a yes/no question ("Was my wife at the
# party?").
_PAST = re.compile(
    r"\b(?:used|use)\s+to\b|\b(?:previous(?:ly)?|formerly|originally|back\s+then)\b"
    r"|\bin\s+the\s+past\b|\b(?:before|earlier)(?:\s+(?:that|then))?\s*(?:[?.!,]|$)"
    # ("What is my last name?" asks the surname, not a former name)
    rf"|\b{_WHOSE}(?!(?:last|first)[\s-]+(?:name|language)\b)"
    rf"(?:old|last|first|previous|former|ex)[\s-]+(?:{_SLOT_NOUNS}){_ENDS}"
    rf"|\b(?:what|where|who|which|how)\b[^?]*?\b(?:was|were)\s+{_WHOSE}"
    rf"(?:(?:last|first|maiden)\s+)?(?:{_SLOT_NOUNS}){_ENDS}"
    rf"|\b(?:was|were)\s+{_WHOSE}ex{_ENDS}"
    r"|\b(?:was|were)\s+(?:i|you|he|she|we|they|\w+)\s+(?:living|working|staying|married|based)\b"
    r"|\bwhich\s+\w+\s+(?:was|were)\s+(?:i|you|he|she|we|they)\s+in\b"
    r"|\bdid\s+(?:i|you|he|she|we|they|\w+)\s+(?:live|stay|do\s+for\s+a\s+living)\b"
    r"|\bdid\s+(?:i|you|he|she|we|they|\w+)\s+work\b(?!\s+with\b)"
    r"|\bdid\s+(?:i|you|he|she|we|they|\w+)\s+have\s+(?:then|before|back\s+then)\b",
    re.I,
)
# A question about what memory refused: "What did you refuse to remember?", "Which
# writes were rejected?", "What was quarantined?", "What didn't you save?". A refusing word
# counts beside a word of memory only: "Did Maria decline the offer?" asks about Maria.
_MEMORY_WORD = (
    r"(?:remember\w*|memor\w*|stor(?:e|ed|ing)|sav(?:e|ed|ing)|record\w*|writes?|kept|keep)"
)
_REFUSALS = re.compile(
    r"\bquarantin\w*"
    rf"|\b(?:refus|reject|declin|block|filter)\w*\b(?=.*\b{_MEMORY_WORD}\b)"
    rf"|\b{_MEMORY_WORD}\b(?=.*\b(?:refus|reject|declin|block|filter)\w*\b)"
    rf"|\b(?:didn't|did\s+not|won't|wouldn't)\s+you\s+{_MEMORY_WORD}\b"
    rf"|\byou\s+(?:didn't|did\s+not|won't|wouldn't|never)\s+{_MEMORY_WORD}\b"
    rf"|\b(?:did|do|would|will)\s+you\s+not\s+{_MEMORY_WORD}\b"
    # ... or what it set aside: "What did I ask you to forget?", "What have you forgotten?",
    # "What was erased?". Memory must be the one forgetting: "Did I forget my keys?" is not.
    r"|\b(?:ask(?:ed)?|told|tell)\s+(?:you|memory)\s+to\s+(?:forget|delete|erase|remove)\b"
    r"|\b(?:have|did|do)\s+you\s+(?:forget|forgotten|forgot|erased?|deleted?)\b"
    r"|\byou(?:\s+have|'ve)?\s+(?:forgotten|forgot|erased|deleted)\b"
    r"|\b(?:was|were|been)\s+(?:forgotten|erased|deleted)\b",
    re.I,
)
# ... unless it asks about now: "What's my current job before I go?".
# A question of what is ahead that names no time ("What do I have coming up?", "What's
# on my calendar?"): the next two weeks, as if it named them.
_UPCOMING = re.compile(
    r"\b(?:coming\s+up|upcoming|(?:on|in)\s+(?:my|our|the)\s+(?:calendar|schedule|agenda)"
    r"|my\s+(?:schedule|agenda)\b|what'?s\s+next)",
    re.I,
)
UPCOMING_DAYS = 14

# A bound on a time ahead: "What do I have before June?" asks from today to the end of May,
# "What's due by Friday?" from today through Friday.
_THROUGH = frozenset({"by", "until", "till", "through"})


def _bounded(text: str, start: date, end: date, today: date) -> tuple[date, date]:
    """The days a question's time expression ``text`` (``start`` to ``end``; the word
    before it included) asks about: from ``today`` up to a bound ahead that it names, else
    the expression's own days."""
    lead = set(text.lower().split()[:2])
    if "before" in lead and start > today:
        return today, start - timedelta(days=1)
    if not lead.isdisjoint(_THROUGH) and start > today:
        return today, end
    return start, end


_NOW = re.compile(r"\b(?:now|current(?:ly)?|still|these\s+days|today|anymore|any\s+more)\b", re.I)


class QueryPlan(BaseModel):
    """What the question asks about; recorded in the trace so a replay uses the same plan."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    question: str
    lens: str
    entities: tuple[str, ...] = ()
    terms: tuple[str, ...] = ()
    fts: str | None = None
    times: tuple[tuple[str, str, str], ...] = ()  # (text, start ISO, end ISO)
    wants_dates: bool = False
    wants_list: bool = False
    procedural: bool = False
    past: bool = False
    """It asks about an earlier time: a time expression that ends before the reference
    time, or words such as "before", "previously", "used to". Its snapshot shows what
    slots held then beside what they hold now. False in traces recorded before it."""
    refusals: bool = False
    """It asks what memory refused to remember ("What did you refuse to remember?") or set
    aside ("What did I ask you to forget?"): the associative lens then lists the audit
    records too (content redacted). False in traces recorded before it."""
    actor: str | None = None
    """Who asks: the question's first person ("I", "my") resolved to this entity."""
    relatives: tuple[str, ...] = ()
    """The relatives its "my <noun>" means ("Where does my sister live?": the one sister
    memory knows by name, as of the read): their slots join the snapshot, before the
    asker's. Empty in traces recorded before it."""
    family: tuple[str, ...] = ()
    """The asker's family (as of the read) for a question of what is ahead that asks about
    the asker alone ("What do I have coming up?", "Whose birthday is coming up?"): their
    occasions and birthdays in its period join the snapshot, their other slots do not.
    Empty in traces recorded before it."""
    holders: tuple[str, ...] = ()
    """The entities among ``entities`` a question of who holds a value reached through
    their beliefs, not by name ("Who works at Acme?": whoever memory believes works at
    Acme): only their lines of what it asks are read, and no link of theirs. Empty in
    traces recorded before it."""
    rank_seq: int | None = None
    """A read as of an event time: the journal prefix its lexical channel plans and ranks
    in (the journal as it stood at that time). None for other reads, and in traces recorded
    before it existed, which replay as they were made (ranked up to the read's position)."""


# First-person words of a question. "We", "us" and "our" count too: the extractor reads
# "our dog Rex", "We went camping" and "We moved to York" as the speaker's, so "What pets do
# we have?" and "Where did we go?" ask about what the asker said.
_FIRST_PERSON = frozenset(
    "i i'm i've i'd i'll me my mine myself we we're we've we'd we'll us our ours ourselves".split()
)
# "me" as whom the answer is for ("Tell me about Omar", "Can you remind me where Tom
# works?", "Let me know Ana's address") is no sign the question is about the asker.
_FOR_ME = re.compile(
    r"\b(?:tell|show|give|remind|let|help|send|find|list|get|walk|fill)\s+me\b", re.IGNORECASE
)


def _asks_about_asker(low: str, words: set[str]) -> bool:
    """Whether the question (lowercase ``low``, its ``words``) speaks of the asker."""
    first = words & _FIRST_PERSON
    if first != {"me"}:
        return bool(first)
    return re.search(r"\bme\b", _FOR_ME.sub(" ", low)) is not None


_EDGE = ".,;:!?\"'()[]{}\u201c\u201d\u2018\u2019\u00ab\u00bb"  # around a word, not in a name
_WORD = re.compile(r"\w")


def _spelled(actor: str, known: set[str]) -> str:
    """The known spelling of the asker, or the name as given when nothing is known yet."""
    key = match_key(actor)
    return min((n for n in known if match_key(n) == key), default=actor.strip())


def _name_variants(name: str) -> list[str]:
    low = match_key(name)
    parts = [p for p in re.split(r"\s+", low) if p]
    out = [low]
    if len(parts) > 1:
        out.append(parts[0])
    return out


def _alone(question: str, name: str, known: Iterable[str]) -> bool:
    """Whether ``question`` names the first word of the full ``name`` ("Ana" of "Ana
    Moura") somewhere with no other name after it: "Where does Ana live?", "Ana's job", not
    "Where does Ana Silva live?" only. Another name is a capitalised word, or the second
    word of another ``known`` name of that first word ("where does ana silva work?")."""
    first, _, rest = match_key(name).partition(" ")
    after = rest.split()[0] if rest.split() else ""
    others = {
        parts[1]
        for n in known
        if len(parts := match_key(n).split()) > 1 and parts[0] == first and parts[1] != after
    }
    for m in re.finditer(rf"(?<!\w){re.escape(first)}(?!\w)", question, re.IGNORECASE):
        nxt = re.match(r"\s+([^\W\d_][\w'-]*)", question[m.end() :])
        if nxt is None:
            return True
        word = match_key(nxt.group(1).removesuffix("'s"))
        if word == after or (word not in others and not nxt.group(1)[0].isupper()):
            return True
    return False


def plan_query(
    question: str,
    *,
    lens: str,
    known_entities: Iterable[str],
    ref_time: datetime | None,
    actor: str | None = None,
    actor_names: Sequence[str] = (),
) -> QueryPlan:
    """Plan a read: entities named in the question (among ``known_entities``), its time
    expressions resolved against ``ref_time`` (the namespace's latest event time), whether it
    asks "when" (dates) or for a list (aggregate values), and the lexical query.

    ``actor`` is who asks: a first-person question ("Where do I work?") is about that
    entity, as the extractor reads "I" in an observation as its ``actor``, and about the
    known entities named as the asker is (``actor_names``: "My name is Dana Reyes" makes
    what a tool said of "Dana Reyes" the asker's).
    """
    q = " ".join(question.split())
    # A masked secret ("[REDACTED:api_key]", see runtime/read.py) is no word of the question.
    bare = REDACTION_MARK.sub(" ", q)
    low = match_key(bare)
    words = set(re.findall(r"[\w']+", low.replace("\u2019", "'")))
    known = set(known_entities)
    # Names may hold punctuation ("Jean-Luc", "AT&T"): whole words count too.
    words |= {w for w in (t.strip(_EDGE) for t in low.split()) if _WORD.search(w)}
    words |= {w[:-2] for w in words if w.endswith("'s")}
    found: list[str] = []
    if actor is not None and _asks_about_asker(low, words):
        found.append(_spelled(actor, known))
        # One name given as a string is one name, not its letters.
        for name in (actor_names,) if isinstance(actor_names, str) else actor_names:
            alias = min((n for n in known if match_key(n) == match_key(name)), default=None)
            if alias is not None and alias not in found:
                found.append(alias)
    for name in sorted(known, key=lambda n: (-len(n), n.casefold())):
        for variant in _name_variants(name):
            hit = variant in words if " " not in variant else variant in low
            if hit and variant != match_key(name) and not _alone(bare, name, known):
                continue  # "Ana Silva" in the question is not "Ana Moura"
            if hit and name not in found:
                found.append(name)
                break
    times: list[tuple[str, str, str]] = []
    # The question itself, not a remark after it ("Where do I live? I asked before").
    asked = bare.split("?", 1)[0]
    # ("Bruno’s old job": the apostrophe phones type)
    spelled = asked.replace("\u2019", "'")
    past = _PAST.search(spelled) is not None and _NOW.search(spelled) is None
    if ref_time is not None:
        for m in resolve_time_expressions(bare, ref_time):
            # "until Friday": the bound may stand before the expression's own words.
            lead = bare[max(0, m.span[0] - 8) : m.span[0]].lower().split()[-1:]
            start, end = _bounded(" ".join([*lead, m.text]), m.start, m.end, ref_time.date())
            times.append((m.text, start.isoformat(), end.isoformat()))
            # A time in a remark after the question ("Where do I work? I told you
            # yesterday.") does not make it a question about the past.
            past = past or (m.end < ref_time.date() and m.span[0] < len(asked))
    if ref_time is not None and not times and _UPCOMING.search(asked) is not None:
        today = ref_time.date()
        last = today + timedelta(days=UPCOMING_DAYS - 1)
        times.append(("coming up", today.isoformat(), last.isoformat()))
    if not found and times and actor is not None:
        # "What's happening next week?", "Anything on Friday?": a question of a time that
        # names no one asks about the asker's days.
        found.append(_spelled(actor, known))
    return QueryPlan(
        question=q,
        lens=lens,
        entities=tuple(found),
        terms=tuple(tokens(bare)),
        fts=fts_query(bare),
        times=tuple(times),
        wants_dates=bool(_WHEN.search(q)),
        wants_list=bool(_LIST.search(q)),
        procedural=bool(_PROCEDURE.search(q)) or lens == "procedural",
        past=past,
        refusals=_REFUSALS.search(asked) is not None,
        actor=actor,
    )
