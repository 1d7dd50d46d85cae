"""The rule extractor on coordinated values: "I love hiking, swimming and yoga" is three
claims (policies/coordination.py), and prose that only looks like a list adds nothing."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from nousmem.policies.coordination import MAX_WORDS, list_items
from nousmem.policies.extract import RuleExtractor
from nousmem.projections.models import Observation
from nousmem.runtime import MemoryRuntime

EX = RuleExtractor()


def rows(text: str) -> list[tuple[str, str, str]]:
    """(attribute, value, polarity) of each rule claim."""
    return [
        (c.attribute, c.value, c.polarity)
        for c in EX.extract_sync(Observation(content=text, actor="Dana"))
    ]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            "I love hiking, swimming and yoga.",
            [("likes", "hiking"), ("likes", "swimming"), ("likes", "yoga")],
        ),
        (
            "I love hiking, swimming, and yoga.",
            [("likes", "hiking"), ("likes", "swimming"), ("likes", "yoga")],
        ),
        ("I play guitar and piano.", [("hobby", "guitar"), ("hobby", "piano")]),
        ("I like pizza & pasta", [("likes", "pizza"), ("likes", "pasta")]),
        ("I like movies and tv shows", [("likes", "movies"), ("likes", "tv shows")]),
        # The list ends at a word that ends a value; the time phrase is the clause's.
        ("I visited Paris and London last year.", [("visited", "Paris"), ("visited", "London")]),
        (
            "I like hiking and swimming with my friends.",
            [("likes", "hiking"), ("likes", "swimming")],
        ),
        # A second clause after the list is not an item of it.
        (
            "I love hiking and camping, and my husband loves fishing.",
            [("likes", "hiking"), ("likes", "camping")],
        ),
        (
            "I love painting and pottery, both are relaxing.",
            [("likes", "painting"), ("likes", "pottery")],
        ),
    ],
)
def test_each_item_of_a_list_is_a_claim(text: str, expected: list[tuple[str, str]]) -> None:
    assert rows(text) == [(a, v, "assert") for a, v in expected]


def test_list_items_share_the_first_claims_clause() -> None:
    obs = Observation(
        content="These days I love tea and coffee.",
        actor="Dana",
        occurred_at=datetime(2024, 5, 1, tzinfo=UTC),
    )
    tea, coffee = EX.extract_sync(obs)
    assert (tea.value, coffee.value) == ("tea", "coffee")
    # Update language, confidence and the span's start carry over; each span ends at its item.
    assert tea.change and coffee.change
    assert coffee.confidence == tea.confidence
    assert coffee.span is not None and tea.span is not None
    assert coffee.span[0] == tea.span[0]
    assert obs.content[tea.span[0] : coffee.span[1]] == "I love tea and coffee"


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # A denied clause denies every item, "or" included.
        (
            "I don't like tea, coffee or milk.",
            [
                ("dislikes", "tea", "assert"),
                ("dislikes", "coffee", "assert"),
                ("dislikes", "milk", "assert"),
            ],
        ),
        (
            "I no longer play tennis and golf.",
            [("hobby", "tennis", "negate"), ("hobby", "golf", "negate")],
        ),
        # "anymore" after the last item is the whole list's.
        (
            "I don't like cats and dogs anymore.",
            [("likes", "cats", "negate"), ("likes", "dogs", "negate")],
        ),
        # In an asserted clause "or" joins alternatives, not things held.
        ("I like tea or coffee.", [("likes", "tea", "assert")]),
    ],
)
def test_a_denied_list_denies_each_item(text: str, expected: list[tuple[str, str, str]]) -> None:
    assert rows(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # A verb after "and" starts a clause: its own rule reads it, or nothing does.
        ("I like cats and hate dogs.", [("likes", "cats"), ("dislikes", "dogs")]),
        ("I like pizza and my sister likes pasta.", [("likes", "pizza")]),
        ("I play guitar and sing in a choir.", [("hobby", "guitar")]),
        ("I like hiking and her sister does too.", [("likes", "hiking")]),
        # No closing "and": a comment, not a list.
        ("I like hiking, it's great.", [("likes", "hiking")]),
        ("I like hiking, swimming.", [("likes", "hiking")]),
        # Items that carry nothing, or run long.
        ("I like hiking and stuff.", [("likes", "hiking")]),
        ("I like hiking and all that.", [("likes", "hiking")]),
        (
            "I like hiking and long walks on the beach near the old harbour town.",
            [("likes", "hiking"), ("likes", "long walks")],
        ),
        ("I like hiking and very long quiet slow walks.", [("likes", "hiking")]),
        # A single-valued attribute takes no list.
        ("I work at Google and Meta.", [("employer", "Google")]),
    ],
)
def test_prose_that_looks_like_a_list_adds_nothing(
    text: str, expected: list[tuple[str, str]]
) -> None:
    assert rows(text) == [(a, v, "assert") for a, v in expected]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # The last item followed by a word that starts a clause is that clause's subject.
        ("I like hiking and Bob can swim.", [("likes", "hiking")]),
        ("I love pizza and Anna will too.", [("likes", "pizza")]),
        ("I like tea and my friends like coffee.", [("likes", "tea")]),
        ("I like cats and dogs are fine too.", [("likes", "cats")]),
        ("I love helping people and making it better.", [("likes", "helping people")]),
        # Subject and verb, or verb and object, with verbs outside the short list.
        ("I like cats and dogs bite.", [("likes", "cats")]),
        ("I like tea and Tom agrees.", [("likes", "tea")]),
        ("I like cooking and my wife cleans.", [("likes", "cooking")]),
        ("I love hiking, and my wife swimming.", [("likes", "hiking")]),
        ("I like hiking and adore swimming.", [("likes", "hiking"), ("likes", "swimming")]),
        # Negations, quantities, subjects and hedges open no item.
        ("I like tea and not coffee.", [("likes", "tea")]),
        ("I love hiking and no other sport.", [("likes", "hiking")]),
        ("I like tea and nobody cares.", [("likes", "tea")]),
        ("I love hiking and maybe swimming.", [("likes", "hiking")]),
        ("I like dogs and etc.", [("likes", "dogs")]),
        # Part of a longer token.
        ("I like tea and https://coffee.com.", [("likes", "tea")]),
        # Modifiers and nouns that look like verbs stay.
        ("I love hiking and long walks.", [("likes", "hiking"), ("likes", "long walks")]),
        (
            "I like Star Wars and Harry Potter.",
            [("likes", "Star Wars"), ("likes", "Harry Potter")],
        ),
        (
            "I like dogs and cats and birds.",
            [("likes", "dogs"), ("likes", "cats"), ("likes", "birds")],
        ),
        ("I like dogs and cats and my sister loves birds.", [("likes", "dogs"), ("likes", "cats")]),
    ],
)
def test_a_clause_after_and_is_no_item(text: str, expected: list[tuple[str, str]]) -> None:
    assert rows(text) == [(a, v, "assert") for a, v in expected]


def test_a_gerund_with_an_object_takes_no_list() -> None:
    # "drinking tea and coffee" would be "drinking coffee", but "hiking trails and
    # waterfalls" is not "hiking waterfalls": no list rather than a wrong item.
    assert rows("I stopped drinking tea and coffee.") == [("hobby", "drinking tea", "negate")]
    assert rows("I love hiking trails and waterfalls.") == [("likes", "hiking trails", "assert")]
    assert [v for _, v, _ in rows("I enjoy reading and writing poetry.")] == [
        "reading",
        "writing poetry",
    ]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # Every reader's items pass the same checks (allergies here).
        ("I'm allergic to cats and never got tested.", [("allergy", "cats")]),
        # ("have asthma" is a condition of its own, not an allergy item)
        ("I'm allergic to cats and have asthma.", [("allergy", "cats"), ("condition", "asthma")]),
        ("I'm allergic to pollen and stuff.", [("allergy", "pollen")]),
        ("I'm allergic to cats and Tom usually sneezes.", [("allergy", "cats")]),
        # A plural noun before a capitalised word without a list, or before a noun, is a
        # possessive without its apostrophe.
        ("My kids Lego sets are everywhere.", []),
        ("My friends Netflix account got hacked.", []),
        ("My kids Netflix and YouTube accounts are locked.", []),
        ("My friends Chinese and Indian food is great.", []),
        ("Hey my friends, Tom here.", []),
        ("My brothers BMW is fast.", []),
        ("My kids Max and Lily always love it.", [("child", "Max"), ("child", "Lily")]),
        # An adverb between a subject and its verb does not close the list.
        ("I love hiking and Ana always comes along.", [("likes", "hiking")]),
        ("I like tea and Tom then joined me.", [("likes", "tea")]),
        ("I have a dog and the cat usually sleeps inside.", [("pet", "dog")]),
        ("I like tea and coffee now.", [("likes", "tea"), ("likes", "coffee")]),
        # "A and B and <clause>": B is the clause's subject unless the clause has its own.
        ("I like hiking and Tom and I go every week.", [("likes", "hiking")]),
        ("I love pizza and my wife and kids love pasta.", [("likes", "pizza")]),
        ("I love swimming and my son and daughter do too.", [("likes", "swimming")]),
        # Names after "with" end as a value does; a title is no name.
        ("I'm friends with Tom and Ana hates him.", [("friend", "Tom")]),
        ("I'm friends with Tom and Dr. Lee.", [("friend", "Tom")]),
        ("My kids Max and St. John came.", []),
        # A pet is counted; "the cat" is not owned by saying so.
        ("I have a dog and fish for dinner.", [("pet", "dog")]),
        ("I volunteer at the shelter and Tom too.", [("activity", "volunteering at shelter")]),
        ("I like tea & coffee & milk.", [("likes", "tea"), ("likes", "coffee"), ("likes", "milk")]),
    ],
)
def test_items_that_are_not_what_the_speaker_holds(
    text: str, expected: list[tuple[str, str]]
) -> None:
    assert rows(text) == [(a, v, "assert") for a, v in expected]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # A clause with its own subject after "A and B and": B stays.
        (
            "I love hiking and biking and I work at Google.",
            [("likes", "hiking"), ("likes", "biking"), ("employer", "Google")],
        ),
        # After a gerund with an object, another gerund phrase is an item.
        (
            "I love reading books and watching movies.",
            [("likes", "reading books"), ("likes", "watching movies")],
        ),
        # Names after a plural noun may be an object, or a subject with the speaker.
        ("I took my kids Max and Lily to the park.", [("child", "Max"), ("child", "Lily")]),
        (
            "My kids Max and Lily and I went camping.",
            [("child", "Max"), ("child", "Lily"), ("activity", "camping")],
        ),
        ("My kids Max is 5.", [("child", "Max"), ("age", "5")]),
    ],
)
def test_lists_that_end_where_a_clause_starts(text: str, expected: list[tuple[str, str]]) -> None:
    assert rows(text) == [(a, v, "assert") for a, v in expected]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("I work at Acme but I don't work at Acme on Fridays.", [("employer", "Acme", "assert")]),
        ("I play tennis, though I don't play tennis in winter.", [("hobby", "tennis", "assert")]),
        (
            "I live in Boston but I don't live in Boston during the summer.",
            [("location", "Boston", "assert")],
        ),
        (
            "I work at Acme but I don't work at Acme unless it's busy.",
            [("employer", "Acme", "assert")],
        ),
        (
            "I play tennis but I don't play tennis except in summer.",
            [("hobby", "tennis", "assert")],
        ),
    ],
)
def test_a_narrower_denial_gives_way_to_the_assert(
    text: str, expected: list[tuple[str, str, str]]
) -> None:
    assert rows(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # Taken back: a correction, a cessation.
        (
            "I work at Acme, actually no, I don't work at Acme on weekdays.",
            [("employer", "Acme", "negate")],
        ),
        ("I work at Acme but I don't work at Acme anymore.", [("employer", "Acme", "negate")]),
        # The bound of a change in time, or no qualifier: not narrower, both stay.
        (
            "I work at Acme but I don't work at Acme since May.",
            [("employer", "Acme", "assert"), ("employer", "Acme", "negate")],
        ),
        (
            "I live in Boston but I don't live in Boston.",
            [("location", "Boston", "assert"), ("location", "Boston", "negate")],
        ),
        (
            "I play tennis but I don't play tennis at all.",
            [("hobby", "tennis", "assert"), ("hobby", "tennis", "negate")],
        ),
        # Not narrower: the present ("for now", "at the moment"), a lapse ("in years", "for
        # a while"), an outright denial ("in practice").
        (
            "I live in Boston but I'm not living in Boston at the moment.",
            [("location", "Boston", "assert"), ("location", "Boston", "negate")],
        ),
        (
            "I'm a vegetarian but I'm not a vegetarian for now.",
            [("diet", "vegetarian", "assert"), ("diet", "vegetarian", "negate")],
        ),
        (
            "I'm vegan but I'm not vegan in practice.",
            [("diet", "vegan", "assert"), ("diet", "vegan", "negate")],
        ),
        (
            "I play guitar but I haven't played guitar in years.",
            [("hobby", "guitar", "assert"), ("hobby", "guitar", "negate")],
        ),
        (
            "I'm vegetarian but I haven't been vegetarian for a while.",
            [("diet", "vegetarian", "assert"), ("diet", "vegetarian", "negate")],
        ),
        # A denial alone is read as said.
        ("I don't work at Acme on Fridays.", [("employer", "Acme", "negate")]),
    ],
)
def test_a_denial_that_is_not_narrower_stays(
    text: str, expected: list[tuple[str, str, str]]
) -> None:
    assert rows(text) == expected


async def test_a_narrower_denial_leaves_the_belief_held() -> None:
    async with MemoryRuntime.memory() as rt:
        await rt.observe_and_route(
            {
                "type": "utterance",
                "content": "I work at Acme but I don't work at Acme on Fridays.",
                "actor": "Dana",
                "source": "user",
            }
        )
        belief = await rt.belief("Dana", "employer")
        assert belief.mode == "Acme"


def test_a_list_longer_than_max_items_is_prose() -> None:
    drinks = [f"drink{chr(97 + i)}" for i in range(15)]
    assert rows("I like " + " and ".join(drinks) + ".") == [("likes", "drinka", "assert")]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("I'm vegan, well I'm not vegan anymore.", [("diet", "vegan", "negate")]),
        (
            "I love hiking and yoga but I don't love yoga anymore.",
            [("likes", "hiking", "assert"), ("likes", "yoga", "negate")],
        ),
    ],
)
def test_a_later_denial_in_the_sentence_wins(
    text: str, expected: list[tuple[str, str, str]]
) -> None:
    assert rows(text) == expected


def test_a_denied_item_leaves_an_assert_said_elsewhere_in_the_sentence() -> None:
    assert rows("I no longer play tennis and golf, but I play golf with my son.") == [
        ("hobby", "tennis", "negate"),
        ("hobby", "golf", "negate"),
        ("hobby", "golf", "assert"),
    ]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("I like rock and roll.", [("likes", "rock and roll")]),
        ("I like jazz and rock and roll.", [("likes", "jazz"), ("likes", "rock and roll")]),
        (
            "I love Dungeons and Dragons and chess.",
            [("likes", "Dungeons and Dragons"), ("likes", "chess")],
        ),
        ("I work at Procter and Gamble.", [("employer", "Procter and Gamble")]),
        ("I love mac & cheese.", [("likes", "mac and cheese")]),
        # A fixed pair before its noun keeps the noun.
        ("I like rock and roll music.", [("likes", "rock and roll music")]),
        ("I like black and white movies.", [("likes", "black and white movies")]),
    ],
)
def test_a_fixed_pair_is_one_value(text: str, expected: list[tuple[str, str]]) -> None:
    assert rows(text) == [(a, v, "assert") for a, v in expected]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # Names after a plural noun or "with"/"of" are each named.
        ("My friends Tom and Ana came over.", [("friend", "Tom"), ("friend", "Ana")]),
        (
            "I'm friends with Tom, Ana and Bob.",
            [("friend", "Tom"), ("friend", "Ana"), ("friend", "Bob")],
        ),
        ("My kids Max and Lily love it.", [("child", "Max"), ("child", "Lily")]),
        ("My daughters Sara and Mia are twins.", [("child", "Sara"), ("child", "Mia")]),
        ("My brothers Tom and Jim live nearby.", [("sibling", "Tom"), ("sibling", "Jim")]),
        # One friend named, then someone else; the speaker; someone's relative.
        ("My friend Tom and Ana went out.", [("friend", "Tom")]),
        ("My friend Tom and I went out.", [("friend", "Tom")]),
        ("My sister Ana and I went out.", [("sibling", "Ana")]),
        ("My friends Tom and Ana's sister came.", []),
        # Pets: species (singular), with their names.
        ("I have a cat and a dog.", [("pet", "cat"), ("pet", "dog")]),
        ("I have two cats and a dog.", [("pet", "cat"), ("pet", "dog")]),
        (
            "I have a dog named Rex and a cat named Tom.",
            [("pet", "dog Rex"), ("pet", "cat Tom")],
        ),
        ("I have a dog and a dog walker.", [("pet", "dog")]),
        # Plural pets with their names, as object or subject, after "named" or a comma.
        (
            "I have two cats named Luna and Milo.",
            [("pet", "cat Luna"), ("pet", "cat Milo")],
        ),
        ("I have two cats, Luna and Milo.", [("pet", "cat Luna"), ("pet", "cat Milo")]),
        (
            "I adopted two kittens, Salt and Pepper!",
            [("pet", "kitten Salt"), ("pet", "kitten Pepper")],
        ),
        (
            "My dogs Rex, Max and Bella love the park.",
            [("pet", "dog Rex"), ("pet", "dog Max"), ("pet", "dog Bella")],
        ),
        ("My cats Luna and Milo are asleep.", [("pet", "cat Luna"), ("pet", "cat Milo")]),
        # One pet named, or no list of names: the others are not pets.
        ("My cat Luna and Milo are friends.", [("pet", "cat Luna")]),
        ("My dogs Rex and Max and my sister went out.", [("pet", "dog Rex"), ("pet", "dog Max")]),
        ("I have a dog, Rex.", [("pet", "dog")]),
        ("I got two dogs, Sarah and Tom came over.", [("pet", "dog")]),
        # One "and" in a list of pets' names: after it, the next clause.
        (
            "I have two cats named Luna and Milo and Melanie says they're cute.",
            [("pet", "cat Luna")],
        ),
        ("I walked my dogs Rex and Max and Jake came along.", [("pet", "dog Rex")]),
        (
            "I have two cats, Luna and Milo, and Tom has a dog.",
            [("pet", "cat Luna"), ("pet", "cat Milo"), ("pet", "dog")],
        ),
        # Sports and -ing activities, one word of the same kind each.
        ("I've been doing yoga and pilates.", [("hobby", "yoga"), ("hobby", "pilates")]),
        (
            "I went hiking and camping last weekend.",
            [("activity", "hiking"), ("activity", "camping")],
        ),
        ("I went shopping and nothing else.", [("activity", "shopping")]),
        ("I've been doing yoga and reading.", [("hobby", "yoga")]),
        # Allergies and diets, in their canonical words; a rule's template holds each item.
        (
            "I'm allergic to peanuts, shellfish and dairy.",
            [("allergy", "peanuts"), ("allergy", "shellfish"), ("allergy", "dairy")],
        ),
        ("I'm allergic to cats and my sister is too.", [("allergy", "cats")]),
        (
            "I am vegetarian and lactose intolerant.",
            [("diet", "vegetarian"), ("diet", "lactose-intolerant")],
        ),
        (
            "I volunteer at the shelter and the library.",
            [("activity", "volunteering at shelter"), ("activity", "volunteering at library")],
        ),
    ],
)
def test_names_pets_and_activities_take_lists(text: str, expected: list[tuple[str, str]]) -> None:
    assert rows(text) == [(a, v, "assert") for a, v in expected]


_ITEM = st.sampled_from(
    ["hiking", "yoga", "chess", "jazz", "tea", "pottery", "board games", "trail running"]
)


@settings(max_examples=60, deadline=None)
@given(st.lists(_ITEM, min_size=2, max_size=6, unique=True), st.booleans())
def test_any_closed_list_gives_every_item_in_order(items: list[str], oxford: bool) -> None:
    head = ", ".join(items[:-1])
    text = f"I love {head}{',' if oxford and len(items) > 2 else ''} and {items[-1]}."
    assert [v for _, v, _ in rows(text)] == items


@settings(max_examples=60, deadline=None)
@given(st.text(alphabet="abc ,.&-'", max_size=40), st.integers(min_value=0, max_value=40))
def test_coordinated_never_reads_past_the_text(text: str, at: int) -> None:
    at = min(at, len(text))
    for item in list_items("np", text, at, []):
        assert at < item.end <= len(text)
        assert len(item.value.split()) <= MAX_WORDS or " and " in item.value


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # A time said of each item: each item keeps its own.
        (
            "I visited Japan in 2019 and Peru in 2021.",
            [("visited", "Japan", "2019-01-01"), ("visited", "Peru", "2021-01-01")],
        ),
        (
            "I went hiking on Saturday and swimming on Sunday.",
            [("activity", "hiking", "2024-04-27"), ("activity", "swimming", "2024-04-28")],
        ),
        (
            "I visited Japan last year, Chile in March and Peru.",
            [
                ("visited", "Japan", "2023-01-01"),
                ("visited", "Chile", "2024-03-01"),
                ("visited", "Peru", "None"),  # none of its own, and not another item's
            ],
        ),
        (
            "I visited Japan in 2019 and Peru recently.",
            [("visited", "Japan", "2019-01-01"), ("visited", "Peru", "None")],
        ),
        # More of the time, not items.
        ("I visited Japan in 2019 and 2021.", [("visited", "Japan", "2019-01-01")]),
        ("I visited Japan in March and April.", [("visited", "Japan", "2024-03-01")]),
        ("I visited Japan last year and the year before.", [("visited", "Japan", "2023-01-01")]),
        # After the time a clause of its own, not an item.
        (
            "I visited Japan in 2019 and my sister lives there.",
            [("visited", "Japan", "2019-01-01")],
        ),
    ],
)
def test_a_time_after_an_item_keeps_the_list_going(
    text: str, expected: list[tuple[str, str, str]]
) -> None:
    said = EX.extract_sync(
        Observation(content=text, actor="Dana", occurred_at=datetime(2024, 5, 1, tzinfo=UTC))
    )
    got = [(c.attribute, c.value, str(c.valid_at)) for c in said if c.entity == "Dana"]
    assert got == expected


async def test_a_routed_list_becomes_one_belief_per_item() -> None:
    rt = await MemoryRuntime.memory(namespace="lists")
    try:
        res = await rt.observe_and_route(
            {
                "type": "utterance",
                "content": "I love hiking, swimming and yoga.",
                "source": "user",
                "actor": "Dana",
            }
        )
        assert res.route == "belief_update"
        assert sorted(d.value for d in res.deltas) == ["hiking", "swimming", "yoga"]
        belief = await rt.belief("Dana", "likes")
        assert sorted(belief.held) == ["hiking", "swimming", "yoga"]
    finally:
        await rt.close()


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("I work at Acme still.", [("employer", "Acme", "assert")]),
        ("I live in Paris currently.", [("location", "Paris", "assert")]),
        ("I work at Acme anyway.", [("employer", "Acme", "assert")]),
        ("I love Still Corners.", [("likes", "Still Corners", "assert")]),
    ],
)
def test_an_adverb_around_a_value_is_not_part_of_it(
    text: str, expected: list[tuple[str, str, str]]
) -> None:
    assert rows(text) == expected


def test_a_capitalised_still_is_no_change_word() -> None:
    (claim,) = EX.extract_sync(Observation(content="I love Still Corners.", actor="Dana"))
    assert (claim.value, claim.change) == ("Still Corners", False)
    (claim,) = EX.extract_sync(Observation(content="I still love jazz.", actor="Dana"))
    assert (claim.value, claim.change) == ("jazz", True)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("I hate jazz now.", [("dislikes", "jazz", "assert"), ("likes", "jazz", "negate")]),
        ("Actually I dislike jazz.", [("dislikes", "jazz", "assert"), ("likes", "jazz", "negate")]),
        # A like said as a change ends no dislike (more often news than a turnaround).
        ("I like jazz now.", [("likes", "jazz", "assert")]),
        ("I still hate jazz.", [("dislikes", "jazz", "assert")]),
        ("I stopped liking jazz.", [("likes", "jazz", "negate")]),
        # No update language: the two may stand side by side.
        ("I don't like jazz.", [("dislikes", "jazz", "assert")]),
        (
            "I like jazz but I hate jazz now.",
            [("likes", "jazz", "assert"), ("dislikes", "jazz", "assert")],
        ),
    ],
)
def test_a_changed_preference_ends_its_opposite(
    text: str, expected: list[tuple[str, str, str]]
) -> None:
    assert rows(text) == expected


async def test_hating_what_one_liked_leaves_only_the_dislike() -> None:
    async with MemoryRuntime.memory() as rt:
        for day, text in ((1, "I like jazz."), (2, "I hate jazz now.")):
            await rt.observe_and_route(
                {
                    "content": text,
                    "actor": "Dana",
                    "occurred_at": datetime(2024, 1, day, tzinfo=UTC),
                }
            )
        rendered = (await rt.worldview()).render()
        assert "Dana.dislikes: jazz" in rendered and "Dana.likes" not in rendered


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # What a value takes the place of is denied: a name in the value's place, or the
        # whole value.
        (
            "I use Linear instead of Jira now.",
            [("uses", "Linear", "assert"), ("uses", "Jira", "negate")],
        ),
        (
            "I play tennis instead of golf now.",
            [("hobby", "tennis", "assert"), ("hobby", "golf", "negate")],
        ),
        (
            "We're planning a trip to Korea instead of Japan.",
            [("goal", "trip to Korea", "assert"), ("goal", "trip to Japan", "negate")],
        ),
        (
            "I use VS Code instead of Vim, and I love it.",
            [("uses", "VS Code", "assert"), ("uses", "Vim", "negate")],
        ),
        (
            "I use Linear in place of Jira.",
            [("uses", "Linear", "assert"), ("uses", "Jira", "negate")],
        ),
        (
            "Actually we changed plans, we're going to Korea instead of Japan.",
            [("goal", "trip to Korea", "assert"), ("goal", "trip to Japan", "negate")],
        ),
        # ", not" and a name denies the name (tests/test_extract_corrections.py).
        ("Our repo uses pnpm, not Yarn.", [("uses", "pnpm", "assert"), ("uses", "Yarn", "negate")]),
        # No thing of the value's kind, or a comparison: nothing denied.
        ("I play tennis instead of going to the gym.", [("hobby", "tennis", "assert")]),
        ("I use Linear instead of the usual.", [("uses", "Linear", "assert")]),
        ("I like tea rather than coffee.", [("likes", "tea", "assert")]),
    ],
)
def test_what_a_value_replaces_is_denied(text: str, expected: list[tuple[str, str, str]]) -> None:
    assert rows(text) == expected


async def test_a_tool_used_instead_of_another_leaves_only_the_new_one() -> None:
    async with MemoryRuntime.memory() as rt:
        for day, text in ((1, "I use Jira."), (2, "I use Linear instead of Jira now.")):
            await rt.observe_and_route(
                {
                    "content": text,
                    "actor": "Dana",
                    "occurred_at": datetime(2024, 1, day, tzinfo=UTC),
                }
            )
        belief = await rt.belief("Dana", "uses")
        assert belief is not None and belief.held == ("Linear",)


@pytest.mark.parametrize(
    ("text", "tools"),
    [
        ("We use Jira for tickets and GitHub for code.", ["Jira", "GitHub"]),
        (
            "We use Jira for tickets, Slack for chat and GitHub for code.",
            ["Jira", "Slack", "GitHub"],
        ),
        ("I use Vim for Python and VS Code for everything else.", ["Vim", "VS Code"]),
        ("We use Jira for tickets and GitHub for the code.", ["Jira", "GitHub"]),
        # A purpose that runs on is a clause, not a list's step.
        ("I use Figma for design and it is great.", ["Figma"]),
    ],
)
def test_a_purpose_after_each_tool_of_a_list_keeps_the_list(text: str, tools: list[str]) -> None:
    assert [v for a, v, p in rows(text) if a == "uses" and p == "assert"] == tools
