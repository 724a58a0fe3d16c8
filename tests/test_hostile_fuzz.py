"""Fuzz, seeded and bounded by count: hostile strings through every way in (command lines,
game options, save fields, settings files, typed text) are refused with one printable line
or taken as text, never a crash."""

from __future__ import annotations

import json
import random

import pytest

from engines.core.errors import BadOptions
from engines.core.match import Match, SeatSpec
from saves import SaveError, load
from saves.limits import has_control
from saves.start import parse_options
from tests.hostile_helpers import hostile_strings, one_printable_line
from tests.hostile_helpers import private_folders  # noqa: F401 (autouse fixture)
from tests.save_helpers import good_save, snapshot
from tests.save_helpers import with_count  # noqa: F401 (fixture)
from tui import cli
from tui.settings import Settings, read_settings


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
