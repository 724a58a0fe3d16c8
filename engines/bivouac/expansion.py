"""The Retreat Center expansion: staff cards and activity upgrades."""

from __future__ import annotations

from msgspec.structs import replace

from engines.bivouac import content
from engines.bivouac.actions import Action, PlayUpgrade, Skip, TakeGiftStaff, TakeStaff
from engines.bivouac.effects import Log, can_pay, pay_bank, pay_resources, who
from engines.bivouac.state import BivouacState, owns_activity, set_player
from engines.core.errors import IllegalAction

SHOWN_STAFF = 3


def staff_choices(state: BivouacState, seat: int, free: bool) -> list[Action]:
    me = state.players[seat]
    shown = [s for s in state.staff_shown if free or content.staff()[s].cost <= me.money]
    choices: list[Action] = [TakeGiftStaff(s) if free else TakeStaff(s) for s in shown]
    return choices + [Skip()]


def take_staff(state: BivouacState, seat: int, card: str, free: bool, log: Log) -> BivouacState:
    if card not in state.staff_shown:
        raise IllegalAction(f"{content.name(card) if card in content.staff() else card} is not a revealed staff card.")
    staff = content.staff()[card]
    me = state.players[seat]
    cost = 0 if free else staff.cost
    if cost > me.money:
        raise IllegalAction(f"{staff.name} costs {cost} money and you have {me.money}.")
    state = pay_bank(set_player(state, seat, replace(me, staff=me.staff + (card,))), seat, cost)
    shown = tuple(s for s in state.staff_shown if s != card)
    log.say(f"{who(seat)} takes the staff member {staff.name}" + (f" for {cost} money." if cost else " for free."))
    state = replace(state, staff_shown=shown)
    state = negate_misfortunes_in_effect(state, seat, staff, log)
    state = refill_staff(state, log)
    if staff.perk.extra_upgrades:
        state = deal_upgrades(state, seat, staff.perk.extra_upgrades, log)
    return state


def negate_misfortunes_in_effect(state: BivouacState, seat: int, staff: content.Staff, log: Log) -> BivouacState:
    """A new staff member's symbol works at once: matching lasting misfortunes are discarded."""
    me = state.players[seat]
    negated = tuple(
        m.card for m in me.misfortunes if staff.symbol and content.misfortunes()[m.card].symbol == staff.symbol
    )
    if not negated:
        return state
    keep = tuple(m for m in me.misfortunes if m.card not in negated)
    log.say(f"{staff.name} cancels {', '.join(content.name(m) for m in negated)} for {who(seat)}.")
    state = set_player(state, seat, replace(me, misfortunes=keep))
    return replace(state, misfortune_discard=state.misfortune_discard + negated)


def refill_staff(state: BivouacState, log: Log) -> BivouacState:
    shown, deck, known = state.staff_shown, state.staff_deck, state.staff_known
    while len(shown) < SHOWN_STAFF and deck:
        shown, deck, known = shown + (deck[0],), deck[1:], known[1:]
        log.reveals = True
        log.say(f"{content.name(shown[-1])} is revealed on the staff row.")
    # An extra card revealed for a gift goes back on top of the deck if it was not taken
    # (every player saw it: the search bots' samples keep it there).
    while len(shown) > SHOWN_STAFF:
        shown, deck, known = shown[:-1], (shown[-1],) + deck, (shown[-1],) + known
    return replace(state, staff_shown=shown, staff_deck=deck, staff_known=known)


def reveal_extra_staff(state: BivouacState, log: Log) -> BivouacState:
    if not state.staff_deck:
        return state
    log.reveals = True
    log.say(f"{content.name(state.staff_deck[0])} is revealed as an extra staff card.")
    return replace(
        state,
        staff_shown=state.staff_shown + state.staff_deck[:1],
        staff_deck=state.staff_deck[1:],
        staff_known=state.staff_known[1:],
    )


def deal_upgrades(state: BivouacState, seat: int, count: int, log: Log) -> BivouacState:
    dealt, deck = state.upgrade_deck[:count], state.upgrade_deck[count:]
    if not dealt:
        return state
    me = state.players[seat]
    log.reveals = True
    # Public: the names stay in the hand (a log line naming them would stay on its owner's
    # screen for the rest of the game, seen by whoever sits there next).
    log.say(f"{who(seat)} is dealt {len(dealt)} activity upgrade(s), added to their hand.")
    state = set_player(state, seat, replace(me, upgrade_hand=me.upgrade_hand + dealt))
    return replace(state, upgrade_deck=deck)


def upgrade_problem(state: BivouacState, seat: int, card: str, free: bool) -> str | None:
    me = state.players[seat]
    if card not in me.upgrade_hand:
        return "That upgrade is not in your hand."
    up = content.upgrades()[card]
    owned = owns_activity(me, up.target)
    target = content.name(up.target)
    if owned is None:
        return f"{content.name(card)} upgrades {target}, which you do not own."
    if owned.fresh:
        return f"{target} is face down until next round; upgrade it once it is turned up."
    month = content.month_of_round(state.round)
    if month not in content.activities()[up.target].months:
        # Out-of-season activities are "placed face-down": not in play, like a fresh card.
        return (
            f"{target} is out of season in {content.MONTHS[month - 1]} and lies face down;"
            " upgrade it in one of its months."
        )
    if owned.upgrade:
        return f"{target} is already upgraded."
    if not free and state.options.upgrade_cost == "pay" and not can_pay(me, up.cost):
        return f"{content.name(card)} costs {content.cost_text(up.cost)}."
    return None


def upgrade_choices(state: BivouacState, seat: int, free: bool) -> list[Action]:
    return [PlayUpgrade(u) for u in state.players[seat].upgrade_hand if upgrade_problem(state, seat, u, free) is None]


def upgrade_turn(state: BivouacState, seat: int) -> bool:
    """Whether `seat` has a turn in phase 3 to play an upgrade or say done, judged only from
    what the whole table sees: upgrades in hand (their number is public), this round's
    upgrade not played yet or a Program Grant waiting, and an upgrade card not yet played
    that could go on one of their activities now (owned face up, in season, not upgraded)
    and that they could pay for (every card's target and cost are known). Whether their hand
    holds that card stays secret: a turn given only when it does would tell every player."""
    me = state.players[seat]
    if not me.upgrade_hand or (me.upgraded and not me.free_upgrades):
        return False
    month = content.month_of_round(state.round)
    activities = content.activities()
    open_targets = {
        o.card for o in me.activities if not o.fresh and not o.upgrade and month in activities[o.card].months
    }
    if not open_targets:
        return False
    free = me.free_upgrades > 0 or state.options.upgrade_cost == "free"
    played = {o.upgrade for p in state.players for o in p.activities if o.upgrade}
    return any(
        up.target in open_targets and up.id not in played and (free or can_pay(me, up.cost))
        for up in content.content().upgrades
    )


def phase3_upgrades(state: BivouacState, seat: int) -> list[Action]:
    """The upgrades `seat` may play in its phase 3: one a round ("upgrade an activity using
    one of the upgrade cards") at the game's upgrade cost, and besides it one for each
    waiting Program Grant, free. A waiting gift is used first, so a player never pays for
    what the gift would give."""
    me = state.players[seat]
    if me.free_upgrades:
        return upgrade_choices(state, seat, free=True)
    return [] if me.upgraded else upgrade_choices(state, seat, free=False)


def play_upgrade(state: BivouacState, seat: int, card: str, log: Log) -> BivouacState:
    """Play `card` in phase 3, with a waiting Program Grant if there is one."""
    gift = state.players[seat].free_upgrades > 0
    if not gift and state.players[seat].upgraded:
        raise IllegalAction("You have played this round's upgrade; one upgrade a phase 3.")
    problem = upgrade_problem(state, seat, card, gift)
    if problem:
        raise IllegalAction(problem)
    up = content.upgrades()[card]
    paid = not gift and state.options.upgrade_cost == "pay"
    if paid:
        state = pay_resources(state, seat, up.cost)
    me = state.players[seat]
    activities = tuple(replace(o, upgrade=card) if o.card == up.target else o for o in me.activities)
    hand = tuple(u for u in me.upgrade_hand if u != card)
    me = replace(
        me,
        activities=activities,
        upgrade_hand=hand,
        free_upgrades=me.free_upgrades - gift,
        upgraded=me.upgraded or not gift,
    )
    state = set_player(state, seat, me)
    how = (
        " for free (the Program Grant)."
        if gift
        else (f", paying {content.cost_text(up.cost)}." if paid and up.cost else " for free.")
    )
    log.say(f"{who(seat)} upgrades {content.name(up.target)} with {up.name}{how}")
    return state
