"""What people did together: "we" holds the speaker in activities and visits ("We went
camping"), and outings, parties and new things read as activities ("I took the kids to the
museum", "We had a picnic", "Just got some new shoes")."""

from __future__ import annotations

import pytest

from nousmem.policies import RuleExtractor
from nousmem.projections.models import Observation

EX = RuleExtractor()


def claims(text: str) -> list[tuple[str, str, str, str]]:
    obs = Observation(
        type="utterance",
        content=text,
        actor="Dana",
        source="user",
        occurred_at="2023-05-08T13:56:00Z",
    )
    return [(c.entity, c.attribute, c.value, c.polarity) for c in EX.extract_sync(obs)]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("We went camping last week.", ("activity", "camping", "assert")),
        (
            "I had a quiet weekend after we went camping with my fam two weekends ago.",
            ("activity", "camping", "assert"),
        ),
        ("We've been to Japan.", ("visited", "Japan", "assert")),
        ("We visited Rome last year.", ("visited", "Rome", "assert")),
        ("We\u2019ve been to Japan.", ("visited", "Japan", "assert")),
        ("We didn't go camping.", ("activity", "camping", "negate")),
        ("We never went camping.", ("activity", "camping", "negate")),
        ("We haven't been to Paris yet.", ("visited", "Paris", "negate")),
        ("We have never been to Paris.", ("visited", "Paris", "negate")),
        ("Yesterday we went hiking.", ("activity", "hiking", "assert")),
        # The opening "we" carried over a conjunction or a comma, its own verb past.
        ("We packed up and went camping.", ("activity", "camping", "assert")),
        ("We then went to the zoo.", ("activity", "zoo", "assert")),
        ("Hey Mel, we had a blast and went to the beach.", ("activity", "beach", "assert")),
        (
            "Yesterday we got up early, went hiking, and had lunch by the lake.",
            ("activity", "hiking", "assert"),
        ),
        ("We packed up & went camping.", ("activity", "camping", "assert")),
        ("We packed up and didn't go camping.", ("activity", "camping", "negate")),
        ("I hope you're well, we went camping.", ("activity", "camping", "assert")),
        ("We explored the old town.", ("visited", "old town", "assert")),
        ("We explored Tokyo.", ("visited", "Tokyo", "assert")),
        ("We woke up early, had breakfast and went hiking.", ("activity", "hiking", "assert")),
        ("We ate lunch and went to the beach.", ("activity", "beach", "assert")),
        ("The last time we went to the beach was in June.", ("activity", "beach", "assert")),
        ("Every time we go camping it rains.", ("activity", "camping", "assert")),
        # A household's plans are the speaker's: "we" and the "we're" of a plan's own verb.
        ("We want to buy a house.", ("goal", "buy a house", "assert")),
        ("We're planning a road trip to Utah.", ("goal", "road trip to Utah", "assert")),
        ("We\u2019re hoping to move to Lisbon.", ("goal", "move to Lisbon", "assert")),
        ("I'm planning a trip to Japan in April.", ("goal", "trip to Japan", "assert")),
        # A team's or a project's tools are its members'; a denial after "we" / "our X".
        ("Our team uses Linear.", ("uses", "Linear", "assert")),
        ("Our whole team uses Slack now.", ("uses", "Slack", "assert")),
        ("Our team doesn't use Jira anymore.", ("uses", "Jira", "negate")),
        ("We don't use Jira anymore.", ("uses", "Jira", "negate")),
        ("We don't go camping anymore.", ("activity", "camping", "negate")),
        # What "we" are doing or have planned, as "I'm going camping" is the speaker's.
        ("We're going to the gym next week.", ("activity", "gym", "assert")),
        ("We're going camping.", ("activity", "camping", "assert")),
        ("We are going camping on Saturday.", ("activity", "camping", "assert")),
        ("We're having a party on Saturday.", ("activity", "party", "assert")),
        ("We're hosting a barbecue on Sunday.", ("activity", "barbecue", "assert")),
        # Where "we" are heading is where "we" are going.
        ("We're heading to the lake this weekend.", ("activity", "lake", "assert")),
        # A trip ahead to a name, with a sign that it is one; a return is one too.
        ("I'm going back to Paris in June.", ("goal", "trip to Paris", "assert")),
        ("We're heading to Peru for two weeks.", ("goal", "trip to Peru", "assert")),
        ("I'm flying to Lisbon next week.", ("goal", "trip to Lisbon", "assert")),
        # Where a household lives or moved, its members do.
        ("We live in Oslo.", ("location", "Oslo", "assert")),
        ("We moved to York last month.", ("location", "York", "assert")),
        ("We moved out of Berlin.", ("location", "Berlin", "negate")),
        # The tools a team uses, its members use.
        ("We use Slack.", ("uses", "Slack", "assert")),
    ],
)
def test_we_is_the_speaker_in_what_a_group_does(text: str, expected: tuple[str, ...]) -> None:
    assert claims(text) == [("Dana", *expected)]


def test_a_name_joined_to_the_speaker_did_it_too() -> None:
    # Not "we": each one named (policies/joint_subject.py).
    assert claims("Tom and I went hiking.") == [
        ("Tom", "activity", "hiking", "assert"),
        ("Dana", "activity", "hiking", "assert"),
    ]


@pytest.mark.parametrize(
    "text",
    [
        "If we went camping, I'd be happy.",  # hypothetical
        "We'd go camping if it were warm.",  # a modal
        "We should go camping sometime.",
        "We could visit Rome.",
        "Do we go hiking?",  # a question
        "Tom said we went hiking.",  # someone else's report about the speaker
        "We love jazz.",  # a taste: not every member's
        "We could use Slack.",  # a suggestion
        "Should we use Slack?",
        "We used to use Jira.",  # once, not now
        "We lived in Oslo for years.",  # where we lived once says nothing of now
        "Did we move to Leeds?",
        "We chilled under the trees, played games, and ate yummy food.",
        "Weekends we're busy.",  # "we're" is no verb of an activity here
        "We explored nature and hiked.",  # nature is no place visited
        # Suggestions, offers, hopes and plans: nothing done yet.
        "Why don't we go to the beach this weekend.",
        "How about we take the kids to the zoo.",
        "Shall we go to the park tomorrow.",
        "I suggested we go camping next weekend.",
        "We can go camping next weekend if you want.",
        "Maybe we can go to the zoo this weekend.",
        "I hope we can go to the beach this summer.",
        "Hopefully we'll go to the beach this summer.",
        "Let's hope we go camping soon.",
        "There's no way we're going camping this year.",
        "We're going through a rough patch.",
        "We're having trouble with the app.",
        "We're taking a break.",
        "We're having fun.",
        "We're heading to bed.",
        "We were going to go camping but it rained.",
        "We have to go camping sometime.",
        # Questions without their question mark.
        "When are we going to the zoo",
        "Aren't we going to the beach this weekend",
        "Where did we go camping last year",
        # Idioms.
        "We went to great lengths to find it.",
        "We went to war over this.",
        "We went missing for a day.",
        "We explored our options.",
        "We explored the idea of moving.",
        "We explored adoption.",  # not a place: an explored place is named or a place word
        "We explored new recipes.",
        # Suggestions typed loosely, hopes past a comma, wishes.
        "why dont we go to the park later",
        "how bout we go to the beach this weekend",
        "I was thinking we go to the zoo on Sunday",
        "Fingers crossed we go to Hawaii next year.",
        "I hope that next summer, we go to Hawaii.",
        "It's about time we went to Paris.",
        "I hope we're planning a trip.",
        "Does our team use Linear",
        "I hope our team uses Linear.",
        "Their team uses Linear.",
        "Why don't we go camping?",
        # "we" in a relative clause: the verb has another subject.
        "Most of the money we had went to rent.",
        # A plan carried over a conjunction is still a plan.
        "We could pack up and go camping.",
        "We have to pack and go camping.",
        "If we packed up and went camping, it'd be fun.",
        "We went to any lengths to help.",
        "We went to hell and back.",
        "We went to bat for him.",
        # The carried verb has a subject of its own.
        "We met a girl who grew up in Ohio and went to Harvard.",
        "We called the plumber, he came over and went to the basement.",
        "We heard that Tom got a job and went to Paris.",
        "We noticed the dog escaped and went to the park.",
        # Someone else's words, a dream, a team.
        "He texted me: we went to the beach without you.",
        "I dreamed we went to Japan.",
        "We went to penalties and lost.",
        "We went to market with the new app.",
        "We grabbed coffee and headed to the car.",
        # Tools and topics are not places explored.
        "We explored React and Vue for the frontend.",
        "I explored ChatGPT for work stuff.",
        "We explored AI tools for customer support.",
        "We explored the region's history.",
        "I explored a new area of research.",
    ],
)
def test_we_gives_nothing_outside_what_a_group_did(text: str) -> None:
    assert claims(text) == []


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("Yesterday I took the kids to the museum - it was so cool.", "museum"),
        ("I took my daughter to the zoo.", "zoo"),
        ("Last Fri I finally took my kids to a pottery workshop.", "pottery workshop"),
        ("Last weekend I had a picnic with some friends from church.", "picnic"),
        ("We had a barbecue on Sunday.", "barbecue"),
        ("I had a birthday party last week.", "birthday party"),
        ("We threw a surprise party for Tom.", "surprise party"),
        ("Just got some new shoes, too!", "got new shoes"),
        ("I got a new car.", "got new car"),
        ("I got a new couch and a new rug.", "got new rug"),  # not "got new new rug"
        ("I got a new dog bed.", "got new dog bed"),  # a thing for a pet, not a pet
        ("I took my daughter to the science museum.", "science museum"),
        # A race trained for, as one signed up for.
        ("I'm training for a marathon.", "marathon"),
        ("I'm training for the Boston Marathon in April.", "Boston Marathon"),
        ("I'm training for my first triathlon.", "triathlon"),
    ],
)
def test_outings_parties_and_new_things_are_activities(text: str, value: str) -> None:
    assert ("Dana", "activity", value, "assert") in claims(text)


@pytest.mark.parametrize(
    "text",
    [
        "I took my mom to the hospital.",  # an errand, not an outing
        "I took my car to the mechanic.",
        "I took the kids to school.",
        "I have a great party trick.",  # "party" is a modifier
        "I had a little pity party for myself.",
        "I took my dad to the emergency room.",
        "I took my daughter to the ER last night.",
        "I took my son to the doctor's office.",
        "We took the dog to the vet clinic.",
        "I took my daughter to the train station.",
        "I took the trash to the dump.",  # not company: an errand
        "I took the package to the post office.",
        "I took my complaint to the manager.",
        "I brought the issue to the attention of my manager.",
        "We took the stairs to the top.",
        "I have to get a new passport.",  # not got yet
        "I might get a new car.",
        "I got a new lease on life.",
        "I got a new perspective on life.",
        "We got a new manager at work.",  # not a thing acquired
        "We got some new snow last night.",
        "I took my mom to the urgent care yesterday.",
        "I took my mom to the cardiologist.",
        "I took my son to the E.R.",
        "I took my daughter to the A&E.",
        "I took the dog to the groomers.",
        "I took my dad to the nursing home.",
        "I took my daughter to the orthodontist.",
        "I threw a party in my head.",
        "My phone broke so I got a new one.",
        "I got a new job.",  # the employer rules read jobs
        "I got a new client.",
        "I got a new parking ticket.",
        "I got a new puppy.",  # a pet: the pet rules read it
        "Just got a new kitten named Luna!",
        "I took my mom to see the doctor.",
        "I took my dad to the social security office.",
        "I took my mom to the infusion center.",
        "Tom took the kids to the museum.",  # someone else's outing
        "I'm training for a new job.",  # no race
    ],
)
def test_errands_and_modifiers_are_not_activities(text: str) -> None:
    assert [c for c in claims(text) if c[0] == "Dana" and c[1] == "activity"] == []


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # A relative clause without "that" ends the value.
        ("I work at the bank my dad founded.", ("employer", "bank", "assert")),
        ("I love the song my sister wrote.", ("likes", "song", "assert")),
        ("We went to the restaurant Tom recommended.", ("activity", "restaurant", "assert")),
        ("We explored the town my mom grew up in.", ("visited", "town", "assert")),
        ("We got a new car my dad found for us.", ("activity", "got new car", "assert")),
        # An emoji, "finally" and "our" are not the value's.
        ("we got a new puppy 🐶 his name is Oreo", ("activity", "got new puppy", "assert")),
        (
            "i got a new phone finally, the old one was slow",
            ("activity", "got new phone", "assert"),
        ),
        ("We explored our new neighborhood.", ("visited", "new neighborhood", "assert")),
        # "yet" ends a value, not a name that holds it.
        ("I haven't been to Paris yet.", ("visited", "Paris", "negate")),
        ("I work at Not Yet Labs.", ("employer", "Not Yet Labs", "assert")),
        ("I use Yet Another Mail Merge.", ("uses", "Yet Another Mail Merge", "assert")),
    ],
)
def test_a_value_ends_where_its_phrase_does(text: str, expected: tuple[str, ...]) -> None:
    assert ("Dana", *expected) in claims(text)


@pytest.mark.parametrize(
    "text",
    [
        "We had a party to go to on Saturday but we bailed.",  # an errand ahead
        "We went to the game and won.",  # "won" is no second outing
        "We went to dinner and talked for hours.",
        "We went to eat at the new place.",
        "We went to pay the rent.",
        "We went to the wrong station.",
    ],
)
def test_no_second_outing_from_a_verb_or_an_errand(text: str) -> None:
    values = [c[2] for c in claims(text) if c[1] == "activity"]
    assert not {"party", "won", "talked", "eat", "pay the rent", "wrong station"} & set(values)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # An opening subordinate clause's subject is not the main clause's.
        ("After Tom got home, I packed up and went camping.", ("Dana", "activity", "camping")),
        ("When Sarah arrived, we had lunch and went to the beach.", ("Dana", "activity", "beach")),
        ("When we got there, Tom ran off and went to the arcade.", ("Tom", "activity", "arcade")),
        ("My husband and I went hiking and visited Rome.", ("Dana", "visited", "Rome")),
        # The latest clause a comma opens with "so"/"and" or a pronoun.
        ("Tom got home, so we packed up and went camping.", ("Dana", "activity", "camping")),
        ("I went to the beach, and Tom went hiking and visited Rome.", ("Tom", "visited", "Rome")),
        (
            "My weekend was great and I went hiking and visited Yosemite.",
            ("Dana", "visited", "Yosemite"),
        ),
        ("My best friend Sarah and I went hiking and visited Rome.", ("Dana", "visited", "Rome")),
        # A list with a comma before "and" is no new clause; "you know" is no subject.
        (
            "I grabbed my keys, my wallet, and my phone and went to the gym.",
            ("Dana", "activity", "gym"),
        ),
        ("I love hiking, swimming, and yoga and play tennis too.", ("Dana", "hobby", "tennis")),
        (
            "Tom went to the store, and then went to the gym and played squash.",
            ("Tom", "hobby", "squash"),
        ),
        ("I went with Tom, you know, and visited Rome.", ("Dana", "visited", "Rome")),
    ],
)
def test_a_verb_after_and_takes_the_main_clause_subject(
    text: str, expected: tuple[str, str, str]
) -> None:
    assert [c[:3] for c in claims(text) if c[1] == expected[1]] == [expected]


@pytest.mark.parametrize(
    "text",
    [
        # The carried clause's wish, plan or condition holds for the verb after "and".
        "I want to quit and move to Bali.",
        "I hope to move to Denver and work at Nike.",
        "I'll go hiking and visit Rome.",
        "If it rains tomorrow, I will stay home and play chess.",
        "I can't wait to move to Denver and work at Nike.",
    ],
)
def test_a_wish_or_a_plan_carries_over_and(text: str) -> None:
    assert [c for c in claims(text) if c[1] in ("location", "employer", "visited", "hobby")] == []


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # After "but", or in the past, the carried verb happened whatever was wished.
        ("I wanted to be a doctor but studied art and work at a gallery now.", "employer"),
        ("Tom wanted to stay but moved to Denver and works at Nike.", "employer"),
        ("I can't stand the cold and moved to Florida.", "location"),
        ("I finally got the job I wanted and moved to Seattle.", "location"),
        # Not a modal: a month, a name, a noun, a perfect or telling.
        ("I graduated in May and started at Deloitte.", "employer"),
        ("I met Will at the bar and played pool.", "hobby"),
        ("I need the money and got a job at Starbucks.", "employer"),
        ("I may have mentioned that I moved to Denver and work at Nike.", "employer"),
    ],
)
def test_what_happened_after_and_is_no_wish(text: str, expected: str) -> None:
    assert any(c[1] == expected and c[3] == "assert" for c in claims(text)), claims(text)


def test_a_possessive_subject_is_not_the_speaker() -> None:
    # "My wife grabbed the bags and went to the taxi": the wife went, not the speaker.
    assert claims("My wife grabbed the bags and went to the taxi.") == []
    assert claims("Once we landed, my wife grabbed the bags and went to the taxi.") == []


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("I hiked Mount Tam with my brother.", "hiked Mount Tam"),
        ("We climbed Half Dome last summer.", "climbed Half Dome"),
        ("We kayaked the Russian River.", "kayaked Russian River"),
        ("I skied Whistler in January.", "skied Whistler"),
        ("We hiked the Pacific Crest Trail.", "hiked Pacific Crest Trail"),
    ],
)
def test_an_outdoor_feat_named_by_its_place_is_an_activity(text: str, value: str) -> None:
    assert claims(text)[0] == ("Dana", "activity", value, "assert")


@pytest.mark.parametrize(
    "text",
    [
        "I climbed the stairs.",
        "We hiked Saturday.",
        "We hiked the Monday after Easter.",
        "I hiked a lot last year.",
        "Have you ever hiked Mount Tam?",
    ],
)
def test_an_outdoor_verb_without_a_place_name_gives_no_feat(text: str) -> None:
    assert [c for c in claims(text) if c[1] == "activity"] == []
