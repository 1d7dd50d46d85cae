"""A job left, read against the employer memory holds ("I left Initech last week"), and the
job taken next in the same message ("I'm at Hooli now")."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, datetime, timedelta

import pytest

from nousmem.policies import RuleExtractor
from nousmem.policies.left_jobs import HeldAndSaid, left_jobs
from nousmem.projections.models import Claim, Observation
from nousmem.runtime import MemoryRuntime

T0 = datetime(2024, 5, 1, 9, 0, tzinfo=UTC)


def employers(
    held: Sequence[str], said: Sequence[str] = (), others: dict[str, Sequence[str]] | None = None
) -> object:
    """Ana's employers held and said; ``others``: what memory holds of other names."""

    def lookup(entity: str, at: datetime) -> HeldAndSaid:
        assert at == T0
        if entity != "Ana":
            return tuple((others or {}).get(entity, ())), ()
        return tuple(held), tuple(said)

    return lookup


def read(text: str, held: Sequence[str] = ("Initech",), said: Sequence[str] = ()) -> list:
    obs = Observation(type="utterance", content=text, actor="Ana", occurred_at=T0)
    claims = RuleExtractor().extract_sync(obs)
    got = left_jobs(claims, text, "Ana", T0, employers(held, said))  # type: ignore[arg-type]
    for c in got:
        assert c.span is not None and (c.entity, c.attribute, c.change) == ("Ana", "employer", True)
    return [(c.value, c.polarity) for c in got]


@pytest.mark.parametrize(
    "text",
    [
        "I left Initech last week.",
        "I've left Initech.",
        "I just quit initech!",
        "Actually, I left Initech.",
        "I'm no longer at Initech.",
        "I moved on from Initech in March.",
        "I left my job.",
        "Big news: I finally left my old job.",
    ],
)
def test_a_job_memory_holds_left_is_denied(text: str) -> None:
    assert read(text) == [("Initech", "negate")]


def test_an_employer_said_before_but_not_held_is_denied_by_name_only() -> None:
    # Memory holds Globex, and was told of Initech: "I left Initech" ends Initech ...
    assert read("I left Initech.", held=("Globex",), said=("Initech", "Globex")) == [
        ("Initech", "negate")
    ]
    # ... and "my job" is the one held.
    assert read("I left my job.", held=("Globex",), said=("Initech", "Globex")) == [
        ("Globex", "negate")
    ]


@pytest.mark.parametrize(
    "text",
    [
        "I left Paris yesterday.",  # no job memory knows
        "I never left Initech.",
        "I haven't left Initech.",
        "If I quit Initech I'd travel.",
        "I might leave Initech.",
        "I want to quit my job.",
        "Did I leave Initech?",
        "Tom left Initech.",
        "I'm not at Initech today, I'm working from home.",
        "I left Initech early today.",  # the office, for the day
        "I left Initech at 6 to grab dinner.",
    ],
)
def test_no_plain_leaving_of_a_known_job_denies_nothing(text: str) -> None:
    assert read(text) == []


def others_left(text: str) -> list[tuple[str, str, str]]:
    """What ``text`` (said by Ana) denies of others, with Raj at Initech and Maya at Globex
    (and Initech before)."""
    obs = Observation(type="utterance", content=text, actor="Ana", occurred_at=T0)
    claims = RuleExtractor().extract_sync(obs)
    held = {"Raj": ("Initech",), "Maya": ("Globex",)}
    got = left_jobs(claims, text, "Ana", T0, employers(("Hooli",), others=held))  # type: ignore[arg-type]
    assert all(c.span is not None and c.change for c in got)
    return [(c.entity, c.value, c.polarity) for c in got]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Raj left the company last month.", [("Raj", "Initech", "negate")]),
        ("Raj has left the company.", [("Raj", "Initech", "negate")]),
        ("Raj quit his job.", [("Raj", "Initech", "negate")]),
        ("Maya just quit her job!", [("Maya", "Globex", "negate")]),
        ("Raj left Initech.", [("Raj", "Initech", "negate")]),
        ("Raj is no longer at Initech.", [("Raj", "Initech", "negate")]),
        ("Raj's no longer with Initech.", [("Raj", "Initech", "negate")]),
        ("Raj got laid off last week.", [("Raj", "Initech", "negate")]),
        ("Maya was let go.", [("Maya", "Globex", "negate")]),
        ("Maya retired in March.", [("Maya", "Globex", "negate")]),
        (
            "So Raj lost his job, and Maya left Globex.",
            [("Raj", "Initech", "negate"), ("Maya", "Globex", "negate")],
        ),
        # The speaker's "the company" is the one memory holds of the speaker.
        ("I left the company.", [("Ana", "Hooli", "negate")]),
    ],
)
def test_another_named_persons_job_left_is_denied(
    text: str, expected: list[tuple[str, str, str]]
) -> None:
    assert others_left(text) == expected


@pytest.mark.parametrize(
    "text",
    [
        "Raj left Paris yesterday.",  # no job memory knows of his
        "Raj left Globex.",  # Maya's, not his
        "Tom left the company.",  # nothing held of Tom
        "Paris left me speechless.",
        "If Raj quits his job he'll travel.",
        "Raj might leave the company.",
        "Raj never left Initech.",
        "Raj left the company party early.",
        "I left the company party early.",
        "Raj left his job in 2015.",  # long before the one memory holds
        "She left the company.",
        "Did Raj leave the company?",
    ],
)
def test_no_plain_leaving_of_anothers_job_denies_nothing(text: str) -> None:
    assert others_left(text) == []


def test_without_a_job_held_my_job_names_none() -> None:
    assert read("I left my job.", held=()) == []
    assert read("I got laid off.", held=()) == []


@pytest.mark.parametrize(
    "text",
    [
        "I lost my job.",
        "I just lost my job last week.",
        "I got laid off.",
        "I was laid off last month.",
        "I've been laid off.",
        "I got fired from my job.",
        "I was let go yesterday.",
        "I'm unemployed.",
        "I'm currently unemployed.",
        "I'm out of work.",
        "I'm between jobs right now.",
        "I retired in March.",
        "I finally retired!",
    ],
)
def test_a_job_lost_unnamed_is_the_one_held(text: str) -> None:
    assert read(text) == [("Initech", "negate")]


@pytest.mark.parametrize(
    "text",
    [
        # Something else lost, fired or retired.
        "I lost my keys.",
        "I lost my wallet at work.",
        "I fired my accountant.",
        "I got fired up about it.",
        "I retired my old laptop.",
        "I'm out of coffee.",
        # Not the speaker's, not a statement, or long before the job held.
        "Tom got laid off.",
        "My wife lost her job.",
        "I'm not unemployed.",
        "I never got fired.",
        "If I get laid off, I'll move.",
        "I might get laid off.",
        "I'm afraid I'll get fired.",
        "I was fired when I was 19.",
        "I was laid off in 2015.",
        "I got laid off two years ago.",
        "I retired in 2019.",
    ],
)
def test_no_job_lost_unnamed_denies_nothing(text: str) -> None:
    assert read(text) == []


def test_a_job_lost_then_one_taken() -> None:
    assert read("I got laid off and I'm at Hooli now.") == [
        ("Initech", "negate"),
        ("Hooli", "assert"),
    ]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            "Actually I left Initech last week, I'm at Hooli now.",
            [("Initech", "negate"), ("Hooli", "assert")],
        ),
        ("I left Initech. Now I'm at Hooli.", [("Initech", "negate"), ("Hooli", "assert")]),
        ("I'm no longer at Initech - now at Hooli.", [("Initech", "negate"), ("Hooli", "assert")]),
        # A job change said in so many words needs no job held.
        ("I switched jobs, I'm at Wayne Corp now.", [("Wayne Corp", "assert")]),
        ("New job! I'm now at Hooli.", [("Hooli", "assert")]),
    ],
)
def test_the_job_taken_next_is_the_new_employer(text: str, expected: list[tuple[str, str]]) -> None:
    assert read(text) == expected


@pytest.mark.parametrize(
    "text",
    [
        "I'm at Hooli now.",  # no job left or changed: a place one is at
        "I left Initech, I'm at home now.",
        "I left Initech, maybe I'm at Hooli next.",
    ],
)
def test_at_a_place_is_no_new_job_without_a_job_left(text: str) -> None:
    assert ("Hooli", "assert") not in read(text)
    assert ("home", "assert") not in read(text)


def test_the_extractors_own_reading_of_the_sentence_stands() -> None:
    # "I quit Initech" is read by the extractor; the next job still follows it.
    assert read("I quit Initech last week, I'm at Hooli now.") == [("Hooli", "assert")]
    assert read("I left Initech to join Hooli.") == []
    assert read("I left Initech.", held=()) == []


async def test_a_governed_write_ends_the_job_and_takes_the_next(rt: MemoryRuntime) -> None:
    said = [
        "I work at Initech as a data engineer.",
        "Actually I left Initech last week, I'm at Hooli now.",
    ]
    for i, text in enumerate(said):
        await rt.observe_and_route(
            {"content": text, "actor": "Ana", "occurred_at": T0 + timedelta(days=i)}
        )
    belief = await rt.belief("Ana", "employer")
    assert belief is not None and belief.mode == "Hooli"
    view = (await rt.worldview("historical")).render()
    assert "Initech (1 May 2024 - 2 May 2024) [superseded]" in view
    # A dry run reads it the same way, and the journal keeps what was read.
    result = await rt.assess(
        {
            "content": "I'm no longer at Hooli.",
            "actor": "Ana",
            "occurred_at": T0 + timedelta(days=2),
        }
    )
    claims = [(c.claim.value, c.claim.polarity) for c in result.assessment.claims]
    assert claims == [("Hooli", "negate")]


async def test_another_extractor_reads_the_sentence_its_own_way() -> None:
    async with MemoryRuntime.memory(namespace="t") as rt:

        class Nothing:
            name = "nothing"

            async def extract(self, obs: object) -> list[Claim]:
                return []

        await rt.observe_and_route(
            {"content": "I work at Initech.", "actor": "Ana", "occurred_at": T0}
        )
        rt.use_extractor(Nothing())  # type: ignore[arg-type]
        res = await rt.observe_and_route(
            {"content": "I left Initech.", "actor": "Ana", "occurred_at": T0 + timedelta(days=1)}
        )
        assert res.deltas == ()


async def test_a_governed_write_ends_the_job_held_at_retirement() -> None:
    async with MemoryRuntime.memory(namespace="t") as rt:
        for i, text in enumerate(["I work at Initech.", "I retired last month."]):
            await rt.observe_and_route(
                {"content": text, "actor": "Ana", "occurred_at": T0 + timedelta(days=i)}
            )
        employer = await rt.belief("Ana", "employer")
        assert employer is not None and "Initech" not in employer.held
        role = await rt.belief("Ana", "role")
        assert role is not None and role.mode == "retired"


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # A job taken in the same message makes a name never said as a job one left.
        ("No, I left Acme in December. I work at Globex now.", [("Acme", "negate")]),
        ("I've left Hooli. I work at Globex now.", [("Hooli", "negate")]),
        # Not a listed place, a day's leaving, a denial, nor without a job taken.
        ("I left Berlin in May. I work at SAP now.", []),
        ("I left Acme early today. I work at Globex now.", []),
        ("I didn't leave Acme. I work at Globex now.", []),
        ("I left Acme in December.", []),
    ],
)
def test_a_name_left_beside_a_job_taken_is_a_job(
    text: str, expected: list[tuple[str, str]]
) -> None:
    assert read(text, held=()) == expected


async def test_a_governed_write_ends_the_job_another_person_left() -> None:
    async with MemoryRuntime.memory(namespace="t") as rt:
        said = [
            ("Raj", "I work at Initech as an engineer."),
            ("Ana", "Raj left the company last week."),
        ]
        for i, (actor, text) in enumerate(said):
            await rt.observe_and_route(
                {"content": text, "actor": actor, "occurred_at": T0 + timedelta(days=i)}
            )
        belief = await rt.belief("Raj", "employer")
        assert belief is not None and belief.held == ()
        # His role stays: only the job ended.
        role = await rt.belief("Raj", "role")
        assert role is not None and role.held == ("engineer",)
