"""Session journals and save files. Imports engines, never tui, textual or rich."""

from saves.errors import SaveError
from saves.format import FORMAT_VERSION, SaveFile
from saves.start import StartRequest, begin, default_seats, new_match, parse_options
from saves.store import (
    Autosaver,
    Loaded,
    SaveInfo,
    SaveInUse,
    VerifyResult,
    autosave_path,
    latest,
    list_saves,
    load,
    load_save,
    locate,
    prev_path,
    read_save,
    save_dir,
    sweep_temp_files,
    verify,
    write_match,
)

__all__ = [
    "FORMAT_VERSION",
    "Autosaver",
    "Loaded",
    "SaveError",
    "SaveFile",
    "SaveInUse",
    "SaveInfo",
    "StartRequest",
    "VerifyResult",
    "autosave_path",
    "begin",
    "latest",
    "list_saves",
    "load",
    "load_save",
    "locate",
    "new_match",
    "parse_options",
    "default_seats",
    "prev_path",
    "read_save",
    "save_dir",
    "sweep_temp_files",
    "verify",
    "write_match",
]
