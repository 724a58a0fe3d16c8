"""Whole processes: command-line refusals exit non-zero with one printable line, a bug in a
command or a crash in the app is one line and a crash log, and quitting while bots move
prints no traceback."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from tests.hostile_helpers import private_folders  # noqa: F401 (autouse fixture)
from tests.internals_marks import needs_internals
from tests.save_helpers import ROOT
from tui import cli


def campfire(*args: str, env: dict[str, str], code: str | None = None) -> subprocess.CompletedProcess[str]:
    command = [sys.executable, "-c", code] if code else [sys.executable, "-m", "tui", *args]
    return subprocess.run(command, cwd=ROOT, env={**os.environ, **env}, capture_output=True, text=True, timeout=120)


def private_env(tmp_path: Path) -> dict[str, str]:
    return {
        "CAMPFIRE_SAVE_DIR": str(tmp_path / "saves"),
        "CAMPFIRE_CONFIG_DIR": str(tmp_path / "config"),
        "CAMPFIRE_LOG_DIR": str(tmp_path / "log"),
    }


def test_cli_refusals_exit_non_zero_with_one_printable_line(tmp_path):
    env = private_env(tmp_path)
    saves = tmp_path / "saves"
    saves.mkdir()
    os.mkfifo(saves / "trap.json")
    (saves / "\x1b[2Jname.json").write_text("{")
    listing = campfire("saves", "list", env=env)
    assert listing.returncode == 0 and "\x1b" not in listing.stdout and "is a pipe" in listing.stdout
    refused = campfire("play", "bivi", "--seats", "N" * 41 + ":human,heuristic", env=env)
    assert refused.returncode == 2 and refused.stderr.count("\n") == 1 and "longer than 40" in refused.stderr
    deep = campfire("play", "bivi", "--option", "mode=" + "[" * 1000, env=env)
    assert deep.returncode == 2 and deep.stderr.count("\n") == 1 and "Traceback" not in deep.stderr


def test_a_bug_in_a_command_is_one_line_a_crash_log_and_exit_70(tmp_path, capsys, monkeypatch):
    monkeypatch.setenv("CAMPFIRE_LOG_DIR", str(tmp_path / "log"))

    def broken(args, folder):
        raise ZeroDivisionError("a bug")

    monkeypatch.setitem(cli.COMMANDS, "saves", broken)
    assert cli.main(["saves"]) == 70
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "ZeroDivisionError" in err and "Traceback" not in err
    (log,) = (tmp_path / "log").iterdir()
    assert str(log) in err and "a bug" in log.read_text()


CRASHING_APP = """
import sys
from tui.app import CampfireApp

class Broken(CampfireApp):
    def on_mount(self):
        super().on_mount()
        self.set_timer(0.2, self.explode)
    def explode(self):
        raise KeyError("explosion")

app = Broken(bot_delay=0)
app.run(headless=True, size=(80, 24))
sys.exit(app.return_code)
"""


@needs_internals("crash_hook")
def test_a_crash_in_the_app_exits_non_zero_with_one_line_and_a_log(tmp_path):
    result = campfire(env=private_env(tmp_path), code=CRASHING_APP)
    assert result.returncode == 70
    lines = [line for line in result.stderr.splitlines() if line.strip()]
    assert len(" ".join(lines)) < 400 and "Traceback" not in result.stderr and "KeyError" in result.stderr
    (log,) = (tmp_path / "log").iterdir()
    assert "explosion" in log.read_text()


QUIT_WHILE_BOTS_MOVE = """
import sys
from engines.core.match import Match, SeatSpec
from engines.registry import load_engine
from tui.app import CampfireApp
from tui.opening import open_match

class QuitEarly(CampfireApp):
    def on_mount(self):
        super().on_mount()
        engine = load_engine("bivi")
        seats = [SeatSpec("A", "bot", "heuristic"), SeatSpec("B", "bot", "random")]
        match = Match(engine, engine.default_options(), seats, int(sys.argv[1]))
        self.call_after_refresh(lambda: open_match(self, match, None))
        self.set_timer(float(sys.argv[2]), self.exit)

app = QuitEarly(bot_delay=float(sys.argv[3]))
app.run(headless=True, size=(80, 24))
sys.exit(app.return_code or 0)
"""


def test_quitting_while_bots_move_prints_no_traceback(tmp_path):
    script = tmp_path / "quit.py"
    script.write_text(QUIT_WHILE_BOTS_MOVE)
    # The script runs from tmp_path, so name the source tree, not whatever copy is installed.
    env = {**os.environ, **private_env(tmp_path), "PYTHONPATH": str(ROOT)}
    for seed, quit_after, delay in [(3, "0.3", "0"), (4, "0.4", "0.05"), (5, "0.5", "0.3")]:
        result = subprocess.run(
            [sys.executable, str(script), str(seed), quit_after, delay],
            cwd=ROOT,
            env=env,
            capture_output=True,
            text=True,
            timeout=120,
        )
        assert (result.returncode, result.stderr) == (0, ""), result.stderr[-2000:]
    assert not (tmp_path / "log").exists()
