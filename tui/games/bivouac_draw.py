"""Drawing Bivouac as text, in pure functions that tests call without an app.

The camp board is a drawing for the Line-API board: rows of (text, kind) runs. Player
boards, the month strip, the cursor detail and the legend are rich Texts built from plain
strings (names come from players and content, so nothing is read as markup).
"""

from __future__ import annotations

import textwrap
from typing import NamedTuple

import msgspec
from rich.text import Text

from engines.bivouac import content
from engines.bivouac.actions import Buy, Hire, Pay, PlayUpgrade, TakeStaff
from engines.bivouac.card_text import (
    MONTH_SHORT,
    activity_text,
    card_text,
    gift_text,
    misfortune_text,
    month_span,
    upgrade_text,
)
from engines.bivouac.view import BivouacView, PlayerView, SpotView

Run = tuple[str, str]
RESOURCE_LETTER = {"wood": "W", "stone": "S", "rope": "R", "canvas": "C"}
LOCATION_COLUMNS = 2
CHOICE_LABEL = {  # what a returning worker asks, said under the board
    "activity": "Activities: buy one, or skip",
    "amenity": "Amenities: buy one, or skip",
    "hire": "Hiring: hire a worker, or skip",
    "donor": "Donor Level: raise it by 1, or skip to stay",
    "staff": "Hiring: take a staff card, or skip",
    "free-staff": "Donor gift: a free staff card, or skip",
}
NO_DEFAULT_HINT = "keys {keys}, or arrows then {enter}"  # a list that spends has no default
LABEL_WIDTH = 17
COMPACT_COLUMN = 25  # a narrow board's column of locations: occupants by their marks
WIDE_COLUMN = 42  # a wide board's column at least: occupants by mark and whole name
MAX_SLOTS = 2  # spaces at a location (the Bank aside)


class CampShape(NamedTuple):
    """How the camp's locations are laid out: in how many columns, each how wide, and how
    many characters of an occupant's name show beside its mark (0: the mark alone)."""

    columns: int
    width: int
    name_width: int


def camp_shape(names: list[str], compact: bool, room: int | None = None) -> CampShape:
    """Two columns of locations; on a wide board, one column when two would cut a name:
    from 120 columns occupants are named whole (cut only in a board narrower than a name)."""
    if compact:
        return CampShape(LOCATION_COLUMNS, COMPACT_COLUMN, 0)
    longest = max((len(name) for name in names), default=1)
    width = max(WIDE_COLUMN, LABEL_WIDTH + MAX_SLOTS * (longest + 3) + 1)
    if room is None or LOCATION_COLUMNS * width <= room:
        return CampShape(LOCATION_COLUMNS, width, longest)
    if width <= room:
        return CampShape(1, width, longest)
    return CampShape(1, room, max(1, (room - LABEL_WIDTH - 1) // MAX_SLOTS - 3))


class Symbols(msgspec.Struct, frozen=True):
    money: str
    vp: str
    donor: str
    worker: str
    thrill: str
    down: str
    misfortune: str
    yellow: str
    marker: str
    free: str
    closed: str
    cursor: str
    track: str


UNICODE = Symbols(
    money="$",
    vp="★",
    donor="♦",
    worker="☺",
    thrill="▲",
    down="▼",
    misfortune="!",
    yellow="◆",
    marker="●",
    free="·",
    closed="×",
    cursor="▶",
    track="·",
)
ASCII = Symbols(
    money="$",
    vp="*",
    donor="d",
    worker="w",
    thrill="^",
    down="v",
    misfortune="!",
    yellow="o",
    marker="@",
    free=".",
    closed="x",
    cursor=">",
    track=".",
)


def symbols(ascii_glyphs: bool) -> Symbols:
    return ASCII if ascii_glyphs else UNICODE


def spends(action: object, view: BivouacView) -> bool:
    """Whether taking `action` costs the player money or resources, now or in this round's
    wages: a purchase, a paid staff card, a hire (wages +1 from this round), a wage paid with
    a resource, an upgrade played at its cost. Such a choice is never Enter's default."""
    if isinstance(action, (Buy, Hire, Pay)):
        return True
    if isinstance(action, TakeStaff):
        return content.staff()[action.card].cost > 0
    if isinstance(action, PlayUpgrade):
        gift = view.actor >= 0 and view.players[view.actor].free_upgrades > 0
        paid = view.phase == "wages" and view.upgrade_cost == "pay" and not gift
        return paid and bool(content.upgrades()[action.card].cost)
    return False


def cursor_items(view: BivouacView, seat: int | None) -> list[str]:
    """What the cursor moves over: every board location, then the viewer's activities."""
    items = [s.location for s in view.spots]
    if seat is not None:
        items += [a.card for a in view.players[seat].activities]
    return items


def month_strip(view: BivouacView, sym: Symbols) -> Text:
    text = Text()
    for number, short in enumerate(MONTH_SHORT, start=1):
        if number == view.month:  # marked by a cursor and capitals, not by colour alone
            text.append(f"{sym.cursor}{short.upper()}", "bold reverse")
        else:
            text.append(f" {short}", "dim")
    text.append(f"  {view.season}, round {view.round}/13")
    return text


def occupant(names: list[str], seat: int, marks: str, name_width: int) -> str:
    """A player's mark, and on a wide board their name (a narrow board shows the mark alone:
    the legend and the boards name them)."""
    mark = marks[seat % len(marks)]
    return mark + names[seat][:name_width] if name_width else mark


def camp_drawing(
    view: BivouacView,
    names: list[str],
    items: list[str],
    cursor: int,
    sym: Symbols,
    marks: str,
    compact: bool,
    prompt: str = "",
    room: int | None = None,
) -> list[list[Run]]:
    """Locations in two columns with their spaces, then the viewer's own cards, and the
    choice a returning worker waits for (`prompt`) where the eye already is. No row is wider
    than `room` columns (the board's width, when known): a board a little narrower than the
    two columns (120-127 columns wide) wraps its text rows there instead of cutting them."""
    shape = camp_shape(names, compact, room)
    limit = _text_width(shape, room)
    cursor_item = items[cursor] if 0 <= cursor < len(items) else ""
    rows = [
        _location_row(view, names, r, cursor_item, sym, marks, shape, limit) for r in range(location_rows(view, shape))
    ]
    supply = "  ".join(f"{RESOURCE_LETTER[k]}{n}" for k, n in zip(view.resources, view.supply))
    rows.append(
        [
            (
                f"Supply {supply}  misfortunes {view.misfortunes_left}  gifts "
                + "/".join(str(n) for n in view.gift_piles),
                "label",
            )
        ]
    )
    rows += _card_rows(view, cursor_item, sym, compact, limit)
    for line in textwrap.wrap(f"{sym.cursor} {prompt}", limit) if prompt else ():
        rows.append([(line, "cursor")])
    return rows


def cursor_step_rows(
    view: BivouacView,
    names: list[str],
    items: list[str],
    was: int,
    now: int,
    sym: Symbols,
    marks: str,
    compact: bool,
    room: int | None = None,
) -> dict[int, list[Run]]:
    """The rows of the camp drawing that moving the cursor from item `was` to item `now`
    changes, drawn with the cursor at `now` (by number): a step draws these, not the board."""
    shape = camp_shape(names, compact, room)
    per_column = location_rows(view, shape)
    limit = _text_width(shape, room)
    cursor_item = items[now] if 0 <= now < len(items) else ""
    rows: dict[int, list[Run]] = {}
    for item in {was, now}:
        if not 0 <= item < len(items):
            continue
        if item < len(view.spots):
            r = item % per_column
            rows[r] = _location_row(view, names, r, cursor_item, sym, marks, shape, limit)
        else:  # one of the viewer's cards, under the locations and the supply line
            cards = _card_rows(view, cursor_item, sym, compact, limit)
            rows.update(enumerate(cards, start=per_column + 1))
    return rows


def _text_width(shape: CampShape, room: int | None) -> int:
    """How wide the camp's rows may be: its columns, or the board's room if less."""
    width = shape.columns * shape.width
    return width if room is None else max(1, min(width, room))


def location_rows(view: BivouacView, shape: CampShape) -> int:
    """Locations in each column."""
    return (len(view.spots) + shape.columns - 1) // shape.columns


def _location_row(
    view: BivouacView,
    names: list[str],
    r: int,
    cursor_item: str,
    sym: Symbols,
    marks: str,
    shape: CampShape,
    limit: int,
) -> list[Run]:
    per_column = location_rows(view, shape)
    width = min(shape.width, limit // shape.columns)  # narrower columns in less room
    row: list[Run] = []
    for c in range(shape.columns):
        index = r + c * per_column
        if index < len(view.spots):
            row += _spot_runs(view.spots[index], names, cursor_item, sym, width, marks, shape.name_width)
    # The last column's padding stops at the board's edge (its spaces would not fit).
    over = sum(len(text) for text, _ in row) - limit
    if over > 0 and row and not row[-1][0].strip():
        row[-1] = (" " * max(1, len(row[-1][0]) - over), row[-1][1])
    return row


def _card_rows(view: BivouacView, cursor_item: str, sym: Symbols, compact: bool, limit: int) -> list[list[Run]]:
    """The viewer's cards, wrapped at `limit` columns: many cards must not push the board
    past the screen."""
    if view.viewer is None:
        return []
    rows: list[list[Run]] = []
    row: list[Run] = [("Your cards: ", "label")]
    used = len(row[0][0])
    for act in view.players[view.viewer].activities:
        mark = sym.cursor if act.card == cursor_item else " "
        state = f"{act.workers_on}/{act.workers_needed}" if act.usable else sym.down
        kind = "cursor" if act.card == cursor_item else ("card" if act.usable else "down")
        text = f"{mark}{act.name} {state} "
        if used + len(text) > limit and len(row) > 1:
            rows.append(row)
            row, used = [("            ", "label")], 12
        row.append((text, kind))
        used += len(text)
    rows.append(row)
    return rows


def _spot_runs(
    spot: SpotView, names: list[str], cursor_item: str, sym: Symbols, width: int, marks: str, name_width: int
) -> list[Run]:
    mark = sym.cursor if spot.location == cursor_item else " "
    label = f"{mark}{spot.name}"
    runs: list[Run] = [(label.ljust(LABEL_WIDTH), "cursor" if spot.location == cursor_item else "place")]
    used = LABEL_WIDTH
    if spot.slots == 0:  # the Bank: no limit of spaces; names only while they fit the column
        named = ",".join(occupant(names, s, marks, name_width) for s in spot.occupants)
        marked = "".join(occupant(names, s, marks, 0) for s in spot.occupants)
        who = (named if name_width and LABEL_WIDTH + len(named) + 3 <= width else marked) or sym.free
        text = f"[{who}]"
        runs.append((text, "taken" if spot.occupants else "free"))
        used += len(text)
    else:
        loc = content.locations()[spot.location]
        for k in range(loc.slots):
            if k < len(spot.occupants):
                who = occupant(names, spot.occupants[k], marks, name_width)
                runs.append((f"[{who}]", "taken"))
                used += len(who) + 2
            elif k < spot.slots:
                runs.append((f"[{sym.free}]", "free"))
                used += 3
            else:  # a second rectangle closed in a two-player game
                runs.append((f"[{sym.closed}]", "closed"))
                used += 3
    runs.append((" " * max(1, width - used), ""))
    return runs


def next_yellow(vp: int) -> int:
    return (vp // 10 + 1) * 10


def vp_track(pv: PlayerView, sym: Symbols) -> str:
    """The 50-space track, two spaces per character: yellow spaces and the marker. Space 0
    is also 50 (and 100): a yellow space, as every tenth is."""
    cells = []
    for space in range(0, 50, 2):
        if space <= pv.track_space < space + 2:
            cells.append(sym.marker)
        elif space % 10 == 0:  # 0 stands for 50 and 100 too, yellow spaces
            cells.append(sym.yellow)
        else:
            cells.append(sym.track)
    return "".join(cells)


def player_board(
    view: BivouacView, seat: int, names: list[str], sym: Symbols, marks: str, hand_open: bool = True
) -> Text:
    """A player's board. The viewer's own upgrade hand is listed when `hand_open` (a
    hot-seat screen keeps it closed until its owner asks or must choose an upgrade)."""
    pv = view.players[seat]
    text = Text()
    text.append(f"{marks[seat % len(marks)]} ")
    tags = []
    if seat == view.actor and view.phase != "over":
        tags.append("acting")
    if seat == view.start:
        tags.append("starts")
    if seat == view.next_start:
        tags.append("starts next")
    text.append(names[seat], "bold")
    if tags:
        text.append(" (" + ", ".join(tags) + ")")
    text.append("\n")
    fifty = f" {pv.laps * 50}+" if pv.laps else ""
    text.append(f"{sym.vp}{pv.vp} VP{fifty}, next {sym.yellow} at {next_yellow(pv.vp)}\n")
    text.append(f"{vp_track(pv, sym)}\n", "dim")
    text.append(f"{sym.money}{pv.money}  {sym.donor}donor {pv.donor}  wages {pv.wages}\n")
    res = " ".join(f"{RESOURCE_LETTER[k]}{n}" for k, n in zip(view.resources, pv.resources))
    coins = " ".join(f"{RESOURCE_LETTER[k]}{n}" for k, n in zip(view.resources, pv.coins_for) if n)
    text.append(f"Resources {res}" + (f" (coins stand in for {coins})" if coins else "") + "\n")
    sick = f", {pv.sick} sick" if pv.sick else ""
    text.append(f"{sym.worker}{pv.workers} workers ({pv.placed} out{sick})\n")
    for act in pv.activities:
        flags = (sym.thrill if act.thrill else "") + ("" if act.usable else sym.down)
        up = f" +{act.upgrade_name}" if act.upgrade_name else ""
        need = f"{sym.worker}{act.workers_needed}"
        line = (
            f" {flags or ' '}{act.name}{up}: {need} {sym.money}{act.money} {sym.vp}{act.vp}"
            f" {month_span(act.months)}, bonus {MONTH_SHORT[act.bonus_month - 1]}"
        )
        text.append(line + "\n", "" if act.usable else "dim")
    text.append("Amenities:\n", "bold")
    for amenity in pv.amenities:
        text.append(f" {content.name(amenity)}: {content.amenities()[amenity].text}\n")
    for amenity in pv.fresh_amenities:
        text.append(
            f" {content.name(amenity)}{sym.down} (from next round): {content.amenities()[amenity].text}\n", "dim"
        )
    if pv.gifts:
        text.append("Donor gifts:\n", "bold")
        for gift in pv.gifts:
            text.append(f" {content.name(gift)}: {gift_text(gift)}\n")
        if pv.free_upgrades:
            text.append(
                f" A free upgrade waits for phase 3 (Program Grant{' x' + str(pv.free_upgrades) if pv.free_upgrades > 1 else ''}).\n"
            )
    for m in pv.misfortunes:
        when = f"acting, to the end of round {m.until_round}" if m.acting else f"acts in round {m.until_round}"
        text.append(f"{sym.misfortune} {m.name} ({when}): {misfortune_text(m.card)}\n", "bold")
    if view.expansion:
        text.append("Staff:" + ("" if pv.staff else " -") + "\n", "bold")
        for staff in pv.staff:
            text.append(f" {content.name(staff)}: {content.staff()[staff].text}\n")
        if pv.upgrade_hand is not None and not hand_open:
            text.append(f"Upgrades in hand: {len(pv.upgrade_hand)} (c shows them)\n")
        elif pv.upgrade_hand is not None:
            text.append("Upgrades in hand:" + ("" if pv.upgrade_hand else " -") + "\n", "bold")
            for card in pv.upgrade_hand:
                text.append(f" {content.name(card)}: {upgrade_text(card, view.upgrade_cost)}\n")
        else:
            text.append(f"Upgrades in hand: {pv.upgrades_in_hand} (hidden)\n")
    text.rstrip()
    return text


def detail(view: BivouacView, item: str, problem: str | None) -> Text:
    """What the location or card under the cursor does, and why it cannot be used now."""
    text = Text()
    if not item:
        return text
    if item in content.locations():
        loc = content.locations()[item]
        text.append(f"{loc.name}: ", "bold")
        text.append(loc.text)
        if item in ("activities", "amenities"):
            cards = content.activities() if item == "activities" else content.amenities()
            offer = [(c, n) for c, n in view.market if c in cards and n]
            text.append("\nFor sale:" + ("" if offer else " nothing"))
            for card_id, left in offer:
                text.append(f"\n {cards[card_id].name}", "bold")
                text.append(f" ({left} left): {card_text(card_id)}")
        if item == "hiring" and view.expansion:
            text.append("\nStaff shown:")
            for shown in view.staff_shown:
                staff = content.staff()[shown]
                text.append(f"\n {staff.name}", "bold")
                text.append(f", {f'{staff.cost} money' if staff.cost else 'free'}: {staff.text}")
    else:
        card = content.activities()[item]
        text.append(f"{card.name}: ", "bold")
        text.append(activity_text(item))
        owned = (
            next((a for a in view.players[view.viewer].activities if a.card == item), None)
            if view.viewer is not None
            else None
        )
        if owned is not None and owned.upgrade:
            text.append(
                f"\nUpgraded with {owned.upgrade_name}: {upgrade_text(owned.upgrade, 'free').partition(';')[0]}."
            )
    if problem:
        text.append(f"\n{problem}", "bold")
    return text


def legend(sym: Symbols, names: list[str], marks: str) -> Text:
    players = "  ".join(f"{marks[n % len(marks)]} {name}" for n, name in enumerate(names))
    return Text(
        f"{players}  {sym.money} money  {sym.vp} VP  {sym.donor} donor level  {sym.worker} workers  {sym.thrill} thrill  "
        f"{sym.down} face down / out of season  {sym.misfortune} misfortune in effect  {sym.yellow} yellow VP space  "
        f"{sym.marker} VP marker  [{sym.free}] free space  [{sym.closed}] closed (2 players)  "
        f"{sym.cursor} cursor, or a choice to make  1/2 workers on a card / needed  "
        "W wood S stone R rope C canvas",
        "dim",
    )
