"""Reading a save file into a checked envelope: the bytes within the size limit, JSON of a
sane depth, the format version, and limits on names and action texts. Every way a file can
be bad ends in one `SaveError` sentence; reading never writes.
"""

from __future__ import annotations

import re
from pathlib import Path

import msgspec

from engines.core.match import SeatSpec
from saves.errors import SaveError
from saves.format import FORMAT_VERSION, FormatHeader, SaveFile
from saves.limits import (
    MAX_ACTION_TEXT,
    MAX_JSON_DEPTH,
    MAX_SAVE_BYTES,
    MAX_SEAT_NAME,
    NotRegular,
    TooLarge,
    clean_name,
    json_depth,
    name_problem,
    quote,
    read_regular_file,
    size_text,
)


def read_save(path: Path | str) -> SaveFile:
    """The envelope of `path`, decoded and version-checked, without replaying the journal."""
    path = Path(path)
    return _decode_envelope(path, _read_bytes(path))


def _read_bytes(path: Path) -> bytes:
    try:
        data = read_regular_file(path, MAX_SAVE_BYTES)
    except FileNotFoundError:
        raise SaveError(path, "does not exist") from None
    except IsADirectoryError:
        raise SaveError(path, "is a folder, not a save file") from None
    except PermissionError:
        raise SaveError(path, "cannot be read (permission denied)") from None
    except NotRegular as error:
        raise SaveError(path, f"is {error.kind}, not a save file") from None
    except TooLarge as error:
        raise SaveError(
            path, f"is too large for a save file ({size_text(error.args[0])}, the limit is {size_text(MAX_SAVE_BYTES)})"
        ) from None
    except OSError as error:
        raise SaveError(path, f"cannot be read ({error.strerror or error})") from None
    if not data.strip():
        raise SaveError(path, "is empty")
    return data


_BYTE = re.compile(r"\(byte (\d+)\)")


def _decode_envelope(path: Path, data: bytes) -> SaveFile:
    depth = json_depth(data)
    if depth > MAX_JSON_DEPTH:
        raise SaveError(path, f"nests {depth} levels deep, deeper than any save file ({MAX_JSON_DEPTH})")
    try:
        save = msgspec.json.decode(data, type=SaveFile)
    except msgspec.ValidationError as error:
        _check_version(path, data)
        raise SaveError(path, f"is not a Campfire save file ({_lower_first(str(error))})") from None
    except msgspec.DecodeError as error:
        raise SaveError(path, _json_problem(str(error), len(data))) from None
    _refuse_version(path, save.format)
    _check_contents(path, save)
    return save


def _check_contents(path: Path, save: SaveFile) -> None:
    """Limits no save written by Campfire comes near: action texts of sane length; names
    a player can read on one line. Names are made fit rather than refused (control
    characters become '?', the rest is cut at the limit): saves from before the limit
    existed keep loading, and the rules never depend on a name."""
    save.seats = [_fit_seat(number, seat) for number, seat in enumerate(save.seats, start=1)]
    for number, entry in enumerate(save.journal, start=1):
        if len(entry.action) > MAX_ACTION_TEXT:
            raise SaveError(
                path, f"has action {number} ('{quote(entry.action, 40)}') longer than {MAX_ACTION_TEXT} characters"
            )


def _fit_seat(number: int, seat: SeatSpec) -> SeatSpec:
    if name_problem(seat.name) is None:
        return seat
    name = clean_name(seat.name)[:MAX_SEAT_NAME].strip() or f"Player {number}"
    return msgspec.structs.replace(seat, name=name)


def _check_version(path: Path, data: bytes) -> None:
    """On a shape error, say first if the file comes from another format version: a
    future envelope is expected to look different."""
    try:
        version = msgspec.json.decode(data, type=FormatHeader).format
    except (msgspec.ValidationError, msgspec.DecodeError):
        return  # not an object at all: the caller reports the shape
    if isinstance(version, int) and not isinstance(version, bool):
        _refuse_version(path, version)


def _refuse_version(path: Path, version: int) -> None:
    if version != FORMAT_VERSION:
        raise SaveError(
            path,
            f"uses save format {version}, which this Campfire cannot read (it reads format {FORMAT_VERSION})",
        )


def _json_problem(message: str, size: int) -> str:
    if "truncated" in message:
        return f"is cut short (truncated JSON at byte {size})"
    found = _BYTE.search(message)
    where = f" at byte {found.group(1)}" if found else ""
    detail = message.split(":", 1)[-1].strip()
    detail = _BYTE.sub("", detail).strip() or "malformed"
    return f"is not valid JSON ({detail}{where})"


def _lower_first(text: str) -> str:
    return text[:1].lower() + text[1:]
