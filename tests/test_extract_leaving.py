"""What someone no longer has: a job left for another ("I left Acme to join Stripe"), a
named place moved out of ("I moved out of Berlin"), a pet that died ("My dog Rex passed
away"), a working life ended ("I retired from Boeing last year": role `retired`, the
employer denied). Each gives a denial of the old value, and the runtime stops holding it;
what only looks like one (a party left, a flat moved out of, a pet that almost died, a
hypothetical) gives none."""

from __future__ import annotations

from datetime import UTC, date, datetime

import pytest

from nousmem.policies import RuleExtractor
from nousmem.projections.models import Observation
from nousmem.runtime import MemoryRuntime

SAID = datetime(2024, 5, 1, 12, tzinfo=UTC)
EX = RuleExtractor()


def rows(text: str) -> list[tuple[str, str, str, str, date | None]]:
    obs = Observation(content=text, actor="Ana", source="user", occurred_at=SAID)
    return sorted(
        (c.entity, c.attribute, c.value, c.polarity, c.valid_at) for c in EX.extract_sync(obs)
    )


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            "I left Acme to join Stripe.",
            [
                ("Ana", "employer", "Acme", "negate", None),
                ("Ana", "employer", "Stripe", "assert", None),
            ],
        ),
        # Left for a job at the next one.
        (
            "I left Acme for a job at Stripe.",
            [
                ("Ana", "employer", "Acme", "negate", None),
                ("Ana", "employer", "Stripe", "assert", None),
            ],
        ),
        (
            "I quit my job at Acme to work for Stripe.",
            [
                ("Ana", "employer", "Acme", "negate", None),
                ("Ana", "employer", "Stripe", "assert", None),
            ],
        ),
        (
            "I left Acme in March to join Stripe.",
            [
                ("Ana", "employer", "Acme", "negate", date(2024, 3, 1)),
                ("Ana", "employer", "Stripe", "assert", date(2024, 3, 1)),
            ],
        ),
        (
            "Tom left Acme to join Stripe.",
            [
                ("Tom", "employer", "Acme", "negate", None),
                ("Tom", "employer", "Stripe", "assert", None),
            ],
        ),
        ("I moved out of Berlin.", [("Ana", "location", "Berlin", "negate", None)]),
        # Moved here from a place, relocated from it: left.
        (
            "I moved here from Chicago two years ago.",
            [("Ana", "location", "Chicago", "negate", date(2022, 1, 1))],
        ),
        (
            "We relocated from Boston last year.",
            [("Ana", "location", "Boston", "negate", date(2023, 1, 1))],
        ),
        ("I moved here from Chicago but moved back.", []),
        (
            "I moved out of Ohio last year to live with my aunt.",
            [("Ana", "location", "Ohio", "negate", date(2023, 1, 1))],
        ),
        (
            "I moved out of New York City in 2019 and into a farmhouse.",
            [("Ana", "location", "New York City", "negate", date(2019, 1, 1))],
        ),
        (
            "I moved out of Berlin to Munich.",
            [
                ("Ana", "location", "Berlin", "negate", None),
                ("Ana", "location", "Munich", "assert", None),
            ],
        ),
        (
            "I quit my job at Acme to work for Stripe as a designer.",
            [
                ("Ana", "employer", "Acme", "negate", None),
                ("Ana", "employer", "Stripe", "assert", None),
            ],
        ),
        ("My dog has died.", [("Ana", "pet", "dog", "negate", None)]),
        ("My dog Max passed on Tuesday.", [("Ana", "pet", "dog Max", "negate", date(2024, 4, 30))]),
        (
            "My dog Rex passed away last week.",
            [("Ana", "pet", "dog Rex", "negate", date(2024, 4, 22))],
        ),
        ("My old cat, Luna, died.", [("Ana", "pet", "cat Luna", "negate", None)]),
        ("My dog Max had to be put down.", [("Ana", "pet", "dog Max", "negate", None)]),
        ("My dog died.", [("Ana", "pet", "dog", "negate", None)]),
        (
            "My dog Rex died and I got a new cat.",
            [("Ana", "pet", "cat", "assert", None), ("Ana", "pet", "dog Rex", "negate", None)],
        ),
        # Software is no home: a move to it is a tool used.
        (
            "I moved from Windows to Linux.",
            [("Ana", "uses", "Linux", "assert", None), ("Ana", "uses", "Windows", "negate", None)],
        ),
        ("I moved to Mac last year.", [("Ana", "uses", "Mac", "assert", date(2023, 1, 1))]),
        ("I moved from Reddit to Discord.", []),
        # From software by name, to any name: a new tool, not a home ("Linear", "Acme Board").
        (
            "We moved from Jira to Linear.",
            [("Ana", "uses", "Linear", "assert", None), ("Ana", "uses", "Jira", "negate", None)],
        ),
        (
            "Our team moved from Trello to Acme Board.",
            [
                ("Ana", "uses", "Acme Board", "assert", None),
                ("Ana", "uses", "Trello", "negate", None),
            ],
        ),
        ("We moved over to ClickUp.", [("Ana", "uses", "ClickUp", "assert", None)]),
        (
            "We moved from Boston to Denver.",
            [
                ("Ana", "location", "Denver", "assert", None),
                ("Ana", "location", "Boston", "negate", None),
            ],
        ),
        ("I'm retired.", [("Ana", "role", "retired", "assert", None)]),
        ("I'm semi-retired.", [("Ana", "role", "semi-retired", "assert", None)]),
        ("I am a retired school teacher.", [("Ana", "role", "retired", "assert", None)]),
        (
            "I'm a semi-retired software engineer.",
            [("Ana", "role", "semi-retired", "assert", None)],
        ),
        ("Retired in 2019!", [("Ana", "role", "retired", "assert", date(2019, 1, 1))]),
        ("I'm not retired yet.", [("Ana", "role", "retired", "negate", None)]),
        (
            "I retired from Boeing in 2019.",
            [
                ("Ana", "employer", "Boeing", "negate", date(2019, 1, 1)),
                ("Ana", "role", "retired", "assert", date(2019, 1, 1)),
            ],
        ),
        ("I retired early to travel.", [("Ana", "role", "retired", "assert", None)]),
        ("I've been retired for years.", [("Ana", "role", "retired", "assert", None)]),
        ("I retired five years ago.", [("Ana", "role", "retired", "assert", date(2019, 1, 1))]),
        (
            "I retired from teaching last year.",
            [("Ana", "role", "retired", "assert", date(2023, 1, 1))],
        ),
        # The employer as the subject, the speaker its object.
        ("Acme laid me off.", [("Ana", "employer", "Acme", "negate", None)]),
        (
            "Globex let me go last week.",
            [("Ana", "employer", "Globex", "negate", date(2024, 4, 22))],
        ),
        ("Initech fired me.", [("Ana", "employer", "Initech", "negate", None)]),
        ("I got the job at Stripe!", [("Ana", "employer", "Stripe", "assert", None)]),
        (
            "Stripe hired me last month.",
            [("Ana", "employer", "Stripe", "assert", date(2024, 4, 1))],
        ),
        # A last day that was (one to come is a plan: rules_goals.py).
        (
            "My last day at Acme was Friday.",
            [("Ana", "employer", "Acme", "negate", date(2024, 4, 26))],
        ),
        (
            "Yesterday was my last day at Acme.",
            [("Ana", "employer", "Acme", "negate", date(2024, 4, 30))],
        ),
        # Another person's own job, by name.
        ("Maya quit her job at Google.", [("Maya", "employer", "Google", "negate", None)]),
        ("Tom left his job at Acme.", [("Tom", "employer", "Acme", "negate", None)]),
    ],
)
def test_what_was_left_is_denied(
    text: str, expected: list[tuple[str, str, str, str, date | None]]
) -> None:
    assert rows(text) == sorted(expected)


@pytest.mark.parametrize(
    "text",
    [
        # No job: a place or an errand left, a plan, a denial, a hypothetical.
        "They fired me.",
        "My boss fired me.",
        "The company laid me off.",
        "Acme didn't fire me.",
        "If Acme fires me, I'll move.",
        "Tom hired me to paint his fence.",
        "I left Paris to join my family.",
        "I left the party to join Tom at the bar.",
        "I left Google last month.",
        "I'm leaving Acme to join Stripe next month.",
        "I didn't leave Acme to join Stripe.",
        "If I left Acme to join Stripe, would you come?",
        "I never left Apple to join Google.",
        "I left Starbucks to join Tom at the park.",
        "I left Starbucks early to join Sarah.",
        "I left Discord to join the Zoom call.",
        # No named place, or a part of one, or staying.
        "I moved out of my parents' house.",
        "I moved out of the city.",
        "I moved out of San Francisco's Mission District.",
        "I moved out of Ohio State housing.",
        "I never moved out of Berlin.",
        "I'm moving out of Berlin next month.",
        "I moved away from Windows to Linux.",
        "I moved away from Mom.",
        "I moved out of Texas but moved back in 2020.",
        "I moved out of Berlin for the summer.",
        "I moved out of Mom and Dad's place.",
        "I moved out of Building 7.",
        # No death, or not the speaker's saying so.
        "If my dog died I'd be devastated.",
        "I can't believe my dog Rex died.",
        "I don't think my dog died.",
        "It's not true that my dog died.",
        '"My dog died," Tom said.',
        # No retirement: a thing retired, an awaited or supposed one, someone else's.
        "I retired my old laptop.",
        "I retired the jersey.",
        "When I'm retired, I'll travel.",
        "Once I'm retired I'll sleep in.",
        "I can't wait until I'm retired.",
        "If I were retired I'd travel.",
        "I might retire soon.",
        "I'm retiring next year.",
        "He retired last year.",
        "I'm retired from being your therapist.",
        # (review rev68) a thing retired, a pastime or an app left, bed.
        "I retired a legacy service today.",
        "My mom is a retired nurse.",
        "I'm a retired nurse's daughter.",
        "When I'm a retired teacher I'll travel.",
        "I retired two old laptops.",
        "I retired last year's model.",
        "I retired from dating.",
        "I'm retired from Twitter.",
        "Exhausted, I retired early last night.",
        "I retired after dinner.",
        # ... a gym, a party, a plan, a move undone, an errand.
        "I left Planet Fitness to join Orangetheory.",
        "I left Labour to join the Greens.",
        "I'm leaving Acme to join Stripe.",
        "I left Acme to join Stripe, then came back.",
        "I left Costco to join Dad in the parking lot.",
        "I'm moving out of Berlin.",
        # ... a pet's death feared or mistaken, a test passed, an anaesthetic.
        "I thought my dog died but he was just sleeping.",
        "I was worried that my cat had died.",
        "My dog passed yesterday's vet exam.",
        "My dog was put to sleep for surgery.",
        "My dog passed on the treat.",
        "My cat passed on her kittens.",
        "My dog died laughing.",
        "My dog died of embarrassment.",
        "My dog was put down for a nap.",
        "My dog died in the game.",
        "I dreamed my dog died.",
    ],
)
def test_what_only_looks_like_leaving_denies_nothing(text: str) -> None:
    assert [r for r in rows(text) if r[3] == "negate" or r[2] == "retired"] == []


@pytest.mark.parametrize(
    "text",
    [
        "My dog almost died.",
        "My dog passed the test.",
        "My dog Rex is sick.",
        "My dog got put down on the table.",
    ],
)
def test_a_pet_that_lives_stays_a_pet(text: str) -> None:
    assert [r[3] for r in rows(text) if r[1] == "pet"] == ["assert"]


async def say(rt: MemoryRuntime, text: str, at: datetime) -> None:
    await rt.observe_and_route(
        {"content": text, "actor": "Ana", "source": "user", "occurred_at": at.isoformat()}
    )


@pytest.mark.parametrize(
    ("before", "after", "attribute", "gone", "now"),
    [
        ("I work at Acme.", "I left Acme to join Stripe.", "employer", "Acme", ("Stripe",)),
        ("I live in Berlin.", "I moved out of Berlin last month.", "location", "Berlin", ()),
        ("I have a dog named Rex.", "My dog Rex passed away.", "pet", "dog Rex", ()),
        ("I'm a nurse at St Mary's.", "I retired last month.", "role", "nurse", ("retired",)),
        ("I work at Boeing.", "I retired from Boeing last month.", "employer", "Boeing", ()),
    ],
)
async def test_memory_stops_holding_what_was_left(
    rt: MemoryRuntime,
    before: str,
    after: str,
    attribute: str,
    gone: str,
    now: tuple[str, ...],
) -> None:
    await say(rt, before, datetime(2024, 1, 10, tzinfo=UTC))
    held = await rt.belief("Ana", attribute)
    assert held is not None and held.held == (gone,)
    await say(rt, after, datetime(2024, 5, 1, tzinfo=UTC))
    held = await rt.belief("Ana", attribute)
    assert held is not None and gone not in held.held
    assert held.held == now
    # A read of the time before still sees it.
    past = await rt.belief("Ana", attribute, as_of=datetime(2024, 2, 1, tzinfo=UTC))
    assert past is not None and past.held == (gone,)


async def test_a_move_to_software_keeps_the_home(rt: MemoryRuntime) -> None:
    await say(rt, "I live in Berlin.", datetime(2024, 1, 10, tzinfo=UTC))
    await say(rt, "I moved from Windows to Linux last month.", datetime(2024, 5, 1, tzinfo=UTC))
    home = await rt.belief("Ana", "location")
    assert home is not None and home.held == ("Berlin",)
    tools = await rt.belief("Ana", "uses")
    assert tools is not None and "Linux" in tools.held and "Windows" not in tools.held
