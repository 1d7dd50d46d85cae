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
from nousmem.policies.passwords import password_spans

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


# (kind, label, severity, pattern, group): ``group`` names the part of the match to report,
# so "api_key=abc..." redacts only the value and keeps the key name readable.
_Spec = tuple[RiskKind, str, float, re.Pattern[str], str | int]

_I = re.IGNORECASE

# Secrets named by a key ("api_key: ...", "DB_PASSWORD=..."). A key may end a longer name
# (an environment variable's prefix joins it with "_"), but not a word: "spin: 3" is no pin.
_KEY_START = r"(?<![A-Za-z0-9])"
_ASSIGN = r"[\"'`]?\s*[:=]\s*"
_SECRET_KEYS = (
    r"api[_-]?key|apikey|api[_-]?secret|access[_-]?token|auth[_-]?token|refresh[_-]?token"
    r"|session[_-]?token|id[_-]?token|private[_-]?token|secret[_-]?(?:access[_-]?)?key"
    r"|client[_-]?secret|app[_-]?secret|consumer[_-]?secret|webhook[_-]?secret"
    r"|signing[_-]?key|encryption[_-]?key|private[_-]?key|access[_-]?key"
)
_PASSWORD_KEYS = r"password|passwd|passphrase|pwd|passcode|pin"
# An unquoted value is its whole run of characters up to a space, a quote or a separator:
# a secret's symbols ("AbCd~EfGh", "Xy9!Qz7#") are part of it, not its end.
_RUN = "[^\\s\"'`,;\u201c\u201d]"
_OPEN = "[\"'`\u201c]?"
# 12+ characters with a digit among the first 64: an unbounded look-ahead for the digit,
# tried after every "token=" of a long run, made the scan quadratic.
_GENERATED = rf"(?={_RUN}{{0,63}}\d){_RUN}{{12,}}"


_QUOTES = (('"', '"', "d"), ("'", "'", "s"), ("`", "`", "b"), ("\u201c", "\u201d", "c"))


def _keyed(keys: str, tag: str, least: int) -> str:
    """A value after one of ``keys``: in quotes, the whole of it (spaces too; groups
    ``<tag>d``, ``<tag>s`` ...), else its run of characters (group ``v``)."""
    quoted = "|".join(rf"{o}(?P<{tag}{n}>[^{c}\n]{{{least},256}}){c}" for o, c, n in _QUOTES)
    return rf"{_KEY_START}(?:{keys}){_ASSIGN}(?:{quoted}|{_OPEN}(?P<v>{_RUN}{{{least},}}))"


_SPECS: tuple[_Spec, ...] = (
    (
        "injection",
        "prompt_injection",
        0.9,
        re.compile(
            r"\b(?:ignore|disregard|forget|override|bypass)\s+(?:all\s+|any\s+|the\s+|your\s+)?"
            r"(?:of\s+)?(?:the\s+|your\s+)?(?:previous|prior|above|earlier|preceding|former)\s+"
            r"(?:instructions?|prompts?|messages?|rules|directions|directives|context|guidelines)",
            _I,
        ),
        0,
    ),
    (
        "injection",
        "prompt_injection",
        0.85,
        re.compile(
            r"\bdisregard\s+(?:everything\s+|all\s+)?(?:the\s+|that\s+)?above\b"
            r"|\bnew\s+instructions\s*:|\b(?:enable|enter|activate)\s+developer\s+mode\b"
            r"|\bdeveloper\s+mode\s+(?:enabled|on|activated)\b"
            r"|\b(?:reveal|print|show|repeat|leak)\s+(?:me\s+)?(?:your|the)\s+"
            r"(?:system\s+prompt|hidden\s+instructions|initial\s+instructions)",
            _I,
        ),
        0,
    ),
    (
        "injection",
        "role_play_system",
        0.9,
        re.compile(
            r"<\|im_start\|>\s*system|<\|(?:system|im_sep|endoftext)\|>|\[/?INST\]|<<SYS>>"
            r"|^\s*#{1,3}\s*system\s*:?\s*$",
            _I | re.MULTILINE,
        ),
        0,
    ),
    (
        "injection",
        "role_play_system",
        0.7,
        re.compile(
            r"\bsystem\s+prompt\s*:|\bact\s+as\s+(?:the|a)\s+system\b"
            r"|\bpretend\s+(?:to\s+be|you\s+are)\s+the\s+system\b"
            r"|\byou\s+are\s+now\s+(?:an?\s+|the\s+|in\s+)?"
            r"(?:unrestricted|unfiltered|jailbroken|dan\b|free\s+(?:from|of)|no\s+longer\s+bound"
            r"|a\s+different\s+(?:ai|assistant|model)|the\s+system|an?\s+ai\b|\w+\s+mode\b)",
            _I,
        ),
        0,
    ),
    (
        "injection",
        "role_play_system",
        0.6,
        # "You are now a <role>" only when the role is about the model itself, so that
        # "You are now a grandmother!" stays ordinary conversation.
        re.compile(
            r"\byou\s+are\s+now\s+(?:an?|the|my)\s+[^.!?\n]{0,40}?\b(?:assistant|ai|bot"
            r"|chatbot|model|llm|persona|character|system|admin|administrator|root)\b"
            r"|\bfrom\s+now\s+on,?\s+you\s+(?:are|will\s+(?:act|respond|answer|only|always))\b",
            _I | re.MULTILINE,
        ),
        0,
    ),
    (
        "secret",
        "private_key",
        1.0,
        re.compile(
            r"-----BEGIN (?:[A-Z0-9]+ )*PRIVATE KEY-----"
            r"(?:[\s\S]*?-----END (?:[A-Z0-9]+ )*PRIVATE KEY-----|[\s\S]*)"
        ),
        0,
    ),
    ("secret", "aws_key", 0.95, re.compile(r"\b(?:AKIA|ASIA)[0-9A-Z]{16}\b"), 0),
    (
        "secret",
        "api_key",
        0.9,
        re.compile(
            r"\bsk-(?:[A-Za-z0-9]+-)*[A-Za-z0-9_]{20,}\b|\bgh[pousr]_[A-Za-z0-9]{30,}\b"
            r"|\bgithub_pat_[A-Za-z0-9_]{30,}\b|\bxox[abposr]-[A-Za-z0-9-]{10,}\b"
            r"|\bAIza[0-9A-Za-z_-]{35}\b|\bglpat-[A-Za-z0-9_-]{20,}\b"
        ),
        0,
    ),
    (
        "secret",
        "bearer_token",
        0.9,
        re.compile(
            r"\bBearer\s+(?P<v>[A-Za-z0-9\-._~+/]{16,}=*)"
            r"|(?P<jwt>\beyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,})"
        ),
        "v",
    ),
    (
        "secret",
        "api_key",
        0.85,
        re.compile(
            _keyed(_SECRET_KEYS, "q", 8)
            # Bare "token"/"secret" are ordinary words: the value must look generated.
            + rf"|{_KEY_START}(?:token|secret){_ASSIGN}{_OPEN}(?P<w>{_GENERATED})",
            _I,
        ),
        "v",
    ),
    (
        "secret",
        "password",
        0.85,
        re.compile(
            _keyed(_PASSWORD_KEYS, "p", 4),
            _I,
        ),
        "v",
    ),
    (
        "secret",
        "url_password",
        0.85,
        # A password in a URL's user info ("postgres://app:s3cret@db", "redis://:pw@host",
        # "git remote -v"), not a port and query ("http://localhost:3000?to=a@b.c").
        re.compile(r"\b[A-Za-z][A-Za-z0-9+.-]*://[^\s:/@?#]*:(?P<v>(?!\d+[/?#])[^\s@/]+)@[^\s@]"),
        "v",
    ),
    (
        "pii",
        "email",
        0.5,
        re.compile(r"\b[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}\b"),
        0,
    ),
)

# A necessary condition per spec, in ``_SPECS`` order: a match always contains one of the
# needles (each is a literal the pattern requires on every branch), so a text without any
# of them cannot match and is not scanned. Chat text rarely holds any, and the scans were
# most of the cost of a governed write's risk check. Needles of case-insensitive patterns
# are lowercase and are looked up in the lowercased text, which is exact only for ASCII
# text (``re.IGNORECASE`` also folds "\u017f" to "s", "\u212a" to "k", ...): other text
# is scanned by every pattern.
_GATES: tuple[tuple[bool, tuple[str, ...]], ...] = (
    (True, ("ignore", "disregard", "forget", "override", "bypass")),
    (True, ("disregard", "instructions", "developer", "system")),
    (True, ("<", "[", "#")),
    (True, ("system", "now")),
    (True, ("now",)),
    (False, ("-----BEGIN ",)),
    (False, ("AKIA", "ASIA")),
    (False, ("sk-", "_", "xox", "AIza", "glpat-")),
    (False, ("Bearer", "eyJ")),
    (True, (":", "=")),
    (True, (":", "=")),
    (False, ("://",)),
    (False, ("@",)),
)
assert len(_GATES) == len(_SPECS)

# International numbers need a "+"; national ones the 3-3-4 shape with separators, so that
# dates (2023-05-08), times and plain counts never qualify.
_PHONE = re.compile(
    r"(?<![\w+])(?:\+\d{1,3}[\s.-]?(?:\(\d{1,4}\)[\s.-]?)?\d{1,4}(?:[\s.-]?\d{2,4}){2,4}"
    r"|\(\d{3}\)\s?\d{3}[\s.-]\d{4}|\d{3}[.-]\d{3}[.-]\d{4}|\d{3}\s\d{3}\s\d{4})(?![\w-])"
)
_OPAQUE = re.compile(r"(?<![\w/+=.-])[A-Za-z0-9_\-+/=]{32,}(?![\w/+=-])")
_URL = re.compile(r"\bhttps?://\S+", _I)
_HAS_DIGIT = re.compile(r"\d")


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
    if _HAS_DIGIT.search(text):
        for span in card_spans(text):
            out.append(RiskFinding(kind="pii", label="card_number", span=span, severity=0.8))
        for m in _PHONE.finditer(text):
            n_digits = sum(c.isdigit() for c in m.group(0))
            if 10 <= n_digits <= 15:
                out.append(RiskFinding(kind="pii", label="phone", span=m.span(), severity=0.5))
    urls = [m.span() for m in _URL.finditer(text)] if "://" in text else []
    for m in _OPAQUE.finditer(text) if len(text) >= 32 else ():  # it needs 32 characters
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
