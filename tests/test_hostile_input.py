"""Hostile and careless input: names, files, settings, command lines, two sessions.

Nothing here may crash, hang, leak the seed of a game with secrets, or touch a file it
was only asked to read. Errors are one printable line; refusals exit non-zero.
"""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from pathlib import Path

import msgspec
import pytest

from engines.core.errors import BadOptions
from engines.core.match import Match, SeatSpec
from engines.registry import load_engine, ready_games
from saves import Autosaver, SaveError, latest, list_saves, load, load_save, verify
from saves.limits import (
    MAX_JSON_DEPTH,
    MAX_SAVE_BYTES,
    NotRegular,
    TooLarge,
    clean_name,
    has_control,
    json_depth,
    printable,
    quote,
    read_regular_file,
)
from saves.lock import is_locked
from saves.start import parse_options
from saves.store import SaveInUse, shown_seed, sweep_temp_files
from tests.save_helpers import edit, good_save, snapshot, with_count  # noqa: F401 (fixture)
from tui import cli
from tui.settings import DEFAULT_KEYS, ESSENTIAL, Settings, read_settings
from tests.internals_marks import needs_internals

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(autouse=True)
def private_folders(tmp_path, monkeypatch):
    """Crash logs, settings and saves of these tests never reach the user's folders."""
    monkeypatch.setenv("CAMPFIRE_LOG_DIR", str(tmp_path / "log"))
    monkeypatch.setenv("CAMPFIRE_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setenv("CAMPFIRE_SAVE_DIR", str(tmp_path / "default-saves"))


def hostile_strings(rng: random.Random, count: int) -> list[str]:
    """Markup, terminal escapes, control characters, odd Unicode, nesting and sheer size,
    alone and mixed, always the same for the same generator."""
    fixed = [
        "[/]",
        "[bold]x",
        "[link=file:///etc/passwd]y[/link]",
        "[red",
        "]",
        "[[",
        "\\[b]",
        "\x1b[2J",
        "\x1b]0;owned\x07",
        "a\x00b",
        "line\nbreak",
        "tab\tand\rreturn",
        "\x7f\x9b31m",
        "\u202eevil",
        "\u200f\u2066x",
        "e\u0301\u0301\u0301",
        "🔥" * 30,
        "\ud800",
        "x" * 10_000,
        "[" * 1000,
        "{" * 1000,
        '{"a":' * 1000,
        "",
        " ",
        "-",
        "--help",
        "%s%n",
        "$(reboot)",
    ]
    pieces = fixed[:20]
    made = list(fixed)
    while len(made) < count:
        made.append("".join(rng.choice(pieces)[: rng.randint(1, 60)] for _ in range(rng.randint(1, 4))))
    return made[:count]


def one_printable_line(text: str, limit: int = 500) -> bool:
    return "\n" not in text.strip("\n") and not has_control(text.strip("\n")) and len(text) <= limit


# -- limits --------------------------------------------------------------------------------
def test_json_depth_is_counted_without_decoding():
    assert json_depth(b'{"a": [1, {"b": []}]}') == 4
    assert json_depth(b'{"name": "[[[[{{{{"}') == 1, "brackets inside strings are not nesting"
    assert json_depth(b'{"q": "say \\"[[\\""}') == 1
    assert json_depth(b"[" * 100_000) == 100_000


def test_printable_and_quote_show_control_characters_as_escapes():
    assert printable("a\x1b[2Jb\x00\n") == "a\\x1b[2Jb\\x00\\n"
    assert printable("\u202eevil") == "\\u202eevil"
    assert quote("x" * 500) == "x" * 79 + "…"
    assert clean_name(" \x1b[2J  Ana\n") == "?[2J Ana"


def test_only_regular_files_are_read_and_never_block(tmp_path):
    fifo = tmp_path / "pipe.json"
    os.mkfifo(fifo)
    with pytest.raises(NotRegular, match="a pipe"):
        read_regular_file(fifo, 100)  # would wait forever for a writer if opened blocking
    zero = tmp_path / "zero.json"
    zero.symlink_to("/dev/zero")
    with pytest.raises(NotRegular, match="a device"):
        read_regular_file(zero, 100)
    big = tmp_path / "big.json"
    big.write_bytes(b" " * 101)
    with pytest.raises(TooLarge):
        read_regular_file(big, 100)


# -- save files ----------------------------------------------------------------------------
def huge(path: Path) -> None:
    path.write_bytes(b'{"format": 1, "pad": "' + b"x" * MAX_SAVE_BYTES + b'"}')


def nest(path: Path) -> None:
    data = json.loads(path.read_text())
    data["options"]["deep"] = "@"
    text = json.dumps(data).replace('"@"', "[" * 1000 + "]" * 1000)
    path.write_text(text)


HOSTILE_FILES = {
    "1000-deep nesting": (nest, f"nests 1002 levels deep, deeper than any save file ({MAX_JSON_DEPTH})"),
    "over the size limit": (huge, "is too large for a save file (4.0 MB, the limit is 4.0 MB)"),
    "a FIFO": (lambda p: p.unlink() or os.mkfifo(p), "is a pipe, not a save file"),
    "a link to /dev/zero": (lambda p: p.unlink() or p.symlink_to("/dev/zero"), "is a device, not a save file"),
    "a huge action": (
        lambda p: edit(p, lambda d: d["journal"][0].update(action="add " + "9" * 100_000)),
        "longer than 400 characters",
    ),
}


@pytest.mark.parametrize("case", list(HOSTILE_FILES))
def test_hostile_save_is_one_sentence_and_left_as_it_was(tmp_path, with_count, case):
    path = good_save(tmp_path)
    spoil, expected = HOSTILE_FILES[case]
    spoil(path)
    before = {p.name: p.lstat().st_mtime_ns for p in tmp_path.iterdir()}

    with pytest.raises(SaveError) as caught:
        load(path)
    message = str(caught.value)
    assert expected in message, message
    assert one_printable_line(message, 400) and message.endswith(".")
    assert not verify(path).ok
    infos = list_saves(tmp_path)
    assert [i.error for i in infos] == [message]
    assert latest(tmp_path) is None
    assert {p.name: p.lstat().st_mtime_ns for p in tmp_path.iterdir()} == before


@pytest.mark.parametrize(
    "name, shown",
    [
        ("N" * 41, "N" * 40),
        ("\x1b[2J", "?[2J"),
        ("", "Player 1"),
        ("a\nb", "a b"),
        ("x" * 100_000, "x" * 40),
    ],
)
def test_a_name_in_a_file_is_made_fit_to_show(tmp_path, with_count, name, shown):
    """Saves from before the limit keep loading; nothing raw or overlong reaches a screen."""
    path = good_save(tmp_path)
    edit(path, lambda d: d["seats"][0].update(name=name))
    before = path.read_bytes()
    loaded = load_save(path)
    assert loaded.match.seats[0].name == shown
    assert list_saves(tmp_path)[0].players.startswith(f"{shown}, ")
    assert path.read_bytes() == before, "reading never rewrites"


def test_quoted_journal_text_is_capped_and_printable(tmp_path, with_count):
    path = good_save(tmp_path)
    edit(path, lambda d: d["journal"][0].update(action="\x1b[2J" + "z" * 300))
    message = verify(path).message
    assert "\\x1b[2J" in message and "\x1b" not in message
    assert len(message) < 400


def test_verify_tells_the_replayed_turn_not_the_files_claim(tmp_path, with_count):
    path = good_save(tmp_path)
    edit(path, lambda d: d.update(turn=99, actions=1000, over=True))
    result = verify(path)
    assert result.ok and "turn 7, 8 actions" in result.message


@pytest.mark.parametrize("moment", [2**40, -(2**40)])
def test_an_impossible_file_time_does_not_break_the_listing(tmp_path, with_count, moment):
    good = good_save(tmp_path)
    odd = tmp_path / "odd.json"
    odd.write_bytes(good.read_bytes())
    edit(odd, lambda d: d.update(updated="99999-12-31T99:99:99+99:00", created="\x00"))
    try:
        os.utime(odd, (moment, moment))
    except (OverflowError, OSError):
        pytest.skip("this file system refuses such times")
    infos = list_saves(tmp_path)
    assert sorted(i.path.name for i in infos) == ["game-1.json", "odd.json"]
    assert all(i.error is None for i in infos)
    assert latest(tmp_path) is not None


def test_linked_or_read_only_save_is_never_replaced(tmp_path, with_count):
    target = good_save(tmp_path)
    link = tmp_path / "link.json"
    link.symlink_to(target.name)
    before = snapshot(tmp_path)
    with pytest.raises(SaveError, match="is a link to another file"):
        Autosaver.resume(load_save(link))
    assert link.is_symlink()
    target.chmod(0o444)
    try:
        with pytest.raises(SaveError, match="is read-only"):
            Autosaver.resume(load_save(target))
    finally:
        target.chmod(0o644)
    assert snapshot(tmp_path) == before


def test_stray_temp_files_are_swept_at_start(tmp_path):
    stale, fresh = tmp_path / ".g.json.x1.tmp", tmp_path / ".g.json.x2.tmp"
    keep = tmp_path / "notes.tmp"
    for path in (stale, fresh, keep):
        path.write_text("{")
    os.utime(stale, (1, 1))
    os.utime(keep, (1, 1))
    orphan, kept_lock = tmp_path / ".gone.json.lock", tmp_path / ".g.json.lock"
    (tmp_path / "g.json").write_text("{}")
    orphan.write_text("1\n")
    kept_lock.write_text("1\n")
    assert sweep_temp_files(tmp_path) == 2
    assert not stale.exists() and fresh.exists() and keep.exists()
    assert not orphan.exists() and kept_lock.exists()


# -- one writer per save -------------------------------------------------------------------
HOLDER = """
import sys, time
from pathlib import Path
from saves.lock import SaveLock
lock = SaveLock.acquire(Path(sys.argv[1]))
print("held" if lock else "refused", flush=True)
for line in sys.stdin:
    print("still" if lock.still_held() else "lost", flush=True)
"""


def hold_lock(path: Path) -> subprocess.Popen[str]:
    child = subprocess.Popen(
        [sys.executable, "-c", HOLDER, str(path)],
        cwd=ROOT,
        text=True,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
    )
    assert child.stdout.readline().strip() == "held"
    return child


def ask(child: subprocess.Popen[str]) -> str:
    child.stdin.write("?\n")
    child.stdin.flush()
    return child.stdout.readline().strip()


def test_a_second_session_is_refused_then_may_view_or_take_over(tmp_path, with_count):
    path = good_save(tmp_path)
    child = hold_lock(path)
    try:
        assert is_locked(path)
        assert any(i.in_use for i in list_saves(tmp_path))
        before = path.read_bytes()
        with pytest.raises(SaveInUse, match="is being played in another Campfire session"):
            Autosaver.resume(load_save(path))

        viewer = Autosaver.viewer(load_save(path))
        viewer.match.act_text(0, "roll")
        with pytest.raises(SaveError, match="read-only"):
            viewer.save()
        assert path.read_bytes() == before, "viewing never writes"

        taker = Autosaver.resume(load_save(path), take_over=True)
        assert ask(child) == "lost", "the old session learns before its next write"
        taker.match.act_text(0, "roll")
        taker.save()
        assert len(load_save(path).save.journal) == len(load_save(path).match.journal)
    finally:
        child.kill()
        child.wait()


def test_a_taken_over_session_stops_saving_instead_of_overwriting(tmp_path, with_count):
    path = good_save(tmp_path)
    mine = Autosaver.resume(load_save(path))
    lock_file = tmp_path / f".{path.name}.lock"
    # What another process's take-over does: a new lock file under the same name.
    lock_file.unlink()
    lock_file.write_text("other\n")
    newer = path.read_bytes()
    with pytest.raises(SaveError, match="was taken over by another Campfire session"):
        mine.act_text(0, "roll")
    assert path.read_bytes() == newer


def test_a_closed_session_frees_the_save_and_writes_no_more(tmp_path, with_count):
    path = good_save(tmp_path)
    mine = Autosaver.resume(load_save(path))
    mine.close()
    child = hold_lock(path)  # another session opens it without having to take it over
    try:
        before = path.read_bytes()
        with pytest.raises(SaveError, match="no longer saved here"):
            mine.save()
        assert path.read_bytes() == before
    finally:
        child.kill()
        child.wait()


def test_a_killed_session_leaves_no_lock(tmp_path, with_count):
    path = good_save(tmp_path)
    child = hold_lock(path)
    child.kill()
    child.wait()
    assert not is_locked(path)
    Autosaver.resume(load_save(path)).close()


def test_a_link_planted_as_the_lock_file_is_never_followed(tmp_path, with_count):
    path = good_save(tmp_path)
    victim = tmp_path / "precious.txt"
    victim.write_text("keep me\n")
    lock_file = tmp_path / f".{path.name}.lock"
    lock_file.symlink_to(victim)
    Autosaver.resume(load_save(path)).close()
    assert victim.read_text() == "keep me\n"
    assert not lock_file.is_symlink()
    lock_file.unlink()
    os.link(victim, lock_file)  # a hard link to someone's file
    Autosaver.resume(load_save(path)).close()
    assert victim.read_text() == "keep me\n"
    os.mkfifo(tmp_path / "pipe")
    lock_file.unlink()
    lock_file.symlink_to(tmp_path / "pipe")
    assert not is_locked(path), "a link to a pipe is no lock, and looking never blocks"


def test_a_save_with_a_name_at_the_file_system_limit_hides_no_other_save(tmp_path, with_count, capsys):
    ordinary = good_save(tmp_path)
    long = tmp_path / ("x" * 250 + ".json")  # its lock file's name would be over 255 bytes
    long.write_bytes(ordinary.read_bytes())
    names = {info.path.name for info in list_saves(tmp_path)}
    assert ordinary.name in names
    assert latest(tmp_path) is not None
    assert cli.main(["saves", "list", "--save-dir", str(tmp_path)]) == 0
    assert ordinary.name in capsys.readouterr().out


# -- the seed of a game with secrets -------------------------------------------------------
SEED = 987654321


@pytest.mark.parametrize("game", [g.id for g in ready_games()])
def test_no_name_listing_or_message_shows_the_seed_of_an_unfinished_game_of_secrets_or_chance(game, tmp_path, capsys):
    engine = load_engine(game)
    flags = engine.info.flags
    if not (flags.hidden_information or flags.chance):
        pytest.skip(f"{engine.info.title} has neither secrets nor chance: its seed gives nothing away")
    seats = [SeatSpec(f"Seat {n}", "bot", "heuristic") for n in range(1, engine.info.usual_seats + 1)]
    match = Match(engine, engine.default_options(), seats, SEED)
    saver = Autosaver.start(match, tmp_path)
    for _ in range(5):
        saver.act(*match.next_bot_or_auto())
    assert not match.is_over()

    seen = [p.name for p in tmp_path.iterdir()]
    info = list_saves(tmp_path)[0]
    seen += [str(value) for value in msgspec.structs.astuple(info)]
    assert cli.main(["saves", "list", "--save-dir", str(tmp_path)]) == 0
    assert cli.main(["saves", "verify", str(saver.path)]) == 0
    seen.append(capsys.readouterr().out)
    assert not [text for text in seen if str(SEED) in text]

    saver.run_automatic()
    assert match.is_over() and shown_seed(match) == SEED
    assert list_saves(tmp_path)[0].seed == SEED, "once over, the seed is there for replays"


# -- fuzz: every way in, seeded and bounded by count ----------------------------------------
FUZZ_COUNT = 60


@pytest.fixture
def no_ui(monkeypatch):
    """`play` and `load` validate everything, then would open the app: record instead."""
    started = []
    monkeypatch.setattr(cli.play_commands, "_launch", lambda request, folder: started.append(request) or 0)
    return started


def test_fuzz_command_line(capsys, tmp_path, no_ui):
    rng = random.Random(10)
    for text in hostile_strings(rng, FUZZ_COUNT):
        for argv in (
            ["play", "bivi", "--seats", f"{text}:human,heuristic"],
            ["play", "bivi", "--option", f"mode={text}"],
            ["play", "bivi", "--option", text],
            ["play", text],
            ["rules", "bivi", text],
            ["saves", "verify", str(tmp_path / "x.json"), "--save-dir", text],
            ["sim", "bivi", "--games", text],
        ):
            code = cli.main(argv)
            out, err = capsys.readouterr()
            assert "Traceback" not in out + err, argv
            assert code in (0, 1, 2), (argv, code, err)
            if code:
                usage = [line for line in err.splitlines() if not line.startswith(("usage:", " "))]
                assert len(usage) == 1 and one_printable_line(usage[0]), (argv, err)
            assert not has_control(out.replace("\n", "")), argv
    names = [seat.name for request in no_ui for seat in request.seats]
    assert names, "some hostile names are accepted, made safe"
    assert all(not has_control(name) and 0 < len(name) <= 40 for name in names)
    assert list(tmp_path.iterdir()) == []


def test_fuzz_options_never_raise_anything_but_a_refusal():
    from engines.bivi import ENGINE as BIVI

    rng = random.Random(11)
    for text in hostile_strings(rng, FUZZ_COUNT):
        for pair in (f"mode={text}", text, f"{text}=1"):
            try:
                parse_options(BIVI, [pair])
            except BadOptions as refusal:
                assert one_printable_line(str(refusal), 400), pair


FIELDS = {
    "seat name": lambda d, t: d["seats"][0].update(name=t),
    "game id": lambda d, t: d.update(game=t),
    "action": lambda d, t: d["journal"][0].update(action=t),
    "option": lambda d, t: d["options"].update(target=t),
    "summary": lambda d, t: d.update(summary=t),
    "updated": lambda d, t: d.update(updated=t),
    "digest": lambda d, t: d.update(digest=t),
}


def test_fuzz_save_fields(tmp_path, with_count, capsys):
    rng = random.Random(12)
    path = good_save(tmp_path)
    pristine = path.read_bytes()
    for text in hostile_strings(rng, FUZZ_COUNT // 2):
        for field, change in FIELDS.items():
            data = json.loads(pristine)
            change(data, text)
            path.write_text(json.dumps(data))
            before = snapshot(tmp_path)
            try:
                load(path)
            except SaveError as error:
                assert one_printable_line(str(error), 400), (field, text)
            for argv in (["saves", "list", "--save-dir", str(tmp_path)], ["saves", "verify", str(path)]):
                code = cli.main(argv)
                out, err = capsys.readouterr()
                assert code in (0, 1) and "Traceback" not in out + err
                assert not has_control((out + err).replace("\n", "")), (field, text)
                assert all(len(line) < 600 for line in (out + err).splitlines())
            assert snapshot(tmp_path) == before, "reading never writes"


def test_fuzz_settings_files(tmp_path):
    rng = random.Random(13)
    path = tmp_path / "settings.json"
    for text in hostile_strings(rng, FUZZ_COUNT):
        for raw in (
            text.encode("utf-8", "surrogatepass"),  # not even UTF-8
            json.dumps({"glyphs": text, "bot_delay": text, text: 1}).encode(),
            json.dumps({"keymap": {text: "z", "game.undo": text}}).encode(),
        ):
            path.write_bytes(raw)
            settings, warnings = read_settings(path)
            assert isinstance(settings, Settings)
            assert all(one_printable_line(w, 400) for w in warnings), warnings
            assert path.read_bytes() == raw


# -- settings --------------------------------------------------------------------------------
SETTINGS_CASES = {
    "a BOM": (b'\xef\xbb\xbf{"glyphs": "ascii"}', {"glyphs": "ascii"}, []),
    "negative pace": (b'{"bot_delay": -1}', {"bot_delay": 0.4}, ["'bot_delay'"]),
    "huge pace": (b'{"bot_delay": 1e300}', {"bot_delay": 0.4}, ["'bot_delay'"]),
    "pace as text": (b'{"bot_delay": "fast", "glyphs": "ascii"}', {"glyphs": "ascii"}, ["'bot_delay'"]),
    "unknown key": (b'{"colour": "red", "bot_delay": 1}', {"bot_delay": 1.0}, ["'colour'"]),
    "unknown binding id": (
        b'{"keymap": {"game.explode": "x", "game.undo": "z"}}',
        {"keymap": {"game.undo": "z"}},
        ["'game.explode'"],
    ),
    "two actions on one key": (b'{"keymap": {"game.undo": "n"}}', {"keymap": {}}, ["'game.undo'"]),
    "Menu without a key": (b'{"keymap": {"game.menu": ""}}', {"keymap": {}}, ["'game.menu'"]),
    "Save's key taken": (b'{"keymap": {"game.undo": "ctrl+s"}}', {"keymap": {}}, ["'game.undo'"]),
    "Quit's key taken": (b'{"keymap": {"launcher.load": "ctrl+q"}}', {"keymap": {}}, ["'launcher.load'"]),
    "1000-deep": (b"[" * 1000, {}, ["nests too deeply"]),
    "not JSON": (b"glyphs=ascii", {}, ["not valid JSON"]),
}


@pytest.mark.parametrize("case", list(SETTINGS_CASES))
def test_each_bad_setting_is_one_warning_naming_its_key(tmp_path, case):
    raw, expected, warned = SETTINGS_CASES[case]
    path = tmp_path / "settings.json"
    path.write_bytes(raw)
    settings, warnings = read_settings(path)
    assert Settings().replace(**expected) == settings
    assert len(warnings) == len(warned)
    for warning, part in zip(warnings, warned):
        assert part in warning and one_printable_line(warning)


def test_settings_that_are_a_pipe_do_not_block(tmp_path):
    os.mkfifo(tmp_path / "settings.json")
    settings, warnings = read_settings(tmp_path / "settings.json")
    assert settings == Settings() and "is a pipe" in warnings[0]


def live_binding_ids() -> dict[str, str]:
    """Every Binding declared by a class in tui/, by id, with its keys."""
    import importlib
    import pkgutil

    import tui
    from textual.binding import Binding

    found: dict[str, str] = {}
    for module_info in pkgutil.walk_packages(tui.__path__, "tui."):
        if module_info.name.endswith("__main__"):
            continue
        module = importlib.import_module(module_info.name)
        for value in vars(module).values():
            for binding in getattr(value, "BINDINGS", None) or []:
                if isinstance(binding, Binding) and binding.id and value.__module__ == module.__name__:
                    found[binding.id] = binding.key
    return found


def test_the_settings_know_every_binding_and_its_default_keys():
    assert live_binding_ids() == DEFAULT_KEYS
    assert set(ESSENTIAL) <= set(DEFAULT_KEYS)


# -- whole processes -------------------------------------------------------------------------
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


@pytest.mark.parametrize("game", ["bivi", "bioviva", "camp_grizzly"])
def test_fuzz_typed_text_is_refused_with_a_reason_or_played_as_text(game):
    """What a player can type (Bioviva's guess and tile boxes, the palette) reaches the
    engine as action text: a refusal changes nothing, and nothing accepted is a control code."""
    from engines.core.errors import IllegalAction
    from engines.registry import load_engine

    engine = load_engine(game)
    rng = random.Random(14)
    texts = hostile_strings(rng, FUZZ_COUNT)
    match = Match(engine, engine.default_options(), [SeatSpec("A"), SeatSpec("B")], 3)
    for _ in range(12):
        for seat in [s for s in match.actors() if s >= 0][:1]:
            for text in texts:
                for verb in ("", "tile ", "guess "):
                    before = (match.digest(), len(match.journal))
                    try:
                        match.act_text(seat, verb + text)
                    except IllegalAction as refusal:
                        assert (match.digest(), len(match.journal)) == before
                        assert refusal.reason.strip()
                    else:
                        assert not has_control(match.journal[-1].action)
        step = match.next_bot_or_auto()
        if step is None:
            seat = [s for s in match.actors() if s >= 0][0]
            step = (seat, match.legal_actions(seat)[0])
        match.act(*step)
        if match.is_over():
            break
