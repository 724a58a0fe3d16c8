"""What a player's cards, staff, gifts and misfortunes add up to: perks, activity yields,
payments in resources. Shared by placement, retrieval, wages and scoring.
"""

from __future__ import annotations

from functools import lru_cache

from msgspec.structs import replace

from engines.bivouac import content
from engines.bivouac.content import Perk
from engines.bivouac.state import BivouacState, Player, player_name, set_player
from engines.core.protocol import Event


class Log:
    """Events of one action, and whether it revealed hidden information (undo stops there)."""

    def __init__(self) -> None:
        self.events: list[Event] = []
        self.reveals = False

    def say(self, text: str, private: str | None = None, seats: tuple[int, ...] = ()) -> None:
        self.events.append(Event(text, private, seats))


def perks(player: Player) -> tuple[Perk, ...]:
    """Abilities in effect: amenities already face up, staff, donor gifts."""
    return _perks(player.amenities, player.staff, player.gifts)


@lru_cache(maxsize=4096)  # bots and views ask for the same few hands thousands of times
def _perks(amenities: tuple[str, ...], staff: tuple[str, ...], gifts: tuple[str, ...]) -> tuple[Perk, ...]:
    found = [content.amenities()[a].perk for a in amenities]
    found += [content.staff()[s].perk for s in staff]
    found += [content.gifts()[g].perk for g in gifts]
    return tuple(found)


def perk_total(player: Player, field: str) -> int:
    return sum(getattr(p, field) for p in perks(player))


def active_misfortunes(player: Player) -> list[content.Misfortune]:
    """The lasting misfortunes acting now: one drawn this round waits for the next."""
    if not player.misfortunes:
        return []
    return [content.misfortunes()[m.card] for m in player.misfortunes if m.acting]


def misfortune_total(player: Player, field: str) -> int:
    if not player.misfortunes:  # the usual case, asked thousands of times a game
        return 0
    return sum(getattr(m, field) for m in active_misfortunes(player))


def blocked(player: Player, what: str) -> bool:
    return bool(player.misfortunes) and any(m.blocks == what for m in active_misfortunes(player))


def sick_workers(player: Player) -> int:
    return misfortune_total(player, "sick")


def available_workers(player: Player) -> int:
    if player.stays_home:
        return 0
    return max(0, player.workers - sick_workers(player) - player.placed)


def workers_needed(player: Player, activity: str) -> int:
    card = content.activities()[activity]
    need = card.workers
    for owned in player.activities:
        if owned.card == activity and owned.upgrade:
            need += content.upgrades()[owned.upgrade].workers
    return max(0, need)


def usable(player: Player, activity: str, month: int) -> bool:
    """Owned, face up (not bought this round) and in one of its months."""
    for owned in player.activities:
        if owned.card == activity:
            return not owned.fresh and month in content.activities()[activity].months
    return False


def activity_yield(player: Player, activity: str, month: int) -> tuple[int, int]:
    """(money, VP) the activity gives when used this month by this player."""
    card = content.activities()[activity]
    money, vp = card.money, card.vp
    for owned in player.activities:
        if owned.card == activity and owned.upgrade:
            up = content.upgrades()[owned.upgrade]
            money, vp = money + up.money, vp + up.vp
    season = content.SEASONS[month]
    for perk in perks(player):
        if perk.target == activity:
            money, vp = money + perk.target_money, vp + perk.target_vp
        if perk.season == season:
            money, vp = money + perk.season_money, vp + perk.season_vp
        if card.thrill:
            vp += perk.thrill_vp
    money = max(0, money + misfortune_total(player, "activity_money"))
    vp = max(0, vp + misfortune_total(player, "activity_vp"))
    if month == card.bonus_month and not any(m.no_bonus for m in active_misfortunes(player)):
        vp += 2 + perk_total(player, "bonus_vp")
    return money, vp


def can_pay(player: Player, cost: dict[str, int]) -> bool:
    kinds = content.content().resources
    return all(player.resources[kinds.index(kind)] >= n for kind, n in cost.items())


def pay_resources(state: BivouacState, seat: int, cost: dict[str, int]) -> BivouacState:
    """Spend resources; each goes back to the supply, but a placeholder coin the payer holds
    goes back to the bank instead (the supply never holds more than it started with)."""
    kinds = content.content().resources
    me = state.players[seat]
    held, coins, supply, holders = list(me.resources), list(me.coins_for), list(state.supply), list(state.placeholders)
    bank = state.bank
    for kind, n in cost.items():
        i = kinds.index(kind)
        held[i] -= n
        spent_coins = min(n, coins[i])
        coins[i] -= spent_coins
        holders[i] -= spent_coins
        supply[i] += n - spent_coins
        bank += spent_coins
    state = replace(state, supply=tuple(supply), placeholders=tuple(holders), bank=bank)
    return set_player(state, seat, replace(me, resources=tuple(held), coins_for=tuple(coins)))


def take_resource(state: BivouacState, seat: int, kind: str, n: int, placeholder: bool) -> tuple[BivouacState, int]:
    """Take up to n of a kind from the supply. With `placeholder` (donor gifts), a coin from
    the bank stands in for each one the supply lacks, while the bank has coins; otherwise
    there are no ghost resources."""
    kinds = content.content().resources
    i = kinds.index(kind)
    supply, holders = list(state.supply), list(state.placeholders)
    from_supply = min(n, supply[i])
    supply[i] -= from_supply
    coins = min(n - from_supply, state.bank) if placeholder else 0
    holders[i] += coins
    me = state.players[seat]
    held, coins_for = list(me.resources), list(me.coins_for)
    held[i] += from_supply + coins
    coins_for[i] += coins
    state = replace(state, supply=tuple(supply), placeholders=tuple(holders), bank=state.bank - coins)
    return set_player(state, seat, replace(me, resources=tuple(held), coins_for=tuple(coins_for))), from_supply + coins


def gain(state: BivouacState, seat: int, money: int = 0, vp: int = 0, log: Log | None = None) -> BivouacState:
    """Money comes from the bank (never more than it holds: 80 tokens in all) and goes back
    to it; VP never go below 0."""
    me = state.players[seat]
    money = max(money, -me.money)
    if money > state.bank:
        if log is not None:
            log.say(f"The bank holds only {state.bank} money: {who(seat)} gets {state.bank} of {money}.")
        money = state.bank
    state = replace(state, bank=state.bank - money)
    return set_player(state, seat, replace(me, money=me.money + money, vp=max(0, me.vp + vp)))


def bank_pays(state: BivouacState, money: int) -> tuple[int, str]:
    """What the bank pays of `money` (never more than it holds), and what a log line saying
    the amount adds when it pays less, so the line claims only what was received."""
    paid = max(0, min(money, state.bank))
    if paid == money:
        return paid, ""
    return paid, " (the bank is empty)" if paid == 0 else f" (the bank had only {paid} of {money})"


def pay_bank(state: BivouacState, seat: int, money: int) -> BivouacState:
    """`seat` pays `money` (at most what it holds) into the bank."""
    return gain(state, seat, money=-money)


def who(seat: int) -> str:
    return player_name(seat)
