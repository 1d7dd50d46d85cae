"""A divorce or separation ends the spouse memory holds and sets the status: "Tom and I got
divorced", "I divorced Tom", "Tom and I split up", "We split up", "I'm no longer married to
Tom". Current reads stop showing Tom as spouse, reads of the time before still show him,
and the change is the observation's. A divorce under way, denied, hypothetical or reported
changes nothing."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

import pytest

from nousmem.policies import RuleExtractor
from nousmem.projections.models import Observation
from nousmem.runtime import MemoryRuntime
from tests.helpers import say_at as say

T0 = datetime(2026, 1, 1, 10, tzinfo=UTC)
WED = T0 + timedelta(days=7)  # the wedding is said on day 7, the split on day 60
SPLIT = T0 + timedelta(days=60)


@pytest.fixture
def rt(memory_rt: MemoryRuntime) -> MemoryRuntime:
    return memory_rt  # one backend: these observations carry their own times


async def still_married(rt: MemoryRuntime, to: str) -> None:
    """Maya's spouse is ``to`` alone and her status is married."""
    spouse = await rt.belief("Maya", "spouse")
    assert spouse is not None and spouse.held == (to,)
    state = await rt.belief("Maya", "relationship_status")
    assert state is not None and state.mode == "married"


def claims(text: str) -> list[tuple[str, str, str]]:
    obs = Observation(content=text, actor="Maya", source="user", occurred_at=SPLIT)
    return [(c.attribute, c.value, c.polarity) for c in RuleExtractor().extract_sync(obs)]


ENDED = [
    ("Tom and I got divorced.", "divorced"),
    ("I divorced Tom.", "divorced"),
    ("I'm divorced from Tom.", "divorced"),
    ("Tom and I finally got divorced last week.", "divorced"),
    ("We got divorced.", "divorced"),
    ("I'm divorced.", "divorced"),
    ("Tom and I split up.", "separated"),
    ("Me and Tom split up a month ago.", "separated"),
    ("We split up.", "separated"),
    ("I split up with Tom.", "separated"),
    ("Tom and I separated.", "separated"),
    ("We're separated.", "separated"),
    ("I'm separated.", "separated"),
    ("I'm no longer married to Tom.", "divorced"),
    ("Tom and I are no longer married.", "divorced"),
    ("I'm no longer married.", "divorced"),
    ("I'm widowed.", "widowed"),
    # A time or a new clause may follow the verb.
    ("We split up last week and it was hard.", "separated"),
    ("Tom and I split up two weeks ago, but we're friends.", "separated"),
    # The spouse by their noun ends the spouse memory holds, as "we" does.
    ("My husband and I split up.", "separated"),
    ("Me and my husband split up.", "separated"),
    ("My wife and I separated last month.", "separated"),
    # ... and the spouse by noun after the verb, or the divorce itself (review rev18).
    ("I divorced my husband.", "divorced"),
    ("I'm divorced from my husband.", "divorced"),
    ("I'm separated from my husband.", "separated"),
    ("I split up with my husband last week.", "separated"),
    ("My divorce was finalized.", "divorced"),
    ("My divorce went through last week.", "divorced"),
    ("Well, my divorce is final now.", "divorced"),
    # A time word or a hardship before it is no supposition, and a long while no trip
    # (review rev21).
    ("After a long fight, my divorce was finalized.", "divorced"),
    ("I had to wait two years, but my divorce is final now.", "divorced"),
    ("Once again I'm free: my divorce was finalized.", "divorced"),
    ("I divorced my husband after 10 years.", "divorced"),
    ("I've been separated from my wife for two years.", "separated"),
    ("I love the '80s. I divorced my husband. 'He was awful,' Ana said.", "divorced"),
    # The spouse by noun and by name: the name is the one it ends, never a new spouse.
    ("I divorced my husband, Tom.", "divorced"),
    ("I divorced my husband Tom last year.", "divorced"),
    ("I'm divorced from my husband Tom.", "divorced"),
    ("I split up with my husband, Tom, last week.", "separated"),
    ("I'm separated from my husband Tom.", "separated"),
]


@pytest.mark.parametrize(("text", "status"), ENDED)
async def test_a_divorce_ends_the_spouse_and_sets_the_status(
    rt: MemoryRuntime, text: str, status: str
) -> None:
    await say(rt, "I'm married to Tom.", WED)
    r = await say(rt, text, SPLIT)
    # The denial of Tom is this observation's own write.
    assert ("spouse", "Tom", "negate") in [(d.attribute, d.value, d.polarity) for d in r.deltas]
    spouse = await rt.belief("Maya", "spouse")
    assert spouse is not None and spouse.held == () and spouse.mode is None
    state = await rt.belief("Maya", "relationship_status")
    assert state is not None and state.mode == status
    logical = {s.key: s for s in (await rt.worldview("logical")).slots}
    assert "Maya.spouse" not in logical
    assert [c.value for c in logical["Maya.relationship_status"].candidates] == [status]
    prompt = (await rt.query("Who is my husband?", actor="Maya")).to_prompt()
    assert "Maya.spouse: Tom" not in prompt
    assert f"Maya.relationship_status: {status}" in prompt
    # Before the split Tom was her husband, and a historical read says until when.
    before = await rt.belief("Maya", "spouse", as_of=(SPLIT - timedelta(days=1)).isoformat())
    assert before is not None and before.held == ("Tom",)
    (slot,) = [s for s in (await rt.worldview("historical")).slots if s.key == "Maya.spouse"]
    (tom,) = slot.candidates
    assert (tom.value, tom.status, tom.valid_to) == ("Tom", "superseded", SPLIT)


@pytest.mark.parametrize(
    "text",
    [
        # Under way: married until it is done.
        "Tom and I are getting divorced.",
        "We're getting divorced.",
        "I'm getting divorced.",
        "I'm divorcing Tom.",
        "Tom and I are splitting up.",
        "Tom and I will get divorced.",
        # Not said to have happened.
        "If Tom and I split up, I'd keep the house.",
        "My mom thinks Tom and I split up.",
        "I never divorced Tom.",
        "Tom and I didn't split up.",
        "We split the bill.",
        "I got separated from Mom at the mall.",
        "I'm no longer married to the idea of a big wedding.",
        # Splitting something, or splitting up to do something, is no separation.
        "We split two pizzas.",
        "We split a couple of beers.",
        "Tom and I split 50/50.",
        "Tom and I split three pizzas.",
        "We got separated in the crowd.",
        "Mom and I got separated at the concert.",
        # Someone else's quoted words, a comparison, a disclaimer, a time then a purpose, and
        # an ex whose name the spouse rule refuses (review rev18).
        '"I\'m divorced," Ana told me.',
        'Ana called me last night. "We\'re separated now," she said.',
        "It's not like we're divorced.",
        "Not that we're divorced, but he's never home.",
        "It feels like we split up.",
        "We split up yesterday to cover more ground.",
        "We're separated this week because he's traveling.",
        "We got separated yesterday at the mall.",
        "I divorced June years ago.",
        "I got separated at the concert.",
        "We split up and searched the woods.",
        "We split up in the parking lot.",
        # Nor is losing the spouse in a crowd.
        "I got separated from Tom at the mall.",
        "Separated from Tom at the mall.",
        # Someone else's word about the speaker, or a denial of both.
        "My sister thinks Tom and I got divorced.",
        "Everyone at work says Tom and I got divorced.",
        'She said "Tom and I got divorced."',
        "Everyone else in our group split up, but neither Tom nor I got divorced.",
        # Imagined.
        "Suppose Tom and I split up.",
        "Imagine Tom and I got divorced.",
        "Let's say Tom and I split up.",
        "I'd rather we split up.",
        # The spouse by noun: lost in a crowd, someone's lawyer, a divorce to come or
        # denied, someone else's.
        "I got separated from my husband at the mall.",
        "I divorced my husband's lawyer.",
        "My divorce lawyer called.",
        "If my divorce went through, I'd keep the house.",
        "Once my divorce is final, I'll move.",
        "As soon as my divorce is final, I'm moving.",
        "I hope my divorce is final soon.",
        "My divorce wasn't finalized.",
        "I never divorced my husband.",
        "My sister divorced her husband.",
        '"My divorce was finalized," Ana said.',
        # Awaited or supposed anywhere before it, someone's words in single quotes, a short
        # separation (review rev20).
        "When my divorce is final, I'll move.",
        "Tell me when my divorce is final.",
        "I can't wait till my divorce is final.",
        "Before my divorce is final, I need a lawyer.",
        "Assuming my divorce is final, I can remarry.",
        "If the judge signs today, my divorce is final.",
        "'My divorce went through last week,' my sister told me.",
        "'I'm separated from my wife,' Ana said.",
        "Ana told me: 'I divorced my husband.'",
        "'I divorced Tom,' Ana said.",
        "I was separated from my husband for a few days.",
        "I'm separated from my husband for a week.",
        "I got separated from my husband earlier, but I found him.",
        "I split up with my husband for a few days.",
        # A product or a company, not a spouse.
        "I finally divorced Google Drive and moved everything to Dropbox.",
        "I split from Apple and bought a Pixel.",
        # Denied, or someone else's words in double quotes.
        "It's not true that I divorced my husband.",
        "It isn't true that Tom and I split up.",
        'Ana told me: "I divorced my husband, Jake."',
    ],
)
async def test_what_is_not_a_divorce_keeps_the_marriage(rt: MemoryRuntime, text: str) -> None:
    await say(rt, "I'm married to Tom.", WED)
    await say(rt, text, SPLIT)
    await still_married(rt, "Tom")


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            "Tom and I got divorced.",
            [("spouse", "Tom", "negate"), ("relationship_status", "divorced", "assert")],
        ),
        (
            "I divorced Tom.",
            [("spouse", "Tom", "negate"), ("relationship_status", "divorced", "assert")],
        ),
        (
            "Tom and I split up.",
            [("spouse", "Tom", "negate"), ("relationship_status", "separated", "assert")],
        ),
        # No name: the sentence alone sets the status; the write denies the spouse held.
        ("We split up.", [("relationship_status", "separated", "assert")]),
        (
            "I'm no longer married to Tom.",
            [("relationship_status", "divorced", "assert"), ("spouse", "Tom", "negate")],
        ),
        # Under way: a divorce to come, a plan (policies/plans.py), no status yet.
        ("Tom and I are getting divorced.", [("goal", "get divorced", "assert")]),
        ("If Tom and I split up, I'd keep the house.", []),
        # Unchanged: a marriage, a denied spouse, a denied status.
        (
            "I'm married to Tom.",
            [("relationship_status", "married", "assert"), ("spouse", "Tom", "assert")],
        ),
        ("I'm not married to Bob.", [("spouse", "Bob", "negate")]),
        ("I'm not married.", [("relationship_status", "married", "negate")]),
        # A wedding with a joint subject names the spouse; one to come names nobody.
        (
            "Tom and I got married.",
            [("spouse", "Tom", "assert"), ("relationship_status", "married", "assert")],
        ),
        ("We got married.", [("relationship_status", "married", "assert")]),
        # ... and one to come is a plan (policies/plans.py).
        ("Tom and I are getting married next month.", [("goal", "get married", "assert")]),
        ("Tom and I are getting married.", [("goal", "get married", "assert")]),
        ("I'm getting married.", [("goal", "get married", "assert")]),
        # A joint subject's name is read once, whole (review rev18).
        (
            "Jean-Luc and I got married.",
            [("spouse", "Jean-Luc", "assert"), ("relationship_status", "married", "assert")],
        ),
        (
            "O'Brien and I got divorced.",
            [("spouse", "O'Brien", "negate"), ("relationship_status", "divorced", "assert")],
        ),
        # The name is the name, not the word before it.
        (
            "Sadly Tom and I split up.",
            [("spouse", "Tom", "negate"), ("relationship_status", "separated", "assert")],
        ),
        (
            "Honestly Tom and I split up.",
            [("spouse", "Tom", "negate"), ("relationship_status", "separated", "assert")],
        ),
        ("Suppose Tom and I split up.", []),
        # Neither is the speaker: no half-update of Tom alone.
        ("Ana and Tom got divorced last month.", []),
        # ... nor Tom alone married ("got" agrees with either name); with the speaker, hers.
        ("Ana and Tom got married.", []),
        ("Ana and Tom got married last year.", []),
        ("Ana and I got engaged.", [("relationship_status", "engaged", "assert")]),
        # "We" are the speaker and a partner, as for a wedding; busy is no engagement.
        ("We got engaged in Paris.", [("relationship_status", "engaged", "assert")]),
        ("We're engaged.", [("relationship_status", "engaged", "assert")]),
        ("We got engaged in a conversation about AI.", []),
        ("We're engaged in talks with Acme.", []),
        ("I'm engaged in a lawsuit.", []),
        ("I'm engaged with the community.", []),
        (
            "Tom and I are in a relationship.",
            [("relationship_status", "in a relationship", "assert")],
        ),
        ("Neither Tom nor I got divorced.", []),
        # A spouse named after the noun is the one the divorce ends (it was read as a new
        # spouse, "my husband, Jake").
        (
            "I divorced my husband, Jake.",
            [("spouse", "Jake", "negate"), ("relationship_status", "divorced", "assert")],
        ),
        (
            "I divorced my ex-husband Jake in 2019.",
            [("spouse", "Jake", "negate"), ("relationship_status", "divorced", "assert")],
        ),
        # Not a short separation, nor a crowd (nor, after these verbs, a new spouse).
        ("I got separated from my husband Jake at the mall.", []),
        ("I separated from my husband Jake for a few days.", []),
        ("I never divorced my husband Jake.", []),
        # The spouse by the name they are called (review rev22: not "My husband is X", where
        # a capitalised word is as often no name).
        ("My wife's name is Ana.", [("spouse", "Ana", "assert")]),
        ("My husband is called Jake.", [("spouse", "Jake", "assert")]),
        ("My ex-husband's name is Jake.", [("spouse", "Jake", "negate")]),
        ("My husband is Jamaican.", []),
        ("My husband is Army.", []),
        ("My wife is INTJ and I'm ENFP.", []),
        ("My husband is Dr. Lee.", []),
        ("My husband's name is Jake's brother.", []),
        # A separation by noun and name that is a possibility, or a shop, denies no one.
        ("I might split up with my wife Ana.", []),
        ("I split up with my husband Jake and we each searched a different aisle.", []),
        ("I split up with my husband and we each searched a different aisle.", []),
        ("I might split up with my wife.", []),
        # Review rev23: a modal far before, or a past "when/after" clause, still tells; a
        # clause after "but" still ends; the next clause's "I" is no spouse's name.
        (
            "I should mention that I divorced my husband.",
            [("relationship_status", "divorced", "assert")],
        ),
        (
            "After I divorced my husband, I moved to Boston.",
            [("relationship_status", "divorced", "assert"), ("location", "Boston", "assert")],
        ),
        (
            "I split up with my wife, but we're still friends.",
            [("relationship_status", "separated", "assert")],
        ),
        (
            "I'm separated from my wife, Ana, but we're still friends.",
            [("spouse", "Ana", "negate"), ("relationship_status", "separated", "assert")],
        ),
        (
            "Since I divorced my husband, I've been happier.",
            [("relationship_status", "divorced", "assert")],
        ),
        ("For my wife, I'd do anything.", []),
        (
            "I divorced my husband Jake and moved to Boston.",
            [
                ("spouse", "Jake", "negate"),
                ("relationship_status", "divorced", "assert"),
                ("location", "Boston", "assert"),
            ],
        ),
        ("Let's say my wife's name is Maria.", []),
        ("It's not true that my wife's name is Ana.", []),
        # A break-up with someone named ends them as the partner, and sets no status.
        ("I broke up with Alex last month.", [("spouse", "Alex", "negate")]),
        ("I never broke up with Alex.", []),
        ("She broke up with Tom.", []),
    ],
)
def test_extracted_claims(text: str, expected: list[tuple[str, str, str]]) -> None:
    assert claims(text) == expected


async def test_a_split_said_of_an_earlier_time_ends_no_later_marriage(rt: MemoryRuntime) -> None:
    """ "We split up" ends the spouse held when it happened: imported late, a split dated
    before the wedding leaves Tom (and the status the wedding set) alone."""
    await say(rt, "I'm married to Tom.", WED)
    r = await say(rt, "We split up.", T0)
    assert [(d.attribute, d.value) for d in r.deltas] == [("relationship_status", "separated")]
    spouse = await rt.belief("Maya", "spouse")
    assert spouse is not None and spouse.held == ("Tom",)


async def test_a_split_ends_only_the_speakers_marriage(rt: MemoryRuntime) -> None:
    await say(rt, "I'm married to Tom.", WED)
    await say(rt, "I'm married to Sam.", WED, actor="Ana")
    await say(rt, "We split up.", SPLIT)
    ana = await rt.belief("Ana", "spouse")
    assert ana is not None and ana.held == ("Sam",)
    maya = await rt.belief("Maya", "spouse")
    assert maya is not None and maya.held == ()


async def test_rebuild_equals_live(rt: MemoryRuntime) -> None:
    day = timedelta(days=1)
    for i, (text, actor) in enumerate(
        [
            ("I'm married to Tom.", "Maya"),
            ("I'm married to Sam.", "Ana"),
            ("I'm married to Leo.", "Bea"),
            ("We split up.", "Maya"),
            ("I divorced Sam.", "Ana"),
            ("Leo and I are getting divorced.", "Bea"),
            ("I'm no longer married to Leo.", "Bea"),
            ("I'm married to Jake.", "Maya"),
        ]
    ):
        await say(rt, text, WED + i * day, actor=actor)

    async def state() -> tuple[list[tuple[Any, ...]], list[tuple[Any, ...]]]:
        beliefs = [
            (b.entity, b.attribute, b.mode, b.held, b.distribution)
            for e in ("Maya", "Ana", "Bea")
            for b in await rt.beliefs(e)
        ]
        slots = [
            (s.key, [(c.value, c.status, c.valid_from, c.valid_to) for c in s.candidates])
            for s in (await rt.worldview("historical")).slots
        ]
        return beliefs, slots

    live = await state()
    assert ("Maya", "spouse", "Jake", ("Jake",)) in [b[:4] for b in live[0]]
    assert ("Bea", "spouse", None, ()) in [b[:4] for b in live[0]]
    assert ("Ana", "spouse", None, ()) in [b[:4] for b in live[0]]
    assert ("Ana", "relationship_status", "divorced") in [b[:3] for b in live[0]]
    await rt.rebuild()
    assert await state() == live


@pytest.mark.parametrize(
    "wedding", ["Tom and I got married.", "Me and Tom got married.", "I married Tom."]
)
async def test_a_wedding_with_a_joint_subject_then_a_divorce(
    rt: MemoryRuntime, wedding: str
) -> None:
    await say(rt, wedding, WED)
    married = await rt.belief("Maya", "spouse")
    assert married is not None and married.held == ("Tom",)
    await say(rt, "Tom and I got divorced.", SPLIT)
    divorced = await rt.belief("Maya", "spouse")
    assert divorced is not None and divorced.held == ()


async def _married_to_jake_after_tom(rt: MemoryRuntime) -> None:
    for text, year, month in [
        ("I'm married to Tom.", 2015, 1),
        ("Tom and I got divorced.", 2019, 6),
        ("I married Jake.", 2021, 5),
    ]:
        await say(rt, text, datetime(year, month, 1, tzinfo=UTC))


@pytest.mark.parametrize(
    "text",
    [
        "I got divorced in 2019.",
        "We split up in 2019, it was rough.",
        "I divorced my husband in 2019.",
        "My divorce was finalized in 2019.",
    ],
)
async def test_a_divorce_dated_before_the_marriage_held_ends_nothing_current(
    rt: MemoryRuntime, text: str
) -> None:
    """The spouse it ended is the one held at its own time (Tom, already ended): Jake, held
    since 2021, stays, and the speaker is not made divorced now."""
    await _married_to_jake_after_tom(rt)
    r = await say(rt, text, datetime(2026, 2, 1, tzinfo=UTC))
    assert list(r.deltas) == []
    await still_married(rt, "Jake")
    prompt = (await rt.query("Who is my husband?", actor="Maya")).to_prompt()
    assert "Maya.spouse: Jake" in prompt


@pytest.mark.parametrize("text", ["I divorced Tom in 2015.", "I'm no longer married to Google."])
async def test_a_divorce_from_someone_else_keeps_the_current_marriage(
    rt: MemoryRuntime, text: str
) -> None:
    """The named ex is denied, but the speaker, married to Jake, is not made divorced."""
    await say(rt, "I'm married to Jake.", datetime(2021, 1, 1, tzinfo=UTC))
    r = await say(rt, text, datetime(2026, 2, 1, tzinfo=UTC))
    assert [(d.attribute, d.polarity) for d in r.deltas] == [("spouse", "negate")]
    await still_married(rt, "Jake")


@pytest.mark.parametrize(
    ("ended", "status"),
    [
        ("Tom and I got divorced.", "divorced"),
        ("We split up.", "separated"),
        ("I'm single.", "single"),
    ],
)
async def test_a_new_spouse_makes_the_status_married(
    rt: MemoryRuntime, ended: str, status: str
) -> None:
    await say(rt, "I'm married to Tom.", datetime(2018, 1, 1, tzinfo=UTC))
    await say(rt, ended, datetime(2021, 6, 1, tzinfo=UTC))
    before = await rt.belief("Maya", "relationship_status")
    assert before is not None and before.mode == status
    r = await say(rt, "I married Jake last year.", datetime(2024, 5, 1, tzinfo=UTC))
    assert ("relationship_status", "married", "assert") in [
        (d.attribute, d.value, d.polarity) for d in r.deltas
    ]
    state = await rt.belief("Maya", "relationship_status")
    assert state is not None and state.mode == "married"
    logical = {s.key: s for s in (await rt.worldview("logical")).slots}
    assert [c.value for c in logical["Maya.relationship_status"].candidates] == ["married"]
    assert [c.value for c in logical["Maya.spouse"].candidates] == ["Jake"]


@pytest.mark.parametrize(
    ("text", "statuses"),
    [
        ("I'm married to Jake.", ["married"]),  # its own status, not a second one
        ("I think I married Jake.", []),  # hedged
        ("I'm not married to Jake.", []),  # denied
    ],
)
async def test_a_spouse_said_with_its_status_or_unsure_adds_no_status(
    rt: MemoryRuntime, text: str, statuses: list[str]
) -> None:
    await say(rt, "We split up.", datetime(2021, 6, 1, tzinfo=UTC))
    r = await say(rt, text, datetime(2024, 5, 1, tzinfo=UTC))
    assert [d.value for d in r.deltas if d.attribute == "relationship_status"] == statuses


async def test_rebuild_equals_live_after_dated_divorces_and_a_remarriage(
    rt: MemoryRuntime,
) -> None:
    await _married_to_jake_after_tom(rt)
    for i, text in enumerate(["I got divorced in 2019.", "I divorced Tom in 2015."]):
        await say(rt, text, datetime(2026, 2, 1 + i, tzinfo=UTC))

    async def state() -> list[tuple[Any, ...]]:
        return [(b.attribute, b.mode, b.held, b.distribution) for b in await rt.beliefs("Maya")]

    live = await state()
    assert ("spouse", "Jake", ("Jake",)) in [b[:3] for b in live]
    assert ("relationship_status", "married") in [b[:2] for b in live]
    await rt.rebuild()
    assert await state() == live


async def test_a_late_husband_named_is_no_wedding(rt: MemoryRuntime) -> None:
    """ "My husband Tom passed away" names a spouse but no wedding: the status stays."""
    await say(rt, "I'm widowed.", WED)
    await say(rt, "My husband Tom passed away last year.", SPLIT)
    state = await rt.belief("Maya", "relationship_status")
    assert state is not None and state.mode == "widowed"


async def test_a_status_derived_from_a_spouse_is_no_stronger_than_it(rt: MemoryRuntime) -> None:
    """A plain "Tom is my husband." cannot overturn the divorce's denial of Tom, so the
    status it implies cannot make Maya married on its own."""
    await say(rt, "I'm married to Tom.", datetime(2015, 1, 1, tzinfo=UTC))
    await say(rt, "Tom and I got divorced.", datetime(2024, 1, 1, tzinfo=UTC))
    await say(rt, "Tom is my husband.", datetime(2024, 6, 1, tzinfo=UTC))
    spouse = await rt.belief("Maya", "spouse")
    state = await rt.belief("Maya", "relationship_status")
    assert spouse is not None and state is not None
    assert spouse.held == () and state.mode == "divorced"


@pytest.mark.parametrize(
    "before", [["I'm married to Tom."], ["I'm married to Tom.", "Tom is my husband."]]
)
async def test_a_hedged_separation_leaves_the_marriage(
    rt: MemoryRuntime, before: list[str]
) -> None:
    """A guess ends no marriage memory holds, nor stands beside it as the status."""
    for year, text in enumerate(before):
        await say(rt, text, datetime(2015 + year, 1, 1, tzinfo=UTC))
    await say(rt, "I think we're separated.", datetime(2026, 1, 10, tzinfo=UTC))
    await still_married(rt, "Tom")


async def test_a_wedding_dated_before_the_divorce_changes_no_status(rt: MemoryRuntime) -> None:
    """ "I married Tom in 2005." said after the 2019 divorce is history, not a remarriage."""
    await say(rt, "I'm married to Tom.", datetime(2010, 1, 1, tzinfo=UTC))
    await say(rt, "Tom and I got divorced in 2019.", datetime(2019, 6, 1, tzinfo=UTC))
    await say(rt, "I married Tom in 2005.", datetime(2026, 1, 10, tzinfo=UTC))
    state = await rt.belief("Maya", "relationship_status")
    assert state is not None and state.mode == "divorced"
