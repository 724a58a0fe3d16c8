"""Session journals and save files. Imports engines, never tui, textual or rich.

The names below are imported from their submodules on first use (PEP 562): importing one
light submodule (the settings need `saves.limits`) must not bring in the store, the save
format and the engines behind them, which the launcher's first frame has no use for.
"""

from __future__ import annotations

import importlib
from typing import Any

#: Each exported name and the submodule that defines it.
_HOMES = {
    "SaveError": "saves.errors",
    "FORMAT_VERSION": "saves.format",
    "SaveFile": "saves.format",
    **{name: "saves.start" for name in ("StartRequest", "begin", "default_seats", "new_match", "parse_options")},
    **{
        name: "saves.store"
        for name in (
            "Autosaver",
            "Loaded",
            "SaveInfo",
            "SaveInUse",
            "VerifyResult",
            "autosave_path",
            "latest",
            "list_saves",
            "load",
            "load_save",
            "locate",
            "prev_path",
            "read_save",
            "save_dir",
            "sweep_temp_files",
            "verify",
            "write_match",
        )
    },
}

__all__ = sorted(_HOMES)


def __getattr__(name: str) -> Any:
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module 'saves' has no attribute {name!r}")
    value = getattr(importlib.import_module(home), name)
    globals()[name] = value  # later look-ups skip this function
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(_HOMES))
