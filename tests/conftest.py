"""Settings every test shares."""

from __future__ import annotations

import pytest


@pytest.fixture(autouse=True)
def capable_terminal(monkeypatch):
    """Tests never depend on the terminal they run in: the launcher offers ASCII glyphs on a
    first run under TERM=linux or vt100, which a CI runner may well report."""
    monkeypatch.setenv("TERM", "xterm-256color")


#: Tests that play whole games through screens or sessions, tens of seconds each, the longest
#: kinds first: the longest-first order that keeps parallel workers finishing together. It only
#: works with `--maxschedchunk=1` (pyproject's addopts): xdist's default hands each worker a
#: block of consecutive tests at the start, and one worker got every long test (a quarter of
#: the run's tests, done alone for eight minutes while the others sat idle after three).
#: Only the order changes: every test still runs, and `--lf`/`--sw` still work.
LONG_FIRST = (
    "tests/test_matrix_local.py::",
    "tests/test_tui_layout.py::test_nothing_is_cut_off_at_any_size",
    "tests/test_tui_bivi.py::test_full_bivi_game_by_keys_with_save_and_reload",
    "tests/remote/test_ssh_play.py::test_two_ssh_players_and_a_bot_play_a_whole_bivi_table",
    "tests/test_tui_bonfire_two_players.py::",
    "tests/test_tui_replay.py::test_every_key_of_the_viewer_at_three_sizes",
    "tests/test_tui_replay.py::test_before_the_end_no_frame_shows_another_seats_secret",
    "tests/test_tui_bioviva.py::test_one_curtain_at_a_time_always_naming_whose_screen_follows",
    "tests/test_tui_bonfire.py::test_solo_game_by_keys_through_toms_turns_then_save_and_reload",
    "tests/test_tui_camp_grizzly.py::test_leaving_during_otis_replay_never_crashes",
    "tests/remote/test_matrix_remote.py::",
    "tests/ssh/test_matrix_ssh.py::",
    "tests/remote/test_ssh_reconnect.py::",
    "tests/bioviva/test_bioviva_fairness.py::",
    "tests/test_textual_internals.py::test_no_module_outside_the_internals_touches_textual_internals",
)


#: Then the other tests that drive screens or sessions (seconds each), and last the many
#: short engine and unit tests, which fill the workers' ends evenly.
SCREENS_NEXT = ("tests/test_tui_", "tests/ssh/", "tests/remote/", "tests/test_matrix_")


def pytest_collection_modifyitems(config, items) -> None:
    def rank(item) -> int:  # the longest kinds (listed first) go first
        listed = next((n for n, prefix in enumerate(LONG_FIRST) if item.nodeid.startswith(prefix)), None)
        if listed is not None:
            return listed
        return len(LONG_FIRST) + (0 if item.nodeid.startswith(SCREENS_NEXT) else 1)

    items.sort(key=rank)
