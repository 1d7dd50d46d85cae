"""Passwords and PINs said in words: "My password for the VPN is hunter2xyz!", "My PIN is 4821",
"Use the password hunter2-Prod!".

A keyed secret ("password: ...", "DB_PASSWORD=...") is found by the risk gate's key
patterns; this module finds the ones said in a sentence, where what the password is for may
stand between it and its value ("my password for https://bank.example.com is ...", "my PIN
for the debit card at Chase is 4821"). A password needs a digit or a symbol inside ("my
password is too long" has none); a PIN is 4-12 digits, never after "was" ("a lapel pin was
1990s era") and never a time, a voltage or a coordinate ("the pin on the map is 45.76,4.83").
"""

from __future__ import annotations

import re

__all__ = ["key_spans", "password_spans"]

_I = re.IGNORECASE
_FOR = r"(?:\s+(?:for|to|on|of|at)\s+(?:\S+\s+){0,4}?\S+?)?"
_IS = r"(?:\s+(?:is|was)(?:\s+now)?\s*:?\s+|\s*[:=](?!//)\s*)"
_PASSWORD_IS = re.compile(
    rf"\b(?:password|passcode|passphrase|pw|pwd)(?:['\u2019]s\s+|{_FOR}{_IS})"
    rf"[\"'`]?(?P<v>[^\s\"'`]{{4,}})",
    _I,
)
# "'s" only right after the word ("my PIN's 4821"): after "for ..." it is a possessive
# ("the password for Bob's wifi is ...").
_PIN_IS = re.compile(
    r"\bpin(?:\s+code|\s+number)?(?:['\u2019]s\s+|(?:\s+for\s+(?:\S+\s+){0,4}?\S+?)?"
    r"(?:\s+(?:is|was)(?:\s+now)?\s*:?\s+|\s*[:=]\s*))(?P<v>\d{4,12}[#*]?)(?!\w|[,:/.]\d)",
    _I,
)
# "I changed my PIN to 4821", "set my password to hunter2!".
_SET_TO = re.compile(
    r"\b(?:changed|set|reset|updated)\s+(?:my|the|our)\s+(?:password|passcode|pin(?:\s+code)?)"
    r"(?:\s+for\s+(?:\S+\s+){0,3}?\S+?)?\s+to\s+[\"'`]?(?P<v>[^\s\"'`]{4,})",
    _I,
)
# "Use the password hunter2!", "enter passcode 8h!x9": a password given to be used.
_USE = re.compile(
    r"\b(?:use|enter|type|try)\s+(?:the\s+|my\s+|our\s+)?(?:password|passcode|passphrase)"
    r"\s+[\"'`]?(?P<v>[^\s\"'`]{4,})",
    _I,
)
# A number with a unit is a measure, not a PIN: "the bowling pin is 1520 grams".
_UNIT = re.compile(
    r"\s*(?:grams?|g|kg|lbs?|ohms?|mm|cm|m|v|volts?|w|watts?|mah|years?|vintage|era)\b", _I
)
# "My API key is Xk29Lq8Mz3Np7Rt1", "the access token for prod was ...": a key said in words.
# The value must look generated (a digit and a letter, 12+ characters): "my API key is
# expired", "the access token is in the vault" name none.
_KEY_IS = re.compile(
    rf"\b(?:api|access|secret|private|auth|client)[\s_-]?(?:key|token|secret)s?{_FOR}{_IS}"
    # The value: a token of 12+ characters with a run of letters and digits holding both
    # (not "~/.ssh/id_ed25519", a path, nor "key-fob-number-12", words).
    r"[\"'`]?(?P<v>(?=[^\s\"'`]*?[A-Za-z0-9]*(?:[A-Za-z][A-Za-z0-9]*\d|\d[A-Za-z0-9]*[A-Za-z])"
    r"[A-Za-z0-9]*)(?![~/.])[^\s\"'`/]{12,})",
    _I,
)
_WORDS = ("password", "passcode", "passphrase", "pin", "pw")
_KEY_WORDS = ("key", "token", "secret")


def password_spans(text: str, low: str | None = None) -> list[tuple[int, int]]:
    """Spans of the passwords and PINs said in ``text`` (``low``: its lowercase form, if the
    caller has it, to skip texts that name none)."""
    if low is not None and not any(w in low for w in _WORDS):
        return []
    out = []
    for m in (*_PASSWORD_IS.finditer(text), *_SET_TO.finditer(text), *_USE.finditer(text)):
        value = m.group("v").rstrip(".,!?;:)")
        # A short value after "pw" may be a duration or a unit ("pw: 4hrs"); code that
        # reads one ("os.environ[...]") is not one.
        short_pw = m.group(0)[:2].lower() == "pw" and len(value) < 6
        code = any(c in value for c in "[(")
        if len(value) >= 4 and any(not c.isalpha() for c in value) and not short_pw and not code:
            out.append((m.start("v"), m.start("v") + len(value)))
    for m in _PIN_IS.finditer(text):
        if _UNIT.match(text, m.end("v")) is None:
            out.append(m.span("v"))
    return sorted(set(out))


def key_spans(text: str, low: str | None = None) -> list[tuple[int, int]]:
    """Spans of the API keys and tokens said in ``text`` ("My API key is ...")."""
    if low is not None and not any(w in low for w in _KEY_WORDS):
        return []
    out = []
    for m in _KEY_IS.finditer(text):
        value = m.group("v").rstrip(".,!?;:)")
        if len(value) >= 12:
            out.append((m.start("v"), m.start("v") + len(value)))
    return out
