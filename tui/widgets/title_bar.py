"""The one-line title bar at the top of a screen: Textual's header drawn by a single widget."""

from __future__ import annotations

from textual import events
from textual.app import RenderResult
from textual.content import Content
from textual.reactive import reactive
from textual.widget import Widget

#: Columns of Textual's header: the icon's (padding included) and the clock's space.
ICON_WIDTH = 8
CLOCK_WIDTH = 10


class TitleBar(Widget):
    """Looks and behaves as Textual's `Header` without a clock (the icon, the screen's or
    app's title and subtitle centred between the icon and the clock's space; a click on the
    icon opens the command palette, elsewhere toggles a three-line bar), but draws itself
    as one widget: Header's four widgets, their imports and stylesheets cost the launcher's
    first paint some 3% of its instructions."""

    DEFAULT_CSS = """
    TitleBar {
        dock: top;
        width: 100%;
        background: $panel;
        color: $foreground;
        height: 1;
    }
    TitleBar.-tall {
        height: 3;
    }
    """

    _icon_hover: reactive[bool] = reactive(False)

    def __init__(self, icon: str = "⭘", *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.icon = icon

    def on_mount(self) -> None:
        for owner in (self.app, self.screen):
            self.watch(owner, "title", self._title_changed, init=False)
            self.watch(owner, "sub_title", self._title_changed, init=False)

    def _title_changed(self) -> None:
        self.refresh()

    def title_content(self) -> Content:
        """What Header shows: the screen's title (else the app's) and subtitle, formatted
        by the app."""
        screen, app = self.screen, self.app
        title = screen.title if screen.title is not None else app.title
        sub_title = screen.sub_title if screen.sub_title is not None else app.sub_title
        return app.format_title(title, sub_title)

    def render(self) -> RenderResult:
        width, height = self.size
        icon = Content(f" {self.icon}").truncate(ICON_WIDTH, pad=True)
        beside_icon = Content(" " * ICON_WIDTH)
        if self._icon_hover:
            # Header's icon hover, `$foreground 10%` over the bar, down its whole column.
            styles = self.styles
            shade = f"on {styles.background.blend(styles.color, 0.1).hex}"
            icon, beside_icon = icon.stylize(shade), beside_icon.stylize(shade)
        title = self.title_content().center(max(width - ICON_WIDTH - CLOCK_WIDTH, 0), ellipsis=True)
        if height <= 1:
            return Content.assemble(icon, title, " " * CLOCK_WIDTH)
        # Tall, as Header draws it: the title on the top line, the icon on the middle one.
        lines = [Content.assemble(beside_icon, title)] + [beside_icon] * (height - 1)
        lines[height // 2] = icon
        return Content("\n").join(lines)

    def _on_icon(self, x: int) -> bool:
        return x < ICON_WIDTH and self.app.ENABLE_COMMAND_PALETTE

    def on_mouse_move(self, event: events.MouseMove) -> None:
        over_icon = self._on_icon(event.x)
        self._icon_hover = over_icon
        self.tooltip = "Open the command palette" if over_icon else None

    def on_leave(self, event: events.Leave) -> None:
        self._icon_hover = False

    async def on_click(self, event: events.Click) -> None:
        event.stop()
        if self._on_icon(event.x):
            await self.run_action("app.command_palette")
        else:
            self.toggle_class("-tall")
