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


def test_ssh_gateway_imports_no_interface() -> None:
    loaded = modules_after_import("server", "server.gateway", "server.main", "server.child")
    assert forbidden_in(loaded) == []
    assert "asyncssh" in loaded  # the check above ran on the real modules
