"""The pick list (the launcher's game list): keys and mouse as Textual's OptionList has them,
disabled entries skipped and dimmed, the highlight marked by a glyph as well as colour, and
a move repainting only the two lines that changed."""

from __future__ import annotations

from textual.app import App, ComposeResult

from tui.glyphs import ASCII, UNICODE
from tui.widgets.pick_list import PickEntry, PickList

from tests.internals_marks import needs_internals

ENTRIES = [
    PickEntry("a", "Alpha"),
    PickEntry("b", "Beta", disabled=True),
    PickEntry("c", "Gamma"),
    PickEntry("d", "Delta"),
    PickEntry("e", "Epsilon", disabled=True),
]


class PickApp(App[None]):
    CSS = "PickList { height: 1fr; }"

    def __init__(self, entries: list[PickEntry] = ENTRIES, glyphs=UNICODE, highlighted: int | None = None) -> None:
        super().__init__()
        self.glyphs = glyphs
        self.entries = entries
        self.highlighted = highlighted
        self.heard: list[tuple[str, str]] = []

    def compose(self) -> ComposeResult:
        yield PickList(self.entries, highlighted=self.highlighted, id="picks")

    def on_mount(self) -> None:
        self.query_one(PickList).focus()

    def on_pick_list_highlighted(self, event: PickList.Highlighted) -> None:
        self.heard.append(("highlighted", event.entry.id))

    def on_pick_list_selected(self, event: PickList.Selected) -> None:
        self.heard.append(("selected", event.entry.id))


def shown_ids(picks: PickList) -> str:
    return picks.highlighted_entry.id if picks.highlighted_entry else ""


def line_text(picks: PickList, y: int) -> str:
    return picks.render_line(y).text


async def test_keys_move_over_disabled_entries_round_the_ends() -> None:
    app = PickApp()
    async with app.run_test(size=(40, 10)) as pilot:
        picks = app.query_one(PickList)
        assert shown_ids(picks) == "a" and app.focused is picks
        seen = []
        for key in ("down", "down", "down", "up", "end", "home", "up"):
            await pilot.press(key)
            seen.append(shown_ids(picks))
        # Beta and Epsilon are never highlighted; down from the last enabled entry goes
        # round to the first, up from the first to the last.
        assert seen == ["c", "d", "a", "d", "d", "a", "d"]
        await pilot.pause()
        assert app.heard == [("highlighted", entry) for entry in ("c", "d", "a", "d", "a", "d")]


async def test_page_keys_go_a_page_on_to_an_enabled_entry() -> None:
    entries = [PickEntry(str(n), f"Entry {n}", disabled=n in (4, 5, 11)) for n in range(12)]
    app = PickApp(entries)
    async with app.run_test(size=(40, 4)) as pilot:
        picks = app.query_one(PickList)
        assert picks.size.height == 4
        await pilot.press("pagedown")  # four on is a disabled entry: the next enabled one
        assert picks.highlighted == 6
        await pilot.press("pagedown")
        assert picks.highlighted == 10
        await pilot.press("pagedown")  # past the end, itself disabled: the last enabled one
        assert picks.highlighted == 10
        await pilot.press("pageup", "pageup")
        assert picks.highlighted == 2
        await pilot.press("pageup")
        assert picks.highlighted == 0


async def test_enter_picks_the_highlighted_entry_and_never_a_disabled_one() -> None:
    app = PickApp()
    async with app.run_test(size=(40, 10)) as pilot:
        picks = app.query_one(PickList)
        await pilot.press("down", "enter")
        await pilot.pause()
        assert app.heard[-1] == ("selected", "c")
        picks.highlighted = 1  # a disabled entry, set by the program: nothing to pick
        app.heard.clear()
        await pilot.press("enter")
        await pilot.pause()
        assert app.heard == []


async def test_a_click_highlights_and_picks_an_entry_but_not_a_disabled_one() -> None:
    app = PickApp()
    async with app.run_test(size=(40, 10)) as pilot:
        picks = app.query_one(PickList)
        await pilot.click(PickList, offset=(3, 3))  # Delta: the fourth row
        await pilot.pause()
        assert shown_ids(picks) == "d"
        assert app.heard == [("highlighted", "d"), ("selected", "d")]
        app.heard.clear()
        await pilot.click(PickList, offset=(3, 1))  # Beta, disabled
        await pilot.pause()
        assert shown_ids(picks) == "d" and app.heard == []


async def test_the_highlight_is_marked_by_a_glyph_and_disabled_entries_are_dimmed() -> None:
    for glyphs in (UNICODE, ASCII):
        app = PickApp(glyphs=glyphs)
        async with app.run_test(size=(40, 10)) as pilot:
            picks = app.query_one(PickList)
            await pilot.pause()
            # Not by colour alone: the cursor glyph (">" in ASCII) leads the highlighted line.
            assert line_text(picks, 0).startswith(f"{glyphs.cursor} Alpha")
            assert line_text(picks, 2).startswith("  Gamma")
            await pilot.press("down")
            assert line_text(picks, 0).startswith("  Alpha")
            assert line_text(picks, 2).startswith(f"{glyphs.cursor} Gamma")
            dimmed = list(picks.render_line(1))[0].style
            plain = list(picks.render_line(3))[0].style
            assert dimmed.color != plain.color


async def test_a_move_repaints_only_the_two_lines_that_changed() -> None:
    app = PickApp()
    async with app.run_test(size=(40, 10)) as pilot:
        picks = app.query_one(PickList)
        await pilot.pause()
        asked = []
        refresh = picks.refresh
        picks.refresh = lambda *regions, **kwargs: (asked.append(regions), refresh(*regions, **kwargs))[1]
        await pilot.press("down")
        assert [sorted(region.y for region in regions) for regions in asked] == [[0, 2]]
        assert all(region.height == 1 for region in asked[0])


async def test_a_list_taller_than_the_widget_scrolls_with_the_highlight() -> None:
    entries = [PickEntry(str(n), f"Entry {n}") for n in range(10)]
    app = PickApp(entries)
    async with app.run_test(size=(40, 3)) as pilot:
        picks = app.query_one(PickList)
        await pilot.press("down", "down", "down")
        assert line_text(picks, 2).startswith(f"{UNICODE.cursor} Entry 3")
        assert line_text(picks, 0).startswith("  Entry 1")
        await pilot.press("end")
        assert line_text(picks, 2).startswith(f"{UNICODE.cursor} Entry 9")
        await pilot.press("home")
        assert line_text(picks, 0).startswith(f"{UNICODE.cursor} Entry 0")


@needs_internals("bindings")
async def test_a_select_label_lists_enter_for_that_list_only() -> None:
    class TwoLists(PickApp):
        def compose(self) -> ComposeResult:
            yield PickList(ENTRIES, select_label="Open", id="named")
            yield PickList(ENTRIES, id="plain")

    app = TwoLists()
    async with app.run_test() as pilot:
        shown = lambda: {k: b.binding.description for k, b in app.active_bindings.items() if b.binding.show}  # noqa: E731
        app.query_one("#named").focus()
        await pilot.pause()
        assert shown().get("enter") == "Open"
        app.query_one("#plain").focus()
        await pilot.pause()
        assert "enter" not in shown()
        await pilot.press("enter")
        await pilot.pause()
        assert app.heard[-1] == ("selected", "a")  # Enter still picks there


async def test_the_list_is_as_wide_as_its_widest_prompt_in_cells() -> None:
    wide = [PickEntry("w", "囲碁"), PickEntry("n", "Go")]
    app = PickApp(wide)
    async with app.run_test() as pilot:
        await pilot.pause()
        picks = app.query_one(PickList)
        assert picks.get_content_width(None, None) == 4 + 2  # two double-width characters and the mark
