"""No SQL statement of the package binds a sequence to numbered placeholders ("?1").

Python 3.12 deprecates that ("Binding 1 ('?1') is a named parameter, but you supplied a
sequence") and 3.14 raises ``sqlite3.ProgrammingError``: the dense channel's vector cache
once did it, so on 3.14 every store of a vector would fail. CI runs the oldest supported
Python, which says nothing, so the source is scanned as well.
"""

from __future__ import annotations

import io
import re
import sqlite3
import tokenize
import warnings
from pathlib import Path

from nousmem.runtime.journal import vectors
from nousmem.runtime.journal.schema import DDL
from nousmem.runtime.journal.vectors import CachedVector

ROOT = Path(__file__).resolve().parents[1]
_NUMBERED = re.compile(r"\?\d")


def _string_literals(path: Path) -> list[tuple[int, str]]:
    source = path.read_text(encoding="utf-8")
    return [
        (tok.start[0], tok.string)
        for tok in tokenize.generate_tokens(io.StringIO(source).readline)
        if tok.type == tokenize.STRING
    ]


def test_no_string_literal_of_the_package_holds_a_numbered_placeholder() -> None:
    found = [
        f"{path.relative_to(ROOT)}:{line}: {text}"
        for folder in ("runtime", "projections", "policies")
        for path in sorted((ROOT / folder).rglob("*.py"))
        for line, text in _string_literals(path)
        if _NUMBERED.search(text)
    ]
    assert found == []


def test_the_scan_finds_a_numbered_placeholder(tmp_path: Path) -> None:
    sample = tmp_path / "sample.py"
    sample.write_text('SQL = "SELECT ?1"  # ?2 in a comment is no statement\n', encoding="utf-8")
    assert [text for _, text in _string_literals(sample) if _NUMBERED.search(text)] == [
        '"SELECT ?1"'
    ]


def test_storing_vectors_warns_of_nothing() -> None:
    conn = sqlite3.connect(":memory:", isolation_level=None)
    conn.executescript(DDL)
    conn.execute(
        "INSERT INTO events (namespace, seq, id, kind, occurred_at, recorded_at, payload,"
        " payload_digest, prev_hash, hash) VALUES ('a', 1, 'e1', 'observation', 't', 't',"
        " '{}', x'00', zeroblob(32), x'01')"
    )
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # on Python 3.12-3.13 the deprecation fails here
        vectors.store(conn, "a", "m", [CachedVector(1, b"d", b"v"), CachedVector(2, b"d", b"v")])
    # seq 2 has no event: only the live event's row is stored
    assert vectors.load(conn, "a", "m", 0, 10) == [CachedVector(1, b"d", b"v")]
