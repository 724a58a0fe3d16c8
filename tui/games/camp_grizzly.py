"""The Camp Grizzly screen: the camp map, Otis' card and the body count, the dice tray,
the active counselor's card; every counselor's panel and the legal actions at the side.

Otis' stalk is replayed on the map one step at a time so players can follow it; the log
lists every step and every roll as well.
"""

from __future__ import annotations

from typing import Any

from rich.style import Style
from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.timer import Timer
from textual.widgets import Static

from engines.camp_grizzly.content import finales
from tui.games.camp_grizzly_draw import draw_camp
from tui.screens.game import GameScreen
from tui.widgets.board import LineBoard
from tui.widgets.table import Table, name_seats

STEP_SECONDS = 0.35


class CampMapBoard(LineBoard, can_focus=False):
    """The camp; moves are chosen from the action list, so it takes no keys."""

    BINDINGS = []
    STYLES = {
        "label": Style(dim=True),
        "edge": Style(bold=True),
        "open": Style(),
        "trail": Style(color="yellow"),
        "water": Style(color="bright_blue", bgcolor="blue"),
        "off": Style(color="bright_black"),
        "cabin": Style(color="bright_black", bgcolor="grey23"),
        "site": Style(color="black", bgcolor="bright_red", bold=True),
        "campfire": Style(color="bright_yellow", bold=True),
        "place": Style(color="bright_white", bold=True),
        "nature-trail": Style(color="bright_green", bold=True),
        "camp-trail": Style(color="green"),
        "thing": Style(color="bright_cyan", bold=True),
        "lock": Style(color="bright_magenta", bold=True),
        "fire": Style(color="bright_red", bold=True),
        "cameo": Style(color="bright_yellow"),
        "counselor": Style(color="black", bgcolor="bright_white", bold=True),
        "active": Style(bgcolor="bright_green"),
        "otis": Style(color="bright_white", bgcolor="red", bold=True),
        "wall-s": Style(underline=True),
    }


def otis_text(view) -> str:
    otis = view.otis
    where = "lurking" if otis.lurking else f"at {otis.cell}"
    track = "".join("X" if n < view.body_count else "." for n in range(view.hopeless_at))
    mods = f" ({', '.join(otis.modifiers)})" if otis.modifiers else ""
    hopeless = " HOPELESS" if view.hopeless else ""
    return (
        f"OTIS {where} s{otis.stalk} d{otis.attack} dmg{otis.damage}{mods} · "
        f"body {view.body_count}/{view.hopeless_at} [{track}]{hopeless}"
    )


def dice_text(view) -> str:
    if not view.dice:
        return "Dice: -"
    return "Dice: " + "  ".join(f"{d.who} {d.what} d{d.die}={d.result}" for d in view.dice[-6:])


def counselor_card(view, names: list[str]) -> str:
    shown = next((c for c in view.counselors if c.active), None) or (view.counselors[0] if view.counselors else None)
    if shown is None:
        return ""
    player = names[shown.seat] if 0 <= shown.seat < len(names) else ""
    lines = [
        f"{shown.initials} {shown.name} ({player}) at {shown.cell or shown.where}: health {shown.health - shown.injuries}/"
        f"{shown.health}, movement {shown.movement}, panic {shown.panic}" + (", HORRIFIED" if shown.horrified else ""),
        f"Ability: {shown.ability}: {shown.ability_text}",
        f"Equipped: {', '.join(shown.equipped) or '-'}  Backpack: {', '.join(shown.backpack) or '-'}",
        f"Objectives: {', '.join(shown.objectives) or '-'}  Campers: {', '.join(shown.campers) or '-'}",
    ]
    if view.strike is not None:
        strike = view.strike
        deciding = f"; {strike.up} decides fight or panic" if strike.up else (
            f"; {strike.chooser}'s player picks who faces Otis next" if strike.chooser else ""
        )
        lines.append(f"OTIS STRIKES at {strike.cell or 'the finale'}: in danger {', '.join(strike.danger) or '-'}{deciding}")
    if view.peek:
        lines.append("Top of the cabin deck (only you see this): " + ", ".join(view.peek))
    if view.choice:
        lines.append("Choose: " + " / ".join(view.choice))
    return "\n".join(lines)


def finale_text(view) -> str:
    """The finale card being played: every step, the current one marked, with who is in it."""
    finale = view.finale
    steps = finales()[finale.site].steps
    lines = [
        f"FINALE: {finale.name}. In it: {', '.join(finale.participants) or '-'}"
        + (f"; out: {', '.join(finale.failed)}" if finale.failed else "")
    ]
    for number, step in enumerate(steps):
        marker = ">" if number == finale.step else " "
        tries = f" (tries used: {finale.tries_used}/{step.tries})" if number == finale.step and step.kind == "roll" else ""
        lines.append(f"{marker} {number + 1}. {step.text}{tries}")
    return "\n".join(lines)


class CampGrizzlyScreen(GameScreen):
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._shown_stalk: tuple = ()
        self._stalk_timer: Timer | None = None

    def compose_board(self) -> ComposeResult:
        with Horizontal(id="camp-top"):
            yield CampMapBoard(id="camp")
        yield Static(id="otis-card", markup=False)
        yield Static(id="dice-tray", markup=False)
        yield Static(id="counselor-card", markup=False)

    def watch_table(self, table: Table | None) -> None:
        if table is None or not self.is_mounted:
            return
        view = table.view
        names = table.seat_names
        self.query_one("#otis-card", Static).update(otis_text(view))
        self.query_one("#dice-tray", Static).update(name_seats(dice_text(view), names))
        # During a finale its card matters more than the counselor's.
        card = finale_text(view) if view.finale is not None else counselor_card(view, names)
        self.query_one("#counselor-card", Static).update(name_seats(card, names))
        steps = tuple(view.stalk)
        if steps and steps != self._shown_stalk:
            self._shown_stalk = steps
            self._replay_stalk(view, [s.cell for s in steps])
        elif self._stalk_timer is None:
            self.query_one(CampMapBoard).drawing = draw_camp(view)

    def _replay_stalk(self, view, cells: list[str]) -> None:
        """Show Otis walking his path, one space per tick, then the table as it is."""
        if self._stalk_timer is not None:
            self._stalk_timer.stop()
        board = self.query_one(CampMapBoard)
        remaining = list(cells)

        def tick() -> None:
            if remaining:
                board.drawing = draw_camp(view, otis_at=remaining.pop(0))
                return
            if self._stalk_timer is not None:
                self._stalk_timer.stop()
            self._stalk_timer = None
            if self.table is not None:
                board.drawing = draw_camp(self.table.view)

        delay = STEP_SECONDS if self.app.bot_delay else 0.01
        tick()
        self._stalk_timer = self.set_interval(delay, tick)


SCREEN = CampGrizzlyScreen
