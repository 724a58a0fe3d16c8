"""`campfire sim`: bot-only games, a table of results with win rates and their 95% (Wilson)
intervals, or JSON lines for scripts.

A progress bar goes to stderr while the games are played (when stderr is a terminal, or
with --progress), never to stdout: `--json` output is exactly what it always was. Rich is
imported only to draw that bar, so `sim` without one stays as quick to start as before.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any

from saves.limits import printable
from tui.cli.base import UserError, game_engine, text_table

if TYPE_CHECKING:
    import argparse
    from collections.abc import Callable

    from engines.core.match import SeatSpec


def run_sim(args: argparse.Namespace) -> int:
    import msgspec

    from engines.core.levels import bot_seat_name, default_level, level_name, offered_levels
    from engines.core.match import Match, SeatSpec, parse_seats
    from engines.core.sim import simulate, summarize
    from saves.start import default_seats, parse_options

    engine = game_engine(args.game)
    if args.chart and args.json:
        raise UserError("--chart draws for people: leave out --json.")
    if args.seats:
        seats = parse_seats(args.seats, engine)
    else:
        level = default_level(engine) or "random"
        seats = [SeatSpec(bot_seat_name(level, n + 1), "bot", level) for n in range(len(default_seats(engine)))]
    humans = [n + 1 for n, seat in enumerate(seats) if not seat.is_bot]
    if humans:
        raise UserError(
            f"sim plays bots only, but seat {humans[0]} is human (levels: {', '.join(offered_levels(engine))})."
        )
    options = parse_options(engine, args.option)
    Match(engine, options, seats, args.seed)  # refuse bad setups before the first game
    results = []
    out = sys.stdout
    keep = _sim_keeper(args.keep, engine.info.id) if args.keep else None
    if not args.json:
        print(
            f"{engine.info.title}: {args.games} game{'s' if args.games != 1 else ''}, seeds "
            f"{args.seed}..{args.seed + args.games - 1}, seats {', '.join(level_name(s.level) for s in seats)}"
        )
    shown = sys.stderr.isatty() if args.progress is None else args.progress
    with _progress(args.games, engine.info.title, shown) as advance:
        for result in simulate(engine, options, seats, args.seed, args.games, keep):
            if args.no_timing:
                result["seconds"] = 0.0
            results.append(result)
            if args.json:
                out.write(msgspec.json.encode(result).decode() + "\n")
            out.flush()
            advance()
    summary = summarize(engine, seats, args.seed, results)
    if args.json:
        out.write(msgspec.json.encode({"summary": summary}).decode() + "\n")
    else:
        out.write(_sim_table(seats, results, summary) + "\n")
        if args.chart:
            out.write(_sim_charts(seats, results) + "\n")
    if args.keep:
        where = printable(str(args.keep))
        print(f"Saved {len(results)} game{'s' if len(results) != 1 else ''} in {where}.", file=sys.stderr)
    return 0


@contextmanager
def _progress(games: int, title: str, shown: bool) -> Iterator[Callable[[], None]]:
    """A function to call after each game: it moves a bar on stderr when `shown`, and does
    nothing otherwise (rich is not even imported)."""
    if not shown:
        yield lambda: None
        return
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

    # A terminal's escapes even when stderr is not one: the flag asked for the bar.
    console = Console(file=sys.stderr, force_terminal=True)
    with Progress(
        TextColumn("{task.description}", markup=False),
        BarColumn(),
        MofNCompleteColumn(),
        TextColumn("games"),
        TimeElapsedColumn(),
        console=console,
        transient=False,
    ) as progress:
        task = progress.add_task(title, total=games)
        yield lambda: progress.advance(task)


def _sim_keeper(folder: Path, game: str) -> Any:
    """Saves every game `sim` plays as an ordinary save file, named by game and seed (an
    existing file of that name is replaced, keeping it as NAME.prev.json like any save)."""
    from saves.store import write_match

    folder = folder.expanduser().absolute()

    def keep(match: Any) -> None:
        write_match(match, folder / f"{game}-seed{match.seed}.json")

    return keep


def _sim_charts(seats: list[SeatSpec], results: list[dict[str, Any]]) -> str:
    """One histogram of final scores per seat, in ASCII when the settings or the output
    ask for it."""
    from engines.core.levels import level_name
    from tui.charts import histogram

    ascii = _ascii_output()
    width = max(40, min(100, _terminal_width()))
    charts = [
        histogram(
            [r["scores"][n] for r in results],
            f"Seat {n + 1} ({level_name(seat.level)}): final scores",
            width,
            12,
            ascii=ascii,
        )
        for n, seat in enumerate(seats)
    ]
    return "\n\n" + "\n\n".join(charts)


def _terminal_width() -> int:
    import shutil

    return shutil.get_terminal_size((100, 24)).columns


def _ascii_output() -> bool:
    """The ASCII glyph set is chosen in the settings, or stdout cannot show box lines."""
    from tui.settings import read_settings, settings_path

    try:
        "┌─┐".encode(sys.stdout.encoding or "ascii")
    except (UnicodeEncodeError, LookupError):
        return True
    return read_settings(settings_path())[0].glyphs == "ascii"


def _interval(wins: float, played: int) -> str:
    from engines.core.sim import wilson

    low, high = wilson(wins, played)
    return f"{low:.1%} - {high:.1%}"


def _sim_table(seats: list[SeatSpec], results: list[dict[str, Any]], summary: dict[str, Any]) -> str:
    from engines.core.levels import level_name

    games = summary["games"]
    rows = [["Game", "Seed", "Winners", "Scores", "Turns", "Actions", "Seconds"]]
    for n, r in enumerate(results, start=1):
        rows.append(
            [
                str(n),
                str(r["seed"]),
                ", ".join([str(w + 1) for w in r["winners"]] + [v["name"] for v in r["rivals"] if v["won"]]) or "none",
                " ".join([str(s) for s in r["scores"]] + [f"({v['name']} {v['score']})" for v in r["rivals"]]),
                str(r["turns"]),
                str(r["actions"]),
                f"{r['seconds']:.3f}",
            ]
        )
    seat_rows = [["Seat", "Level", "Wins", "Win rate", "95% interval", "Mean score"]]
    for n, seat in enumerate(seats):
        wins = summary["wins_by_seat"][n]
        seat_rows.append(
            [
                str(n + 1),
                level_name(seat.level),
                str(wins),
                f"{summary['win_rate_by_seat'][n]:.1%}",
                _interval(wins, games),
                f"{summary['mean_score_by_seat'][n]:.1f}",
            ]
        )
    for name, wins in summary["rival_wins"].items():  # an automa without a seat, such as Tom
        seat_rows.append(
            [
                "-",
                name,
                str(wins),
                f"{summary['rival_win_rate'][name]:.1%}",
                _interval(wins, games),
                f"{summary['rival_mean_score'][name]:.1f}",
            ]
        )
    tables = [text_table(rows, right={0, 1, 4, 5, 6}), text_table(seat_rows, right={0, 2, 3, 4, 5})]
    by_level = _level_rows(seats, summary)
    if by_level is not None:
        tables.append(text_table(by_level, right={1, 2, 3, 4, 5}))
    totals = (
        f"Shared wins: {summary['shared_wins']}. Mean turns: {summary['mean_turns']}. "
        f"Mean actions: {summary['mean_actions']}. Total seconds: {summary['seconds']:.3f}."
    )
    return "\n\n".join([*tables, totals])


def _level_rows(seats: list[SeatSpec], summary: dict[str, Any]) -> list[list[str]] | None:
    """Each level's wins over the seat-games it played, when some level sat in more than
    one seat (otherwise the seat table says it all). A shared win counts for every winner."""
    from engines.core.levels import level_name

    names = [level_name(seat.level) for seat in seats]
    if len(set(names)) == len(names):
        return None
    rows = [["Level", "Seats", "Wins", "Seat-games", "Win rate", "95% interval"]]
    for name in dict.fromkeys(names):
        held = [n for n, other in enumerate(names) if other == name]
        wins = sum(summary["wins_by_seat"][n] for n in held)
        played = summary["games"] * len(held)
        rate = wins / played if played else 0.0
        rows.append([name, str(len(held)), str(wins), str(played), f"{rate:.1%}", _interval(wins, played)])
    return rows
