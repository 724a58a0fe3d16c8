"""Sentinel: secrets planted by the game (answers before the reveal, the guide's animal, its
clarification, the cards a guide passed, the localization's answer) never reach another
viewer's view, summary or log, at any step of seeded bot games; and every private line a
seat is shown is registered in `ENGINE.secrets`, so the conformance suite checks it too."""

from __future__ import annotations

import re
from functools import lru_cache

import msgspec
import pytest
from msgspec.structs import replace

from engines.bioviva.actions import BiovivaOptions
from engines.bioviva.association import sealed_line
from engines.bioviva.cards import load_cards
from engines.bioviva.state import animal, is_young, localization
from engines.core.match import Match, SeatSpec
from tests.bioviva.helpers import ENGINE, challenge
from tests.conformance import bot_seats, check_secrets

# Animals whose names appear in no other public text of a word association (no other
# animal's name, no tile, no clarification): their bare name on a screen is a leak.
SENTINELS = {"a120": "Axolotl", "a166": "Tardigrade", "a075": "Narwhal", "a070": "Pangolin", "a121": "Okapi"}


def seen_by(match: Match, viewer: int | None) -> str:
    state = match.state
    return (
        msgspec.json.encode(ENGINE.view(state, viewer)).decode()
        + msgspec.json.encode(ENGINE.summary(state, viewer)).decode()
        + "\n".join(match.log_lines(viewer))
    )


def challenge_seen_by(match: Match, viewer: int | None) -> str:
    """What `viewer` is shown of the challenge being played: its part of the view, the
    notes, the summary and the log since the die was rolled (older results may name any
    animal for good reasons)."""
    state = match.state
    view = ENGINE.view(state, viewer)
    rolls = [i for i, entry in enumerate(match.journal) if entry.action == "roll"]
    since = rolls[-1] if rolls else 0
    return "\n".join(
        [
            msgspec.json.encode(view.challenge).decode(),
            *view.notes,
            msgspec.json.encode(ENGINE.summary(state, viewer)).decode(),
            *(e.event.for_viewer(viewer) for e in match.log if e.index >= since),
        ]
    )


def _word(name: str) -> re.Pattern[str]:
    return re.compile(r"(?<![a-z])" + re.escape(name.casefold()) + r"(?![a-z])")


@lru_cache(maxsize=1)
def distinctive() -> frozenset[str]:
    """Animal ids whose name, as a word, is in no other animal's names nor any tile label."""
    cards = load_cards()
    found = set()
    for a in cards.animals:
        pattern = _word(a.name)
        others = [n for b in cards.animals if b.id != a.id for n in b.names] + [t.label for t in cards.tiles]
        others += [a.clarification] if a.clarification else []
        if not any(pattern.search(text.casefold()) for text in others):
            found.add(a.id)
    return frozenset(found)


def without_own_guess(match: Match, viewer: int | None, seen: str) -> str:
    """`seen` less the viewer's own sealed guess: they wrote it, so it is no leak."""
    for g in match.state.sealed:
        if g.seat == viewer:
            seen = seen.replace(sealed_line(viewer, g.text), "")
    return seen


def check_bare_name(match: Match) -> None:
    """The guide's animal, named bare (any case), is on no other viewer's screen, except
    in that viewer's own sealed guess (they wrote it: it is theirs, not a leak)."""
    state = match.state
    if state.phase not in ("clue", "guess") or state.card not in distinctive():
        return
    pattern = _word(animal(state.card).name)
    for v in [None, *range(state.seats)]:
        if v != state.guide:
            assert not pattern.search(without_own_guess(match, v, challenge_seen_by(match, v)).casefold()), (
                f"viewer {v} sees the name {animal(state.card).name!r}"
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
        check_pawn_kinds(match)
    if state.phase in ("clue", "guess"):
        a = animal(state.card)
        hidden = [f'"{a.name}"', a.id]
        for old in state.passed:  # a card put back, its clarification included
            hidden += [f'"{animal(old).name}"', old] + (
                [animal(old).clarification] if animal(old).clarification else []
            )
        # Young guessers are shown the clarification once the card is kept (a tile is down).
        young_guessers = bool(state.tiles) and any(is_young(state, s) for s in range(state.seats) if s != state.guide)
        if a.clarification and not state.clarified and not young_guessers:
            hidden.append(a.clarification)
        for v in viewers:
            if v == state.guide:
                continue
            text = seen_by(match, v)
            for secret in hidden:
                assert secret not in text, f"viewer {v} sees {secret!r}"
            if a.clarification and not state.clarified and not (v is not None and is_young(state, v) and state.tiles):
                assert ENGINE.view(state, v).challenge.clarification == ""


def check_pawn_kinds(match: Match) -> None:
    """Before the reveal only a pawn's owner can tell its kind: in the view (kind, and
    whether it counts, unless both of a young player's pawns count), the panels, the
    status and the log since the die was rolled."""
    state = match.state
    rolls = [i for i, entry in enumerate(match.journal) if entry.action == "roll"]
    since = rolls[-1] if rolls else 0
    for v in [None, *range(state.seats)]:
        view = ENGINE.view(state, v)
        summary = ENGINE.summary(state, v)
        log = "\n".join(e.event.for_viewer(v) for e in match.log if e.index >= since)
        for pawn, shown in zip(state.pawns, view.challenge.pawns):
            assert (shown.seat, shown.row, shown.col) == (pawn.seat, pawn.row, pawn.col)
            if pawn.seat == v:
                assert shown.kind == pawn.kind
                continue
            assert shown.kind == "", f"viewer {v} sees the kind of seat {pawn.seat}'s pawn"
            assert shown.counts == is_young(state, pawn.seat)
        for s, panel in enumerate(summary.panels):
            if s != v:
                assert "✓" not in " ".join(panel.lines) and "✗" not in " ".join(panel.lines), (v, panel)
        placer = state.order[len(state.pawns)]
        if placer != v:
            assert "✓" not in summary.status and "✗" not in summary.status
        for word in ("correct-answer", "decoy", "✓", "✗"):
            for line in log.splitlines():
                if word in line:
                    assert line.startswith(f"Player {v + 1}, your ") if v is not None else False, (v, line)


def test_pawn_kinds_stay_under_the_pawns_until_the_reveal_then_everyone_sees_them():
    levels = ["expert", "heuristic", "easy", "expert"]
    match = Match(ENGINE, BiovivaOptions(young=(4,)), bot_seats(ENGINE, levels), 21)
    match._states[-1] = replace(challenge("localization", "l001", seats=4, young=(4,)), rng=match.state.rng)
    while match.state.phase == "localization":
        check_pawn_kinds(match)
        check_secrets(ENGINE, match)
        seat, action = match.next_bot_or_auto()
        # A bot decides from its own view only: the kinds of others' pawns are blank there.
        assert all(p.kind == "" for p in ENGINE.view(match.state, seat).challenge.pawns if p.seat != seat)
        match.act(seat, action)
    reveal = next(line for line in match.state.last.lines if line.startswith("Pawns turned over"))
    assert reveal.count("✓") == 4 and reveal.count("✗") == 4
    for v in (None, 0, 1, 2, 3):
        assert reveal in match.log_lines(v)


@pytest.mark.parametrize(
    "levels,young,seed",
    [
        (["expert", "heuristic", "easy"], (), 11),
        (["heuristic", "random", "expert", "easy"], (2,), 12),
        (["random", "random"], (1,), 13),
        (["expert"] * 5, (1, 4), 14),
        (["easy", "heuristic", "expert", "random", "heuristic", "expert"], (6,), 15),
    ],
)
def test_no_secret_reaches_another_viewer_in_bot_games(levels, young, seed):
    match = Match(ENGINE, BiovivaOptions(young=young), bot_seats(ENGINE, levels), seed)
    kinds = set()
    while not match.is_over():
        check_step(match)
        check_bare_name(match)
        kinds.add(match.state.phase)
        match.act(*match.next_bot_or_auto())
    assert match.is_over() and kinds >= {"roll"}


@pytest.mark.parametrize("card", sorted(SENTINELS))
def test_a_planted_animal_stays_with_the_guide_through_a_whole_challenge(card):
    """Plant an animal with a distinctive name and let bots play it out: only the guide ever
    sees its name, quoted or bare, in any case, in a view, summary or log."""
    from msgspec.structs import replace

    assert card in distinctive() and animal(card).name == SENTINELS[card]
    pattern = _word(SENTINELS[card])
    levels = ["expert", "easy", "heuristic", "random"]
    match = Match(ENGINE, BiovivaOptions(young=(3,)), bot_seats(ENGINE, levels), 5)
    match._states[-1] = replace(challenge("association", card, seats=4, guide=1, young=(3,)), rng=match.state.rng)
    steps = 0
    while match.state.phase in ("clue", "guess"):
        check_step(match)
        check_secrets(ENGINE, match)
        for v in (None, 0, 2, 3):
            seen = without_own_guess(match, v, seen_by(match, v))
            assert not pattern.search(seen.casefold()), f"viewer {v} sees {SENTINELS[card]!r}"
        match.act(*match.next_bot_or_auto())
        steps += 1
    assert steps > 1 and match.state.last.card == card and SENTINELS[card] in match.state.last.answer


def _private_lines(match: Match, seat: int) -> list[str]:
    """The log lines only `seat` was shown, since the die was last rolled, and its notes."""
    rolls = [i for i, entry in enumerate(match.journal) if entry.action == "roll"]
    since = rolls[-1] if rolls else 0
    lines = [
        e.event.private for e in match.log if e.index >= since and e.event.private is not None and seat in e.event.seats
    ]
    return lines + list(ENGINE.view(match.state, seat).notes)


def test_every_private_line_of_a_question_is_a_registered_secret():
    """ "Player 1, you answer B: ...", the note with the secret answer, the peeker's note and
    their answer's line naming the token seen: each is in ENGINE.secrets for its owner."""
    seats = [SeatSpec("A"), SeatSpec("B"), SeatSpec("C"), SeatSpec("D")]
    match = Match(ENGINE, BiovivaOptions(young=(3, 4)), seats, 1)
    match._states[-1] = challenge("question", "q001", seats=4, young=(3, 4))
    # Both young players look at the same token and give the same answer: still no shared line.
    for seat, text in ((0, "answer B"), (2, "peek 1"), (3, "peek 1"), (2, "answer B"), (1, "answer C")):
        match.act_text(seat, text)
        check_secrets(ENGINE, match)
        secrets = ENGINE.secrets(match.state)
        for s in range(4):
            for line in _private_lines(match, s):
                assert any(secret in line for secret in secrets.get(s, [])), (s, line)
    assert any("you looked at Player 1's token" in line for line in _private_lines(match, 3))
    assert any("after looking at Player 1's token" in line for line in _private_lines(match, 2))


def test_every_private_line_of_a_word_association_is_a_registered_secret():
    """The guide's "your animal: X" note and log lines, for the card passed too."""
    seats = [SeatSpec("A"), SeatSpec("B"), SeatSpec("C")]
    match = Match(ENGINE, BiovivaOptions(), seats, 1)
    match._states[-1] = challenge("association", "a120", seats=3, guide=1)
    match.act_text(1, "magnifier H4")
    match.act_text(1, "pass-card")
    match.act_text(1, "tile tail")
    match.act_text(0, "guess axolotl")  # the card passed may be guessed: it is not the animal
    secrets = ENGINE.secrets(match.state)
    assert "Player 2, your animal: Axolotl" in secrets[1]
    check_secrets(ENGINE, match)
    for line in _private_lines(match, 1):
        assert any(secret in line for secret in secrets[1]), line
    for v in (None, 0, 2):
        assert "your animal" not in seen_by(match, v)


@pytest.mark.parametrize("level", ["easy", "heuristic", "expert"])
def test_pawn_kinds_are_secret_so_the_order_a_bot_places_them_in_is_no_tell(level):
    """Pawn kinds stay under the pawns until the reveal: a bot that always put its
    correct-answer pawn down first would show everyone which of its pawns is which."""
    from engines.bioviva.actions import PlacePawn
    from engines.bioviva.levels import BOTS
    from engines.bioviva.worldmap import load_localizations
    from engines.core.protocol import BotContext
    from engines.core.rng import Rng, seed_state

    bot = BOTS[level]()
    firsts = []
    for n, loc in enumerate(load_localizations()[:80]):
        state = challenge("localization", loc.id, seats=3, guide=0)
        placer = state.order[0]
        ctx = BotContext(
            ENGINE, placer, ENGINE.view(state, placer), ENGINE.legal_actions(state, placer), Rng(seed_state(n))
        )
        first = bot.choose(ctx)
        assert isinstance(first, PlacePawn)
        firsts.append(first.kind)
    decoys_first = firsts.count("decoy") / len(firsts)
    assert 0.3 <= decoys_first <= 0.7, f"{level} puts its decoy down first {decoys_first:.0%} of the time"
