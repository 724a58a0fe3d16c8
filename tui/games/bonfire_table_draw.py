"""Drawing Bonfire's shared table as plain text lines, in pure functions tests call without
an app: the sea, the Great Bonfire, the High Council, the Common Tasks, the path and gnome
displays, and the legend for every symbol on the board. The cities are drawn in
`bonfire_draw`, whose letters and short task texts these lines share.

`me` is the player whose ship is "yours" (the seat looking at the screen; always 0 in
solo); `names` are the seats' names for two-player games.
"""

from __future__ import annotations

from engines.bonfire import city, content, council
from engines.bonfire.state import YOU, BonfireState, is_solo, portal_board
from tui.games.bonfire_draw import (
    COLOUR_MARK,
    FATE_LEGEND,
    TASK_LEGEND,
    TILE_LETTERS,
    TILE_NAMES,
    seat_name,
    task_short,
)


def sea_lines(s: BonfireState, compact: bool = False, me: int = YOU) -> list[str]:
    """The islands in ring order. Compact leaves the requirements to the island your ship
    is at (the only place you can receive a task), told last. With two players & marks
    the other player's ship."""
    board = content.board()
    you = s.players[me]
    theirs = -2 if is_solo(s) else s.players[1 - me].ship
    ships = "@ your ship" + ("" if is_solo(s) else ", & theirs")
    lines = [f"THE SEA (a ring; {ships})" + ("" if compact else f"  {TASK_LEGEND}")]
    if compact:
        lines = [f"THE SEA ({ships})"]
    for n, island in enumerate(board.islands):
        here = s.islands[n]
        ship = ("@" if you.ship == n else " ") + ("&" if theirs == n else "")
        ship = ship.strip() or " "
        if island.kind == "task":
            shown = (lambda t: task_short(t).split(" [")[0]) if compact else task_short
            found = (", " if compact else "; ").join(shown(t) for t in here.tasks) or "no tasks"
        else:
            found = f"{here.guardians} {island.guardian} guardian{'s' if here.guardians != 1 else ''}"
        offered = f" ({len(here.offerings)} offering{'s' if len(here.offerings) > 1 else ''})" if here.offerings else ""
        number = f"{ship.strip()}{n + 1}" if compact else f"{ship}{n + 1:2}"
        lines.append(f"{number} {island.name}{'' if compact else ','} {island.resource}: {found}{offered}")
    if compact and you.ship >= 0 and s.islands[you.ship].tasks:
        lines.append("At your ship: " + "; ".join(task_short(t) for t in s.islands[you.ship].tasks))
    return lines


def next_portals(s: BonfireState) -> list[str]:
    """The portal symbols the players' next empty slots need (none for a full board)."""
    out = []
    for who, p in enumerate(s.players):
        slot = city.next_portal_slot(p)
        if slot >= 0:
            out.append(content.board().board_portals[portal_board(who)][slot])
    return out


def great_bonfire_lines(s: BonfireState, compact: bool = False) -> list[str]:
    board = content.board()
    head = (
        "GREAT BONFIRE tile|gain|needed"  # the portals the next slots need
        if compact
        else "GREAT BONFIRE (> figure): tile | resource or 2 points | portals"
    )
    lines = [head]
    needed = set(next_portals(s))
    for n, space in enumerate(board.great_bonfire):
        mark = ">" if s.figure == n else " "
        portals = ", ".join(s.great_bonfire[n]) or "-"
        tile = TILE_LETTERS[space.tile] if compact else TILE_NAMES[space.tile]
        gain = (space.resource or "2pt") if compact else (space.resource or "2 points")
        if compact:  # 4 portals a space do not fit the narrow column: those wanted next
            wanted = " ".join(x for x in s.great_bonfire[n] if x in needed) or "-"
            lines.append(f"{mark}{space.name} {tile}|{gain}|{wanted}")
        else:
            lines.append(f"{mark}{space.name}: {tile} | {gain} | {portals}")
    if s.countdown:
        lines.append(f"COUNTDOWN turn {s.countdown}/5: pass scores {board.countdown[s.countdown - 1]}")
    return lines


def compact_gain(what) -> str:
    """'1S 1pt': tiles by legend letter, resources by name, points."""
    parts = [f"{n}{TILE_LETTERS[k]}" for k, n in what.tiles.items()]
    parts += [f"{n} {k}" for k, n in what.resources.items()]
    if what.points:
        parts.append(f"{what.points}pt")
    return " ".join(parts) or "nothing"


def council_owner(s: BonfireState, mark: str, names: list[str] | None, compact: bool) -> str:
    """Who sits on a High Council space, by name."""
    if mark.startswith("seat"):
        return seat_name(names, int(mark[4:]) - 1)
    if compact:
        return {"": "free", "you": "you", "tom": "Tom", "neutral": "N"}.get(mark, mark)
    return {"": "free", "tom": "Tom"}.get(mark, mark)


def council_lines(s: BonfireState, compact: bool = False, names: list[str] | None = None) -> list[str]:
    board = content.board()
    lines = [f"HIGH COUNCIL ({council.novices_in_council(s)} novices; {board.end_trigger} start the countdown)"]
    for n, space in enumerate(board.council):
        name = space.name.removeprefix("Seat of ")
        if compact:
            who = council_owner(s, s.council[n], names, compact)
            flat = "+N" if n in s.flat_neutral else ""
            lines.append(f"{name} {compact_gain(space)}: {who}{flat}")
            continue
        who = council_owner(s, s.council[n], names, compact)
        flat = " +flat neutral" if n in s.flat_neutral else ""
        lines.append(f" {name}: {council.gain_text(space)} - {who}{flat}")
    if compact:
        return [lines[0], *in_columns(lines[1:], 4)]
    return lines


def in_columns(items: list[str], columns: int) -> list[str]:
    """Lay short items out row by row in `columns` columns, each as wide as its longest."""
    rows = [items[k : k + columns] for k in range(0, len(items), columns)]
    widths = [max(len(row[c]) for row in rows if c < len(row)) for c in range(columns)]
    return ["  ".join(item.ljust(widths[c]) for c, item in enumerate(row)).rstrip() for row in rows]


def common_lines(s: BonfireState, compact: bool = False) -> list[str]:
    board = content.board()
    lines = ["COMMON TASKS (N: novice there)" if compact else "COMMON TASKS (N: neutral novice still there)"]
    for n, task in enumerate(board.common_tasks):
        mark = "N" if s.common_novices[n] else " "
        kind = {"lit": "lit bonfires", "paths": "path tiles", "guardians": "guardians"}.get(task.kind, task.kind)
        lines.append(f" {mark} {task.name}: {task.count} {kind}")
    return lines


def path_display_line(s: BonfireState, compact: bool = False) -> str:
    shown = (" " if compact else ", ").join(
        f"{n + 1} {COLOUR_MARK[content.path_tile(t).crystal]}/{content.path_tile(t).resource}"
        for n, t in enumerate(s.path_display)
    )
    piles = "/".join(str(len(p)) for p in s.path_piles)
    if compact:  # two lines of the narrow column, not three
        return f"PATHS {shown or 'none'} piles {piles}"
    return f"PATH DISPLAY: {shown or 'empty'} (piles {piles})"


def gnome_lines(s: BonfireState, compact: bool = False) -> list[str]:
    def gnome_list(ids: list[str]) -> str:
        if compact:
            return ", ".join(content.gnome_name(g) for g in ids) or "none"
        return ", ".join(f"{content.gnome_name(g)} ({content.gnome_resource(g)})" for g in ids) or "none"

    if compact:
        elders = ", ".join(content.gnome_name(g).removeprefix("Elder of ") for g in s.elders) or "none"
        return ["SPECIALISTS: " + gnome_list(s.specialists), "ELDERS of " + elders]
    return ["SPECIALISTS: " + gnome_list(s.specialists), "ELDERS: " + gnome_list(s.elders)]


def fire_lines(s: BonfireState, compact: bool = False, names: list[str] | None = None) -> list[str]:
    return (
        great_bonfire_lines(s, compact)
        + common_lines(s, compact)
        + [path_display_line(s)]
        + council_lines(s, compact, names)
        + gnome_lines(s, compact)
    )


def _task_example() -> list[str]:
    """The legend's example task, read from the content so its figures are true."""
    task = content.tasks()["mist-rite"]
    return [f"{task.name} {task.colour[0]}{task.points}: {task.colour} task,", f"{task.points} points [requirement]"]


def legend_lines(compact: bool = False) -> list[str]:
    """One legend for every symbol on the board."""
    if compact:
        return [
            "LEGEND",
            "S ship I island P path",
            "R procession B Great Bonfire",
            "G gnome * wild tile",
            "$ * printed gold, wild",
            ". empty; lower case: the",
            "fate tile you are placing",
            "b r y: blue red yellow",
            *_task_example(),
            "path: crystal/resource",
            "B1: one Great Bonfire tile",
            "@ your ship > figure",
            "n novice at home",
            "N neutral novice",
        ]
    return [
        f"Legend: {FATE_LEGEND}; lower case = the fate tile you are placing",
        f"{TASK_LEGEND}; path b/r/y crystal / resource [guardians]; @ your ship; > figure; N neutral novice",
        "Tiles by letter: B1 = 1 Great Bonfire tile, *2 = 2 wild tiles",
    ]
