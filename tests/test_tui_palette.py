"""The command palette over a seat with thousands of legal actions (Bioviva's first clue of
seed 1: 3002): it lists the best entries Textual's matcher finds, in the palette's order,
and a key typed formats no action text again while the position stands."""

from __future__ import annotations

import pytest
from textual.fuzzy import Matcher

from tests.test_palette_search import crowded_labels
from tests.tui_helpers import open_game, palette_prompts, searches_done, type_text, wait_until
from tui.app import CampfireApp
from tui.palette_search import MOST_HITS
from tui.screens.game import GameScreen


@pytest.fixture(autouse=True)
def private_dirs(tmp_path, monkeypatch):
    monkeypatch.setenv("CAMPFIRE_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setenv("CAMPFIRE_SAVE_DIR", str(tmp_path / "saves"))


def crowded_match():
    from engines.core.match import Match, SeatSpec
    from engines.registry import load_engine

    engine = load_engine("bioviva")
    seats = [SeatSpec("Ana"), SeatSpec("Bot 2", "bot", "heuristic"), SeatSpec("Bot 3", "bot", "heuristic")]
    return Match(engine, engine.default_options(), seats, 1)


def listed_actions(app) -> list[str]:
    return [prompt.split("\n")[0] for prompt in palette_prompts(app) if prompt.startswith("action: ")]


async def test_a_key_in_the_palette_formats_no_action_again_and_lists_the_best_first(tmp_path) -> None:
    labels = crowded_labels()
    app = CampfireApp(save_dir=tmp_path / "saves", bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_game(app, pilot, crowded_match())
        screen = app.screen
        assert isinstance(screen, GameScreen) and len(screen.match.legal_actions(0)) == len(labels) == 3002
        formatted = 0
        label = screen.label

        def counted(view, action):
            nonlocal formatted
            formatted += 1
            return label(view, action)

        screen.label = counted  # every text the screen formats for the list or the palette
        await pilot.press("ctrl+p")
        await type_text(app, pilot, "magnifier on ")
        await searches_done(app)
        assert formatted == len(labels), "the texts are formatted once for the position"
        # The next key searches again without formatting a text: the cause of the slow keys.
        await type_text(app, pilot, "d")
        await searches_done(app)
        assert formatted == len(labels), f"{formatted - len(labels)} texts formatted again for one key"

        # What the palette lists: the best entries by Textual's own matcher over every
        # action, in the order the palette gave them when it had all of them.
        matcher = Matcher("magnifier on d")
        scored = sorted(
            (hit for hit in ((matcher.match(text), n) for n, text in enumerate(labels)) if hit[0] > 0),
            key=lambda hit: hit[0],
            reverse=True,
        )
        wanted = [labels[n] for _, n in scored[:MOST_HITS]]
        await wait_until(pilot, lambda: listed_actions(app) == wanted, "the best actions listed in order")

        # A new position: the texts are those of its own legal actions.
        await pilot.press("escape")
        await wait_until(pilot, lambda: app.screen is screen, "the palette closed")
        before = screen.palette_actions()
        screen.choose_action(screen.match.legal_actions(0)[0])
        await searches_done(app)
        after = screen.palette_actions()
        assert after is not before
        legal = screen.match.legal_actions(0) if 0 in screen.match.actors() else []
        assert [action for _, action in after.entries] == legal
