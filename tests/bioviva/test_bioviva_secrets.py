"""Sentinel: secrets planted by the game (answers before the reveal, the guide's animal, its
clarification, the cards a guide passed, the localization's answer) never reach another
viewer's view, summary or log, at any step of seeded bot games."""

from __future__ import annotations

import msgspec
import pytest

from engines.bioviva.actions import BiovivaOptions
from engines.bioviva.engine import animal, is_young, localization
from engines.core.match import Match
from tests.bioviva.helpers import ENGINE
from tests.conformance import bot_seats


def seen_by(match: Match, viewer: int | None) -> str:
    state = match.state
    return (
        msgspec.json.encode(ENGINE.view(state, viewer)).decode()
        + msgspec.json.encode(ENGINE.summary(state, viewer)).decode()
        + "\n".join(match.log_lines(viewer))
    )


def check_step(match: Match) -> None:
    state = match.state
    viewers = [None, *range(state.seats)]
    if state.phase == "question":
        for s, letter in enumerate(state.answers):
            if not letter:
                continue
            for v in viewers:
                if v == s or (v is not None and state.peeks[v] == s):
                    continue
                view = ENGINE.view(state, v)
                assert view.challenge.answers[s] == "", f"viewer {v} sees seat {s}'s answer"
                assert f"Player {s + 1}, your secret answer" not in seen_by(match, v)
    if state.phase == "localization":
        loc = localization(state.card)
        for v in viewers:
            text = seen_by(match, v)
            for point in loc.answers:
                assert point.name not in text, f"viewer {v} sees the answer {point.name!r} early"
    if state.phase in ("clue", "guess"):
        a = animal(state.card)
        hidden = [f'"{a.name}"', a.id]
        for old in state.passed:
            hidden += [f'"{animal(old).name}"', old]
        young_guessers = any(is_young(state, s) for s in range(state.seats) if s != state.guide)
        if a.clarification and not state.clarified and not young_guessers:
            hidden.append(a.clarification)
        for v in viewers:
            if v == state.guide:
                continue
            text = seen_by(match, v)
            for secret in hidden:
                assert secret not in text, f"viewer {v} sees {secret!r}"
            if a.clarification and not state.clarified and not (v is not None and is_young(state, v)):
                assert ENGINE.view(state, v).challenge.clarification == ""


@pytest.mark.parametrize(
    "levels,young,seed",
    [
        (["expert", "heuristic", "novice"], (), 11),
        (["heuristic", "random", "expert", "novice"], (2,), 12),
        (["random", "random"], (1,), 13),
        (["expert"] * 5, (1, 4), 14),
        (["novice", "heuristic", "expert", "random", "heuristic", "expert"], (6,), 15),
    ],
)
def test_no_secret_reaches_another_viewer_in_bot_games(levels, young, seed):
    match = Match(ENGINE, BiovivaOptions(young=young), bot_seats(ENGINE, levels), seed)
    kinds = set()
    while not match.is_over():
        check_step(match)
        kinds.add(match.state.phase)
        match.act(*match.next_bot_or_auto())
    assert match.is_over() and kinds >= {"roll"}


def test_a_planted_animal_stays_with_the_guide_through_a_whole_challenge():
    """Plant a known animal and let bots play it out: only the guide ever sees it."""
    from msgspec.structs import replace

    from tests.bioviva.helpers import challenge

    for card in ("a005", "a070", "a002"):
        match = Match(ENGINE, BiovivaOptions(young=(3,)), bot_seats(ENGINE, ["expert", "novice", "heuristic", "random"]), 5)
        match._states[-1] = replace(challenge("association", card, seats=4, guide=1, young=(3,)), rng=match.state.rng)
        name = animal(card).name
        while match.state.phase in ("clue", "guess"):
            check_step(match)
            for v in (None, 0, 2, 3):
                assert f'"{name}"' not in seen_by(match, v)
            match.act(*match.next_bot_or_auto())
        assert match.state.last.card == card and name in match.state.last.answer
