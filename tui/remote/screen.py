"""The game screen for a table on the server: the game's own screen, driven by a RemoteMatch.

Nothing is decided here: a chosen action is sent with the version it was chosen on, and
the screen redraws when the server pushes the next Update. Bots act on the server, undo and
the hot-seat curtain do not apply (each player sees only their own seat), and the game is
saved by the server after every action.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import ModalScreen
from textual.widgets import Input

from server.protocol import MAX_CHAT_CHARACTERS, Chat, ChatLine, ProbeAnswer, Refused, Stale, Update, VoteBot
from tui.key_hints import fixed_key
from tui.remote.match import RemoteMatch
from tui.screens.game import GameScreen


REMOTE_BINDINGS: list[Binding | tuple[str, str] | tuple[str, str, str]] = [
    Binding("apostrophe", "chat", "Say", id="remote.chat"),
    Binding("v", "vote_bot", "Bot for absent", id="remote.vote_bot"),
]

if TYPE_CHECKING:
    # What the mixin is always mixed into, so its calls to the screen are checked.
    _MixedInto = GameScreen
else:
    _MixedInto = object


class RemoteScreen(_MixedInto):
    """Mixed in before a game screen class (the shared frame or a game's own screen)."""

    def __init__(self, match: RemoteMatch) -> None:
        super().__init__(match, None)
        self.remote: RemoteMatch = match
        #: Replies that came before the screen had its widgets, in the order they came.
        self._held: list[Any] = []

    async def on_mount(self) -> None:
        # Textual also runs the game screen's own on_mount after this one.
        self.set_interval(1.0, self._tick)

    # -- what the frame does locally, it does not do here --------------------------------------
    def _initial_viewer(self) -> int | None:
        # Called by the screen's own __init__, before `remote` is set.
        return cast(RemoteMatch, self.match).seat

    @property
    def hides_information(self) -> bool:
        return False  # one seat per screen: nobody else looks at this terminal

    def _update_viewer(self) -> None:
        pass

    def _maybe_run_bots(self) -> None:
        pass  # the server's bots act for their seats

    def after_change(self) -> None:
        self.refresh_table()
        if self.remote.is_over():
            self._show_end()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ("undo", "next_player", "save"):
            return False
        if action == "chat":
            return True
        if action == "vote_bot":
            # Only players vote, and only while someone else is away.
            return self.viewer is not None and self.remote.absent_seat() is not None
        return super().check_action(action, parameters)

    def choose_action(self, action: Any) -> None:
        if self.viewer is None or self.viewer not in self.remote.actors():
            return
        self.remote.act(self.viewer, action)
        self.step_taken()
        self.problem = ""

    def _tick(self) -> None:
        # Redraw only when the note's words change (once a minute at most).
        note = self.remote.waiting_note()
        if note != getattr(self, "_note_shown", ""):
            self._note_shown = note
            self.refresh_table()

    # -- from the server -----------------------------------------------------------------------
    def receive(self, reply: Any) -> None:
        if not self.app.is_running:
            return  # the app is closing: its widgets are going, nothing is drawn again
        if not self.is_mounted or self._held:
            # Pushed but not yet built (the lobby hands on replies at once): its mount draws
            # the table, then the replies that came meanwhile are shown in order. One that
            # comes after the mount but before they are shown waits behind them: shown first,
            # it would be overwritten by an older Update.
            self._held.append(reply)
            if len(self._held) == 1:
                self.call_later(self._release_held)
            return
        self._show(reply)

    def _release_held(self) -> None:
        # Runs once the screen is mounted: Textual handles a screen's callbacks after its mount.
        while self._held and self.app.is_running:
            self._show(self._held.pop(0))
        self._held.clear()

    def _show(self, reply: Any) -> None:
        if isinstance(reply, Update):
            self.remote.receive(reply)
            self.after_change()
            self.refresh_bindings()
        elif isinstance(reply, Refused):
            self.problem = reply.reason
            self.refresh_table()
            self.app.bell()
        elif isinstance(reply, ProbeAnswer):
            self.remote.store_refusal(reply)
            # The table is the same as before, so setting it again would draw nothing: the
            # board asks its refusals again as it draws (the answer is now known).
            if self.alive and self.table is not None:
                self.mutate_reactive(GameScreen.table)
        elif isinstance(reply, Stale):
            self.notify("The table moved on before your action arrived: here is how it stands now.")
        elif isinstance(reply, ChatLine):
            self.remote.add_chat(chat_text(reply))
            self.refresh_bindings()
            self.refresh_table()

    def action_chat(self) -> None:
        def send(text: str | None) -> None:
            if text:
                self.remote.client.send(Chat(table=self.remote.table_id, text=text))

        self.app.push_screen(ChatPrompt(), send)

    def action_vote_bot(self) -> None:
        seat = self.remote.absent_seat()
        if seat is not None:
            self.remote.client.send(VoteBot(table=self.remote.table_id, seat=seat))

    def action_leave(self) -> None:
        self.dismiss(None)


def chat_text(reply: ChatLine) -> str:
    """A chat line as the log panel shows it."""
    if not reply.name:  # the table itself: a vote, a bot standing in, a return
        return f"-- {reply.text}"
    who = f"{reply.name} (watching)" if reply.spectator else reply.name
    return f"{who}: {reply.text}"


class ChatPrompt(ModalScreen[str | None]):
    BINDINGS = [Binding("escape", "cancel", "Cancel", id="chat.cancel")]

    def compose(self) -> ComposeResult:
        yield Input(
            # Enter is the text box's own key (Textual's Input): no binding id remaps it.
            placeholder=f"Say something to the table ({fixed_key(self, 'enter')} sends)",
            max_length=MAX_CHAT_CHARACTERS,
            id="chat-input",
        )

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self.dismiss(event.value.strip() or None)

    def action_cancel(self) -> None:
        self.dismiss(None)


class RemoteGameScreen(RemoteScreen, GameScreen):
    """The shared frame, for games without a screen of their own."""

    BINDINGS = REMOTE_BINDINGS


def remote_screen_class(game_id: str) -> type[RemoteScreen]:
    """The game's own screen (as its registry entry names it) with RemoteScreen mixed in
    first: the screen itself works from the SeatMatch alone, so nothing else is needed."""
    from tui.opening import screen_class

    cls = screen_class(game_id)
    if cls is GameScreen:
        return RemoteGameScreen
    made = _remote_classes.get(cls)
    if made is None:
        made = type(f"Remote{cls.__name__}", (RemoteScreen, cls), {"BINDINGS": REMOTE_BINDINGS})
        _remote_classes[cls] = made
    return made


#: One remote class per game screen class, so every table of a game shares it (Textual sets
#: up each Screen subclass's styles and bindings once, as it is first used).
_remote_classes: dict[type[GameScreen], type[RemoteScreen]] = {}
