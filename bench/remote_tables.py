"""Remote tables under load: 50 tables of 4 scripted players (200 connections) on one table
host, measuring the time from an action being sent to the other three players at that
table receiving the update that shows it. Run by hand; prints figures, asserts nothing.

    .venv/bin/python bench/remote_tables.py [--tables 50] [--seconds 30] [--game bivi]
        [--churn S] [--probe] [--nogc]

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
import asyncio, json, sys, time
from pathlib import Path
from server.host import TableHost

async def main(root, count):
    import gc
    host = TableHost(Path(root), bot_delay=0.4)
    if "--nogc" in sys.argv: gc.disable()
    probe = Probe() if "--probe" in sys.argv else None
    await host.start()
    tokens = [host.issue_token(f"SHA256:bench-{n}", f"P{n}") for n in range(count)]
    print(json.dumps({"socket": str(host.socket_path), "tokens": tokens}), flush=True)
    if probe is None:
        await asyncio.Event().wait()
    await probe.run(host)

class Probe:
    \"\"\"Where the host's event loop spends long moments: a lag monitor, and a clock on
    every store write and every broadcast. Reports when a line arrives on stdin.\"\"\"

    def __init__(self):
        from server import host, store, tables
        self.lags, self.slow = [], []
        self.timed = {"commit": [], "broadcast": [], "lobby status": [], "lobby list": []}
        self._clock(store.TableStore, "commit_action", "commit")
        self._clock(tables.Table, "broadcast", "broadcast")
        self._clock(tables.Table, "public_status", "lobby status")
        self._clock(host.TableHost, "_listing", "lobby list")

    def _clock(self, cls, name, label):
        original = getattr(cls, name)
        def timed(*args, **kwargs):
            start = time.perf_counter()
            try:
                return original(*args, **kwargs)
            finally:
                took = time.perf_counter() - start
                self.timed[label].append(took)
                if took > 0.05:
                    self.slow.append((label, time.time() - took, took))
        setattr(cls, name, timed)

    async def _monitor(self):
        while True:
            start = time.perf_counter()
            await asyncio.sleep(0.005)
            late = time.perf_counter() - start - 0.005
            if late > 0.05:
                self.lags.append((time.time() - late, late))

    async def run(self, host):
        asyncio.get_running_loop().create_task(self._monitor())
        reader = asyncio.StreamReader()
        await asyncio.get_running_loop().connect_read_pipe(lambda: asyncio.StreamReaderProtocol(reader), sys.stdin)
        await reader.readline()
        pct = lambda xs, q: sorted(xs)[min(len(xs) - 1, int(q * len(xs)))] * 1000 if xs else 0.0
        print(json.dumps({
            "lags": self.lags, "slow": self.slow,
            "timed": {k: {"n": len(v), "p50": pct(v, 0.5), "p99": pct(v, 0.99), "max": max(v, default=0) * 1000}
                      for k, v in self.timed.items()},
        }), flush=True)
        await asyncio.Event().wait()

asyncio.run(main(sys.argv[1], int(sys.argv[2])))
"""


HOST_FLAGS: list[str] = []
#: Latencies and loop lags above this are stalls, listed by --probe.
STALL = 0.1


class Stats:
    def __init__(self) -> None:
        self.sent: dict[tuple[str, int], tuple[float, TableClient]] = {}
        self.latencies: list[float] = []
        self.stalls: list[tuple[float, float]] = []  # (wall clock when sent, seconds) over STALL
        self.client_lags: list[tuple[float, float]] = []  # this process's loop, late by over STALL
        self.actions = 0
        self.refusals = 0
        self.started = 0.0  # wall clock when the players start

    def seen(self, client: TableClient, update: Update) -> None:
        sent = self.sent.get((update.table, update.version))
        if sent is not None and sent[1] is not client:
            latency = time.perf_counter() - sent[0]
            self.latencies.append(latency)
            if latency > STALL:
                self.stalls.append((time.time() - latency, latency))

    async def monitor(self) -> None:
        """The clients' own event loop: a late wake-up delays every update it receives."""
        while True:
            start = time.perf_counter()
            await asyncio.sleep(0.005)
            late = time.perf_counter() - start - 0.005
            if late > STALL:
                self.client_lags.append((time.time() - late, late))


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


async def churn(clients: list[TableClient], game: str, every: float, until: float) -> None:
    """The lobby while people play: a newcomer opens a table every `every` seconds, which
    pushes the lobby to every connection."""
    for client in clients:
        await asyncio.sleep(every)
        if time.perf_counter() >= until:
            return
        client.send(CreateTable(game=game, seats=[SeatRequest("me"), SeatRequest("open")]))
        await client.wait_for(lambda r: isinstance(r, (Done, Refused)))


async def main(tables: int, seconds: float, game: str, churn_every: float = 0.0) -> None:
    seats = 4
    newcomers = int(seconds / churn_every) if churn_every else 0
    with tempfile.TemporaryDirectory(prefix="campfire-bench-") as root:
        host = await asyncio.create_subprocess_exec(
            sys.executable,
            "-c",
            HOST_CODE,
            root,
            str(tables * seats + newcomers),
            *HOST_FLAGS,
            stdin=asyncio.subprocess.PIPE,
            stdout=asyncio.subprocess.PIPE,
            cwd=ROOT,
        )
        probe = None
        try:
            started = json.loads(await asyncio.wait_for(host.stdout.readline(), 60))
            stats = Stats()
            clients = [await TableClient.connect(started["socket"], t) for t in started["tokens"]]
            clients, arriving = clients[: tables * seats], clients[tables * seats :]
            for client in clients:
                client.on_message = lambda reply, c=client: isinstance(reply, Update) and stats.seen(c, reply)
            table_ids = []
            for number in range(tables):
                owner, *friends = clients[number * seats : (number + 1) * seats]
                owner.send(CreateTable(game=game, seats=[SeatRequest("me")] + [SeatRequest("open")] * (seats - 1)))
                made = await owner.wait_for(lambda r: isinstance(r, (Done, Refused)))
                assert isinstance(made, Done), made
                for friend in friends:
                    friend.send(Join(table=made.table))
                    await friend.wait_for(lambda r: isinstance(r, (Done, Refused)))
                table_ids.append(made.table)
            until = time.perf_counter() + seconds
            monitor = asyncio.create_task(stats.monitor())
            stats.started = time.time()
            rng = random.Random(1)
            await asyncio.gather(
                churn(arriving, game, churn_every, until),
                *(
                    player(clients[n], table_ids[n // seats], stats, random.Random(rng.random()), until)
                    for n in range(tables * seats)
                ),
            )
            monitor.cancel()
            if "--probe" in HOST_FLAGS:
                host.stdin.write(b"report\n")
                probe = json.loads(await asyncio.wait_for(host.stdout.readline(), 60))
            for client in clients + arriving:
                await client.close()
        finally:
            host.kill()
            await host.wait()
    report(stats, tables, seats, seconds)
    if newcomers:
        print(f"a new table every {churn_every:g} s while playing ({newcomers} in all)")
    if probe is not None:
        explain(stats, probe)


def report(stats: Stats, tables: int, seats: int, seconds: float) -> None:
    latencies = sorted(stats.latencies)
    if not latencies:
        print("no update was measured")
        return
    p = lambda q: latencies[min(len(latencies) - 1, int(q * len(latencies)))] * 1000  # noqa: E731
    print(f"{tables} tables x {seats} seats = {tables * seats} connections, {seconds:.0f} s")
    print(f"actions applied: {stats.actions} ({stats.actions / seconds:.1f}/s), refused: {stats.refusals}")
    print(
        f"action -> other players' update: n={len(latencies)} median {statistics.median(latencies) * 1000:.1f} ms,"
        f" p95 {p(0.95):.1f} ms, p99 {p(0.99):.1f} ms, max {latencies[-1] * 1000:.1f} ms"
    )


def explain(stats: Stats, probe: dict) -> None:
    """Each stall beside what overlapped it: the host's loop running late (and a slow store
    write or broadcast inside that), or the clients' own loop running late."""
    for label, figures in probe["timed"].items():
        print(
            f"host {label}: n={figures['n']} median {figures['p50']:.2f} ms, p99 {figures['p99']:.2f} ms,"
            f" max {figures['max']:.1f} ms"
        )
    lags = [(at - stats.started, late) for at, late in probe["lags"]]
    print(
        f"host loop late by > {STALL * 1000:.0f} ms: {len(lags)} times, {sum(1 for at, _ in lags if at < 0)} before"
        f" the players start; clients' loop: {len(stats.client_lags)} times; stalled updates: {len(stats.stalls)}"
    )
    print(
        "  host late while playing (s from the start: ms late):",
        ", ".join(f"{at:.1f}: {late * 1000:.0f}" for at, late in lags if at + late > 0)[:600],
    )

    def overlapping(spans, start, end):
        return [s for s in spans if s[0] < end and s[0] + s[-1] > start]

    causes: dict[str, int] = {}
    for start, latency in stats.stalls:
        end = start + latency
        host_late = overlapping(probe["lags"], start, end)
        slow = [f"{label} {took * 1000:.0f} ms" for label, at, took in probe["slow"] if at < end and at + took > start]
        client_late = overlapping(stats.client_lags, start, end)
        cause = "host loop" if host_late else "clients' loop" if client_late else "neither loop"
        causes[cause] = causes.get(cause, 0) + 1
        if sum(causes.values()) <= 12:
            print(
                f"  stall at {start - stats.started:.1f} s, {latency * 1000:.0f} ms: host late {[round(late * 1000) for _, late in host_late]},"
                f" clients late {[round(late * 1000) for _, late in client_late]}, slow host calls {slow}"
            )
    print("stalls overlapping:", ", ".join(f"{k} {v}" for k, v in sorted(causes.items())) or "none")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=50)
    parser.add_argument("--seconds", type=float, default=30.0)
    parser.add_argument("--game", default="bivi")
    parser.add_argument("--nogc", action="store_true", help="host without garbage collection (diagnosis)")
    parser.add_argument(
        "--churn",
        type=float,
        default=0.0,
        metavar="S",
        help="a newcomer opens a table every S seconds while the others play",
    )
    parser.add_argument("--probe", action="store_true", help="time the host's loop, store writes and broadcasts")
    args = parser.parse_args()
    if args.nogc:
        HOST_FLAGS.append("--nogc")
    if args.probe:
        HOST_FLAGS.append("--probe")
    asyncio.run(main(args.tables, args.seconds, args.game, args.churn))
