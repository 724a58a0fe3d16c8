"""The compact Great Bonfire (120 columns) names, per space, the portals the players' next
slots need (4 portals a space do not fit its column); the wide view names all four."""

from __future__ import annotations

from engines.bonfire import city, content
from engines.bonfire.state import TOM, YOU
from tests.bonfire.helpers import fresh
from tui.games.bonfire_table_draw import great_bonfire_lines


def test_compact_great_bonfire_lines_name_the_portals_wanted_next():
    s = fresh(3)
    boards = content.board().board_portals
    wanted = {
        boards["you"][city.next_portal_slot(s.players[YOU])],
        boards["tom"][city.next_portal_slot(s.players[TOM])],
    }
    compact = great_bonfire_lines(s, compact=True)[1:8]
    wide = great_bonfire_lines(s)[1:8]
    for n, (short, full) in enumerate(zip(compact, wide)):
        lying = s.great_bonfire[n]
        assert short.rsplit("|", 1)[1].split() == ([x for x in lying if x in wanted] or ["-"])
        assert full.endswith(", ".join(lying))
        assert len(short) <= 34
    assert len(great_bonfire_lines(s, compact=True)[0]) <= 34  # the header fits the column too
