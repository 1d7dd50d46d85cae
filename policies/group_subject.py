"""When "we" is the speaker: what a group the speaker belongs to did, its members did.

"We went camping last week" tells that the speaker went camping, and "We moved to York" that
the speaker lives there; "We love jazz" does not tell that the speaker loves jazz. So only
the rules of what people do, where they have been, where they live, the pets they keep,
the tools they use, the cars they drive and how many children they have ("We have two
kids") (:data:`SHARED_ATTRIBUTES`) read "we", and only
in a plain statement: not a question ("Where did we go camping"), a suggestion ("Why don't we go",
"How about we go", "I suggested we go", "It's about time we went"), a hope ("I hope we
go", "Fingers crossed we go"), an offer or a plan ("We can go", "We'll go", "We were going
to go", "We have to go"), nor "we" in a relative clause ("Most of the money we had went
to rent").
"""

from __future__ import annotations

import re

from nousmem.policies.clause_leads import clean
from nousmem.policies.patterns import words
from nousmem.policies.subject_words import PAST_IRREGULAR

__all__ = ["SHARED_ATTRIBUTES", "group_did", "our_group", "speaker_we"]

#: Attributes whose rules read "we" as the speaker.
SHARED_ATTRIBUTES = frozenset(
    {
        "activity",
        "child",  # "We have two kids, Lily and Ben"
        "diet",
        "goal",
        "household",  # "We live with two roommates"
        "housing",  # "We own our house"
        "location",
        "number_of_children",
        "pet",
        "uses",
        "vehicle",
        "visited",
        "work_mode",  # "We're hybrid now": the speaker's company works so
    }
)

# "we", "we've" (not "we'd", a modal, but before "like to" / "love to", the goal rule's;
# "we're" and "we'll" only where a plan is read: the "'re" a rule reads itself, "We're
# vegetarian", "We're planning a trip", "We're moving to Denver"; "We'll move to Denver",
# and a trip, which its rule reads only with a time ahead: "We'll visit Rome next year",
# "We'll be in Lisbon in May", "We'll leave for Paris on Friday").
_WE = re.compile(
    r"(?i:we(?:['\u2019]ve)?)(?!['\u2019\w])|(?i:we)(?=['\u2019]re\b)"
    r"|(?i:we['\u2019]ll)(?=\s+(?i:move|relocate|visit|leave|fly|drive|head|be\s+in)\b)"
    # "We'd love to visit Rome", as "We would love to ...": the goal rule's own modal.
    r"|(?i:we['\u2019]d)(?=\s+(?:(?i:really|so)\s+)?(?i:like|love)\s+(?i:to)\b)"
)
# Words that may stand between "we" and the verb of a statement of what we did or do.
_BETWEEN = words(
    "have had 've did didn't didnt don't dont haven't havent hadn't hadnt never just finally "
    "also even "
    "all both recently once already actually really then ever always usually often "
    "sometimes not no longer still currently now mostly mainly primarily stopped quit started"
    " began"
)
# A word just before "we" that makes a question or a suggestion of it ("did we", "shall
# we", "why don't we"; typed without the apostrophe too).
_INVERTING = words(
    "do does did don't dont didn't didnt are aren't arent were weren't werent is was can can't "
    "cant could couldn't couldnt shall should will won't wont would have haven't has"
)
# A word before "we" that makes what follows a hope, a suggestion, a wish or a supposition.
_LEAD = re.compile(
    r"\b(?:hope|hopes|hoping|hopefully|suggest\w*|propos\w*|how\s+(?:about|bout|'bout)"
    r"|what\s+about|what\s+if|let['\u2019]?s|wonder\w*|no\s+way|unless|until|till|pretend"
    r"|imagine|suppose|thinking|prefer|rather|fingers\s+crossed|ideally|maybe|perhaps"
    r"|(?:it['\u2019]?s|about|high)\s+time|dream\w*|dreamt)\b",
    re.IGNORECASE,
)
# The verbs of a plan in the progressive: "we're planning", "we're hoping".
_PLANNING = words("planning hoping trying aiming intending dreaming")
# A change "we" make to come, in the progressive or after "will": the claim becomes a plan
# ("We're moving to Denver next month", "We'll move to Denver", "We're switching to Linear":
# ``policies/plans.py``).
_CHANGING = words("moving relocating switching migrating")
_CHANGE = words("move relocate switch migrate")
# What "we" are doing or have planned, in the progressive, as "I'm going camping next
# weekend" is the speaker's: "We're going camping on Saturday", "We're having a party",
# "We're visiting my parents next week" (the rules read the verb after the "'re"), and a
# pet kept for now: "We're fostering a puppy named Pepper".
_UNDER_WAY = words(
    "going having hosting throwing visiting seeing meeting taking attending celebrating "
    "playing spending heading flying driving leaving off fostering"
)
# A change "we" are going to make: "We're going to move to Linear", "We're going to use
# Postgres for the new service" (a plan: ``policies/plans.py``).
_GOING_TO = _CHANGE | words("use")
_NOT = words("not no longer")
# Present verbs of what a team works with, whose "we" a second verb shares ("We use Postgres
# and deploy on Kubernetes"); other present verbs may open a wish or a habit of another.
_STACK_VERBS = words("use run deploy host build ship")
# Perfect auxiliaries: "we had *went*" is no English, so "went" has another subject ("Most
# of the money we had went to rent").
_PERFECT = words("have had 've haven't hadn't havent hadnt")
_SIMPLE_PAST = words("went took saw did ate ran came gave wrote drove rode flew")
# A "we" that opens the sentence, after a greeting or a time: "Yesterday we", "Hey Mel, we".
_OPENING_WE = re.compile(
    r"(?:[^,.;:!?]*,\s*)?(?:(?:yesterday|today|recently|then|so|also|last|this|on|over|the"
    r"|weekend|week|night|morning|afternoon|evening|\w+day)\s+){0,3}(?P<we>we)\b",
    re.IGNORECASE,
)
# (and "before / after / since" a gerund: "We sold the house before moving to Denver")
_CONJUNCTION = re.compile(
    r"\s*(?:(?:and|then)\b|&|(?:before|after|since)\b(?=\s+\w{2,}ing\b))", re.IGNORECASE
)
# Someone else's words: "He texted me: we went ...", "Mom said we went ..."
_REPORTED = re.compile(
    r"\b(?:said|says|texted|texts|wrote|writes|told|tells|asked|asks|claims?|claimed)\b",
    re.IGNORECASE,
)
# Past forms an opening "we"'s own verb may take besides those ending in "-ed": the
# irregular pasts, and three that are as often a present or a noun elsewhere ("I read",
# "a thought", "felt"), but after "we" are a verb.
_PAST = PAST_IRREGULAR | words("read thought felt")
# A clause of its own between the opening "we" and the carried verb: "We met a girl *who*
# grew up in Ohio and went to Harvard", "We heard *that* Tom got a job and went".
_OWN_CLAUSE = words(
    "who whom whose which that he she they it i you where while because since if when "
    "whoever after before"
)
_WORD = re.compile(r"\S+")
# Adverbs before the opening "we"'s own verb ("We *just* had a blast and went ...").
_ADVERBS = _BETWEEN - words(
    "have had 've did didn't didnt haven't havent hadn't hadnt don't dont not"
)


def group_did(text: str, we: int, verb: int) -> bool:
    """Whether the "we" at ``text[we:]`` states what the speaker's group did or does, as
    the subject of the verb phrase at ``text[verb:]``."""
    m = _WE.match(text, we)
    after = m.end() if m is not None else we
    if m is not None and text[after : after + 1] in ("'", "\u2019") and after != verb:
        # "We're going to move": the "'re" of a plan, not the rule's own; but "We're
        # planning a trip" is the plan itself, and "We're going camping" what is planned.
        head = clean(text[verb:].split(maxsplit=1)[0]) if text[verb:].strip() else ""
        gap = [clean(w) for w in text[after + 3 : verb].split()]
        going = head in _GOING_TO and gap in (["going", "to"], ["gonna"])
        if not (
            (head in _PLANNING and not gap)
            or (head in _UNDER_WAY and not gap)
            or (head in _CHANGING and _NOT.issuperset(gap))
            or going
        ):
            return False
        after = verb
    between = [clean(w) for w in text[after:verb].split()] if m is not None else []
    head = clean(text[verb:].split(maxsplit=1)[0]) if text[verb:].strip() else ""
    if (head in _CHANGE and between[:1] == ["will"]) or (
        (head in _CHANGING or head in _UNDER_WAY) and between[:1] == ["are"]
    ):
        # "We will move to Denver", "We are moving": the plan's future; "We are fostering
        # two kittens", "We are going camping", as "We're" says them.
        between = between[1:]
    if m is None or any(w not in _BETWEEN for w in between):
        return False
    if between and between[-1] in _PERFECT and head in _SIMPLE_PAST:
        return False
    before = text[:we].split()
    if before and clean(before[-1]) in _INVERTING:
        return False
    if _REPORTED.search(text, 0, we) is not None:
        return False
    lead = _LEAD.search(text, max(0, we - 60), we)
    if lead is None:
        return True
    # "I hope you're well, we went camping": past that comma the hope is done with; "I hope
    # that next summer, we go to Hawaii" still hopes.
    past = head in _PAST or head.endswith("ed")
    return past and any(c in text[lead.end() : we] for c in ",;:")


def speaker_we(text: str, start: int, verb: int) -> int | None:
    """Where the "we" that is the speaker's group, as the subject of the verb phrase at
    ``text[verb:]``, starts: at ``start`` (where the subject walk stopped) when that is a
    plain "we" (:func:`group_did`), or the sentence's opening "we" carried over a
    conjunction or a comma ("We packed up and went camping", "We then went to the zoo",
    "We got up early, went hiking") when its own verb is past. Else None."""
    if group_did(text, start, verb):
        return start
    joint = _CONJUNCTION.match(text, start)
    if joint is None and not text[:start].rstrip().endswith((",", "&")):
        return None
    rest = joint.end() if joint is not None else start
    if any(clean(w) not in _BETWEEN for w in text[rest:verb].split()):
        return None
    m = _OPENING_WE.match(text)
    if m is None or m.start("we") >= start:
        return None
    we = m.start("we")
    # Its own verb: the first word after "we" that is no adverb.
    own = next(
        (t for t in _WORD.finditer(text, m.end(), start) if clean(t.group()) not in _ADVERBS),
        None,
    )
    if own is None:  # "We then went": "then" was an adverb, the verb is this one
        return we if group_did(text, we, verb) else None
    word = clean(own.group())
    if not (word in _PAST or word.endswith("ed") or word in _STACK_VERBS):
        return None
    between = text[own.end() : start].split()
    if any(clean(w) in _OWN_CLAUSE for w in between):
        return None
    # Another past verb after a noun is another subject's ("We noticed the dog escaped and
    # went"); after a comma or "and" it is the same subject's ("We woke up, had breakfast").
    for prev, w in zip(["and", *between], between, strict=False):
        past_verb = clean(w) in _PAST or clean(w).endswith("ed")
        if past_verb and not prev.endswith(",") and clean(prev) not in ("and", "then", "&"):
            return None
    return we if group_did(text, we, own.start()) else None


# What a speaker's group works with: "Our team uses Linear", "Our repo uses pnpm", "Our
# tests use pytest".
_OUR_GROUP = re.compile(
    r"(?<![\w'])(?P<our>our|my)\s+(?:(?:whole|entire|main|new|current)\s+)?(?:team|teams|repo"
    r"|repos|repository|project|codebase|stack|company|startup|org|organi[sz]ation|office"
    r"|department|group|lab|app|apps|backend|frontend|infra|infrastructure|household|family"
    r"|tests|test\s+suite|ci|pipeline|pipelines|services?|api|website|site|product|platform"
    r"|monorepo|docs)\s+"
    # "is" / "are" for a passive or a progressive: "Our app is hosted on Vercel".
    r"(?:(?:doesn't|doesnt|does\s+not|don't|no\s+longer|also|now|still|mostly|just|only"
    r"|never|all|really|actually|is|are)\s+)*$",
    re.IGNORECASE,
)


def our_group(text: str, start: int, verb: int) -> int | None:
    """Where "our" (or "my") opens the subject ending at ``verb`` when it is the speaker's
    team, project or household ("Our team uses Linear", "My team uses Jira": the tools a
    team uses its members use), found from the subject word at ``start``; else None. Only
    in a plain statement, as for "we" (:func:`group_did`)."""
    m = _OUR_GROUP.search(text, max(0, start - 40), verb)
    if m is None or m.start("our") > start:
        return None
    before = text[: m.start()].split()
    if before and clean(before[-1]) in _INVERTING:
        return None  # "Does our team use Linear"
    lead = _LEAD.search(text, max(0, m.start() - 60), m.start())
    if lead is not None or _REPORTED.search(text, 0, m.start()):
        return None
    return m.start("our")
