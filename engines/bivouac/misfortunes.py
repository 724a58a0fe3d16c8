"""Misfortunes: drawn for each yellow VP space a player crosses or lands on going forward."""

from __future__ import annotations

from msgspec.structs import replace

from engines.bivouac import content
from engines.bivouac.effects import Log, gain, pay_resources, perk_total, who
from engines.bivouac.state import YELLOW_EVERY, BivouacState, Lasting, set_player
from engines.core.rng import Rng


def yellow_spaces_crossed(before: int, after: int) -> int:
    """Yellow spaces in (before, after]: every YELLOW_EVERY VP. Backward moves cross none."""
    if after <= before:
        return 0
    return after // YELLOW_EVERY - before // YELLOW_EVERY


def draw_misfortunes(state: BivouacState, seat: int, count: int, log: Log) -> BivouacState:
    for _ in range(count):
        state, card = _draw(state)
        if card is None:
            log.say("No misfortune is left to draw (all are in effect).")
            return state
        log.reveals = True
        state = resolve(state, seat, card, log)
    return state


def _draw(state: BivouacState) -> tuple[BivouacState, str | None]:
    deck, discard = state.misfortune_deck, state.misfortune_discard
    if not deck and discard:
        rng = Rng(state.rng)
        deck, discard = tuple(rng.shuffled(sorted(discard))), ()
        state = replace(state, rng=rng.state)
    if not deck:
        return replace(state, misfortune_deck=deck, misfortune_discard=discard), None
    return replace(state, misfortune_deck=deck[1:], misfortune_discard=discard), deck[0]


def _discard(state: BivouacState, card: str) -> BivouacState:
    return replace(state, misfortune_discard=state.misfortune_discard + (card,))


def resolve(state: BivouacState, seat: int, card_id: str, log: Log) -> BivouacState:
    card = content.misfortunes()[card_id]
    me = state.players[seat]
    name = f"{who(seat)} draws the misfortune {card.name}"
    if card.symbol and any(content.staff()[s].symbol == card.symbol for s in me.staff):
        keeper = next(content.name(s) for s in me.staff if content.staff()[s].symbol == card.symbol)
        log.say(f"{name}: {keeper} cancels it ({card.symbol} symbol).")
        return _discard(state, card_id)
    if perk_total(me, "shield") and not me.shield_used:
        log.say(f"{name}: the Infirmary turns it away (its one misfortune a round).")
        state = set_player(state, seat, replace(me, shield_used=True))
        return _discard(state, card_id)
    if card.lasting:
        log.say(f"{name}: {card.text}")
        lasting = me.misfortunes + (Lasting(card_id, until_round=state.round + 1),)
        return set_player(state, seat, replace(me, misfortunes=lasting))
    state = _immediate(state, seat, card)
    log.say(f"{name}: {card.text}")
    return _discard(state, card_id)


def _immediate(state: BivouacState, seat: int, card: content.Misfortune) -> BivouacState:
    me = state.players[seat]
    if card.money:
        state = gain(state, seat, money=-min(me.money, -card.money))
    if card.vp:
        state = gain(state, seat, vp=card.vp)  # never below 0, and never draws a misfortune
    if card.resources:
        kinds = content.content().resources
        held = state.players[seat].resources
        kind = card.resource
        if kind == "most":
            kind = kinds[max(range(len(kinds)), key=lambda i: (held[i], -i))]
        lost = min(held[kinds.index(kind)], -card.resources)
        if lost:
            state = pay_resources(state, seat, {kind: lost})
    me = state.players[seat]
    if card.donor:
        me = replace(me, donor=max(0, me.donor + card.donor))
    if card.workers:
        me = replace(me, workers=max(1, me.workers + card.workers))
    return set_player(state, seat, me)


def expire(state: BivouacState) -> BivouacState:
    """At the end of a round, misfortunes whose round of effect it was go to the discard
    pile (those drawn this round act in the next, see `end_round`)."""
    for seat, me in enumerate(state.players):
        ending = [m for m in me.misfortunes if m.until_round <= state.round]
        if ending:
            keep = tuple(m for m in me.misfortunes if m.until_round > state.round)
            state = set_player(state, seat, replace(me, misfortunes=keep))
            state = replace(state, misfortune_discard=state.misfortune_discard + tuple(m.card for m in ending))
    return state
