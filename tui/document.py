"""A whole game as a readable document (`campfire replay FILE --export md|txt`): the seats,
the options, every action as the log told it, turn by turn, and the final breakdown.

Written from a ReplayMatch, so it tells what its view may: after the game's end everything;
before it, what the chosen seat saw (other seats' actions by what the log said of them,
not by their text, which may name a secret such as a written guess).
"""

from __future__ import annotations

import re

import msgspec

from engines.core.levels import level_name
from saves.limits import printable
from saves.replay import ReplayMatch
from tui.charts import breakdown_text
from tui.widgets.table import name_seats

FORMATS = ("md", "txt")
_MARKDOWN_SPECIAL = re.compile(r"([\\`*_\[\]<>])")


def game_document(replay: ReplayMatch, fmt: str = "md") -> str:
    markdown = fmt == "md"
    names = [seat.name for seat in replay.seats]

    def clean(text: str) -> str:
        """Engine or player text, one printable line; escaped where Markdown would read it."""
        line = printable(" ".join(name_seats(text, names).split()))
        return _MARKDOWN_SPECIAL.sub(r"\\\1", line) if markdown else line

    def heading(text: str, level: int) -> list[str]:
        if markdown:
            return ["#" * level + " " + text, ""]
        rule = "=" if level == 1 else "-"
        return [text, rule * len(text), ""]

    engine = replay.engine
    who = replay.perspective(replay.seat)
    title = f"{engine.info.title}: " + ", ".join(clean(name) for name in names)
    lines = heading(title, 1)
    bullet = "- " if markdown else "  "
    for number, seat in enumerate(replay.seats, start=1):
        kind = f"{level_name(seat.level)} bot" if seat.is_bot else "person"
        lines.append(f"{bullet}Seat {number}: {clean(seat.name)} ({kind})")
    options = msgspec.to_builtins(replay.options)
    if options:
        shown = ", ".join(f"{key.replace('_', ' ')}: {value}" for key, value in options.items())
        lines.append(f"{bullet}Options: {clean(shown)}")
    if replay.chart_allowed():
        lines.append(f"{bullet}Seed: {replay.seed}")
    lines.append(f"{bullet}Actions: {replay.length}")
    if not replay.finished:
        seen = "the public table" if who is None else clean(names[who])
        lines.append(f"{bullet}Not over yet: told as {seen} saw it.")
    lines.append("")
    lines += _actions(replay, who, clean, heading, markdown)
    lines += heading("Final scores", 2)
    history = replay.score_history() if replay.finished else None
    final = history.final if history is not None else None
    if final is None:
        lines.append("The game is not over.")
    else:
        from tui.screens.end import breakdown_rows

        lines.append(clean(final.reason))
        lines.append("")
        columns, rows = breakdown_rows(final, names)
        table = breakdown_text([printable(c) for c in columns], [[printable(c) for c in row] for row in rows])
        lines += ["```", table, "```"] if markdown else [table]
    return "\n".join(lines).rstrip() + "\n"


def _actions(replay: ReplayMatch, who: int | None, clean, heading, markdown: bool) -> list[str]:  # noqa: ANN001
    names = [seat.name for seat in replay.seats]
    lines: list[str] = []
    turn = None
    for index, entry in enumerate(replay.entries):
        turn_now = replay.turns[index]  # the turn the action was taken in
        if turn_now != turn:
            turn = turn_now
            if lines:
                lines.append("")
            lines += heading(f"Turn {turn}", 2)
        actor = "The game" if entry.seat < 0 else names[entry.seat]
        told = " ".join(clean(line) for line in replay.entry_lines(index, who))
        if told:
            text = told
        elif replay.chart_allowed() or entry.seat == who:
            text = f"{clean(actor)}: {clean(replay.entry_text(index))}."
        else:
            text = f"{clean(actor)} acts."
        lines.append(f"{index + 1}. {text}")
    if lines:
        lines.append("")
    return lines
