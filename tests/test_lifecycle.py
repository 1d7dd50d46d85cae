"""The lifecycle state machine: the legal-transition table, restore, as-of reads, TTL."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from nousmem.projections.lifecycle import (
    HIDDEN,
    LADDER,
    LENSES,
    STATES,
    VERBS,
    LifecycleBook,
    LifecycleConfig,
    expired,
    visible_in,
)

T0 = datetime(2024, 1, 1, tzinfo=UTC)
X = "ev:x"

# How to reach each state with legal verbs (default config: mature 3, core 6).
ROUTES: dict[str, list[str]] = {
    "fresh": [],
    "captured": ["capture"],
    "linked": ["capture", "link"],
    "reinforced": ["capture", "link", "reinforce"],
    "mature": ["capture", "link", *["reinforce"] * 3],
    "core": ["capture", "link", *["reinforce"] * 6],
    "inhibited": ["capture", "link", "inhibit"],
    "obsolete": ["capture", "link", "invalidate"],
    "compressed": ["capture", "link", "compress"],
    "archived": ["capture", "link", "archive"],
}

# The table, written out independently of the implementation: (verb, from) -> to, or None.
ACTIVE = set(LADDER)
EXPECTED: dict[tuple[str, str], str | None] = {}
for _s in STATES:
    EXPECTED[("capture", _s)] = "captured" if _s == "fresh" else None
    EXPECTED[("link", _s)] = (
        "linked" if _s in ("fresh", "captured") else (_s if _s in ACTIVE else None)
    )
    EXPECTED[("reinforce", _s)] = (
        {"mature": "mature", "core": "core"}.get(_s, "reinforced") if _s in ACTIVE else None
    )
    EXPECTED[("decay", _s)] = {
        "core": "mature", "mature": "reinforced", "reinforced": "linked", "linked": "captured"
    }.get(_s)  # fmt: skip
    EXPECTED[("inhibit", _s)] = "inhibited" if _s in ACTIVE else None
    EXPECTED[("invalidate", _s)] = "obsolete" if _s != "obsolete" else None
    EXPECTED[("expire", _s)] = "obsolete" if _s in ACTIVE | {"inhibited"} else None
    EXPECTED[("archive", _s)] = "archived" if _s in ACTIVE | {"inhibited"} else None
    EXPECTED[("compress", _s)] = "compressed" if _s in ACTIVE | {"archived"} else None
    EXPECTED[("restore", _s)] = (
        "linked" if _s in HIDDEN else None
    )  # every route hides a linked item


def drive(book: LifecycleBook, target: str, verbs: list[str], seq0: int = 1) -> int:
    """Apply ``verbs`` through check/apply (asserting each is legal); returns the next seq."""
    seq = seq0
    for verb in verbs:
        t = book.check(target, verb)
        assert t.legal, t.reason
        book.apply(
            target, verb, t.to_state, seq=seq, occurred_at=T0 + timedelta(days=seq),
            event_id=f"e{seq}", reason=t.reason,
        )  # fmt: skip
        seq += 1
    return seq


def book_in(state: str) -> LifecycleBook:
    book = LifecycleBook()
    drive(book, X, ROUTES[state])
    assert book.state(X) == state
    return book


@pytest.mark.parametrize(("verb", "start"), sorted(EXPECTED))
def test_transition_table(verb: str, start: str) -> None:
    book = book_in(start)
    before = book.summary()
    t = book.check(X, verb)
    assert book.summary() == before  # check never mutates
    assert (t.target, t.verb, t.from_state) == (X, verb, start)
    expected = EXPECTED[(verb, start)]
    if expected is None:
        assert not t.legal and t.to_state == start and t.reason
    else:
        assert t.legal and t.to_state == expected
        drive(book, X, [verb], seq0=100)
        assert book.state(X) == expected


def test_decay_is_one_rung_and_illegal_from_archived_and_obsolete() -> None:
    book = book_in("core")
    seq = 100
    for expected in ("mature", "reinforced", "linked", "captured"):
        seq = drive(book, X, ["decay"], seq)
        assert book.state(X) == expected
    bottom = book.check(X, "decay")
    assert not bottom.legal and "bottom" in bottom.reason
    for hidden in ("archived", "obsolete"):
        t = book_in(hidden).check(X, "decay")
        assert not t.legal and hidden in t.reason


def test_expire_reason_and_restore_of_active_item() -> None:
    book = book_in("mature")
    assert book.check(X, "expire").reason == "expired"
    t = book.check(X, "restore")
    assert not t.legal and "not hidden" in t.reason


def test_restore_returns_to_the_prior_state_one_step_at_a_time() -> None:
    book = book_in("mature")
    seq = drive(book, X, ["inhibit", "invalidate"], 100)
    assert book.state(X) == "obsolete"
    seq = drive(book, X, ["restore"], seq)
    assert book.state(X) == "inhibited"
    seq = drive(book, X, ["restore"], seq)
    assert book.state(X) == "mature"
    assert book.reinforcements(X) == 3  # hiding and restoring keeps the evidence count
    drive(book, X, ["archive", "compress", "restore", "restore"], seq)
    assert book.state(X) == "mature"


@pytest.mark.parametrize("verb", ["delete", "erase", "remove"])
def test_delete_is_refused_with_the_erase_hint(verb: str) -> None:
    book = LifecycleBook()
    with pytest.raises(ValueError, match=r"erase\("):
        book.check(X, verb)
    with pytest.raises(ValueError, match=r"erase\("):
        book.apply(X, verb, "obsolete", seq=1, occurred_at=T0)


def test_bad_input_names_the_field() -> None:
    book = LifecycleBook()
    with pytest.raises(ValueError, match="verb"):
        book.check(X, "promote")
    with pytest.raises(ValueError, match="target"):
        book.check(" ", "capture")
    with pytest.raises(ValueError, match="to_state"):
        book.apply(X, "capture", "shiny", seq=1, occurred_at=T0)
    with pytest.raises(ValueError, match="seq"):
        book.apply(X, "capture", "captured", seq=0, occurred_at=T0)
    book.apply(X, "capture", "captured", seq=5, occurred_at=T0)
    with pytest.raises(ValueError, match="seq"):
        book.apply(X, "link", "linked", seq=4, occurred_at=T0)
    with pytest.raises(ValueError, match="lens"):
        book.visible(X, "dreamy")
    with pytest.raises(ValueError, match="as_of_seq"):
        book.history(X, as_of_seq=-1)


def test_maturation_thresholds_come_from_config() -> None:
    book = LifecycleBook(LifecycleConfig(mature_after=2, core_after=4))
    seq = drive(book, X, ["capture", "reinforce"])
    assert book.state(X) == "reinforced"
    seq = drive(book, X, ["reinforce"], seq)
    assert book.state(X) == "mature"
    seq = drive(book, X, ["reinforce", "reinforce"], seq)
    assert (book.state(X), book.reinforcements(X)) == ("core", 4)
    t = book.check(X, "reinforce")
    assert t.legal and t.to_state == "core" and not t.changes_state
    with pytest.raises(ValueError, match="core_after"):
        LifecycleConfig(mature_after=3, core_after=3)
    with pytest.raises(ValueError, match="mature_after"):
        LifecycleConfig(mature_after=0)


def test_decay_resets_the_count_so_climbing_back_needs_new_evidence() -> None:
    book = book_in("core")
    seq = drive(book, X, ["decay"], 100)
    assert (book.state(X), book.reinforcements(X)) == ("mature", 3)
    seq = drive(book, X, ["reinforce"] * 2, seq)
    assert book.state(X) == "mature"
    drive(book, X, ["reinforce"], seq)
    assert book.state(X) == "core"


def test_link_on_a_linked_item_is_a_legal_no_op() -> None:
    t = book_in("mature").check(X, "link")
    assert t.legal and not t.changes_state and "already linked" in t.reason


def test_unknown_targets_are_fresh() -> None:
    book = LifecycleBook()
    assert book.state("nobody") == "fresh"
    assert book.history("nobody") == []
    assert book.visible("nobody", "logical")


def test_as_of_seq_reads_and_history() -> None:
    book = LifecycleBook()
    drive(book, X, ["capture", "link", "inhibit", "restore"])  # seqs 1..4
    assert [book.state(X, as_of_seq=k) for k in range(5)] == [
        "fresh", "captured", "linked", "inhibited", "linked"
    ]  # fmt: skip
    hist = book.history(X, as_of_seq=3)
    assert [(h.verb, h.from_state, h.to_state, h.seq, h.event_id) for h in hist] == [
        ("capture", "fresh", "captured", 1, "e1"),
        ("link", "captured", "linked", 2, "e2"),
        ("inhibit", "linked", "inhibited", 3, "e3"),
    ]
    assert hist[2].occurred_at == T0 + timedelta(days=3)
    assert not book.visible(X, "logical", as_of_seq=3)
    assert book.visible(X, "logical")
    assert book.hidden(as_of_seq=3) == {X: "inhibited"} and book.hidden() == {}


@pytest.mark.parametrize("state", STATES)
@pytest.mark.parametrize("lens", LENSES)
def test_visibility_per_lens(state: str, lens: str) -> None:
    shown = lens in ("historical", "audit") or state not in (
        "inhibited", "obsolete", "archived", "compressed"
    )  # fmt: skip
    assert visible_in(state, lens) is shown
    assert book_in(state).visible(X, lens) is shown


# -- TTL ------------------------------------------------------------------------------------


def test_expired_is_strict_and_validated() -> None:
    assert not expired(T0, 30, T0 + timedelta(days=30))
    assert expired(T0, 30, T0 + timedelta(days=30, seconds=1))
    assert not expired(T0, None, T0 + timedelta(days=10_000))
    assert LifecycleBook.expired(T0, 0.5, T0 + timedelta(hours=13))
    with pytest.raises(ValueError, match="ttl_days"):
        expired(T0, 0, T0)
    with pytest.raises(ValueError, match="created_at"):
        expired(T0, 1, datetime(2024, 3, 1))


def test_ttl_expiry_at_a_later_event_time_without_any_event() -> None:
    book = book_in("mature")
    created = T0
    early = book.effective_state(X, created_at=created, ttl_days=30, now=T0 + timedelta(days=29))
    assert (early.state, early.ttl_expired) == ("mature", False)
    late = book.effective_state(X, created_at=created, ttl_days=30, now=T0 + timedelta(days=31))
    assert (late.state, late.reason, late.ttl_expired) == ("obsolete", "expired", True)
    assert book.state(X) == "mature"  # a read, not a transition


def test_ttl_does_not_override_archived_and_a_late_restore_renews() -> None:
    later = T0 + timedelta(days=400)
    archived = book_in("archived")
    eff = archived.effective_state(X, created_at=T0, ttl_days=30, now=later)
    assert (eff.state, eff.ttl_expired) == ("archived", False)

    book = LifecycleBook()
    seq = drive(book, X, ["capture"])
    book.apply(
        X, "expire", "obsolete", seq=seq, occurred_at=T0 + timedelta(days=40), reason="expired"
    )
    book.apply(X, "restore", "captured", seq=seq + 1, occurred_at=T0 + timedelta(days=50))
    # Renewed for another TTL from the restore (day 50): alive on day 80, expired after.
    eff = book.effective_state(X, created_at=T0, ttl_days=30, now=T0 + timedelta(days=80))
    assert (eff.state, eff.ttl_expired) == ("captured", False)
    again = book.effective_state(X, created_at=T0, ttl_days=30, now=later)
    assert (again.state, again.ttl_expired) == ("obsolete", True)
    past = book.effective_state(X, created_at=T0, ttl_days=30, now=later, as_of_seq=seq)
    assert (past.state, past.reason, past.ttl_expired) == ("obsolete", "expired", False)
    before = book.effective_state(X, created_at=T0, ttl_days=30, now=later, as_of_seq=1)
    assert (before.state, before.ttl_expired) == ("obsolete", True)


# -- properties -----------------------------------------------------------------------------


Applied = tuple[str, str, str, int, str]


def refold(applied: list[Applied]) -> LifecycleBook:
    book = LifecycleBook()
    for target, verb, to, seq, reason in applied:
        book.apply(target, verb, to, seq=seq, occurred_at=T0, event_id=f"e{seq}", reason=reason)
    return book


@settings(max_examples=80, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(["a", "b"]), st.sampled_from(VERBS)), max_size=30))
def test_rebuild_equals_live_and_as_of_equals_prefix(steps: list[tuple[str, str]]) -> None:
    live = LifecycleBook()
    applied: list[Applied] = []
    for target, verb in steps:
        t = live.check(target, verb)
        assert t.to_state in STATES
        if not t.legal:  # the runtime journals a refusal instead; the state must not move
            assert t.to_state == t.from_state == live.state(target)
            continue
        seq = len(applied) + 1
        live.apply(
            target, verb, t.to_state, seq=seq, occurred_at=T0, event_id=f"e{seq}", reason=t.reason
        )
        applied.append((target, verb, t.to_state, seq, t.reason))
        assert live.state(target) == t.to_state
    assert refold(applied).state() == live.state()
    for k in range(len(applied) + 1):
        past = refold(applied[:k])
        for target in ("a", "b"):
            assert live.state(target, as_of_seq=k) == past.state(target)
            assert live.reinforcements(target, as_of_seq=k) == past.reinforcements(target)
            assert live.history(target, as_of_seq=k) == past.history(target)
            assert live.visible(target, "logical", as_of_seq=k) == (past.state(target) in LADDER)


@settings(max_examples=80, deadline=None)
@given(
    st.lists(
        st.tuples(st.sampled_from(["a", "b"]), st.sampled_from(VERBS), st.integers(0, 5)),
        max_size=30,
    ),
    st.integers(0, 31),
    st.integers(-1, 6),
)
def test_state_as_of_is_the_latest_transition_in_both_times(
    steps: list[tuple[str, str, int]], as_of_seq: int, day: int
) -> None:
    # Event times out of seq order (back-dated events): the state is that of the last
    # transition, in fold order, at or before both the seq and the event time.
    book = LifecycleBook()
    seq = 0
    for target, verb, offset in steps:
        t = book.check(target, verb)
        if t.legal:
            seq += 1
            at = T0 + timedelta(days=offset)
            book.apply(target, verb, t.to_state, seq=seq, occurred_at=at, event_id=f"e{seq}")
    until = T0 + timedelta(days=day)
    for target in ("a", "b", "c"):
        for time in (None, until):
            hist = book.history(target, as_of_seq=as_of_seq, as_of_time=time)
            expected = hist[-1] if hist else None
            got = book.state(target, as_of_seq=as_of_seq, as_of_time=time)
            assert got == (expected.to_state if expected else "fresh")
            if time is None:
                count = book.reinforcements(target, as_of_seq=as_of_seq)
                assert count == (expected.reinforcements if expected else 0)


def test_clear_and_summary() -> None:
    book = book_in("core")
    assert book.state()["targets"][X]["reinforcements"] == 6
    book.clear()
    assert book.state() == LifecycleBook().state()
