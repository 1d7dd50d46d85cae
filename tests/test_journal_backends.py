"""Every backend runs the same contract suite."""

from __future__ import annotations

from pathlib import Path

import pytest

from nousmem.runtime.journal.base import Journal
from nousmem.runtime.journal.memory import MemoryJournal
from nousmem.runtime.journal.sqlite import SqliteJournal
from tests.journal_contract import JournalContract


class TestMemoryJournal(JournalContract):
    async def create_journal(self) -> Journal:
        return MemoryJournal()


class TestSqliteJournal(JournalContract):
    @pytest.fixture(autouse=True)
    def _dir(self, tmp_path: Path) -> None:
        self.path = tmp_path / "j.db"

    async def create_journal(self) -> Journal:
        return await SqliteJournal.open(self.path)


class TestSqliteJournalNormalDurability(TestSqliteJournal):
    async def create_journal(self) -> Journal:
        return await SqliteJournal.open(self.path, durability="normal")
