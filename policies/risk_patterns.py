"""The pattern table :func:`~.risk.detect_risks` scans with, and its gates.

Each spec names a risk kind, a label, a severity and a precompiled pattern (with the group
to report); each gate lists literals a match of its spec cannot do without, so a text that
holds none of them is not scanned by that pattern. Split from ``risk.py``, which runs the
scan and reduces its findings.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, TypeAlias

if TYPE_CHECKING:
    from nousmem.policies.risk import RiskKind

# (kind, label, severity, pattern, group): ``group`` names the part of the match to report,
# so "api_key=abc..." redacts only the value and keeps the key name readable.
_Spec: TypeAlias = "tuple[RiskKind, str, float, re.Pattern[str], str | int]"

_I = re.IGNORECASE

# Secrets named by a key ("api_key: ...", "DB_PASSWORD=..."). A key may end a longer name
# (an environment variable's prefix joins it with "_"), but not a word: "spin: 3" is no pin.
_KEY_START = r"(?<![A-Za-z0-9])"
_ASSIGN = r"[\"'`]?\s*[:=]\s*"
_SECRET_KEYS = (
    r"api[_\s-]?key|apikey|api[_-]?secret|access[_-]?token|auth[_-]?token|refresh[_-]?token"
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
            # Not one message: "Sorry, ignore the previous message" is how a user takes
            # back what they said, not an injection ("the previous messages" still is).
            r"(?:instructions?|prompts?|messages|rules|directions|directives|context|guidelines)",
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
