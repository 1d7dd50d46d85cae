"""Defensive reader for files in LoCoMo's ``locomo10.json`` format.

The dataset itself (CC BY-NC 4.0) is never part of this project; pass its path.

Format: a list of samples, each with ``sample_id``, ``conversation`` (``speaker_a``,
``speaker_b``, ``session_N``: list of turns ``{speaker, dia_id "D<N>:<i>", text,
blip_caption?}``, ``session_N_date_time``: ``"1:56 pm on 8 May, 2023"``) and ``qa``
(``{question, answer | adversarial_answer, evidence: [dia_id], category}``).

Nothing here raises on bad content: whatever cannot be used is skipped and counted in
:attr:`Dataset.skipped` (keys are stable names, see :data:`SKIP_REASONS`).
"""

from __future__ import annotations

import json
import os
import re
from collections import Counter
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from typing import Any

CATEGORY_NAMES = {
    1: "multi-hop",
    2: "temporal",
    3: "open-domain",
    4: "single-hop",
    5: "adversarial",
}
SKIP_REASONS = {
    "sample_malformed": "sample is not an object or has no conversation",
    "session_malformed": "session_N is not a list",
    "session_date_missing": "session has no parseable date; previous session date (+1 day) used",
    "turn_malformed": "turn is not an object or has no usable text",
    "turn_dia_id_missing": "turn has no dia_id (ingested without a ref)",
    "turn_dia_id_duplicate": "dia_id seen twice in one conversation (second kept, no ref)",
    "qa_malformed": "qa item is not an object or has no question",
    "qa_category_unknown": "category is not 1-5",
    "answer_missing": "no answer (answer-token recall not computed for the question)",
    "answer_not_string": "answer was a number or other non-string and was converted to str",
    "evidence_split": "an evidence string held several ids ('D8:6; D9:17') and was split",
    "evidence_malformed": "an evidence id does not look like D<session>:<turn> (skipped)",
    "evidence_not_in_dialog": "an evidence id names no turn of the conversation (skipped)",
    "evidence_renormalised": "an evidence id matched a turn after dropping leading zeros",
    "question_without_evidence": "no usable evidence (evidence recall not computed)",
}

_DATE = re.compile(
    r"(?P<h>\d{1,2})(?::(?P<m>\d{2}))?\s*(?P<ampm>am|pm)?\s*(?:on\s+)?"
    r"(?P<d>\d{1,2})\s+(?P<mon>[A-Za-z]+)\.?,?\s+(?P<y>\d{4})",
    re.IGNORECASE,
)
_MONTHS = {
    m.lower(): i
    for i, m in enumerate(
        [
            "January",
            "February",
            "March",
            "April",
            "May",
            "June",
            "July",
            "August",
            "September",
            "October",
            "November",
            "December",
        ],
        start=1,
    )
}
_DIA = re.compile(r"^D(\d+):(\d+)$")
_SESSION_KEY = re.compile(r"^session_(\d+)$")


def parse_session_datetime(text: Any) -> datetime | None:
    """``"1:56 pm on 8 May, 2023"`` -> aware UTC datetime; None when it cannot be read."""
    if not isinstance(text, str):
        return None
    m = _DATE.search(text.strip())
    if m is None:
        return None
    mon_text = m.group("mon").lower()
    month = _MONTHS.get(mon_text) or next(
        (v for k, v in _MONTHS.items() if len(mon_text) >= 3 and k.startswith(mon_text)), None
    )
    if month is None:
        return None
    hour = int(m.group("h"))
    minute = int(m.group("m") or 0)
    ampm = (m.group("ampm") or "").lower()
    if ampm == "pm" and hour < 12:
        hour += 12
    elif ampm == "am" and hour == 12:
        hour = 0
    try:
        return datetime(int(m.group("y")), month, int(m.group("d")), hour, minute, tzinfo=UTC)
    except ValueError:
        return None


def session_of(dia_id: str) -> str | None:
    """``"D3:14"`` -> ``"D3"``."""
    m = _DIA.match(dia_id)
    return f"D{int(m.group(1))}" if m else None


@dataclass(frozen=True, slots=True)
class Turn:
    dia_id: str | None
    speaker: str
    text: str
    caption: str | None
    session: int
    occurred_at: datetime
    date_text: str

    @property
    def content(self) -> str:
        """What gets observed: the text plus `` [image: caption]`` for image turns."""
        if self.caption:
            return f"{self.text} [image: {self.caption}]".strip()
        return self.text


@dataclass(frozen=True, slots=True)
class Question:
    qid: str
    question: str
    category: int
    answer: str | None
    adversarial_answer: str | None
    evidence: tuple[str, ...]
    evidence_raw: tuple[str, ...]

    @property
    def gold(self) -> str | None:
        """The answer used for answer-token recall (adversarial items: ``answer`` if present,
        else ``adversarial_answer``)."""
        if self.answer is not None:
            return self.answer
        return self.adversarial_answer if self.category == 5 else None


@dataclass
class Conversation:
    sample_id: str
    speaker_a: str | None
    speaker_b: str | None
    turns: list[Turn] = field(default_factory=list)
    questions: list[Question] = field(default_factory=list)
    sessions: int = 0


@dataclass
class Dataset:
    path: str
    conversations: list[Conversation]
    skipped: Counter[str]

    @property
    def n_questions(self) -> int:
        return sum(len(c.questions) for c in self.conversations)

    @property
    def n_turns(self) -> int:
        return sum(len(c.turns) for c in self.conversations)


def _text(v: Any) -> str | None:
    if isinstance(v, str):
        return v.strip() or None
    return None


def _answer(v: Any, skipped: Counter[str]) -> str | None:
    if v is None:
        return None
    if isinstance(v, str):
        return v.strip() or None
    if isinstance(v, bool | int | float):
        skipped["answer_not_string"] += 1
        return str(v)
    if isinstance(v, list):  # some dumps store several acceptable answers
        skipped["answer_not_string"] += 1
        return ", ".join(str(x) for x in v) or None
    skipped["answer_not_string"] += 1
    return str(v)


def _parse_turns(conv: dict[str, Any], skipped: Counter[str]) -> tuple[list[Turn], int]:
    keys = sorted(
        ((int(m.group(1)), k) for k in conv if (m := _SESSION_KEY.match(str(k)))),
        key=lambda x: x[0],
    )
    turns: list[Turn] = []
    seen: set[str] = set()
    prev_date: datetime | None = None
    sessions = 0
    for n, key in keys:
        session = conv[key]
        if not isinstance(session, list):
            skipped["session_malformed"] += 1
            continue
        date_text = conv.get(f"{key}_date_time")
        date = parse_session_datetime(date_text)
        if date is None:
            skipped["session_date_missing"] += 1
            date = (
                (prev_date + timedelta(days=1)) if prev_date else datetime(2000, 1, 1, tzinfo=UTC)
            )
        prev_date = date
        sessions += 1
        for t in session:
            if not isinstance(t, dict):
                skipped["turn_malformed"] += 1
                continue
            text = _text(t.get("text")) or ""
            caption = _text(t.get("blip_caption"))
            if not text and not caption:
                skipped["turn_malformed"] += 1
                continue
            dia = _text(t.get("dia_id"))
            if dia is None:
                skipped["turn_dia_id_missing"] += 1
            elif dia in seen:
                skipped["turn_dia_id_duplicate"] += 1
                dia = None
            else:
                seen.add(dia)
            speaker = _text(t.get("speaker")) or "unknown"
            turns.append(
                Turn(
                    dia,
                    speaker,
                    text,
                    caption,
                    n,
                    date,
                    date_text if isinstance(date_text, str) else "",
                )
            )
    return turns, sessions


def _canonical_dia(piece: str) -> str | None:
    m = _DIA.match(piece)
    return f"D{int(m.group(1))}:{int(m.group(2))}" if m else None


def _parse_evidence(
    raw: Any, known: set[str], canon: dict[str, str], skipped: Counter[str]
) -> tuple[tuple[str, ...], tuple[str, ...]]:
    items = raw if isinstance(raw, list) else ([raw] if raw is not None else [])
    raw_strs: list[str] = []
    out: list[str] = []
    for item in items:
        s = str(item).strip()
        raw_strs.append(s)
        pieces = [p for p in re.split(r"[;,\s]+", s) if p]
        if len(pieces) > 1:
            skipped["evidence_split"] += 1
        if not pieces:
            skipped["evidence_malformed"] += 1
        for p in pieces:
            if p in known:
                ident = p
            elif (c := _canonical_dia(p)) is not None and c in canon:
                skipped["evidence_renormalised"] += 1
                ident = canon[c]
            elif _DIA.match(p):
                skipped["evidence_not_in_dialog"] += 1
                continue
            else:
                skipped["evidence_malformed"] += 1
                continue
            if ident not in out:
                out.append(ident)
    return tuple(out), tuple(raw_strs)


def parse_dataset(
    data: Any, path: str = "<memory>", limit_conversations: int | None = None
) -> Dataset:
    """Turn decoded JSON into a :class:`Dataset`, counting everything it skips.

    ``limit_conversations`` keeps the first N samples (before parsing, so skip counts are
    those of the samples used).
    """
    skipped: Counter[str] = Counter()
    convs: list[Conversation] = []
    samples = data if isinstance(data, list) else [data] if isinstance(data, dict) else []
    if limit_conversations is not None:
        samples = samples[: max(0, limit_conversations)]
    for i, sample in enumerate(samples):
        if not isinstance(sample, dict) or not isinstance(sample.get("conversation"), dict):
            skipped["sample_malformed"] += 1
            continue
        sid = _text(sample.get("sample_id")) or f"sample-{i}"
        sid = re.sub(r"[^\w.:-]+", "_", sid)[:120]
        conv = sample["conversation"]
        turns, sessions = _parse_turns(conv, skipped)
        known = {t.dia_id for t in turns if t.dia_id}
        canon = {cd: d for d in known if (cd := _canonical_dia(d))}
        c = Conversation(
            sid, _text(conv.get("speaker_a")), _text(conv.get("speaker_b")), turns, [], sessions
        )
        qa = sample.get("qa")
        for j, q in enumerate(qa if isinstance(qa, list) else []):
            if not isinstance(q, dict) or _text(q.get("question")) is None:
                skipped["qa_malformed"] += 1
                continue
            try:
                cat = int(q.get("category"))  # type: ignore[arg-type]
            except (TypeError, ValueError):
                cat = 0
            if cat not in CATEGORY_NAMES:
                skipped["qa_category_unknown"] += 1
                continue
            answer = _answer(q.get("answer"), skipped)
            adv = _answer(q.get("adversarial_answer"), skipped)
            if answer is None and not (cat == 5 and adv is not None):
                skipped["answer_missing"] += 1
            evidence, raw = _parse_evidence(q.get("evidence"), known, canon, skipped)
            if not evidence:
                skipped["question_without_evidence"] += 1
            c.questions.append(
                Question(
                    f"{sid}#{j}", str(_text(q.get("question"))), cat, answer, adv, evidence, raw
                )
            )
        convs.append(c)
    return Dataset(path, convs, skipped)


def load_dataset(path: str, limit_conversations: int | None = None) -> Dataset:
    """Read a LoCoMo-format JSON file (``limit_conversations``: keep the first N)."""
    with open(path, encoding="utf-8") as fh:
        data = json.load(fh)
    return parse_dataset(data, os.path.abspath(path), limit_conversations)
