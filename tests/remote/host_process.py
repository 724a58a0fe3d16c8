"""A table host in a process of its own, for the kill-and-restart test.

`python -m tests.remote.host_process ROOT FINGERPRINT...` prints one JSON line (the socket
and a token per fingerprint), then serves until it is killed.
"""

from __future__ import annotations

import asyncio
import json
import sys
from pathlib import Path

from server.host import HostLimits, TableHost


async def main(root: str, fingerprints: list[str]) -> None:
    host = TableHost(Path(root), bot_delay=0.0, limits=HostLimits(requests_per_second=10_000, request_burst=10_000))
    await host.start()
    tokens = [host.issue_token(fingerprint, fingerprint.rpartition(":")[2]) for fingerprint in fingerprints]
    print(json.dumps({"socket": str(host.socket_path), "tokens": tokens}), flush=True)
    await asyncio.Event().wait()


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1], sys.argv[2:]))
