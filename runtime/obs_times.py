"""When each observation occurred, in journal order: the prefix an event-time read ranks in."""

from __future__ import annotations

import bisect
from array import array
from datetime import UTC, datetime, timedelta

import numpy as np

__all__ = ["ObservationTimes"]

_EPOCH = datetime(1970, 1, 1, tzinfo=UTC)
_US = timedelta(microseconds=1)


def _micros(t: datetime) -> int:
    return (t - _EPOCH) // _US


class ObservationTimes:
    """``occurred_at`` of every observation, by ``seq`` (appended in journal order)."""

    def __init__(self) -> None:
        self._seqs: list[int] = []
        self._times = array("q")  # microseconds since the epoch, aligned with _seqs

    def add(self, seq: int, occurred_at: datetime) -> None:
        self._seqs.append(seq)
        self._times.append(_micros(occurred_at))

    def rank_seq(self, upto_seq: int, time: datetime) -> int:
        """The journal prefix a read as of event ``time`` (at position ``upto_seq``) ranks in.

        It ends just before the first observation after the last one that occurred by
        ``time``, so no later-dated observation past that point competes for the lexical
        top-k or counts in the term statistics that plan the query; the few recorded
        earlier but dated later are dropped afterwards. Without backdated observations it
        is the position the journal had when ``time`` was the present.
        """
        n = bisect.bisect_right(self._seqs, upto_seq)
        if n == 0:
            return upto_seq
        # A vectorised scan (~0.1 ms at 100k observations): times are not sorted by seq.
        view = np.frombuffer(self._times, dtype=np.int64, count=n)
        by = np.flatnonzero(view <= _micros(time))
        del view  # the array cannot grow while a view of its buffer is alive
        last = int(by[-1]) if by.size else -1
        return self._seqs[last + 1] - 1 if last + 1 < n else upto_seq
