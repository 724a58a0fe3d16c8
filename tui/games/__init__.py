"""One screen module per game: `tui.games.<game id>` exposes `SCREEN`."""
