"""Setup, the die, the guide's rotation, decks, the end at 12, the turn limit and the outcome."""

from __future__ import annotations

from collections import Counter

import msgspec
import pytest
from msgspec.structs import replace

from engines.bioviva.actions import BiovivaOptions, Roll
from engines.bioviva.cards import load_cards
from engines.bioviva.state import BiovivaState
from engines.core.errors import BadOptions
from engines.core.protocol import AUTO
from engines.core.rules import load_rules
from tests.bioviva.helpers import ENGINE, act, challenge, new, refused, run


def test_info_declares_hidden_simultaneous_chance_for_two_to_six():
    info = ENGINE.info
    assert (info.id, info.title, info.min_seats, info.max_seats) == ("bioviva", "Bioviva", 2, 6)
    assert info.flags.hidden_information and info.flags.chance and info.flags.simultaneous
    # The levels offered, in order; `novice` (the old name of `easy`) is still accepted.
    assert list(ENGINE.bots) == ["random", "easy", "heuristic", "hard", "expert"]
    assert "novice" in ENGINE.bots and type(ENGINE.bots["novice"]()) is type(ENGINE.bots["easy"]())


def test_setup_everyone_at_zero_player_one_guides_and_the_die_is_rolled_by_the_game():
    state = new(4)
    assert state.scores == (0, 0, 0, 0) and state.guide == 0 and state.turn == 1
    assert ENGINE.actors(state) == (AUTO,)
    assert ENGINE.auto_action(state) == Roll()
    assert ENGINE.legal_actions(state, 0) == []


@pytest.mark.parametrize(
    "options,seats,reason",
    [
        (BiovivaOptions(), 1, "2 to 6 players"),
        (BiovivaOptions(), 7, "2 to 6 players"),
        (BiovivaOptions(target=0), 3, "winning score"),
        (BiovivaOptions(turn_limit=0), 3, "turn limit"),
        (BiovivaOptions(guesses_per_tile=0), 3, "guesses after each tile"),
    ],
)
def test_bad_setups_are_refused_with_a_sentence(options, seats, reason):
    with pytest.raises(BadOptions) as caught:
        ENGINE.check_setup(options, seats)
    assert reason in str(caught.value) and str(caught.value).endswith(".")


def test_the_die_has_two_faces_for_each_challenge_and_starts_it():
    assert Counter(f.challenge for f in load_cards().die) == {"question": 2, "localization": 2, "association": 2}
    kinds = Counter()
    for seed in range(60):
        state = new(3, seed=seed)
        after = ENGINE.apply(state, AUTO, Roll())
        kinds[after.state.kind] += 1
        assert after.reveals and after.state.die in range(1, 7)
        assert (
            after.state.phase
            == {"question": "question", "localization": "localization", "association": "clue"}[after.state.kind]
        )
    assert set(kinds) == {"question", "localization", "association"}


def test_the_guide_passes_to_the_left_after_each_challenge():
    """Adaptation notes, one challenge a turn: once the turn's challenge is over, the next
    seat's guide rolls for a new turn."""
    state = challenge("question", "q001", seats=3, guide=2)
    state = run(state, (0, "answer A"), (1, "answer A"), (2, "answer A"))
    assert state.guide == 0 and state.turn == 2 and state.phase == "roll"


def test_a_new_turn_shows_no_die_until_its_guide_rolls():
    state = replace(challenge("question", "q001", seats=3, guide=2), die=1)
    assert ENGINE.view(state, None).die_label == "Question"
    state = run(state, (0, "answer A"), (1, "answer A"), (2, "answer A"))
    assert state.phase == "roll" and state.turn == 2
    for viewer in (None, 0):  # turn 2's die is not rolled yet: turn 1's face is not its face
        view = ENGINE.view(state, viewer)
        assert (view.die, view.die_label, view.die_glyph) == (0, "", "")
    rolled = ENGINE.apply(state, AUTO, ENGINE.auto_action(state)).state
    assert ENGINE.view(rolled, None).die == rolled.die in range(1, 7)


def test_challenge_decks_draw_without_repeats_and_reshuffle_when_exhausted():
    cards = load_cards()
    state = new(2)
    assert sorted(state.question_deck) == sorted(q.id for q in cards.questions)
    assert len(set(state.animal_deck)) == len(cards.animals)
    state = replace(state, question_deck=(), localization_deck=(), animal_deck=())
    rolled = ENGINE.apply(state, AUTO, Roll()).state
    deck = {
        "question": rolled.question_deck,
        "localization": rolled.localization_deck,
        "association": rolled.animal_deck,
    }[rolled.kind]
    assert deck and rolled.card not in deck


def test_the_plus_deck_is_reshuffled_when_empty():
    state = replace(challenge("question", "q001", seats=2), plus_deck=())
    state = run(state, (0, "answer C"), (1, "answer C"))
    assert state.last.plus and len(state.plus_deck) == 31
    assert state.scores[0] == state.last.plus_points


def test_the_game_ends_when_someone_reaches_twelve():
    state = replace(challenge("question", "q001", seats=3, points=2), scores=(10, 9, 11))
    state = run(state, (0, "answer C"), (1, "answer A"), (2, "answer B"))
    assert state.phase == "over" and ENGINE.actors(state) == ()
    out = ENGINE.outcome(state)
    assert out.winners == [0] and out.scores == [12, 9, 11]
    assert "reached 12" in state.end_reason


def test_several_reaching_twelve_at_once_most_points_wins():
    state = replace(challenge("question", "q001", seats=3, points=2), scores=(10, 11, 3))
    state = run(state, (0, "answer C"), (1, "answer C"), (2, "answer A"))
    assert state.phase == "over" and ENGINE.outcome(state).winners == [1]


def test_several_reaching_twelve_with_the_same_total_share_the_win():
    state = replace(challenge("question", "q001", seats=3, points=3), scores=(10, 10, 3))
    state = run(state, (0, "answer C"), (1, "answer C"), (2, "answer A"))
    out = ENGINE.outcome(state)
    assert out.winners == [0, 1] and "share the victory" in out.reason


def test_the_turn_limit_ends_the_game_with_the_most_points_winning():
    state = replace(challenge("question", "q001", seats=2, turn_limit=5), turn=5, scores=(3, 4))
    state = run(state, (0, "answer A"), (1, "answer A"))
    assert state.phase == "over" and "turn limit" in state.end_reason
    assert ENGINE.outcome(state).winners == [1]


def test_the_target_is_an_option():
    state = challenge("question", "q001", seats=2, points=1, target=1)
    state = run(state, (0, "answer C"), (1, "answer B"))
    assert state.phase == "over" and ENGINE.outcome(state).winners == [0]


def test_outcome_breaks_points_down_by_challenge():
    state = challenge("question", "q001", seats=2, points=2)
    state = run(state, (0, "answer C"), (1, "answer B"))
    out = ENGINE.outcome(state)
    assert [(line.label, line.points) for line in out.breakdown[0]] == [
        ("Questions", 2),
        ("Localizations", 0),
        ("Guessing animals", 0),
        ("Guiding (word association)", 0),
    ]
    assert out.reason.startswith("If the game ended now")


def test_the_game_over_refuses_every_action():
    state = replace(new(2), phase="over", end_reason="test")
    refused(state, 0, "answer A", "The game is over.")
    assert ENGINE.actors(state) == ()


def test_every_action_text_reads_back():
    state = challenge("association", "a005", seats=3)
    for action in ENGINE.legal_actions(state, 0)[::97]:
        assert ENGINE.parse_action(state, 0, ENGINE.format_action(action)) == action
    for text in [
        "roll",
        "answer B",
        "peek 3",
        "pawn correct H4",
        "pawn decoy C12",
        "pass-card",
        "clarify",
        "magnifier H4",
        "tile leg",
        "tile leg+small",
        "accept 2",
        "accept 2.1",
        "accept 3.12",
        "reply almost",
        "reply not-at-all",
        "reply more",
        "done",
        "guess Sea horse",
        "pass",
    ]:
        assert ENGINE.format_action(ENGINE.parse_action(state, 0, text)) == text
    assert ENGINE.format_action(ENGINE.parse_action(state, 0, "tile Domestic+COLOUR")) == "tile domesticated+colour"
    assert ENGINE.format_action(ENGINE.parse_action(state, 0, "reply not at all")) == "reply not-at-all"


@pytest.mark.parametrize(
    "text,described",
    [
        ("roll", "roll the die"),
        ("answer B", "answer B"),
        ("peek 3", "peek at Player 3's answer"),
        ("pawn correct H4", "correct-answer pawn on H4"),
        ("pawn decoy C12", "decoy pawn on C12"),
        ("pass-card", "pass this card and draw another"),
        ("clarify", "read the clarification aloud"),
        ("magnifier H4", "magnifier on H4"),
        ("tile leg", "tile Leg"),
        ("tile leg+small", "tile Leg (clarified by Small)"),
        ("tile domesticated", "tile Domestic"),
        ("accept 2.1", "accept Player 2's 1st guess"),
        ("accept 3.2", "accept Player 3's 2nd guess"),
        ("accept 2.13", "accept Player 2's 13th guess"),
        ("accept 2", "accept Player 2's oldest waiting guess"),
        ("reply almost", "reply: almost"),
        ("reply not-at-all", "reply: not at all"),
        ("reply more", "reply: more"),
        ("done", "done: no reply to the waiting guesses"),
        ("guess Sea horse", "guess Sea horse"),
        ("pass", "pass until the next tile"),
    ],
)
def test_the_action_list_describes_actions_in_words_with_player_names(text, described):
    state = challenge("association", "a005", seats=3)
    assert ENGINE.describe_action(ENGINE.parse_action(state, 0, text)) == described


def test_out_of_turn_actions_are_refused_with_unchanged_state():
    state = challenge("localization", "l001", seats=3, guide=0)
    refused(state, 2, "pawn correct H4", "Player 2's turn")
    refused(new(2), 0, "answer A", "rolling the die")


def test_summary_names_who_acts_and_points_to_a_rules_section():
    book = load_rules("bioviva")
    states = [
        new(3),
        challenge("question", "q001"),
        challenge("localization", "l001"),
        challenge("association", "a005"),
        act(challenge("association", "a005"), 0, "tile mane"),
        replace(new(3), phase="over", end_reason="test"),
    ]
    for state in states:
        summary = ENGINE.summary(state, None)
        assert book.section(summary.rules_topic) is not None, summary.rules_topic
        assert summary.status and len(summary.panels) == 3
    assert "Player 1 (guide)" == ENGINE.summary(new(3), None).panels[0].title


def test_rules_reference_has_the_lookup_sections_and_every_tile():
    book = load_rules("bioviva")
    anchors = {s.anchor for s in book.sections}
    for anchor in [
        "overview",
        "setup",
        "turn",
        "the-die",
        "question",
        "localization",
        "word-association",
        "tiles",
        "clarification",
        "magnifier",
        "replies",
        "passing",
        "young-players-help",
        "scoring",
        "end-of-the-game",
        "symbol-tiles",
        "adaptation-notes",
    ]:
        assert anchor in anchors, anchor
    glossary = book.section("symbol-tiles").body
    for tile in load_cards().tiles:
        assert f"**{tile.label}** (`{tile.id}`, glyph `{tile.glyph}`)" in glossary


def test_the_engine_package_imports_no_ui_or_saves():
    import subprocess
    import sys
    from pathlib import Path

    code = (
        "import sys\nfrom engines.bioviva import ENGINE\n"
        "bad = sorted(m for m in sys.modules if m.split('.')[0] in {'textual', 'rich', 'tui', 'saves'})\n"
        "assert not bad, bad\n"
    )
    root = Path(__file__).resolve().parents[2]
    result = subprocess.run([sys.executable, "-c", code], cwd=root, capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr


def test_states_round_trip_through_msgspec():
    state = act(challenge("association", "a005", seats=3), 0, "tile leg+small")
    from engines.bioviva.engine import BiovivaState

    assert msgspec.json.decode(msgspec.json.encode(state), type=BiovivaState) == state


# -- who starts ---------------------------------------------------------------------------
def test_the_players_choose_the_first_guide_and_seat_1_is_the_default():
    from engines.bioviva.actions import BiovivaOptions
    from engines.core.match import Match, SeatSpec

    assert ENGINE.new_game(BiovivaOptions(), 3, 1).guide == 0
    state = ENGINE.new_game(BiovivaOptions(first_guide=3), 3, 1)
    assert state.guide == 2 and ENGINE.actors(state) == (-1,)
    match = Match(ENGINE, BiovivaOptions(first_guide=2), [SeatSpec("A"), SeatSpec("B"), SeatSpec("C")], 5)
    match.act(*match.next_bot_or_auto())
    assert match.log_lines(None)[0] == (
        "Player 2 is the first guide, as chosen at setup (the rulebook has the oldest player start)."
    )
    assert match.log_lines(None)[1].startswith("Turn 1: Player 2 (guide) rolls the die")


def test_a_first_guide_who_is_not_at_the_table_is_refused():
    from engines.bioviva.actions import BiovivaOptions
    from engines.core.errors import BadOptions

    with pytest.raises(BadOptions, match="1 to 3 in this game: 4 is not a seat"):
        ENGINE.new_game(BiovivaOptions(first_guide=4), 3, 1)


# -- saves from the first edition of the rules ------------------------------------------------
def test_a_save_from_the_first_rules_edition_is_refused_with_its_reason(tmp_path):
    """Edition 1 typed guesses in turn: its journals cannot replay under sealed rounds."""
    import json

    from engines.bioviva.actions import BiovivaOptions
    from engines.core.match import Match, SeatSpec
    from saves.errors import SaveError
    from saves.store import load, write_match

    match = Match(ENGINE, BiovivaOptions(), [SeatSpec("Ana"), SeatSpec("Ben")], 4)
    match.act(*match.next_bot_or_auto())
    path = tmp_path / "old.json"
    write_match(match, path)
    assert load(path).digest() == match.digest()  # today's save loads
    data = json.loads(path.read_text())
    for field in ("first_guide", "edition"):
        del data["options"][field]
    path.write_text(json.dumps(data))
    with pytest.raises(SaveError) as refused:
        load(path)
    assert "edition 1 of Bioviva's rules" in str(refused.value)
    assert "guesses typed in turn" in str(refused.value)
    # A new game from the command line names only some options: it is not mistaken for one.
    assert ENGINE.decode_options({"target": 5}).edition == "2"


def test_every_phase_a_seat_acts_in_has_its_handler_named_in_one_table() -> None:
    """Dispatch is explicit (a table of handlers, no method names looked up at run time):
    every phase but the game's end has the handler of the actions taken in it."""
    from typing import get_args

    from engines.bioviva.engine import _HANDLERS
    from engines.bioviva.state import Phase

    assert set(_HANDLERS) == set(get_args(Phase)) - {"over"}
    assert all(handler.__name__ == f"_apply_{phase}" for phase, handler in _HANDLERS.items())


# -- a finished challenge leaves nothing of its table ------------------------------------------
#: What the game keeps from one challenge to the next: the table itself (decks, scores,
#: guide, turn, the die's last face, the last result), the seat that placed first at the
#: last localization (the next one starts a seat further), and the reveal order's lot and
#: round count, which only a word association reads and which its roll draws afresh.
KEPT = {
    "options", "seats", "rng", "scores", "earned", "question_deck", "localization_deck", "animal_deck",
    "plus_deck", "turn", "guide", "phase", "die", "last", "end_reason", "loc_start", "guess_rounds",
    "order_start",
}  # fmt: skip


def _played_to_the_end(kind: str) -> BiovivaState:
    """A challenge of `kind` played so that its table holds something in every field
    it uses, up to the move that scores it."""
    if kind == "question":
        state = challenge("question", "q001", seats=3, young=(3,))
        return run(state, (0, "answer C"), (2, "peek 1"), (2, "answer C"), (1, "answer A"))
    if kind == "localization":
        state = challenge("localization", "l001", seats=2)
        return run(state, (1, "pawn correct A1"), (0, "pawn decoy A2"), (1, "pawn decoy A3"), (0, "pawn correct A4"))
    # A young guide passes the pangolin for the red panda, whose clarification they read out.
    state = replace(challenge("association", "a070", seats=3, young=(1,)), animal_deck=("a066",))
    state = run(state, (0, "magnifier H20"), (0, "pass-card"), (0, "clarify"), (0, "magnifier C12"))
    state = run(state, (0, "tile fur+small"), (1, "guess zebra"), (2, "guess ant"), (0, "reply almost"), (0, "done"))
    assert state.tiles and state.magnifier and state.passed and state.clarified and state.guesses and state.waiting
    return run(state, (2, "pass"), (1, "guess red panda"))


@pytest.mark.parametrize("kind", ["question", "localization", "association"])
def test_a_finished_challenge_leaves_nothing_of_its_table_for_the_next(kind):
    """Every field a challenge fills is cleared when it is scored (`FRESH_ASSOCIATION` for a
    word association's table, named once for its start and its end): a field added to the
    state and forgotten there would carry one card's table into the next challenge."""
    from msgspec.structs import fields

    state = _played_to_the_end(kind)
    assert state.phase == "roll" and state.last.kind == kind and state.last.winners
    fresh = new(state.seats)
    for field in fields(BiovivaState):
        if field.name not in KEPT:
            assert getattr(state, field.name) == getattr(fresh, field.name), field.name
