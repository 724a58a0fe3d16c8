"""What a client's keyboard may send on to a game: well-formed UTF-8 only.

Textual decodes its input strictly, so one invalid byte (0xFF, or a Latin-1 `é` from a
client in another locale) raised inside its input thread and stopped the game. Bytes that
are not UTF-8 carry no key a game knows, so they are dropped here, at the gateway, before
they reach the game's terminal; a character split across two reads is kept whole.
"""

from __future__ import annotations

import codecs


class Utf8Only:
    """Feed it the client's bytes in the order they arrive; it returns what may go on."""

    def __init__(self) -> None:
        self._decoder = codecs.getincrementaldecoder("utf-8")(errors="ignore")

    def feed(self, data: bytes) -> bytes:
        if data.isascii() and not self._decoder.getstate()[0]:
            return data  # the common case: plain keys, nothing held back from the last read
        return self._decoder.decode(data).encode("utf-8")
