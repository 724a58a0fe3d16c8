"""Log lines for the requests asyncssh refuses before the gateway's code sees them.

With agent and X11 forwarding off and no SFTP server, asyncssh answers those requests
itself: an `auth-agent-req`, an `x11-req` or an `sftp` subsystem never reaches a hook of
SSHServer or of the session. What it does do is log them, through each connection's own
logger (`SSHClientConnection.logger`, a LoggerAdapter whose prefix names the connection).
This handler listens on the `asyncssh` logger for those three lines and hands each to the
gateway with the connection it came from, which logs it with the peer and the key.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Callable

import asyncssh

ASYNCSSH_LOGGER = "asyncssh"
#: asyncssh's words (2.14 to 2.24) for the refusals, and what gateway.log calls them.
REFUSALS = (
    ("Agent forwarding request denied", "agent forwarding"),
    ("X11 forwarding request denied", "X11 forwarding"),
    ("Subsystem: sftp", "sftp"),
)
_CONNECTION = re.compile(r"\[(conn=\d+)[,\]]")


def connection_tag(conn: asyncssh.SSHServerConnection) -> str:
    """The 'conn=N' asyncssh puts before each of this connection's log lines."""
    prefix, _ = conn.logger.process("", {})
    found = _CONNECTION.match(prefix)
    return found.group(1) if found else ""


class RefusalLog(logging.Handler):
    """`install()` while the gateway runs, `remove()` after; `report(tag, request)` is
    called for each refusal with the connection's tag."""

    def __init__(self, report: Callable[[str, str], None]) -> None:
        super().__init__(level=logging.INFO)
        self.report = report
        self._logger = logging.getLogger(ASYNCSSH_LOGGER)
        self._old_level: int = logging.NOTSET

    def install(self) -> None:
        others = [h for h in self._logger.handlers if isinstance(h, RefusalLog)]
        # The first one in keeps the level it found; gateways in one process share it.
        self._old_level = others[0]._old_level if others else self._logger.level
        if self._logger.getEffectiveLevel() > logging.INFO:
            self._logger.setLevel(logging.INFO)  # asyncssh logs these at INFO
        self._logger.addHandler(self)

    def remove(self) -> None:
        if self not in self._logger.handlers:
            return
        self._logger.removeHandler(self)
        if not any(isinstance(h, RefusalLog) for h in self._logger.handlers):
            self._logger.setLevel(self._old_level)

    def emit(self, record: logging.LogRecord) -> None:
        try:
            text = record.getMessage()
        except (TypeError, ValueError):
            return
        for words, request in REFUSALS:
            if words in text:
                found = _CONNECTION.match(text)
                self.report(found.group(1) if found else "", request)
                return
