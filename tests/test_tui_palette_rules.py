"""The command palette's rules topics over a game's own screens: over its whole log and over
its hot-seat curtain, the palette offers the rules of the game being played, never the
first game of the launcher's list."""

from __future__ import annotations

import pytest

from engines.core.match import Match, SeatSpec
from engines.core.rules import load_rules
from engines.registry import load_engine, ready_games
from tests.tui_helpers import open_game, palette_prompts, searches_done, type_text, wait_until
from tests.tui_helpers import private_dirs  # noqa: F401 (autouse fixture)
from tui.app import CampfireApp
from tui.screens.curtain import CurtainScreen
from tui.screens.game import GameScreen
from tui.screens.log import LogScreen


def rules_offered(app) -> set[str]:
    """The games whose rules the open palette lists ("rules: Bivì / Setup" -> "Bivì")."""
    return {p.split(" / ")[0].removeprefix("rules: ") for p in palette_prompts(app) if p.startswith("rules: ")}


async def search_palette(app, pilot, text: str) -> set[str]:
    await pilot.press("ctrl+p")
    await type_text(app, pilot, text)
    await searches_done(app)
    await wait_until(pilot, lambda: rules_offered(app), "rules topics listed")
    offered = rules_offered(app)
    await pilot.press("escape")
    return offered


@pytest.mark.parametrize("game_id", [game.id for game in ready_games()])
async def test_the_palette_over_a_games_log_and_curtain_offers_that_games_rules(game_id, tmp_path) -> None:
    engine = load_engine(game_id)
    title = load_rules(game_id).title
    match = Match(engine, engine.default_options(), [SeatSpec("Ana"), SeatSpec("Bo")], 1)
    app = CampfireApp(save_dir=tmp_path / "saves", bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_game(app, pilot, match)
        if isinstance(app.screen, CurtainScreen):  # a game whose first screen shows a secret
            assert await search_palette(app, pilot, "e") == {title}, "over the first curtain"
            await wait_until(pilot, lambda: isinstance(app.screen, CurtainScreen), "the palette closed")
            await pilot.press("enter")
            await wait_until(pilot, lambda: isinstance(app.screen, GameScreen), "the curtain lifted")
        game = app.screen
        assert isinstance(game, GameScreen)
        # "e" is in every rules book's words, so every game's topics would match it.
        assert await search_palette(app, pilot, "e") == {title}
        await wait_until(pilot, lambda: app.screen is game, "the palette closed")
        await pilot.press("L")
        await wait_until(pilot, lambda: isinstance(app.screen, LogScreen), "the whole log")
        assert await search_palette(app, pilot, "e") == {title}, "over the log"
        await pilot.press("escape")
        await wait_until(pilot, lambda: app.screen is game, "back to the game")
        game._raise_curtain(1)  # what a hand-over to Bo raises
        await wait_until(pilot, lambda: isinstance(app.screen, CurtainScreen), "the curtain")
        assert await search_palette(app, pilot, "e") == {title}, "over the curtain"


@pytest.mark.parametrize("game_id", [game.id for game in ready_games()])
async def test_the_palette_over_a_rules_book_or_form_offers_that_games_rules(game_id, tmp_path) -> None:
    from tests.tui_helpers import highlight_game
    from tui.screens.rules import RulesScreen
    from tui.screens.setup import SetupScreen

    title = load_rules(game_id).title
    app = CampfireApp(save_dir=tmp_path / "saves", bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await highlight_game(app, pilot, game_id)
        await pilot.press("r")
        await wait_until(pilot, lambda: isinstance(app.screen, RulesScreen), "the rules book")
        assert await search_palette(app, pilot, "e") == {title}, "over the rules book"
        await wait_until(pilot, lambda: isinstance(app.screen, RulesScreen), "the palette closed")
        await pilot.press("escape")
        await pilot.press("enter")
        await wait_until(pilot, lambda: isinstance(app.screen, SetupScreen), "the new game form")
        assert await search_palette(app, pilot, "e") == {title}, "over the new game form"
