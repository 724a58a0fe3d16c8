"""bench/run.py's `internals` section: the same board measured with Textual's internals and
on public APIs only, each path giving key times and the terminal bytes of each key."""

from __future__ import annotations

from bench.internals_bench import _keys_and_bytes
from bench.keys import action_list
from tui.textual_internals import any_enabled, switched


async def test_both_paths_give_key_times_and_bytes(tmp_path, monkeypatch) -> None:
    monkeypatch.setenv("CAMPFIRE_CONFIG_DIR", str(tmp_path / "config"))
    for switch in ("on", "off"):
        with switched(switch):
            assert any_enabled() == (switch == "on")
            times, sent, opening = await _keys_and_bytes(action_list("bivouac"), 2)
        assert len(times) == len(sent) == 2
        assert all(size > 0 for size in sent)
        assert opening > sum(sent)  # the whole screen, drawn at least once
