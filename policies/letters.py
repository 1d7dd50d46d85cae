"""Letter classes for the extractor's patterns: names are not only ASCII.

Python's ``re`` has no ``\\p{Lu}``, and ``[A-Z]`` misses "José", "Zoë" or "Łukasz". These
strings go inside a character class (``f"[{UPPER}]"``). They cover ASCII, Latin-1, the
Latin Extended blocks, Greek (with polytonic) and Cyrillic; other scripts have no letter case
to cue a name.
"""

from __future__ import annotations

from collections.abc import Callable

__all__ = ["LETTER", "LOWER", "UPPER", "WORD"]

# Latin-1 Supplement through Cyrillic Supplement, Latin Extended Additional (Vietnamese) and
# Greek Extended (polytonic Greek).
_BLOCKS = ((0x00C0, 0x0530), (0x1E00, 0x2000))


def _ranges(ascii_part: str, keep: Callable[[str], bool]) -> str:
    spans: list[tuple[int, int]] = []
    for lo, hi in _BLOCKS:
        for cp in range(lo, hi):
            if not keep(chr(cp)):
                continue
            if spans and spans[-1][1] == cp - 1:
                spans[-1] = (spans[-1][0], cp)
            else:
                spans.append((cp, cp))
    return ascii_part + "".join(chr(a) if a == b else f"{chr(a)}-{chr(b)}" for a, b in spans)


#: Upper-case letters, for inside ``[...]`` (a capital is what marks a name).
UPPER = _ranges("A-Z", lambda c: c.isupper() or c.istitle())
#: Lower-case letters, for inside ``[...]``; combining accents (U+0300-U+036F) count, so a
#: decomposed "Jose\u0301" reads as one word.
LOWER = _ranges("a-z\u0300-\u036f", str.islower)
#: Either case, for inside ``[...]``.
LETTER = UPPER + LOWER
#: A word of letters, with inner apostrophes and hyphens ("peanuts", "O'Brien", "tree-nut"),
#: as a regex piece (not a class).
WORD = rf"[{LETTER}][{LETTER}'-]*"
