"""Phase 3: wages (workers minus donor level, paid in money, then resources, then VP),
activity upgrades with the expansion, and the move to the next month."""

from __future__ import annotations

from msgspec.structs import replace

from engines.bivouac import content
from engines.bivouac.actions import Action, Done, Pay, PlayUpgrade
from engines.bivouac.effects import Log, misfortune_total, pay_bank, pay_resources, perk_total, who
from engines.bivouac.expansion import phase3_upgrades, play_upgrade, upgrade_turn
from engines.bivouac.misfortunes import expire
from engines.bivouac.state import ROUNDS, BivouacState, Player, set_player, turn_order
from engines.core.errors import IllegalAction


def wages_due(player: Player) -> int:
    """1 money per worker, less 1 per donor level (and wage perks), plus lasting penalties."""
    base = player.workers - player.donor - perk_total(player, "wage_discount")
    return max(0, base) + misfortune_total(player, "wages")


def begin_wages(state: BivouacState, log: Log) -> BivouacState:
    return _next_payer(replace(state, phase="wages", pending=None), turn_order(state), log)


def _next_payer(state: BivouacState, seats: list[int], log: Log) -> BivouacState:
    for seat in seats:
        state = _charge(replace(state, actor=seat), seat, log)
        if wage_actions(state, seat):
            return state
    return end_round(state, log)


def _charge(state: BivouacState, seat: int, log: Log) -> BivouacState:
    me = state.players[seat]
    due = wages_due(me)
    paid = min(me.money, due)
    state = pay_bank(state, seat, paid)
    if due:
        log.say(f"{who(seat)} owes {due} money in wages and pays {paid} in money.")
    return _settle_debt(replace(state, wage_debt=due - paid), seat, log)


def _settle_debt(state: BivouacState, seat: int, log: Log) -> BivouacState:
    """With debt left and no resource to give, the rest is paid in VP (never below 0)."""
    me = state.players[seat]
    if state.wage_debt and not any(me.resources):
        lost = min(me.vp, state.wage_debt)
        log.say(f"{who(seat)} pays the last {state.wage_debt} of their wages in VP (loses {lost}).")
        state = set_player(state, seat, replace(me, vp=me.vp - lost))
        state = replace(state, wage_debt=0)
    return state


def wage_actions(state: BivouacState, seat: int) -> list[Action]:
    me = state.players[seat]
    if state.wage_debt:
        kinds = content.content().resources
        return [Pay(kind) for kind, n in zip(kinds, me.resources) if n > 0]
    if not state.options.expansion or not upgrade_turn(state, seat):
        return []
    return [*phase3_upgrades(state, seat), Done()]


def apply_wages(state: BivouacState, seat: int, action: Action, log: Log) -> BivouacState:
    if state.wage_debt:
        if not isinstance(action, Pay):
            raise IllegalAction(f"You still owe {state.wage_debt} money in wages: pay it with a resource.")
        kinds = content.content().resources
        if action.resource not in kinds or state.players[seat].resources[kinds.index(action.resource)] == 0:
            raise IllegalAction(f"You have no {action.resource} to pay with.")
        state = pay_resources(state, seat, {action.resource: 1})
        log.say(f"{who(seat)} pays 1 {action.resource} toward their wages.")
        state = _settle_debt(replace(state, wage_debt=state.wage_debt - 1), seat, log)
    elif isinstance(action, PlayUpgrade):
        state = play_upgrade(state, seat, action.card, log)
    elif isinstance(action, Done):
        if not wage_actions(state, seat):
            raise IllegalAction("There is nothing to finish.")
        return _after(state, seat, log, done=True)
    else:
        raise IllegalAction("Play an activity upgrade, or say you are done.")
    return _after(state, seat, log)


def _after(state: BivouacState, seat: int, log: Log, done: bool = False) -> BivouacState:
    if not done and wage_actions(state, seat):
        return state
    order = turn_order(state)
    return _next_payer(state, order[order.index(seat) + 1 :], log)


def end_round(state: BivouacState, log: Log) -> BivouacState:
    from engines.bivouac.placement import first_placer  # placement leads back here

    state = expire(state)
    if state.round >= ROUNDS:
        log.say("December again: the camp year is over.")
        return replace(state, phase="over", actor=-1, wage_debt=0)
    start = state.next_start if state.next_start >= 0 else state.start
    players = tuple(
        replace(
            p,
            placed=0,
            stays_home=False,
            on_cards=(),
            misfortunes=tuple(replace(m, acting=True) for m in p.misfortunes),
            shield_used=False,
            upgraded=False,
            activities=tuple(replace(o, fresh=False) for o in p.activities),
            amenities=p.amenities + p.fresh_amenities,
            fresh_amenities=(),
        )
        for p in state.players
    )
    spots = tuple((loc, ()) for loc, _ in state.spots)
    state = replace(
        state,
        round=state.round + 1,
        start=start,
        next_start=-1,
        players=players,
        spots=spots,
        phase="place",
        wage_debt=0,
    )
    month = content.month_of_round(state.round)
    log.say(f"Round {state.round}: {content.MONTHS[month - 1]} ({content.SEASONS[month]}); {who(start)} starts.")
    return first_placer(state, log)
