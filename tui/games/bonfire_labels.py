"""How Bonfire's action list and palette name each action, read from the table in view:
the offering by its resource, the path tile by its crystal and resource, the task by its
name, the fate tile a swap would take by its symbols, a High Council space by what the
novice placed there gains. Never "offering 1" or "display 1".
"""

from __future__ import annotations

from engines.bonfire import content, council
from engines.bonfire.actions import (
    Action,
    BuildPath,
    Council,
    Finish,
    Fulfil,
    Keep,
    Receive,
    Recruit,
    Swap,
    TakeGuardian,
)
from engines.bonfire.state import BonfireState, is_solo, is_tom
from engines.bonfire.view import finish_outcome

PILES = ("first", "second", "third")


def _symbols(ids: list[str]) -> str:
    return ", ".join(content.TILE_NAMES[s] for s in ids)


def _fate_tile(tile_id: str) -> list[str]:
    return next(t.symbols for t in content.board().fate_tiles if t.id == tile_id)


def _centre(view: BonfireState, me: int) -> list[str]:
    """The centre row's placed symbols (the starting tile), left to right."""
    p = view.players[me]
    n = content.board().fate_size
    row = p.grid[(n // 2) * n : (n // 2 + 1) * n]
    return [s for s in row if s]


def _offering(view: BonfireState, me: int, stack: int) -> str:
    """The top offering of `stack` (from 1), by its resource."""
    tops = view.players[me].offerings[stack - 1]
    return f"the {tops[-1]} offering" if tops else f"offering stack {stack}"


def label(view: BonfireState, me: int, action: Action, default: str) -> str:
    """The action list's words for `action`, as seat `me` sees the table; `default` (the
    engine's own wording) for actions it names well already."""
    p = view.players[me]
    if isinstance(action, Keep):
        centre = _centre(view, me)
        return f"keep your centre fate tile ({_symbols(centre)})" if centre else default
    if isinstance(action, Swap) and len(p.fate_column) > 3:
        middle = _symbols(_fate_tile(p.fate_column[3]))
        return f"swap: take the middle tile of your column ({middle}) as your centre tile"
    if isinstance(action, Receive):
        task = content.tasks()[action.task]
        return f"receive {task.name} onto bonfire {action.space}, leaving {_offering(view, me, action.stack)}"
    if isinstance(action, TakeGuardian) and 0 <= p.ship < len(content.board().islands):
        colour = content.board().islands[p.ship].guardian
        return f"take the {colour} guardian, leaving {_offering(view, me, action.stack)}"
    if isinstance(action, BuildPath):
        if action.source.startswith("d"):
            n = int(action.source[1:]) - 1
            if n < len(view.path_display):
                tile = content.path_tile(view.path_display[n])
                return f"build the {tile.crystal} path tile showing {tile.resource}"
        else:
            n = int(action.source[4:]) - 1
            return f"build the hidden top tile of the {PILES[n] if n < len(PILES) else ''} face-down pile"
    if isinstance(action, Fulfil):
        tid = p.bonfires[action.space - 1].task
        if tid:
            return f"fulfil {content.tasks()[tid].name} (bonfire {action.space})"
    if isinstance(action, Council):
        if view.pending and is_tom(view, view.pending[0].who):  # Tom takes no bonus: 1 point
            return f"{default} (Tom gains 1 point)"
        space = next(sp for sp in content.board().council if sp.id == action.space)
        return f"{default} ({council.gain_text(space)})"
    if isinstance(action, Finish) and not is_solo(view):  # the engine's words are solo's: the game ends
        return f"no action is left: finish ({finish_outcome(view)})"
    if isinstance(action, Recruit):
        gnome = content.specialist(action.gnome) or content.elder(action.gnome)
        return f"recruit the {content.gnome_name(action.gnome)} ({gnome.resource})" if gnome else default
    return default
