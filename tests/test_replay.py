"""The replay (saves/replay.py): every ready game stepped through its journal, read-only,
as one seat saw it before the end; the game as a document; `sim --keep` and `--chart`."""

from __future__ import annotations

import os

import pytest

from engines.core.errors import IllegalAction
from saves.lock import lock_path
from saves.replay import READ_ONLY, ReplayMatch, open_replay
from saves.store import verify
from tests.replay_games import GAME_IDS, encoded, played, saved, secrets_of_others
from tui import cli


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_stepping_matches_the_original_digests_at_every_step(game_id, tmp_path):
    match, digests = played(game_id)
    replay = open_replay(saved(game_id, tmp_path))
    assert replay.length == len(digests) - 1 and replay.finished
    replay.go_to(0)
    seen = [replay.state_digest()]
    while replay.position < replay.length:
        replay.step(1)
        seen.append(replay.state_digest())
    assert seen == list(digests)
    backwards = [replay.state_digest()]
    while replay.position > 0:
        replay.step(-1)
        backwards.append(replay.state_digest())
    assert backwards == list(reversed(digests))
    # Turn by turn, and straight to a turn, land on the same states.
    replay.go_to(0)
    while replay.position < replay.length:
        before = replay.turn
        at = replay.next_turn()
        assert replay.state_digest() == digests[at]
        assert at == replay.length or replay.turn != before
    for start in replay.turn_starts[1:]:
        assert replay.go_to_turn(replay.turns[start]) <= start
        assert replay.turns[replay.position] == replay.turns[start]


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_the_log_and_the_outcome_follow_the_position(game_id, tmp_path):
    match, _ = played(game_id)
    replay = open_replay(saved(game_id, tmp_path))
    assert replay.log_lines(0) == [entry.event.private or entry.event.text for entry in match.log]
    assert encoded(replay.outcome()) == encoded(match.outcome())
    replay.go_to(0)
    assert replay.outcome() is None and len(replay.journal) == 0
    replay.go_to(replay.length // 2)
    lines = replay.log_lines(0)
    assert lines == [e.event.private or e.event.text for e in match.log if e.index < replay.length // 2]
    history = replay.score_history()
    assert history.final is not None and [row[-1] for row in history.scores][: len(match.seats)] == list(
        match.outcome().scores
    )
    assert history.turns == sorted(history.turns)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_before_the_end_a_seat_sees_none_of_another_seats_secrets(game_id, tmp_path):
    match, _ = played(game_id)
    path = saved(game_id, tmp_path, cut=len(match.journal) // 2, people=True)
    replay = open_replay(path, seat=0)
    assert not replay.finished
    replay.go_to(0)
    checked = 0
    while True:
        secrets = secrets_of_others(replay, 0)
        # Whatever viewer a screen asks for, it is shown seat 0's view.
        for asked in (None, 0, 1):
            seen = encoded(replay.view(asked)) + encoded(replay.summary(asked)) + "\n".join(replay.log_lines(asked))
            assert not [secret for secret in secrets if secret in seen]
        checked += len(secrets)
        if replay.position == replay.length:
            break
        replay.step(1)
    if match.engine.info.flags.hidden_information:
        assert checked, "the half game holds another seat's secret somewhere (else this proves nothing)"
    with pytest.raises(IllegalAction, match="open it again"):
        replay.look_as(1)


def test_a_replay_changes_nothing_and_refuses_to_play(tmp_path):
    path = saved(GAME_IDS[0], tmp_path)
    before = (path.read_bytes(), os.stat(path).st_mtime_ns, sorted(p.name for p in tmp_path.iterdir()))
    replay = open_replay(path)
    replay.go_to(3)
    seat = replay.entries[3].seat
    for attempt in (
        lambda: replay.act(seat, None),
        lambda: replay.undo(seat),
        lambda: replay.parse_action(seat, replay.entries[3].action),
    ):
        with pytest.raises(IllegalAction, match="replay"):
            attempt()
    assert replay.legal_actions(seat) == [] and replay.undoable(seat) == 0
    assert replay.refusal(seat, None) == READ_ONLY
    assert not lock_path(path).exists()
    assert (path.read_bytes(), os.stat(path).st_mtime_ns, sorted(p.name for p in tmp_path.iterdir())) == before


def test_a_save_another_session_is_playing_is_replayed_without_taking_it(tmp_path):
    from saves.store import Autosaver, load_save

    path = saved(GAME_IDS[0], tmp_path, cut=10)
    saver = Autosaver.resume(load_save(path))  # the other session holds the lock
    try:
        replay = open_replay(path)
        assert replay.length == 10
        assert saver._lock.still_held()
    finally:
        saver.close()


def test_a_finished_game_shows_any_seat_and_the_turns_are_the_engines(tmp_path):
    replay = ReplayMatch(played(GAME_IDS[0])[0], seat=0)
    for seat in replay.seat_choices():
        replay.look_as(seat)
        assert replay.perspective(1) == 1  # after the end a screen's own viewer is shown
    assert replay.turn_starts[0] == 0
    assert all(replay.turns[p] != replay.turns[p - 1] for p in replay.turn_starts[1:])


def test_the_replay_is_a_seat_match_with_every_member():
    from engines.core.seat_match import SeatMatch
    from tests.test_screen_interface import interface_members

    replay = ReplayMatch(played(GAME_IDS[0])[0])
    assert isinstance(replay, SeatMatch)
    assert [name for name in interface_members() if not hasattr(replay, name)] == []


# -- the command line --------------------------------------------------------------------------
@pytest.mark.parametrize("fmt", ["md", "txt"])
def test_export_tells_the_whole_game(fmt, tmp_path, capsys):
    game_id = GAME_IDS[-1]
    match, _ = played(game_id)
    path = saved(game_id, tmp_path)
    assert cli.main(["replay", str(path), "--export", fmt]) == 0
    text = capsys.readouterr().out
    assert match.engine.info.title in text
    for number, seat in enumerate(match.seats, start=1):
        assert f"Seat {number}: {seat.name}" in text
    numbered = [line for line in text.splitlines() if line.split(". ", 1)[0].isdigit()]
    assert [int(line.split(".")[0]) for line in numbered] == list(range(1, len(match.journal) + 1))
    assert "Final scores" in text and "Total" in text
    assert match.outcome().reason.split()[-1] in text
    assert ("# " in text) == (fmt == "md")


def test_export_of_a_game_in_progress_keeps_the_seed_and_others_secrets(tmp_path, capsys):
    hidden = [g for g in GAME_IDS if played(g)[0].engine.info.flags.hidden_information]
    game_id = hidden[0]
    path = saved(game_id, tmp_path, cut=len(played(game_id)[0].journal) // 2, people=True)
    assert cli.main(["replay", str(path), "--export", "txt", "--seat", "Ana"]) == 0
    text = capsys.readouterr().out
    assert "Seed:" not in text and "told as Ana saw it" in text
    replay = open_replay(path, seat=0)
    # What another seat still holds at the end is nowhere; what it held after action k (and
    # may show later, by playing it) is not in the line of action k.
    assert not [s for s in secrets_of_others(replay, 0) if s in text]
    lines = {line.split(". ", 1)[0]: line for line in text.splitlines() if line.split(". ", 1)[0].isdigit()}
    for position in range(1, replay.length + 1):
        replay.go_to(position)
        assert not [s for s in secrets_of_others(replay, 0) if s in lines[str(position)]]


def test_replay_opens_the_viewer_with_the_seat_asked_for(tmp_path, monkeypatch):
    started = []
    monkeypatch.setattr(cli.play_commands, "_launch", lambda request, folder: started.append(request) or 0)
    path = saved(GAME_IDS[0], tmp_path)
    assert cli.main(["replay", str(path), "--seat", "2"]) == 0
    assert started[0].replay == str(path.absolute()) and started[0].seat == 1
    assert cli.main(["replay", str(path), "--seat", "Nobody"]) == cli.USAGE_ERROR


def test_sim_keeps_every_game_as_a_save_and_charts_the_scores(tmp_path, capsys):
    game_id = GAME_IDS[-1]
    keep = tmp_path / "kept"
    assert cli.main(["sim", game_id, "--games", "3", "--seed", "5", "--keep", str(keep), "--chart"]) == 0
    out = capsys.readouterr().out
    files = sorted(keep.glob("*.json"))
    assert [f.name for f in files] == [f"{game_id}-seed{seed}.json" for seed in (5, 6, 7)]
    assert all(verify(f).ok for f in files)
    assert open_replay(files[0]).finished
    assert "Seat 1 (normal): final scores" in out and "Seat 2 (normal): final scores" in out
    assert cli.main(["sim", game_id, "--json", "--chart"]) == cli.USAGE_ERROR


def test_charts_are_ascii_when_the_glyphs_are():
    from tui.charts import histogram, score_chart

    chart = score_chart(["Ana", "Bo"], [1, 2, 3], [[0, 2, 5], [1, 1, 4]], 60, 14, ascii=True)
    assert chart.isascii() and "Ana" in chart and "Bo" in chart and "*" in chart and "o" in chart
    assert not score_chart(["Ana"], [1, 2], [[0, 2]], 60, 14).isascii()  # box lines otherwise
    assert histogram([3, 4, 4, 9], "Seat 1", 60, 12, ascii=True).isascii()
