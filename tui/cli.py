"""The `campfire` command: the launcher by default, plus what people script or check.

Only the game registry and the light parts of saves are imported at start-up; a command
imports what it uses (argparse when there are arguments, msgspec, engines.core and the
save store for the commands that play, read or list games): a bare `campfire` (the
launcher) needs none of it before its first frame. Textual is imported when a command
actually opens the app, so `rules`, `saves` and `sim` stay quick over SSH.
User mistakes (unknown game, bad seats or options: exit 2; a bad save file or an unknown
rules topic: exit 1) are one sentence on stderr, never a traceback.
"""

from __future__ import annotations

import gc
import os
import sys
import typing
from collections.abc import Sequence, Set as AbstractSet
from pathlib import Path
from typing import TYPE_CHECKING, Any

from engines.registry import GAMES, find_game, load_engine
from saves.errors import SaveError
from saves.limits import clean_name, name_problem, printable, quote, seed_problem

if TYPE_CHECKING:
    import argparse

    from engines.core.match import SeatSpec
    from engines.core.protocol import Engine
    from engines.core.rules import RulesBook
    from saves.start import StartRequest

# The rules books (and their Markdown parsing) are imported by the commands that read them:
# a bare `campfire` (the launcher) has no use for them before its first paint.

USAGE_ERROR = 2
BAD_FILE = 1
#: A line on stderr never grows past this, whatever it quotes.
MAX_LINE = 400


class UserError(Exception):
    """A mistake the user can fix; printed as is, with `code` as the exit status."""

    def __init__(self, message: str, code: int = USAGE_ERROR) -> None:
        super().__init__(message)
        self.code = code


# -- parser ----------------------------------------------------------------------------------
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


# -- entry point -----------------------------------------------------------------------------
def main(argv: Sequence[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else list(argv)
    args: argparse.Namespace | None = None
    if argv:
        parser = build_parser()
        try:
            args = parser.parse_args(argv)
        except SystemExit as exit_:  # --help, --version and usage errors
            return exit_.code if isinstance(exit_.code, int) else USAGE_ERROR
    # A bare `campfire` opens the launcher with nothing to read: argparse and the parsers of
    # every sub-command stay out of the launcher's start.
    try:
        if args is None:
            # The app and the save store resolve the same default folder when the launcher
            # first reads saves, after its first frame: the store stays out of its start.
            return cmd_launcher(None, None)
        from saves.store import save_dir

        return COMMANDS[args.command](args, save_dir(getattr(args, "save_dir", None)))
    except UserError as error:
        _fail(str(error))
        return error.code
    except SaveError as error:
        _fail(str(error))
        return BAD_FILE
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:  # `campfire sim ... | head`: the reader has all it wanted
        # Point stdout at devnull so the interpreter's final flush does not complain again.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0
    except Exception as error:
        # Imported here: the launcher's start has no use for engines.core, and a BadOptions
        # can only have been raised once it is imported.
        from engines.core.errors import BadOptions

        if isinstance(error, BadOptions):
            _fail(str(error))
            return USAGE_ERROR
        # A bug: one line and a crash log, never a traceback.
        from tui.crash import CRASH_EXIT, crash_line, write_crash_log

        _fail(crash_line(error, write_crash_log(error)))
        return CRASH_EXIT


def one_line(text: str) -> str:
    """`text` on one printable line of at most MAX_LINE characters."""
    return quote(" ".join(str(text).split()), MAX_LINE)


def _fail(sentence: str) -> None:
    print(one_line(sentence), file=sys.stderr)


# -- launcher, play, load --------------------------------------------------------------------
def cmd_launcher(args: argparse.Namespace | None, folder: Path | None) -> int:
    return _launch(None, folder)


def cmd_play(args: argparse.Namespace, folder: Path) -> int:
    import msgspec

    from engines.core.match import Match, parse_seats, random_seed
    from saves.start import StartRequest, default_seats, parse_options

    engine = _engine(args.game)
    seats = parse_seats(args.seats, engine) if args.seats else default_seats(engine)
    if not seats:
        raise UserError("--seats needs at least one seat.")
    seats = [_checked_seat(number, seat) for number, seat in enumerate(seats, start=1)]
    options = parse_options(engine, args.option)
    seed = args.seed if args.seed is not None else random_seed()
    if seed_problem(seed):
        raise UserError(f"--seed: {seed_problem(seed)}.")
    Match(engine, options, seats, seed)  # seat counts, bot levels, option checks, before any UI
    request = StartRequest(game=engine.info.id, seats=seats, options=msgspec.to_builtins(options), seed=seed)
    return _launch(request, folder)


def _checked_seat(number: int, seat: SeatSpec) -> SeatSpec:
    """The seat with its name made safe to show (control characters become '?'), or a
    UserError when the name is too long."""
    import msgspec

    name = clean_name(seat.name)
    problem = name_problem(name)
    if problem:
        raise UserError(f"Seat {number}: {problem}.")
    return msgspec.structs.replace(seat, name=name)


def cmd_load(args: argparse.Namespace, folder: Path) -> int:
    from saves.start import StartRequest
    from saves.store import load_save

    path = args.file.expanduser().absolute()
    save = load_save(path).save

    request = StartRequest(game=save.game, seats=save.seats, options=save.options, seed=save.seed, load=str(path))
    return _launch(request, folder)


def cmd_replay(args: argparse.Namespace, folder: Path) -> int:
    from engines.core.errors import IllegalAction
    from saves.replay import default_seat, open_replay

    path = args.file.expanduser().absolute()
    replay = open_replay(path)
    seat = _replay_seat(args.seat, [s.name for s in replay.seats]) if args.seat else None
    try:
        replay.look_as(default_seat(replay) if seat is None and args.export else seat, opening=True)
    except IllegalAction as refused:
        raise UserError(f"--seat: {refused.reason}") from None
    if not args.export:
        return _launch(ReplayRequest(str(path), seat), folder)
    from tui.document import game_document

    document = game_document(replay, args.export)
    if args.output is None:
        sys.stdout.write(document)
        return 0
    try:
        args.output.write_text(document, encoding="utf-8")
    except OSError as error:
        problem = error.strerror or error
        raise UserError(f"{printable(str(args.output))} could not be written ({problem}).", BAD_FILE) from None
    print(f"Wrote {printable(str(args.output))}")
    return 0


def _replay_seat(text: str, names: list[str]) -> int:
    """A seat by number from 1 or by name."""
    wanted = text.strip()
    if wanted.isdigit() and 1 <= int(wanted) <= len(names):
        return int(wanted) - 1
    for number, name in enumerate(names):
        if name.casefold() == wanted.casefold():
            return number
    raise UserError(f"--seat: no seat '{quote(wanted)}' (seats: {', '.join(quote(n) for n in names)}).")


class ReplayRequest:
    """What `campfire replay` asks the app to open (tui.opening.open_start_request): the
    file, and whose view (None: asked when it matters)."""

    def __init__(self, replay: str, seat: int | None) -> None:
        self.replay = replay
        self.seat = seat


def _engine(game: str) -> Engine:
    try:
        return load_engine(game)
    except (ImportError, AttributeError) as error:  # a game package that is half installed
        title = find_game(game).title
        raise UserError(f"{title} cannot be loaded ({error}).", code=1) from None


def _launch(start: StartRequest | ReplayRequest | None, folder: Path | None) -> int:
    # Starting allocates much and frees little, so collecting now only delays the first
    # paint; the app turns the collector back on once it has painted (tui.app).
    gc.disable()
    try:
        try:
            from tui.app import launch
        except ModuleNotFoundError as error:
            if error.name not in ("tui.app", "textual"):
                raise
            raise UserError(f"The terminal interface cannot start ({error}).", code=1) from None
        return int(launch(start=start, save_dir=folder) or 0)
    finally:
        gc.enable()


# -- serve -----------------------------------------------------------------------------------
def cmd_serve(args: argparse.Namespace, folder: Path) -> int:
    if getattr(args, "save_dir", None) is not None:  # given before the command
        raise UserError(
            "campfire serve keeps each player's saves under --data-root; --save-dir does not apply to it.", code=2
        )
    try:
        from server.bans import read_allowed_fingerprints
        from server.gateway import ServeOptions
        from server.main import run
    except ModuleNotFoundError as error:
        if error.name != "asyncssh":
            raise
        raise UserError("campfire serve needs asyncssh: pip install 'campfire[server]'.", code=1) from None
    if args.allow_keys is not None:
        try:
            read_allowed_fingerprints(args.allow_keys)
        except (OSError, ValueError) as error:
            raise UserError(f"--allow-keys: {error}", code=1) from None
    data_root = _data_root(args)
    options = ServeOptions(
        data_root=data_root,
        host=args.host,
        port=args.port,
        host_key=args.host_key,
        max_sessions=args.max_sessions,
        max_per_ip=args.max_per_ip,
        idle_timeout=float(args.idle_timeout),
        allow_keys=args.allow_keys,
        template=args.template,
    )
    return run(options)


def _data_root(args: argparse.Namespace) -> Path:
    if args.data_root is not None:
        return Path(args.data_root.expanduser().absolute())
    import platformdirs

    return platformdirs.user_data_path("campfire") / "server"


def cmd_admin(args: argparse.Namespace, folder: Path) -> int:
    from server.admin import Admin, AdminError

    try:
        admin = Admin(_data_root(args))
        command = args.admin_command
        if command in ("ban", "unban"):
            text = getattr(admin, command)(args.key)
        elif command == "close":
            text = admin.close(args.table)
        elif command == "backup":
            text = admin.backup(args.file.expanduser().absolute())
        elif command == "prune":
            text = admin.prune(float(args.days), args.dry_run)
        elif command == "export":
            text = admin.export(args.table, args.file.expanduser())
        else:
            text = getattr(admin, command)()
    except AdminError as error:
        raise UserError(str(error), code=1) from None
    print(text)
    return 0


# -- rules -----------------------------------------------------------------------------------
def cmd_rules(args: argparse.Namespace, folder: Path) -> int:
    from engines.core.rules import load_rules

    entry = find_game(args.game)
    try:
        book = load_rules(entry.id)
    except (ModuleNotFoundError, FileNotFoundError):
        raise UserError(f"The rules of {entry.title} are not available yet.", code=1) from None
    topic = " ".join(args.topic).strip()
    sys.stdout.write(rules_text(book, topic))
    return 0


def rules_text(book: RulesBook, topic: str) -> str:
    """The whole book, or one topic: the section whose anchor is `topic` (with its own
    sub-sections), else the best section matching its words (titles before bodies). Other
    matching sections are named on stderr, never printed. UserError listing the anchors when
    nothing matches."""
    if not topic:
        return book.markdown
    sections = book.sections
    exact = book.section(topic)
    if exact is None:
        found = book.search(topic)
        if not found:
            anchors = ", ".join(s.anchor for s in sections)
            raise UserError(
                f"No section of the {book.title} rules matches '{quote(topic)}' (sections: {anchors}).", code=1
            )
        # Of the sections named by the words, the one most nearly named by them alone.
        titled = [s for s in found if all(w in s.title.casefold() for w in topic.casefold().split())]
        exact = min(titled, key=lambda s: len(s.title)) if titled else found[0]
        others = [s.anchor for s in found if s is not exact]
        if others:
            print(one_line(f"Also about '{quote(topic)}': {', '.join(others)}"), file=sys.stderr)
    start = sections.index(exact)
    chosen = [exact]
    for section in sections[start + 1 :]:
        if section.level <= exact.level:
            break
        chosen.append(section)
    return "\n".join(section.markdown for section in chosen)


# -- saves -----------------------------------------------------------------------------------
def cmd_saves(args: argparse.Namespace, folder: Path) -> int:
    from saves.store import list_saves, locate, verify

    action = args.saves_command or "list"
    if action == "locate":
        print(printable(str(locate(folder))))
        return 0
    if action == "verify":
        result = verify(args.file.expanduser())
        if not result.ok:
            _fail(result.message)
            return BAD_FILE
        print(one_line(result.message))
        return 0
    infos = list_saves(folder)
    if not infos:
        print(f"No saves in {printable(str(locate(folder)))}.")
        return 0
    rows = [["Updated", "Game", "Players", "Turn", "Actions", "Seed", "File"]]
    for info in infos:
        stamp = info.updated.strftime("%Y-%m-%d %H:%M")
        name = quote(info.path.name)
        if info.error is not None:
            rows.append([stamp, "(unreadable)", "", "", "", "", name])
        else:
            state = f"{info.turn} (over)" if info.over else str(info.turn)
            if info.in_use:
                state += " (in use)"
            seed = "hidden" if info.seed is None else str(info.seed)
            rows.append([stamp, info.title, quote(info.players), state, str(info.actions), seed, name])
    print(_table(rows, right={3, 4, 5}))
    problems = [one_line(info.error) for info in infos if info.error is not None]
    if problems:
        print("\n" + "\n".join(problems))
    print(f"\n{len(infos)} save{'s' if len(infos) != 1 else ''} in {printable(str(locate(folder)))}.")
    return 0


def _table(rows: list[list[str]], right: AbstractSet[int] = frozenset()) -> str:
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    lines = []
    for row in rows:
        cells = [cell.rjust(w) if i in right else cell.ljust(w) for i, (cell, w) in enumerate(zip(row, widths))]
        lines.append("  ".join(cells).rstrip())
    lines.insert(1, "  ".join("-" * w for w in widths))
    return "\n".join(lines)


# -- sim -------------------------------------------------------------------------------------
def cmd_sim(args: argparse.Namespace, folder: Path) -> int:
    from tui.sim_command import run_sim

    return run_sim(args)


COMMANDS = {
    None: cmd_launcher,
    "play": cmd_play,
    "load": cmd_load,
    "replay": cmd_replay,
    "rules": cmd_rules,
    "saves": cmd_saves,
    "sim": cmd_sim,
    "serve": cmd_serve,
    "admin": cmd_admin,
}
