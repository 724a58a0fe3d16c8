"""Pilot tests of Camp Grizzly played through the screens by key presses."""

from __future__ import annotations

import pytest

from engines.core.protocol import AUTO
from tests.tui_helpers import highlight_game, open_game, settle, wait_until
from tui.app import CampfireApp
from tui.games.camp_grizzly import CampGrizzlyScreen, CampMapBoard
from tui.games.camp_grizzly_draw import draw_camp
from tui.screens.end import EndScreen
from tui.screens.launcher import LauncherScreen
from tui.screens.setup import SetupScreen


@pytest.fixture(autouse=True)
def private_dirs(tmp_path, monkeypatch):
    monkeypatch.setenv("CAMPFIRE_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setenv("CAMPFIRE_SAVE_DIR", str(tmp_path / "saves"))


async def press_turn_key(app: CampfireApp, pilot) -> None:
    """End the turn when the list offers it (digit keys), else take the first action."""
    texts = [text for text, _ in app.screen.table.actions]
    key = str(texts.index("end") + 1) if "end" in texts[:9] else "1"
    await pilot.press(key)
    await settle(app, pilot)


async def test_solo_game_with_two_counselors_through_an_otis_turn_then_save_and_reload(tmp_path) -> None:
    app = CampfireApp(save_dir=tmp_path / "saves", bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await highlight_game(app, pilot, "camp_grizzly")
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, SetupScreen)
        await pilot.press("enter")  # one human player: two counselors by default
        await settle(app, pilot)
        screen = app.screen
        assert isinstance(screen, CampGrizzlyScreen)
        match = screen.match
        assert len(match.seats) == 1 and len(screen.table.view.counselors) == 2

        def played_after_otis() -> bool:
            """Otis has walked and the counselors have acted by keys since, in round 2 or later."""
            walks = [n for n, e in enumerate(match.journal) if e.seat == AUTO and e.action == "otis"]
            went_on = bool(walks) and any(e.seat == 0 for e in match.journal[walks[0] + 1 :])
            return went_on and match.state.round >= 2

        for _ in range(80):
            if played_after_otis() or isinstance(app.screen, EndScreen):
                break
            await press_turn_key(app, pilot)
        assert played_after_otis(), "Otis took a turn and the game went on by keys into round 2"

        await pilot.press("ctrl+s")
        await pilot.pause()
        digest, journal = match.digest(), list(match.journal)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, LauncherScreen)
        await pilot.press("c")
        await settle(app, pilot)
        reloaded = app.screen
        assert isinstance(reloaded, CampGrizzlyScreen) and reloaded is not screen
        assert reloaded.match.journal == journal and reloaded.match.digest() == digest


def test_camp_drawing_shows_pieces_walls_and_otis_path() -> None:
    from engines.camp_grizzly import ENGINE
    from engines.core.match import Match, SeatSpec

    match = Match(ENGINE, ENGINE.default_options(), [SeatSpec("Ana")], 2)
    view = ENGINE.view(match.state, 0)
    drawing = draw_camp(view)
    text = ["".join(t for t, _ in row) for row in drawing]
    assert len(text) == 11 and all(len(line) == 2 + 16 * 3 for line in text)
    from engines.camp_grizzly.content import parse_label

    def at(label: str) -> tuple[str, str]:
        row, col = parse_label(label)
        return drawing[row + 1][2 + 2 * col]  # label run, then (edge, content) per space

    assert at(view.otis.cell) == ("OT", "otis")
    # Both counselors start at the Campfire: the active one's initial and "+".
    assert {c.cell for c in view.counselors} == {view.counselors[0].cell}
    active = next(c for c in view.counselors if c.active)
    assert at(active.cell) == (f"{active.initials[0]}+", "counselor active")
    kinds = {kind for row in drawing for _, kind in row}
    assert any("wall-s" in kind for kind in kinds), "south walls are underlined"
    assert any(t == "│" for row in drawing for t, _ in row), "west walls are drawn"
    moved = draw_camp(view, otis_at="A1")
    assert moved[1][2] == ("OT", "otis")
    row, col = parse_label(view.otis.cell)
    assert moved[row + 1][2 + 2 * col][1] != "otis", "Otis is drawn only where the replay puts him"


async def test_board_renders_on_screen(tmp_path) -> None:
    from engines.camp_grizzly import ENGINE
    from engines.core.match import Match, SeatSpec

    app = CampfireApp(save_dir=tmp_path / "saves", bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_game(app, pilot, Match(ENGINE, ENGINE.default_options(), [SeatSpec("Ana")], 2))
        board = app.screen.query_one(CampMapBoard)
        assert board.size.height == 12 and board.size.width == 50  # the map and the cursor's line


def test_a_counselor_on_otis_space_stays_visible() -> None:
    from msgspec.structs import replace

    from engines.camp_grizzly import ENGINE
    from engines.camp_grizzly.content import parse_label
    from engines.core.match import Match, SeatSpec

    view = ENGINE.view(Match(ENGINE, ENGINE.default_options(), [SeatSpec("Ana")], 2).state, 0)
    wendy = view.counselors[1]
    view = replace(view, otis=replace(view.otis, cell=wendy.cell))
    row, col = parse_label(wendy.cell)
    text, kind = draw_camp(view)[row + 1][2 + 2 * col]
    assert kind == "otis" and text[0] == "O" and text[1] in {c.initials[0] for c in view.counselors}


def test_finale_card_lists_the_steps_and_marks_the_current_one() -> None:
    from msgspec.structs import replace

    from engines.camp_grizzly import ENGINE
    from engines.camp_grizzly.content import finales
    from engines.camp_grizzly.engine import FinaleView
    from engines.core.match import Match, SeatSpec
    from tui.games.camp_grizzly import finale_text

    view = ENGINE.view(Match(ENGINE, ENGINE.default_options(), [SeatSpec("Ana")], 2).state, 0)
    van = finales()["van"]
    ids = tuple(c.id for c in view.counselors)
    running = FinaleView(
        site="van",
        name=van.name,
        step=1,
        step_id=van.steps[1].id,
        step_kind=van.steps[1].kind,
        step_text=van.steps[1].text,
        participants=ids,
        failed=(),
        tries_used=0,
    )
    lines = finale_text(replace(view, finale=running)).splitlines()
    assert lines[0].startswith(f"FINALE: {van.name}")
    assert ", ".join(c.name for c in view.counselors) in lines[0], "counselors by name, not id"
    assert len(lines) == 1 + len(van.steps)
    assert lines[2].startswith("> 2.") and all(not line.startswith(">") for i, line in enumerate(lines) if i != 2)


def solo_view(seed: int = 2):
    from engines.camp_grizzly import ENGINE
    from engines.core.match import Match, SeatSpec

    return ENGINE.view(Match(ENGINE, ENGINE.default_options(), [SeatSpec("Ana")], seed).state, 0)


def test_counselor_card_names_survival_and_permanent_cards_and_never_shows_the_dead() -> None:
    from msgspec.structs import replace

    from engines.camp_grizzly.content import survival_cards
    from tui.games.camp_grizzly_cards import counselor_card

    view = solo_view()
    active = next(c for c in view.counselors if c.active)
    card = counselor_card(view, ["Ana"], 0)
    for card_id in active.survival + active.permanent:
        assert survival_cards()[card_id].name in card
    assert "Survival:" in card and "Permanent:" in card
    dead = replace(active, where="dead", active=False)
    other = next(c for c in view.counselors if c is not active)
    view = replace(view, counselors=tuple(dead if c is active else c for c in view.counselors))
    assert counselor_card(view, ["Ana"], 0).startswith(f"{other.initials} {other.name}")
    everyone_dead = replace(view, counselors=tuple(replace(c, where="dead", active=False) for c in view.counselors))
    assert counselor_card(everyone_dead, ["Ana"], 0) == "Every counselor is dead."


def test_finale_card_gives_each_steps_die_target_miss_and_otis_bonus() -> None:
    from msgspec.structs import replace

    from engines.camp_grizzly.content import finales
    from engines.camp_grizzly.engine import FinaleView
    from tui.games.camp_grizzly import finale_text

    view = solo_view()
    for site, finale in finales().items():
        running = FinaleView(
            site=site,
            name=finale.name,
            step=0,
            step_id=finale.steps[0].id,
            step_kind=finale.steps[0].kind,
            step_text=finale.steps[0].text,
            participants=(),
            failed=(),
            tries_used=0,
        )
        lines = finale_text(replace(view, finale=running)).splitlines()[1:]
        for step, line in zip(finale.steps, lines, strict=True):
            if step.kind == "roll":
                assert f"Roll d{step.die}, {step.target} or more" in line
                assert f"{step.tries} tr" in line and "A miss:" in line
                for effect in step.on_miss:
                    assert str(effect.amount) in line if effect.effect == "injure" else "horrified" in line
            if step.kind == "fight":
                bonus = f"{step.otis_bonus:+d}" if step.otis_bonus else ""
                assert f"Otis attacks everyone: d{view.otis.attack}{bonus};" in line


def test_the_map_key_explains_every_token_and_no_token_means_two_things() -> None:
    from tui.games.camp_grizzly_cards import map_legend

    view = solo_view()
    legend = "\n".join(map_legend())
    meanings: dict[str, set[str]] = {}
    for row in draw_camp(view)[1:]:
        for text, kind in row[1:]:
            base = kind.replace(" wall-s", "").replace(" active", "")
            if base in {"edge", "open"}:
                continue
            meanings.setdefault(text.strip()[:1] if base == "cabin" else text, set()).add(base)
    for token, kinds in meanings.items():
        assert len(kinds) == 1, f"{token!r} means {kinds}"
    for token, kinds in meanings.items():
        if kinds == {"counselor"}:
            continue
        if kinds == {"nature-trail"} or kinds == {"camp-trail"}:
            token = token[0]
        assert token.strip() in legend, f"{token!r} ({kinds}) is missing from the map key"
    for thing in ("? clue", "k key", "L lock", "** fire", "+ first aid", "@ cameo", "$ item", "! objective"):
        assert thing in legend


def test_dice_tray_shows_both_sides_of_a_fight() -> None:
    from msgspec.structs import replace

    from engines.camp_grizzly.state import DieRoll
    from tui.games.camp_grizzly_cards import dice_text

    view = replace(
        solo_view(),
        dice=(
            DieRoll("Wendy Park", "fight d4", 4, 2),
            DieRoll("Wendy Park", "fight d6", 6, 3),
            DieRoll("Otis", "attack d6", 6, 3),
        ),
    )
    assert dice_text(view) == "Dice: Wendy Park: fight d4 2, fight d6 3 (sum 5); Otis: attack d6 3"


def test_fight_odds_count_every_face_and_otis_wins_ties() -> None:
    from tui.games.camp_grizzly_cards import win_chance

    assert win_chance([6], 0, 6, 0) == 15 / 36
    assert win_chance([6], 1, 6, 0) == 21 / 36
    assert win_chance([], 1, 4, 0) == 0.0
    assert win_chance([4, 6], 0, 6, 1) == sum(
        1 for a in range(1, 5) for b in range(1, 7) for o in range(1, 7) if a + b > o + 1
    ) / (4 * 6 * 6)


def test_fight_entries_show_the_odds() -> None:
    from msgspec.structs import replace

    from engines.camp_grizzly.actions import Fight
    from engines.camp_grizzly.engine import StrikeView
    from tui.widgets.table import Table

    view = solo_view()
    fighter = replace(view.counselors[0], fight_dice=(6,), fight_bonus=1)
    view = replace(
        view,
        counselors=(fighter, *view.counselors[1:]),
        strike=StrikeView(
            cell="H5",
            kind="camp",
            danger=(fighter.id,),
            otis_bonus=0,
            pending_total=0,
            pending_otis=0,
            won_by="",
            up=fighter.id,
        ),
    )
    table = Table(
        summary=None,
        view=view,
        viewer=0,
        actions=[(f"fight {fighter.initials}", Fight(fighter.initials))],
        log=[],
        acting=True,
    )
    shown = CampGrizzlyScreen.validate_table(None, table).actions[0][0]
    assert shown.startswith(f"fight: {fighter.name} (d6 +1 vs Otis d{view.otis.attack}: ")
    assert shown.endswith("% to win)")


async def test_moving_by_cursor_walks_a_shortest_path_with_one_enter(tmp_path) -> None:
    from engines.camp_grizzly import ENGINE
    from engines.camp_grizzly.content import parse_label
    from engines.core.match import Match, SeatSpec

    app = CampfireApp(save_dir=tmp_path / "saves", bot_delay=0)
    match = Match(ENGINE, ENGINE.default_options(), [SeatSpec("Ana")], 7)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_game(app, pilot, match)
        screen = app.screen
        assert isinstance(app.focused, CampMapBoard), "the map takes the keys while Ana may move"
        mover = next(c for c in screen.table.view.counselors if c.active)
        start = parse_label(mover.cell)
        assert screen.cursor == start
        await pilot.press("left", "left", "left", "up", "up")
        await pilot.pause()
        goal = (start[0] - 2, start[1] - 3)
        assert screen.cursor == goal
        path = screen._path_to(goal)
        drawn = screen.query_one(CampMapBoard).drawing
        marked = sum(1 for row in drawn for _, kind in row if "path" in kind.split())
        assert marked == len(path) - 2, "the spaces the walk crosses are marked on the map"
        before = len(match.journal)
        await pilot.press("enter")
        await settle(app, pilot)
        moved = next(c for c in screen.table.view.counselors if c.id == mover.id)
        assert parse_label(moved.cell) == goal
        assert len(match.journal) - before == len(path) - 1 == 5
        assert all(e.action.startswith("move") for e in match.journal[before:])
        assert isinstance(app.focused, CampMapBoard), "arrows and Enter keep working after the move"


async def test_cursor_steps_leave_the_map_as_a_whole_redraw_would_draw_it(tmp_path) -> None:
    """A step redraws only the rows it changes: the spaces the path left and took, on
    whatever rows they are, the cursor's old and new space and the hint under the map."""
    from engines.camp_grizzly import ENGINE
    from engines.core.match import Match, SeatSpec

    app = CampfireApp(save_dir=tmp_path / "saves", bot_delay=0)
    match = Match(ENGINE, ENGINE.default_options(), [SeatSpec("Ana")], 7)
    async with app.run_test(size=(200, 60)) as pilot:
        await open_game(app, pilot, match)
        screen = app.screen
        board = screen.query_one(CampMapBoard)
        assert isinstance(app.focused, CampMapBoard)
        paths = set()
        for key in ("up", "up", "left", "left", "left", "down", "down", "down", "right", "up"):
            await pilot.press(key)
            await pilot.pause()
            walk = screen._path_to(screen.cursor)
            path = set(walk[1:-1]) if walk else set()
            paths.add(frozenset(path))
            whole = draw_camp(
                screen.table.view, cursor=screen.cursor, size=screen._map_size, wall_glyph=screen._wall_glyph, path=path
            )
            assert board.drawing[:-1] == whole, f"after {key} to {screen.cursor}"
            assert screen._cursor_hint() in board.drawing[-1][0][0]
        assert len({row for path in paths for row, _ in path}) > 2, "the walks crossed several rows"


async def test_letter_keys_draw_and_end_and_the_map_key_sits_behind_i_at_80x24(tmp_path) -> None:
    from engines.camp_grizzly import ENGINE
    from engines.core.match import Match, SeatSpec
    from tui.games.camp_grizzly import MapKeyScreen

    app = CampfireApp(save_dir=tmp_path / "saves", bot_delay=0)
    match = Match(ENGINE, ENGINE.default_options(), [SeatSpec("Ana")], 7)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_game(app, pilot, match)
        screen = app.screen

        def footer() -> set[str]:
            return {b.binding.id for b in app.screen.active_bindings.values() if b.binding.show and b.enabled}

        assert {"camp.draw", "camp.legend"} <= footer() and "camp.end" not in footer()
        await pilot.press("i")
        await pilot.pause()
        assert isinstance(app.screen, MapKeyScreen)
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is screen
        await pilot.press("c")
        await settle(app, pilot)
        assert any(e.action == "draw" for e in match.journal)
        for _ in range(6):
            if "camp.end" in footer():
                break
            await pilot.press("1")  # settle what the draw asks
            await settle(app, pilot)
        assert "camp.end" in footer()
        turns = match.state.active, match.state.round
        await pilot.press("e")
        await settle(app, pilot)
        assert any(e.action == "end" for e in match.journal)
        assert (match.state.active, match.state.round) != turns
        await pilot.resize_terminal(120, 40)
        await pilot.pause()
        await pilot.pause()
        assert screen.query_one("#legend-below").display and "camp.legend" not in footer()


@pytest.mark.parametrize("size", [(80, 24), (120, 40), (200, 60)])
def test_camp_grizzly_snapshot(tmp_path, snap_compare, size) -> None:
    from engines.camp_grizzly import ENGINE
    from engines.core.match import Match, SeatSpec

    app = CampfireApp(save_dir=tmp_path / "saves", bot_delay=0)
    match = Match(ENGINE, ENGINE.default_options(), [SeatSpec("Ana"), SeatSpec("Ben")], 7)

    async def run_before(pilot) -> None:
        await open_game(app, pilot, match)
        await pilot.press("left", "up")
        await pilot.pause()

    assert snap_compare(app, terminal_size=size, run_before=run_before)


async def test_leaving_during_otis_replay_never_crashes(tmp_path) -> None:
    """Esc while Otis' stalk is still being replayed on the map, at varied moments."""
    from engines.camp_grizzly import ENGINE
    from engines.core.match import Match, SeatSpec
    from tui.opening import open_match

    base = Match(ENGINE, ENGINE.default_options(), [SeatSpec("Ana")], 7)
    while not any(e.action == "otis" for e in base.journal):
        legal = base.legal_actions(0) if 0 in base.actors() else []
        ends = [a for a in legal if ENGINE.format_action(a) in ("end", "draw")]
        if legal:
            base.act(0, ends[0] if ends else legal[0])
        else:
            base.act(*base.next_bot_or_auto())
    replay_to = next(n for n, e in enumerate(base.journal) if e.action == "otis")
    app = CampfireApp(save_dir=tmp_path / "saves", bot_delay=0.05)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        launcher = app.screen
        for attempt in range(12):
            match = Match.replay(ENGINE, base.options, base.seats, base.seed, base.journal[:replay_to])
            open_match(app, match, None)
            await pilot.pause()
            assert isinstance(app.screen, CampGrizzlyScreen)
            await pilot.pause(0.01 * attempt)
            await pilot.press("escape")
            await wait_until(pilot, lambda: app.screen is launcher, f"attempt {attempt}: back at the launcher")
        await app.workers.wait_for_complete()
        await pilot.pause(0.4)  # not a wait for something: a window for a late replay step to crash in
        assert app.screen is launcher


def test_bigger_spaces_keep_the_grid_and_show_what_a_piece_stands_on() -> None:
    from engines.camp_grizzly.content import camp_map, parse_label
    from tui.games.camp_grizzly_draw import LARGE, MEDIUM, SMALL, map_size, terrain

    view = solo_view(7)
    for size in (SMALL, MEDIUM, LARGE):
        drawing = draw_camp(view, size=size)
        assert {len("".join(t for t, _ in row)) for row in drawing} == {map_size(size)[0]}
        assert len(drawing) == map_size(size)[1]
    active = next(c for c in view.counselors if c.active)
    row, col = parse_label(active.cell)
    drawing = draw_camp(view, size=LARGE)
    top, under = drawing[1 + 2 * row][2 + 2 * col], drawing[2 + 2 * row][2 + 2 * col]
    assert top[0].strip() == f"{active.initials[0]}+"
    assert under[0].strip() == terrain(camp_map(), (row, col))[0].strip(), "the space under the counselors"


async def test_larger_terminals_get_bigger_spaces(tmp_path) -> None:
    from engines.camp_grizzly import ENGINE
    from engines.core.match import Match, SeatSpec
    from tui.games.camp_grizzly_draw import LARGE, MEDIUM, SMALL, map_size

    app = CampfireApp(save_dir=tmp_path / "saves", bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_game(app, pilot, Match(ENGINE, ENGINE.default_options(), [SeatSpec("Ana")], 7))
        screen = app.screen
        for size, expected in [((80, 24), SMALL), ((120, 40), MEDIUM), ((200, 60), LARGE)]:
            await pilot.resize_terminal(*size)
            await pilot.pause()
            await pilot.pause()
            assert screen._map_size == expected, size
            board = screen.query_one(CampMapBoard)
            assert board.size.width == map_size(expected)[0]
            legend = screen.query_one("#legend-beside").display or screen.query_one("#legend-below").display
            assert legend == (size != (80, 24)), "the map key is on screen at the larger sizes"


def test_action_list_names_counselors_and_finales() -> None:
    from engines.camp_grizzly.actions import PanicNow, StartFinale, Trade
    from engines.camp_grizzly.content import finales
    from tui.widgets.table import Table

    view = solo_view()
    first, second = view.counselors[:2]
    actions = [
        (f"panic {first.initials}", PanicNow(first.initials)),
        ("finale van", StartFinale("van")),
        (f"trade: {first.initials} gives Gas Can to {second.initials}", Trade(first.initials, "x", second.initials)),
    ]
    table = Table(summary=None, view=view, viewer=0, actions=actions, log=[], acting=True)
    shown = [text for text, _ in CampGrizzlyScreen.validate_table(None, table).actions]
    assert shown == [
        f"panic {first.name}",
        f"finale: {finales()['van'].name}",
        f"trade: {first.name} gives Gas Can to {second.name}",
    ]


def test_the_ascii_glyph_set_draws_the_map_and_its_key_in_ascii() -> None:
    from tui.games.camp_grizzly_cards import map_legend
    from tui.games.camp_grizzly_draw import LARGE, SMALL

    view = solo_view(7)
    for size in (SMALL, LARGE):
        text = "".join(t for row in draw_camp(view, size=size, wall_glyph="|") for t, _ in row)
        assert text.isascii() and "|" in text
    assert "\n".join(map_legend("|")).isascii()


def test_a_card_choice_on_the_counselor_card_names_the_cards() -> None:
    from msgspec.structs import replace

    from engines.camp_grizzly.content import cabin_cards
    from tui.games.camp_grizzly_cards import counselor_card

    skillet = cabin_cards()["cast_iron_skillet"].name
    view = replace(solo_view(7), choice=("cast_iron_skillet", "keep both"))
    text = counselor_card(view, ["Ana"], 0)
    assert f"Choose: {skillet} / keep both" in text
    assert "cast_iron_skillet" not in text


def test_a_counselor_choice_on_the_counselor_card_names_the_counselors() -> None:
    """A card that asks to pick a counselor (foolin' around, a calm) lists counselors by
    name, never by their ids."""
    from msgspec.structs import replace

    from tui.games.camp_grizzly_cards import counselor_card

    view = solo_view()
    ids = tuple(c.id for c in view.counselors)
    text = counselor_card(replace(view, choice=ids), ["Ana"], 0)
    assert "Choose: " + " / ".join(c.name for c in view.counselors) in text
    assert not any(f" {cid} " in f" {text} ".replace("/", " ") for cid in ids)


def test_the_rules_screen_section_names_every_letter_key_of_the_screen() -> None:
    """rules.md's "Screen and keys" tells every key the Camp Grizzly screen adds."""
    from engines.core.rules import load_rules

    section = load_rules("camp_grizzly").section("screen-and-keys").body
    for binding in CampGrizzlyScreen.BINDINGS:
        assert f"`{binding.key}`" in section, binding.key
    assert "Walk" in section and "Enter" in section, "the map cursor walk"


def test_fight_odds_count_a_reroll_ability_as_the_engine_plays_it() -> None:
    """rules.md, Adaptation notes: a reroll ability rerolls the lowest die when it shows
    less than half its size; the odds on a fight entry count that reroll."""
    from itertools import product

    from tui.games.camp_grizzly_cards import win_chance

    def by_hand(sizes, bonus, otis_die):
        wins = total = 0.0
        for faces in product(*(range(1, n + 1) for n in sizes)):
            weight = 1.0
            low = min(range(len(faces)), key=lambda i: (faces[i] * 2 - sizes[i], i))
            outcomes = [faces]
            if faces[low] * 2 < sizes[low]:
                outcomes = [faces[:low] + (f,) + faces[low + 1 :] for f in range(1, sizes[low] + 1)]
                weight /= sizes[low]
            for rolled in outcomes:
                for otis in range(1, otis_die + 1):
                    total += weight
                    wins += weight * (sum(rolled) + bonus > otis)
        return wins / total

    assert win_chance([4], 0, 4, 0, reroll=True) == pytest.approx(30 / 64)
    assert win_chance([4, 6], 1, 8, 0, reroll=True) == pytest.approx(by_hand([4, 6], 1, 8))
    assert win_chance([4, 6], 1, 8, 0, reroll=True) > win_chance([4, 6], 1, 8, 0)


def test_the_counselor_card_lists_lasting_cards_and_lost_finales() -> None:
    """rules.md: lasting plot twists "stay listed until they run out", and a failed finale
    is lost for the game: the card beside the map shows both, by name (in its scrolling
    panel, so nothing else is pushed off a small terminal)."""
    from msgspec.structs import replace

    from tui.games.camp_grizzly_cards import counselor_card, otis_text

    view = solo_view()
    assert "In play" not in counselor_card(view, ["Ana"], 0) and "Lost" not in counselor_card(view, ["Ana"], 0)
    sites = tuple((site, arrow, site == "van") for site, arrow, _ in view.finale_sites)
    lasting = replace(view, lasting=("Thunderstorm",), finale_sites=sites)
    text = counselor_card(lasting, ["Ana"], 0)
    assert "In play: Thunderstorm" in text and "Lost finales: The Van" in text
    assert "\n" not in otis_text(lasting), "Otis' card stays one line"
