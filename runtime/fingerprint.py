"""What a read's result depends on besides the journal: its configuration and the software.

Each trace records a digest of the settings that shape a read and the nousmem version that
made it, so a replay that differs can say whether the difference comes from the journal or
from a changed setup (a config change or an upgrade), which no journal event explains.
"""

from __future__ import annotations

from functools import cache
from importlib import metadata
from typing import Any

from nousmem.runtime.canonical import canonical_json, payload_digest
from nousmem.runtime.config import RuntimeConfig

# The sections a read (or the projections it reads) depends on. Write-only settings (the
# router, impact weights, journal durability, input limits, sleep, the LLM provider) change
# what gets written, which the journal records, not how a given journal is read.
READ_SECTIONS = ("attributes", "beliefs", "lifecycle", "retrieval", "trust", "ttl", "worldview")


def config_digest(config: RuntimeConfig, embedder: str | None) -> str:
    """Digest of the read settings of ``config`` and the dense embedder (its name, or its
    type when it has none; None without a dense channel)."""
    # ~75 us to compute, so kept per config object (configs are frozen, and the few a
    # process uses stay alive; ``is`` guards against a reused id).
    key = (id(config), embedder)
    hit = _CACHE.get(key)
    if hit is not None and hit[0] is config:
        return hit[1]
    doc: dict[str, Any] = {s: getattr(config, s).model_dump(mode="json") for s in READ_SECTIONS}
    doc["embedder"] = embedder
    if config.input.date_order is not None:
        # The one input setting a read depends on: how a question's "5/8" is read. Left out
        # when unset, so that the digests of every config without it stay as they were.
        doc["date_order"] = config.input.date_order
    digest = payload_digest(canonical_json(doc)).hex()[:32]
    if len(_CACHE) >= 16:
        _CACHE.clear()
    _CACHE[key] = (config, digest)
    return digest


_CACHE: dict[tuple[int, str | None], tuple[RuntimeConfig, str]] = {}


READ_RULES = 67
"""Generation of the rules that turn a journal into what a read shows (projections, slot
resolution, ranking). Bump it with any change that can make a recorded read replay
differently, so the replay says the software changed rather than leaving the difference
unexplained while the package version stays the same (as it does between releases).

2: denied single values and disputed slots, merges and compressions dated by event time.
3: source names compared by ``source_key`` (full-width and invisible-character spellings
   are one source) for trust, repeat discounts and user confirmation.
4: a restore after an observation's TTL renews it for another TTL (it used to
   renew it for good).
5: a compiled sleep item leaves current reads once a belief value it states is no longer
   held (or its conflict is settled), and a later version supersedes it even when that
   version is hidden.
6: fact lines of the entities the question's entities link to (up to two hops); a
   ``contradicts`` edge suppresses only its target.
7: more attribute aliases make a question ask for a fact line ("what martial arts has John
   done" asks for hobbies and activities; "what countries" for places visited), and a
   question asks for an attribute by whole words or their plural only ("manager" no longer
   asks ``age``; "originally" is an alias of ``origin``);
   a read that names entities shows (and judges) only their compiled frames, schemas and
   conflict notes, and one that names none keeps schemas and conflict notes, not frames;
   a schema states only the entities its summary names; the full lenses show a forgotten
   held claim with its lifecycle state.
8: names beyond ASCII: the rule extractor reads accented, Greek and Cyrillic names, and
   belief, worldview and question keys are NFKC (one name in two Unicode forms is one
   entity).
9: text slots keyed by match key (``user_preference`` slots are ``<owner>/<keyword>`` with
   separators escaped) and lexical terms NFKC; graph edges carry event time (as-of-time
   reads see the graph as it was) and a graph inhibition hides an item from every read;
   source names fold exactly what shows nothing (every default-ignorable code point, and
   no longer the format characters that show, such as U+0600 and U+06DD); novelty reads
   the claimed value's own prior.
10: a source returning to a value it had left (strictly later than another value of its
   own) is correcting itself: the claim counts as the k-th repeat for its k-th return, not
   as a repeat of every earlier claim of the value; an event-time read counts a promoted
   held claim from its promotion (the corroboration), not from its own date; a
   contradiction stops contesting a slot's leader once the value it came from is out of the
   running; a single value only ever denied is `negated` (no alternative in current
   lenses); a list value denied and said again shows its latest span; a Worldview
   Snapshot line too long for its share is skipped, not the end of the section; an
   excerpt that repeats a kept line of its day is dropped; a fact line does not cite a
   hidden turn; a list value's span ends where it stopped holding, and a fresh
   contradiction after a settled dispute reopens it (and settles by the first rules);
   a schema naming " for " or a comma is current; a compiled item quoting a forgotten
   source's text is obsolete; an observation naming a forgotten value's words (not only its
   exact text) leaves reads; a fact line the question asks about is packed first, and its
   slot leads the Worldview Snapshot.
11: preferences given without a keyword (the ``<owner>/general`` slot) all hold side by
   side; only the same words said again replace their earlier entry; ``instruction`` slots
   (standing instructions) join every read's snapshot, ranked after the asked slots (with an
   asker, only the asker's); both render one line per entry, none cut at four.
12: standing instructions render newest first with room of their own
   (``RetrievalConfig.instruction_share`` on top of ``worldview_share``); the answer language
   is its own ``answer_language`` slot; general preferences that differ in symbols ("C++",
   "C#") are two entries.
13: a single value that came back keeps its earlier spans (``WorldviewCandidate.earlier``),
   which the full lenses render; a question about an earlier time (``QueryPlan.past``) gets
   a ``before:`` line of each single-valued slot's past periods after its present line; a
   question about an entity a link reaches and no other attribute ("Tell me about my
   sister") gets each of that entity's fact lines, entities and link attributes taking
   turns; a possessive ("wife's") names an attribute.
14: a list fact line marks the values no longer held ("no longer held: tennis"); "last
   name" / "first name" do not make a question past, nor does a time in a remark after
   the question; a curly apostrophe reads as a straight one in past questions; with an
   asker, another person's standing instructions stay out of the snapshot and fact lines,
   and a turn of instructions only stays out of current reads when they are someone else's
   or none is in force; a link reaches only a relative held now (not an ex-spouse); a
   schema naming entities merged since is obsolete; a user's request to forget shows
   as "[asked to forget]" in the turn that said it; a dispute a third value took the slot
   from before anything settled it ends both disputed values there (``before:`` marks the
   overlap "disputed"); a multi-valued slot's ``before:`` line lists the values it no
   longer holds; a single value a merged side held and the merged belief does not loses
   the slot at the merge.
15: a turn cut to an excerpt with no sentence holding the question's words keeps the words
   around one of the kind the answer is (a place for "where", a person for "who", a number
   for "how many"), not its first sentence; a single value that took its slot back from a
   rival before anything settled their dispute the rival's way held throughout (one span),
   and periods of a single-valued slot that overlap render "disputed" in the historical
   and audit lenses too (earlier spans included; a stretch inside a period is named); a
   contradiction that never took the mode is settled when the value it contested is said
   again or its own value denied, and a value below ``min_probability`` is out of the
   running; an earlier dispute a third value ended keeps its periods.
16: plans and present-tense schedules date ahead ("We're having a party on Saturday", "My
   flight is on Thursday"), "this Saturday" / "this weekend" / "this March" follow tense,
   "in N units" after what was done within it is a length of time; a multi-valued value
   taken up again keeps its earlier spans, and a ``before:`` line lists each value once
   before any value twice; a period that only touches the asked one does not lead; a cut
   snapshot line ends "(+N more)"; a conflicted fact line lists a superseded value as said
   before, and a list of a single value marks its former values; names with a curly
   apostrophe match; an alias in the plural asks for its attribute.
17: a question asking for preferences ranks the preference slots of the entities it names
   first in the Worldview Snapshot; a text preference slot shows its owner and keyword as
   said ("Dr. Who/general", not "Dr%2E Who/general").
18: a question's lexical query keeps the name of an entity that has not spoken (as of the
   read) and is in at most ``common_term_share`` of the observations ("Where does Lena
   live?" searches for "lena"); a speaker's name, or a common one, is still left out; a
   question asked with an actor counts "we", "us" and "our" as first person; a question
   about a named entity as a whole ("What do you know about me?", "Tell me about Dan": no
   word but names and asking ones) gets each of its fact lines; the lines of the slots a
   question asks about may take up to ``asked_share`` of the budget in the Worldview
   Snapshot; a belief slot whose value the question names ("When did I start at Stripe?")
   comes before the entity's other slots there.
19: the entries of a listed slot (standing instructions, preferences without a keyword)
   that use a word of the question come first in the Worldview Snapshot, newest first
   among them ("When can we meet?" keeps "never schedule meetings on Fridays" when the
   budget cannot take every instruction); a plural in a value meets its singular in the
   question, there and in ranking the snapshot's slots ("a meeting" asks for "morning
   meetings"); a first-person question is also about the entity named as the asker's
   ``name`` belief is ("My name is Dana Reyes"), and a question naming an entity is also
   about the speakers whose name it is; a how-to the user said ("To run the
   tests, use `make test`.") is a procedure slot, which a procedural question naming its
   purpose asks for (up to ``asked_share``: "How do I run the tests on CI?"); the
   historical and audit lenses show a
   withdrawn standing instruction with the time it held.
20: a question that says "we", "us" or "our" reaches the asker's household (the spouse and
   children the asker's beliefs name) for the attributes it asks ("What dietary
   restrictions do we have?" gets the spouse's allergy), never all their lines; "dietary"
   asks for diets and allergies, "eat" for diets; the new `medication` and `condition`
   attributes are asked for by "medication(s)", "meds", "pills", "prescription", ... and
   "condition(s)", "diagnosis", "health", "illness", "medical", ...; "planning", "trip"
   and "vacation" ask for goals ("What trip were we planning before?"); "me" as whom the
   answer is for ("Tell me about Omar", "Can you remind me where Tom works?") no longer
   makes a question about the asker; "boyfriend", "girlfriend" and "fiancé(e)" ask for the
   `spouse`.
21: a turn that also states something still held shows ``[forgotten]`` in current reads
   in place of each sentence naming one of its forgotten values ("I live in Lyon.
   [forgotten]" after "Forget that my sister lives in Rome"); it used to be shown whole;
   the new `pronouns` attribute is asked for by "pronoun(s)".
22: a question about what memory refused ("What did you refuse to remember?", "Which
   writes were rejected?": ``QueryPlan.refusals``) lists the audit records through the
   associative lens too; the new `work_mode` and `vehicle` attributes are asked for by
   "remote(ly)", "hybrid", "office", "wfh", ... and "car(s)", "drive(s)", "vehicle(s)", ...;
   a question's "my sister" (brother, wife, son, ...) is about the one relative memory
   knows by that noun (``QueryPlan.relatives``), whose asked slots lead the snapshot.
23: "my sister" also reaches the relative memory knows by the noun alone ("Lee's sister",
   where no sister was named when it was said); "my mom" / "mum" / "mother" and "my dad" /
   "father" are one relative each, held by the new `parent` attribute, which "parent(s)",
   "mother", "father", "mom", "mum" and "dad" ask for (and "grandma" / "granny" / "nana" /
   "grandmother" and "grandpa" / "grandfather", by the new `grandparent`); "my
   sister-in-law" is no sister; the new `budget` attribute (a constraint slot) is asked
   for by "budget", "spend" and "afford", and "saving" asks for goals ("What am I saving
   for?").
24: the new `fear`, `wake_time`, `bedtime`, `chronotype`, `birth_year` and
   `number_of_children` attributes are asked for by "afraid", "scared", "fear(s)",
   "terrified", "phobia", ...; "wake", "woke", "get(s) up"; "bed", "bedtime", "sleep",
   "asleep"; "night owl", "morning person", "early bird"; "born", "birth", "what year";
   and "how many kids / children"; a group of the asker's relatives ("my
   siblings", "my parents", "my kids", "my family") reaches each of them, by name or by the
   noun alone ("Lee's sister").
25: the new `commute` attribute is asked for by "commute(s)", "commuting" and "get(s) to
   work / school".
26: a value its claims dated shows that date ("Acme (since March 2021)", "Japan (2019)")
   rather than the day memory was told, an occasion (`visited`, `activity`, `goal`, ...)
   when it happened, a lifelong one (`birthday`, `name`, relatives, ...) none, and the
   historical and audit lenses add "said <date>"; when a question asks a belief slot, the
   Worldview Snapshot leaves out the belief slots it does not ask; gifts, meals, meetings
   and flights ask for tastes, diets and allergies, time zones and homes; "for a living"
   asks for work; a phrase alias may hold ``*`` (one to three words), and
   "upcoming", "coming up", "will ... work / live / move / start", "going to work / move /
   live" and "start at" ask for goals (a state to come is a plan: ``policies/plans.py``);
   the new `anniversary` attribute is asked for by "anniversary".
27: the new `doctor`, `dentist`, `therapist` and `nationality` attributes are asked for by
   their words ("doctor", "GP", "dentist", "therapist", "nationality", "citizenship", ...);
   a title that opens a sentence after another one joins its name ("... Dr. Patel. Dr. Kim
   is my dentist." is two sentences, not three), in excerpts as in the extractor.
28: "quitting" in the present progressive tells of a time to come, as "leaving" does ("I'm
   quitting my job in June" said in May is this June), in the time notes of excerpts as in
   the extractor.
29: calendar quarters are time expressions ("next quarter", "in Q3", "by Q1 2025"), and
   "switching", "migrating" and "turning" in the present progressive tell of a time to
   come ("We're switching to Linear on Monday", "Lily is turning 6 on Saturday"), in the
   time notes of excerpts as in the extractor.
30: "What does Tom do?" asks for his work (his role and employer), as "What does Tom do
   for a living?" does; "What does Tom do on weekends?" still does not.
31: a question that names someone gives the asker's fact lines whose value is that one
   ("Who is Raj?" asked by Priya: "Priya spouse: Raj"), ranked below what it asks.
32: ... and so does a name no entity holds: a pet's ("Who is Biscuit?", "How old is
   Biscuit?": "Lee pet: puppy Biscuit"), or any value the question is nothing but ("Who
   is Ana?": "Lee sibling: Ana").
33: a fact line's hyphenated value meets a question's words by its telling parts ("Do I
   drink coffee?" and "diet: coffee-free"; not "free" alone).
34: a question that names a time ("What do I have on Friday?", "What did I do last
   weekend?") ranks the slots of occasions told of a day in it as answers, and shows
   those occasions first on their line.
35: a question of a time that names no one is the asker's ("What's happening next
   week?"); one with no verb before its day looks ahead ("Anything on Friday?"); words
   of a calendar ("busy", "happening", "day off", "am I free", "appointment", "meeting",
   "reservation") ask for the ``activity``.
36: a routine ("yoga every Tuesday") meets a question's period of two weeks at most that
   holds a weekday it names, as a value told of a day in it does; what meets the period
   comes in the order of its days; a question of what is coming up that names no time
   ("What's on my calendar?") is about the next two weeks; a birthday or an anniversary
   ("May 4") that falls in a question's period answers it.
37: a question of what is ahead about the asker alone ("What do I have coming up?",
   "Whose birthday is coming up?") reaches the asker's family (``QueryPlan.family``): their
   occasions and birthdays in its period answer it, their other slots stay out; a relative
   the question names ("What does my sister have on Friday?") has her occasions of the
   day ranked first; a group ("my kids", "my sisters") means every relative its nouns may
   mean, not only a single one; a routine on several weekdays ("every Tuesday and
   Thursday") meets a period that holds any of them; "our daughter", "our kids" and "the
   kids" in a question are the asker's, as "my daughter" and "my kids" are; of the
   slots a question of a time ranks alike, the one with the first day in its period
   comes first.
38: "Where is Ana (this week)?", "Where will Tom be?" ask for ``location`` and ``visited``
   (``fact_lines.WHEREABOUTS``; not "Where is Ana from?"); "traveling" names ``visited``,
   "is away", "who's away" and "out of town" name ``activity``.
39: a list value no longer held says on its fact line when it was last denied ("no longer
   held: tennis (5 January 2026; ended by 9 January 2026)"), unless it is an occasion; a
   correction that takes back its speaker's own word (``Revision.retracts``) leaves the
   value it replaces taken back (``WorldviewCandidate.taken_back``: no period of its own,
   "[taken back <day>]"; "taken back: <value>" on a fact line) and the value it returns to
   held throughout; a superseded value's
   latest period is rendered ending when the value after it was said to begin ("Porto (6
   January 2026 - the week of 26 January 2026)"); a read's Worldview Snapshot leaves out a
   general preference that only says again a standing instruction read from the same
   observation; a one-word attribute alias is also asked for in its past ("lived",
   "worked", "studied") and "-ies" plural ("cities").
40: the historical and audit lenses give a question about an earlier time a slot's
   ``before:`` line only for the periods of values its own line leaves out.
   A read's Worldview Snapshot no longer lists the audit lens's refusals, which come as
   snippets of the audit channel (the worldview's own audit lines give why each was
   refused).
41: a month after a bound or a move is a time ("by June", "until October", "before March",
   "pushed to June", "from May to July"; a month that is also a given name after "to" /
   "from" only in a range or a move), a deadline in a present sentence is ahead, and what
   is decided or promised ("I decided to run a marathon in October") dates ahead of the
   deciding.
42: a single value dated by its claims after the day memory learned it ("I accepted an
   offer from Globex, I start there on May 1", said on 1 April) keeps the value it
   displaced in the slot, and every read shows that one's ``before:`` line; a period a
   value announced so ended closes when that value starts ("Acme (3 January 2026 - 1 May
   2026)"), as one a back-dated value ended does.
43: a question bounded by a time ahead asks from the read's day up to it ("What do I have
   before June?": today to 31 May; "by", "until", "till", "through" to the time's last day).
44: the audit lens lists what the user asked memory to forget (``forgotten``: "Sam's
   location", "a turn of 1 March 2026", never the value) and each erasure (``erased``: how
   many events, the reason with personal data masked); a question about forgetting ("What
   did I ask you to forget?", "What have you forgotten?", "What was erased?") lists them in
   the default lens, as one about refusals lists those.
45: an age told a year or more before the read is also given as it stands at the read's
   event time ("Leo.age: 7 (since 1 March 2024; 9 or 10 by 10 April 2026)"; one age when
   the entity's birthday is held or the claims dated the day it was turned).
46: a question that names someone by full name ("Where does Ana Silva work?") reaches no
   one else of that first name ("Ana Moura"); the first name alone still reaches each.
47: a question about what to buy ("What do I need to buy?", "What's on my shopping list?",
   "What groceries do we need?") asks for the ``todo`` list, where "We're out of milk"
   puts ``buy milk``.
48: a closed period of a value its claims dated before memory learned it starts when they
   said ("Berlin (2019 - 2025)", not the day it was told), and ends when the next value
   began by its claims even where that is before the day memory learned this one.
49: a kin word asked as a name ("Where does Dad work?", "When is Mom's surgery?") is the
   asker's relative by that noun, as "my dad" is (``QueryPlan.relatives``).
50: a value never held but told gone as a change ("I used to live in Lyon", "I worked at
   Acme until 2020") is history: a question about the past shows it on the slot's
   ``before:`` line ("Acme (until 2020)", "Lyon (before 2 May 2024)").
51: a month with its year after a bound or a move is that month ("until June 2019", "from
   May 2019", "by March 2027"), not the nearest month of its name, in a question's plan
   as in a claim's time.
52: "over the weekend" is this weekend (the one before in a past sentence), "three years
   back" is "three years ago" and "Tuesday last week" that Tuesday, in a question's plan
   as in a claim's time.
53: "a year and a half ago" (months, weeks or days on from the whole units) and "around
   2015" before a pause, a name or a pronoun are dates.
54: a question about the asker's family that asks no attribute ("Tell me about my family")
   reads each relative whole, with the asker's slots that hold them, and its snapshot
   leaves the asker's other slots out.
55: "my folks" is a group of the asker's relatives, as "my parents" is.
56: "in June last year" is June of the year before (not the nearest June), "this past June"
   the last one, and "a fortnight ago" two weeks ago.
57: dates in figures whose order shows ("3/14/2023", "14.03.2023", "2023/03/14"), decades
   ("the 1990s", "the '90s", "in the early 2000s"), years in two digits ("in '19", "May
   '19", "the spring of '19") and "Thursday the 12th" are dates, as are "the summer before
   last", "two summers ago", "a month from now" and "this time last year"; "from March to
   June" and "between March and June" without a year are one span, the latest to end by
   the day said.
58: a question that names no one but asks for an attribute the asker holds a belief of is
   about the asker ("What's the dog's name?"; not one that asks who: "Who works at
   Acme?"), and "When did I start at Stripe?" asks for the employer (as well as a plan).
59: a sentence that opens with a going in the progressive, its "I'm" left out ("Flying to
   Rome on Friday."), points its date ahead; a constraint the question names ("What's my
   budget?") is asked for as a fact is, and the snapshot leaves the other slots out.
60: a date in figures without its year after "on", "by", "until", "since", "from" or a
   weekday ("on 3/14") is a date; one whose order the figures do not show ("5/8/2023") is
   read in ``InputConfig.date_order`` when set.
61: "since May 5, 2019", "since January 15" run from that day (they were "since May", from
   the month's start or this year's May); "since 3/14/2023" too.
62: a question of who holds a value ("Who works at Acme?") names the entities whose belief
   holds it (runtime/holders_asked.py); "What's my dog's name?" no longer asks the asker's
   ``name``.
63: a date something slipped, was delayed, bumped, shifted, deferred or put off to, or
   postponed until, is ahead ("The launch slipped to June 28" said in April).
64: "Who is our designer?" asks who holds a value though "our" names the asker; "Who does
   my sister ...?" asks about the sister, not who holds one.
65: the holders a question of who reaches (``QueryPlan.holders``) show their lines of what
   it asks or of the value it names, not every line, and their links are not followed.
66: dates that make a range ("from May 14 to May 20", "May 14-20", "between June 3 and
   June 7", "from 3/14 to 3/20") are one time mention, in content and in questions, and a
   present that plans one reads it ahead.
67: the holders of a value a question of who names are chosen from the beliefs held as of
   the read only (a belief told later no longer changes which attributes it asks).
"""


@cache
def software_version() -> str:
    """The installed nousmem version and its read rules, e.g. ``0.1.0 (read rules 2)``.

    A trace records it; traces recorded before the rules were counted hold the bare version,
    which then differs from every later one."""
    try:
        dist = metadata.version("nousmem")
    except metadata.PackageNotFoundError:  # pragma: no cover - always installed here
        dist = "unknown"
    return f"{dist} (read rules {READ_RULES})"
