"""Matches and footer reading shared by the Pilot tests of the Bivì screen."""

from __future__ import annotations


def ana_against_a_bot(seed: int):
    from engines.bivi import ENGINE
    from engines.core.match import Match, SeatSpec

    return Match(ENGINE, ENGINE.default_options(), [SeatSpec("Ana"), SeatSpec("Bo", "bot", "heuristic")], seed)


def four_player_match(seed: int, mode: str = "advanced"):
    from engines.bivi import ENGINE
    from engines.bivi.actions import BiviOptions
    from engines.core.match import Match, SeatSpec

    seats = [
        SeatSpec("Ana"),
        SeatSpec("Bo", "bot", "heuristic"),
        SeatSpec("Cy", "bot", "heuristic"),
        SeatSpec("Di", "bot", "heuristic"),
    ]
    return Match(ENGINE, BiviOptions(mode=mode), seats, seed)


def footer_keys(app) -> set[str]:
    """The binding ids the footer shows now (active bindings the screen lets run)."""
    shown = set()
    for _node, binding, enabled, _tooltip in app.screen.active_bindings.values():
        if binding.show and enabled:
            shown.add(binding.id or binding.action)
    return shown
