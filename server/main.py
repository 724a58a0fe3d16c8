"""`campfire serve` once its flags are parsed: start the gateway, print how to reach it,
run until Ctrl+C or SIGTERM."""

from __future__ import annotations

import asyncio
import signal
import sys

from server.gateway import Gateway, ServeOptions, serve_forever


def run(options: ServeOptions) -> int:
    try:
        asyncio.run(_main(options))
    except KeyboardInterrupt:
        pass
    except OSError as error:  # the port is taken, the data root is not writable, ...
        print(f"campfire serve cannot start: {error.strerror or error}.", file=sys.stderr)
        return 1
    return 0


async def _main(options: ServeOptions) -> None:
    task = asyncio.current_task()
    assert task is not None
    loop = asyncio.get_running_loop()
    for number in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(number, task.cancel)
    try:
        await serve_forever(options, _announce)
    except asyncio.CancelledError:
        pass


def _announce(gateway: Gateway) -> None:
    options = gateway.options
    made = " (new)" if gateway.host_key_created else ""
    print(f"Campfire is listening on {options.host} port {gateway.port}.", flush=True)
    print(f"Host key fingerprint{made}: {gateway.host_key_fingerprint}", flush=True)
    print(f"Players connect with: ssh -p {gateway.port} {options.host}", flush=True)
    print(f"Data and log: {options.data_root}", file=sys.stdout, flush=True)
