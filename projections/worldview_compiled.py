"""Items compiled by sleep, judged by what memory believes at a read.

A compiled frame, schema or conflict note restates belief values: "Alice employer: Google
(stated 3 times ...)" is about ``fact:alice.employer#google``, a shared pattern about that
value for each entity it names, a conflict note about a slot being in dispute. Which values
an item states is recorded as it is folded, from its key and what its sources stated.
Whether memory still holds them is decided by each read, from the belief slots as of that
read: a read as of an earlier seq or time shows the item where it was still true, and a
replay or a rebuild judges it as the live read did. Superseded, negated, forgotten or
expired values, and a settled conflict, take the item out of current reads.

An item may also quote its sources word for word (a procedure its latest task result, a
planner's consolidation the text of what it consolidates). Which sources say each passage
it quotes is recorded too, so a read can leave the item out once every source of a quoted
passage is hidden: forgotten text must not come back through a summary.

Mixed into :class:`~nousmem.projections.worldview.Worldview`.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING

from nousmem.projections.belief_models import BeliefSnapshot, match_key
from nousmem.projections.beliefs import BeliefStore
from nousmem.projections.slot_kinds import Key, slot_kind_for
from nousmem.projections.supersession import from_trail
from nousmem.projections.worldview_items import SLEEP_KEY_KINDS, TextItem
from nousmem.projections.worldview_models import WorldviewSlot
from nousmem.projections.worldview_slots import SlotResolver

# What sleep's keys and schema summaries look like (runtime/sleep.py): "alice.employer#google",
# "fact:alice.employer", "Shared pattern: employer = google for Alice, Bob".
_FRAME_KEY = re.compile(r"(?P<e>.+)\.(?P<a>[a-z][a-z0-9_:/-]*)#(?P<v>.+)", re.DOTALL)
_CONFLICT_KEY = re.compile(r"[a-z]+:(?P<e>.+)\.(?P<a>[a-z][a-z0-9_:/-]*)", re.DOTALL)
_SCHEMA_SUMMARY = "Shared pattern: "


def schema_summary(attribute: str, vkey: str, names: Sequence[str]) -> str:
    """What sleep's schema says: "Shared pattern: employer = google for Alice, Bob"."""
    return f"{_SCHEMA_SUMMARY}{attribute.replace('_', ' ')} = {vkey} for " + ", ".join(names)


def _schema_names(summary: str, rest: str, known: set[str]) -> set[str] | None:
    """The entity keys a schema's summary (:func:`schema_summary`) names, or None when it
    is not sleep's summary (a planner's consolidation). For a ``sleep.compiled`` event
    written before it recorded its entities: names may hold " for " or ", ", so the list
    starts after the prefix its key gives and is split where the pieces make up names of
    ``known`` (the entity keys its sources state the value for)."""
    if not summary.startswith(_SCHEMA_SUMMARY) or " for " not in summary:
        return None
    attr, _, vkey = rest.partition("#")
    prefix = schema_summary(attr, vkey, ())
    tail = (
        summary[len(prefix) :]
        if match_key(summary[: len(prefix)]) == match_key(prefix)
        else summary.rpartition(" for ")[2]
    )
    parts = tail.split(", ")
    names: set[str] = set()
    i = 0
    while i < len(parts):
        # The longest run of pieces that is a known name; else one piece, as written.
        j = next(
            (j for j in range(len(parts), i, -1) if match_key(", ".join(parts[i:j])) in known),
            i + 1,
        )
        names.add(match_key(", ".join(parts[i:j])))
        i = j
    return {n for n in names if n}


_CUT_FROM = 20  # a source cut off at the end of a summary counts as quoted from this length


def quoted_sources(summary: str, texts: Iterable[tuple[str, str]]) -> tuple[tuple[str, ...], ...]:
    """The passages ``summary`` quotes word for word among ``texts`` ((source id, text)):
    one group per distinct text it contains, of the sources saying it, in first-seen order.
    A text cut off at the summary's end (a consolidation's summary is cut at 500
    characters) counts once at least its first 20 characters are there."""
    by_text: dict[str, list[str]] = {}
    for src, text in texts:
        if text and src not in by_text.setdefault(text, []):
            by_text[text].append(src)
    return tuple(tuple(ids) for text, ids in by_text.items() if _quotes(summary, text))


def _quotes(summary: str, text: str) -> bool:
    if text in summary:
        return True
    head = text[:_CUT_FROM]
    at = summary.find(head) if len(head) == _CUT_FROM else -1
    while at != -1:
        if text.startswith(summary[at:]):
            return True
        at = summary.find(head, at + 1)
    return False


CURRENT = frozenset({"selected", "active", "conflicted"})

#: A belief slot as :meth:`CompiledItems.compiled_unheld` reads it: its id, whether it is
#: empty, and the ids of its candidates in a ``CURRENT`` status.
HeldValues = tuple[str, bool, frozenset[str]]

#: ``memo(name, attribute, history, as_of_seq, as_of_time, now, resolve)``: the belief slot
#: of ``name``'s ``attribute`` as an earlier read resolved it, while nothing it depends on
#: has changed, else ``resolve()``'s (which resolves with these very arguments). The
#: runtime knows what changed (``runtime/slot_touches.py``); the slot is the same either
#: way, so a memo changes what a read costs, never what it shows.
SlotMemo = Callable[
    [str, str, bool, int | None, datetime | None, datetime | None, Callable[[], WorldviewSlot]],
    WorldviewSlot,
]


def held_values(slot: WorldviewSlot | None) -> HeldValues | None:
    """What :meth:`CompiledItems.compiled_unheld` reads of ``slot``."""
    if slot is None:
        return None
    current = frozenset(c.id for c in slot.candidates if c.status in CURRENT)
    return slot.id, slot.status == "empty", current


"""Candidate statuses of a value memory still holds (what sleep compiles from)."""


@dataclass(frozen=True, slots=True)
class CompiledBasis:
    """What one compiled item states about beliefs."""

    key: str
    values: tuple[Key, ...] = ()
    """Belief values it states are held (entity keys as they were when it was compiled)."""
    names: frozenset[str] = frozenset()
    """The entity keys a schema names (sleep compiles it again once they change)."""
    quotes: tuple[tuple[str, ...], ...] = ()
    """Per passage it quotes word for word, the sources saying it."""
    conflict: tuple[str, str] | None = None
    """(entity key, attribute) of the slot it states is in dispute."""


class CompiledItems(SlotResolver):
    """Records what compiled items state, and reads whether memory still believes it."""

    stated: dict[str, list[tuple[int, Key]]]
    aliases: dict[str, str]
    text: dict[str, list[TextItem]]
    compiled_items: dict[str, CompiledBasis]

    if TYPE_CHECKING:  # MergeCarry's, in Worldview (a stub here would shadow it at runtime)

        def key_at(self, key: str, limit: int, until: datetime | None = None) -> str: ...

    def on_compiled(
        self,
        event_id: str,
        key: str,
        sources: Iterable[str],
        summary: str = "",
        entities: Sequence[str] = (),
        quotes: Sequence[Sequence[str]] | None = None,
        doc_text: Callable[[str], str | None] = lambda _: None,
    ) -> None:
        """Record the belief values compiled item ``event_id`` (sleep key ``key``) states:
        those its sources stated that its key names, and for a schema only the ``entities``
        it names (a source may state a third person's value too; an event written before
        they were recorded names them in its summary). When its sources' revisions come
        later in the journal (re-derived after an erasure), the key itself says what a
        frame or conflict note states. A planner's consolidation or a procedure states
        none; only its sources decide for it.

        ``quotes``: the sources of each passage it quotes word for word; None for an event
        written before they were recorded, worked out here instead (a procedure quotes the
        task result its summary names, a consolidation the text (``doc_text``) of each
        source its summary holds)."""
        stated = dict.fromkeys(
            (self.aliases.get(e, e), a, v)  # under the entity its key was made for
            for src in sources
            for _, (e, a, v) in self.stated.get(src, ())
        )
        kind, _, rest = key.partition(":")
        values: tuple[Key, ...] = ()
        conflict = None
        named: set[str] | None = None
        if kind == "frame":
            values = tuple(k for k in stated if f"{k[0]}.{k[1]}#{k[2]}" == rest)
            if not values and (m := _FRAME_KEY.fullmatch(rest)):
                values = ((m["e"], m["a"], m["v"]),)
        elif kind == "schema":
            known = {e for e, a, v in stated if f"{a}#{v}" == rest}
            named = (
                {match_key(n) for n in entities}
                if entities
                else _schema_names(summary, rest, known)
            )
            values = tuple(
                k for k in stated if f"{k[1]}#{k[2]}" == rest and (named is None or k[0] in named)
            )
            attr, _, vkey = rest.partition("#")
            if named is not None and len(values) < len(named):
                got = {k[0] for k in values}
                values += tuple((e, attr, vkey) for e in sorted(named - got))
        elif kind == "conflict":
            conflict = next(
                ((e, a) for e, a, _ in stated if f"{slot_kind_for(a)}:{e}.{a}" == rest), None
            )
            if conflict is None and (m := _CONFLICT_KEY.fullmatch(rest)):
                conflict = (m["e"], m["a"])
        srcs = tuple(sources)
        quoted = (
            tuple(tuple(s for s in g if s in srcs) for g in quotes)
            if quotes is not None
            else self._quoted(kind, rest, summary, srcs, doc_text)
        )
        self.compiled_items[event_id] = CompiledBasis(
            key,
            values,
            conflict=conflict,
            names=frozenset(named or ()),
            quotes=tuple(g for g in quoted if g),
        )

    def _quoted(
        self,
        kind: str,
        rest: str,
        summary: str,
        sources: tuple[str, ...],
        doc_text: Callable[[str], str | None],
    ) -> tuple[tuple[str, ...], ...]:
        """What an event written before ``quotes`` were recorded quotes: a procedure
        ("Procedure for deploy: <latest result> (worked 3 times ...)") the longest task
        result it holds in that place; a sleep frame or schema restates beliefs, no text."""
        if kind == "procedure":
            said = {
                i.event_id: i.value
                for i in self.text.get(f"procedure:{rest}", ())
                if i.event_id in sources
            }
            inside = [v for v in said.values() if f": {v} (worked " in summary]
            if not inside:
                return ()
            latest = max(inside, key=len)
            return (tuple(s for s in sources if said.get(s) == latest),)
        if kind in SLEEP_KEY_KINDS:
            return ()
        return quoted_sources(summary, ((s, doc_text(s) or "") for s in sources))

    def quote_forgotten(self, event_id: str, hidden: Callable[[str], bool]) -> bool:
        """Whether compiled item ``event_id`` quotes a passage every source of which is
        ``hidden`` (as the read sees them)."""
        basis = self.compiled_items.get(event_id)
        return basis is not None and any(all(hidden(s) for s in g) for g in basis.quotes)

    def belief_slot(
        self,
        entity: str,
        attribute: str,
        *,
        beliefs: BeliefStore,
        state_of: Callable[[str, int | None], str],
        trust: Callable[[str], float],
        as_of_seq: int | None,
        as_of_time: datetime | None,
        now: datetime | None,
        expired: Callable[[str, datetime, datetime], bool] | None,
        memo: SlotMemo | None = None,
    ) -> WorldviewSlot | None:
        """The belief slot of ``entity``'s ``attribute`` as a current (logical) read at
        ``as_of_seq`` / ``as_of_time`` resolves it; None without a belief there."""
        name = beliefs.canonical(entity, as_of_seq, as_of_time)[1]
        snap = beliefs.snapshot(
            name, attribute, as_of_seq=as_of_seq, as_of_time=as_of_time, deltas=False
        )
        if snap is None:
            return None
        limit = as_of_seq if as_of_seq is not None else 1 << 62
        # Called while a snapshot is being resolved (for its text slots): keep its bound.
        outer, self._until = self._until, as_of_time
        try:
            return self.resolve_belief(
                name,
                snap,
                beliefs,
                False,
                limit,
                now,
                state_of,
                trust,
                expired,
                as_of_seq,
                as_of_time,
                memo,
            )
        finally:
            self._until = outer

    def resolve_belief(
        self,
        name: str,
        snap: BeliefSnapshot,
        beliefs: BeliefStore,
        history: bool,
        limit: int,
        now: datetime | None,
        state_of: Callable[[str, int | None], str],
        trust: Callable[[str], float],
        expired: Callable[[str, datetime, datetime], bool] | None,
        as_of_seq: int | None,
        as_of_time: datetime | None,
        memo: SlotMemo | None = None,
    ) -> WorldviewSlot:
        """The slot of belief ``snap`` about entity ``name`` in a snapshot at ``as_of_seq``
        / ``as_of_time`` (``limit``; the caller sets ``self._until``), through ``memo``
        when given."""

        def resolve() -> WorldviewSlot:
            # An event-time read works supersession out from the belief as folded up to that
            # time, and so does any read of a belief a back-dated revision refolded: the
            # recorded changes follow the order revisions arrived in, not the fold's.
            attr = snap.attribute
            reordered = beliefs.reordered(name, attr, as_of_seq=as_of_seq, as_of_time=as_of_time)
            changes = (
                from_trail(
                    beliefs.mode_trail(name, attr, as_of_seq=as_of_seq, as_of_time=as_of_time)
                )
                if as_of_time is not None or reordered
                else None
            )
            kind = slot_kind_for(attr)
            return self._belief_slot(
                snap, kind, history, limit, now, state_of, trust, expired, changes, reordered
            )

        if memo is None:
            return resolve()
        return memo(name, snap.attribute, history, as_of_seq, as_of_time, now, resolve)

    def compiled_in_scope(self, slot_id: str, entity_keys: set[str], limit: int) -> bool:
        """Whether text slot ``slot_id`` belongs in a read at ``limit`` (and ``self._until``)
        limited to ``entity_keys``, judged by its latest version the read can see: one that
        is not compiled, or states no belief (a procedure, a planner's consolidation), does;
        a compiled item that states beliefs does when it states one of those entities' (a
        schema names many; an entity merged by then counts as the one it was merged into).
        A read that names no entity keeps what generalises over them (schemas, conflict
        notes) and leaves out the frames, which restate one belief each, as it leaves out
        the belief slots themselves. Only what the read can see decides: a later merge or
        recompilation must not change a recorded read."""
        seen = [i for i in self.text[slot_id] if self._at(i.seq, i.occurred_at, limit)]
        if not seen:
            return False
        basis = self.compiled_items.get(max(seen, key=lambda i: i.seq).event_id)
        if basis is None:
            return True
        named = [e for e, _, _ in basis.values]
        if basis.conflict is not None:
            named.append(basis.conflict[0])
        if not named or (not entity_keys and not basis.key.startswith("frame:")):
            return True
        return any(
            e in entity_keys or self.key_at(e, limit, self._until) in entity_keys for e in named
        )

    def compiled_unheld(
        self,
        event_id: str,
        slot_at: Callable[[str, str], WorldviewSlot | None],
        held_at: Callable[[str, str], HeldValues | None] | None = None,
    ) -> str | None:
        """Why compiled item ``event_id`` no longer states what memory believes, or None.
        ``slot_at(entity key, attribute)``: the belief slot as the read resolves it;
        ``held_at``: the same slot's :func:`held_values` (default: from ``slot_at``), which
        a read may keep from one read to the next."""
        basis = self.compiled_items.get(event_id)
        if basis is None:
            return None
        slots: set[str] = set()
        for ekey, attr, vkey in basis.values:
            held = held_at(ekey, attr) if held_at is not None else held_values(slot_at(ekey, attr))
            if held is None:
                return f"{slot_kind_for(attr)}:{ekey}.{attr} holds no value"
            slot_id, empty, current = held
            if empty:
                return f"{slot_id} holds no value"
            cid = f"{slot_id}#{vkey}"
            if cid not in current:
                return f"{cid} is no longer held"
            slots.add(slot_id)
        if basis.names and len(slots) < len({ekey for ekey, _, _ in basis.values}):
            # "Shared pattern: ... for Bob, Robert" after Robert was merged into Bob
            return "its entities were merged into one"
        if basis.conflict is not None:
            slot = slot_at(*basis.conflict)
            if slot is None or slot.status != "conflicted":
                ekey, attr = basis.conflict
                sid = slot.id if slot is not None else f"{slot_kind_for(attr)}:{ekey}.{attr}"
                return f"{sid} is no longer in dispute"
        return None
