"""The replay benchmark (bench/replay.py) measures what issue 28 asks for: it finds a seeded
game of at least 500 actions to open, and each of its step keys changes the screen (a key
that changed nothing would be timed as fast). Never timed here: bench/ does that."""

from __future__ import annotations

from bench import replay as bench_replay


async def test_the_replay_bench_opens_a_500_action_game_and_every_step_changes_the_screen(tmp_path, monkeypatch):
    monkeypatch.setenv("CAMPFIRE_CONFIG_DIR", str(tmp_path / "config"))
    games = bench_replay.long_games(tmp_path / "games")
    assert max(length for _, _, length in games.values()) >= bench_replay.ACTIONS
    for game_id, (path, _, _) in games.items():
        times, unchanged = await bench_replay.key_samples(path, presses=2)
        assert len(times) == 2 and not unchanged, game_id
