"""The Retreat Center expansion: staff, symbols, thrill, upgrades (both cost options), gifts."""

from __future__ import annotations

import pytest
from msgspec.structs import replace

from engines.bivouac import ENGINE, content
from engines.bivouac.effects import Log
from engines.bivouac.expansion import phase3_upgrades, play_upgrade, upgrade_problem
from engines.bivouac.misfortunes import draw_misfortunes
from engines.bivouac.state import Lasting, OwnedActivity
from engines.bivouac.wages import begin_wages
from engines.core.errors import IllegalAction
from tests.bivouac.helpers import act, at_round, events, legal, new, owning, refused, res, retrieving, with_player

KEEP = {"start": (0,), "bank": (1,)}


def test_each_player_gets_a_starting_staff_and_three_staff_are_revealed() -> None:
    state = new(4, expansion=True)
    starting = {s.id for s in content.content().staff if s.starting}
    assert sorted(p.staff[0] for p in state.players) == sorted(starting)
    assert len(state.staff_shown) == 3 and not set(state.staff_shown) & starting
    assert len(state.staff_shown) + len(state.staff_deck) == len(content.content().staff) - 4


def test_three_upgrades_each_and_two_more_with_the_activities_director() -> None:
    for seed in range(5):
        state = new(3, seed, expansion=True)
        for p in state.players:
            assert len(p.upgrade_hand) == (5 if p.staff == ("activities-director",) else 3)


def test_upgrade_hands_are_hidden_from_other_players() -> None:
    state = new(3, expansion=True)
    view = ENGINE.view(state, 1)
    assert view.players[1].upgrade_hand == state.players[1].upgrade_hand
    assert view.players[0].upgrade_hand is None and view.players[0].upgrades_in_hand == 3
    assert ENGINE.view(state, None).players[1].upgrade_hand is None


def test_a_staff_symbol_cancels_the_matching_misfortune() -> None:
    state = replace(new(3, expansion=True), misfortune_deck=("kitchen-fire", "kitchen-fire"))
    covered = with_player(state, 0, staff=("head-cook",), money=10)
    assert draw_misfortunes(covered, 0, 1, Log()).players[0].money == 10
    exposed = with_player(state, 0, staff=("camp-nurse",), money=10)
    assert draw_misfortunes(exposed, 0, 1, Log()).players[0].money == 6


def test_a_staff_symbol_negates_a_lasting_misfortune_already_in_effect_once_hired() -> None:
    """Staff abilities work at once: a matching misfortune in front of the player stops biting."""
    state = at_round(new(3, expansion=True), 5)  # April
    state = replace(state, staff_shown=("swim-coach", "trail-ranger", "wrangler"), staff_deck=())
    state = retrieving(
        state,
        0,
        {"hiring": (0,), **KEEP},
        money=3,
        activities=owning("high-ropes"),
        on_cards=(("high-ropes", 1),),
        misfortunes=(Lasting("pool-closed", 5),),
    )
    state = act(act(act(state, 0, "return hiring"), 0, "hire"), 0, "staff swim-coach")
    assert state.players[0].misfortunes == ()
    assert "pool-closed" in state.misfortune_discard
    assert act(state, 0, "return high-ropes").players[0].vp == 3  # Pool Closed would make it 2


def test_hiring_may_take_a_revealed_staff_paying_its_cost_and_a_new_one_is_revealed() -> None:
    state = new(3, expansion=True)
    state = replace(
        state, staff_shown=("bookkeeper", "trail-ranger", "wrangler"), staff_deck=("song-leader", "fundraiser")
    )
    state = retrieving(state, 0, {"hiring": (0,), **KEEP}, money=3)
    state = act(act(state, 0, "return hiring"), 0, "hire")
    assert state.pending is not None
    assert legal(state, 0) == ["staff trail-ranger", "staff wrangler", "skip"]  # Bookkeeper costs 4
    assert "costs 4 money" in refused(state, 0, "staff bookkeeper")
    state = act(state, 0, "staff trail-ranger")
    me = state.players[0]
    assert "trail-ranger" in me.staff and me.money == 2 and me.workers == 6
    assert state.staff_shown == ("bookkeeper", "wrangler", "song-leader")


def test_a_staff_ability_works_at_once() -> None:
    state = new(3, expansion=True)
    state = replace(state, staff_shown=("quartermaster", "trail-ranger", "wrangler"), staff_deck=())
    state = retrieving(state, 0, {"hiring": (0,), "wood": (0,), **KEEP}, money=3)
    state = act(act(act(state, 0, "return hiring"), 0, "hire"), 0, "staff quartermaster")
    state = act(state, 0, "return wood")
    assert state.players[0].money == 3 - 2 + 1


def test_the_high_adventure_specialist_rewards_thrill_activities() -> None:
    base = at_round(new(3, expansion=True), 5)  # April
    for staff, vp in ((("camp-nurse",), 3), (("camp-nurse", "high-adventure-specialist"), 4)):
        state = retrieving(base, 0, KEEP, staff=staff, activities=owning("high-ropes"), on_cards=(("high-ropes", 1),))
        assert act(state, 0, "return high-ropes").players[0].vp == vp


def test_pony_rides_and_the_stables() -> None:
    state = at_round(new(3, expansion=True), 6)  # May
    state = retrieving(
        state,
        0,
        KEEP,
        activities=owning("pony-rides"),
        on_cards=(("pony-rides", 1),),
        amenities=("lodge", "stables"),
        money=0,
    )
    state = act(state, 0, "return pony-rides")
    assert state.players[0].vp == 2 + 2 and state.players[0].money == 2
    final = replace(state, phase="over")
    lines = {line.label: line.points for line in ENGINE.outcome(final).breakdown[0]}
    assert lines["Amenity bonuses"] == 2


def _upgrade_position(upgrade_cost: str):
    state = new(3, expansion=True, upgrade_cost=upgrade_cost)
    state = with_player(
        state,
        0,
        activities=owning("sledding"),
        upgrade_hand=("toboggans", "telescope"),
        resources=res(wood=2),
        money=20,
        workers=3,
    )
    return begin_wages(replace(state, phase="retrieve", start=0), Log())


def test_upgrading_in_phase_3_pays_the_cost_by_default() -> None:
    state = _upgrade_position("pay")
    assert state.actor == 0 and legal(state, 0) == ["upgrade toboggans", "done"]
    assert "which you do not own" in refused(state, 0, "upgrade telescope")
    state = act(state, 0, "upgrade toboggans")
    me = state.players[0]
    assert me.activities[0].upgrade == "toboggans" and me.resources == res(wood=1)
    assert me.upgrade_hand == ("telescope",)


def test_upgrading_with_the_free_option_costs_nothing() -> None:
    state = act(_upgrade_position("free"), 0, "upgrade toboggans")
    assert state.players[0].activities[0].upgrade == "toboggans" and state.players[0].resources == res(wood=2)


def _without_other_hands(state, seat: int):
    """No other player holds an upgrade, so phase 3 passes them by."""
    for other in range(state.seats):
        if other != seat:
            state = with_player(state, other, upgrade_hand=())
    return state


def test_an_upgrade_the_player_cannot_pay_for_is_not_offered() -> None:
    state = new(3, expansion=True)
    state = with_player(state, 0, activities=owning("sledding"), upgrade_hand=("toboggans",), resources=res(), money=20)
    assert upgrade_problem(state, 0, "toboggans", free=False) == "Toboggans costs 1 wood."
    state = begin_wages(replace(_without_other_hands(state, 0), phase="retrieve", start=0), Log())
    # Without wood no card could go on Sledding, whatever the hand holds: no turn.
    assert state.round == 2


def test_an_activity_bought_this_round_is_face_down_and_cannot_be_upgraded_yet() -> None:
    state = new(3, expansion=True)
    state = with_player(
        state,
        0,
        activities=owning("sledding", fresh=True),
        upgrade_hand=("toboggans",),
        resources=res(wood=2),
        money=20,
        workers=3,
    )
    assert "face down" in upgrade_problem(state, 0, "toboggans", free=False)
    assert "face down" in upgrade_problem(state, 0, "toboggans", free=True)  # a Program Grant neither
    state = _without_other_hands(state, 0)
    state = begin_wages(replace(state, phase="retrieve", start=0), Log())
    assert state.round == 2 and not state.players[0].activities[0].fresh  # nothing to play: January came
    assert upgrade_problem(state, 0, "toboggans", free=False) is None


def test_an_upgraded_activity_earns_what_the_upgrade_adds() -> None:
    state = at_round(new(3, expansion=True), 3)  # February
    state = retrieving(
        state,
        0,
        KEEP,
        activities=(replace(owning("sledding")[0], upgrade="toboggans"),),
        on_cards=(("sledding", 1),),
        money=0,
    )
    state = act(state, 0, "return sledding")
    assert state.players[0].vp == 2 + 2 and state.players[0].money == 3


def test_a_staffing_grant_reveals_an_extra_staff_card_and_gives_one_free() -> None:
    state = new(3, expansion=True)
    state = replace(
        state,
        staff_shown=("bookkeeper", "trail-ranger", "wrangler"),
        staff_deck=("song-leader", "fundraiser"),
        gift_piles=((), ("staffing-grant",), ()),
    )
    state = retrieving(state, 0, {"gift": (0,), **KEEP}, donor=4, money=0)
    state = act(state, 0, "return gift")
    assert legal(state, 0) == [
        "gift-staff bookkeeper",
        "gift-staff trail-ranger",
        "gift-staff wrangler",
        "gift-staff song-leader",
        "skip",
    ]
    free = ENGINE.legal_actions(state, 0)[0]
    bookkeeper = content.staff()["bookkeeper"].text
    assert ENGINE.describe_action(free) == f"take staff Bookkeeper (free, a donor gift): {bookkeeper}"
    assert "money)" not in ENGINE.describe_action(free)  # no price: the gift pays
    assert "gift" in refused(state, 0, "staff bookkeeper")
    state = act(state, 0, "gift-staff bookkeeper")
    assert state.players[0].money == 0 and "bookkeeper" in state.players[0].staff
    assert state.staff_shown == ("trail-ranger", "wrangler", "song-leader")


def test_a_program_grant_plays_an_upgrade_for_free() -> None:
    # Rulebook: "During Phase 3, a player may choose to upgrade an activity"; the page-10
    # summary: "upgrade an activity from your hand during Phase 3 without paying the cost".
    state = new(3, expansion=True)
    state = replace(state, gift_piles=((), ("program-grant",), ()))
    state = retrieving(
        state,
        0,
        {"gift": (0,), **KEEP},
        donor=5,
        activities=owning("sledding"),
        upgrade_hand=("toboggans",),
        resources=res(),
    )
    state = act(state, 0, "return gift")
    assert state.players[0].free_upgrades == 1 and "upgrade toboggans" not in legal(state, 0)
    state = begin_wages(replace(state, phase="retrieve", pending=None, start=0), Log())
    assert state.phase == "wages" and state.actor == 0
    assert legal(state, 0) == ["upgrade toboggans", "done"]  # no wood: free all the same
    assert events(state, 0, "upgrade toboggans")[0].endswith("for free (the Program Grant).")
    state = act(state, 0, "upgrade toboggans")
    assert state.players[0].activities[0].upgrade == "toboggans"
    assert state.players[0].free_upgrades == 0 and state.players[0].resources == res()


def test_activities_not_usable_during_the_current_month_are_placed_face_down_and_take_no_upgrade() -> None:
    # Rulebook: "any activities next to a player's board that are not usable during the
    # current month are placed face-down"; an upgrade goes on an activity owned face up.
    state = new(3, expansion=True)
    state = with_player(state, 0, activities=owning("sledding"), upgrade_hand=("toboggans",), resources=res(wood=3))
    july = replace(state, round=8, phase="wages", actor=0)
    assert legal(july, 0) == []  # so begin_wages passes this player by
    assert refused(july, 0, "upgrade toboggans") == (
        "Sledding is out of season in July and lies face down; upgrade it in one of its months."
    )
    january = begin_wages(replace(state, round=2, phase="retrieve", start=0), Log())
    assert january.phase == "wages" and "upgrade toboggans" in legal(january, 0)


def test_a_player_may_choose_to_upgrade_an_activity_using_one_of_the_upgrade_cards() -> None:
    # Rulebook: "During Phase 3, a player may choose to upgrade an activity using one of the
    # upgrade cards in their hand": one upgrade a phase 3 (a Program Grant's comes besides).
    state = new(3, expansion=True)
    state = with_player(
        state,
        0,
        activities=owning("dodgeball", "bouldering-wall", "archery"),
        upgrade_hand=("foam-balls", "new-holds", "compound-bows"),
        resources=res(wood=3, stone=3, rope=3, canvas=3),
        money=20,
        staff=(),
    )
    state = replace(_without_other_hands(state, 0), round=6, phase="wages", actor=0)  # May
    once = play_upgrade(state, 0, "foam-balls", Log())
    assert phase3_upgrades(once, 0) == []
    assert refused(once, 0, "upgrade new-holds") == "You have played this round's upgrade; one upgrade a phase 3."
    passed = act(state, 0, "upgrade foam-balls")  # nothing more to play: the round ends
    assert passed.round == 7 and not passed.players[0].upgraded  # next round, one more

    granted = act(with_player(state, 0, free_upgrades=1), 0, "upgrade new-holds")  # the gift's, free
    assert legal(granted, 0) == ["upgrade foam-balls", "upgrade compound-bows", "done"]  # the round's own
    granted = act(granted, 0, "upgrade compound-bows")
    assert granted.round == 7 and granted.players[0].resources == res(wood=2, stone=3, rope=2, canvas=3)


def test_upgrades_are_played_during_phase_3_never_in_phase_2() -> None:
    # Rulebook: "During Phase 3, a player may choose to upgrade an activity": a Program Grant
    # drawn before a half-staffed Zip Line comes back does not make it pay this round.
    state = new(3, expansion=True)
    state = replace(state, round=8, gift_piles=((), ("program-grant",), ()))  # July
    state = retrieving(
        state,
        0,
        {"gift": (0,), **KEEP},
        donor=4,
        on_cards=(("zip-line", 1),),
        activities=owning("zip-line"),
        upgrade_hand=("double-cable",),
    )
    state = act(state, 0, "return gift")
    assert legal(state, 0) == ["return start", "return zip-line"]
    from engines.bivouac.actions import PlayUpgrade

    with pytest.raises(IllegalAction) as refusal:
        ENGINE.apply(state, 0, PlayUpgrade("double-cable"))
    assert refusal.value.reason == "Upgrades are played in phase 3, after wages; now bring back your workers."
    assert "needed more: nothing" in events(state, 0, "return zip-line")[0]


def test_remaining_starting_cards_are_placed_back_in_the_box() -> None:
    # Rulebook: "Each player is randomly assigned one of the 4 starting staff cards;
    # remaining starting cards are placed back in the box": an Activities Director is dealt
    # at setup with its two upgrades, never found in the staff deck later.
    starting = {s.id for s in content.content().staff if s.starting}
    for seed in range(1, 9):
        state = new(3, seed=seed, expansion=True)
        assert not starting & set(state.staff_deck + state.staff_shown)
        for player in state.players:
            director = "activities-director" in player.staff
            assert len(player.upgrade_hand) == (5 if director else 3)


def test_an_activities_director_taken_later_deals_two_more_upgrades() -> None:
    state = new(3, expansion=True)
    state = replace(state, staff_shown=("activities-director",), staff_deck=())
    state = retrieving(state, 0, {"hiring": (0,), **KEEP}, staff=("camp-nurse",), upgrade_hand=("toboggans",), money=5)
    box = state.upgrade_deck[:2]
    state = act(act(act(state, 0, "return hiring"), 0, "hire"), 0, "staff activities-director")
    assert state.players[0].upgrade_hand == ("toboggans", *box)


def test_the_action_list_says_a_staff_card_is_free_or_what_it_costs() -> None:
    from engines.bivouac.actions import TakeStaff

    costs = {s.cost: s for s in content.content().staff}
    assert 0 in costs and any(c > 0 for c in costs)
    free, paid = costs[0], costs[max(costs)]
    assert ENGINE.describe_action(TakeStaff(free.id)) == f"take staff {free.name} (free): {free.text}"
    assert ENGINE.describe_action(TakeStaff(paid.id)) == f"take staff {paid.name} ({paid.cost} money): {paid.text}"


def test_only_a_screen_choosing_an_upgrade_shows_a_secret() -> None:
    """The hot-seat curtain asks the engine: a seat's screen shows its hand by itself only
    when it chooses an upgrade to play (phase 3), never while placing."""
    from engines.core.match import Match, SeatSpec

    from engines.bivouac.state import BivouacOptions

    bots = [SeatSpec(f"bot {n}", "bot", "heuristic") for n in range(3)]
    match = Match(ENGINE, BivouacOptions(expansion=True, upgrade_cost="free", first_player="1"), bots, 1)
    handovers = secret = 0
    while not match.is_over():
        state = match.state
        for seat in range(3):
            shows = ENGINE.shows_secret(state, seat)
            choosing = seat == state.actor and any(a.startswith("upgrade ") for a in legal(state, seat))
            assert not shows or state.phase == "wages"
            assert shows or not choosing
        before = state.actor
        match.act(*match.next_bot_or_auto())
        if match.state.actor not in (before, -1):
            handovers += 1
            secret += ENGINE.shows_secret(match.state, match.state.actor)
    # Only phase 3 turns of players holding upgrades, with an activity one could go on.
    assert 0 < secret < handovers / 5


def _phase_3_with_hand(hand: tuple[str, ...], **fields):
    """Seat 1 (Sledding face up in January, wood to pay) holds `hand` as wages begin; the
    others hold no upgrade."""
    state = new(3, expansion=True)
    for seat in range(3):
        state = with_player(state, seat, upgrade_hand=(), money=20, staff=())
    if "seat_0" in fields:
        state = with_player(state, 0, activities=fields.pop("seat_0"))
    seat_1 = {"activities": owning("sledding"), "resources": res(wood=2), **fields}
    state = with_player(state, 1, upgrade_hand=hand, **seat_1)
    return begin_wages(replace(state, round=2, phase="retrieve", start=0), Log())


def test_a_phase_3_turn_never_tells_the_table_what_a_hidden_hand_holds() -> None:
    """Rulebook: "During Phase 3, a player may choose to upgrade an activity using one of the
    upgrade cards in their hand." Every player may: a turn given only to a hand holding a
    card it can play now would show every other player what that hand holds."""
    playable = _phase_3_with_hand(("toboggans",))  # Sledding's upgrade
    unplayable = _phase_3_with_hand(("telescope",))  # Stargazing's, not owned
    for viewer in (None, 0, 2):
        assert ENGINE.view(playable, viewer) == ENGINE.view(unplayable, viewer)
    assert ENGINE.shows_secret(playable, 1) == ENGINE.shows_secret(unplayable, 1) is True
    assert (playable.actor, legal(playable, 1)) == (1, ["upgrade toboggans", "done"])
    assert (unplayable.actor, legal(unplayable, 1)) == (1, ["done"])
    assert act(unplayable, 1, "done").round == 3


def test_a_phase_3_turn_is_skipped_only_for_what_the_table_sees() -> None:
    """No card in hand, this round's upgrade played, no activity an upgrade could go on now
    (face down, out of season or upgraded already), its upgrade played by someone else, or
    not the resources to pay for it: all public, so no turn is given."""
    for fields in (
        {"upgrade_hand": ()},
        {"upgraded": True},
        {"activities": owning("sledding", fresh=True)},
        {"activities": owning("archery")},  # out of season in January
        {"activities": (OwnedActivity("sledding", upgrade="toboggans"),)},
        {"resources": res(stone=2)},  # Toboggans costs 1 wood
        {"played_elsewhere": True},
    ):
        hand = fields.pop("upgrade_hand", ("telescope",))
        if fields.pop("played_elsewhere", False):
            fields["seat_0"] = (OwnedActivity("sledding", upgrade="toboggans"),)
        state = _phase_3_with_hand(hand, **fields)
        assert state.round == 3 and not ENGINE.shows_secret(state, 1), fields
    free = _phase_3_with_hand(("telescope",), resources=res(), free_upgrades=1)  # a Program Grant pays
    assert free.actor == 1 and legal(free, 1) == ["done"]
