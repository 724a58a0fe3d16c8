"""The bundled data: tiles, boards and objectives load and pass their own checks."""

from __future__ import annotations

import collections

import msgspec
import pytest

from engines.bivi import content
from engines.bivi.content import Board, ContentError, Tile, validate_board, validate_tiles
from engines.core.grid import components


def test_tile_set_has_66_tiles_22_per_wood_with_the_same_shape_mix():
    tiles = content.tiles()
    assert sorted(tiles) == list(range(1, 67))
    by_wood = collections.defaultdict(collections.Counter)
    for t in tiles.values():
        by_wood[t.wood][t.shape] += 1
        assert 2 <= len(t.cells) <= 5
        assert len(components(t.cells)) == 1
    assert {w: sum(c.values()) for w, c in by_wood.items()} == {"birch": 22, "pine": 22, "walnut": 22}
    assert by_wood["birch"] == by_wood["pine"] == by_wood["walnut"]
    mix = by_wood["birch"]
    logs = mix["I2"] + mix["I3"] + mix["I4"]
    assert logs > 22 / 2 and {"L4", "T4", "S4"} <= set(mix)


def test_tile_decorations_make_every_expert_objective_reachable():
    tiles = content.tiles().values()
    assert {t.moss for t in tiles} == {0, 1, 2}
    assert any(t.moss and t.butterflies and t.ladybugs for t in tiles)
    for key in ("butterflies", "ladybugs"):
        assert sum(getattr(t, key) for t in tiles) >= 20
    assert any(not (t.moss or t.butterflies or t.ladybugs) for t in tiles)


def test_default_board_is_a_valley_nine_wide_five_deep_with_three_open_rows():
    b = content.board("default")
    assert b.bank_row == 3
    river_rows = [row.count(".") for row in b.rows]
    assert river_rows[:3] == [9, 9, 9]
    assert river_rows[3:8] == [9, 9, 7, 7, 5]  # the sides step in towards the bed
    assert set(b.rows[-1]) == {"#"}


def test_objectives_are_4_a_and_9_b():
    objs = content.objectives()
    assert sorted(o for o in objs if objs[o].kind == "A") == ["A1", "A2", "A3", "A4"]
    assert sorted(o for o in objs if objs[o].kind == "B") == [f"B{n}" for n in range(1, 10)]


def test_bad_content_is_refused_at_load():
    good = tuple(content.tiles().values())
    broken = Tile(id=1, wood="birch", shape="I2", cells=((0, 0), (1, 1)))
    with pytest.raises(ContentError, match="connected"):
        validate_tiles((broken,) + good[1:])
    with pytest.raises(ContentError, match="66"):
        validate_tiles(good[:-1])
    with pytest.raises(ContentError, match="bank on both sides"):
        validate_board(Board("bad", "Bad", (" ... ", "#....", "#####")))
    with pytest.raises(msgspec.ValidationError):
        msgspec.json.decode(
            b'{"tiles": [{"id": 1, "wood": "oak", "shape": "I2", "cells": [[0,0],[0,1]]}]}', type=content.TileSet
        )


def test_the_action_list_names_each_tile_s_shape_in_words_never_its_code():
    from engines.bivi import ENGINE
    from engines.bivi.actions import SIDES, Take

    codes = {t.shape for t in content.tiles().values()}
    for tile in content.tiles().values():
        label = ENGINE.describe_action(Take(side=SIDES[0], tile=tile.id))
        assert f"{tile.wood} tile {tile.id}" in label
        assert f"({content.SHAPE_WORDS[tile.shape]})" in label
        assert not codes & set(label.replace("(", " ").replace(")", " ").split()), label


def test_a_tile_whose_shape_has_no_name_for_players_is_refused_at_load():
    tiles = tuple(content.tiles().values())
    odd = msgspec.structs.replace(tiles[0], shape="Z4")
    with pytest.raises(ContentError, match="no name for players"):
        validate_tiles((odd, *tiles[1:]))
