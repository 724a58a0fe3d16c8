"""The legal list's shortcuts, kept per space since the map never changes, answer as the
long way round: walking steps as the pure map function `board.counselor_steps` gives them
under every lock, key and fire placed next to each space, nature trails and finale arrows
as the map's data names them."""

from __future__ import annotations

from engines.camp_grizzly import board, content
from engines.camp_grizzly.actions import Move, Trail
from engines.camp_grizzly.content import label, parse_label
from engines.camp_grizzly.engine import ENGINE
from engines.camp_grizzly.legal import _sites_at, _trails_from
from tests.camp_grizzly.rules_helpers import fresh

M = content.camp_map()
SPACES = [(r, c) for r in range(M.height) for c in range(M.width) if M.passable((r, c))]
KEY = next(k for k, mini in content.minis().items() if mini.kind == "key")


def long_way(cell, locks, keys, fires) -> list[Move]:
    return [Move(label(there)) for there in board.counselor_steps(M, cell, locks, keys, fires)]


def test_walking_steps_match_the_map_under_every_nearby_lock_key_and_fire():
    state = fresh()
    cid = state.order[0]
    c = state.counselors[cid]
    checked = 0
    for cell in SPACES:
        c.cell = cell
        near = M.walk_neighbours(cell)
        layouts = [([], [])] + [([n], []) for n in near] + [([], [n]) for n in near] + [(list(near), near[:1])]
        for locks, fires in layouts:
            state.locks, state.fires = locks, list(fires)
            for keys in (False, True):
                c.objectives = [KEY] if keys else []
                assert ENGINE._step_moves(state, cid) == long_way(cell, locks, keys, fires), (
                    label(cell),
                    locks,
                    fires,
                    keys,
                )
                checked += 1
    assert checked > 1000


def test_nature_trails_and_finale_arrows_per_space_match_the_map_data():
    trails = {(parse_label(end), t.number) for t in M.data.nature_trails for end in t.ends}
    arrows = {(parse_label(site.arrow), site.id) for site in M.data.sites}
    for cell in SPACES:
        assert _trails_from(cell) == tuple(Trail(n) for n in sorted(n for at, n in trails if at == cell))
        assert _sites_at(cell) == tuple(s for s in content.SITE_IDS if (cell, s) in arrows)
    assert sum(len(_trails_from(cell)) for cell in SPACES) == len(trails)
    assert sum(len(_sites_at(cell)) for cell in SPACES) == len(arrows)
