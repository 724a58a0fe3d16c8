"""Drawing Bonfire's cities as plain text lines, in pure functions tests call without an app.

Parts: your city (fate area as board rows with a ghost, bonfires, path, supplies), Tom (his
card, what he did, his board) or, with two players, the other player's city, and the
figures that compare them (the score line, the tie-break). The shared table (the sea, the
Great Bonfire, the High Council, the Common Tasks and displays) and the legend are drawn in
`bonfire_table_draw`; both use the letters and short task texts defined here. Compact forms
fit 120x40; every symbol is explained by the legend; players read names, never ids.

`me` is the player whose city is drawn as "yours" (the seat looking at the screen; always
0 in solo); `names` are the seats' names for two-player games.
"""

from __future__ import annotations

from functools import cache

import msgspec

from engines.bonfire import city, content, council, scoring
from engines.bonfire.processions import IN_BONFIRE
from engines.bonfire.state import YOU, BonfireState, Player, is_solo, portal_board, tom_board

FATE_LETTERS = {"ship": "S", "island": "I", "path": "P", "procession": "R", "bonfire": "B", "gnome": "G"}
FATE_LEGEND = "S ship I island P path R procession B Great Bonfire G gnome * wild; $ gold, * wild printed; . empty"
#: Action tiles by the same letters, plus wild.
TILE_LETTERS = {**FATE_LETTERS, "wild": "*"}
TILE_NAMES = content.TILE_NAMES


COLOUR_MARK = {"blue": "b", "red": "r", "yellow": "y"}
TASK_LEGEND = "Tasks: name b/r/y colour + points [requirement]"


def short_requirement(task: content.Task) -> str:
    r = task.requirement
    n, what = r.count, r.what
    return {
        "resources": f"pay {n} {what}",
        "paths": f"{n} {what} path{'s' if n > 1 else ''}",
        "offerings": f"offering on each {what} isle",
        "fate": f"{n}-cell {what} area",
        "difficulty": f"{n} lit of diff {what}",
        "tiles": f"pay {n} {TILE_NAMES.get(what, what)}",
        "guardians": f"{n} guardian{'s' if n > 1 else ''}",
        "portals": f"{n} portals",
        "gnomes": f"{n} gnome{'s' if n > 1 else ''}",
        "lit": f"{n} lit",
    }[r.kind]


def task_short(tid: str) -> str:
    task = content.tasks()[tid]
    return f"{task.name} {COLOUR_MARK[task.colour]}{task.points} [{short_requirement(task)}]"


def guardian_name(colour: str) -> str:
    return "own" if colour == "own" else colour


@cache
def printed_marks() -> dict[tuple[int, int], str]:
    """The bonus printed on fate cells, by cell: gold or wild (read only)."""
    return {(b.row, b.col): ("$" if b.resources else "*") for b in content.board().fate_bonuses}


def fate_rows(p: Player) -> list[str]:
    n = content.board().fate_size
    printed = printed_marks()
    rows = ["    " + " ".join(str(c + 1) for c in range(n))]
    for r in range(n):
        cells = []
        for c in range(n):
            symbol = p.grid[r * n + c]
            cells.append(FATE_LETTERS[symbol] if symbol else printed.get((r, c), "."))
        rows.append(f"  {r + 1} " + " ".join(cells))
    return rows


def bonfire_lines(p: Player, portal_symbols: list[str], skip_empty: bool = False) -> list[str]:
    lines = []
    for k, b in enumerate(p.bonfires, start=1):
        if skip_empty and not b.task:
            continue
        what = "-"
        if b.task:
            task = content.tasks()[b.task]
            what = f"LIT {task.name} {COLOUR_MARK[task.colour]}{task.points}" if b.lit else task_short(b.task)
        novice = "n" if b.novice else " "
        portal = p.portals[k - 1].upper() if p.portals[k - 1] else portal_symbols[k - 1]
        guardian = next((g.colour for g in p.guardians if g.where == IN_BONFIRE + k), "")
        extra = f" +{guardian} guardian" if guardian else ""
        lines.append(f"{k}{novice} {portal:5} {what}{extra}")
    return lines


def path_line(p: Player) -> str:
    parts = []
    for position in range(len(p.path) + 1):
        here = [guardian_name(g.colour) for g in p.guardians if g.where == position]
        if position == 0:
            label = "Start"
        else:
            t = content.path_tile(p.path[position - 1])
            label = f"{COLOUR_MARK[t.crystal]}/{t.resource}"
        parts.append(label + (f"[{','.join(here)}]" if here else ""))
    return " > ".join(parts)


def bag_text(bag: dict[str, int], names: dict[str, str] | None = None) -> str:
    return ", ".join(f"{(names or {}).get(k, k)} {v}" for k, v in sorted(bag.items()) if v) or "none"


def fate_symbols(tile_id: str) -> list[str]:
    return _fate_tile_symbols()[tile_id]


@cache
def _fate_tile_symbols() -> dict[str, list[str]]:
    return {t.id: t.symbols for t in content.board().fate_tiles}


def fate_text(tile_id: str) -> str:
    return "/".join(FATE_LETTERS[x] for x in fate_symbols(tile_id))


def column_text(p: Player) -> str:
    if not p.fate_column:
        return "fate column empty"
    text = f"fate column {len(p.fate_column)}: top {fate_text(p.fate_column[0])}"
    if len(p.fate_column) > 1:
        text += f", bottom {fate_text(p.fate_column[-1])}"
    return text


def seat_name(names: list[str] | None, who: int) -> str:
    return names[who] if names and who < len(names) else f"Player {who + 1}"


def city_head(s: BonfireState, me: int = YOU, names: list[str] | None = None) -> str:
    p = s.players[me]
    whose = "YOUR CITY" if is_solo(s) else f"CITY OF {seat_name(names, me)}"
    turn = " (your turn)" if not is_solo(s) and s.current == me and s.phase != "over" else ""
    return f"{whose}{turn}  {scoring.total(p)} points · {column_text(p)}"


def tiles_text(bag: dict[str, int]) -> str:
    """Action tiles by their legend letter: 'B1 P1 S1 *2'."""
    return " ".join(f"{TILE_LETTERS[k]}{v}" for k, v in sorted(bag.items()) if v) or "none"


def city_side_lines(s: BonfireState, me: int = YOU) -> list[str]:
    """What sits beside the fate area: tiles, resources, offerings, ship, gnomes."""
    p = s.players[me]
    board = content.board()
    resources = [f"{k} {v}" for k, v in sorted(p.resources.items()) if v]
    half = (len(resources) + 1) // 2
    lines = [f"Tiles: {tiles_text(p.tiles)}"]
    lines += [" ".join(resources[:half]) or "no resources", " ".join(resources[half:])]
    stacks = " ".join(f"{stack[-1]} ({len(stack)})" if stack else "-" for stack in p.offerings)
    lines += [f"Offerings: {stacks}"]
    lines += [f"Ship: {board.islands[p.ship].name if p.ship >= 0 else 'in the harbour'}"]
    lines += ["Gnomes: " + (", ".join(content.gnome_name(g) for g in p.gnomes) or "none")]
    lines += ["Common Tasks: " + (", ".join(t.name for t in board.common_tasks if t.id in p.common) or "none")]
    return lines


def city_bonfire_lines(s: BonfireState, me: int = YOU) -> list[str]:
    p = s.players[me]
    return [
        "Bonfires (n novice; portal lower = empty)",
        *bonfire_lines(p, content.board().board_portals[portal_board(me)]),
    ]


def city_path_line(s: BonfireState, me: int = YOU) -> str:
    p = s.players[me]
    return f"Path: {path_line(p)} ({6 - len(p.path)} to build)"


def city_lines(s: BonfireState, me: int = YOU, names: list[str] | None = None) -> list[str]:
    """The whole city as text (the screen draws the fate area as a board instead)."""
    p = s.players[me]
    return [
        city_head(s, me, names),
        *fate_rows(p),
        *city_side_lines(s, me),
        *city_bonfire_lines(s, me),
        city_path_line(s, me),
    ]


def rival_lines(s: BonfireState, me: int, names: list[str] | None = None, compact: bool = False) -> list[str]:
    """Two players: the other player's city, in the place of Tom's board. Compact leaves
    out the fate area and folds the tasks into one list."""
    other = 1 - me
    p = s.players[other]
    turn = " · their turn" if s.current == other and s.phase != "over" else ""
    out = " · out of the game" if p.out else ""
    lines = [f"CITY OF {seat_name(names, other)}  {scoring.total(p)} points{turn}{out}", column_text(p)]
    if not compact:
        lines += fate_rows(p)
    lines += city_side_lines(s, other)
    if compact:
        tasks = [(("LIT " if b.lit else "") + task_short(b.task).split(" [")[0]) for b in p.bonfires if b.task]
        lines.append("Tasks: " + (", ".join(tasks) or "none"))
        placed = ", ".join(x for x in p.portals if x) or "none"
        lines.append(f"Portals: {placed}")
    else:
        lines += city_bonfire_lines(s, other)
    lines.append(city_path_line(s, other))
    return lines


class FateGhost(msgspec.Struct, frozen=True):
    """A fate tile hovering over the fate area: its cells, their symbols, whether it fits."""

    cells: list[tuple[int, int]]
    symbols: list[str]
    legal: bool


def fate_drawing(p: Player, ghost: FateGhost | None = None, big: bool = False) -> list[list[tuple[str, str]]]:
    """The fate area as board rows of (text, kind) runs, with the ghost over it. Big cells
    are three columns wide and two rows tall."""
    n = content.board().fate_size
    width = 3 if big else 1
    header = [("   ", "label")] + [(" " + str(c + 1).center(width), "label") for c in range(n)]
    return [header, *fate_drawing_rows(p, range(n), ghost, big).values()]


def fate_lines(row: int, big: bool = False) -> range:
    """The numbers of the drawing's rows that show the fate area's row `row`."""
    tall = 2 if big else 1
    return range(1 + row * tall, 1 + (row + 1) * tall)


def fate_drawing_rows(
    p: Player, rows, ghost: FateGhost | None = None, big: bool = False
) -> dict[int, list[tuple[str, str]]]:
    """The drawing's rows that show the fate area's rows `rows`, by their number in the
    whole `fate_drawing`: a ghost's step redraws only the rows it left and took."""
    n = content.board().fate_size
    printed = printed_marks()
    over = dict(zip(ghost.cells, ghost.symbols)) if ghost else {}
    width = 3 if big else 1
    drawn: dict[int, list[tuple[str, str]]] = {}
    for r in rows:
        runs: list[tuple[str, str]] = [(f" {r + 1} ", "label")]
        filler: list[tuple[str, str]] = [("   ", "label")]
        for c in range(n):
            symbol = p.grid[r * n + c]
            if ghost is not None and (r, c) in over:
                letter, kind = FATE_LETTERS[over[(r, c)]].lower(), "ghost" if ghost.legal else "ghost-bad"
            elif symbol:
                letter, kind = FATE_LETTERS[symbol], f"symbol {symbol}"
            elif (r, c) in printed:
                letter, kind = printed[(r, c)], "printed"
            else:
                letter, kind = ".", "empty"
            runs += [(" ", "label"), (letter.center(width), kind)]
            filler += [(" ", "label"), (" " * width, kind)]
        lines = fate_lines(r, big)
        drawn[lines[0]] = runs
        if big:
            drawn[lines[1]] = filler
    return drawn


def tom_lines(s: BonfireState, steps: int | None = None, compact: bool = False) -> list[str]:
    """Tom's card with the first `steps` steps he took (all when None), then his board;
    compact folds his lit tasks into one list."""
    tom = tom_board(s)
    board = content.board()
    lines = [f"TOM  {scoring.total(tom)} points · {tom.novices} novices left · Tom Pile {len(s.tom_pile)}"]
    if s.tom_card:
        card = content.tom_card(s.tom_card)
        gnome = (
            f"; gnome {content.gnome_name(s.tom_gnome)} ({content.gnome_resource(s.tom_gnome)})" if s.tom_gnome else ""
        )
        lines.append(f"Card: {card.name}{gnome}")
        done = s.tom_did if steps is None else s.tom_did[:steps]
        lines += [f" {n}. {step}" for n, step in enumerate(done, start=1)]
        if len(done) < len(s.tom_did):
            lines.append(" ...")
    else:
        lines.append("No Tom card revealed yet.")
    if compact:
        lit = [task_short(b.task).split(" [")[0] for b in tom.bonfires if b.task]
        lines.append("Tasks: " + (", ".join(lit) or "none"))
    else:
        lines += bonfire_lines(tom, board.board_portals["tom"], skip_empty=True) or ["No tasks yet."]
    slot = city.next_portal_slot(tom)
    placed = ", ".join(x for x in tom.portals if x) or "none"
    lines.append(f"Portals: {placed} (next: {board.board_portals['tom'][slot] if slot >= 0 else 'full'})")
    lines.append("Path: " + path_line(tom))
    lines.append("Gnomes: " + (", ".join(content.gnome_name(g) for g in tom.gnomes) or "none"))
    lines.append("Common Tasks: " + (", ".join(t.name for t in board.common_tasks if t.id in tom.common) or "none"))
    return lines


def counts_line(s: BonfireState, me: int = YOU, names: list[str] | None = None) -> str:
    if not is_solo(s):
        mine, theirs = s.players[me], s.players[1 - me]
        return (
            f"{seat_name(names, me)} {scoring.total(mine)} - {seat_name(names, 1 - me)} {scoring.total(theirs)} "
            f"· lit {city.counts(mine, 'lit')}/{city.counts(theirs, 'lit')} "
            f"· council {council.novices_in_council(s)}/{content.board().end_trigger}"
        )
    you, tom = s.players[YOU], tom_board(s)
    return (
        f"You {scoring.total(you)} - Tom {scoring.total(tom)} · lit {city.counts(you, 'lit')}/{city.counts(tom, 'lit')} "
        f"· council {council.novices_in_council(s)}/{content.board().end_trigger}"
    )


def tie_break_text(s: BonfireState, names: list[str] | None = None) -> str:
    """The figures a tie in points is settled by, for the two-player end screen."""

    def each(count) -> str:
        return ", ".join(f"{seat_name(names, n)} {count(p)}" for n, p in enumerate(s.players))

    lit = each(lambda p: city.counts(p, "lit"))
    guarded = each(lambda p: sum(g.where >= IN_BONFIRE for g in p.guardians))
    return (
        f"A tie in points goes to more lit bonfires ({lit}), then to more guardians in bonfires "
        f"({guarded}); after that the win is shared."
    )
