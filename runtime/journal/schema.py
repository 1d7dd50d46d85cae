"""SQLite schema of the journal. Append-only is enforced by triggers, not by Python."""

from __future__ import annotations

import sqlite3

from nousmem.runtime.errors import StorageError

SCHEMA_VERSION = 3
"""2: ``events`` is a rowid table. Version 1 files (``WITHOUT ROWID``) are read and written by
the same statements and keep their layout. 3: doc rows wait in ``lex_queue`` before the
lexical index (``lexqueue.py``); opening an older file raises its version to 3, so an older
nousmem, which would never index the queue, refuses it."""

# ``events`` is a rowid table with (namespace, seq) as a unique key. Payloads run to several KB
# (an assessment ~1.6 KB, up to ~6 KB); in a WITHOUT ROWID b-tree rows that large spill to
# overflow pages, which made the file ~65% larger and each commit write more WAL.
DDL = """
CREATE TABLE IF NOT EXISTS nousmem_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS events (
    namespace      TEXT    NOT NULL,
    seq            INTEGER NOT NULL CHECK (seq >= 1),
    id             TEXT    NOT NULL UNIQUE,
    kind           TEXT    NOT NULL,
    occurred_at    TEXT    NOT NULL,
    recorded_at    TEXT    NOT NULL,
    causation_id   TEXT,
    payload        TEXT,
    payload_digest BLOB    NOT NULL,
    prev_hash      BLOB    NOT NULL,
    hash           BLOB    NOT NULL,
    erased         INTEGER NOT NULL DEFAULT 0 CHECK (erased IN (0, 1)),
    PRIMARY KEY (namespace, seq)
);
CREATE INDEX IF NOT EXISTS events_kind ON events(namespace, kind, seq);

CREATE TRIGGER IF NOT EXISTS events_no_delete BEFORE DELETE ON events
BEGIN
    SELECT RAISE(ABORT, 'nousmem: journal rows are append-only; DELETE is not allowed');
END;

-- The one permitted change: erasing a payload (payload -> NULL, erased 0 -> 1), header intact.
CREATE TRIGGER IF NOT EXISTS events_no_update BEFORE UPDATE ON events
WHEN NOT (
        OLD.erased = 0 AND NEW.erased = 1 AND NEW.payload IS NULL
    AND NEW.namespace IS OLD.namespace AND NEW.seq IS OLD.seq AND NEW.id IS OLD.id
    AND NEW.kind IS OLD.kind AND NEW.occurred_at IS OLD.occurred_at
    AND NEW.recorded_at IS OLD.recorded_at AND NEW.causation_id IS OLD.causation_id
    AND NEW.payload_digest IS OLD.payload_digest AND NEW.prev_hash IS OLD.prev_hash
    AND NEW.hash IS OLD.hash
)
BEGIN
    SELECT RAISE(ABORT, 'nousmem: journal rows are append-only; only payload erasure is allowed');
END;

-- The dense channel's vector cache: derived (not in the chain), so rows may be replaced and
-- deleted. A rowid table, so a vector (1.5 KB at 384 dims) stays on its leaf page. Erasing an
-- event deletes its rows of every model in the erasure's transaction.
CREATE TABLE IF NOT EXISTS dense_vectors (
    namespace TEXT    NOT NULL,
    seq       INTEGER NOT NULL,
    model     TEXT    NOT NULL,
    digest    BLOB    NOT NULL,
    vec       BLOB    NOT NULL,
    PRIMARY KEY (namespace, seq, model)
);

-- The lexical index's queue (lexqueue.py): doc rows committed, not yet in their FTS5 table.
CREATE TABLE IF NOT EXISTS lex_queue (
    namespace TEXT    NOT NULL,
    seq       INTEGER NOT NULL,
    event_id  TEXT    NOT NULL,
    text      TEXT    NOT NULL
);

-- A second writer that read a stale head cannot fork the chain or leave a gap.
CREATE TRIGGER IF NOT EXISTS events_chain BEFORE INSERT ON events
WHEN NEW.prev_hash IS NOT COALESCE(
        (SELECT hash FROM events WHERE namespace = NEW.namespace AND seq = NEW.seq - 1),
        CASE WHEN NEW.seq = 1 THEN zeroblob(32) END)
  OR EXISTS (SELECT 1 FROM events WHERE namespace = NEW.namespace AND seq >= NEW.seq)
BEGIN
    SELECT RAISE(ABORT, 'nousmem: chain conflict (stale head)');
END;
"""

INSERT_EVENT = (
    "INSERT INTO events (namespace, seq, id, kind, occurred_at, recorded_at, causation_id,"
    " payload, payload_digest, prev_hash, hash, erased) VALUES (?,?,?,?,?,?,?,?,?,?,?,?)"
)

SELECT_COLUMNS = (
    "namespace, seq, id, kind, occurred_at, recorded_at, causation_id, payload,"
    " payload_digest, prev_hash, hash, erased"
)


def init_schema(conn: sqlite3.Connection) -> None:
    """Create the schema in a new file, or raise an older one's version to this one's (a
    file written by a newer nousmem is refused: :class:`StorageError`)."""
    meta = conn.execute(
        "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'nousmem_meta'"
    ).fetchone()
    got = (
        conn.execute("SELECT value FROM nousmem_meta WHERE key = 'schema_version'").fetchone()
        if meta
        else None
    )
    if got is not None and str(got[0]) == str(SCHEMA_VERSION):
        # Current: nothing to create. The script would take the write lock, so a
        # read-only command would wait for (or time out on) another process's writer.
        return
    if got is not None and (not str(got[0]).isdigit() or int(got[0]) > SCHEMA_VERSION):
        # Written by a newer nousmem: its rows may mean what this version cannot read,
        # and what this version would write may break them.
        raise StorageError(
            f"journal schema version {got[0]} is newer than this nousmem's"
            f" ({SCHEMA_VERSION}); upgrade nousmem to open it"
        )
    # executescript commits implicitly, so the script carries its own transaction.
    conn.executescript(
        "BEGIN IMMEDIATE;" + DDL + "INSERT INTO nousmem_meta(key, value)"
        f" VALUES ('schema_version', '{SCHEMA_VERSION}') ON CONFLICT(key) DO UPDATE"
        f" SET value = excluded.value WHERE CAST(value AS INTEGER) < {SCHEMA_VERSION}; COMMIT;"
    )
