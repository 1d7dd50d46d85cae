"""Reading a provider's answer body with a bound.

A model endpoint is not trusted with the process's memory: the body is read in chunks and
refused (``ProviderMalformed``) once it would pass :data:`MAX_RESPONSE_BYTES`, and gzip or
deflate is decoded here with the same bound (httpx would inflate a whole chunk first).
"""

from __future__ import annotations

import zlib
from typing import Any

from nousmem.runtime.errors import ProviderMalformed

__all__ = ["MAX_RESPONSE_BYTES", "BoundedBody", "undecodable"]

MAX_RESPONSE_BYTES = 4 << 20
"""Largest answer body read (decoded); a larger one is malformed and is not retried."""


class BoundedBody:
    """An answer body, decoded (identity, gzip or deflate) and refused once it would pass
    :data:`MAX_RESPONSE_BYTES`. Decoding is ours, not httpx's, so that a small compressed
    body cannot inflate past the cap inside one decoded chunk: at most the cap is ever
    inflated."""

    def __init__(self, encoding: str) -> None:
        enc = encoding.strip().lower()
        if enc in ("", "identity"):
            self._inflate: Any = None
        elif enc in ("gzip", "x-gzip", "deflate"):
            self._inflate = zlib.decompressobj(wbits=47)  # gzip or zlib header, detected
        else:
            # Not quoted: the header is the server's words (any length, anything in it).
            raise ProviderMalformed("unsupported Content-Encoding (not identity, gzip or deflate)")
        self._parts: list[bytes] = []
        self._size = 0
        # "deflate" is meant to be zlib-wrapped, but servers send it raw too: if the first
        # bytes are no zlib header, read them as a raw stream.
        self._raw_deflate_left = enc == "deflate"
        self._head = b""  # what was fed while zlib could not yet judge the header (< 2 bytes)

    def _add(self, data: bytes) -> None:
        self._size += len(data)
        if self._size > MAX_RESPONSE_BYTES:  # read no further: memory is the caller's
            raise ProviderMalformed(f"answer larger than {MAX_RESPONSE_BYTES} bytes")
        self._parts.append(data)

    def feed(self, chunk: bytes) -> None:
        if self._inflate is None:
            self._add(chunk)
            return
        data = chunk
        try:
            while data:
                self._add(self._inflate.decompress(data, MAX_RESPONSE_BYTES - self._size + 1))
                data = self._inflate.unconsumed_tail
        except zlib.error:
            if not (self._raw_deflate_left and self._size == 0):
                raise undecodable() from None
            self._raw_deflate_left = False
            self._inflate = zlib.decompressobj(wbits=-15)
            head, self._head = self._head + chunk, b""
            self.feed(head)
            return
        if self._raw_deflate_left:
            self._head += chunk
            if len(self._head) >= 2:  # the zlib header has been judged
                self._raw_deflate_left, self._head = False, b""

    def done(self) -> bytes:
        if self._inflate is not None:
            try:
                self._add(self._inflate.flush())
            except zlib.error:
                raise undecodable() from None
            if not self._inflate.eof:  # cut short: no end of stream, no checksum
                raise undecodable()
        return b"".join(self._parts)


def undecodable() -> ProviderMalformed:
    """The error for an answer whose Content-Encoding does not decode."""
    # An answer arrived but its Content-Encoding does not decode (a broken gzip body from a
    # proxy): as unusable as a body that is not JSON.
    return ProviderMalformed("response body does not decode (Content-Encoding)")
