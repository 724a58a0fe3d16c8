"""The end screen: seats and rivals without a seat (an automa such as Bonfire's Tom)."""

from __future__ import annotations

from textual.widgets import Static

from engines.core.protocol import Outcome, Rival, ScoreLine
from tui.app import CampfireApp
from tui.screens.end import EndScreen, breakdown_rows

TOM_WINS = Outcome(
    scores=[3],
    breakdown=[[ScoreLine("High Council", 3)]],
    winners=[],
    reason="Tom wins with 7 points to your 3.",
    rivals=[Rival("Tom", 7, [ScoreLine("High Council", 4), ScoreLine("Special case 1", 3)], won=True)],
)


def test_a_rival_gets_a_column_of_its_own_and_its_points_stay_out_of_the_seats():
    columns, rows = breakdown_rows(TOM_WINS, ["Ana"])
    assert columns == ["", "Ana", "Tom"]
    assert rows == [["High Council", "3", "4"], ["Special case 1", "", "3"], ["Total", "3", "7"]]


async def test_a_winning_rival_is_named_in_the_headline(tmp_path):
    app = CampfireApp(save_dir=tmp_path, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.push_screen(EndScreen(TOM_WINS, ["Ana"]))
        await pilot.pause()
        headline = str(app.screen.query_one("#end-headline", Static).render())
        assert headline == "Game over. Tom wins!"


async def test_the_key_the_hint_names_for_review_opens_the_review(tmp_path):
    """The hint said "R: review" while the key is r: a capital R did nothing."""
    import re

    app = CampfireApp(save_dir=tmp_path, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        answers: list[str] = []
        app.push_screen(EndScreen(TOM_WINS, ["Ana"], reviewable=True), answers.append)
        await pilot.pause()
        hints = " ".join(str(s.render()) for s in app.screen.query(".hint"))
        named = re.search(r"(\S+): review", hints)
        assert named is not None, hints
        await pilot.press(named.group(1))
        await pilot.pause()
        assert answers == ["review"], (named.group(1), answers)
