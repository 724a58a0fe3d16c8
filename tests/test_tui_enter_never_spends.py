"""Enter never spends by default: in every ready game, a player who reaches the action list
(focused at once, or by Tab from a board) and presses Enter alone plays nothing that costs
them something (money, cubes, a card, a tile, an action tile).

Each game names here what in its list costs the player and which of its actions go on the
board instead of the list; a position whose list shows a costly action first is found by
seeded bot games played through the match's own interface, then opened with that seat a
person's. The shared action list highlights nothing when the screen says an offer spends
(`tui.widgets.frame.NamesSpending`); a game whose screen does not say so yet is marked.

The same holds after an action: when the next decision (the same player's, or the next
hot-seat player's) offers the same texts again, the highlight does not stay on the action
just taken."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NamedTuple

import pytest

from engines.core.match import Match, SeatSpec
from engines.core.protocol import AUTO, Engine
from engines.registry import load_engine, ready_games
from tests.matrix import lift_curtain
from tests.tui_helpers import open_game, settle
from tui.app import CampfireApp
from tui.widgets.frame import ActionList


def _bivouac() -> tuple[Callable[[Any, Any], bool], tuple[type, ...]]:
    from engines.bivouac.actions import Place, Return
    from tui.games.bivouac_draw import spends

    return spends, (Place, Return)


def _bivi() -> tuple[Callable[[Any, Any], bool], tuple[type, ...]]:
    from engines.bivi.actions import CubeAt, Discard, MoveBeaver, Place

    # A beaver move pays cubes; a discard gives up the tile in hand.
    return (lambda action, view: isinstance(action, (MoveBeaver, Discard))), (Place, CubeAt)


def _camp_grizzly() -> tuple[Callable[[Any, Any], bool], tuple[type, ...]]:
    from engines.camp_grizzly.actions import Drop, Trade, Use

    # A single-use card played, an item left on the ground or handed to another counselor.
    return (lambda action, view: isinstance(action, (Use, Drop, Trade))), ()


def _bonfire() -> tuple[Callable[[Any, Any], bool], tuple[type, ...]]:
    from engines.bonfire.actions import (
        BuildPath,
        Discard,
        Fate,
        Fulfil,
        GreatBonfire,
        Procession,
        Receive,
        Recruit,
        Sail,
        TakeGuardian,
    )

    paid = (Sail, Receive, TakeGuardian, BuildPath, Procession, GreatBonfire, Recruit, Fulfil, Discard)
    return (lambda action, view: isinstance(action, paid)), (Fate,)


#: What costs the player in each game's list, and what goes on its board instead.
COSTS: dict[str, Callable[[], tuple[Callable[[Any, Any], bool], tuple[type, ...]]]] = {
    "bivouac": _bivouac,
    "bivi": _bivi,
    "camp_grizzly": _camp_grizzly,
    "bonfire": _bonfire,
}

#: Games whose list offers nothing that costs the player, and why.
NOTHING_COSTS = {
    "bioviva": "answers, peeks, pawns, clues, guesses and the guide's replies cost no Viva point",
}

#: Games whose screen does not yet name what spends (the fix is the screen's `spends`).
NOT_YET: dict[str, str] = {}


def test_every_ready_game_says_what_its_action_list_may_cost() -> None:
    ready = {entry.id for entry in ready_games()}
    assert ready <= set(COSTS) | set(NOTHING_COSTS), "say what costs in the new game's list"


def costly_first_offer(game_id: str, seeds: range = range(1, 9)) -> tuple[Match, int]:
    """A match (seats a person's where they act, bots elsewhere) at a position where the
    acting person's list shows a costly action first, and that person's seat."""
    engine = load_engine(game_id)
    costs, on_board = COSTS[game_id]()
    count = engine.info.usual_seats
    bots = [SeatSpec(f"Bot {n + 1}", "bot", "heuristic") for n in range(count)]
    for seed in seeds:
        match = Match(engine, engine.default_options(), bots, seed)
        while not match.is_over():
            actors = match.actors()
            seat = actors[0]
            if actors != (AUTO,):
                listed = [a for a in match.legal_actions(seat) if not isinstance(a, on_board)]
                if listed and costs(listed[0], match.view(seat)):
                    seats = [SeatSpec("Ana") if n == seat else bots[n] for n in range(count)]
                    return Match.replay(engine, engine.default_options(), seats, seed, match.journal), seat
            step = match.next_bot_or_auto()
            assert step is not None
            match.act(*step)
    raise AssertionError(f"{game_id}: no seeded game showed a costly action first")


@pytest.mark.parametrize(
    "game_id",
    [
        pytest.param(game, marks=pytest.mark.xfail(strict=True, reason=NOT_YET[game])) if game in NOT_YET else game
        for game in COSTS
    ],
)
async def test_enter_on_a_freshly_focused_action_list_plays_nothing_costly(tmp_path, monkeypatch, game_id) -> None:
    monkeypatch.setenv("CAMPFIRE_CONFIG_DIR", str(tmp_path / "config"))
    match, seat = costly_first_offer(game_id)
    costs, _ = COSTS[game_id]()
    played = len(match.journal)
    app = CampfireApp(save_dir=tmp_path / "saves", bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await open_game(app, pilot, match)
        actions = app.screen.query_one(ActionList)
        table = app.screen.table
        assert table is not None and table.viewer == seat and len(match.journal) == played
        assert costs(table.actions[0][1], table.view), "the list shows the costly action first"
        for _ in range(8):  # Tab to the list where a board has the focus
            if app.focused is actions:
                break
            await pilot.press("tab")
            await settle(app, pilot)
        assert app.focused is actions
        await pilot.press("enter")
        await settle(app, pilot)
        assert [e.action for e in match.journal[played:]] == []


#: Games where no decision that offers something costly comes back with the same offers
#: after an action, and why.
NO_REPEATED_OFFERS = {
    "bivi": "a beaver move or a discard is followed by the tile's placement on the board, never by the same list",
}


def _listed(engine: Engine[Any, Any], state: Any, seat: int, on_board: tuple[type, ...]) -> list[Any]:
    return [a for a in engine.legal_actions(state, seat) if not isinstance(a, on_board)]


def _after(engine: Engine[Any, Any], state: Any, seat: int, action: Any) -> Any:
    """The state once `seat` took `action` and the game's own steps that follow ran."""
    state = engine.apply(state, seat, action).state
    while not engine.is_over(state) and engine.actors(state) == (AUTO,):
        state = engine.apply(state, AUTO, engine.auto_action(state)).state
    return state


class RepeatedOffer(NamedTuple):
    match: Match
    seat: int
    index: int  # of the offer taken, in the list
    action: Any
    following: int  # the seat deciding next


def repeated_offer(game_id: str, seeds: range = range(1, 9)) -> RepeatedOffer:
    """A position where the acting seat's list offers something costly and taking one of
    its first nine offers brings the next decision (the same seat's or another's) with the
    same offers, something costly among them: the next rope to drop, wage to pay, tile to
    discard; the match has both seats people's, bots elsewhere. Random bots: they reach
    such positions (wages owed) soonest."""
    engine = load_engine(game_id)
    costs, on_board = COSTS[game_id]()
    count = engine.info.usual_seats
    bots = [SeatSpec(f"Bot {n + 1}", "bot", "random") for n in range(count)]
    for seed in seeds:
        match = Match(engine, engine.default_options(), bots, seed)
        while not match.is_over():
            actors = match.actors()
            seat = actors[0]
            listed = [] if actors == (AUTO,) else _listed(engine, match.state, seat, on_board)
            if any(costs(a, match.view(seat)) for a in listed):
                for index, action in enumerate(listed[:9]):
                    state = _after(engine, match.state, seat, action)
                    if engine.is_over(state):
                        continue
                    following = engine.actors(state)[0]
                    again = _listed(engine, state, following, on_board)
                    if again == listed and any(costs(a, engine.view(state, following)) for a in again):
                        names = {seat: "Ana", following: "Bo"} if following != seat else {seat: "Ana"}
                        seats = [SeatSpec(names[n]) if n in names else bots[n] for n in range(count)]
                        replayed = Match.replay(engine, engine.default_options(), seats, seed, match.journal)
                        return RepeatedOffer(replayed, seat, index, action, following)
            step = match.next_bot_or_auto()
            assert step is not None
            match.act(*step)
    raise AssertionError(f"{game_id}: no seeded game brought the same costly offers back")


async def focus_action_list(app: CampfireApp, pilot: Any) -> ActionList:
    actions = app.screen.query_one(ActionList)
    for _ in range(8):  # Tab to the list where a board has the focus
        if app.focused is actions:
            break
        await pilot.press("tab")
    assert app.focused is actions
    return actions


def test_every_game_with_costly_offers_is_checked_when_they_come_back() -> None:
    assert set(NO_REPEATED_OFFERS) <= set(COSTS)


@pytest.mark.parametrize("game_id", [game for game in COSTS if game not in NO_REPEATED_OFFERS])
async def test_enter_plays_nothing_costly_when_the_same_offers_come_back(tmp_path, monkeypatch, game_id) -> None:
    monkeypatch.setenv("CAMPFIRE_CONFIG_DIR", str(tmp_path / "config"))
    match, seat, index, action, following = repeated_offer(game_id)
    played = len(match.journal)
    app = CampfireApp(save_dir=tmp_path / "saves", bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await open_game(app, pilot, match)
        actions = await focus_action_list(app, pilot)
        table = app.screen.table
        assert table is not None and table.viewer == seat and actions.highlighted is None
        offers = [text for text, _ in table.actions]
        await pilot.press(*["down"] * (index + 1), "enter")  # the player's choice, by the highlight
        await settle(app, pilot)
        assert match.journal[played].action == match.engine.format_action(action)
        await lift_curtain(app, pilot)
        actions = await focus_action_list(app, pilot)
        table = app.screen.table
        assert table is not None and table.viewer == following
        assert [text for text, _ in table.actions] == offers, "the same offers come back"
        played = len(match.journal)
        await pilot.press("enter")
        await settle(app, pilot)
        assert len(match.journal) == played and actions.highlighted is None


def test_the_highlight_starts_again_at_each_decision_and_stays_while_others_act() -> None:
    """The list's rule, with offers the same throughout: the highlight the player moved
    stays while other seats act (a simultaneous question), and starts again when the
    viewer's step is taken or the keyboard passes to another player."""
    from engines.core.protocol import Summary
    from tui.widgets.table import Table

    listing = ActionList()
    offers = [("answer A", "A"), ("answer B", "B"), ("answer C", "C")]

    def show(viewer: int, steps_here: int) -> None:
        summary = Summary("s", [], 1)
        listing.watch_table(Table(summary, None, viewer, offers, [], acting=True, steps_here=steps_here))

    show(viewer=0, steps_here=0)
    assert listing.highlighted == 0
    listing.highlighted = 2  # the player's arrows
    show(viewer=0, steps_here=0)  # another seat answered
    assert listing.highlighted == 2
    show(viewer=0, steps_here=1)  # the viewer's own step
    assert listing.highlighted == 0
    listing.highlighted = 1
    show(viewer=1, steps_here=1)  # the next hot-seat player
    assert listing.highlighted == 0
