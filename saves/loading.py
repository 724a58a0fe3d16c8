"""Loading a save: the envelope read, the journal replayed by the game's engine, and the
final state checked against the recorded digest; `verify` makes the same checks and answers
with a result instead of an exception.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import msgspec

from engines.core.errors import BadOptions, IllegalAction
from engines.core.match import Match
from engines.core.protocol import Engine
from engines.registry import find_game, load_engine
from saves.decode import _lower_first, read_save
from saves.errors import SaveError
from saves.format import SaveFile
from saves.limits import printable


class Loaded(msgspec.Struct):
    match: Match
    path: Path
    save: SaveFile


class VerifyResult(msgspec.Struct):
    ok: bool
    path: Path
    message: str  # "OK: ..." or the SaveError sentence
    save: SaveFile | None = None


def load_save(path: Path | str, *, engine: Engine[Any, Any] | None = None) -> Loaded:
    """Read, replay and digest-check a save. `engine` overrides the registry lookup."""
    path = Path(path)
    save = read_save(path)
    return Loaded(match=_replay(path, save, engine), path=path, save=save)


def load(path: Path | str, *, engine: Engine[Any, Any] | None = None) -> Match:
    return load_save(path, engine=engine).match


def verify(path: Path | str, *, engine: Engine[Any, Any] | None = None) -> VerifyResult:
    """Every check `load` makes, as a result instead of an exception."""
    path = Path(path)
    try:
        loaded = load_save(path, engine=engine)
    except SaveError as error:
        return VerifyResult(ok=False, path=path, message=str(error))
    save = loaded.save
    match = loaded.match
    title = match.engine.info.title
    players = len(match.seats)
    turn = match.engine.summary(match.state, None).turn  # the replay's, not the file's word
    message = (
        f"OK: {printable(path.name)} is {title} for {players} player{'s' if players != 1 else ''}, "
        f"turn {turn}, {len(match.journal)} actions, and its replay matches the saved digest."
    )
    return VerifyResult(ok=True, path=path, message=message, save=save)


def _engine_for(path: Path, save: SaveFile, engine: Engine[Any, Any] | None) -> Engine[Any, Any]:
    if engine is not None:
        if engine.info.id != save.game:
            raise SaveError(path, f"is a save of '{save.game}', not of {engine.info.title}")
        return engine
    try:
        entry = find_game(save.game)
    except BadOptions:
        raise SaveError(path, f"is a save of an unknown game '{save.game}'") from None
    if not entry.ready:
        raise SaveError(path, f"is a save of {entry.title}, which cannot be played yet")
    try:
        return load_engine(entry.id)
    except (ImportError, AttributeError, BadOptions) as error:
        raise SaveError(path, f"is a save of {entry.title}, whose rules cannot be loaded ({error})") from None


def _replay(path: Path, save: SaveFile, engine: Engine[Any, Any] | None) -> Match:
    engine = _engine_for(path, save, engine)
    title = engine.info.title
    try:
        options = engine.decode_options(save.options)
    except (msgspec.ValidationError, ValueError, TypeError) as error:
        raise SaveError(path, f"has options {title} does not accept ({_lower_first(_sentence(error))})") from None
    try:
        match = Match.replay(engine, options, save.seats, save.seed, save.journal)
    except BadOptions as error:
        raise SaveError(path, f"cannot be set up ({_lower_first(_sentence(error))})") from None
    except IllegalAction as error:
        raise SaveError(path, f"has an illegal action in its journal: {_lower_first(_sentence(error))}") from None
    except Exception as error:  # an engine choking on hand-made input is still a bad file
        raise SaveError(
            path, f"cannot be replayed ({type(error).__name__}: {_sentence(error) or 'no detail'})"
        ) from None
    if match.digest() != save.digest:
        raise SaveError(
            path,
            "does not match its recorded final state (digest mismatch): it was edited, "
            "or written by a different version of the rules",
        )
    return match


def _sentence(error: BaseException) -> str:
    """An error's text squeezed into a clause: one line, no final full stop."""
    text = getattr(error, "reason", None) or str(error)
    return " ".join(text.split()).rstrip(".")
