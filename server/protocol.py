"""Messages between the table host (inside `campfire serve`) and the game processes.

Each message is a tagged msgspec Struct, msgpack-encoded, framed by a 4-byte big-endian
length. Frames over the limit end the connection: a client may send small requests only,
the host may send views. A client never receives a state or a seed: only what its seat (or
the public table, for a spectator) may see, computed by the host.

The socket lives in a folder of mode 0700 and is itself mode 0600; the game process finds
it and its per-session token in its environment (`SOCKET_VARIABLE`, `TOKEN_VARIABLE`).
"""

from __future__ import annotations

import asyncio
import struct
from typing import Any, Literal, Union

import msgspec

from engines.core.protocol import Outcome, Summary

SOCKET_VARIABLE = "CAMPFIRE_TABLES_SOCKET"
TOKEN_VARIABLE = "CAMPFIRE_TABLES_TOKEN"

#: Letters of a private table's invite code. 24**6 is about 191 million codes: with the
#: host's wrong-code budget a script guessing one table's code would need centuries
#: (4 letters and no budget took about an hour).
INVITE_LENGTH = 6
#: The host's refusal of a table asking for two seats of one player; the new table dialog
#: says it before sending.
ONE_SEAT_EACH = "You can take only one seat at a table."

#: Seconds the rest of a frame may take once its first byte has arrived.
FRAME_TIMEOUT = 10.0
#: Connections one session's token may hold at once (the game uses one).
MAX_CONNECTIONS_PER_TOKEN = 4

#: A client's request is a few words; anything larger is abuse.
MAX_REQUEST_BYTES = 16 * 1024
#: A view of the largest board, with its log, fits well inside this.
MAX_UPDATE_BYTES = 2 * 1024 * 1024
#: Chat lines are cut to this many characters after control characters are dropped.
MAX_CHAT_CHARACTERS = 200
#: Chat lines the host keeps of each table for whoever starts to follow it, and the lobby
#: keeps of a followed table whose screen is closed.
CHAT_LINES_KEPT = 50

_LENGTH = struct.Struct(">I")


class ProtocolError(Exception):
    """The peer broke the protocol (oversized or undecodable frame); the link is closed."""


# -- client to host -------------------------------------------------------------------------
class SeatRequest(msgspec.Struct, frozen=True):
    """A seat of a new table: `open` for a human to join, `me` for the creator, or a bot."""

    kind: Literal["open", "me", "bot"] = "open"
    level: str = ""


class Hello(msgspec.Struct, tag=True, frozen=True):
    token: str


class ListTables(msgspec.Struct, tag=True, frozen=True):
    pass


class CreateTable(msgspec.Struct, tag=True, frozen=True):
    game: str
    seats: list[SeatRequest]
    options: dict[str, Any] = {}
    public: bool = True


class Join(msgspec.Struct, tag=True, frozen=True):
    """Take a free seat (any when `seat` is None), or come back to your own seat. By the
    invite code alone, at a table with every seat taken: watch it."""

    table: str
    seat: int | None = None
    invite: str = ""


class Watch(msgspec.Struct, tag=True, frozen=True):
    """Follow a table: as your own seat if you sit there, else as a spectator."""

    table: str
    invite: str = ""


class Leave(msgspec.Struct, tag=True, frozen=True):
    table: str


class Act(msgspec.Struct, tag=True, frozen=True):
    """An action in its text form, chosen on the view of `version`."""

    table: str
    version: int
    action: str


class Probe(msgspec.Struct, tag=True, frozen=True):
    """Would `action` (its text form) be refused on the view of `version`? Answered with
    a ProbeAnswer; nothing is applied. Counted against the same budget as Act."""

    table: str
    version: int
    action: str


class Chat(msgspec.Struct, tag=True, frozen=True):
    table: str
    text: str


class VoteBot(msgspec.Struct, tag=True, frozen=True):
    """Vote to let a bot play the seat of a player away longer than the table's limit."""

    table: str
    seat: int


class Close(msgspec.Struct, tag=True, frozen=True):
    """End a table before its game is over: only the player who started it may. The table
    stays listed among the finished ones, and exportable."""

    table: str


Request = Union[Hello, ListTables, CreateTable, Join, Watch, Leave, Act, Probe, Chat, VoteBot, Close]


# -- host to client -------------------------------------------------------------------------
class Welcome(msgspec.Struct, tag=True, frozen=True):
    name: str


class SeatInfo(msgspec.Struct, frozen=True):
    name: str
    kind: Literal["open", "human", "bot"]
    level: str = ""
    yours: bool = False
    #: Whole seconds the seat's player has been away (no connection following the table);
    #: None while they are here.
    away: int | None = None
    #: A bot plays for a player who was away; they take the seat back by joining.
    standing_in: bool = False


class TableInfo(msgspec.Struct, frozen=True):
    id: str
    game: str
    title: str
    seats: list[SeatInfo]
    public: bool
    version: int
    status: str
    over: bool = False  # finished: the game ended, or the table was closed
    your_turn: bool = False
    invite: str = ""  # shown to the table's members only
    closed: bool = False  # ended by its host or the server's operator before the game did
    hosted: bool = False  # the asker started this table (and so may close it)


class Tables(msgspec.Struct, tag=True, frozen=True):
    tables: list[TableInfo]


class LegalAction(msgspec.Struct, frozen=True):
    text: str  # the form sent back in Act
    label: str  # how the action list shows it


class Update(msgspec.Struct, tag=True, frozen=True):
    """One table as one viewer may see it. `view` is the engine's view, msgpack-encoded.

    `log` holds the log's lines from index `log_from` on: a client keeps its lines before
    that index and replaces the rest (an undo rewrites the end; 0 sends the whole log)."""

    table: str
    game: str
    version: int
    seat: int | None
    view: bytes
    summary: Summary
    legal: list[LegalAction]
    actors: list[int]
    log_from: int
    log: list[str]
    seats: list[SeatInfo]
    over: bool = False
    outcome: Outcome | None = None
    #: The `legal` actions themselves, msgpack-encoded in the same order, so a client's game
    #: screen works with the engine's own actions (a board finds its placements among them)
    #: exactly as at a local table.
    actions: bytes = b""
    #: The seat whose bot is thinking now (a search, run off the host's event loop): the
    #: status line says so until the next Update.
    thinking: int | None = None


class Done(msgspec.Struct, tag=True, frozen=True):
    """The request was carried out; `table` names a table it created or joined."""

    table: str = ""
    seat: int | None = None


class Refused(msgspec.Struct, tag=True, frozen=True):
    reason: str
    table: str = ""


class Stale(msgspec.Struct, tag=True, frozen=True):
    """The action was chosen on an older version; a fresh Update follows."""

    table: str
    version: int


class ProbeAnswer(msgspec.Struct, tag=True, frozen=True):
    """The engine's own sentence refusing the probed action, None when it would be applied."""

    table: str
    version: int
    action: str
    reason: str | None = None


class ChatLine(msgspec.Struct, tag=True, frozen=True):
    table: str
    name: str
    text: str
    spectator: bool = False


class EarlierChat(msgspec.Struct, tag=True, frozen=True):
    """The table's recent chat, sent to a connection as it starts to follow the table (before
    the table's first Update): the lines its side of the table heard (players never get the
    spectators'), each with how many of the game's log lines came before it, and how many
    earlier ones the host did not keep."""

    table: str
    said: list[tuple[int, ChatLine]]
    dropped: int = 0


Reply = Union[Welcome, Tables, Update, Done, Refused, Stale, ProbeAnswer, ChatLine, EarlierChat]

_encoder = msgspec.msgpack.Encoder()
_request_decoder = msgspec.msgpack.Decoder(Request)
_reply_decoder = msgspec.msgpack.Decoder(Reply)


def frame(message: msgspec.Struct) -> bytes:
    body = _encoder.encode(message)
    return _LENGTH.pack(len(body)) + body


async def read_frame(reader: asyncio.StreamReader, limit: int, rest_within: float = FRAME_TIMEOUT) -> bytes | None:
    """The next frame's body, None at a clean end of stream; ProtocolError past `limit`, or
    when the rest of a started frame takes longer than `rest_within` seconds (a half-sent
    frame would otherwise hold the connection open forever)."""
    try:
        first = await reader.readexactly(1)  # waiting for a request is fine; stalling in one is not
    except asyncio.IncompleteReadError:
        return None
    try:
        async with asyncio.timeout(rest_within):
            header = first + await reader.readexactly(_LENGTH.size - 1)
            (length,) = _LENGTH.unpack(header)
            if length > limit:
                raise ProtocolError(f"a frame of {length} bytes is over the limit of {limit}")
            return await reader.readexactly(length)
    except asyncio.IncompleteReadError:
        raise ProtocolError("the stream ended inside a frame") from None
    except TimeoutError:
        raise ProtocolError(f"a frame was not finished within {rest_within:g} s") from None


def decode_request(body: bytes) -> Request:
    try:
        return _request_decoder.decode(body)
    except msgspec.DecodeError as error:
        raise ProtocolError(f"not a request: {error}") from None
    except RecursionError:  # nested arrays or maps thousands deep, inside a small frame
        raise ProtocolError("not a request: nested too deeply") from None


def decode_reply(body: bytes) -> Reply:
    try:
        return _reply_decoder.decode(body)
    except msgspec.DecodeError as error:
        raise ProtocolError(f"not a reply: {error}") from None


def encode_view(view: msgspec.Struct) -> bytes:
    return _encoder.encode(view)


def encode_actions(actions: list[msgspec.Struct]) -> bytes:
    return _encoder.encode(actions)


def clean_chat(text: str) -> str:
    """One line of plain text: control and escape characters dropped, spaces collapsed."""
    printable = "".join(ch if ch.isprintable() else " " for ch in text)
    return " ".join(printable.split())[:MAX_CHAT_CHARACTERS]
