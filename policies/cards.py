"""Payment card numbers in text: the shape of a card (issuer prefix and length), then Luhn.

A card number is a payment credential: the risk gate quarantines it on every write path and
a question has it masked (:data:`~nousmem.policies.risk.CREDENTIAL_LABELS`). Long numbers are
common in an agent's traffic (ids, timestamps, IMEIs, scores), and about one in ten passes
Luhn by chance, so a number counts only with the prefix and length of a card network.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

__all__ = ["card_spans"]

# Card numbers: unbroken, or grouped consistently (4-4-4-4[-3] or Amex 4-6-5). Not the
# digits after a decimal point (a float's "0.5454545454545454"; "No.4111..." is a card) nor an
# international phone number's ("+4930123456703").
_CARD = re.compile(
    r"(?<![\w+-])(?<!\d\.)(?:\d{13,19}|\d{4}([ -])\d{4}\1\d{4}\1\d{4}\1\d{3}"
    r"|\d{4}([ -])\d{4}\2\d{4}\2\d{1,7}|\d{4}([ -])\d{6}\3\d{5})(?![\w-]|\.\d)"
)
# Issuer prefixes and the lengths their cards have (ISO/IEC 7812 ranges of the networks in
# wide use): an IMEI, a compact timestamp or an order id of another shape is no card.
_CARD_BRANDS: tuple[tuple[int, int, frozenset[int]], ...] = (
    (4, 4, frozenset({13, 16, 19})),  # Visa
    (51, 55, frozenset({16})),  # Mastercard
    (2221, 2720, frozenset({16})),  # Mastercard 2-series
    (34, 34, frozenset({15})),  # American Express
    (37, 37, frozenset({15})),
    (6011, 6011, frozenset({16, 17, 18, 19})),  # Discover
    (644, 649, frozenset({16, 17, 18, 19})),
    (65, 65, frozenset({16, 17, 18, 19})),
    (62, 62, frozenset({16, 17, 18, 19})),  # UnionPay
    (3528, 3589, frozenset({16, 17, 18, 19})),  # JCB
    (300, 305, frozenset({14, 15, 16, 17, 18, 19})),  # Diners Club
    (36, 36, frozenset({14, 15, 16, 17, 18, 19})),
    (38, 39, frozenset({16, 17, 18, 19})),
    (2200, 2204, frozenset({16, 17, 18, 19})),  # Mir
    (5018, 5018, frozenset({13, 14, 15, 16, 17, 18, 19})),  # Maestro
    (5020, 5020, frozenset({13, 14, 15, 16, 17, 18, 19})),
    (5038, 5038, frozenset({13, 14, 15, 16, 17, 18, 19})),
    (5893, 5893, frozenset({13, 14, 15, 16, 17, 18, 19})),
    (6304, 6304, frozenset({13, 14, 15, 16, 17, 18, 19})),
    (6759, 6759, frozenset({13, 14, 15, 16, 17, 18, 19})),
    (6761, 6763, frozenset({13, 14, 15, 16, 17, 18, 19})),
    (508, 508, frozenset({16})),  # RuPay (its 60/81/82 ranges would take order numbers)
)


def _card_shaped(digits: str) -> bool:
    """Whether ``digits`` has the issuer prefix and length of a payment card."""
    n = len(digits)
    for lo, hi, lengths in _CARD_BRANDS:
        width = len(str(lo))
        if n in lengths and lo <= int(digits[:width]) <= hi:
            return True
    return False


def _luhn(digits: str) -> bool:
    total = 0
    for i, ch in enumerate(reversed(digits)):
        d = ord(ch) - 48
        if i % 2:
            d *= 2
            if d > 9:
                d -= 9
        total += d
    return total % 10 == 0


def card_spans(text: str) -> Iterator[tuple[int, int]]:
    """The spans of ``text`` that hold a payment card number."""
    for m in _CARD.finditer(text):
        start, end = m.span()
        readings = [end]
        if m.group(1):  # five groups: a 19-digit card, or 16 digits and a CVV after them
            readings.append(start + 19)
        for stop in readings:
            digits = re.sub(r"\D", "", text[start:stop])
            if len(set(digits)) > 1 and _card_shaped(digits) and _luhn(digits):
                yield start, end  # with the CVV after a 16-digit card: masked together
                break
