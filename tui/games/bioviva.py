"""The Bioviva screen: the challenge card, the world map, the symbol tiles and guesses.

The board area shows either the challenge card (question, tiles and guesses, last result)
or the world map; `m` switches, and the screen picks the map for localizations. On the map
the cursor moves with arrows / WASD / hjkl; Enter puts your correct-answer pawn (then the
decoy), `x` the decoy, and the guide's Enter puts the magnifier. Guesses are typed in the
guess box (`g`); a guide types `leg+small` in the tile box to lay a clarification under a
tile. Everything else is in the action list and the command palette.
"""

from __future__ import annotations

from typing import Any

from rich.style import Style
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.message import Message
from textual.widgets import ContentSwitcher, Input, Static

from engines.bioviva.actions import Guess, LayTile, Magnifier, PawnKind, PlacePawn
from engines.bioviva.state import KIND_TITLES, BiovivaView
from engines.bioviva.worldmap import COLS, ROWS, biome_at, parse_cell
from engines.core.errors import IllegalAction
from saves.limits import printable
from tui.games.bioviva_draw import HEADER_ROWS, draw_world, more_cue, title_row, window_for, world_row
from tui.key_hints import fixed_key, with_keys
from tui.screens.game import GameScreen
from tui.widgets.board import LineBoard
from tui.widgets.first_layout import planned_size
from tui.widgets.key_scroll import KeyScroll
from tui.widgets.steady_text import SteadyText
from tui.widgets.table import Table, name_seats

#: One hue per biome, far apart (forest and grassland, Mediterranean and scrub were close
#: before); dark grounds carry white letters, light ones black. The sea's `~` is a light
#: blue on deep blue so the waves show.
BIOME_COLOURS = {
    "T": ("#000000", "#dfe3e6"),  # tundra: pale grey
    "B": ("#ffffff", "#4f6a78"),  # taiga: slate
    "F": ("#ffffff", "#2f8a3a"),  # forest: green
    "G": ("#000000", "#9ccc3a"),  # grassland: lime
    "E": ("#ffffff", "#a3245a"),  # Mediterranean: raspberry
    "M": ("#ffffff", "#7d5a4b"),  # scrub and alpine: brown
    "D": ("#000000", "#f0e08a"),  # desert: sand
    "S": ("#000000", "#e8790f"),  # savanna: orange
    "R": ("#ffffff", "#0b4f45"),  # rainforest: deep teal
    "~": ("#9fd4ff", "#14488f"),  # sea
}
BIOME_STYLES = {f"biome-{letter}": Style(color=fg, bgcolor=bg) for letter, (fg, bg) in BIOME_COLOURS.items()}
DECOY_LETTERS = "abcdef"
#: Terminal width from which map squares are two characters wide: the 48 columns of the map
#: then take 96 characters, and its row letters 2 more, beside the side column.
WIDE_MAP_FROM = 132
#: Terminal height from which the card sits above the map instead of taking turns with it.
BOTH_FROM_HEIGHT = 40
#: Short names for the on-screen legend, two to a line in the side column.
LEGEND_NAMES = {
    "T": "tundra",
    "B": "taiga",
    "F": "forest",
    "G": "grassland",
    "E": "mediterr.",
    "M": "scrub/alp",
    "D": "desert",
    "S": "savanna",
    "R": "rainforest",
    "~": "sea",
}


def legend() -> Text:
    """The biome letters with their colours, so the map never relies on colour alone."""
    text = Text()
    for n, (letter, name) in enumerate(LEGEND_NAMES.items()):
        text.append(letter, BIOME_STYLES[f"biome-{letter}"])
        text.append(f" {name:<11}" + ("\n" if n % 2 else " "))
    return text


class WorldMap(LineBoard):
    BINDINGS = [Binding("x", "put('decoy')", "Decoy", id="bioviva.decoy")]

    class Resized(Message):
        """The map's box changed height: the screen redraws the window of rows it holds."""

    STYLES = {
        **BIOME_STYLES,
        "label": Style(dim=True),
        "title": Style(italic=True),
        "pawn": Style(color="bright_white", bgcolor="black", bold=True),
        "decoy": Style(color="bright_red", bgcolor="black", bold=True),
        "magnifier": Style(color="black", bgcolor="bright_cyan", bold=True),
        "answer": Style(color="black", bgcolor="bright_green", bold=True, blink=False),
        "cursor": Style(reverse=True, bold=True),
    }
    #: Whether `x` puts a decoy pawn now (Enter's `accepts_put` covers every put).
    accepts_decoy = False

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Place and Decoy show only while the viewer has something to put on the map."""
        if action == "put" and parameters == ("decoy",):
            return self.accepts_put and self.accepts_decoy
        return super().check_action(action, parameters)

    def on_resize(self) -> None:
        self.post_message(self.Resized())


def map_marks(view: BiovivaView) -> dict[tuple[int, int], tuple[str, str]]:
    """Pawns (the seat's digit; the viewer's own decoy shows a-f, since only its owner
    knows which pawn is which until the reveal), the magnifier and, after a
    localization, its answer squares."""
    marks: dict[tuple[int, int], tuple[str, str]] = {}
    last = view.last
    localizing = view.challenge is not None and view.challenge.kind == "localization"
    if last is not None and last.kind == "localization" and not localizing:
        for name in last.answer_cells:
            marks[parse_cell(name)] = ("*", "answer")
    challenge = view.challenge
    if challenge is None:
        return marks
    for pawn in challenge.pawns:
        if pawn.kind == "decoy":
            marks[(pawn.row, pawn.col)] = (DECOY_LETTERS[pawn.seat], "decoy")
        else:
            marks[(pawn.row, pawn.col)] = (str(pawn.seat + 1), "pawn")
    if challenge.magnifier:
        marks[parse_cell(challenge.magnifier)] = ("@", "magnifier")
    return marks


def marks_key(table: Table) -> str:
    """What the map's marks stand for, each pawn's number with its player's name."""
    pawns = ", ".join(f"{n} {printable(name)}" for n, name in enumerate(table.seat_names, start=1))
    decoy = f"; your decoy {DECOY_LETTERS[table.viewer]}" if table.viewer is not None else ""
    return f"Pawns: {pawns}{decoy}. @ magnifier, * answer\n"


def card_text(view: BiovivaView, names: list[str], node: Any = None) -> str:
    """The challenge card and the last result, as the players would read them aloud (with
    the keys of `node`'s app: by default, the default keys)."""
    lines: list[str] = [f"Turn {view.turn}: die {view.die_glyph} {view.die_label}" if view.die else f"Turn {view.turn}"]
    challenge = view.challenge
    if challenge is not None:
        lines.append("")
        if challenge.kind == "question":
            lines.append(f"QUESTION  {challenge.prompt}")
            lines.extend(f"  {letter}) {text}" for letter, text in challenge.options)
            waiting = [names[s] for s, done in enumerate(challenge.answered) if not done]
            lines.append("Waiting for: " + ", ".join(waiting) if waiting else "Everyone has answered.")
        elif challenge.kind == "localization":
            lines.append(f"LOCALIZATION  {challenge.prompt}")
            lines.append(
                with_keys(
                    node,
                    "Press {bioviva.map} for the map: {board.place} puts your correct-answer pawn, {bioviva.decoy} your decoy.",
                )
            )
            lines.append("The others see both your pawns as your number: only you know the decoy.")
        else:
            lines.append("WORD ASSOCIATION")
            if challenge.clarification and challenge.clarified:
                lines.append(f"Clarification read aloud: {challenge.clarification}")
            if challenge.magnifier_movable and table_viewer_is_guide(view):
                lines.append(
                    with_keys(node, "Magnifier: press {bioviva.map}, move the cursor to a square, {board.place}.")
                )
            laid = [
                f"{n}. {t.label}" + (f" (under it: {t.under_label})" if t.under else "")
                for n, t in enumerate(challenge.tiles, start=1)
            ]
            lines.append("Tiles: " + ("  ".join(laid) if laid else "none yet") + f"   ({challenge.tiles_left} left)")
            if challenge.magnifier:
                row, col = parse_cell(challenge.magnifier)
                lines.append(f"Magnifier on {challenge.magnifier}: {biome_at(row, col).name}")
            if challenge.reveal_order:
                lines.append(
                    "Ties go to the first in this order: " + ", ".join(names[s] for s in challenge.reveal_order)
                )
            if challenge.guessing:
                written = ", ".join(names[s] for s in challenge.written) or "nobody yet"
                lines.append(f"Guesses are written in secret and shown together. Written: {written}")
            for index, guess in enumerate(challenge.guesses):
                reply = f"  -> {guess.reply.replace('-', ' ')}" if guess.reply else ""
                reviewed = "  <- the guide's reply is about this one" if index == challenge.reviewing else ""
                lines.append(
                    f'  {guess.seat + 1}.{guess.number} {names[guess.seat]} guessed "{guess.text}"{reply}{reviewed}'
                )
    for note in view.notes:
        lines.append(note)
    last = view.last
    if last is not None:
        lines.append("")
        lines.append(f"Last challenge {last_challenge(last.kind, last.prompt)}")
        lines.append(f"Answer: {last.answer}")
        if last.commentary:
            lines.append(last.commentary)
        # The engine's result lines already read the "+" card out, once.
        lines.extend(last.lines)
    # Guesses are players' text (and may come from a shared save or a modified client):
    # nothing in them reaches the terminal as a control sequence.
    return name_seats("\n".join(printable(line) for line in lines), names)


def last_challenge(kind: str, prompt: str) -> str:
    """The last challenge named as the rules name it (never the engine's kind word), then
    its prompt, without saying the name twice: the association's prompt starts with it."""
    title = KIND_TITLES.get(kind, kind)
    said = prompt.removeprefix(f"{title}: ")
    return f"({title}): {said}"


def table_viewer_is_guide(view: BiovivaView) -> bool:
    return view.viewer is not None and view.viewer == view.guide


class BiovivaScreen(GameScreen):
    BINDINGS = [
        Binding("m", "toggle_map", "Map/card", id="bioviva.map"),
        Binding("g", "focus_guess", "Guess", id="bioviva.guess"),
    ]
    # A seat's panel has a line per challenge (answered, pawns, guesses) or none.
    replay_panels_keep_room = True
    # No `spends` (`tui.widgets.frame.NamesSpending`): nothing in this list costs the player
    # something they hold. Viva points come only from "+" cards won and are never paid, and
    # there is no money, card or tile of one's own: an answer, a peek, the guide's clue
    # tile, reply or card passed (another card is drawn), a guesser's pass (a wait for the
    # next tile) use up nothing. So the list highlights its first offer, as any list that
    # costs nothing (tests/test_tui_enter_never_spends.py, NOTHING_COSTS).

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.cursor = (ROWS // 2, COLS // 2)
        self._pane_for: tuple[int, str] | None = None  # (turn, phase) the pane was chosen for
        self._map_top = 0  # first map row drawn when the screen is too short for them all
        # What the map on screen was drawn from, so a cursor step redraws only its two rows.
        self._map_frame: tuple | None = None
        self._map_cursor: tuple[int, int] | None = None

    def compose_board(self) -> ComposeResult:
        with ContentSwitcher(initial="card", id="bioviva-board"):
            with KeyScroll(id="card"):
                yield SteadyText(id="card-text")
            with Vertical(id="map-pane"):
                # Tall terminals show the card above the map, so both are always in view.
                with KeyScroll(id="card-beside"):
                    yield SteadyText(id="card-beside-text")
                yield WorldMap(id="world")

    def compose_side(self) -> ComposeResult:
        yield SteadyText(id="side-note")
        # Enter is the text box's own key (Textual's Input): no binding id remaps it.
        yield Input(placeholder=f"type a guess, {fixed_key(self, 'enter')}", id="guess-input")
        yield Input(placeholder="leg, or leg+small", id="tile-input")

    def listed_actions(self, legal: list[Any]) -> list[Any]:
        # Pawns and the magnifier go on the map; guesses and tile pairs are typed.
        return [
            a
            for a in legal
            if not isinstance(a, (PlacePawn, Magnifier, Guess)) and not (isinstance(a, LayTile) and a.under)
        ]

    # -- drawing ------------------------------------------------------------------
    def watch_table(self, table: Table | None) -> None:
        if table is None:
            return
        view: BiovivaView = table.view
        switcher = self.query_one("#bioviva-board", ContentSwitcher)
        key = (view.turn, view.phase)
        # On tall terminals a challenge played on the card gives the card the rows its text
        # needs, and the map the rest (a window of rows, as on short terminals); the map
        # keeps every row while it is played on.
        self.set_class(view.phase != "localization", "-card-first")
        if self.both_shown:
            switcher.current = "map-pane"
        elif key != self._pane_for:
            self._pane_for = key
            switcher.current = "map-pane" if view.phase == "localization" else "card"
            if switcher.current == "card" and isinstance(self.focused, WorldMap):
                self.set_focus(self.query_one("#actions"))
        self._show_side_note(table)
        card = card_text(view, table.seat_names, self)
        self.query_one("#card-text", Static).update(card)
        self.query_one("#card-beside-text", Static).update(card)
        self.draw_map(table)
        acting = table.acting
        challenge = view.challenge
        guess_box = self.query_one("#guess-input", Input)
        guess_box.display = bool(acting and challenge and table.viewer in challenge.guessing)
        self.refresh_bindings()
        tile_box = self.query_one("#tile-input", Input)
        tile_box.display = bool(acting and view.phase == "clue")
        if switcher.current == "map-pane" and acting and view.phase == "localization":
            self.set_focus(self.query_one(WorldMap))
        self._arm_map_keys(table)
        self.refresh_bindings()

    def _arm_map_keys(self, table: Table) -> None:
        """Enter on the map works while the player may put a pawn or the magnifier there,
        `x` while their decoy pawn is still to place."""
        view: BiovivaView = table.view
        world = self.query_one(WorldMap)
        challenge = view.challenge if table.acting else None  # the challenge the viewer acts in
        if challenge is not None and view.phase == "localization":
            placed = {p.kind for p in challenge.pawns if p.seat == table.viewer}
            world.accepts_put, world.accepts_decoy = True, "decoy" not in placed
        else:
            magnifier = challenge is not None and view.phase == "clue" and challenge.magnifier_movable
            world.accepts_put, world.accepts_decoy = magnifier, False

    def _show_side_note(self, table: Table) -> None:
        """With the map on screen, the side shows the localization prompt and the legend
        in place of an action list that has nothing in it."""
        view: BiovivaView = table.view
        map_shown = self.query_one("#bioviva-board", ContentSwitcher).current == "map-pane"
        note = self.query_one("#side-note", Static)
        note.display = map_shown
        self.query_one("#actions").display = not (map_shown and not table.actions)
        if map_shown:
            prompt = view.challenge.prompt if view.challenge and view.challenge.kind == "localization" else ""
            note.update(Text(prompt + "\n" if prompt else "") + Text(marks_key(table)) + legend())

    @property
    def both_shown(self) -> bool:
        """Whether the terminal is tall enough for the card and the map together."""
        return self.app.size.height >= BOTH_FROM_HEIGHT

    @property
    def map_whole(self) -> bool:
        """Whether the map draws every row (a tall terminal, the map played on), rather than
        the rows its box holds."""
        return self.both_shown and not self.has_class("-card-first")

    def fit_layout(self, width: int, height: int) -> None:
        super().fit_layout(width, height)
        if self.table is not None and self.is_mounted:
            self._pane_for = None  # choose the pane again for this size
            self.watch_table(self.table)  # squares widen or narrow, card and map join or part

    def draw_map(self, table: Table, height: int = 0) -> None:
        """Draw the map in `height` rows (by default the map's own height)."""
        view: BiovivaView = table.view
        wide = self.app.size.width >= WIDE_MAP_FROM
        world = self.query_one(WorldMap)
        # Tall screens give the map its natural height; short ones give it what the pane
        # leaves (its own height, kept current by `on_world_map_resized`), never more.
        lines = ROWS + HEADER_ROWS if self.map_whole else height or world.size.height
        self._map_top, count = window_for(self._map_top, self.cursor[0], lines)
        marks = map_marks(view)
        frame = (wide, self._map_top, count, marks)
        if frame == self._map_frame and self._map_cursor is not None:
            moved = {self._map_cursor[0], self.cursor[0]}
            rows = {HEADER_ROWS + r - self._map_top: world_row(r, marks, wide=wide, cursor=self.cursor) for r in moved}
            world.show_rows({0: title_row(self.cursor, wide), **rows})
        else:
            drawing = draw_world(marks, wide=wide, cursor=self.cursor, first_row=self._map_top, row_count=count)
            cue = more_cue(self._map_top, count)
            world.drawing = [title_row(self.cursor, wide), *drawing, *([cue] if cue else [])]
            self._map_frame = frame
        self._map_cursor = self.cursor

    def before_first_frame(self) -> None:
        # The map's window of rows for the height the first layout gives it, now that the
        # status line and the side have their text (drawn first for none: a frame late).
        if self.table is not None and not self.map_whole:
            height = planned_size(self.query_one(WorldMap)).height
            if height:
                self.draw_map(self.table, height)
        super().before_first_frame()

    def on_world_map_resized(self, message: WorldMap.Resized) -> None:
        if self.table is not None and self.alive:
            self.draw_map(self.table)

    # -- keys -----------------------------------------------------------------------
    def action_toggle_map(self) -> None:
        switcher = self.query_one("#bioviva-board", ContentSwitcher)
        if self.both_shown:
            # Both in view already: the key moves between the map and the list.
            if isinstance(self.focused, WorldMap):
                self.query_one("#actions").focus()
            else:
                self.query_one(WorldMap).focus()
            return
        switcher.current = "card" if switcher.current == "map-pane" else "map-pane"
        if self.table is not None:
            self._show_side_note(self.table)
        if switcher.current == "map-pane":
            self.query_one(WorldMap).focus()
        else:
            self.query_one("#actions").focus()

    def refusal(self, action: str, parameters: tuple[object, ...] = ()) -> str:
        # Asked while mounting too (the footer's keys come with the first table): the box
        # is there once composed.
        boxes = self.query("#guess-input") if action == "focus_guess" else ()
        if boxes and not boxes.first().display:
            return "Nobody asks you for a guess now."
        return super().refusal(action, parameters)

    def action_focus_guess(self) -> None:
        box = self.query_one("#guess-input", Input)
        if box.display:
            box.focus()

    def on_line_board_nudged(self, message: LineBoard.Nudged) -> None:
        row, col = self.cursor
        self.cursor = (min(max(row + message.rows, 0), ROWS - 1), min(max(col + message.cols, 0), COLS - 1))
        if self.table is not None:
            self.draw_map(self.table)

    def on_line_board_put(self, message: LineBoard.Put) -> None:
        table = self.table
        if table is None or not table.acting:
            return
        row, col = self.cursor
        view: BiovivaView = table.view
        if view.phase == "clue":
            if message.variant != "decoy":  # `x` means a decoy pawn, never the magnifier
                self.choose_action(Magnifier(row, col))
            return
        if view.phase != "localization":
            return
        # The map's put variants: "decoy" (`x`) or none (Enter: the next pawn to place).
        kind: PawnKind = "decoy" if message.variant == "decoy" else self._next_pawn(view, table.viewer)
        self.choose_action(PlacePawn(kind, row, col))

    def _next_pawn(self, view: BiovivaView, seat: int | None) -> PawnKind:
        placed = {p.kind for p in view.challenge.pawns if p.seat == seat} if view.challenge else set()
        return "correct" if "correct" not in placed else "decoy"

    def on_input_submitted(self, event: Input.Submitted) -> None:
        text = event.value.strip()
        if not text or self.viewer is None:
            return
        verb = "guess" if event.input.id == "guess-input" else "tile"
        try:
            action = self.match.parse_action(self.viewer, f"{verb} {text}")
        except IllegalAction as refusal:
            self.problem = refusal.reason
            self.refresh_table()
            return
        event.input.value = ""
        self.query_one("#actions").focus()
        self.choose_action(action)


SCREEN = BiovivaScreen
