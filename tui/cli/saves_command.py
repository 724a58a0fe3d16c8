"""`campfire saves`: the save folder listed (newest first), one save verified, or the
folder's path printed."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from saves.limits import printable, quote
from tui.cli.base import BAD_FILE, fail, text_table, one_line

if TYPE_CHECKING:
    import argparse


def cmd_saves(args: argparse.Namespace, folder: Path) -> int:
    from saves.store import list_saves, locate, verify

    action = args.saves_command or "list"
    if action == "locate":
        print(printable(str(locate(folder))))
        return 0
    if action == "verify":
        result = verify(args.file.expanduser())
        if not result.ok:
            fail(result.message)
            return BAD_FILE
        print(one_line(result.message))
        return 0
    infos = list_saves(folder)
    if not infos:
        print(f"No saves in {printable(str(locate(folder)))}.")
        return 0
    rows = [["Updated", "Game", "Players", "Turn", "Actions", "Seed", "File"]]
    for info in infos:
        stamp = info.updated.strftime("%Y-%m-%d %H:%M")
        name = quote(info.path.name)
        if info.error is not None:
            rows.append([stamp, "(unreadable)", "", "", "", "", name])
        else:
            state = f"{info.turn} (over)" if info.over else str(info.turn)
            if info.in_use:
                state += " (in use)"
            seed = "hidden" if info.seed is None else str(info.seed)
            rows.append([stamp, info.title, quote(info.players), state, str(info.actions), seed, name])
    print(text_table(rows, right={3, 4, 5}))
    problems = [one_line(info.error) for info in infos if info.error is not None]
    if problems:
        print("\n" + "\n".join(problems))
    print(f"\n{len(infos)} save{'s' if len(infos) != 1 else ''} in {printable(str(locate(folder)))}.")
    return 0
