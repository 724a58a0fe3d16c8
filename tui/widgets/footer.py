"""The footer every Campfire screen shows: the keys that work now, rebuilt only when they
change, and as many as its row holds, with the way to the others."""

from __future__ import annotations

from typing import Any, Protocol, Self, runtime_checkable

from rich.cells import cell_len
from textual.app import ComposeResult
from textual.geometry import Region
from textual.widget import Widget
from textual.widgets import Footer

from tui.textual_internals import enabled, running_as, set_footer_keys_ready


#: The Keys panel's binding (F2): it lists every key, so a footer too narrow for its keys
#: keeps this one, under `KEYS_CUE`, as the way to the rest.
KEYS_PANEL = "app.keys"
KEYS_CUE = "All keys"


@runtime_checkable
class KeepsKeysInFooter(Protocol):
    """A screen whose own keys a narrow footer shows before any other (a replay's moves):
    `footer_keeps` names their actions (without parameters)."""

    footer_keeps: frozenset[str]


class SteadyFooter(Footer):
    """Textual's footer rebuilds every key on every bindings refresh, and a move asks for
    several (the table, the focus, the board); this one rebuilds only when the keys it
    shows changed.

    It also fits its row. Textual's footer runs its keys past the right edge, under the
    palette key, and the last ones (F2 among them) could not be seen: a replay at 80x24
    showed its moves and `f1`. Too narrow for every key, this one leaves out the palette
    key, keeps the screen's own keys (`KeepsKeysInFooter`) and the Keys panel's, renamed
    `KEYS_CUE` as the cue that some are not shown, and then as many of the others, in
    order, as fit; every key still works, and the Keys panel lists them all."""

    def __init__(self, *args: Any, keys_at_once: bool = False, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._keys_shown: tuple[Any, ...] | None = None
        #: The width each key (or group of keys with its label) takes, worked out once per
        #: set of keys; and the width they were fitted to.
        self._key_widths: dict[Widget, int] = {}
        self._fitted_width = 0
        # Textual's footer leaves its keys for after the screen's first frame, which took
        # another frame or four (40-100 ms on a loaded machine) before a new screen looked
        # as it does. `keys_at_once` builds them with the screen, in its first frame (rebuilt
        # only if the focus changes them), for screens whose `check_action` can answer
        # before they are mounted: a game screen's asks widgets and a table not there yet.
        # (With Textual's internals only: without, the keys come as Textual's footer has them.)
        if keys_at_once and enabled("settled_first_frame"):
            set_footer_keys_ready(self)

    def on_mount(self) -> None:
        # Keys composed with the footer (`keys_at_once`) are fitted before the first layout;
        # after each layout, to the footer's own width once known.
        self.fit_keys()
        self.screen.screen_layout_refresh_signal.subscribe(self, lambda _screen: self.fit_keys())
        # A footer mounted after its screen's bindings were announced (the launcher's, into
        # its row after the first paint) hears of them only at the next change: ask, once
        # Textual's footer has subscribed to hear the answer (its on_mount runs after this).
        if not enabled("settled_first_frame"):
            self.call_after_refresh(self.screen.refresh_bindings)

    def _keys_now(self) -> tuple[Any, ...]:
        palette = self.app.COMMAND_PALETTE_BINDING
        keys = tuple(
            (
                key,
                binding.action,
                binding.description,
                binding.group,
                self.app.get_key_display(binding),
                enabled,
                tooltip,
            )
            for key, (_, binding, enabled, tooltip) in self.screen.active_bindings.items()
            if binding.show or key == palette
        )
        return keys, self.show_command_palette, self.combine_groups

    def compose(self) -> ComposeResult:
        # Passed on as they come, not gathered first: a group of keys is composed inside
        # its container (`with KeyGroup():`), which takes only what is yielded while open.
        built = False
        for widget in super().compose():
            built = True
            yield widget
        # Textual's footer yields nothing until its keys are ready: only then are they shown.
        self._keys_shown = self._keys_now() if built else None
        self._key_widths, self._fitted_width = {}, 0  # new keys: measured once mounted

    def _entries(self) -> list[list[Widget]]:
        """The footer's entries in order, each a key, or a group of keys then its label;
        the palette key (docked at the right) apart, last."""
        entries: list[list[Widget]] = []
        palette: list[Widget] = []
        for child in self.children:
            if child.has_class("-command-palette"):
                palette.append(child)
            elif hasattr(child, "key") or child.children or not entries:
                entries.append([child])
            else:
                entries[-1].append(child)  # a group's label, after its keys
        return entries + ([palette] if palette else [])

    @staticmethod
    def _actions(entry: list[Widget]) -> set[str]:
        keys = [widget for part in entry for widget in (part, *part.children) if hasattr(widget, "action")]
        return {str(getattr(key, "action")).partition("(")[0] for key in keys}

    def _keys_panel_key(self, entry: list[Widget]) -> Widget | None:
        key = entry[0]
        if len(entry) != 1 or not hasattr(key, "description"):
            return None
        active = self.screen.active_bindings.get(str(getattr(key, "key", "")))
        return key if active is not None and active.binding.id == KEYS_PANEL else None

    def _width_of(self, widget: Widget) -> int:
        """The columns `widget` takes in the row with its margins, worked out from its text
        and styles (so before any layout: the first frame shows the keys fitted)."""
        styles = widget.styles
        if widget.children:
            inner = sum(self._width_of(child) for child in widget.children)
        else:
            inner = widget.get_content_width(self.app.size, self.app.size)
        return inner + styles.gutter.width + styles.margin.left + styles.margin.right

    def fit_keys(self) -> None:
        """Show as many keys as the row holds (see the class)."""
        width = self.size.width or self.app.size.width  # docked across the screen
        if not self.is_attached or not width or width == self._fitted_width:
            return
        entries = self._entries()
        if not entries:
            return
        if not self._key_widths:
            self._key_widths = {entry[0]: sum(self._width_of(part) for part in entry) for entry in entries}
        self._fitted_width = width
        palette = entries[-1] if entries[-1][0].has_class("-command-palette") else None
        keys = [entry for entry in entries if entry is not palette]
        cue = next((found for entry in keys if (found := self._keys_panel_key(entry)) is not None), None)
        shown: list[list[Widget]] = entries
        if sum(self._key_widths[entry[0]] for entry in entries) > width:
            keeps = self.screen.footer_keeps if isinstance(self.screen, KeepsKeysInFooter) else frozenset()
            room = width
            if cue is not None:
                room -= self._key_widths[cue] + cell_len(KEYS_CUE) - cell_len(self._first_description(cue))
            first = [entry for entry in keys if entry[0] is not cue and self._actions(entry) & keeps]
            shown = [] if cue is None else [[cue]]
            for entry in first + [entry for entry in keys if entry not in first and entry[0] is not cue]:
                needed = self._key_widths[entry[0]]
                if needed <= room:
                    shown.append(entry)
                    room -= needed
        visible = {part for entry in shown for part in entry}
        changed = False
        for entry in entries:
            for part in entry:
                if part.display != (part in visible):
                    part.display = part in visible
                    changed = True
        if cue is not None:
            described = KEYS_CUE if len(shown) < len(entries) else self._first_description(cue)
            if getattr(cue, "description") != described:
                setattr(cue, "description", described)
                cue.refresh(layout=True)
                changed = True
        if changed:
            # The whole row: the spaces between keys are the footer's own, and a layout
            # alone repaints only the keys that moved (`refresh`), leaving the old letters.
            self.refresh()

    def _first_description(self, key: Widget) -> str:
        """The description the Keys panel's key was composed with."""
        active = self.screen.active_bindings.get(str(getattr(key, "key", "")))
        return active.binding.description if active is not None else str(getattr(key, "description"))

    async def recompose(self) -> None:
        """Textual asks again on every bindings refresh (a move asks for several): rebuild
        only when the keys to show changed."""
        if self._keys_shown is not None and self.is_attached and self._keys_now() == self._keys_shown:
            return
        await super().recompose()
        self.fit_keys()  # mounted, not laid out yet: the layout to come places them fitted

    async def show_keys(self) -> None:
        """Build the keys now, from the screen's bindings as they stand. A screen whose
        `check_action` needs what its mount sets up (a game's first table, the focus)
        awaits this at the end of its mount, so its first frame shows them (with Textual's
        internals; without, the keys come a frame or more later, as Textual's footer has
        them)."""
        if not enabled("settled_first_frame"):
            self.screen.refresh_bindings()  # Textual's footer then builds them, a frame later
            return
        set_footer_keys_ready(self)
        with running_as(self):  # as when the footer runs it itself: its keys bind to it
            await self.recompose()

    def refresh(self, *regions: Region, repaint: bool = True, layout: bool = False, recompose: bool = False) -> Self:
        # The footer draws nothing of its own under its keys: a layout that places them
        # again repaints every key that moved, and the footer's own repaint would resend the
        # whole row a frame later.
        if layout and not regions:
            repaint = False
        return super().refresh(*regions, repaint=repaint, layout=layout, recompose=recompose)
