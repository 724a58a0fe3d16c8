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
    for anchor in [
        "overview",
        "setup",
        "turn",
        "foreman",
        "other-beavers",
        "end-of-turn",
        "placing-tiles",
        "stability",
        "adjacency",
        "the-beaver",
        "wood-cubes",
        "end-of-the-game",
        "scoring",
        "modes",
        "advanced",
        "expert",
        "notation",
        "adaptation-notes",
    ]:
        assert anchor in anchors, anchor


def test_summary_points_to_the_rules_section_of_the_current_phase():
    book = load_rules("bivi")
    states = [
        ENGINE.new_game(ENGINE.default_options(), 2, 1),
        start(),
        holding(1),
        replace(start(), phase="take", actor=1, side="N"),
        replace(holding(1), phase="beaver", spots=((6, 3),)),
        replace(start(), phase="end"),
        replace(start(), phase="over", end_reason="test"),
    ]
    for state in states:
        summary = ENGINE.summary(state, None)
        assert book.section(summary.rules_topic) is not None, summary.rules_topic
        assert summary.status and len(summary.panels) == 2


def test_the_worked_example_in_the_reference_scores_as_explained():
    body = load_rules("bivi").section("scoring").body
    # a dam that scores like the printed second example; it is an indented code block:
    # heading-like '#' lines must not start a line
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


def bag_runs(bag: tuple[int, ...], texts: list[str], run: int = 3) -> list[tuple[int, ...]]:
    """Runs of `run` consecutive bag tiles that appear, in bag order, as consecutive numbers
    in any of `texts`."""
    import re

    runs = {tuple(bag[i : i + run]) for i in range(len(bag) - run + 1)}
    found = []
    for text in texts:
        numbers = [int(n) for n in re.findall(r"\d+", text)]
        found += [
            tuple(numbers[i : i + run]) for i in range(len(numbers) - run + 1) if tuple(numbers[i : i + run]) in runs
        ]
    return found


def test_the_view_shows_the_table_but_never_the_bag_order():
    import msgspec

    from engines.bivi import content
    from tests.bivi.helpers import act

    state = start()
    tile = state.forest[0][0]
    applied = act(state, 0, f"take N {tile}")
    state = applied.state
    view = ENGINE.view(state, 1)
    assert view.bag == len(state.bag) and view.discard == len(state.discard)
    assert view.forest == state.forest and view.supply == state.supply
    assert view.hand == tile and view.hand_seat == 0 and view.hand_tile.shape == content.tile(tile).shape
    assert view.rivers[0].cells[3][0] == 0 and len(view.rivers[0].cells) == len(view.board_rows)
    assert view.rivers[0].total_below == 37 and view.rivers[0].bank == "left"
    assert set(view.tiles) == {tile, *(t for side in state.forest for t in side)}
    assert not set(state.bag) & set(view.tiles)
    # no three bag tiles in bag order anywhere in what a player sees: view, summary, log
    texts = [msgspec.json.encode(ENGINE.view(state, seat)).decode() for seat in (None, 0, 1)]
    texts += [msgspec.json.encode(ENGINE.summary(state, seat)).decode() for seat in (None, 0, 1)]
    texts += [event.text for event in applied.events]
    assert bag_runs(state.bag, texts) == []
    # ...and the check does catch a leak, however it is formatted
    leaks = [
        msgspec.json.encode({"bag": list(state.bag)}).decode(),
        str(list(state.bag)),
        " ".join(map(str, state.bag)),
    ]
    assert all(bag_runs(state.bag, [leak]) for leak in leaks)


def test_the_bag_order_stays_hidden_through_a_whole_game():
    import msgspec

    from engines.bivi.actions import BiviOptions
    from engines.core.match import Match, SeatSpec

    match = Match(ENGINE, BiviOptions(), [SeatSpec("a", "bot", "heuristic"), SeatSpec("b", "bot", "random")], 3)
    while not match.is_over():
        match.act(*match.next_bot_or_auto())
        state = match.state
        view = ENGINE.view(state, state.actor)
        assert not set(state.bag) & set(view.tiles)
        texts = [msgspec.json.encode(view).decode(), msgspec.json.encode(ENGINE.summary(state, None)).decode()]
        assert bag_runs(state.bag, texts + match.log_lines(None)[-6:]) == []


def test_action_list_descriptions_name_the_tile_and_shape():
    from engines.bivi import ENGINE
    from engines.bivi.actions import NoCube, Take, TakeCube
    from engines.bivi.content import SHAPE_WORDS, tile

    t = tile(43)
    assert ENGINE.describe_action(Take("N", 43)) == f"take {t.wood} tile 43 ({SHAPE_WORDS[t.shape]}) from north"
    assert ENGINE.describe_action(TakeCube("E")) == "discard the east side for a wood cube"
    assert ENGINE.describe_action(NoCube()) == "no cube this turn"


def test_the_setup_section_names_every_option_and_its_choices():
    from engines.bivi import content
    from engines.bivi.actions import BiviOptions

    setup = load_rules("bivi").section("setup").body
    for field in BiviOptions.__struct_fields__:
        assert f"**{field}**" in setup, field
    for mode in ("basic", "advanced", "expert"):
        assert mode in setup, mode
    for board in content.boards():
        assert f"`{board}`" in setup, board


def test_the_overview_gives_the_number_of_players():
    info = ENGINE.info
    overview = load_rules("bivi").section("overview").body
    assert f"{info.min_seats} to {info.max_seats} players" in overview
