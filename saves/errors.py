"""The one error every kind of bad save file turns into."""

from __future__ import annotations

from pathlib import Path


class SaveError(Exception):
    """A save file that cannot be read, written or replayed.

    `str(error)` is one sentence naming the file, fit to show a player as is: callers print
    it and never a traceback.
    """

    def __init__(self, path: Path | str, problem: str) -> None:
        self.path = Path(path)
        self.problem = problem.rstrip().rstrip(".")
        super().__init__(f"{self.path.name} {self.problem}.")

    @property
    def message(self) -> str:
        return str(self)
