"""The SSH row of the test matrix, generated from the registry: for every ready game a player
connects through the real gateway (asyncssh, a pyte terminal), opens the game from the
launcher with its default seats, makes a move by its number key (or, on a turn played on the board, the palette's first
action) and opens its rules."""

from __future__ import annotations

import pytest

from engines.registry import ready_games
from tests.matrix import BROKEN
from tests.ssh.terminal import DOWN, ENTER, START_TIMEOUT, session

LAUNCHER = "Ready to play"
SHIFT_TAB = b"\x1b[Z"
F1 = b"\x1bOP"
CTRL_P = b"\x10"
#: The game screen's footer (the launcher opens rules with r).
GAME_FOOTER = "f1 Rules"
CELLS = [pytest.param(entry, id=entry.id) for entry in ready_games()]


def first_hit(text: str) -> str:
    """The palette's first hit under its search line."""
    lines = [line.strip() for line in text.splitlines()]
    search = next((n for n, line in enumerate(lines) if line.startswith("🔎")), None)
    return next((line for line in lines[search + 1 :] if line), "") if search is not None else ""


@pytest.mark.parametrize("entry", CELLS)
async def test_a_player_over_ssh_opens_every_game_and_moves(entry, start_gateway) -> None:
    gateway = await start_gateway()
    async with session(gateway.port, size=(120, 40)) as (_, terminal):
        await terminal.wait_for(LAUNCHER, START_TIMEOUT)
        await terminal.settle(quiet=0.5)
        pitch = " ".join(entry.pitch.split()[:4])
        for _ in range(len(ready_games()) + 1):
            if pitch in " ".join(terminal.text.split()):
                break
            terminal.press(DOWN)
            await terminal.settle(quiet=0.3)
        terminal.press(ENTER)
        await terminal.wait_for("Start game")  # the form (a tall one opens at its foot)
        await terminal.settle(quiet=0.5)
        terminal.press(SHIFT_TAB)  # from the form's first field round to its last: Start
        await terminal.settle(quiet=0.3)
        terminal.press(ENTER)  # with the default seats
        await terminal.wait_for(GAME_FOOTER)
        await terminal.settle(quiet=0.5)
        before = terminal.text
        terminal.press("1")  # the first listed action
        await terminal.wait_until(lambda: terminal.text != before, "the screen changing after the move")
        await terminal.settle(quiet=0.5)
        if "no numbered action" in terminal.text:
            # A turn played on the board only (Bivouac's placements): the focus sits on the
            # board, whose Enter plays the spot under the cursor.
            before = terminal.text
            terminal.press(ENTER)
            await terminal.wait_until(lambda: terminal.text != before, "the screen changing after Enter")
            await terminal.settle(quiet=0.5)
        if "no numbered action" in terminal.text:
            # Still nothing (the game's seed is random): the palette lists every legal
            # action, and Down, Enter plays the first.
            before = terminal.text
            terminal.press(CTRL_P, "action: ")
            await terminal.wait_until(lambda: first_hit(terminal.text).startswith("action: "), "an action on top")
            await terminal.settle(quiet=0.5)
            terminal.press(DOWN)
            await terminal.settle(quiet=0.5)
            terminal.press(ENTER)
            await terminal.wait_until(lambda: "🔎" not in terminal.text, "the palette closing on the action")
            await terminal.settle(quiet=0.5)
        after = terminal.text
        assert "no numbered action" not in after and "not now" not in after, after
        assert not [word for word in BROKEN if word in after], after
        terminal.press(F1)  # the rules of the game on screen: the one picked
        await terminal.wait_for(entry.title)
