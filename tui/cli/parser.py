"""The `campfire` command line's parser: the sub-commands and their flags. Built only when
there are arguments, so a bare `campfire` (the launcher) never imports argparse."""

from __future__ import annotations

import sys
import typing
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from engines.registry import GAMES
from tui.cli.base import USAGE_ERROR, one_line

if TYPE_CHECKING:
    import argparse


def _parser_class() -> type[argparse.ArgumentParser]:
    """argparse, but a bad argument is echoed made printable and cut short: a 50 MB or
    escape-laden argument must not come back on the terminal as is. Built on first use, so a
    bare `campfire` never imports argparse."""
    import argparse

    class Parser(argparse.ArgumentParser):
        def error(self, message: str) -> typing.NoReturn:
            self.print_usage(sys.stderr)
            self.exit(USAGE_ERROR, f"{self.prog}: error: {one_line(message)}\n")

    return Parser


def _version_action() -> type[argparse.Action]:
    """`--version`, looking the version up only when asked (it costs the launcher time)."""
    import argparse

    class VersionAction(argparse.Action):
        def __init__(self, option_strings: Sequence[str], dest: str = argparse.SUPPRESS, **kwargs: Any) -> None:
            super().__init__(
                option_strings, dest=dest, default=argparse.SUPPRESS, nargs=0, help="show the version and exit"
            )

        def __call__(self, parser: argparse.ArgumentParser, *args: Any, **kwargs: Any) -> None:
            from saves.format import app_version

            print(f"campfire {app_version()}")
            parser.exit()

    return VersionAction


def build_parser() -> argparse.ArgumentParser:
    import argparse

    from saves.store import SAVE_DIR_ENV

    Parser = _parser_class()
    # --save-dir is accepted before or after the sub-command; SUPPRESS keeps a later
    # sub-parser from resetting a value given before it.
    common = Parser(add_help=False)
    common.add_argument(
        "--save-dir",
        metavar="DIR",
        default=argparse.SUPPRESS,
        help=f"save folder (overrides ${SAVE_DIR_ENV} and the default user-data folder)",
    )
    games = ", ".join(g.id for g in GAMES if g.ready) or "none yet"
    parser = Parser(
        prog="campfire",
        parents=[common],
        description=f"A terminal tabletop. Without a command, opens the launcher. Games: {games}.",
    )
    parser.add_argument("--version", action=_version_action())
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")

    play = sub.add_parser("play", parents=[common], help="start a new game")
    play.add_argument("game", metavar="GAME")
    play.add_argument(
        "--seats",
        help="comma-separated seats: human or a bot level, optionally Name:kind "
        "(levels: random, easy, normal, hard, expert, as the game offers; heuristic is normal) "
        "(default: you against the game's normal bot)",
    )
    play.add_argument("--seed", type=int, help="seed for a repeatable game (default: a fresh one)")
    _option_flag(play)

    load = sub.add_parser("load", parents=[common], help="open a save file")
    load.add_argument("file", metavar="FILE", type=Path)

    _replay_parser(sub, common)

    rules = sub.add_parser("rules", parents=[common], help="print a game's rules reference as Markdown")
    rules.add_argument("game", metavar="GAME")
    rules.add_argument("topic", metavar="TOPIC", nargs="*", help="a section anchor or words to look for")

    saves = sub.add_parser("saves", parents=[common], help="list, verify or locate save files")
    saves_sub = saves.add_subparsers(dest="saves_command", metavar="ACTION")
    saves_sub.add_parser("list", parents=[common], help="list saves, newest first (the default)")
    check = saves_sub.add_parser("verify", parents=[common], help="replay a save and check its digest")
    check.add_argument("file", metavar="FILE", type=Path)
    saves_sub.add_parser("locate", parents=[common], help="print the save folder")

    sim = sub.add_parser(
        "sim",
        parents=[common],
        help="play bot-only games and report results",
        description="Play bot-only games; game i is seeded with SEED+i. With --json, one JSON "
        'object per game, then a {"summary": ...} line. Seats and winners are seat indexes '
        "from 0. Output is identical for the same arguments except the 'seconds' fields; "
        "--no-timing sets those to 0 for byte-identical runs.",
    )
    sim.add_argument("game", metavar="GAME")
    sim.add_argument(
        "--seats",
        help="comma-separated bot levels, e.g. normal,random (random, easy, normal, hard, expert, "
        "as the game offers; heuristic is normal) (default: normal bots, as many as the game's usual minimum)",
    )
    sim.add_argument("--games", type=_positive, default=10, help="number of games (default 10)")
    sim.add_argument("--seed", type=int, default=1, help="seed of the first game (default 1)")
    sim.add_argument("--json", action="store_true", help="JSON lines instead of a table")
    sim.add_argument("--no-timing", action="store_true", help="report 0 for every 'seconds' field")
    sim.add_argument("--keep", type=Path, metavar="DIR", help="write every game played as a save file in DIR")
    sim.add_argument("--chart", action="store_true", help="draw each seat's score distribution (not with --json)")
    sim.add_argument(
        "--progress",
        action=argparse.BooleanOptionalAction,
        default=None,
        help="a progress bar on stderr (default: only when stderr is a terminal)",
    )
    _option_flag(sim)
    _serve_parser(sub)
    _admin_parser(sub)
    return parser


def _replay_parser(sub: Any, common: argparse.ArgumentParser) -> None:
    replay = sub.add_parser(
        "replay",
        parents=[common],
        help="step through a save file, read-only, or export it as a document",
        description="Open a save in the replay viewer (nothing is written: a save another session "
        "is playing can be replayed). Before the game's end it shows one seat's view.",
    )
    replay.add_argument("file", metavar="FILE", type=Path)
    replay.add_argument("--seat", metavar="SEAT", help="whose view: a seat number from 1 or a name (default: asked)")
    replay.add_argument(
        "--export", choices=["md", "txt"], help="print the whole game as a document (Markdown or plain text)"
    )
    replay.add_argument("--output", type=Path, metavar="PATH", help="with --export: write the document here")


def _serve_parser(sub: Any) -> None:
    serve = sub.add_parser(
        "serve",
        help="host games over SSH, one game per connection",
        description="An SSH server where every connection plays its own Campfire; needs the "
        "'server' extra (pip install 'campfire[server]'). Players are told apart by their SSH "
        "key; clients without a key play as guests unless --allow-keys is given.",
    )
    serve.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1)")
    serve.add_argument("--port", type=int, default=2222, help="port to listen on (default 2222)")
    serve.add_argument(
        "--host-key",
        type=Path,
        metavar="PATH",
        help="host private key (default: an ed25519 key made on first run in the data root)",
    )
    serve.add_argument(
        "--max-sessions", type=_positive, default=16, metavar="N", help="games at the same time (default 16)"
    )
    serve.add_argument(
        "--max-per-ip",
        type=_positive,
        default=4,
        metavar="N",
        help="games at the same time from one address (default 4)",
    )
    serve.add_argument(
        "--idle-timeout",
        type=_positive,
        default=1800,
        metavar="S",
        help="end a game after this many seconds without a key press or anything new on screen (default 1800)",
    )
    serve.add_argument(
        "--data-root",
        type=Path,
        metavar="DIR",
        help="players' saves and settings, the host key and the log (default: the user-data folder's 'server' folder)",
    )
    serve.add_argument(
        "--allow-keys",
        type=Path,
        metavar="FILE",
        help="only these public keys may play (authorized_keys format); no guests",
    )
    serve.add_argument(
        "--no-template",
        dest="template",
        action="store_false",
        help="start each game afresh rather than forking it from a process that has "
        "everything imported (slower arrivals, more memory per player)",
    )


def _admin_parser(sub: Any) -> None:
    admin = sub.add_parser(
        "admin",
        help="operate a running campfire serve: who, tables, ban, close, backup, prune",
        description="Commands against a campfire serve data root, safe while the server runs.",
    )
    admin.add_argument(
        "--data-root", type=Path, metavar="DIR", help="the server's data root (default: as campfire serve)"
    )
    actions = admin.add_subparsers(dest="admin_command", metavar="ACTION", required=True)
    actions.add_parser("who", help="who is playing now: key mark, name, since when, tables")
    actions.add_parser("tables", help="live and finished tables, and any that cannot be replayed")
    for name, words in (("ban", "refuse a key at login and send its sessions away"), ("unban", "lift a ban")):
        action = actions.add_parser(name, help=words)
        action.add_argument("key", metavar="KEY", help="the key's fingerprint (SHA256:...) or its 4-character mark")
    close = actions.add_parser("close", help="end a table: its players are told, it stays as finished")
    close.add_argument("table", metavar="TABLE")
    backup = actions.add_parser("backup", help="a consistent copy of tables.sqlite3, while the server runs")
    backup.add_argument("file", metavar="FILE", type=Path)
    prune = actions.add_parser("prune", help="remove guest folders left behind and long-unused player folders")
    prune.add_argument("--days", type=_positive, default=180, metavar="N", help="unused for N days (default 180)")
    prune.add_argument("--dry-run", action="store_true", help="only list what would be removed")
    export = actions.add_parser("export", help="write a table as a save file that campfire load replays")
    export.add_argument("table", metavar="TABLE")
    export.add_argument("file", metavar="FILE", type=Path)


def _option_flag(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="KEY=VALUE",
        help="a game option, e.g. mode=expert (repeatable)",
    )


def _positive(text: str) -> int:
    import argparse

    value = int(text)
    if value < 1:
        raise argparse.ArgumentTypeError("must be at least 1")
    return value
