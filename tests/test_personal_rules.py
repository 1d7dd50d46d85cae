"""The rule extractor on a person's name, age, roles, languages, birthdays and relations
(policies/rules_personal.py); allergies and diets are in test_food_rules.py."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from nousmem.policies.extract import RuleExtractor
from nousmem.projections.models import Observation
from nousmem.runtime import MemoryRuntime

EX = RuleExtractor()
SAID = datetime(2024, 5, 1, 12, tzinfo=UTC)

Row = tuple[str, str, str, str]


def rows(text: str) -> list[Row]:
    obs = Observation(content=text, actor="Dana", occurred_at=SAID)
    return [(c.entity, c.attribute, c.value, c.polarity) for c in EX.extract_sync(obs)]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("My name is Samantha.", [("Dana", "name", "Samantha", "assert")]),
        ("My name's Sam Lee.", [("Dana", "name", "Sam Lee", "assert")]),
        (
            "Hi! My name is Sam and I'm a nurse.",
            [("Dana", "name", "Sam", "assert"), ("Dana", "role", "nurse", "assert")],
        ),
        ("Ana's full name is Ana Ruiz.", [("Ana", "name", "Ana Ruiz", "assert")]),
        ("Call me Sam.", [("Dana", "name", "Sam", "assert")]),
        ("Please call me Sam.", [("Dana", "name", "Sam", "assert")]),
        ("You can call me Sam!", [("Dana", "name", "Sam", "assert")]),
        ("I go by the name Sam.", [("Dana", "name", "Sam", "assert")]),
        # A name gone by, ending its clause, and what everyone calls one.
        ("I go by Sam.", [("Dana", "name", "Sam", "assert")]),
        ("Ana mostly goes by Annie.", [("Ana", "name", "Annie", "assert")]),
        ("Everyone calls me Sam.", [("Dana", "name", "Sam", "assert")]),
        ("My friends call me Sam.", [("Dana", "name", "Sam", "assert")]),
        ("Actually, call me Sam.", [("Dana", "name", "Sam", "assert")]),
        ("From now on, call me Sam.", [("Dana", "name", "Sam", "assert")]),
        ("Always call me Sam.", [("Dana", "name", "Sam", "assert")]),
        ("Call me Sam instead.", [("Dana", "name", "Sam", "assert")]),
        ("My name is Sam lol.", [("Dana", "name", "Sam", "assert")]),
        # A title asked for is part of what one is called; one a name is said with is not.
        ("My name is Dr. Sarah Patel.", [("Dana", "name", "Sarah Patel", "assert")]),
        ("Call me Dr. Patel.", [("Dana", "name", "Dr. Patel", "assert")]),
        ("Please call me Professor Lee.", [("Dana", "name", "Professor Lee", "assert")]),
        ("Call me Mr. Smith, please.", [("Dana", "name", "Mr. Smith", "assert")]),
        # Not a name: a nationality, someone else's name, a refusal, an old nickname, a
        # time, a place passed by.
        ("My name is Italian.", []),
        # (the son's name is read as a child's, not as the speaker's name)
        ("My son's name is Kyle.", [("Dana", "child", "Kyle", "assert")]),
        ("Don't call me Sam.", []),
        ("Mom used to call me Bean.", []),
        ("Call me tomorrow.", []),
        ("I go by Starbucks every morning.", []),
        # Review rev23: a bare "go by" (travel, a brand, a unit), a supposed, denied or
        # role-played name, and words said after "Call me" that are no name.
        ("I go by Uber.", []),
        ("I go by Target.", []),
        ("I go by Trader Joe's.", []),
        ("I go by Boston.", []),
        ("I go by Celsius.", []),
        ("Let's pretend my name is Bob.", []),
        ("If my name is Sam, then yours is Tom.", []),
        ("It's not true that my name is Bob.", []),
        ("Let's role-play. You're a barista and my name is Bob.", []),
        ("Call me ASAP.", []),
        ("Call me Dr.", []),  # a title with no name
        ("Call me Doctor.", []),
        ("Call me Crazy, but I like it.", []),
        ("Ugh, my name is Mud.", []),
    ],
)
def test_names(text: str, expected: list[Row]) -> None:
    assert rows(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("I'm 34 years old.", [("Dana", "age", "34", "assert")]),
        ("I am now 40 yrs old.", [("Dana", "age", "40", "assert")]),
        ("Ana is 7 years old.", [("Ana", "age", "7", "assert")]),
        ("I just turned 40.", [("Dana", "age", "40", "assert")]),
        # ... and the day it was turned is the birthday, its year less the age the year of
        # birth (said on 1 May 2024).
        (
            "Ana turned 30 yesterday.",
            [
                ("Ana", "age", "30", "assert"),
                ("Ana", "birthday", "April 30", "assert"),
                ("Ana", "birth_year", "1994", "assert"),
            ],
        ),
        # A time zone.
        ("My timezone is CET.", [("Dana", "timezone", "CET", "assert")]),
        ("My time zone is UTC+2.", [("Dana", "timezone", "UTC+2", "assert")]),
        ("I'm in Pacific time.", [("Dana", "timezone", "Pacific time", "assert")]),
        ("Tom is in the Eastern time zone.", [("Tom", "timezone", "Eastern time", "assert")]),
        ("My timezone is Europe/London.", [("Dana", "timezone", "Europe/London", "assert")]),
        # "timezone" glued to a named zone's "time" names the same zone; where one is
        # based or lives in a zone, it is the zone, not a home.
        ("I'm in the Pacific timezone.", [("Dana", "timezone", "Pacific time", "assert")]),
        (
            "I'm based in the Eastern time zone.",
            [("Dana", "timezone", "Eastern time", "assert")],
        ),
        ("I live in the Central time zone.", [("Dana", "timezone", "Central time", "assert")]),
        ("I live in Mountain time.", [("Dana", "timezone", "Mountain time", "assert")]),
        ("I live in the Pacific Northwest.", [("Dana", "location", "Pacific Northwest", "assert")]),
        ("I live in Eastern Europe.", [("Dana", "location", "Eastern Europe", "assert")]),
        # An organisation's seat.
        (
            "Acme Corp is headquartered in Berlin.",
            [("Acme Corp", "location", "Berlin", "assert")],
        ),
        ("I'm in PT.", []),  # as often physical therapy
        ("I'm in Central Park.", []),
        ("I'll be in CET next week.", []),  # a time to come
        # A title with its organisation.
        (
            "I'm the CTO of Brightline.",
            [("Dana", "role", "CTO", "assert"), ("Dana", "employer", "Brightline", "assert")],
        ),
        (
            "Ana is the head of design at Acme.",
            [("Ana", "role", "head of design", "assert"), ("Ana", "employer", "Acme", "assert")],
        ),
        ("I'm the owner of a bakery.", []),
        ("I'm the president of the chess club.", []),
        # A bare number that ends the speaker's clause.
        ("I'm 34.", [("Dana", "age", "34", "assert")]),
        ("I am 41, and single.", [("Dana", "age", "41", "assert")]),
        ("I'm 34 now.", [("Dana", "age", "34", "assert")]),
        # ... or a person's "is".
        ("Kyle is 7 now.", [("Kyle", "age", "7", "assert")]),
        (
            "Maya is 12, and she loves art.",
            [("Maya", "age", "12", "assert"), ("Maya", "likes", "art", "assert")],
        ),
        ("My score is 85.", []),
        ("The answer is 42.", []),
        ("Chapter 3 is 40 pages.", []),
        ("Tom is 1 of 3 kids.", []),
        ("Once Ana is 18 she can vote.", []),
        ("I'm 10 minutes away.", []),
        ("I'm 100% sure.", []),
        ("I'm 2 for 2.", []),
        ("I'm 1,000 miles away.", []),
        ("I'm 30 in June.", []),
        ("If I'm 65, I'll retire.", []),
        ("I feel like I'm 80.", []),
        # Not the speaker's age now: someone unnamed, a thing, a unit, a time to come or
        # awaited.
        ("My son is 5 years old.", []),
        ("The building is 100 years old.", []),
        ("I turned 90 degrees.", []),
        ("I turned 5 pages.", []),
        # (an age to come still gives the year of birth)
        ("I'm turning 40 next month.", [("Dana", "birth_year", "1984", "assert")]),
        # No age, but a plan (policies/plans.py).
        ("When I'm 65 years old I'll retire.", [("Dana", "goal", "retire", "assert")]),
        ("Once Ana is 18 years old she can vote.", []),
        # Review rev23: a comparison, an age turned long ago, a figure of speech, a role.
        ("I feel like I'm 80 years old.", []),
        ("I turned 30 in 2010.", [("Dana", "birth_year", "1980", "assert")]),
        ("I'm 5 years old at heart.", []),
        ("Role-play: I'm 80 years old and you're my doctor.", []),
        # ... and an age turned in a clause that dates another event.
        ("When I turned 30, I moved to Paris.", [("Dana", "location", "Paris", "assert")]),
        # Review rev25: after / before / since / by the time date another event too.
        ("After I turned 30 I moved to Berlin.", [("Dana", "location", "Berlin", "assert")]),
        ("Since I turned 40, I've been tired.", []),
        ("By the time I turned 30 I had two kids.", []),
        # Someone else's words: a quotation's closing verb, or "according to".
        ('"I am 30 years old," my roommate joked.', []),
    ],
)
def test_ages(text: str, expected: list[Row]) -> None:
    assert rows(text) == expected


async def test_a_name_an_age_and_an_allergy_are_remembered_and_read_back() -> None:
    rt = await MemoryRuntime.memory()
    try:
        for text, when in [
            ("Hi! My name is Samantha.", datetime(2024, 1, 1, tzinfo=UTC)),
            ("I'm 34 years old.", datetime(2024, 1, 2, tzinfo=UTC)),
            ("I'm allergic to peanuts.", datetime(2024, 1, 3, tzinfo=UTC)),
            ("I just turned 35.", datetime(2024, 2, 9, tzinfo=UTC)),
        ]:
            await rt.observe_and_route({"content": text, "actor": "Dana", "occurred_at": when})
        name = await rt.belief("Dana", "name")
        assert name is not None and name.mode == "Samantha"
        age = await rt.belief("Dana", "age")
        assert age is not None and age.mode == "35"  # the newer age supersedes the older
        allergy = await rt.belief("Dana", "allergy")
        assert allergy is not None and allergy.held == ("peanuts",)
        prompt = (await rt.query("What is my name?", actor="Dana")).to_prompt()
        assert "Dana.name: Samantha" in prompt
        prompt = (await rt.query("What am I allergic to?", actor="Dana")).to_prompt()
        assert "Dana.allergy: peanuts" in prompt
    finally:
        await rt.close()


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # What a role says is not the speaker's; what came before the role-play is.
        (
            "I work at Acme. Let's role-play: you're a barista and my name is Bob.",
            [("Dana", "employer", "Acme", "assert")],
        ),
        ("Pretend you're my doctor. I'm 80 years old.", [("Dana", "age", "80", "assert")]),
        # Review rev24: acting as something, or a request, starts no role-play.
        ("I work at Acme where I act as a liaison.", [("Dana", "employer", "Acme", "assert")]),
        ("Could you act as my editor? I work at Acme.", [("Dana", "employer", "Acme", "assert")]),
        (
            "Let's pretend this never happened. I work at Acme now.",
            [("Dana", "employer", "Acme", "assert")],
        ),
        (
            "My name is Mia, and I act as a consultant for Acme.",
            [("Dana", "name", "Mia", "assert")],
        ),
        # Review rev25: a game, a story, an exercise, a text to translate are fiction too;
        # the assistant's role is not ("Act as my editor"): the speaker speaks as themselves.
        ("For the game, my name is Thor.", []),
        ("In this story my name is Elara and I'm 19 years old.", []),
        ("In this scenario I'm 80 years old.", []),
        ("Write a story where I'm 90 years old.", []),
        ("Let's play a game. My name is Rex and I'm 9 years old.", []),
        ("Translate: I am allergic to nuts.", []),
        (
            "Please act as my therapist. I'm separated from my wife.",
            [("Dana", "relationship_status", "separated", "assert")],
        ),
        ("In my free time I play tennis.", [("Dana", "hobby", "tennis", "assert")]),
        ("For the record, my name is Sam.", [("Dana", "name", "Sam", "assert")]),
        # Role-play as a pastime is no role-play.
        (
            "My hobby is role-playing games and I live in Paris.",
            [
                ("Dana", "hobby", "role-playing games", "assert"),
                ("Dana", "location", "Paris", "assert"),
            ],
        ),
    ],
)
def test_role_play(text: str, expected: list[Row]) -> None:
    assert rows(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # A role's place is an employer.
        (
            "I'm a software engineer at Google.",
            [
                ("Dana", "role", "software engineer", "assert"),
                ("Dana", "employer", "Google", "assert"),
            ],
        ),
        (
            "I work as a nurse at St Mary's.",
            [("Dana", "role", "nurse", "assert"), ("Dana", "employer", "St Mary's", "assert")],
        ),
        # A plain denial of a role does not deny its place ("I'm not a cashier at Target,
        # I'm a manager"); leaving it does.
        ("I'm not a nurse at Mercy.", [("Dana", "role", "nurse", "negate")]),
        (
            "I'm no longer a nurse at Mercy.",
            [("Dana", "role", "nurse", "negate"), ("Dana", "employer", "Mercy", "negate")],
        ),
        # Not a school, a charity, or an unnamed place; nor someone else's job.
        (
            "I'm a student at MIT.",
            [("Dana", "role", "student", "assert"), ("Dana", "school", "MIT", "assert")],
        ),
        (
            "I'm a volunteer at Oxfam.",
            [
                ("Dana", "role", "volunteer", "assert"),
                ("Dana", "activity", "volunteering at Oxfam", "assert"),
            ],
        ),
        ("I'm a teacher at the local school.", [("Dana", "role", "teacher", "assert")]),
        ("She's a nurse at Mercy.", []),
        # A relative's or a pet's name said as such.
        ("My daughter's name is Emma.", [("Dana", "child", "Emma", "assert")]),
        ("My son is called Leo.", [("Dana", "child", "Leo", "assert")]),
        ("My brother's name is Tom.", [("Dana", "sibling", "Tom", "assert")]),
        ("My daughter's name is Italian.", []),
        ("My cat's name is Luna.", [("Dana", "pet", "cat Luna", "assert")]),
        ("My dog is called Rex.", [("Dana", "pet", "dog Rex", "assert")]),
    ],
)
def test_an_employer_by_role_and_names_said_as_such(text: str, expected: list[Row]) -> None:
    assert rows(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            "I speak English, French and a little Spanish.",
            [
                ("Dana", "speaks", "English", "assert"),
                ("Dana", "speaks", "French", "assert"),
                ("Dana", "speaks", "Spanish", "assert"),
            ],
        ),
        ("I'm fluent in Japanese.", [("Dana", "speaks", "Japanese", "assert")]),
        ("I'm a native Spanish speaker.", [("Dana", "speaks", "Spanish", "assert")]),
        ("My mother tongue is Polish.", [("Dana", "speaks", "Polish", "assert")]),
        ("Ana's native language is Tamil.", [("Ana", "speaks", "Tamil", "assert")]),
        ("If my first language was French, I'd be fine.", []),
        ("I don't speak German.", [("Dana", "speaks", "German", "negate")]),
        # Not a language; a question; a language spoken once, or learnt.
        ("I speak my mind.", []),
        ("Do you speak French?", []),
        ("I spoke French as a kid.", []),
        ("I'm learning French.", [("Dana", "hobby", "French", "assert")]),
        # One value however the day is said; the year is a birth_year of its own.
        ("My birthday is March 5th.", [("Dana", "birthday", "March 5", "assert")]),
        ("My birthday is on the 5th of March.", [("Dana", "birthday", "March 5", "assert")]),
        (
            "I was born on 5 March 1990.",
            [("Dana", "birthday", "March 5", "assert"), ("Dana", "birth_year", "1990", "assert")],
        ),
        ("My birthday's mar 5.", [("Dana", "birthday", "March 5", "assert")]),
        ("My birthday is Feb 30.", []),
        ("Ana's birthday is May 12.", [("Ana", "birthday", "May 12", "assert")]),
        ("My birthday is next week.", []),
        ("Let's say my birthday is May 12.", []),
        # An anniversary's day, said as a birthday is.
        ("Our anniversary is June 12.", [("Dana", "anniversary", "June 12", "assert")]),
        (
            "My wedding anniversary is on the 5th of March.",
            [("Dana", "anniversary", "March 5", "assert")],
        ),
        ("Ana's anniversary is May 3rd.", [("Ana", "anniversary", "May 3", "assert")]),
        ("Our anniversary is next week.", []),
        ("If our anniversary is June 12, I'll book dinner.", []),
        # Its count said, or the day it is celebrated on (every year).
        ("Our 10th anniversary is June 12.", [("Dana", "anniversary", "June 12", "assert")]),
        (
            "We're celebrating our 10th anniversary on June 12.",
            [("Dana", "anniversary", "June 12", "assert")],
        ),
        (
            "Ana and I celebrated our first wedding anniversary on the 5th of March.",
            [("Dana", "anniversary", "March 5", "assert")],
        ),
        ("We're celebrating our anniversary in June.", []),
    ],
)
def test_languages_and_birthdays(text: str, expected: list[Row]) -> None:
    assert rows(text) == expected


def test_a_birthday_is_not_dated_by_its_own_date() -> None:
    obs = Observation(
        content="My birthday is March 5th.",
        actor="Dana",
        occurred_at=datetime(2024, 5, 1, tzinfo=UTC),
    )
    (claim,) = EX.extract_sync(obs)
    assert (claim.attribute, claim.valid_at) == ("birthday", None)


async def test_a_birthday_answers_when_it_is() -> None:
    rt = await MemoryRuntime.memory(namespace="bday")
    try:
        await rt.observe_and_route(
            {
                "type": "utterance",
                "content": "My birthday is March 5th.",
                "source": "user",
                "actor": "Dana",
            }
        )
        belief = await rt.belief("Dana", "birthday")
        assert belief is not None and belief.mode == "March 5"
        ctx = await rt.query("When is Dana's birthday?")
        assert "March 5" in ctx.to_prompt()
    finally:
        await rt.close()


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("I graduated from MIT.", [("Dana", "school", "MIT", "assert")]),
        (
            "I studied computer science at Stanford.",
            [
                ("Dana", "studied", "computer science", "assert"),
                ("Dana", "school", "Stanford", "assert"),
            ],
        ),
        ("I have a master's degree in physics.", [("Dana", "studied", "physics", "assert")]),
        ("I'm majoring in economics.", [("Dana", "studied", "economics", "assert")]),
        (
            "I'm a grad student at Berkeley.",
            [("Dana", "role", "grad student", "assert"), ("Dana", "school", "Berkeley", "assert")],
        ),
        # Studying is no subject, a country no school, "college" no name.
        ("I studied all night.", []),
        ("I study at night.", []),
        ("I studied hard for the exam.", []),
        ("I'm studying abroad in Spain.", []),
        ("I didn't graduate from college.", []),
        # An adverb before "for" keeps the employer (and says how one works there).
        (
            "I work remotely for Acme Corp.",
            [
                ("Dana", "employer", "Acme Corp", "assert"),
                ("Dana", "work_mode", "remote", "assert"),
            ],
        ),
    ],
)
def test_education_and_employer_phrasings(text: str, expected: list[Row]) -> None:
    assert rows(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Lily is my daughter.", [("Dana", "child", "Lily", "assert")]),
        ("Tom is Ana's little brother.", [("Ana", "sibling", "Tom", "assert")]),
        (
            "Lily is my daughter and Max is my son.",
            [("Dana", "child", "Lily", "assert"), ("Dana", "child", "Max", "assert")],
        ),
        # Someone else's relation: no claim about the speaker's own.
        ("Lily is my daughter's friend.", []),
        ("Ana is my wife's sister.", []),
        ("Tom is my friend's brother.", []),
        ("Ana is my wife.", [("Dana", "spouse", "Ana", "assert")]),
    ],
)
def test_a_name_said_to_be_a_relation(text: str, expected: list[Row]) -> None:
    assert rows(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            "My mom Linda lives in Ohio.",
            [("Dana", "parent", "Linda", "assert"), ("Linda", "location", "Ohio", "assert")],
        ),
        (
            "My father Ed is a pilot.",
            [("Dana", "parent", "Ed", "assert"), ("Ed", "role", "pilot", "assert")],
        ),
        (
            "Tom's dad Ed is a pilot.",
            [("Tom", "parent", "Ed", "assert"), ("Ed", "role", "pilot", "assert")],
        ),
        ("Linda is my mom.", [("Dana", "parent", "Linda", "assert")]),
        ("My mother is Linda.", [("Dana", "parent", "Linda", "assert")]),
        ("My dad's name is Ed.", [("Dana", "parent", "Ed", "assert")]),
        # No name: a nationality, what he was called, an in-law, someone else's parent.
        ("My mom is Korean.", []),
        ("I called my dad Ed yesterday.", []),
        # (an in-law is a relative, no parent: policies/rules_circle.py)
        ("Rita is my mother-in-law.", [("Dana", "relative", "Rita", "assert")]),
        ("Rita is my friend's mom.", []),
        # Grandparents the same way.
        (
            "My grandma Rose lives in Ohio.",
            [("Dana", "grandparent", "Rose", "assert"), ("Rose", "location", "Ohio", "assert")],
        ),
        ("Rose is my grandma.", [("Dana", "grandparent", "Rose", "assert")]),
        ("My grandpa's name is Joe.", [("Dana", "grandparent", "Joe", "assert")]),
        ("Rose is my grandma's friend.", []),
    ],
)
def test_a_parent_by_name(text: str, expected: list[Row]) -> None:
    assert rows(text) == expected


async def test_a_child_can_be_forgotten_by_name() -> None:
    rt = await MemoryRuntime.memory(namespace="kin")
    try:
        obs = {"type": "utterance", "source": "user", "actor": "Dana"}
        await rt.observe_and_route({**obs, "content": "My daughter Lily is five."})
        res = await rt.observe_and_route({**obs, "content": "Forget that Lily is my daughter."})
        assert res.forgotten == ("fact:dana.child#lily",)
    finally:
        await rt.close()


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # "with" describes the person; a holiday, a relative, a superlative is no job.
        ("I'm a nurse with COVID.", [("Dana", "role", "nurse", "assert")]),
        # "for Halloween" is the coming one (a present plan): a costume then, no role now.
        ("I'm a nurse for Halloween.", []),
        ("I was a nurse for Halloween.", []),
        ("I'm the worst cook at Christmas.", []),
        # "for" a name: an organisation's or a person's, which the shape cannot tell.
        (
            "I'm a tutor for Kumon.",
            [("Dana", "role", "tutor", "assert"), ("Dana", "employer", "Kumon", "assert")],
        ),
        (
            "I'm a developer for Google.",
            [("Dana", "role", "developer", "assert"), ("Dana", "employer", "Google", "assert")],
        ),
        # "for" / "without" after a name's head is inside one name.
        (
            "I joined Teach for America last year.",
            [("Dana", "employer", "Teach for America", "assert")],
        ),
        (
            "I work for Doctors Without Borders.",
            [("Dana", "employer", "Doctors Without Borders", "assert")],
        ),
        (
            "I volunteer at Habitat for Humanity.",
            [("Dana", "activity", "volunteering at Habitat for Humanity", "assert")],
        ),
        (
            "I work at the Center for Disease Control.",
            [("Dana", "employer", "Center for Disease Control", "assert")],
        ),
        # Not after a place or a company, a title, a time or a lowercase word.
        ("I moved to Seattle for Amazon.", [("Dana", "location", "Seattle", "assert")]),
        ("I use VS Code for Python.", [("Dana", "uses", "VS Code", "assert")]),
        ("I work at Acme for Mr. Smith.", [("Dana", "employer", "Acme", "assert")]),
        ("I work at the Center for Dr. Patel.", [("Dana", "employer", "Center", "assert")]),
        ("I joined the Campaign for Christmas.", [("Dana", "employer", "Campaign", "assert")]),
        ("I joined Google for Christmas.", [("Dana", "employer", "Google", "assert")]),
        ("I joined Google for two years.", [("Dana", "employer", "Google", "assert")]),
        ("I work at Google for Mom now.", [("Dana", "employer", "Google", "assert")]),
        (
            "I'm no longer a cashier at Target, I'm a manager at Target.",
            [
                ("Dana", "role", "cashier", "negate"),
                ("Dana", "role", "manager", "assert"),
                ("Dana", "employer", "Target", "assert"),
            ],
        ),
        # A title's point before a name ends neither the sentence nor the value.
        (
            "I'm a nurse at St. Mary's hospital.",
            [
                ("Dana", "role", "nurse", "assert"),
                ("Dana", "employer", "St. Mary's hospital", "assert"),
            ],
        ),
        ("I work at Acme Inc.", [("Dana", "employer", "Acme Inc", "assert")]),
        # How well one speaks, denied, is not a denial of speaking.
        ("I'm not a native English speaker.", []),
        ("I'm not fluent in Japanese.", []),
        ("I speak decent French.", [("Dana", "speaks", "French", "assert")]),
        # A school is a school; what one studied is a field; leaving is not unsaying.
        ("I'm studying at Starbucks.", []),
        ("I'm studying to become a nurse at Mercy.", []),
        ("I studied at Oxford.", [("Dana", "school", "Oxford", "assert")]),
        ("I'm enrolled at Boston University.", [("Dana", "school", "Boston University", "assert")]),
        ("I studied the menu.", []),
        ("I studied Ana's face.", []),
        ("I'm a minor in Texas.", []),
        ("I'm no longer a student at MIT.", [("Dana", "role", "student", "negate")]),
        ("I didn't graduate from MIT.", []),
        # In-laws are relatives, no children; figures of speech are not kin; "'s name" is.
        ("Lily is my daughter-in-law.", [("Dana", "relative", "Lily", "assert")]),
        ("Tom is my brother in Christ.", []),
        ("Ana is my wife's name.", [("Dana", "spouse", "Ana", "assert")]),
        ("Lily is my daughter's name.", [("Dana", "child", "Lily", "assert")]),
        # A pet's name is one whole name, or only the species is kept.
        ("My cat's name is Mr. Whiskers.", [("Dana", "pet", "cat", "assert")]),
        ("My cat's name is Luna Lovegood.", [("Dana", "pet", "cat", "assert")]),
        ("My dog is called Stupid by my brother.", [("Dana", "pet", "dog", "assert")]),
    ],
)
def test_review_rev30_cases(text: str, expected: list[Row]) -> None:
    assert rows(text) == expected


def test_a_birthday_takes_no_other_clause_s_date() -> None:
    obs = Observation(
        content="My birthday is May 2 and Ana's is June 4.",
        actor="Dana",
        occurred_at=datetime(2024, 5, 1, tzinfo=UTC),
    )
    (claim,) = EX.extract_sync(obs)
    assert (claim.value, claim.valid_at) == ("May 2", None)


@pytest.mark.parametrize(
    ("question", "value"),
    [
        ("Which languages does Dana know?", "French"),
        ("What is Dana's native language?", "French"),
        ("What is Dana's date of birth?", "March 5"),
        ("Where was Dana educated?", "MIT"),
    ],
)
async def test_new_attributes_answer_their_questions(question: str, value: str) -> None:
    rt = await MemoryRuntime.memory(namespace="ask")
    try:
        for text in (
            "My birthday is March 5th.",
            "I speak English and French.",
            "I graduated from MIT.",
            "Always answer in Spanish.",
        ):
            await rt.observe_and_route(
                {"type": "utterance", "content": text, "source": "user", "actor": "Dana"}
            )
        ctx = await rt.query(question, budget_tokens=120)
        assert value in ctx.prompt_sections.get("worldview", "")
    finally:
        await rt.close()


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # A correction or a cessation in the sentence takes back what it said before.
        ("I'm vegan, actually no, I'm not vegan.", [("Dana", "diet", "vegan", "negate")]),
        ("I work at Acme but I quit Acme last month.", [("Dana", "employer", "Acme", "negate")]),
        # Friends from another school, in law school or in Christ are friends.
        ("Tom is my friend from another school.", [("Dana", "friend", "Tom", "assert")]),
        ("Ana is my friend in law school.", [("Dana", "friend", "Ana", "assert")]),
        # The employer's checks read its own words only.
        (
            "I'm a nurse at Mercy and today is my daughter's birthday.",
            [("Dana", "role", "nurse", "assert"), ("Dana", "employer", "Mercy", "assert")],
        ),
        (
            "I'm a teacher at Kids First Academy.",
            [
                ("Dana", "role", "teacher", "assert"),
                ("Dana", "employer", "Kids First Academy", "assert"),
            ],
        ),
        (
            "I'm the only nurse at Mercy.",
            [("Dana", "role", "nurse", "assert"), ("Dana", "employer", "Mercy", "assert")],
        ),
        # Schools by name, and a café near one is none.
        ("I'm studying at Starbucks near the University.", []),
        ("I study at Purdue.", [("Dana", "school", "Purdue", "assert")]),
        ("I'm enrolled at Tufts.", [("Dana", "school", "Tufts", "assert")]),
        ("My dog Buddy I love him.", [("Dana", "pet", "dog Buddy", "assert")]),
    ],
)
def test_review_rev31_cases(text: str, expected: list[Row]) -> None:
    assert rows(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # A boyfriend, a girlfriend or a fiancé(e) holds the spouse's place, as a partner does.
        ("My boyfriend is Leo.", [("Dana", "spouse", "Leo", "assert")]),
        ("Leo is my boyfriend.", [("Dana", "spouse", "Leo", "assert")]),
        ("My fiancé is Tom.", [("Dana", "spouse", "Tom", "assert")]),
        (
            "My girlfriend Zoe lives in Paris.",
            [("Dana", "spouse", "Zoe", "assert"), ("Zoe", "location", "Paris", "assert")],
        ),
        ("My ex-boyfriend Max called.", [("Dana", "spouse", "Max", "negate")]),
        # An engagement names the partner to be.
        (
            "I got engaged to Sam last week.",
            [
                ("Dana", "relationship_status", "engaged", "assert"),
                ("Dana", "spouse", "Sam", "assert"),
            ],
        ),
        ("I'm not engaged to Sam.", [("Dana", "spouse", "Sam", "negate")]),
    ],
)
def test_partners_by_any_name(text: str, expected: list[Row]) -> None:
    assert rows(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("My budget is around 500 dollars.", [("Dana", "budget", "500 dollars", "assert")]),
        ("Our budget for the trip is 2,000 euros.", [("Dana", "budget", "2,000 euros", "assert")]),
        ("My budget's about $300.", [("Dana", "budget", "$300", "assert")]),
        ("My monthly budget is $3k.", [("Dana", "budget", "$3k", "assert")]),
        ("My budget is $500 per night.", [("Dana", "budget", "$500 per night", "assert")]),
        ("My budget is about $3k a month.", [("Dana", "budget", "$3k a month", "assert")]),
        ("I have a budget of $1,500.", [("Dana", "budget", "$1,500", "assert")]),
        ("I can spend up to $150.", [("Dana", "budget", "$150", "assert")]),
        ("I can only afford £50.", [("Dana", "budget", "£50", "assert")]),
        ("Tom's budget is $200.", [("Tom", "budget", "$200", "assert")]),
        ("I don't have a budget of $500.", [("Dana", "budget", "$500", "negate")]),
        # An amount spent, a price, a budget with no amount or no unit.
        ("I spent $500 on shoes.", []),
        ("The hotel costs $200.", []),
        ("I'm on a tight budget.", []),
        ("My budget is 5.", []),
        # A past budget, a hypothetical one.
        ("Our budget was $2,000 but we spent more.", []),
        ("I could spend $1,000 on that TV.", []),
        # Saving toward something is a goal, said as "I want to save for ..." says it.
        ("I'm saving up for a house.", [("Dana", "goal", "save for a house", "assert")]),
        (
            "I'm saving money for a trip to Japan.",
            [("Dana", "goal", "save for a trip to Japan", "assert")],
        ),
        ("I want to save for a house.", [("Dana", "goal", "save for a house", "assert")]),
        ("I'm saving it for later.", []),
        ("Save for later!", []),
    ],
)
def test_a_budget_and_saving_for_something(text: str, expected: list[Row]) -> None:
    assert rows(text) == expected
