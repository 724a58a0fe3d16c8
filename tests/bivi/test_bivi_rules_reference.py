"""The rules reference: its sections, and the anchors the summary points at."""

from __future__ import annotations

from msgspec.structs import replace

from engines.bivi import ENGINE
from engines.bivi.notation import score
from engines.core.rules import load_rules
from tests.bivi.helpers import holding, start


def test_rules_reference_has_the_lookup_sections():
    book = load_rules("bivi")
    assert book.title == "Bivì"
    anchors = [s.anchor for s in book.sections]
    for anchor in ["overview", "setup", "turn", "foreman", "other-beavers", "end-of-turn", "placing-tiles",
                   "stability", "adjacency", "the-beaver", "wood-cubes", "end-of-the-game", "scoring",
                   "modes", "advanced", "expert", "notation", "adaptation-notes"]:
        assert anchor in anchors, anchor


def test_summary_points_to_the_rules_section_of_the_current_phase():
    book = load_rules("bivi")
    states = [ENGINE.new_game(ENGINE.default_options(), 2, 1), start(), holding(1),
              replace(start(), phase="take", actor=1, side="N"), replace(holding(1), phase="beaver", spots=((6, 3),)),
              replace(start(), phase="end"), replace(start(), phase="over", end_reason="test")]
    for state in states:
        summary = ENGINE.summary(state, None)
        assert book.section(summary.rules_topic) is not None, summary.rules_topic
        assert summary.status and len(summary.panels) == 2


def test_the_worked_example_in_the_reference_scores_as_explained():
    body = load_rules("bivi").section("scoring").body
    # the example is an indented code block: headings-like '#' lines must not start a line
    example = "".join(line[4:] + "\n" for line in body.splitlines() if line.startswith("    "))
    assert score(example).total(largest_penalised=True) == 8


def test_the_engine_package_imports_no_ui_or_saves():
    import subprocess
    import sys

    code = (
        "import sys, engines.bivi\n"
        "from engines.bivi import ENGINE\n"
        "bad = sorted(m for m in sys.modules if m.split('.')[0] in {'textual', 'rich', 'tui', 'saves'})\n"
        "assert not bad, bad\n"
        "assert ENGINE.info.id == 'bivi' and ENGINE.info.flags.chance and not ENGINE.info.flags.hidden_information\n"
    )
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    result = subprocess.run([sys.executable, "-c", code], cwd=root, capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr


def test_river_text_shows_a_players_river_in_the_notation():
    from engines.bivi import parse_river, river_text

    state = start()
    assert parse_river(river_text(state, 0)).cells == state.players[0].cells
    assert river_text(state, 0).splitlines()[3].startswith("#   .   .")


def test_the_view_shows_the_table_but_never_the_bag_order():
    import msgspec

    from engines.bivi import content
    from tests.bivi.helpers import act

    state = start()
    tile = state.forest[0][0]
    state = act(state, 0, f"take N {tile}").state
    view = ENGINE.view(state, 1)
    assert view.bag == len(state.bag) and view.discard == len(state.discard)
    assert view.forest == state.forest and view.supply == state.supply
    assert view.hand == tile and view.hand_seat == 0 and view.hand_tile.shape == content.tile(tile).shape
    assert view.rivers[0].cells[3][0] == 0 and len(view.rivers[0].cells) == len(view.board_rows)
    assert view.rivers[0].total_below == 37 and view.rivers[0].bank == "left"
    assert set(view.tiles) == {tile, *(t for side in state.forest for t in side)}
    assert not set(state.bag) & set(view.tiles)
    encoded = msgspec.json.encode(view).decode()
    assert "bag_order" not in encoded and str(list(state.bag[:6]))[1:-1] not in encoded
