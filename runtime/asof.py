"""Parsing of ``as_of`` arguments: a datetime (event time) or an int (journal seq)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime

from nousmem.runtime.errors import InvalidInput
from nousmem.runtime.inputs import utc_offset


@dataclass(frozen=True, slots=True)
class AsOf:
    """A point in the past: by journal position (``seq``) or by event time (``time``)."""

    seq: int | None = None
    time: datetime | None = None


def parse_as_of(value: object, *, head_seq: int, naive: str = "reject") -> AsOf:
    """Validate ``as_of``; an int is a seq in [0, head], a datetime/ISO string is event time."""
    if value is None:
        return AsOf()
    if isinstance(value, bool):
        raise InvalidInput("must be a datetime, an ISO string or an int seq", field="as_of")
    if isinstance(value, int):
        if value < 0:
            raise InvalidInput("seq must be >= 0", field="as_of")
        if value > head_seq:
            # Not formatted when huge: str() of an int past 4,300 digits raises ValueError.
            shown = f"seq {value}" if value < 2**63 else "the seq"
            raise InvalidInput(f"{shown} is beyond the journal head ({head_seq})", field="as_of")
        return AsOf(seq=value)
    if isinstance(value, str):
        try:
            value = datetime.fromisoformat(value.replace("Z", "+00:00"))
        except ValueError:
            raise InvalidInput(f"not an ISO datetime: {value!r}", field="as_of") from None
    if isinstance(value, datetime):
        if value.tzinfo is None or utc_offset(value, "as_of") is None:
            if naive != "utc":
                raise InvalidInput("datetime has no timezone", field="as_of")
            value = value.replace(tzinfo=UTC)
        try:
            return AsOf(time=value.astimezone(UTC))
        except OverflowError:  # e.g. 0001-01-01T00:00+05:00 is before the year 1 in UTC
            raise InvalidInput(
                f"{value.isoformat()} is outside the years a datetime holds in UTC", field="as_of"
            ) from None
    raise InvalidInput(
        f"must be a datetime, an ISO string or an int seq, not {type(value).__name__}",
        field="as_of",
    )
