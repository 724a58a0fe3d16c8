"""The one error every kind of bad save file turns into."""

from __future__ import annotations

from pathlib import Path

from saves.limits import printable

#: A sentence longer than this was built around hostile content; it is cut.
MAX_PROBLEM_CHARS = 300


class SaveError(Exception):
    """A save file that cannot be read, written or replayed.

    `str(error)` is one sentence naming the file, fit to show a player as is: callers print
    it and never a traceback. Control characters (from a file name or a quoted action) are
    shown as escapes, and an overlong problem is cut.
    """

    def __init__(self, path: Path | str, problem: str) -> None:
        self.path = Path(path)
        problem = printable(" ".join(problem.split())).rstrip(".")
        if len(problem) > MAX_PROBLEM_CHARS:
            problem = problem[: MAX_PROBLEM_CHARS - 1] + "…"
        self.problem = problem
        super().__init__(f"{printable(self.path.name)} {self.problem}.")

    @property
    def message(self) -> str:
        return str(self)
