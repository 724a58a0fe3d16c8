"""A table host's abuse limits and the per-identity budgets that enforce them: token
buckets refilled at a steady rate, so a burst is allowed and a stream is slowed."""

from __future__ import annotations

import time
from dataclasses import dataclass

import msgspec

from server.protocol import FRAME_TIMEOUT, Chat, Probe


@dataclass(frozen=True)
class HostLimits:
    """Abuse limits. Rates are per identity (a key, or one guest session), shared by all of
    its connections, so opening more connections or tables buys no more; each identity has
    its own budget, so a noisy one slows only itself."""

    tables_per_identity: int = 8
    requests_per_second: float = 20.0
    request_burst: int = 40
    chat_per_second: float = 1.0
    chat_burst: int = 3
    #: Probes (would this action be refused?) have a budget of their own, as large as
    #: actions', so a screen asking as the cursor moves never eats the budget for playing.
    probes_per_second: float = 20.0
    probe_burst: int = 40
    #: Seconds a player may be away before the others may vote a bot into their seat.
    away_seconds: float = 120.0
    #: Wrong invite codes an identity may try: a burst for typos, then about one every
    #: six minutes. Kept across reconnections, unlike the request budgets.
    wrong_codes_burst: int = 10
    wrong_codes_per_second: float = 1 / 360
    #: Seconds the rest of a request may take once its first byte has arrived.
    frame_seconds: float = FRAME_TIMEOUT


class TokenBucket:
    def __init__(self, rate: float, burst: int) -> None:
        self.rate = rate
        self.burst = burst
        self.tokens = float(burst)
        self.stamp = time.monotonic()

    def peek(self) -> float:
        """The tokens there would be now, without taking one."""
        return min(self.burst, self.tokens + (time.monotonic() - self.stamp) * self.rate)

    def take(self) -> bool:
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True


class IdentityRates:
    """One identity's budgets: chat lines, and every other request (actions included), so a
    stream of chat never eats the budget for playing."""

    def __init__(self, limits: HostLimits) -> None:
        self.requests = TokenBucket(limits.requests_per_second, limits.request_burst)
        self.chat = TokenBucket(limits.chat_per_second, limits.chat_burst)
        self.probes = TokenBucket(limits.probes_per_second, limits.probe_burst)
        self.connections = 0

    def allows(self, request: msgspec.Struct) -> bool:
        if isinstance(request, Chat):
            return self.chat.take()
        return (self.probes if isinstance(request, Probe) else self.requests).take()
