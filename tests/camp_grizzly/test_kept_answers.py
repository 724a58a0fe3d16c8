"""Answers the engine keeps instead of working them out again (content never changes once
loaded) match the long way round: space labels, Otis' printed stats per body count, the
decks, each space's walking steps and Otis' links for the map searches."""

from __future__ import annotations

from engines.camp_grizzly import board, content
from engines.camp_grizzly.actions import Move
from engines.camp_grizzly.content_base import label
from engines.camp_grizzly.legal import _move_actions_from

M = content.camp_map()
CELLS = [(r, c) for r in range(M.height) for c in range(M.width)]
SPACES = [cell for cell in CELLS if M.passable(cell)]


def test_labels_asked_again_read_as_the_first_time():
    for cell in CELLS:
        row, col = cell
        long_way = chr(ord("A") + col) + str(row + 1)
        assert label(cell) == long_way
        assert label(cell) == long_way  # now from the kept table
        assert label([row, col]) == long_way  # a list is never kept, still answered


def test_otis_stats_per_body_count_as_the_track_reads():
    track = content.otis_track()
    for body_count in range(track.hopeless + 3):
        stats = track.start
        for step in track.steps:
            if body_count >= step.body_count:
                stats = content.OtisStats(step.stalk, step.attack, step.damage)
        assert content.otis_stats(body_count) == stats
        assert content.otis_stats(body_count) == content.otis_stats.__wrapped__(body_count)


def test_decks_kept_per_kind_as_built_from_the_cards():
    for kind in ("cabin", "survival", "question"):
        for surprises in (True, False):
            assert content.deck(kind, surprises) == content.deck.__wrapped__(kind, surprises)


def test_walking_steps_and_otis_links_per_space_as_the_map_gives_them():
    otis = board.step_links(M, "otis")
    on_foot = board.step_links(M, "counselor")
    for cell in SPACES:
        walk = M.walk_neighbours(cell)
        assert _move_actions_from(cell) == tuple(Move(label(there)) for there in walk)
        assert on_foot[cell] == walk
        assert otis[cell] == walk + tuple(end for _, end in M.trail_links.get(cell, ()))
        assert [move.to for move in board.otis_steps(M, cell)] == list(otis[cell])
