"""Bivì's board widgets: a river (the focused one turns the ghost tile) and the forest,
both drawn in the river's styles by the pure functions of bivi_draw and bivi_forest."""

from __future__ import annotations

from typing import Any

from rich.style import Style
from textual import events
from textual.binding import Binding
from textual.message import Message

from engines.bivi.view import BiviView
from tui.games.bivi_draw import COMPACT, CellSize
from tui.games.bivi_forest import ForestLayout, forest_drawing
from tui.glyphs import Glyphs
from tui.widgets.board import LineBoard

STYLES = {
    "label": Style(dim=True),
    "bank": Style(color="bright_black"),
    "outside": Style(),
    "empty": Style(dim=True),
    "empty-below": Style(color="cyan"),
    "birch": Style(color="black", bgcolor="bright_white"),
    "pine": Style(color="bright_white", bgcolor="green"),
    "walnut": Style(color="bright_white", bgcolor="red"),
    "cube": Style(color="black", bgcolor="yellow", bold=True),
    "beaver": Style(color="bright_yellow", bold=True, reverse=True),
    "ghost": Style(color="black", bgcolor="bright_cyan", bold=True),
    "ghost-bad": Style(color="bright_white", bgcolor="bright_red", bold=True),
    "mark": Style(color="bright_magenta", bold=True),
    "text": Style(),
    "take": Style(bold=True),
}


class RiverBoard(LineBoard):
    """A river; the focused one also turns the ghost tile."""

    # The ghost's moves are priority bindings: the app runs them as the key arrives, where a
    # plain binding waits for the key to bubble through every container up to the app first
    # (a queue hop each, about a millisecond in all, as long as the whole repaint after it).
    BINDINGS = [
        *(
            Binding(binding.key, binding.action, binding.description, id=binding.id, show=False, priority=True)
            for binding in LineBoard.BINDINGS
            if isinstance(binding, Binding) and binding.action.startswith("nudge")
        ),
        Binding("r", "turn(False)", "Rotate", id="board.rotate"),
        Binding("f", "turn(True)", "Flip", id="board.flip"),
    ]
    STYLES = STYLES

    class Turned(Message):
        def __init__(self, flip: bool) -> None:
            super().__init__()
            self.flip = flip

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.can_rotate = False
        self.can_flip = False

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "turn":
            # Turning is part of placing: hidden with Place (game over, others deciding).
            turns = self.can_flip if parameters and parameters[0] else self.can_rotate
            return turns and super().check_action("put", ())
        return super().check_action(action, parameters)

    def action_turn(self, flip: bool) -> None:
        self.post_message(self.Turned(flip=flip))

    def action_nudge(self, rows: int, cols: int) -> None:
        # Straight to the screen that moves the ghost: bubbling up through each container
        # is a queue hop per container on every key.
        self.screen.post_message(self.Nudged(rows, cols))

    # The river looks the same with or without the focus (the ghost on it is the cue that
    # keys move it), so gaining or losing the focus repaints nothing: Textual's default
    # resends the whole river, about 1 KB over SSH, on every move that takes a tile.
    def on_focus(self, event: events.Focus) -> None:
        event.prevent_default()
        self.has_focus = True
        if self.parent is not None:
            self.parent.post_message(events.DescendantFocus(self))

    def on_blur(self, event: events.Blur) -> None:
        event.prevent_default()
        self.has_focus = False
        if self.parent is not None:
            self.parent.post_message(events.DescendantBlur(self))


class ForestBoard(LineBoard, can_focus=False):
    """The forest drawn with the river's styles: a new offer repaints the characters that
    changed on each line (a side emptied, a count), not whole rows. It draws itself again
    only when the offer or the room changes, never for a ghost step."""

    STYLES = STYLES

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        #: What the forest was last drawn from (the offer, glyphs and room): a new table
        #: with the same offer draws nothing.
        self._drawn_for: tuple | None = None
        #: Within one turn the forest only loses tiles: it keeps the layout of its first
        #: drawing of the turn (cell size, side width, rows), by turn and room, so taking a
        #: tile rewrites the characters that changed instead of moving what stays.
        self._turn: tuple[tuple, ForestLayout] | None = None
        self.cell_size = COMPACT
        self.rows_drawn = 0

    @property
    def text(self) -> str:
        return "\n".join("".join(text for text, _ in row) for row in self.drawing)

    def draw_offer(self, view: BiviView, *, glyphs: Glyphs, width: int, rows: int, largest: CellSize) -> None:
        """The offered tiles, each drawn as the river will draw it, at the largest cells (up
        to `largest`, the active river's) whose drawing fits `width` x `rows`."""
        offer = (view.forest, view.take_side, view.mode, view.bag, view.discard, view.supply, view.objectives)
        key = (offer, glyphs, width, rows, largest)
        if key == self._drawn_for:
            return
        self._drawn_for = key
        turn = (view.turn, glyphs, width, rows, largest)
        kept = self._turn[1] if self._turn is not None and self._turn[0] == turn else None
        drawn, lines = forest_drawing(view, glyphs=glyphs, width=width, rows=rows, largest=largest, keep=kept)
        self._turn = (turn, drawn)
        self.cell_size = drawn.size
        self.rows_drawn = drawn.rows
        self.show(lines)
