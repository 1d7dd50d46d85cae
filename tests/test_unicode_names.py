"""Names beyond ASCII: the extractor sees them, and one name has one key however it is typed.

"José" can arrive precomposed (U+00E9) or as "e" plus a combining acute (U+0301); both are
the same person to the user, so they must be one entity to beliefs, the worldview, the
query planner and ``merge_entities``.
"""

from __future__ import annotations

import unicodedata
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from nousmem.policies.extract import RuleExtractor
from nousmem.policies.letters import LOWER, UPPER
from nousmem.projections.belief_models import match_key
from nousmem.projections.models import Observation
from nousmem.runtime import MemoryRuntime
from nousmem.runtime.errors import InvalidInput

EX = RuleExtractor()
REF = datetime(2024, 3, 4, 10, 0, tzinfo=UTC)
NFC = "Jos\u00e9"
NFD = "Jose\u0301"
NAMES = [NFC, NFD, "Zoë", "Łukasz", "Ørsted", "Björn", "Élodie", "Дмитрий", "Nguyễn"]


def triples(text: str, actor: str = "Dana") -> set[tuple[str, str, str]]:
    obs = Observation(content=text, actor=actor, occurred_at=REF)
    return {(c.entity, c.attribute, c.value) for c in EX.extract_sync(obs)}


@pytest.mark.parametrize("name", NAMES)
def test_a_name_with_accents_or_another_alphabet_is_a_subject(name: str) -> None:
    assert (name, "location", "Lisbon") in triples(f"{name} lives in Lisbon.")
    assert (name, "employer", "Siemens") in triples(f"{name} works at Siemens.")


@pytest.mark.parametrize("name", NAMES)
def test_a_name_with_accents_is_a_relative_a_pet_name_and_a_possessor(name: str) -> None:
    assert triples(f"My sister {name} lives in Oslo.") >= {
        ("Dana", "sibling", name),
        (name, "location", "Oslo"),
    }
    assert ("Dana", "pet", f"cat {name}") in triples(f"I have a cat named {name}.")
    assert (name, "pet", "dog") in triples(f"{name}'s dog is cute.")


def _char(chars: str) -> st.SearchStrategy[str]:
    """One letter of a ``[...]`` class body such as ``UPPER`` (ranges expanded)."""
    pool: list[str] = []
    i = 0
    while i < len(chars):
        if i + 2 < len(chars) and chars[i + 1] == "-":
            pool += [chr(c) for c in range(ord(chars[i]), ord(chars[i + 2]) + 1)]
            i += 3
        else:
            pool.append(chars[i])
            i += 1
    return st.sampled_from(sorted(set(pool)))


_LETTERS = _char(LOWER.replace("\u0300-\u036f", ""))


@settings(max_examples=150, deadline=None)
@given(first=_char(UPPER), rest=st.lists(_LETTERS, min_size=3, max_size=8))
def test_any_capitalised_word_reads_as_a_name_as_an_ascii_one_does(
    first: str, rest: list[str]
) -> None:
    name = first + "".join(rest)
    if name.isascii():  # ASCII names are covered by the rule tests; this is about the rest
        name = "Ž" + name[1:]
    assert (name, "employer", "Siemens") in triples(f"{name} works at Siemens.")


def test_match_key_folds_unicode_forms_and_leaves_ascii_alone() -> None:
    assert match_key(NFC) == match_key(NFD) == match_key("JOSÉ")
    assert match_key("ＡＮＡ") == match_key("Ana")  # full-width
    assert match_key("  New   York ") == "new york"


@settings(max_examples=100, deadline=None)
@given(st.text(min_size=1, max_size=12))
def test_match_key_is_the_same_for_every_normal_form(text: str) -> None:
    forms = {unicodedata.normalize(f, text) for f in ("NFC", "NFD", "NFKC", "NFKD")}
    assert len({match_key(f) for f in forms}) == 1


def _obs(
    content: str, when: datetime, claims: list[dict[str, Any]] | None = None
) -> dict[str, Any]:
    out: dict[str, Any] = {
        "type": "fact",
        "content": content,
        "source": "user",
        "occurred_at": when,
    }
    if claims is not None:
        out["claims"] = claims
    return out


async def test_both_spellings_are_one_entity_to_beliefs_worldview_and_query() -> None:
    async with MemoryRuntime.memory() as rt:
        await rt.observe_and_route(_obs(f"{NFC} lives in Lisbon.", REF))
        await rt.observe_and_route(_obs(f"{NFD} moved to Porto.", REF + timedelta(days=30)))
        assert len(await rt.entities()) == 1
        for spelling in (NFC, NFD):
            belief = await rt.belief(spelling, "location")
            assert belief is not None and belief.mode == "Porto"
            assert {v.value for v in belief.observed_values} == {"Lisbon", "Porto"}
        slots = [s for s in (await rt.worldview()).slots if s.key.endswith(".location")]
        assert len(slots) == 1
        ctx = await rt.query(f"Where does {NFD} live?")
        assert "location: Porto" in ctx.to_prompt()


async def test_merge_entities_accepts_either_spelling_and_refuses_merging_a_name_with_itself() -> (
    None
):
    claim = {"entity": NFC, "attribute": "location", "value": "Lisbon", "confidence": 0.9}
    other = {"entity": "Zé", "attribute": "location", "value": "Lisbon", "confidence": 0.9}
    async with MemoryRuntime.memory() as rt:
        await rt.observe_and_commit(_obs("x", REF, [claim]))
        await rt.observe_and_commit(_obs("y", REF, [other]))
        head = await rt.head()
        with pytest.raises(InvalidInput) as info:
            await rt.merge_entities(NFC, NFD, reason="same", authorized=True)
        assert info.value.field == "absorb"
        assert await rt.head() == head
        event = await rt.merge_entities(NFD, "Zé", reason="same person", authorized=True)
        assert event.kind == "identity.merged"
        assert len(await rt.entities()) == 1


def test_no_rule_pattern_spells_a_capital_as_ascii_only() -> None:
    from pathlib import Path

    import nousmem.policies as policies

    root = Path(policies.__file__).parent
    for name in (
        "patterns.py",
        "clauses.py",
        "rules.py",
        "rules_leisure.py",
        "rules_pursuits.py",
        "extract.py",
    ):
        assert "[A-Z]" not in (root / name).read_text(encoding="utf-8"), name


@pytest.mark.parametrize(
    ("text", "expected", "absent"),
    [
        ("I quit Über last month.", ("Dana", "employer", "Über"), ("Dana", "hobby", "Über")),
        ("I'm going to Österreich tomorrow.", ("Dana", "activity", "Österreich"), None),
        ("I am reading Émile.", ("Dana", "activity", "reading Émile"), None),
        ("My dog Rene\u0301 is cute.", ("Dana", "pet", "dog Rene\u0301"), None),
        ("Ἀλέξανδρος works at Google.", ("Ἀλέξανδρος", "employer", "Google"), None),
    ],
)
def test_accented_capitals_read_as_their_ascii_twins_do(
    text: str, expected: tuple[str, str, str], absent: tuple[str, str, str] | None
) -> None:
    got = triples(text)
    assert expected in got
    assert absent is None or absent not in got


def test_a_caller_claim_and_the_rule_claim_in_another_unicode_form_count_once() -> None:
    claim = {"entity": NFC, "attribute": "location", "value": "Lisbon", "confidence": 0.9}
    obs = Observation(
        content=f"{NFD} lives in Lisbon.", actor="Dana", occurred_at=REF, claims=[claim]
    )
    assert len(EX.extract_sync(obs)) == 1


async def test_one_preference_slot_per_owner_however_the_name_is_typed() -> None:
    async with MemoryRuntime.memory() as rt:
        for i, (actor, drink) in enumerate(((NFC, "I drink tea."), ("JOSE\u0301", "Coffee now."))):
            await rt.observe(
                {
                    "type": "user_preference",
                    "content": drink,
                    "actor": actor,
                    "keywords": ["Drink" if i else "drink"],
                    "occurred_at": REF + timedelta(days=i),
                }
            )
        slots = [s for s in (await rt.worldview()).slots if s.kind == "preference"]
        assert [s.id for s in slots] == ["preference:josé/drink"]
        assert slots[0].key == f"{NFC}/drink"  # the first spelling
        assert slots[0].selected == ("Coffee now.",)


def test_lexical_tokens_are_one_form() -> None:
    from nousmem.projections.lexical import tokens

    assert tokens(f"{NFD} cooks") == tokens(f"{NFC} cooks") == ["josé", "cooks"]


async def test_a_text_preference_never_shares_a_belief_slots_id() -> None:
    async with MemoryRuntime.memory() as rt:
        await rt.observe_and_route(
            {"content": "I love jazz.", "actor": "Alice", "source": "user", "occurred_at": REF}
        )
        for actor in ("Alice", "ALICE"):
            await rt.observe(
                {
                    "type": "user_preference",
                    "content": "Dark mode everywhere.",
                    "actor": actor,
                    "keywords": ["likes"],
                    "occurred_at": REF,
                }
            )
        ids = [s.id for s in (await rt.worldview()).slots]
        assert len(ids) == len(set(ids))
        assert {"preference:alice.likes", "preference:alice/likes"} <= set(ids)
        explained = await rt.explain("Alice", "likes")
        assert explained is not None and "jazz" in {v.value for v in explained.values}


async def test_a_compiled_procedure_is_named_as_its_task_was_written() -> None:
    async with MemoryRuntime.memory() as rt:
        for i in range(3):
            await rt.observe_and_route(
                {
                    "content": "Sweep: take the broom, then the bin.",
                    "type": "task_result",
                    "metadata": {"task": "Straße Ausfegen", "outcome": "success"},
                    "occurred_at": REF + timedelta(days=i),
                }
            )
        report = await rt.sleep()
        (item,) = [c for c in report.compiled if c["key"].startswith("procedure:")]
        assert item["key"] == "procedure:strasse ausfegen"
        assert item["summary"].startswith("Procedure for Straße Ausfegen: ")


async def test_a_lifecycle_target_recorded_in_an_older_key_form_still_applies() -> None:
    from nousmem.runtime.payloads import LifecyclePayload

    async with MemoryRuntime.memory() as rt:
        await rt.observe_and_route(
            {"content": f"{NFD} lives in Lisbon.", "source": "user", "occurred_at": REF}
        )
        # Before keys were NFKC-normalised, the candidate of "Jose\u0301" was keyed so:
        old = "fact:" + " ".join(NFD.split()).casefold() + ".location#lisbon"
        assert old != f"fact:{match_key(NFD)}.location#lisbon"
        payload = LifecyclePayload(
            target=old, from_state="fresh", to_state="obsolete", verb="invalidate", reason="x"
        )
        await rt._commit([rt._draft("lifecycle", payload, occurred_at=REF, recorded_at=REF)])
        slot = (await rt.worldview("historical")).slot(f"fact:{match_key(NFC)}.location")
        assert slot is not None
        assert {c.value: c.lifecycle for c in slot.candidates} == {"Lisbon": "obsolete"}


async def test_erasure_takes_a_forget_that_names_the_value_in_the_older_key_form() -> None:
    from nousmem.runtime.payloads import LifecyclePayload

    async with MemoryRuntime.memory() as rt:
        res = await rt.observe_and_route(
            {"content": f"{NFD} lives in Zu\u0308rich.", "source": "user", "occurred_at": REF}
        )
        old = "fact:" + NFD.casefold() + ".location#zu\u0308rich"
        payload = LifecyclePayload(
            target=old, from_state="fresh", to_state="inhibited", verb="inhibit", reason="x"
        )
        (forget,) = await rt._commit(
            [rt._draft("lifecycle", payload, occurred_at=REF, recorded_at=REF)]
        )
        receipt = await rt.erase(event_ids=[res.observation_id], reason="privacy")
        assert forget.id in receipt.erased_event_ids
        gone = await rt.get(forget.id)
        assert gone is not None and gone.payload is None


_PART = st.text(alphabet="aB./#:%é ", min_size=1, max_size=6).filter(lambda t: t.strip() != "")


@settings(max_examples=40, deadline=None)
@given(prefs=st.lists(st.tuples(_PART, _PART), min_size=1, max_size=5), entity=_PART)
@example(prefs=[("AC", "DC.likes")], entity="AC/DC")  # a text slot as a belief slot's id
@example(prefs=[("team/alice", "theme"), ("team", "alice/theme")], entity="x")  # two owners
async def test_no_two_slots_of_a_snapshot_share_an_id(
    prefs: list[tuple[str, str]], entity: str
) -> None:
    claim = {"entity": entity, "attribute": "likes", "value": "jazz", "confidence": 0.9}
    async with MemoryRuntime.memory() as rt:
        await rt.observe_and_commit({"content": "x", "source": "user", "claims": [claim]})
        for i, (actor, keyword) in enumerate(prefs):
            await rt.observe(
                {
                    "type": "user_preference",
                    "content": f"Preference {i}.",
                    "actor": actor,
                    "keywords": [keyword],
                    "occurred_at": REF + timedelta(minutes=i),
                }
            )
        ids = [s.id for s in (await rt.worldview("historical")).slots]
        assert len(ids) == len(set(ids))
        owners = {(match_key(a), match_key(k)) for a, k in prefs}
        texts = [s for s in (await rt.worldview("historical")).slots if s.entity is None]
        assert len(texts) == len(owners)  # one slot per (owner, keyword), never merged
        # Reads rank these slots too: a key is no attribute name, whatever the owner's.
        for lens in ("logical", "associative"):
            ctx = await rt.query(f"What are {prefs[0][0]}'s preferences?", lens=lens)
            assert "Preference 0." in ctx.to_prompt() or len(prefs) > 1


def test_a_source_name_loses_what_shows_nothing_and_keeps_what_shows() -> None:
    from nousmem.projections.belief_models import source_key

    for hidden in (
        "\u00ad",
        "\u034f",
        "\u200b",
        "\u2060",
        "\ufe0f",
        "\u3164",
        "\ufeff",
        "\U000e0041",
        "\ufff9",  # interlinear annotation: a format control that shows nothing
    ):
        assert source_key(f"w{hidden}eb") == "web", ascii(hidden)
    for shown in ("\u06dd", "\u0600", "\u070f"):  # format characters that do show
        assert source_key(f"web{shown}") != "web", ascii(shown)
