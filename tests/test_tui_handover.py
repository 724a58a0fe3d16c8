"""The hot-seat hand-over of the shared frame, driven by the tiny counting game: one
curtain at a time, renamed when chance changes who must act while it is up."""

from __future__ import annotations

import msgspec

from engines.core.match import Match, SeatSpec
from engines.core.protocol import Flags
from tests.fake_engine import ENGINE, CountEngine, CountOptions, Roll
from tests.tui_helpers import settle
from tui.app import CampfireApp
from tui.screens.curtain import CurtainScreen
from tui.screens.game import GameScreen
from tui.screens.handover import WhoseScreen


class SecretCount(CountEngine):
    info = msgspec.structs.replace(ENGINE.info, flags=Flags(hidden_information=True, chance=True))


def curtains(app: CampfireApp) -> list[CurtainScreen]:
    return [s for s in app.screen_stack if isinstance(s, CurtainScreen)]


async def test_a_curtain_up_is_renamed_when_chance_hands_the_turn_to_someone_else() -> None:
    app = CampfireApp(save_dir=None, bot_delay=0)
    seats = [SeatSpec("Ana"), SeatSpec("Bo"), SeatSpec("Cy")]
    match = Match(SecretCount(), CountOptions(target=50), seats, 4)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = GameScreen(match, None)
        app.push_screen(screen)
        await pilot.pause()
        await pilot.press("enter")  # Ana's curtain
        await pilot.press("1")  # Ana adds 1: Bo is next, behind a curtain
        await settle(app, pilot)
        assert [c.player for c in curtains(app)] == ["Bo"]
        # While Bo's curtain is up, the turn moves on without Bo's screen (a roll, then
        # the die): Cy must act now, and the one curtain names Cy.
        match.act(1, Roll())
        screen.after_change()
        await settle(app, pilot)
        assert match.actors() == (2,)
        assert [c.player for c in curtains(app)] == ["Cy"]
        assert str(app.screen.query_one(".title").render()) == "Pass the keyboard to Cy."
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen is screen and screen.table.viewer == 2
        assert str(screen.query_one(WhoseScreen).render()) == "Cy's screen"
