"""Everyday ways of telling one's household and work: children and siblings someone "has"
("I have a daughter named Mia", "I have two kids, Leo and Mia"), pets "we" have, a
promotion ("I got promoted to senior engineer"), an intolerance ("I'm gluten intolerant")
and a best friend by name ("My best friend is Sarah")."""

from __future__ import annotations

import pytest

from tests.helpers import extracted_claims as claims


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("I have a daughter named Mia.", [("Dana", "child", "Mia", "assert")]),
        ("I have a son, Leo.", [("Dana", "child", "Leo", "assert")]),
        (
            "I have two kids, Leo and Mia.",
            [
                ("Dana", "child", "Leo", "assert"),
                ("Dana", "child", "Mia", "assert"),
                ("Dana", "number_of_children", "2", "assert"),
            ],
        ),
        # How many, without names.
        ("I have two kids.", [("Dana", "number_of_children", "2", "assert")]),
        (
            "I have two sons named Leo and Max.",
            [("Dana", "child", "Leo", "assert"), ("Dana", "child", "Max", "assert")],
        ),
        ("Tom has a daughter named Sara.", [("Tom", "child", "Sara", "assert")]),
        # Each one named, the noun after "and" deciding the second's kind.
        (
            "I have a daughter named Emma and a son named Jack.",
            [("Dana", "child", "Emma", "assert"), ("Dana", "child", "Jack", "assert")],
        ),
        (
            "I have a brother named Tom and a daughter named Ana.",
            [("Dana", "sibling", "Tom", "assert"), ("Dana", "child", "Ana", "assert")],
        ),
        ("I met a woman and a son named Jack.", []),
        ("I have a brother called Tom.", [("Dana", "sibling", "Tom", "assert")]),
        ("I've got a sister, Ama.", [("Dana", "sibling", "Ama", "assert")]),
        ("I don't have a son named Leo.", [("Dana", "child", "Leo", "negate")]),
        # "we" have a pet: the speaker does.
        ("We adopted a cat named Miso.", [("Dana", "pet", "cat Miso", "assert")]),
        ("I'm fostering a puppy named Pepper.", [("Dana", "pet", "puppy Pepper", "assert")]),
        ("I fostered a beagle named Rex.", [("Dana", "pet", "beagle Rex", "assert")]),
        ("We're fostering a puppy named Pepper.", [("Dana", "pet", "puppy Pepper", "assert")]),
        ("We are fostering two kittens.", [("Dana", "pet", "kitten", "assert")]),
        ("Are we fostering a puppy?", []),
        ("We have a dog called Rex.", [("Dana", "pet", "dog Rex", "assert")]),
        (
            "I got promoted to senior engineer last month.",
            [("Dana", "role", "senior engineer", "assert")],
        ),
        ("Tom got promoted to head of design.", [("Tom", "role", "head of design", "assert")]),
        ("I got a promotion to senior manager.", [("Dana", "role", "senior manager", "assert")]),
        # A promotion missed or hoped for is none.
        ("I didn't get the promotion to manager.", []),
        ("I'm hoping for a promotion to lead.", []),
        # A school begun, by its name.
        ("I started college at UCLA.", [("Dana", "school", "UCLA", "assert")]),
        (
            "Leo started kindergarten at Lincoln Elementary.",
            [("Leo", "school", "Lincoln Elementary", "assert")],
        ),
        ("I started school at 6.", []),
        (
            "I work for the NHS as a nurse.",
            [("Dana", "employer", "NHS", "assert"), ("Dana", "role", "nurse", "assert")],
        ),
        ("I'm gluten intolerant.", [("Dana", "diet", "gluten-intolerant", "assert")]),
        ("My best friend is Sarah.", [("Dana", "friend", "Sarah", "assert")]),
        ("Ana's best friend is Bo.", [("Ana", "friend", "Bo", "assert")]),
        # A relative by name after "is", when the name ends the clause.
        ("My sister is Ana.", [("Dana", "sibling", "Ana", "assert")]),
        ("My little brother is Sam.", [("Dana", "sibling", "Sam", "assert")]),
        ("My son is Leo, he's five.", [("Dana", "child", "Leo", "assert")]),
        (
            "My husband is Tom and he loves golf.",
            [("Dana", "spouse", "Tom", "assert"), ("Tom", "likes", "golf", "assert")],
        ),
        # A partner holds a spouse's place.
        (
            "My partner Sam is a nurse.",
            [("Dana", "spouse", "Sam", "assert"), ("Sam", "role", "nurse", "assert")],
        ),
        ("Sam is my partner.", [("Dana", "spouse", "Sam", "assert")]),
        ("My ex-partner Sam moved out.", [("Dana", "spouse", "Sam", "negate")]),
        # Relatives listed after "are", when the names end the clause.
        (
            "My kids are Leo and Mia.",
            [("Dana", "child", "Leo", "assert"), ("Dana", "child", "Mia", "assert")],
        ),
        (
            "Ana's sons are Tom and Jim.",
            [("Ana", "child", "Tom", "assert"), ("Ana", "child", "Jim", "assert")],
        ),
        # A place of work by its length of service.
        ("I've been at Google for five years.", [("Dana", "employer", "Google", "assert")]),
        ("Tom has been at IBM for over a year.", [("Tom", "employer", "IBM", "assert")]),
        # A school someone teaches at; the speaker's company by name.
        (
            "I teach math at Lincoln High.",
            [
                ("Dana", "employer", "Lincoln High", "assert"),
                ("Dana", "activity", "teaching math", "assert"),
            ],
        ),
        ("My company is called Brightline.", [("Dana", "employer", "Brightline", "assert")]),
        # ... by any of its nouns (only "company" woke the rule).
        ("My startup is called Brightline.", [("Dana", "employer", "Brightline", "assert")]),
        ("My employer is Acme Corp.", [("Dana", "employer", "Acme Corp", "assert")]),
        ("My startup is doing well.", []),
        ("Tom's company is Initech.", [("Tom", "employer", "Initech", "assert")]),
        # A business of one's own, by its name.
        (
            "I started a company called Brightline last year.",
            [("Dana", "employer", "Brightline", "assert")],
        ),
        ("Tom owns a gym called Iron House.", [("Tom", "employer", "Iron House", "assert")]),
        # Where someone works from.
        (
            "I work remotely from Lisbon.",
            [("Dana", "location", "Lisbon", "assert"), ("Dana", "work_mode", "remote", "assert")],
        ),
        # A food someone does not eat: the diet free of it.
        ("I don't eat pork.", [("Dana", "diet", "pork-free", "assert")]),
        ("I can't eat shellfish.", [("Dana", "diet", "shellfish-free", "assert")]),
        # Not drinking is an alcohol-free diet.
        ("I don't drink.", [("Dana", "diet", "alcohol-free", "assert")]),
        ("I don't drink alcohol anymore.", [("Dana", "diet", "alcohol-free", "assert")]),
        ("Tom doesn't drink.", [("Tom", "diet", "alcohol-free", "assert")]),
        # Sober is alcohol-free; not "sober curious", not "not sober" (tonight), not a night.
        ("I've been sober for two years.", [("Dana", "diet", "alcohol-free", "assert")]),
        ("I got sober in 2019.", [("Dana", "diet", "alcohol-free", "assert")]),
        ("I'm sober curious.", []),
        ("I'm not sober.", []),
        ("I was sober at the party.", []),
        # A fan of a name.
        ("I'm a huge Taylor Swift fan.", [("Dana", "likes", "Taylor Swift", "assert")]),
        ("Tom is a big Arsenal fan.", [("Tom", "likes", "Arsenal", "assert")]),
        # A team rooted for (with "support": a name of several words or after "the").
        ("I root for the Lakers.", [("Dana", "likes", "Lakers", "assert")]),
        ("Tom cheers for Arsenal every weekend.", [("Tom", "likes", "Arsenal", "assert")]),
        ("I support Manchester United.", [("Dana", "likes", "Manchester United", "assert")]),
        ("I support the Yankees.", [("Dana", "likes", "Yankees", "assert")]),
        ("I don't root for the Yankees.", [("Dana", "likes", "Yankees", "negate")]),
        ("I support Tom.", []),
        ("I support my family.", []),
        ("I'm rooting for you.", []),
        # The role after a new job's employer.
        (
            "I got a new job at Spotify as a product manager!",
            [
                ("Dana", "employer", "Spotify", "assert"),
                ("Dana", "role", "product manager", "assert"),
            ],
        ),
        (
            "I just joined Datadog as a staff engineer.",
            [
                ("Dana", "employer", "Datadog", "assert"),
                ("Dana", "role", "staff engineer", "assert"),
            ],
        ),
        # "Go" capitalised is the language, not the verb.
        (
            "We use Postgres and Go for most services.",
            [("Dana", "uses", "Postgres", "assert"), ("Dana", "uses", "Go", "assert")],
        ),
        # An adverb after a value is no part of it.
        ("I'm from Brazil originally.", [("Dana", "origin", "Brazil", "assert")]),
    ],
)
def test_household_and_work_phrasings(text: str, expected: list[tuple[str, ...]]) -> None:
    assert claims(text) == expected


@pytest.mark.parametrize(
    "text",
    [
        "I don't drink much.",  # how much, not whether
        "I don't drink coffee after 6pm.",
        "I never drink on weeknights.",
        "I don't drink enough water.",
        # after the comma, no list of names that ends there, and the kids are Tom's
        "I have two kids, Tom said.",
        "Do you have a daughter named Mia?",  # a question to the listener
        "We should get a dog.",  # a plan
        "We'd love a cat.",
        "I got promoted to the next level in the game.",  # no occupation
        "We got promoted to the first division.",
        "My friend is Jamaican.",  # a people, not a name
        "If my best friend is Sarah, I'm lucky.",  # a supposition
        "My friend is Sarah's brother.",  # someone else's relation
        "My manager is Pisces.",  # a sign
        "My husband is Jamaican.",
        "My daughter is Autistic.",  # a condition
        "My brother is John's best friend.",
        "If my sister is Ana, who is Maria?",
        "My wife is a nurse.",  # a role: no name
        "My business partner Tom called.",  # not a partner in life
        "Tom is my partner at the firm.",
        "My partner in crime Jo is here.",
        "My tennis partner Ana won.",
        "My kids are Catholic.",
        "My kids are Leo's friends.",
        "If my kids are Leo and Mia, then what?",
        "I've been at Disneyland for 3 days.",  # a visit
        "I've been at Sarah's for a month.",
        "I've been with Sarah for five years.",  # a person as often as a company
        "I work remotely from home.",
        "I work remotely from Monday to Thursday.",
        "I'm a fan.",
        "I teach at night.",
        "I taught at Harvard in 2010.",  # once: says nothing of now
        "My company is great.",
        "If my company is Acme, then what?",
        "If I started a company called Nimbus, what then?",
        "I don't eat pork on Fridays.",  # a limit for a while
        "I don't eat much sugar.",
        "Is Tom a Lakers fan?",
        "I didn't get the job at Spotify as a product manager.",
    ],
)
def test_what_only_looks_like_them_gives_nothing(text: str) -> None:
    assert claims(text) == []


@pytest.mark.parametrize(
    ("text", "diet"),
    [
        ("I stopped eating meat last year.", ("meat-free", "assert")),
        ("I gave up dairy in 2020.", ("dairy-free", "assert")),
        ("Tom quit eating pork.", ("pork-free", "assert")),
        ("I stopped drinking last year.", ("alcohol-free", "assert")),
        ("I quit drinking alcohol.", ("alcohol-free", "assert")),
        ("I quit drinking years ago.", ("alcohol-free", "assert")),
        ("I gave up alcohol in January.", ("alcohol-free", "assert")),
        ("I gave up sugar for Lent.", None),  # for a while
        # Coffee, soda and a few foods are diets given up too, not pastimes.
        ("I quit coffee.", ("coffee-free", "assert")),
        ("I stopped drinking coffee.", ("coffee-free", "assert")),
        ("I gave up caffeine last year.", ("caffeine-free", "assert")),
        ("I quit soda two months ago.", ("soda-free", "assert")),
        ("I gave up carbs.", ("carb-free", "assert")),
        ("I don't eat red meat.", ("red-meat-free", "assert")),
        ("I don't drink coffee.", ("coffee-free", "assert")),
        ("I don't drink coffee after 6pm.", None),  # a limit
        ("I gave up chocolate for Lent.", None),
        ("If I stopped eating meat, I'd be sad.", None),
    ],
)
def test_a_food_given_up_is_a_diet_free_of_it(text: str, diet: tuple[str, str] | None) -> None:
    # ... and no pastime given up ("hobby: eating meat" denied was noise).
    assert [c for c in claims(text) if c[1] == "hobby"] == []
    got = [
        (value, polarity) for _, attribute, value, polarity in claims(text) if attribute == "diet"
    ]
    assert got == ([diet] if diet else [])
