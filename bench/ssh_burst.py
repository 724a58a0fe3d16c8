"""A burst of SSH arrivals: how long players wait for the launcher, and what each one costs.

`campfire serve` runs in its own process (loopback, an ephemeral port, a temporary data
root), once forking games from its template (the default) and once spawning each afresh
(`--no-template`), the two taking turns going first over the rounds. In each, N guests
(asyncssh clients, each drawing on a pyte screen of 100x30) start connecting at even
intervals within `--spread` seconds; each one's time runs from opening its connection to
its screen showing the launcher (login and first frame, as a player waits for them). Once
every launcher is drawn and the sessions have sat idle for `--idle` seconds, the
proportional set size (PSS, /proc/PID/smaps_rollup: shared pages split between the
processes that share them) of every game, the template's, and the gateway's resident set
are read. "per session" adds to a game's PSS its share of the template's.

    .venv/bin/python bench/ssh_burst.py [--arrivals 30] [--spread 1.0] [--rounds 1]

Goals (issue 26): with the template, p95 first screen <= 1.5 s and an idle session
<= 25 MB PSS; the plain spawn is the anchor, measured in the same run.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import re
import signal
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

import asyncssh
import pyte

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:  # run as a script: `bench` and the packages from the worktree
    sys.path.insert(0, str(ROOT))

from bench.stats import Row, Spread, table  # noqa: E402

LAUNCHER = "Ready to play"
SIZE = (100, 30)
FIRST_SCREEN_GOAL = 1.5  # seconds, p95
PSS_GOAL = 25.0  # MB per idle session
ARRIVAL_TIMEOUT = 180.0
MB = 1000 * 1000


@dataclass
class Burst:
    """One mode's figures."""

    mode: str
    first_screen: list[float] = field(default_factory=list)  # seconds
    game_pss: list[float] = field(default_factory=list)  # MB per game
    template_pss: float = 0.0
    gateway_rss: float = 0.0
    failed: int = 0
    problems: list[str] = field(default_factory=list)  # why arrivals failed, games ended early
    game_cpu: list[float] = field(default_factory=list)  # CPU seconds each game used
    gateway_cpu: float = 0.0  # over the burst and the idle time
    client_cpu: float = 0.0  # this process: the SSH clients and their pyte screens
    #: Each game's PSS plus its share of the template's (filled by `share_template`).
    per_session: list[float] = field(default_factory=list)

    def share_template(self) -> None:
        share = self.template_pss / len(self.game_pss) if self.game_pss else 0.0
        self.per_session = [pss + share for pss in self.game_pss]


async def start_server(data_root: Path, template: bool, arrivals: int) -> tuple[subprocess.Popen[str], int]:
    command = [
        sys.executable,
        "-m",
        "tui",
        "serve",
        "--port",
        "0",
        "--data-root",
        str(data_root),
        "--max-sessions",
        str(arrivals + 4),
        "--max-per-ip",
        str(arrivals + 4),
        *([] if template else ["--no-template"]),
    ]
    env = dict(os.environ)
    env.pop("PYTHONDONTWRITEBYTECODE", None)  # a normal install has its bytecode
    server = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, cwd=ROOT, env=env)
    assert server.stdout is not None
    line = await asyncio.wait_for(asyncio.to_thread(server.stdout.readline), 120)
    found = re.search(r"port (\d+)", line)
    if not found:
        server.kill()
        raise RuntimeError(f"campfire serve did not start: {line!r}")
    return server, int(found.group(1))


async def arrive(port: int, delay: float) -> tuple[float, asyncssh.SSHClientConnection]:
    """Seconds from opening the connection to the launcher on screen, and the connection."""
    await asyncio.sleep(delay)
    began = time.monotonic()
    conn = await asyncssh.connect(
        "127.0.0.1",
        port,
        username="bench",
        known_hosts=None,
        agent_path=None,
        client_keys=[],
        password="unused",
        config=[],
    )
    process = await conn.create_process(term_type="xterm-256color", term_size=SIZE, encoding=None)
    screen = pyte.Screen(*SIZE)
    stream = pyte.ByteStream(screen)
    while True:
        chunk = await process.stdout.read(65536)
        if not chunk:
            raise RuntimeError("the session closed before the launcher was drawn")
        stream.feed(chunk)
        if any(LAUNCHER in line for line in screen.display):
            elapsed = time.monotonic() - began
            asyncio.ensure_future(_drain(process))  # keep reading, as a terminal does
            return elapsed, conn


async def _drain(process: asyncssh.SSHClientProcess[bytes]) -> None:
    try:
        while await process.stdout.read(65536):
            pass
    except (asyncssh.Error, OSError):
        pass


def pss_mb(pid: int) -> float:
    with open(f"/proc/{pid}/smaps_rollup", encoding="ascii") as rollup:
        found = re.search(r"^Pss:\s+(\d+) kB", rollup.read(), re.MULTILINE)
    assert found, f"no Pss for {pid}"
    return int(found.group(1)) * 1000 / MB


def cpu_seconds(pid: int) -> float:
    """User and system CPU time `pid` has used."""
    with open(f"/proc/{pid}/stat", encoding="ascii") as stat:
        fields = stat.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def own_cpu() -> float:
    times = os.times()
    return times.user + times.system


def rss_mb(pid: int) -> float:
    with open(f"/proc/{pid}/status", encoding="ascii") as status:
        found = re.search(r"^VmRSS:\s+(\d+) kB", status.read(), re.MULTILINE)
    assert found, f"no VmRSS for {pid}"
    return int(found.group(1)) * 1000 / MB


def logged(data_root: Path, event: str) -> list[dict[str, object]]:
    text = (data_root / "gateway.log").read_text(encoding="utf-8")
    entries = [json.loads(line) for line in text.splitlines() if line]
    return [entry for entry in entries if entry.get("event") == event]


async def burst(mode: str, arrivals: int, spread: float, idle: float, folder: Path) -> Burst:
    data_root = Path(tempfile.mkdtemp(prefix=f"{mode}-", dir=folder))  # a fresh log each burst
    server, port = await start_server(data_root, mode == "template", arrivals)
    result = Burst(mode)
    connections: list[asyncssh.SSHClientConnection] = []
    try:
        gateway_before, client_before = cpu_seconds(server.pid), own_cpu()
        step = spread / arrivals
        outcomes = await asyncio.wait_for(
            asyncio.gather(*(arrive(port, number * step) for number in range(arrivals)), return_exceptions=True),
            ARRIVAL_TIMEOUT,
        )
        for outcome in outcomes:
            if isinstance(outcome, BaseException):
                result.failed += 1
                result.problems.append(f"arrival failed: {outcome!r}"[:200])
            else:
                result.first_screen.append(outcome[0])
                connections.append(outcome[1])
        await asyncio.sleep(idle)
        started = logged(data_root, "game started")
        how = {str(entry.get("how")) for entry in started}
        if how != {"forked" if mode == "template" else "spawned"}:
            raise RuntimeError(f"{mode}: games were {how}")
        ended = {int(str(entry["pid"])): entry for entry in logged(data_root, "game ended")}
        for entry in ended.values():
            result.problems.append(f"game ended early: {entry.get('reason')}, status {entry.get('status')}")
        running = [int(str(entry["pid"])) for entry in started if int(str(entry["pid"])) not in ended]
        result.game_pss = [pss_mb(pid) for pid in running]
        result.game_cpu = [cpu_seconds(pid) for pid in running]
        result.gateway_cpu = cpu_seconds(server.pid) - gateway_before
        result.client_cpu = own_cpu() - client_before
        templates = logged(data_root, "template started")
        if templates:
            result.template_pss = pss_mb(int(str(templates[-1]["pid"])))
        result.gateway_rss = rss_mb(server.pid)
        result.share_template()
    finally:
        for conn in connections:
            conn.abort()
        server.send_signal(signal.SIGTERM)
        await asyncio.to_thread(server.wait, 60)
    return result


def load() -> str:
    one, five, _ = os.getloadavg()
    return f"{one:.1f}/{five:.1f}"


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--arrivals", type=int, default=30)
    parser.add_argument("--spread", type=float, default=1.0, help="seconds over which they arrive")
    parser.add_argument("--idle", type=float, default=5.0, help="seconds idle before memory is read")
    parser.add_argument("--rounds", type=int, default=1)
    args = parser.parse_args()
    results: dict[str, list[Burst]] = {"template": [], "spawn": []}
    loads = [load()]
    with tempfile.TemporaryDirectory(prefix="campfire-burst-") as folder:
        for round_number in range(args.rounds):
            order = ("template", "spawn") if round_number % 2 == 0 else ("spawn", "template")
            for mode in order:
                results[mode].append(await burst(mode, args.arrivals, args.spread, args.idle, Path(folder)))
                loads.append(load())
    merged = {mode: _merge(mode, bursts) for mode, bursts in results.items()}
    forked, spawned = merged["template"], merged["spawn"]
    first_forked, first_spawned = Spread.of(forked.first_screen), Spread.of(spawned.first_screen)
    pss_forked, pss_spawned = Spread.of(forked.per_session), Spread.of(spawned.per_session)
    rows = [
        Row(
            goal=f"first screen, {args.arrivals} arrivals in {args.spread:g} s: p95 <= {FIRST_SCREEN_GOAL} s",
            anchor=Spread(*(value * 1000 for value in _figures(first_spawned)), first_spawned.count),
            measured=Spread(*(value * 1000 for value in _figures(first_forked)), first_forked.count),
            unit="ms",
            ratio=first_forked.p95 / first_spawned.p95,
            met=first_forked.p95 <= FIRST_SCREEN_GOAL and not forked.failed,
            note=f"anchor: plain spawn; max {max(forked.first_screen) * 1000:.0f} ms vs "
            f"{max(spawned.first_screen) * 1000:.0f} ms; failed {forked.failed} vs {spawned.failed}",
        ),
        Row(
            goal=f"PSS per idle session <= {PSS_GOAL:g} MB",
            anchor=pss_spawned,
            measured=pss_forked,
            unit="MB",
            ratio=pss_forked.median / pss_spawned.median,
            met=pss_forked.p95 <= PSS_GOAL,
            note=f"with the template's share: template {forked.template_pss:.1f} MB PSS, "
            f"a game alone {Spread.of(forked.game_pss).median:.1f} MB",
        ),
    ]
    print(table(rows))
    for one in (forked, spawned):
        for problem in sorted(set(one.problems)):
            print(f"{one.mode}: {problem} (x{one.problems.count(problem)})")
    for one in (forked, spawned):
        count = max(1, len(one.game_cpu))
        print(
            f"{one.mode}: CPU per arrival {Spread.of(one.game_cpu or [0.0]).median * 1000:.0f} ms in the game "
            f"(median, until idle), {one.gateway_cpu / count * 1000:.0f} ms in the gateway, "
            f"{one.client_cpu / count * 1000:.0f} ms in the clients (SSH and pyte)"
        )
    print(
        f"gateway RSS: {forked.gateway_rss:.1f} MB with the template, {spawned.gateway_rss:.1f} MB without; "
        f"load average (1/5 min) before and after each burst: {', '.join(loads)}; {os.cpu_count()} cores"
    )


def _figures(spread: Spread) -> tuple[float, float, float]:
    return spread.low, spread.median, spread.p95


def _merge(mode: str, bursts: list[Burst]) -> Burst:
    merged = Burst(mode)
    for one in bursts:
        merged.first_screen += one.first_screen
        merged.game_pss += one.game_pss
        merged.per_session += one.per_session
        merged.game_cpu += one.game_cpu
        merged.gateway_cpu += one.gateway_cpu
        merged.client_cpu += one.client_cpu
        merged.failed += one.failed
        merged.problems += one.problems
    merged.template_pss = max(one.template_pss for one in bursts)
    merged.gateway_rss = max(one.gateway_rss for one in bursts)
    return merged


if __name__ == "__main__":
    asyncio.run(main())
