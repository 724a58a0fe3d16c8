"""What the command line asks the app to open: a new game or a save file.

`campfire play` and `campfire load` validate everything first, then hand a StartRequest to
`tui.app.launch`; the app turns it into a running, autosaved session with `begin`.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

import msgspec

from engines.core.errors import BadOptions
from engines.core.levels import bot_seat_name, default_level
from engines.core.match import Match, SeatSpec, random_seed
from engines.core.protocol import Engine
from engines.registry import load_engine
from saves.limits import MAX_JSON_DEPTH, json_depth, quote
from saves.store import Autosaver, load_save


class StartRequest(msgspec.Struct, frozen=True, kw_only=True):
    """Either a new game (`game`, `seats`, `options`, `seed`) or a file to load (`load`).

    `options` is the raw dict the engine's `decode_options` reads (what a save stores);
    `seed` None means "pick one". When `load` is set the other fields are informative only
    (taken from the file) and the file is the truth.
    """

    game: str = ""
    seats: list[SeatSpec] = []
    options: dict[str, Any] = {}
    seed: int | None = None
    load: str | None = None

    @property
    def is_load(self) -> bool:
        return self.load is not None


def parse_options(engine: Engine[Any, Any], pairs: Sequence[str]) -> msgspec.Struct:
    """Typed options from `key=value` texts over the game's defaults; BadOptions names the
    first bad one. Values are read as text first (`mode=expert`, `target=20`, `solo=yes`),
    then as JSON for lists and the like (`expansions=["retreat"]`)."""
    options_type = engine.options_type
    fields = {f.encode_name: f for f in msgspec.structs.fields(options_type)}
    values = msgspec.to_builtins(engine.default_options())
    title = engine.info.title
    for pair in pairs:
        key, sep, text = pair.partition("=")
        key = key.strip().replace("-", "_")
        if not sep or not key:
            raise BadOptions(f"Options are written key=value, not '{quote(pair)}'.")
        if key not in fields:
            known = ", ".join(fields) or "none"
            raise BadOptions(f"{title} has no option '{quote(key)}' (options: {known}).")
        values[key] = _option_value(options_type, values, key, text.strip())
    try:
        return msgspec.convert(values, type=options_type)
    except (msgspec.ValidationError, ValueError, TypeError) as error:
        raise BadOptions(f"These options do not work together for {title}: {_clause(error)}.") from None


def _option_value(options_type: type[msgspec.Struct], values: dict[str, Any], key: str, text: str) -> Any:
    attempts: list[Any] = [text]
    encoded = text.encode("utf-8", "replace")  # a lone surrogate from argv is no JSON anyway
    if json_depth(encoded) > MAX_JSON_DEPTH:
        raise BadOptions(f"Option '{key}' nests deeper than any option needs ({MAX_JSON_DEPTH} levels).")
    try:
        attempts.append(msgspec.json.decode(encoded))
    except msgspec.DecodeError:
        pass
    problem = ""
    for value in attempts:
        try:
            converted = msgspec.convert({**values, key: value}, type=options_type, strict=False)
        except (msgspec.ValidationError, ValueError, TypeError) as error:
            problem = problem or _clause(error)
            continue
        return msgspec.to_builtins(converted)[key]
    raise BadOptions(f"Option '{key}' cannot be '{quote(text)}' ({quote(problem)}).")


def _clause(error: BaseException) -> str:
    text = " ".join(str(error).split()).rstrip(".")
    return text[:1].lower() + text[1:]


def default_seats(engine: Engine[Any, Any]) -> list[SeatSpec]:
    """One human against the game's normal bots (`default_level`), as many as it needs."""
    count = engine.info.usual_seats
    level = default_level(engine)
    seats = [SeatSpec(name="Player 1")]
    for number in range(2, count + 1):
        if level is None:
            seats.append(SeatSpec(name=f"Player {number}"))
        else:
            seats.append(SeatSpec(name=bot_seat_name(level, number), kind="bot", level=level))
    return seats


def new_match(request: StartRequest, *, engine: Engine[Any, Any] | None = None) -> Match:
    """The fresh Match a new-game request describes (BadOptions if it cannot start)."""
    engine = engine or load_engine(request.game)
    options = engine.decode_options(request.options)
    seed = request.seed if request.seed is not None else random_seed()
    return Match(engine, options, request.seats, seed)


def begin(
    request: StartRequest, save_dir: Path | str | None = None, *, engine: Engine[Any, Any] | None = None
) -> Autosaver:
    """Open the session a request describes, autosaving from the first moment.

    A new game gets its own autosave file in `save_dir`; a loaded file keeps being saved
    in place. Raises SaveError (bad file) or BadOptions (bad new-game request).
    """
    if request.load is not None:
        return Autosaver.resume(load_save(Path(request.load), engine=engine))
    return Autosaver.start(new_match(request, engine=engine), save_dir)
