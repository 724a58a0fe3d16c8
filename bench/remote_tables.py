"""Remote tables under load: 50 tables of 4 scripted players (200 connections) on one table
host, measuring the time from an action being sent to the other three players at that
table receiving the update that shows it. Run by hand; prints figures, asserts nothing.

    .venv/bin/python bench/remote_tables.py [--tables 50] [--seconds 30] [--game bivi]

The host runs in a process of its own (as inside `campfire serve`); the 200 clients share
this one, so their own decoding is part of every figure.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from server.client import TableClient  # noqa: E402
from server.protocol import Act, CreateTable, Done, Join, Refused, SeatRequest, Update  # noqa: E402

HOST_CODE = """
import asyncio, json, sys
from pathlib import Path
from server.host import TableHost

async def main(root, count):
    import gc
    host = TableHost(Path(root), bot_delay=0.4)
    if "--nogc" in sys.argv: gc.disable()
    await host.start()
    tokens = [host.issue_token(f"SHA256:bench-{n}", f"P{n}") for n in range(count)]
    print(json.dumps({"socket": str(host.socket_path), "tokens": tokens}), flush=True)
    await asyncio.Event().wait()

asyncio.run(main(sys.argv[1], int(sys.argv[2])))
"""


HOST_FLAGS: list[str] = []


class Stats:
    def __init__(self) -> None:
        self.sent: dict[tuple[str, int], tuple[float, TableClient]] = {}
        self.latencies: list[float] = []
        self.actions = 0
        self.refusals = 0

    def seen(self, client: TableClient, update: Update) -> None:
        sent = self.sent.get((update.table, update.version))
        if sent is not None and sent[1] is not client:
            self.latencies.append(time.perf_counter() - sent[0])


async def player(client: TableClient, table_id: str, stats: Stats, rng: random.Random, until: float) -> None:
    """Act whenever the seat has something to do, after a short think."""
    while time.perf_counter() < until:
        update = client.updates.get(table_id)
        if update is None or not update.legal or update.over:
            try:
                await client.wait_for(
                    lambda r: isinstance(r, Update) and r.table == table_id,
                    timeout=max(0.05, until - time.perf_counter()),
                )
            except TimeoutError:
                pass
            continue
        await asyncio.sleep(rng.uniform(0.2, 1.0))
        current = client.updates[table_id]
        if current.version != update.version:
            continue
        stats.sent[table_id, update.version + 1] = (time.perf_counter(), client)
        client.send(Act(table=table_id, version=update.version, action=rng.choice(update.legal).text))
        reply = await client.wait_for(lambda r: isinstance(r, (Done, Refused)) and r.table == table_id, timeout=60)
        stats.actions += 1
        stats.refusals += isinstance(reply, Refused)


async def main(tables: int, seconds: float, game: str) -> None:
    seats = 4
    with tempfile.TemporaryDirectory(prefix="campfire-bench-") as root:
        host = await asyncio.create_subprocess_exec(
            sys.executable, "-c", HOST_CODE, root, str(tables * seats), *HOST_FLAGS,
            stdout=asyncio.subprocess.PIPE, cwd=ROOT,
        )
        try:
            started = json.loads(await asyncio.wait_for(host.stdout.readline(), 60))
            stats = Stats()
            clients = [await TableClient.connect(started["socket"], t) for t in started["tokens"]]
            for client in clients:
                client.on_message = lambda reply, c=client: isinstance(reply, Update) and stats.seen(c, reply)
            table_ids = []
            for number in range(tables):
                owner, *friends = clients[number * seats:(number + 1) * seats]
                owner.send(CreateTable(game=game, seats=[SeatRequest("me")] + [SeatRequest("open")] * (seats - 1)))
                made = await owner.wait_for(lambda r: isinstance(r, (Done, Refused)))
                assert isinstance(made, Done), made
                for friend in friends:
                    friend.send(Join(table=made.table))
                    await friend.wait_for(lambda r: isinstance(r, (Done, Refused)))
                table_ids.append(made.table)
            until = time.perf_counter() + seconds
            rng = random.Random(1)
            await asyncio.gather(*(
                player(clients[n], table_ids[n // seats], stats, random.Random(rng.random()), until)
                for n in range(tables * seats)
            ))
            for client in clients:
                await client.close()
        finally:
            host.kill()
            await host.wait()
    report(stats, tables, seats, seconds)


def report(stats: Stats, tables: int, seats: int, seconds: float) -> None:
    latencies = sorted(stats.latencies)
    if not latencies:
        print("no update was measured")
        return
    p = lambda q: latencies[min(len(latencies) - 1, int(q * len(latencies)))] * 1000  # noqa: E731
    print(f"{tables} tables x {seats} seats = {tables * seats} connections, {seconds:.0f} s")
    print(f"actions applied: {stats.actions} ({stats.actions / seconds:.1f}/s), refused: {stats.refusals}")
    print(f"action -> other players' update: n={len(latencies)} median {statistics.median(latencies) * 1000:.1f} ms,"
          f" p95 {p(0.95):.1f} ms, p99 {p(0.99):.1f} ms, max {latencies[-1] * 1000:.1f} ms")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=50)
    parser.add_argument("--seconds", type=float, default=30.0)
    parser.add_argument("--game", default="bivi")
    parser.add_argument("--nogc", action="store_true", help="host without garbage collection (diagnosis)")
    args = parser.parse_args()
    if args.nogc:
        HOST_FLAGS.append("--nogc")
    asyncio.run(main(args.tables, args.seconds, args.game))
