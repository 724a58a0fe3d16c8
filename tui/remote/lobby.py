"""The lobby of `campfire serve`: the server's tables, and the ways to sit down at one.

It holds this process's one connection to the table host. Everything the host sends comes
here first; replies about a table whose screen is open go on to that screen.
"""

from __future__ import annotations

import time
from collections import deque
from typing import Any

import msgspec
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal
from textual.message import Message
from textual.screen import Screen
from textual.widgets import Footer, OptionList, Static
from textual.widgets.option_list import Option

from engines.core.levels import level_name
from engines.registry import GAMES, load_engine
from server.client import TableClient
from server.protocol import (
    CHAT_LINES_KEPT,
    ChatLine,
    Close,
    CreateTable,
    Done,
    EarlierChat,
    Join,
    Leave,
    ListTables,
    Refused,
    TableInfo,
    Tables,
    Update,
    Watch,
)
from tui.key_hints import with_keys
from tui.remote.match import RemoteMatch
from tui.remote.screen import RemoteScreen, chat_text, remote_screen_class
from tui.widgets.table import name_seats
from tui.widgets.title_bar import TitleBar

#: Waiting for the next full Update of a table being created (its id is not known yet).
NEW_TABLE = "*"
#: Chat kept for a followed table whose screen is closed, shown when it opens again.
MISSED_CHAT_LINES = CHAT_LINES_KEPT
#: Seconds a table still opening holds the keys that open tables: its answer may be slow to
#: come from a loaded host, and a key pressed again must not send a second request; past
#: this, the answer counts as lost and a key opens a table again.
OPENING_PATIENCE = 30.0


class RemoteReply(Message):
    def __init__(self, reply: Any) -> None:
        super().__init__()
        self.reply = reply


def table_line(info: TableInfo, missed: int = 0) -> Text:
    """One table in the list: game, who sits where, a mark when it is your move, and how
    many chat lines came while its screen was closed."""
    seats = ", ".join("(free)" if s.kind == "open" else f"{s.name} (you)" if s.yours else s.name for s in info.seats)
    mark = "> your turn  " if info.your_turn else "  "
    state = "closed" if info.closed else "over" if info.over else "private" if not info.public else ""
    said = f"  ({missed} new in chat)" if missed else ""
    return Text(f"{mark}{info.title}: {seats}" + (f"  [{state}]" if state else "") + said)


def table_details(info: TableInfo) -> Text:
    lines = [info.title, ""]
    for number, seat in enumerate(info.seats, start=1):
        who = (
            "free seat"
            if seat.kind == "open"
            else f"{seat.name} ({level_name(seat.level)} bot)"
            if seat.kind == "bot"
            else seat.name
        )
        lines.append(f"Seat {number}: {who}{'  <- you' if seat.yours else ''}")
    # Engines name seats "Player N"; the lobby names them as the table does.
    lines += ["", name_seats(info.status, [seat.name for seat in info.seats])]
    if info.invite:
        lines += ["", f"Invite code: {info.invite}"]
    return Text("\n".join(lines))


class LobbyScreen(Screen[None]):
    BINDINGS = [
        Binding("enter", "sit", "Play", id="lobby.play"),
        Binding("w", "watch", "Watch", id="lobby.watch"),
        Binding("n", "new_table", "New table", id="lobby.new"),
        Binding("j", "join_code", "Join by code", id="lobby.code"),
        Binding("x", "leave", "Leave", id="lobby.leave"),
        Binding("c", "close_table", "Close table", id="lobby.close"),
        Binding("escape", "back", "Back", id="lobby.back"),
    ]

    def __init__(self) -> None:
        super().__init__()
        self.client: TableClient | None = None
        self.tables: list[TableInfo] = []
        self.screens: dict[str, RemoteScreen] = {}
        #: The table whose first Update opens its screen: an id, or NEW_TABLE for one being
        #: created or joined by code (its id not known yet).
        self._opening: str | None = None
        self._opening_since = 0.0
        #: The tables this connection had Updates for when it asked for a new one: theirs
        #: (a friend sitting down, a bot thinking) start from an empty log too.
        self._known_before: frozenset[str] = frozenset()
        #: Chat (a friend's words, a player back) for followed tables whose screen is closed,
        #: each with how many game lines the table had then (None: no Update of it yet).
        self._missed: dict[str, deque[tuple[int | None, ChatLine]]] = {}
        #: How many lines were said there in all: the list counts them all, the log says how
        #: many of the first were not kept.
        self._missed_said: dict[str, int] = {}
        #: The host's recent chat of each table this connection started to follow, until its
        #: screen opens: what was said before (on another connection, or before a Leave).
        self._earlier: dict[str, EarlierChat] = {}
        #: The last screen's match of each followed table: a screen opened again shows the
        #: chat its last one had (each opening builds a new screen).
        self._last_match: dict[str, RemoteMatch] = {}
        #: How many game lines each followed table has, from its Updates: where missed chat goes.
        self._log_lengths: dict[str, int] = {}
        #: Tables left whose Done has not come back: chat sent before the host heard the
        #: Leave is for a table no longer followed.
        self._leaving: set[str] = set()

    def compose(self) -> ComposeResult:
        yield TitleBar(icon="*")
        with Horizontal(id="lobby-body"):
            yield OptionList(id="table-list")
            yield Static("Connecting to the tables...", id="table-details", markup=False)
        # Between the key that opens a table and its screen: "Opening <table>…".
        yield Static("", id="lobby-note", markup=False)
        yield Footer()

    async def on_mount(self) -> None:
        self.query_one("#table-list").focus()
        try:
            self.client = await TableClient.connect()
        except (OSError, ConnectionError, TimeoutError) as error:
            self.query_one("#table-details", Static).update(f"The tables cannot be reached: {error}")
            return

        def hand_on(reply: Any) -> None:
            self.post_message(RemoteReply(reply))

        self.client.on_message = hand_on
        self.client.send(ListTables())
        self.refresh_bindings()

    def on_screen_resume(self) -> None:
        """Back from a table's screen: the host pushes the list only when tables or seats
        change, so the lines and details of the tables played meanwhile are asked for again."""
        if self.client is not None:
            self.client.send(ListTables())

    async def on_unmount(self) -> None:
        if self.client is not None:
            await self.client.close()

    # -- the list -----------------------------------------------------------------------------
    @property
    def selected(self) -> TableInfo | None:
        listing = self.query_one("#table-list", OptionList)
        index = listing.highlighted
        if index is None or index >= listing.option_count:
            return None
        table_id = listing.get_option_at_index(index).id
        return next((t for t in self.tables if t.id == table_id), None)

    def _show_tables(self) -> None:
        """Live tables first, then the finished ones (over or closed) in their own group:
        they are there to be looked at again, and count toward nobody's cap."""
        listing = self.query_one("#table-list", OptionList)
        keep = listing.highlighted
        live = [t for t in self.tables if not t.over]
        finished = [t for t in self.tables if t.over]
        self.tables = live + finished
        listing.clear_options()
        if live and finished:
            listing.add_option(Option(Text("Live tables", style="bold"), disabled=True))
        listing.add_options(Option(table_line(t, self._missed_count(t.id)), id=t.id) for t in live)
        if finished:
            listing.add_option(Option(Text("Finished tables", style="bold"), disabled=True))
            listing.add_options(Option(table_line(t, self._missed_count(t.id)), id=t.id) for t in finished)
        if self.tables:
            wanted = min(keep or 0, listing.option_count - 1)
            while listing.get_option_at_index(wanted).disabled and wanted + 1 < listing.option_count:
                wanted += 1
            listing.highlighted = wanted
        self._show_details()
        self.refresh_bindings()

    def _missed_count(self, table_id: str) -> int:
        return self._missed_said.get(table_id, 0)

    def _forget_missed(self, table_id: str) -> tuple[tuple[int | None, ChatLine], ...]:
        """The chat kept for `table_id`'s closed screen (now no longer kept), led by a line
        saying how many earlier ones were dropped when more came than are kept."""
        kept = tuple(self._missed.pop(table_id, ()))
        dropped = self._missed_said.pop(table_id, 0) - len(kept)
        if dropped <= 0:
            return kept
        lines = "line" if dropped == 1 else "lines"
        note = ChatLine(table_id, "", f"{dropped} earlier chat {lines} came while this table was closed (not kept)")
        return ((kept[0][0], note), *kept)

    def _show_details(self) -> None:
        info = self.selected
        text = (
            table_details(info)
            if info
            else Text(
                with_keys(
                    self,
                    "No table yet. {lobby.new}: start one (seats open for friends, or bots); {lobby.code}: join one by its code.",
                )
            )
        )
        self.query_one("#table-details", Static).update(text)

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        self._show_details()
        self.refresh_bindings()  # Close shows only on a live table the player started

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.action_sit()

    def _your_turn(self, update: Update) -> None:
        """Mark a followed table from its pushed update (the host sends the list again
        for tables, seats, ends of games, and turns at tables the player does not follow)."""
        for number, info in enumerate(self.tables):
            if info.id == update.table:
                yours = update.seat is not None and update.seat in update.actors
                if yours != info.your_turn:
                    self.tables[number] = TableInfo(**{**_fields(info), "your_turn": yours, "version": update.version})
                    self._show_tables()

    # -- from the host ------------------------------------------------------------------------
    def on_remote_reply(self, message: RemoteReply) -> None:
        reply = message.reply
        table_id = getattr(reply, "table", "")
        if isinstance(reply, Tables):
            self.tables = reply.tables
            self._show_tables()
            return
        if isinstance(reply, Update):
            self._log_lengths[reply.table] = reply.log_from + len(reply.log)
            self._your_turn(reply)
            if self._opens(reply):
                self._opened()
                self._open(reply)
                return
        if isinstance(reply, EarlierChat):
            # This connection starts to follow the table: the host's lines stand for any kept here.
            self._earlier[reply.table] = reply
            self._last_match.pop(reply.table, None)
            self._missed.pop(reply.table, None)
            self._missed_said.pop(reply.table, None)
            return
        if isinstance(reply, Done) and self._opening == NEW_TABLE and reply.table in self._known_before:
            # Joined by code at a table already watched: the host names it before its Update.
            self._opening = reply.table
        if isinstance(reply, (Done, Refused)) and table_id in self._leaving:
            self._leaving.discard(table_id)
            self._log_lengths.pop(table_id, None)  # no longer sent: a new Watch starts again
        screen = self._screen_of(table_id)
        if screen is not None and not isinstance(reply, Done):
            screen.receive(reply)
        elif isinstance(reply, ChatLine) and table_id not in self._leaving:
            missed = self._missed.setdefault(table_id, deque(maxlen=MISSED_CHAT_LINES))
            missed.append((self._log_lengths.get(table_id), reply))
            self._missed_said[table_id] = self._missed_said.get(table_id, 0) + 1
            self._show_tables()
        elif isinstance(reply, Refused):
            self._opened()
            self.notify(reply.reason, severity="warning", markup=False)  # the host's words, as said

    def _ask_to_open(self, request: msgspec.Struct, table: str = NEW_TABLE, what: str = "") -> None:
        """Send `request`, whose answer opens `table`'s screen (NEW_TABLE: the table it
        creates or joins, not yet known), and say so until it opens or is refused."""
        assert self.client is not None
        if self._still_opening():
            return  # the key again, or another, before the host answered: one request at a time
        self._opening = table
        self._opening_since = time.monotonic()
        self._known_before = frozenset(self.client.updates)
        self.client.send(request)
        self.query_one("#lobby-note", Static).update(f"Opening {what or _new_table(request)}…")

    def _still_opening(self) -> bool:
        return self._opening is not None and time.monotonic() - self._opening_since < OPENING_PATIENCE

    def _opened(self) -> None:
        """The table being opened opened, or the host refused it: the note goes."""
        self._opening = None
        self.query_one("#lobby-note", Static).update("")

    def _opens(self, update: Update) -> bool:
        """Whether `update` is the first of the table being opened (its whole log)."""
        if update.log_from != 0 or self._screen_of(update.table) is not None:
            return False
        if self._opening == NEW_TABLE:
            return update.table not in self._known_before
        return self._opening == update.table

    def _screen_of(self, table_id: str) -> RemoteScreen | None:
        """The table's open screen. One already dismissed counts as closed, though the
        callback that forgets it runs only after the lobby's next message."""
        screen = self.screens.get(table_id)
        if screen is not None and screen not in self.app.screen_stack:
            del self.screens[table_id]
            return None
        return screen

    def _open(self, update: Update) -> None:
        assert self.client is not None
        match = RemoteMatch(load_engine(update.game), self.client, update)
        earlier = self._earlier.pop(update.table, None)
        for said_at, said in _with_note(earlier) if earlier is not None else ():
            match.add_chat(chat_text(said), said_at)
        last = self._last_match.get(update.table)
        for seen_at, seen in last.chats if last is not None else ():
            match.add_chat(seen, seen_at)
        self._last_match[update.table] = match
        missed = self._forget_missed(update.table)
        for at, line in missed:  # where they were said among the game's lines
            match.add_chat(chat_text(line), at)
        screen = remote_screen_class(update.game)(match)
        self.screens[update.table] = screen

        def closed(_: object) -> None:
            if self.screens.get(update.table) is screen:  # not a newer screen of the table
                del self.screens[update.table]
            self.query_one("#table-list").focus()

        self.app.push_screen(screen, closed)
        if missed:
            self._show_tables()

    # -- keys ---------------------------------------------------------------------------------
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ("sit", "watch", "leave"):
            return self.client is not None and self.selected is not None
        if action == "close_table":
            info = self.selected
            return self.client is not None and info is not None and info.hosted and not info.over
        if action in ("new_table", "join_code"):
            return self.client is not None
        return True

    def action_sit(self) -> None:
        info = self.selected
        if self.client is None or info is None:
            return
        mine = any(s.yours for s in info.seats)
        if info.over or (not mine and not any(s.kind == "open" for s in info.seats)):
            self.action_watch()
            return
        self._ask_to_open(Join(table=info.id), info.id, info.title)

    def action_watch(self) -> None:
        info = self.selected
        if self.client is None or info is None:
            return
        self._ask_to_open(Watch(table=info.id), info.id, info.title)

    def action_leave(self) -> None:
        info = self.selected
        if self.client is not None and info is not None:
            self.client.send(Leave(table=info.id))
            self._leaving.add(info.id)
            self._forget_missed(info.id)
            self._last_match.pop(info.id, None)
            self._earlier.pop(info.id, None)
            self._show_tables()
            self.notify(f"You no longer follow {info.title}; your seat stays yours.")

    def action_close_table(self) -> None:
        """The host ends their table (after a yes): players are told, and it moves to the
        finished tables. The server refuses anyone else with a sentence."""
        info = self.selected
        if self.client is None or info is None:
            return
        from tui.screens.question import QuestionScreen

        def answered(yes: bool | None) -> None:
            if yes and self.client is not None:
                self.client.send(Close(table=info.id))

        self.app.push_screen(
            QuestionScreen(
                f"Close this {info.title} table? Nobody plays on; it stays among the finished tables.",
                enter_says_yes=False,
            ),
            answered,
        )

    def action_new_table(self) -> None:
        from tui.remote.create import CreateTableScreen

        if self._still_opening():
            return

        def create(request: CreateTable | None) -> None:
            if request is not None and self.client is not None:
                self._ask_to_open(request)

        self.app.push_screen(CreateTableScreen(self.client.name if self.client else ""), create)

    def action_join_code(self) -> None:
        from tui.remote.create import InviteCodeScreen

        if self._still_opening():
            return

        def join(code: str | None) -> None:
            if code and self.client is not None:
                self._ask_to_open(Join(table="", invite=code))

        self.app.push_screen(InviteCodeScreen(), join)

    def action_back(self) -> None:
        self.dismiss(None)


def _new_table(request: msgspec.Struct) -> str:
    """A table asked for that the lobby does not list (yet), as its note names it."""
    if isinstance(request, CreateTable):
        title = next((g.title for g in GAMES if g.id == request.game), "")
        return f"a new {title} table"
    code = getattr(request, "invite", "")
    return f"the table of code {code}" if code else "the table"


def _with_note(earlier: EarlierChat) -> tuple[tuple[int, ChatLine], ...]:
    """The host's recent chat of a table, led by a line saying how many earlier ones it did
    not keep, when it did not keep them all."""
    if not earlier.dropped:
        return tuple(earlier.said)
    lines = "line was" if earlier.dropped == 1 else "lines were"
    note = ChatLine(earlier.table, "", f"{earlier.dropped} earlier chat {lines} not kept")
    return ((earlier.said[0][0] if earlier.said else 0, note), *earlier.said)


def _fields(info: TableInfo) -> dict[str, Any]:
    return {name: getattr(info, name) for name in info.__struct_fields__}
