"""Over SSH the app is the only thing a player can reach: no key or command suspends it to a
shell or starts another program."""

from __future__ import annotations

import ast
from pathlib import Path

import tui

SHELL_OUT_MODULES = {"subprocess", "pty", "webbrowser", "shlex"}
SHELL_OUT_CALLS = {
    "system",
    "popen",
    "execv",
    "execvp",
    "execvpe",
    "execl",
    "execlp",
    "spawnv",
    "spawnl",
    "startfile",
    "suspend",
    "action_suspend_process",
    "open_url",
}


def _interface_sources() -> list[Path]:
    return sorted(Path(tui.__file__).parent.rglob("*.py"))


def _escape_routes(path: Path) -> list[str]:
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found += [alias.name for alias in node.names if alias.name.split(".")[0] in SHELL_OUT_MODULES]
        elif isinstance(node, ast.ImportFrom) and (node.module or "").split(".")[0] in SHELL_OUT_MODULES:
            found.append(node.module)
        elif isinstance(node, ast.Attribute) and node.attr in SHELL_OUT_CALLS:
            found.append(node.attr)
        elif isinstance(node, ast.Constant) and isinstance(node.value, str) and "suspend" in node.value:
            found.append(node.value)  # a binding naming the suspend action
    return [f"{path.name}: {item}" for item in found]


def test_no_key_or_command_in_the_app_suspends_it_or_starts_another_program() -> None:
    sources = _interface_sources()
    assert any(path.name == "app.py" for path in sources)
    assert [route for path in sources for route in _escape_routes(path)] == []


def test_the_scan_finds_a_suspend_binding(tmp_path) -> None:
    sample = tmp_path / "sample.py"
    sample.write_text('BINDINGS = [Binding("ctrl+z", "suspend_process")]\nimport subprocess\n', encoding="utf-8")
    assert sorted(_escape_routes(sample)) == ["sample.py: subprocess", "sample.py: suspend_process"]
