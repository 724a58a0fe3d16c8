"""Pilot tests of the new-game form: seats, options and seed set by the keyboard alone,
too many seats refused, options explained, and every game's form opening styled and
scrolled to its start button from the first frame."""

from __future__ import annotations

import pytest

from engines.registry import GAMES
from tests.tui_helpers import highlight_game, make_app, open_setup_form
from tests.tui_helpers import private_dirs  # noqa: F401 (autouse fixture)


async def test_new_game_form_sets_seats_options_and_seed(tmp_path) -> None:
    from textual.widgets import Input

    from tui.games.bivi import BiviScreen
    from tui.widgets.choice import ChoiceField

    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        setup = await open_setup_form(app, pilot, "bivi")
        await pilot.press("ctrl+n")  # a third seat
        await pilot.pause()
        setup.query_one("#option-mode", ChoiceField).value = "expert"
        setup.query_one("#seed-input", Input).value = "42"
        setup.query_one("#seed-input", Input).focus()
        await pilot.press("enter")
        await app.workers.wait_for_complete()
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, BiviScreen)
        assert screen.match.seed == 42 and len(screen.match.seats) == 3
        assert screen.match.options.mode == "expert"


async def test_new_game_form_is_filled_with_the_keyboard_alone(tmp_path) -> None:
    """Tab from field to field; left and right (Enter and Space too) step through a seat's
    kind and an option's values in place, round from the last to the first."""
    from tui.games.bivi import BiviScreen
    from tui.widgets.choice import ChoiceField

    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        setup = await open_setup_form(app, pilot, "bivi")
        kinds = list(setup.query(".seat-kind").results(ChoiceField))
        from engines.bivi import ENGINE as BIVI

        from engines.core.levels import level_key, offered_levels

        levels = ["human", *offered_levels(BIVI)]  # the game's levels, by the names players read
        assert [kind.choices for kind in kinds] == [levels] * 2
        assert [kind.value for kind in kinds] == ["human", "normal"]
        await pilot.press("tab", "tab")  # the first seat's name, then its kind
        assert app.focused is kinds[0]
        await pilot.press("right")
        assert kinds[0].value == "random"
        await pilot.press("left")  # a human again: the game waits for them
        await pilot.press("tab", "tab", "left")  # the second seat's kind
        await pilot.press("tab")
        mode = setup.query_one("#option-mode", ChoiceField)
        assert app.focused is mode
        await pilot.press("enter", "space")
        assert mode.value == "expert"
        await pilot.press("right")  # round to the first
        assert mode.value == "basic"
        await pilot.press("left")  # and back to the last
        assert mode.value == "expert"
        with pytest.raises(ValueError, match="not one of"):
            mode.value = "impossible"
        await pilot.press("tab", "7", "tab")
        assert app.focused is setup.query_one("#start")
        await pilot.press("enter")
        await app.workers.wait_for_complete()
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, BiviScreen)
        # The second seat went left from normal: the level listed before it (its engine key).
        assert [(seat.kind, seat.level) for seat in screen.match.seats] == [
            ("human", ""),
            ("bot", level_key(BIVI, levels[levels.index("normal") - 1])),
        ]
        assert screen.match.options.mode == "expert" and screen.match.seed == 7


@pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=["80x24", "120x40"])
@pytest.mark.parametrize("game", [entry.id for entry in GAMES if entry.ready])
async def test_setup_forms_first_frame_shows_its_start_button(tmp_path, game, size) -> None:
    """The form's first frame is the one it keeps: a form taller than the terminal is
    already scrolled to its Start button (which has the focus), with its scrollbar; one
    that fits sits at the top, title and Start button in view."""
    from tui.screens.setup import SetupScreen

    app = make_app(tmp_path)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        first_frame: dict = {}
        display = app._display

        def record(screen, renderable) -> None:
            display(screen, renderable)
            if isinstance(screen, SetupScreen) and renderable is not None and not first_frame:
                first_frame.update(screen._compositor.visible_widgets)

        app._display = record
        await highlight_game(app, pilot, game)
        await pilot.press("enter")
        await pilot.pause()
        setup = app.screen
        assert isinstance(setup, SetupScreen) and first_frame

        def wholly_shown(widget) -> bool:
            return widget in first_frame and first_frame[widget][1].contains_region(first_frame[widget][0])

        start, body = setup.query_one("#start"), setup.query_one("#setup-body")
        assert app.focused is start and wholly_shown(start)
        if body.max_scroll_y > 0:
            assert body.scroll_y == body.max_scroll_y and body.show_vertical_scrollbar
        else:
            assert body.scroll_y == 0 and wholly_shown(setup.query_one(".title"))


@pytest.mark.parametrize("game", [entry.id for entry in GAMES if entry.ready])
async def test_setup_form_opens_styled_as_a_full_restyle_leaves_it(tmp_path, game) -> None:
    """The form skips Textual's restyle of every widget when it first shows (each was styled
    as it mounted): styling it all again afterwards changes nothing on screen."""
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await highlight_game(app, pilot, game)
        await pilot.press("enter")
        await pilot.pause()
        opened = app.export_screenshot()
        app.stylesheet.update(app.screen)
        await pilot.pause()
        assert app.export_screenshot() == opened


async def test_new_game_form_refuses_too_many_seats(tmp_path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await highlight_game(app, pilot, "bivi")
        await pilot.press("enter")
        await pilot.pause()
        for _ in range(4):
            await pilot.press("ctrl+n")
        await pilot.pause()
        assert len(app.screen.query("SeatRow")) == 4
        assert any("at most 4" in n.message for n in app._notifications)


async def test_setup_form_explains_options_and_first_tab_reaches_the_first_field(tmp_path) -> None:
    from textual.widgets import Input

    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        setup = await open_setup_form(app, pilot, "bivi")
        meanings = [str(s.render()) for s in setup.query(".option-meaning")]
        assert any("mirror" in m for m in meanings)  # what basic/advanced/expert change
        await pilot.press("tab")
        await pilot.pause()
        first_name = setup.query(".seat-name").first(Input)
        assert app.focused is first_name


async def test_setup_form_opens_already_scrolled_to_its_start_button(tmp_path) -> None:
    from tui.screens.setup import SetupScreen

    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        started = []  # Pilot waits for animations to end: note every one begun instead
        animate = app.animator.animate
        app.animator.animate = lambda obj, attribute, *a, **k: (
            started.append(attribute),
            animate(obj, attribute, *a, **k),
        )
        await highlight_game(app, pilot, "camp_grizzly")  # a form taller than 24 rows
        await pilot.press("enter")
        await pilot.pause()
        setup = app.screen
        assert isinstance(setup, SetupScreen)
        body = setup.query_one("#setup-body")
        assert body.max_scroll_y > 0 and app.focused is setup.query_one("#start")
        assert setup.query_one("#start").region.bottom <= body.region.bottom
        # Not gliding there: a scroll animation kept the new form moving after it opened.
        assert not [attribute for attribute in started if attribute.startswith("scroll")]


async def test_a_seats_default_name_follows_its_kind_and_a_name_typed_stays(tmp_path) -> None:
    """Seat 2 opens as "Normal bot 2": made hard it is "Hard bot 2", made a person's seat it
    is "Player 2" (a person was called "Normal bot 2", and a hard bot "Normal bot 2"); a name
    somebody typed is never replaced."""
    from textual.widgets import Input

    from tui.widgets.choice import ChoiceField

    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        setup = await open_setup_form(app, pilot, "bivi")
        names = list(setup.query(".seat-name").results(Input))
        kinds = list(setup.query(".seat-kind").results(ChoiceField))
        assert [n.value for n in names] == ["Player 1", "Normal bot 2"]
        await pilot.press("tab", "tab", "tab", "tab")  # the second seat's kind
        assert app.focused is kinds[1]
        await pilot.press("right")
        assert kinds[1].value == "hard" and names[1].value == "Hard bot 2"
        while kinds[1].value != "human":
            await pilot.press("left")
        assert names[1].value == "Player 2"
        await pilot.press("right")
        assert names[1].value == "Random bot 2"
        await pilot.press("shift+tab", "ctrl+u", *"Bea", "tab", "right")
        assert names[1].value == "Bea" and kinds[1].value == "easy"
        await pilot.press("shift+tab", "shift+tab", "right")  # the first seat as a bot, then back
        assert kinds[0].value == "random" and names[0].value == "Random bot 1"
        await pilot.press("left")
        assert names[0].value == "Player 1"


async def test_a_refusal_of_the_form_shows_where_the_player_is_looking(tmp_path) -> None:
    """Enter in a field high up a form taller than the terminal: the sentence saying what is
    wrong, under the last field, comes into view (the form looked as if Enter did nothing)."""
    from tests.layout import screen_text
    from tests.tui_helpers import type_text, wait_until

    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        setup = await open_setup_form(app, pilot, "camp_grizzly")
        await pilot.press("ctrl+n")  # two seats: the form no longer fits in 24 rows
        # The seats' names and kinds, two options, then the counselors.
        await pilot.press("tab", "tab", "tab", "tab", "tab", "tab", "tab")
        await type_text(app, pilot, "9,x")
        assert "9,x" in screen_text(setup)
        await pilot.press("enter")
        error = setup.query_one("#setup-error")
        await wait_until(pilot, lambda: "Counselors:" in str(error.render()), "the refusal")
        await wait_until(pilot, lambda: "is not numbers" in screen_text(setup), "the refusal in view")
