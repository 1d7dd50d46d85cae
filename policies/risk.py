"""Spot prompt injection, secrets and personal data in a text before it becomes memory.

``detect_risks`` is a pure function of the text: a fixed set of precompiled patterns, Luhn
for card numbers and a Shannon-entropy test for long opaque tokens. Findings carry offsets,
never the matched text, so a finding can be journaled without re-leaking the secret.

The patterns lean towards precision: ordinary conversation with numbers, dates, prices or
times should produce no finding at all. What this cannot catch is listed in
docs/extraction.md ("Risk detection").
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable, Sequence
from functools import cache
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from nousmem.policies.cards import card_spans
from nousmem.policies.passwords import key_spans, password_spans
from nousmem.policies.risk_patterns import _GATES, _SPECS

RiskKind = Literal["injection", "secret", "pii"]

__all__ = [
    "CREDENTIAL_LABELS",
    "REDACTION_MARK",
    "RiskFinding",
    "RiskKind",
    "detect_risks",
    "mask_secrets",
    "redact",
    "risk_score",
]


class RiskFinding(BaseModel):
    """One risky span: its kind, a specific label (e.g. ``"api_key"``) and a severity in 0..1."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    kind: RiskKind
    label: str = Field(min_length=1, max_length=64)
    span: tuple[int, int]
    severity: float = Field(ge=0.0, le=1.0)

    @model_validator(mode="after")
    def _span_order(self) -> RiskFinding:
        if not 0 <= self.span[0] < self.span[1]:
            raise ValueError("span must satisfy 0 <= start < end")
        return self


# International numbers need a "+"; national ones the 3-3-4 shape with separators, so that
# dates (2023-05-08), times and plain counts never qualify.
_PHONE = re.compile(
    r"(?<![\w+])(?:\+\d{1,3}[\s.-]?(?:\(\d{1,4}\)[\s.-]?)?\d{1,4}(?:[\s.-]?\d{2,4}){2,4}"
    r"|\(\d{3}\)\s?\d{3}[\s.-]\d{4}|\d{3}[.-]\d{3}[.-]\d{4}|\d{3}\s\d{3}\s\d{4})(?![\w-])"
)
_OPAQUE = re.compile(r"(?<![\w/+=.-])[A-Za-z0-9_\-+/=]{32,}(?![\w/+=-])")
_URL = re.compile(r"\bhttps?://\S+", re.IGNORECASE)
_HAS_DIGIT = re.compile(r"\d")
# A US social security number: grouped 3-2-4 with dashes, or after its name in any grouping
# ("SSN: 123 45 6789", "social security number is 123456789"); never area 000, 666 or
# 900-999, group 00 or serial 0000, which are not issued.
_SSN_DIGITS = r"(?!000|666|9\d\d)\d{3}{sep}(?!00)\d{2}{sep}(?!0000)\d{4}"
_SSN = re.compile(
    r"(?<![\w-])" + _SSN_DIGITS.replace("{sep}", "-") + r"(?![\w-])"
    r"|(?i:\b(?:ssn|social\s+security(?:\s+(?:number|no\.?|#))?)(?:\s+(?:is|was|=))?\s*[:#=]?\s*)"
    r"(?P<keyed>" + _SSN_DIGITS.replace("{sep}", "[ -]?") + r")(?![\w-])"
)


def _entropy(token: str) -> float:
    counts: dict[str, int] = {}
    for ch in token:
        counts[ch] = counts.get(ch, 0) + 1
    n = len(token)
    return -sum(c / n * math.log2(c / n) for c in counts.values())


def _looks_random(token: str) -> bool:
    # Hex digests (git SHAs, checksums) top out at 4 bits/char and are rarely secrets on
    # their own; real keys mix cases and digits and score well above 4.
    has_lower = any(c.islower() for c in token)
    has_upper = any(c.isupper() for c in token)
    has_digit = any(c.isdigit() for c in token)
    if has_lower + has_upper + has_digit < 3 or token.count("/") >= 3:
        return False
    return _entropy(token) >= 4.3


_BARE = frozenset({"v", "w"})
"""Groups of unquoted values (the ones whose trailing punctuation is not part of them)."""
_TRAILING = frozenset(".:)]}>")


@cache
def _named(pattern: re.Pattern[str]) -> tuple[str, ...]:
    """The pattern's named groups in order of appearance."""
    return tuple(sorted(pattern.groupindex, key=pattern.groupindex.__getitem__))


def _may_hold_opaque(text: str) -> bool:
    """Whether ``text`` has a word long enough for :data:`_OPAQUE` (32 characters, none of
    them a space): most texts have none, and the scan would try every position."""
    return len(text) >= 32 and any(len(word) >= 32 for word in text.split())


def _raw_findings(text: str, *, gated: bool = True) -> list[RiskFinding]:
    out: list[RiskFinding] = []
    gated = gated and text.isascii()
    low = text.lower() if gated else text
    for (kind, label, severity, pattern, group), (folded, needles) in zip(
        _SPECS, _GATES, strict=True
    ):
        if gated:
            hay = low if folded else text
            for n in needles:
                if n in hay:
                    break
            else:
                continue
        for m in pattern.finditer(text):
            g: str | int = group
            if m.group(group) is None:  # another branch matched: report its value
                g = next((n for n in _named(pattern) if m.group(n) is not None), 0)
            start, end = m.span(g)
            if g in _BARE:
                # An unquoted value ends a sentence or a bracket: "pin: 1234." is "1234".
                while end > start and text[end - 1] in _TRAILING:
                    end -= 1
            if start < end:
                out.append(
                    RiskFinding(kind=kind, label=label, span=(start, end), severity=severity)
                )
    for span in password_spans(text, low if gated else None):
        out.append(RiskFinding(kind="secret", label="password", span=span, severity=0.8))
    for span in key_spans(text, low if gated else None):
        out.append(RiskFinding(kind="secret", label="api_key", span=span, severity=0.85))
    if _HAS_DIGIT.search(text):
        for span in card_spans(text):
            out.append(RiskFinding(kind="pii", label="card_number", span=span, severity=0.8))
        # (Cheap tests first: a grouped number has a dash, a keyed one its name.)
        lowered = low if gated else text.lower()
        if "-" in text or "ssn" in lowered or "social" in lowered:
            for m in _SSN.finditer(text):
                span = m.span("keyed") if m.group("keyed") else m.span()
                out.append(RiskFinding(kind="pii", label="national_id", span=span, severity=0.8))
        for m in _PHONE.finditer(text):
            n_digits = sum(c.isdigit() for c in m.group(0))
            if 10 <= n_digits <= 15:
                out.append(RiskFinding(kind="pii", label="phone", span=m.span(), severity=0.5))
    urls = [m.span() for m in _URL.finditer(text)] if "://" in text else []
    for m in _OPAQUE.finditer(text) if _may_hold_opaque(text) else ():
        ts, te = m.span()
        if any(us <= ts and te <= ue for us, ue in urls):
            continue
        if _looks_random(m.group(0)):
            out.append(
                RiskFinding(kind="secret", label="high_entropy", span=(ts, te), severity=0.6)
            )
    return out


def _overlaps(a: tuple[int, int], b: tuple[int, int]) -> bool:
    return a[0] < b[1] and b[0] < a[1]


def detect_risks(text: str) -> list[RiskFinding]:
    """Return the injection, secret and PII findings in ``text``, ordered by position.

    Overlapping findings are reduced to the most specific one: a stronger finding absorbs
    a weaker overlapping one (an ``sk-...`` key is not also reported as a high-entropy
    token, a card number not also as a phone number).
    """
    raw = _raw_findings(text)
    # Stronger first; ties prefer the longer span, then the earlier one, for determinism.
    raw.sort(key=lambda f: (-f.severity, -(f.span[1] - f.span[0]), f.span[0], f.label))
    kept: list[RiskFinding] = []
    for f in raw:
        if not any(_overlaps(f.span, k.span) for k in kept):
            kept.append(f)
    kept.sort(key=lambda f: (f.span[0], f.span[1], f.label))
    return kept


_MARK_OPEN = "[REDACTED:"
REDACTION_MARK = re.compile(r"\[REDACTED:[a-z0-9_]+\]")
"""What :func:`redact` puts in place of a finding."""


def redact(text: str, findings: Iterable[RiskFinding]) -> str:
    """Replace every finding's span in ``text`` with ``[REDACTED:<label>]``.

    Overlapping spans are merged and take the label of the most severe finding among them.
    Raises ``ValueError`` when a span lies outside ``text`` (findings from another text).
    """
    items = sorted(findings, key=lambda f: (f.span[0], -f.span[1]))
    merged: list[tuple[int, int, RiskFinding]] = []
    for f in items:
        s, e = f.span
        if e > len(text):
            raise ValueError(f"finding span {f.span} is outside the text (length {len(text)})")
        if merged and s < merged[-1][1]:
            ps, pe, pf = merged[-1]
            best = f if f.severity > pf.severity else pf
            merged[-1] = (ps, max(pe, e), best)
        else:
            merged.append((s, e, f))
    parts: list[str] = []
    pos = 0
    for s, e, f in merged:
        parts.append(text[pos:s])
        parts.append(f"{_MARK_OPEN}{f.label}]")
        pos = e
    parts.append(text[pos:])
    return "".join(parts)


def risk_score(findings: Sequence[RiskFinding]) -> float:
    """Combine findings into one score in 0..1 (noisy-OR: any severe finding dominates).

    No findings score 0.0; two independent 0.5 findings score 0.75.
    """
    keep = 1.0
    for f in findings:
        keep *= 1.0 - f.severity
    return round(1.0 - keep, 6)


CREDENTIAL_LABELS = frozenset({"card_number"})
"""Personal data handled as a secret: a card number is a payment credential, of no use in
memory or in a question (quarantined on every write path, masked in a question). An email
address or a phone number may be what a memory or a question is about."""


def mask_secrets(text: str) -> str:
    """``text`` with its secrets (keys, passwords, tokens) and card numbers redacted, as a
    read masks its question before anything reads or records it."""
    found = [f for f in detect_risks(text) if f.kind == "secret" or f.label in CREDENTIAL_LABELS]
    return redact(text, found) if found else text
