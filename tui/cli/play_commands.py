"""The commands that open the app: the launcher (no command), `play` a new game, `load` a
save, and `replay` one (in the viewer, or printed as a document). Every argument is checked
before the app starts, so a mistake is one sentence on stderr, not a screen."""

from __future__ import annotations

import gc
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from saves.limits import clean_name, name_problem, printable, quote, seed_problem
from tui.cli.base import BAD_FILE, UserError, game_engine

if TYPE_CHECKING:
    import argparse

    from engines.core.match import SeatSpec
    from saves.start import StartRequest


def cmd_launcher(args: argparse.Namespace | None, folder: Path | None) -> int:
    return _launch(None, folder)


def cmd_play(args: argparse.Namespace, folder: Path) -> int:
    import msgspec

    from engines.core.match import Match, parse_seats, random_seed
    from saves.start import StartRequest, default_seats, parse_options

    engine = game_engine(args.game)
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
