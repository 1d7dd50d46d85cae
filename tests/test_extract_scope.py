"""The rule extractor on clauses that speak for another time or another person: futures,
ended states and reported beliefs (policies/scope.py, policies/extract.py)."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from nousmem.policies.extract import RuleExtractor
from nousmem.projections.models import Observation
from nousmem.runtime import MemoryRuntime

EX = RuleExtractor()
SAID = datetime(2024, 5, 1, 12, tzinfo=UTC)

Row = tuple[str, str, str, str]


def rows(text: str, *, dated: bool = True) -> list[Row]:
    """(entity, attribute, value, polarity-and-hedge) of each rule claim."""
    obs = Observation(content=text, actor="Dana", occurred_at=SAID if dated else None)
    return [
        (c.entity, c.attribute, c.value, c.polarity + (" hedged" if c.hedged else ""))
        for c in EX.extract_sync(obs)
    ]


def dated_rows(text: str) -> list[tuple[str, str, str, str, str | None]]:
    """``rows`` with each claim's ``valid_at`` (ISO day, or None)."""
    obs = Observation(content=text, actor="Dana", occurred_at=SAID)
    return [
        (
            c.entity,
            c.attribute,
            c.value,
            c.polarity + (" hedged" if c.hedged else ""),
            c.valid_at.isoformat() if c.valid_at else None,
        )
        for c in EX.extract_sync(obs)
    ]


@pytest.mark.parametrize(
    ("text", "plan", "when"),
    [
        ("I will move to Berlin next month.", "move to Berlin", "2024-06-01"),
        ("I'll move to Berlin.", "move to Berlin", None),
        ("I will work at Google.", "work at Google", None),
        ("I'm going to work at Google next year.", "work at Google", "2025-01-01"),
        ("I am gonna live in Tokyo.", "move to Tokyo", None),
        ("Next year I will live in Tokyo.", "move to Tokyo", "2025-01-01"),
        ("I'm about to move to Berlin.", "move to Berlin", None),
        # A bare month in a progressive plan is its next occurrence.
        ("I'm moving to Berlin in June.", "move to Berlin", "2024-06-01"),
        ("I'm starting at Google in September.", "work at Google", "2024-09-01"),
        # A start named with a bare date said before it is scheduled (said on 1 May): the
        # next June, the next Monday.
        ("My new job at Google starts in June.", "work at Google", "2024-06-01"),
        ("I start at Google in June.", "work at Google", "2024-06-01"),
        ("I start my new job at Google on 3 June.", "work at Google", "2024-06-03"),
        ("I'm starting at Google on Monday.", "work at Google", "2024-05-06"),
        ("I work at Google starting next month.", "work at Google", "2024-06-01"),
        ("I work at Google beginning next month.", "work at Google", "2024-06-01"),
        # "since" as "because" before a weekday: still a plan, and no date of its own.
        ("I'm moving to Berlin since Monday is a holiday.", "move to Berlin", None),
        ("I will become a teacher next year.", "become a teacher", "2025-01-01"),
        ("I'm joining the platform team next week.", "join the platform team", "2024-05-06"),
        ("I will still move to Berlin next year.", "move to Berlin", "2025-01-01"),
        ("I'm accepting the offer from Hooli next week.", "work at Hooli", "2024-05-06"),
    ],
)
def test_a_future_state_is_a_plan_not_the_state(text: str, plan: str, when: str | None) -> None:
    assert dated_rows(text) == [("Dana", "goal", plan, "assert", when)]


def test_another_persons_plan_is_theirs() -> None:
    assert dated_rows("Dana is moving to Rome in August.") == [
        ("Dana", "goal", "move to Rome", "assert", "2024-08-01")
    ]
    assert rows("Tom will move to Rome next year.") == [("Tom", "goal", "move to Rome", "assert")]


def test_a_hedged_plan_keeps_its_hedge() -> None:
    for text in ("I'll probably start at Google in the fall.", "I might move to Berlin next year."):
        (claim,) = EX.extract_sync(Observation(content=text, actor="Dana", occurred_at=SAID))
        assert claim.attribute == "goal" and claim.hedged, text
        assert claim.confidence < EX.base_confidence, text


def test_a_plan_denied_is_a_denied_goal() -> None:
    # The write path keeps it only when memory holds the plan (tests/test_plans.py).
    assert rows("I won't move to Berlin after all.") == [
        ("Dana", "goal", "move to Berlin", "negate")
    ]
    assert rows("I'm not going to work at Google.") == [
        ("Dana", "goal", "work at Google", "negate")
    ]


def test_a_goal_said_is_not_also_a_plan_read_from_its_state() -> None:
    # The goal rule reads "live in Tokyo"; the future location would add "move to Tokyo".
    assert rows("I want to live in Tokyo.") == [("Dana", "goal", "live in Tokyo", "assert")]
    assert rows("I'm planning to move to Berlin next year.") == [
        ("Dana", "goal", "move to Berlin", "assert")
    ]


@pytest.mark.parametrize(
    "text",
    [
        # A condition on the plan: no plan.
        "If I get the job, I will work at Google.",
        "Assuming the visa comes through, I will move to Berlin.",
        # A plan given up long ago, only supposed, or asked about.
        "I'd never move to Berlin.",
        "I was going to move to Berlin.",
        "Should I move to Berlin next year?",
        # A state on a day ahead, said without a future or a start: a shift, a costume, a
        # stay, not a plan of a new job, role or home.
        "I'm working at the bakery tomorrow.",
        "I'm a nurse for Halloween.",
        "I'm living in Rome next year.",
        # A start in a phrase of its own, whose bare month reads back: no date for a plan.
        "I work at Google, starting in June.",
        "Starting in June, I live in Paris.",
        # States that make no plan.
        "Tom will be my manager from Monday.",
        "I'll be 40 next month.",
    ],
)
def test_a_future_state_that_is_no_plan_sets_nothing(text: str) -> None:
    assert rows(text) == []


@pytest.mark.parametrize(
    "text",
    [
        "I was living in Lyon back then.",
        "In 2010 I worked at IBM.",
        "I worked at IBM for years.",
        "Worked at IBM for years.",
        "I was married to Tom for ten years.",
        "I worked as a nurse for ten years.",
        "I had worked at IBM before that.",
        "Dana worked at IBM in 2015.",
    ],
)
def test_an_ended_state_sets_nothing_now(text: str) -> None:
    assert rows(text) == []


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # A past change still holds.
        ("I moved to Berlin last year.", [("Dana", "location", "Berlin", "assert")]),
        ("I moved to Berlin in June.", [("Dana", "location", "Berlin", "assert")]),
        ("I'm moving to Berlin last June.", [("Dana", "location", "Berlin", "assert")]),
        ("I was hired by Acme last week.", [("Dana", "employer", "Acme", "assert")]),
        # The present perfect keeps the state going.
        ("I have worked at Google since 2019.", [("Dana", "employer", "Google", "assert")]),
        ("I've worked at Google for years.", [("Dana", "employer", "Google", "assert")]),
        # A state said to hold in the last days is current.
        ("I worked at the bakery today.", [("Dana", "employer", "bakery", "assert")]),
        # The future belongs to the second clause only.
        (
            "I live in Paris now and will move to Rome next year.",
            [("Dana", "location", "Paris", "assert"), ("Dana", "goal", "move to Rome", "assert")],
        ),
        # Negations stay: a future denial still denies.
        ("I won't work at Google anymore.", [("Dana", "employer", "Google", "negate")]),
        # Multi-valued attributes keep their (dated) future claims.
        ("I'm going to a conference next month.", [("Dana", "activity", "conference", "assert")]),
        ("I'm a teacher.", [("Dana", "role", "teacher", "assert")]),
    ],
)
def test_present_and_changed_states_still_count(text: str, expected: list[Row]) -> None:
    assert rows(text) == expected


@pytest.mark.parametrize(
    "text",
    [
        "My sister thinks I live in London.",
        "John said I work at Microsoft.",
        "John said that I work at Microsoft.",
        "My boss told me I work at Acme now.",
        "Everyone assumes I love jazz.",
        # The report after the claim, ending the sentence.
        "I live in London, or so my sister thinks.",
        "I work at Microsoft, according to my mom.",
        "I work at Microsoft, my mom says.",
        "I work at Microsoft - so my boss says.",
        "I love jazz, Tom said so.",
        # A report the speaker distances from, or a filler "like,".
        "I live in Paris, as my ex keeps claiming.",
        "I work at Google, as my mom wrongly believes.",
        "I live in Paris, like, my mom says.",
        # Someone else's words in quotation marks, introduced or followed by who said them.
        'Ana told me: "I hate tea."',
        'My boss said, "I live in Lyon."',
        'Ana said: "Honestly, I love jazz."',
        "He told everyone at work: 'I work at Google.'",
        'Ana told me: "I hate tea. I live in Lyon."',
        '"I hate tea. I live in Lyon," Ana said.',
        'My boss replied: "I work at Acme now."',
        '"I live in Lyon," my roommate warned.',
        "According to my mom, I live in Paris.",
        'Ana told me:\n"I live in Lyon."',
        'Ana called. She said: "I live in Lyon."',
    ],
)
def test_what_someone_else_believes_about_the_speaker_is_not_a_claim(text: str) -> None:
    assert rows(text) == []


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # The speaker quoting themselves, or with no one else named as saying it.
        ('I told Ana: "I love jazz."', [("Dana", "likes", "jazz", "assert")]),
        ('I said, "I love jazz."', [("Dana", "likes", "jazz", "assert")]),
        ('I have to say: "I love jazz."', [("Dana", "likes", "jazz", "assert")]),
        # Outside the quotation, the speaker's own words again.
        ('Ana told me: "I hate tea." I love jazz.', [("Dana", "likes", "jazz", "assert")]),
        # An apostrophe opens no quotation.
        ("I'm tired 'cause I work at Acme.", [("Dana", "employer", "Acme", "assert")]),
        (
            "My sister said 'sup and I told her I live in Lyon now, near my parents' place.",
            [("Dana", "location", "Lyon", "assert")],
        ),
        # Someone's reply after the speaker's own quotation, and a reporting verb in the
        # previous sentence, leave it the speaker's (review rev22).
        ('I said "I live in Lyon" and he said "cool".', [("Dana", "location", "Lyon", "assert")]),
        (
            'I told Ana: "I love jazz." She said she hates it.',
            [("Dana", "likes", "jazz", "assert")],
        ),
        (
            'Ana asked me about my job. "I work at Acme now," I told her.',
            [("Dana", "employer", "Acme", "assert")],
        ),
        (
            'Tom said he\'d call me later.\n"I work at Acme" is what I tell people.',
            [("Dana", "employer", "Acme", "assert")],
        ),
    ],
)
def test_the_speakers_own_quotation_still_counts(text: str, expected: list[Row]) -> None:
    assert rows(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("My sister thinks Bob works at Google.", [("Bob", "employer", "Google", "assert hedged")]),
        ("I told her I work at Google.", [("Dana", "employer", "Google", "assert")]),
        ("I said that I work at Google.", [("Dana", "employer", "Google", "assert")]),
        ("I don't think I work at Google.", [("Dana", "employer", "Google", "assert hedged")]),
        # "knows" takes the clause as true.
        ("Mom knows I work at Google.", [("Dana", "employer", "Google", "assert")]),
        # The report ends at the comma.
        ("John said so, and I work at Google.", [("Dana", "employer", "Google", "assert")]),
    ],
)
def test_reports_by_others_are_hedged_and_the_speakers_own_are_not(
    text: str, expected: list[Row]
) -> None:
    assert rows(text) == expected


def test_without_a_date_grammar_alone_decides() -> None:
    assert rows("I will work at Google.", dated=False) == [
        ("Dana", "goal", "work at Google", "assert")
    ]
    # Undated, "next month" resolves to nothing: the clause reads as present.
    undated = rows("I work at Google starting next month.", dated=False)
    assert [(r[1], r[3]) for r in undated] == [("employer", "assert")]


_STATES = [
    ("work at", "employer"),
    ("live in", "location"),
    ("move to", "location"),
    ("start at", "employer"),
]
_FUTURES = ["will", "'ll", "am going to", "am gonna", "will probably", "am about to"]
_VALUES = ["Google", "Acme", "Berlin", "Tokyo", "New York"]


@settings(max_examples=150, deadline=None)
@given(
    st.sampled_from(_FUTURES),
    st.sampled_from(_STATES),
    st.sampled_from(_VALUES),
    st.sampled_from(["", "Next year ", "Soon, "]),
    st.sampled_from(["", " next month", " in 2030", " someday"]),
)
def test_no_future_phrasing_asserts_a_present_state(
    aux: str, state: tuple[str, str], value: str, lead: str, tail: str
) -> None:
    subject = "I" + aux if aux.startswith("'") else f"I {aux}"
    text = f"{lead}{subject} {state[0]} {value}{tail}."
    asserted = [r for r in rows(text) if r[1] == state[1] and r[3].startswith("assert")]
    assert asserted == [], text


async def test_futures_reports_and_ended_states_leave_the_belief_alone() -> None:
    async with MemoryRuntime.memory(namespace="user/dana") as rt:
        for _ in range(2):
            await rt.observe_and_route(
                {"type": "utterance", "content": "I live in Paris.", "actor": "Dana"}
            )
        before = await rt.belief("Dana", "location")
        for text in (
            "I will move to Berlin next month.",
            "My sister thinks I live in London.",
            "In 2010 I lived in Lyon, and I was living in Lyon back then.",
            "Next year I'll live in Tokyo.",
        ):
            obs = {"type": "utterance", "content": text, "actor": "Dana"}
            res = await rt.observe_and_route(obs)
            # A future move is a plan, beside the home memory holds.
            assert all(d.attribute == "goal" for d in res.deltas), text
            assert not res.candidate_ids, text
        after = await rt.belief("Dana", "location")
        assert before is not None and after is not None
        assert after.mode == before.mode == "Paris"
        assert after.distribution == before.distribution


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # A report in an earlier clause does not reach the speaker's own.
        ("Everyone thinks it's crazy but I live in Paris now.", ("location", "Paris")),
        ("John said so and I work at Google.", ("employer", "Google")),
        ("My doctor says I'm healthy and I live in Paris.", ("location", "Paris")),
        ("She thinks the world of me because I work at Google.", ("employer", "Google")),
        ("My sister thinks it's cool that I live in London.", ("location", "London")),
        ("My parents were so proud when they heard I got hired at Google.", ("employer", "Google")),
        ("My kids think I'm crazy but I love hiking.", ("likes", "hiking")),
        # The speaker's own telling.
        ("I have to say I love hiking.", ("likes", "hiking")),
        ("I must say I love painting.", ("likes", "painting")),
        ("Gotta say I love hiking.", ("likes", "hiking")),
        ("Just wanted to tell you I moved to Berlin!", ("location", "Berlin")),
        ("Let me tell you I love hiking.", ("likes", "hiking")),
        ("I'm going to tell you I work at Google.", ("employer", "Google")),
        # Reporting words that report nothing here.
        ("To tell the truth I work at Google.", ("employer", "Google")),
        ("Truth be told I work at Google.", ("employer", "Google")),
        ("That said I love hiking.", ("likes", "hiking")),
        ("Needless to say I moved to Berlin.", ("location", "Berlin")),
        ("After a lot of thought I moved to Berlin.", ("location", "Berlin")),
        # A future that goes on with the present.
        ("I'm going to keep working at Google.", ("employer", "Google")),
        ("I'll keep working at Google for now.", ("employer", "Google")),
        ("I will still live in Paris next year.", ("location", "Paris")),
        # A date that bounds the state or belongs to something else.
        ("I live in Paris until next year.", ("location", "Paris")),
        ("I live in Paris with my wife who's due next month.", ("location", "Paris")),
        ("I work at a startup that launches next week.", ("employer", "startup")),
        # A subject called Will.
        ("Will Smith lives in Los Angeles.", ("location", "Los Angeles")),
    ],
)
def test_the_speakers_own_present_facts_are_kept(text: str, expected: tuple[str, str]) -> None:
    assert expected in [(r[1], r[2]) for r in rows(text) if r[3] == "assert"], rows(text)


@pytest.mark.parametrize(
    "text",
    [
        # An ended state that ended lately is still ended.
        "I worked at Acme until yesterday.",
        "I was living in Lyon until yesterday.",
        # A participle after "getting" is no past.
        "I'm getting married to Tom next month.",
        "I'm getting hired at Google next month.",
        # More ways to report someone else's belief.
        "My mom is convinced I live in Oslo.",
        "My mom keeps saying I live in Oslo.",
        "My sister mentioned I live in London.",
        "He's telling people I work at Google.",
        "According to my mom I work at Google.",
        "Sam reckons I live in Oslo.",
        # Denials of another time deny nothing now.
        "I won't be living in Paris next year.",
        "I wasn't living in Paris back then.",
        "In 2010 I didn't work at Google.",
        "I didn't live in Paris when I was a kid.",
        "I'm not going to work at Google forever.",
    ],
)
def test_other_times_and_others_words_set_no_state(text: str) -> None:
    assert [r for r in rows(text) if r[1] in ("employer", "location", "spouse")] == []


def test_a_cessation_in_the_future_still_denies() -> None:
    assert rows("I won't work at Google anymore.") == [("Dana", "employer", "Google", "negate")]
    assert rows("I'm quitting Google.") == [("Dana", "employer", "Google", "negate")]


@pytest.mark.parametrize(
    "text",
    [
        # A future date later in the clause, after an object phrase.
        "I'm moving to Berlin with my family next month.",
        "I'm relocating to Berlin with my kids next week.",
        "I start at Google as an engineer next month.",
        # A continuing word that does not govern a change verb.
        "I will still move to Berlin next year.",
        "I'll still be moving to Berlin next year.",
        # Reports whose reporter is a phrase, a pair or a passive.
        "Everyone at work thinks I live in London.",
        "Everybody here thinks I live in Paris.",
        "My friends all think I live in London.",
        "Bob's wife thinks I work at Google.",
        "Sam and Alex think I live in London.",
        "My sister told my mom I live in London.",
        "John told everyone at the party I work at Microsoft.",
        "John said last week I work at Microsoft.",
        "Mom told me yesterday that I live in Oslo.",
        "I was told I work at Google.",
        "My sister thinks that maybe I live in London.",
    ],
)
def test_later_dates_and_wider_reports_set_no_state(text: str) -> None:
    assert [r for r in rows(text) if r[1] in ("employer", "location")] == []


@pytest.mark.parametrize(
    "text",
    [
        "Tomorrow my wife Ana and I fly to Rome.",
        "Next week my wife Ana turns 40.",
        "Next month my husband Tom and I are going to Rome.",
    ],
)
def test_a_date_before_a_possessive_leaves_the_relation(text: str) -> None:
    assert any(r[1] == "spouse" and r[3] == "assert" for r in rows(text)), rows(text)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # A possessive's value takes no later date of the clause.
        ("My husband Tom is flying to Rome tomorrow.", ("spouse", "Tom")),
        ("My wife Ana starts her new job next week.", ("spouse", "Ana")),
        ("My wife Ana starts at Google in June.", ("spouse", "Ana")),
        ("I start my new job at Google today.", ("employer", "Google")),
        ("I started at Google on Monday.", ("employer", "Google")),
        # After the claim: the speaker's own words, or a report with its own complement.
        ("I work at Microsoft, I told my mom.", ("employer", "Microsoft")),
        ("I work at Microsoft, as my mom knows.", ("employer", "Microsoft")),
        ("I live in London, my sister thinks I should move.", ("location", "London")),
        ("I live in London, according to me.", ("location", "London")),
        # Someone agreeing after the claim is no report.
        ("I love jazz, and my husband thinks so too.", ("likes", "jazz")),
        ("I live in Paris, as my mom says.", ("location", "Paris")),
        ("I love sushi, my wife says so too.", ("likes", "sushi")),
        ("I live in Paris, just like my sister said.", ("location", "Paris")),
        # "since" a weekday is the last one (said on a Wednesday).
        ("I'm living in Berlin since Monday.", ("location", "Berlin")),
        ("I'm working at Acme since Monday.", ("employer", "Acme")),
        ("I'm working at Acme since Monday was my first day.", ("employer", "Acme")),
        ("I work at Google, starting in March.", ("employer", "Google")),
        ("I live in Paris, starting in June my wife joins me.", ("location", "Paris")),
        ("My wife Ana will be 40 next week.", ("spouse", "Ana")),
        # A continuing word anywhere before a state verb.
        ("I'll still be living in Paris.", ("location", "Paris")),
        ("I will still happily live in Paris.", ("location", "Paris")),
        ("I'm still going to be working at Google.", ("employer", "Google")),
        # The speaker's own hedge or confirmation is no report.
        ("I'm pretty sure I live in Boston.", ("location", "Boston")),
        ("I kinda think I live in Boston for good now.", ("location", "Boston")),
        ("Like you said I live in Boston now.", ("location", "Boston")),
        ("As mentioned I live in Boston now.", ("location", "Boston")),
        # A report that ends before the clause of the claim.
        ("My doctor told me to rest more now that I work at Google.", ("employer", "Google")),
        ("Everyone keeps telling me how lucky I am to work at Google.", ("employer", "Google")),
        (
            "My friends keep saying congrats on the new job I started at Google.",
            ("employer", "Google"),
        ),
    ],
)
def test_no_false_scope_after_the_second_review(text: str, expected: tuple[str, str]) -> None:
    assert expected in [(r[1], r[2]) for r in rows(text) if r[3].startswith("assert")], rows(text)


def test_a_move_said_with_still_is_still_a_future() -> None:
    assert [r[1] for r in rows("I will still move to Berlin next year.")] == ["goal"]


@pytest.mark.parametrize(
    "text",
    [
        # Names and nouns that end in -ly or have no determiner still report.
        "Emily thinks I live in Lyon.",
        "Kelly says I work at Google.",
        "Apparently Kelly thinks I live in Lyon.",
        "My family thinks I live in Lyon.",
        "grandma thinks I live in Lyon.",
        # The speaker denying having said it.
        "I never said I live in Lyon.",
        "I didn't say I work at Google.",
        # Asking to keep it out of answers states nothing.
        "Don't mention that I live in Lyon.",
        # Text passed along is not the speaker's word.
        "Summarize this email: Hi, I live in Lyon now.",
        "Summarize this email:\nHi, I live in Lyon now.",
        "My job at Google starts next month.",
    ],
)
def test_reports_denied_sayings_and_passed_along_text_set_nothing(text: str) -> None:
    assert [r for r in rows(text) if r[1] in ("employer", "location")] == []


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # A colon or "this" that introduces the speaker's own news keeps it.
        ("I have two kids:\nmy son Tom and my daughter Ana.", ("child", "Tom")),
        ("Big news:\nI moved to Berlin!", ("location", "Berlin")),
        ("Check this out: I moved to Berlin last week.", ("location", "Berlin")),
        ("Check this out!\nI moved to Berlin last week.", ("location", "Berlin")),
    ],
)
def test_the_speakers_own_news_after_a_colon_is_kept(text: str, expected: tuple[str, str]) -> None:
    assert expected in [(r[1], r[2]) for r in rows(text)], rows(text)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("So here's the thing:\nI quit my job at Google.", ("employer", "Google")),
        ("It's official:\nI got a job at Google!", ("employer", "Google")),
        ("Crazy week this week:\nI moved to Berlin.", ("location", "Berlin")),
        ("Mom's advice:\nI moved to Berlin.", ("location", "Berlin")),
        ("I need to fix it before Monday.\nI work at Google.", ("employer", "Google")),
        ("I got a great review this week!\nI moved to Berlin.", ("location", "Berlin")),
        ("#blessed I got a job at Google", ("employer", "Google")),
        ('I love "The Office" and I work at Google.', ("employer", "Google")),
        ("I never told my parents I quit my job at Google.", ("employer", "Google")),
        ("I didn't tell anyone I moved to Berlin.", ("location", "Berlin")),
        ("lol told you I work at Google", ("employer", "Google")),
        ("I secretly think I love hiking.", ("likes", "hiking")),
    ],
)
def test_own_words_in_ordinary_chat_are_kept(text: str, expected: tuple[str, str]) -> None:
    assert expected in [(r[1], r[2]) for r in rows(text)], rows(text)


@pytest.mark.parametrize(
    "text",
    [
        "```\nI live in Lyon.\nI work at Google.\n```",
        "Proofread my essay:\nI live in Lyon.",
        "-----Original Message-----\nFrom: Bob\nI live in Lyon.",
    ],
)
def test_fenced_pasted_and_forwarded_facts_are_not_the_speakers(text: str) -> None:
    assert [r for r in rows(text) if r[1] in ("employer", "location")] == []


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Like I said:\nI live in Lyon, not Paris.", ("location", "Lyon")),
        ("I said:\nI moved to Berlin!", ("location", "Berlin")),
        ("Review of my week:\nI moved to Berlin.", ("location", "Berlin")),
        ("Edit:\nI actually live in Portland now, not Seattle.", ("location", "Portland")),
        ("Check-in:\nSlept badly. I started a new job at Acme.", ("employer", "Acme")),
        ("Fix:\nI work at Intel, not AMD.", ("employer", "Intel")),
        ("My post:\nI moved to Berlin!", ("location", "Berlin")),
        ("Today's post:\nI moved to Berlin!", ("location", "Berlin")),
        ("Here's my email:\ndana@x.com. I live in Lyon.", ("location", "Lyon")),
    ],
)
def test_the_speakers_own_headings_keep_their_facts(text: str, expected: tuple[str, str]) -> None:
    assert expected in [(r[1], r[2]) for r in rows(text)], rows(text)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # What the speaker says is not so is denied.
        ("It is not true that I work at Acme.", [("Dana", "employer", "Acme", "negate")]),
        ("It isn't true that I live in Paris.", [("Dana", "location", "Paris", "negate")]),
        ("It's not the case that I work at Acme.", [("Dana", "employer", "Acme", "negate")]),
        ("Not true that I live in Paris.", [("Dana", "location", "Paris", "negate")]),
        ("It's not true that Tom works at Acme.", [("Tom", "employer", "Acme", "negate")]),
        # Denying a negation states nothing plainly.
        ("It's not true that I don't work at Acme.", []),
        # Not a denial of what follows: it is said true, or not a lie, or only rumoured, or
        # the lead is someone else's, or the clause ended before it (review rev22).
        ("It's true that I work at Acme.", [("Dana", "employer", "Acme", "assert")]),
        ("It's not a lie that I love jazz.", [("Dana", "likes", "jazz", "assert")]),
        ("It's not false that I work at Acme.", [("Dana", "employer", "Acme", "assert")]),
        ("There's a rumor that I work at Acme.", [("Dana", "employer", "Acme", "assert")]),
        (
            "Everyone thinks it's a lie that I work at Acme but I do.",
            [("Dana", "employer", "Acme", "assert")],
        ),
        ("It's not true, I work at Acme.", [("Dana", "employer", "Acme", "assert")]),
        ("That's not true: I work at Acme.", [("Dana", "employer", "Acme", "assert")]),
    ],
)
def test_a_clause_said_not_to_be_true_is_denied(text: str, expected: list[Row]) -> None:
    assert rows(text) == expected
