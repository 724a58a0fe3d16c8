"""Rule tests for the decisions read closely from the rulebook (rules.md, Adaptation notes):
starting workers, no passing, a lasting misfortune acting once, the bank's 80 tokens, the
first player chosen by the table, and old saves of the earlier rules refused."""

from __future__ import annotations

import json

import pytest
from msgspec.structs import replace

from engines.bivouac import ENGINE
from engines.bivouac.effects import Log, pay_resources
from engines.bivouac.misfortunes import draw_misfortunes
from engines.bivouac.state import MONEY_TOKENS, BivouacOptions
from engines.bivouac.wages import end_round, wages_due
from engines.core.errors import BadOptions
from engines.core.match import Match, SeatSpec
from tests.bivouac.helpers import act, events, legal, new, owning, refused, res, retrieving, with_player


# -- "40 Workers" and "Extra Workers: 5 of each" -------------------------------------------------
def test_each_player_starts_with_the_five_workers_of_their_colour_left_after_the_hiring_pool() -> None:
    """The box holds 10 workers of each colour and setup puts 5 of each in the hiring pool:
    the other 5 are the player's from the start, and the pool's 5 all they can hire."""
    for seats in (2, 3, 4):
        state = new(seats)
        assert [p.workers for p in state.players] == [5] * seats
    state = act(
        act(retrieving(new(3), 0, {"hiring": (0,), "start": (0,), "bank": (1,)}, workers=9), 0, "return hiring"),
        0,
        "hire",
    )
    assert state.players[0].workers == 10
    state = act(retrieving(new(3), 0, {"hiring": (0,), "start": (0,), "bank": (1,)}, workers=10), 0, "return hiring")
    assert "hire" not in legal(state, 0)


# -- "Players take turns placing one worker at a time": no pass ----------------------------------
def test_there_is_no_pass_every_worker_is_placed() -> None:
    state = new(3)
    assert all(text.startswith("place ") for text in legal(state, 0))
    assert "not a Bivouac action" in refused(state, 0, "rest")
    # placement goes round until every worker of every player is out
    placed = 0
    while state.phase == "place":
        seat = state.actor
        state = ENGINE.apply(state, seat, ENGINE.legal_actions(state, seat)[0]).state
        placed += 1
    assert placed == 15 and all(p.placed == 5 for p in state.players)


def test_a_player_with_no_space_open_keeps_the_remaining_workers_home() -> None:
    """The rulebook never has a player unable to place; when every space open to them is
    taken, their remaining workers stay home (and are still paid)."""
    state = new(2)
    taken = {loc: ((0, 0, 0) if loc == "bank" else (1,)) for loc, _ in state.spots if loc != "hiring"}
    state = replace(state, spots=tuple((loc, taken.get(loc, ())) for loc, _ in state.spots), actor=1)
    state = with_player(state, 0, placed=3, activities=owning("disc-golf"))  # needs no worker
    state = with_player(state, 1, placed=4)
    said = events(state, 1, "place hiring")
    after = act(state, 1, "place hiring")
    assert any("stay home" in line and "2 remaining" in line for line in said)
    assert after.phase == "retrieve" and after.players[0].stays_home
    assert wages_due(after.players[0]) == 5


# -- "until the end of the next round" -----------------------------------------------------------
@pytest.mark.parametrize("card", ["overtime", "blown-fuse"])
def test_a_lasting_wage_penalty_is_charged_once_in_the_next_round(card: str) -> None:
    """Drawn in phase 2, the card lies face up until the end of the next round; it acts in
    that round, so the penalty is paid once, not in the round drawn as well."""
    state = replace(new(3, expansion=card == "blown-fuse"), misfortune_deck=(card,))
    state = with_player(state, 0, staff=())  # no staff symbol cancels it
    state = draw_misfortunes(state, 0, 1, Log())
    assert state.players[0].misfortunes and wages_due(state.players[0]) == 5  # round 1: not yet
    state = end_round(replace(state, phase="wages"), Log())
    assert state.round == 2 and wages_due(state.players[0]) == 7  # round 2: +2
    state = end_round(replace(state, phase="wages"), Log())
    assert state.players[0].misfortunes == () and wages_due(state.players[0]) == 5  # gone


def test_a_lasting_block_acts_in_the_next_round_only() -> None:
    state = replace(new(3), misfortune_deck=("bank-audit",))
    state = draw_misfortunes(state, 0, 1, Log())
    assert "place bank" in legal(state, 0)  # still round 1's placement position: not yet
    state = replace(end_round(replace(state, phase="wages"), Log()), actor=0)
    assert "away from the Bank" in refused(state, 0, "place bank")
    state = end_round(replace(state, phase="wages"), Log())
    assert "place bank" in legal(replace(state, actor=0), 0)


# -- "80 Money Tokens" ---------------------------------------------------------------------------
def test_the_bank_starts_with_the_tokens_not_dealt_as_starting_money() -> None:
    for seats in (2, 3, 4):
        assert new(seats).bank == MONEY_TOKENS - 8 * seats


def test_the_bank_never_pays_more_than_it_holds() -> None:
    state = replace(retrieving(new(3), 0, {"bank": (0, 0), "start": (0,)}, money=0), bank=3)
    state = act(state, 0, "return bank")  # 2 of the 3 left
    said = " ".join(events(state, 0, "return bank"))
    state = act(state, 0, "return bank")
    assert state.players[0].money == 3 and state.bank == 0
    assert said == "Player 1 takes 1 money from the Bank (the bank had only 1 of 2)."


def test_wages_go_back_to_the_bank() -> None:
    state = retrieving(new(3), 0, {"start": (0,)}, money=8)
    before = state.bank
    state = act(state, 0, "return start")  # seats 1 and 2 have no worker out: wages follow
    assert state.round == 2 and [p.money for p in state.players] == [8 + 1 - 5] * 3
    income, wages = 3 * 1, 3 * 5  # each Lodge pays 1 from the bank; five workers each are paid into it
    assert state.bank == before - income + wages


@pytest.mark.parametrize(("seats", "expansion", "seed"), [(2, False, 1), (4, True, 2), (3, True, 5)])
def test_money_in_play_never_exceeds_the_80_tokens(seats: int, expansion: bool, seed: int) -> None:
    bots = [SeatSpec(f"bot {n}", "bot", "heuristic") for n in range(seats)]
    match = Match(ENGINE, BivouacOptions(expansion=expansion), bots, seed)
    while not match.is_over():
        state = match.state
        in_hands = sum(p.money for p in state.players)
        assert state.bank >= 0 and in_hands + state.bank + sum(state.placeholders) == MONEY_TOKENS
        match.act(*match.next_bot_or_auto())


# -- "Use house rules to decide who goes first" --------------------------------------------------
def test_the_table_chooses_the_first_player_or_draws_one() -> None:
    for chosen in ("1", "2", "3"):
        state = new(3, seed=7, first_player=chosen)
        assert state.start == state.actor == int(chosen) - 1
    drawn = {new(3, seed=seed, first_player="draw").start for seed in range(30)}
    assert drawn == {0, 1, 2}
    assert new(3, seed=4, first_player="draw") == new(3, seed=4, first_player="draw")
    # who starts does not change the cards dealt
    dealt = {tuple(p.activities for p in new(3, seed=9, first_player=f).players) for f in ("1", "2", "draw")}
    assert len(dealt) == 1


def test_a_first_player_who_is_not_at_the_table_is_refused() -> None:
    with pytest.raises(BadOptions, match="seat number 1 to 3"):
        ENGINE.new_game(BivouacOptions(first_player="4"), 3, 1)


def test_the_default_is_a_draw() -> None:
    assert BivouacOptions().first_player == "draw"


# -- old saves -----------------------------------------------------------------------------------
def test_a_save_from_the_first_edition_of_these_rules_is_refused_in_one_sentence(tmp_path) -> None:
    from saves.errors import SaveError
    from saves.store import load, write_match

    match = Match(ENGINE, BivouacOptions(), [SeatSpec("Ana"), SeatSpec("Bo")], 3)
    path = tmp_path / "old.json"
    write_match(match, path)
    data = json.loads(path.read_text())
    data["options"] = {"expansion": False, "upgrade_cost": "pay"}  # all an edition-1 save stored
    path.write_text(json.dumps(data))
    with pytest.raises(SaveError) as refusal:
        load(path)
    reason = str(refusal.value)
    assert "edition 1 of Bivouac's rules" in reason and reason.count(". ") == 0


@pytest.mark.parametrize("edition", ["1", "2", "3", "9"])
def test_the_refusal_of_another_edition_describes_that_edition(edition) -> None:
    with pytest.raises(BadOptions) as refusal:
        ENGINE.new_game(BivouacOptions(edition=edition), 3, 1)
    reason = str(refusal.value)
    assert f"edition {edition} of Bivouac's rules" in reason and reason.count(". ") == 0
    assert ("3 starting workers" in reason) == (edition == "1")  # edition 1's differences only
    assert ("Program Grant" in reason) == (edition == "2")
    assert ("at Hiring" in reason) == (edition == "3")


# -- "a coin from the bank may be used as a placeholder" -----------------------------------------
def test_a_placeholder_coin_is_spent_first_and_scores_as_the_resource_at_the_end() -> None:
    state = with_player(new(3), 0, resources=res(wood=2), coins_for=res(wood=1), money=0, vp=0)
    state = replace(state, supply=(4, 5, 5, 5), placeholders=res(wood=1), bank=state.bank - 1)
    spent = pay_resources(state, 0, {"wood": 1})
    assert spent.players[0].coins_for == res() and spent.supply == (4, 5, 5, 5) and spent.bank == state.bank + 1
    lines = {line.label: line.points for line in ENGINE.outcome(replace(state, phase="over")).breakdown[0]}
    assert lines["Resources (1 VP each)"] == 2 and lines["Money (1 VP per 2)"] == 0


def test_an_edition_4_game_is_refused_with_the_expansion_and_replayed_without_it() -> None:
    """Edition 5 changed only the expansion's phase 3 (a turn for every player who may
    upgrade, whatever their hidden hand holds): a base game of edition 4 plays the same."""
    with pytest.raises(BadOptions) as refusal:
        ENGINE.new_game(BivouacOptions(edition="4", expansion=True), 3, 1)
    reason = str(refusal.value)
    assert "edition 4 of Bivouac's rules" in reason and "hidden upgrade hand" in reason
    assert reason.count(". ") == 0
    old = Match(ENGINE, BivouacOptions(edition="4"), [SeatSpec(f"bot {n}", "bot", "heuristic") for n in range(3)], 7)
    new = Match(ENGINE, BivouacOptions(), [SeatSpec(f"bot {n}", "bot", "heuristic") for n in range(3)], 7)
    while not old.is_over():
        old.act(*old.next_bot_or_auto())
        new.act(*new.next_bot_or_auto())
    assert ENGINE.outcome(old.state) == ENGINE.outcome(new.state)
