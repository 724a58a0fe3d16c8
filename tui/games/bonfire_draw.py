"""Drawing Bonfire as plain text lines, in pure functions tests call without an app.

Three parts: your city (fate area, bonfires, path, supplies), the shared table (sea, Great
Bonfire, High Council, Common Tasks, displays) and Tom (his card, what he did, his board).
Every symbol is explained by a legend line; players read names, never ids.
"""

from __future__ import annotations

from engines.bonfire import city, content, council, scoring, tasks
from engines.bonfire.processions import IN_BONFIRE
from engines.bonfire.state import TOM, YOU, BonfireState, Player

FATE_LETTERS = {"ship": "S", "island": "I", "path": "P", "procession": "R", "bonfire": "B", "gnome": "G"}
FATE_LEGEND = "S ship I island P path R procession B Great Bonfire G gnome; $ gold, * wild tile printed; . empty"
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


def fate_rows(p: Player) -> list[str]:
    n = content.board().fate_size
    printed = {(b.row, b.col): ("$" if b.resources else "*") for b in content.board().fate_bonuses}
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


def city_lines(s: BonfireState) -> list[str]:
    p = s.players[YOU]
    board = content.board()

    def fate_text(tid: str) -> str:
        return "/".join(FATE_LETTERS[x] for x in next(t.symbols for t in board.fate_tiles if t.id == tid))

    column = "none left"
    if p.fate_column:
        column = f"top {fate_text(p.fate_column[0])}"
        if len(p.fate_column) > 1:
            column += f" bottom {fate_text(p.fate_column[-1])}"
    lines = [f"YOUR CITY  {scoring.total(p)} points", f"Fate column ({len(p.fate_column)}): {column}"]
    lines += fate_rows(p)
    lines += ["Legend: " + FATE_LEGEND]
    lines += [f"Tiles: {bag_text(p.tiles, TILE_NAMES)}", f"Resources: {bag_text(p.resources)}"]
    stacks = "  ".join(f"{n + 1}: {stack[-1] if stack else '-'} ({len(stack)})" for n, stack in enumerate(p.offerings))
    lines += [f"Offerings on top: {stacks}"]
    lines += [f"Ship: {board.islands[p.ship].name if p.ship >= 0 else 'in the harbour'}"]
    lines += ["Bonfires (n novice home; portal slot lower case = empty, CAPS = placed):"]
    lines += bonfire_lines(p, board.board_portals["you"])
    lines += ["Path (b/r/y crystal / resource [guardians]):", " " + path_line(p) + f" ({6 - len(p.path)} to build)"]
    gnomes = ", ".join(content.gnome_name(g) for g in p.gnomes) or "none"
    commons = ", ".join(t.name for t in board.common_tasks if t.id in p.common) or "none"
    lines += [f"Gnomes: {gnomes}", f"Common Tasks done: {commons}"]
    return lines


def tom_lines(s: BonfireState, steps: int | None = None) -> list[str]:
    """Tom's card with the first `steps` steps he took (all when None), then his board."""
    tom = s.players[TOM]
    board = content.board()
    lines = [f"TOM  {scoring.total(tom)} points  {tom.novices} novices left  Tom Pile {len(s.tom_pile)}"]
    if s.tom_card:
        card = content.tom_card(s.tom_card)
        gnome = f"; gnome {content.gnome_name(s.tom_gnome)} ({content.gnome_resource(s.tom_gnome)})" if s.tom_gnome else ""
        lines.append(f"Card: {card.name}{gnome}")
        done = s.tom_did if steps is None else s.tom_did[:steps]
        lines += [f" {n}. {step}" for n, step in enumerate(done, start=1)]
        if len(done) < len(s.tom_did):
            lines.append(" ...")
    else:
        lines.append("No Tom card revealed yet.")
    lines += bonfire_lines(tom, board.board_portals["tom"], skip_empty=True) or ["No tasks yet."]
    placed = ", ".join(x for x in tom.portals if x) or "none"
    lines.append(f"Portals: {placed} (next: {board.board_portals['tom'][city.next_portal_slot(tom)] if city.next_portal_slot(tom) >= 0 else 'full'})")
    lines.append("Path: " + path_line(tom))
    lines.append("Gnomes: " + (", ".join(content.gnome_name(g) for g in tom.gnomes) or "none"))
    lines.append("Common Tasks: " + (", ".join(t.name for t in board.common_tasks if t.id in tom.common) or "none"))
    return lines


def sea_lines(s: BonfireState) -> list[str]:
    board = content.board()
    you = s.players[YOU]
    lines = ["THE SEA (a ring; @ your ship)", TASK_LEGEND]
    for n, island in enumerate(board.islands):
        here = s.islands[n]
        ship = "@" if you.ship == n else " "
        if island.kind == "task":
            found = "; ".join(task_short(t) for t in here.tasks) or "no tasks"
        else:
            found = f"{here.guardians} {island.guardian} guardian{'s' if here.guardians != 1 else ''}"
        offered = f" ({len(here.offerings)} offering{'s' if len(here.offerings) > 1 else ''})" if here.offerings else ""
        lines.append(f"{ship}{n + 1:2} {island.name}, {island.resource}: {found}{offered}")
    return lines


def fire_lines(s: BonfireState) -> list[str]:
    board = content.board()
    lines = ["GREAT BONFIRE (> figure): tile | resource or 2 points | portals"]
    for n, space in enumerate(board.great_bonfire):
        mark = ">" if s.figure == n else " "
        portals = ", ".join(s.great_bonfire[n]) or "-"
        lines.append(f"{mark}{space.name}: {TILE_NAMES[space.tile]} | {space.resource or '2 points'} | {portals}")
    lines.append(f"HIGH COUNCIL ({council.novices_in_council(s)}/{board.end_trigger} novices end the game)")
    for n, space in enumerate(board.council):
        who = s.council[n] or "free"
        flat = " +flat neutral" if n in s.flat_neutral else ""
        lines.append(f" {space.name.removeprefix('Seat of ')}: {council.gain_text(space)} - {who}{flat}")
    lines.append("COMMON TASKS (N: neutral novice still there)")
    for n, task in enumerate(board.common_tasks):
        mark = "N" if s.common_novices[n] else " "
        kind = {"lit": "lit bonfires", "paths": "path tiles", "guardians": "guardians"}.get(task.kind, task.kind)
        lines.append(f" {mark} {task.name}: {task.count} {kind}")
    shown = ", ".join(f"{n + 1} {COLOUR_MARK[content.path_tile(t).crystal]}/{content.path_tile(t).resource}"
                      for n, t in enumerate(s.path_display))
    lines.append(f"PATH DISPLAY: {shown or 'empty'} (piles {'/'.join(str(len(p)) for p in s.path_piles)})")
    lines.append("SPECIALISTS: " + (", ".join(f"{content.gnome_name(g)} ({content.gnome_resource(g)})" for g in s.specialists) or "none"))
    lines.append("ELDERS: " + (", ".join(f"{content.gnome_name(g)} ({content.gnome_resource(g)})" for g in s.elders) or "none"))
    if s.countdown:
        lines.append(f"COUNTDOWN turn {s.countdown}/5: passing scores {board.countdown[s.countdown - 1]}")
    return lines


def counts_line(s: BonfireState) -> str:
    you, tom = s.players[YOU], s.players[TOM]
    return (f"You {scoring.total(you)} - Tom {scoring.total(tom)} · lit {city.counts(you, 'lit')}/{city.counts(tom, 'lit')} "
            f"· council {council.novices_in_council(s)}/{content.board().end_trigger}")
