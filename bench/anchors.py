"""The yardsticks Campfire is measured against in the same run, so ratios hold anywhere.

- Engine steps: OpenSpiel's Python tic-tac-toe (`pip install '.[bench]'`) when installed,
  else the small pure-Python tic-tac-toe below (the table says which one ran).
- Key to repaint: a Line-API board that moves a one-cell cursor (built in `frames.py`).
- Start-up: a minimal Textual app with one Static (in `startup.py`).
"""

from __future__ import annotations

import random
from collections.abc import Callable

_LINES = ((0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6))


class TicTacToe:
    """A plain mutable tic-tac-toe state, written the way OpenSpiel's Python game is."""

    __slots__ = ("board", "player", "over")

    def __init__(self) -> None:
        self.board = ["."] * 9
        self.player = 0
        self.over = False

    def legal_actions(self) -> list[int]:
        return [cell for cell, mark in enumerate(self.board) if mark == "."]

    def apply_action(self, cell: int) -> None:
        mark = "x" if self.player == 0 else "o"
        self.board[cell] = mark
        if any(all(self.board[i] == mark for i in line) for line in _LINES) or "." not in self.board:
            self.over = True
        else:
            self.player = 1 - self.player


def anchor_playout() -> tuple[str, Callable[[random.Random], int]]:
    """(name, one random playout returning its step count) for the engine anchor."""
    try:
        from open_spiel.python.games import tic_tac_toe
    except ImportError:

        def local_playout(rng: random.Random) -> int:
            state = TicTacToe()
            steps = 0
            while not state.over:
                state.apply_action(rng.choice(state.legal_actions()))
                steps += 1
            return steps

        return "tic-tac-toe (bench/anchors.py; OpenSpiel not installed)", local_playout

    game = tic_tac_toe.TicTacToeGame()

    def openspiel_playout(rng: random.Random) -> int:
        state = game.new_initial_state()
        steps = 0
        while not state.is_terminal():
            state.apply_action(rng.choice(state.legal_actions()))
            steps += 1
        return steps

    return "OpenSpiel python_tic_tac_toe", openspiel_playout
