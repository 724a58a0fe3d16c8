"""A player connects with an SSH client and plays Bivì in a real terminal emulator (pyte).

Byte budgets count what the client receives; nothing here measures time."""

from __future__ import annotations

from tests.ssh.terminal import DOWN, ENTER, START_TIMEOUT, session

LAUNCHER = "Ready to play"
FIRST_SCREEN_BUDGET = 64 * 1024
MOVE_BUDGET = 4 * 1024


async def open_bivi(terminal) -> None:
    """From the launcher, highlight Bivì with the down key and start a default game. Each key
    waits for the screen to answer it (the next game's pitch), so none is lost or extra."""
    from tui.screens.launcher import launcher_order

    pitches = [entry.pitch[:20] for entry in launcher_order()]
    wanted = next(entry.pitch[:20] for entry in launcher_order() if entry.id == "bivi")

    def shown() -> str | None:
        return next((pitch for pitch in pitches if pitch in terminal.text), None)

    await terminal.wait_for(LAUNCHER, START_TIMEOUT)
    await terminal.wait_until(lambda: shown() is not None, "a game's pitch")
    while (current := shown()) != wanted:
        terminal.press(DOWN)
        await terminal.wait_until(lambda: shown() not in (None, current), "the next game highlighted")
    terminal.press(ENTER)
    await terminal.wait_for("New game of Bivì")
    await terminal.settle(quiet=0.5)
    terminal.press(ENTER)
    await terminal.wait_for("bank left")
    await terminal.settle()


async def test_a_player_sees_the_launcher_plays_bivi_and_the_app_redraws_after_a_resize(start_gateway) -> None:
    gateway = await start_gateway()
    async with session(gateway.port, size=(100, 30), username="[bold]Zoë{}") as (_, terminal):
        await terminal.wait_for(LAUNCHER, START_TIMEOUT)
        await terminal.settle()
        assert terminal.bytes_received < FIRST_SCREEN_BUDGET

        idle_start = terminal.bytes_received
        await terminal.settle(quiet=3.0)
        assert terminal.bytes_received == idle_start, "the app sent bytes while nobody typed"

        await open_bivi(terminal)
        terminal.press("1")  # the first listed action: the beaver goes on the left bank
        await terminal.wait_for("boldZoë puts their beaver on the left bank")
        await terminal.wait_for("choose a forest side")
        terminal.press("1")  # take the first tile offered
        await terminal.wait_for("Fits here")

        terminal.resize(120, 40)
        # The footer's right end ("palette") moves to the new last row and column.
        await terminal.wait_until(
            lambda: (
                terminal.screen.display[39].rstrip().endswith("palette")
                and len(terminal.screen.display[39].rstrip()) > 100
            ),
            "a redraw at 120x40",
        )
        await terminal.wait_for("Fits here")


async def test_one_move_sends_under_4_kb(start_gateway) -> None:
    gateway = await start_gateway()
    async with session(gateway.port, size=(100, 30)) as (_, terminal):
        await open_bivi(terminal)
        terminal.press("1")
        await terminal.wait_for("choose a forest side")
        await terminal.settle()
        before = terminal.bytes_received
        terminal.press("1")  # take a tile: one action, no bot reply before our next choice
        await terminal.wait_for("Fits here")
        await terminal.settle()
        assert terminal.bytes_received - before < MOVE_BUDGET


async def test_a_refused_key_redraws_the_status_line_not_the_screen(start_gateway) -> None:
    gateway = await start_gateway()
    async with session(gateway.port, size=(100, 30)) as (_, terminal):
        await open_bivi(terminal)
        before = terminal.bytes_received
        terminal.press("u")  # nothing to undo yet: the status line says why, nothing else changes
        await terminal.wait_for("Nothing to undo")
        await terminal.settle()
        # One 100-column row with its colours is a few hundred bytes; the whole screen is 10 KB.
        assert terminal.bytes_received - before < 1024


async def test_a_small_terminal_is_asked_to_grow_and_then_gets_the_launcher(start_gateway) -> None:
    gateway = await start_gateway()
    async with session(gateway.port, size=(60, 20)) as (_, terminal):
        await terminal.wait_for("This one is 60x20", START_TIMEOUT)
        terminal.resize(100, 30)
        await terminal.wait_for(LAUNCHER)
