"""engines and saves never import the interface (platform.md: layers); nor does the SSH
gateway, which only moves bytes to a game running in its own process."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from engines.registry import GAMES

FORBIDDEN = ("textual", "rich", "tui")


def modules_after_import(*names: str) -> list[str]:
    code = (
        "import importlib, json, sys\n"
        f"for name in {list(names)!r}: importlib.import_module(name)\n"
        "print(json.dumps(sorted(sys.modules)))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    return json.loads(out.stdout)


def forbidden_in(modules: list[str]) -> list[str]:
    return [m for m in modules if m.split(".")[0] in FORBIDDEN]


def test_engine_core_and_registry_import_no_interface() -> None:
    assert forbidden_in(modules_after_import("engines.core", "engines.registry", "engines.core.rules")) == []


def test_registry_lists_games_without_importing_them() -> None:
    loaded = modules_after_import("engines.registry")
    assert [g.id for g in GAMES if f"engines.{g.id}" in loaded] == []


@pytest.mark.parametrize("game", [g for g in GAMES if g.ready], ids=lambda g: g.id)
def test_game_engine_imports_no_interface(game) -> None:
    module = game.engine.partition(":")[0]
    assert forbidden_in(modules_after_import(module)) == []


def test_saves_import_no_interface() -> None:
    assert forbidden_in(modules_after_import("saves", "saves.store", "saves.format")) == []


def test_the_registry_and_saves_limits_import_neither_the_store_nor_engines_core() -> None:
    """The launcher's first frame needs the game list and the settings' file limits only."""
    loaded = modules_after_import("engines.registry", "saves.limits", "saves.errors")
    assert [m for m in loaded if m.startswith(("engines.core", "saves.store", "saves.format", "saves.start"))] == []


def test_saves_still_exports_each_name_from_its_module() -> None:
    import importlib

    import saves

    homes = {
        "saves.errors": ["SaveError"],
        "saves.format": ["FORMAT_VERSION", "SaveFile"],
        "saves.start": ["StartRequest", "begin", "default_seats", "new_match", "parse_options"],
        "saves.store": [
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
        ],
    }
    assert sorted(saves.__all__) == sorted(name for names in homes.values() for name in names)
    for module, names in homes.items():
        for name in names:
            assert getattr(saves, name) is getattr(importlib.import_module(module), name), name
    with pytest.raises(AttributeError):
        saves.no_such_name  # noqa: B018


def test_ssh_gateway_imports_no_interface() -> None:
    loaded = modules_after_import("server", "server.gateway", "server.main", "server.child")
    assert forbidden_in(loaded) == []
    assert "asyncssh" in loaded  # the check above ran on the real modules
