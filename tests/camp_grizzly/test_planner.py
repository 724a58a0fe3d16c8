"""The plan Camp Grizzly's search levels play by (engines/camp_grizzly/planner.py): the whole
move weighed against Otis' reach, the best loadout within the hands, and the finale the team
gathers for. Each test sets up a position where the heuristic does otherwise."""

from __future__ import annotations

import msgspec

from engines.camp_grizzly import content
from engines.camp_grizzly.actions import ChooseOption, Equip, Move, StartFinale, Trade, Unequip
from engines.camp_grizzly.bots import HeuristicBot, distances
from engines.camp_grizzly.engine import ENGINE
from engines.camp_grizzly.planner import GATHER_STEPS, PlannerBot, fights_ahead, loadout, target_finale
from engines.camp_grizzly.state import CampState
from engines.camp_grizzly.view import FinaleView
from engines.core.match import Match, SeatSpec
from engines.core.protocol import AUTO, Bot, BotContext
from engines.core.rng import Rng
from tests.camp_grizzly.rules_helpers import fresh

M = content.camp_map()


def _ask(bot: Bot, state: CampState, seat: int = 0):
    return bot.choose(
        BotContext(
            engine=ENGINE, seat=seat, view=ENGINE.view(state, seat), legal=ENGINE.legal_actions(state, seat), rng=Rng(1)
        )
    )


def _walk(bot: Bot, state: CampState) -> CampState:
    """The active counselor's move phase as `bot` plays it, up to its first choice that is
    not a step."""
    while True:
        action = _ask(bot, state)
        if not isinstance(action, Move):
            return state
        state = ENGINE.apply(state, 0, action).state


def _sort_gear(bot: Bot, state: CampState) -> CampState:
    """The active counselor's stowing and equipping as `bot` plays them, up to its first
    choice that is neither (a few at most)."""
    for _ in range(8):
        action = _ask(bot, state)
        if not isinstance(action, Unequip | Equip):
            break
        state = ENGINE.apply(state, 0, action).state
    return state


def test_the_best_loadout_within_the_hands() -> None:
    # Two one-handed d6s (3.5 each) beat a two-handed d8 (4.5) in two hands...
    chosen, worth = loadout(["hay_fork", "tire_iron", "softball_bat"], 2)
    assert sorted(chosen) == ["softball_bat", "tire_iron"] and worth == 7.0
    # ...and with three hands (Handy) the d8 joins one of them.
    chosen, worth = loadout(["hay_fork", "tire_iron", "softball_bat"], 3)
    assert "hay_fork" in chosen and len(chosen) == 2 and worth == 8.0
    assert loadout(["running_shoes"], 2) == ([], 0.0)  # clothing takes no hands


def test_a_weak_weapon_is_stowed_for_a_better_pair() -> None:
    s = fresh(setup="normal", seats=1)
    mitch = s.counselors["mitch"]
    mitch.equipped, mitch.backpack = ["whittling_knife", "tent_mallet"], ["fireplace_poker", "cast_iron_skillet"]
    # The heuristic never stows: with its hands full it leaves the better weapons packed.
    assert not isinstance(_ask(HeuristicBot(), s), Unequip | Equip)
    s = _sort_gear(PlannerBot(), s)
    assert sorted(s.counselors["mitch"].equipped) == ["cast_iron_skillet", "fireplace_poker"]


def test_a_second_copy_of_an_equipped_weapon_replaces_a_weaker_one() -> None:
    # Two softball bats are in the content: one equipped, the other packed behind a knife.
    s = fresh(setup="normal", seats=1)
    mitch = s.counselors["mitch"]
    mitch.equipped, mitch.backpack = ["softball_bat", "whittling_knife"], ["softball_bat"]
    s = _sort_gear(PlannerBot(), s)
    assert s.counselors["mitch"].equipped == ["softball_bat", "softball_bat"]


def _in_reach() -> CampState:
    """Mitch on the Campfire, unarmed, Otis two steps off (Stalk 3 on Normal)."""
    s = fresh(setup="normal", seats=1)
    campfire = M.places["campfire"]
    s.counselors["mitch"].cell = campfire
    walk = distances([campfire])
    s.otis = min(cell for cell, steps in walk.items() if steps == 2)
    return s


def test_the_move_ends_out_of_otis_reach() -> None:
    s = _in_reach()
    assert s.otis is not None
    reach = ENGINE.view(s, 0).otis.stalk
    danger = distances([s.otis], otis=True)

    def otis_steps(state: CampState) -> int:
        cell = state.counselors["mitch"].cell
        assert cell is not None
        return danger[cell]

    assert otis_steps(s) <= reach
    assert otis_steps(_walk(PlannerBot(), s)) > reach
    # The heuristic walks one step at a time towards a '?', Otis or not.
    assert otis_steps(_walk(HeuristicBot(), s)) <= reach


def _holding(state: CampState, *minis: str) -> CampState:
    state.counselors["mitch"].objectives = list(minis)
    return state


def test_the_team_aims_for_the_finale_that_escapes_most_often() -> None:
    s = _holding(fresh(setup="normal", seats=2), "camp_keys", "gas_can", "battery", "oar", "lantern")
    assert target_finale(ENGINE.view(s, 0)) == "boat"  # the Van is complete too
    s.failed_finales = ["boat"]
    assert target_finale(ENGINE.view(s, 0)) == "van"
    s.failed_finales = ["boat", "van"]
    assert target_finale(ENGINE.view(s, 0)) is None


def test_the_starter_waits_for_a_teammate_near_the_arrow() -> None:
    s = _holding(fresh(setup="normal", seats=2), "camp_keys", "oar", "lantern")
    arrow = M.site_cells["boat"]
    s.counselors["mitch"].cell = arrow
    s.otis = None  # lurking: nobody in reach
    near = min(cell for cell, steps in distances([arrow]).items() if steps == 3)
    s.counselors["wendy"].cell = near
    assert StartFinale("boat") in ENGINE.legal_actions(s, 0)
    assert isinstance(_ask(HeuristicBot(), s), StartFinale)
    assert not isinstance(_ask(PlannerBot(), s), StartFinale)
    # Wendy arrives: go.
    s.counselors["wendy"].cell = arrow
    assert _ask(PlannerBot(), s) == StartFinale("boat")


def test_the_starter_goes_at_once_with_otis_near_the_arrow_or_a_teammate_far() -> None:
    s = _holding(fresh(setup="normal", seats=2), "camp_keys", "oar", "lantern")
    arrow = M.site_cells["boat"]
    s.counselors["mitch"].cell = arrow
    walk = distances([arrow])
    s.counselors["wendy"].cell = min(cell for cell, steps in walk.items() if steps == 3)
    s.otis = None
    assert not isinstance(_ask(PlannerBot(), s), StartFinale)  # the waiting case, as above
    # Otis two steps from the arrow (Stalk 3 on Normal): no waiting.
    danger = distances([arrow], otis=True)
    s.otis = min(cell for cell, steps in danger.items() if steps == 2 and cell != s.counselors["wendy"].cell)
    assert _ask(PlannerBot(), s) == StartFinale("boat")
    # Otis lurking, but the teammate further than GATHER_STEPS: no waiting either.
    s.otis = None
    s.counselors["wendy"].cell = min(cell for cell, steps in walk.items() if steps == GATHER_STEPS + 1)
    assert _ask(PlannerBot(), s) == StartFinale("boat")


def test_a_spare_weapon_goes_to_the_teammate_it_helps() -> None:
    s = fresh(setup="normal", seats=2)  # everyone starts on the Campfire
    mitch, wendy = s.counselors["mitch"], s.counselors["wendy"]
    mitch.equipped, mitch.backpack = ["softball_bat", "tire_iron"], ["whittling_knife"]
    wendy.equipped, wendy.backpack = [], []
    assert _ask(PlannerBot(), s) == Trade("MK", "whittling_knife", "WP")
    # A teammate already holding two d6s gains nothing from a d4: it stays packed.
    wendy.equipped = ["cast_iron_skillet", "croquet_mallet"]
    assert not isinstance(_ask(PlannerBot(), s), Trade)


def test_a_finale_choice_takes_the_easier_fights() -> None:
    # The Ranger Tower: Radio holds the hatch against Otis at +2, Flare fights him level.
    assert fights_ahead("tower", "fire_flare") < fights_ahead("tower", "hold_the_hatch")
    # The Barn: luring him may skip the fight in the dark (+2) before the hay drops (-1).
    assert fights_ahead("barn", "lure") < fights_ahead("barn", "in_the_dark")
    s = fresh(setup="normal", seats=1)
    view = ENGINE.view(s, 0)
    for site, step, wanted in (("tower", "signal", "Flare"), ("barn", "bait", "Lure")):
        finale = FinaleView(site, site, 0, step, "choice", "", ("MK",), (), 0)
        choice_view = msgspec.structs.replace(view, phase="finale", finale=finale)
        options = [
            ChooseOption(o.label) for o in next(x for x in content.finales()[site].steps if x.id == step).options
        ]
        ctx = BotContext(engine=ENGINE, seat=0, view=choice_view, legal=options, rng=Rng(1))
        assert PlannerBot().choose(ctx) == ChooseOption(wanted)


def test_planner_teams_play_seeded_games_to_the_end() -> None:
    options = msgspec.structs.replace(ENGINE.default_options(), setup="normal")
    for seed in range(1, 6):
        seats = [SeatSpec(f"Planner {n + 1}", "bot", "heuristic") for n in range(2)]
        match = Match(ENGINE, options, seats, seed)
        bots = [PlannerBot(), PlannerBot()]
        while not match.is_over():
            actors = match.actors()
            if actors == (AUTO,):
                match.act(AUTO, ENGINE.auto_action(match.state))
                continue
            seat = actors[0]
            action = match.bot_choice(seat, bots[seat])
            assert action in ENGINE.legal_actions(match.state, seat)
            match.act(seat, action)
        assert match.state.result in ("win", "loss")
