"""Why an action is refused: the sentence a player reads when what they asked for is not
among the legal actions (the engine raises it as `IllegalAction`)."""

from __future__ import annotations

from typing import Any

from engines.camp_grizzly import content
from engines.camp_grizzly.actions import (
    Drop,
    Equip,
    Fight,
    Move,
    NextUp,
    PanicNow,
    Pickup,
    Reveal,
    StartFinale,
    Trade,
    Trail,
    Use,
)
from engines.camp_grizzly.base import CampRules
from engines.camp_grizzly.content import label, parse_label
from engines.camp_grizzly.legal_gear import HANDLED_KINDS
from engines.camp_grizzly.shared import MAX_TURN_ACTIONS, by_initials, initials, name, phase, player, thing_name
from engines.camp_grizzly.state import CampState


class RefusalRules(CampRules):
    """Mixed into the engine (engine.CampGrizzlyEngine): its methods call each other through self."""

    def _why(self, state: CampState, seat: int, action: Any) -> str:
        p = phase(state)
        wants = {
            "move": "move, try a nature trail, handle gear, start a finale, or draw/reveal",
            "draw": "draw a cabin card or reveal the '?' here",
            "end": "finish the turn (equip, pick up, trade, use a card, or end)",
            "woods": "roll on the Woods table ('woods')",
            "strike": "choose who fights Otis next, or who panics",
            "after_roll": "play an after-roll card or accept the roll",
            "panic": "run from Otis one space at a time, or stay",
            "choice": "answer the card's choice",
            "offer": "accept or refuse the trade",
            "vote": "vote on starting the finale",
            "finale": "play the next step of the finale",
        }.get(p, "wait")
        if isinstance(action, Move) and p in ("move", "panic"):
            cid = self._actor_counselor(state, p)
            try:
                to = parse_label(action.to)
            except content.ContentError:
                return f"'{action.to}' is not a space on the map."
            cell = state.counselors[cid].cell
            assert cell is not None  # moving and panicking counselors are on the map
            m = content.camp_map()
            if p == "move" and state.moves_left <= 0:
                return f"{name(cid)} has no movement left this turn."
            if to not in m.walk_neighbours(cell):
                return f"{action.to} is not a space {name(cid)} can step to from {label(cell)} (too far, or a wall is in the way)."
            if to in state.fires:
                return f"{action.to} is on fire."
            if to in state.locks:
                return f"{action.to} is locked{' and a panicking counselor cannot open locks' if p == 'panic' else ' and you hold no keys'}."
            if p == "panic" and to == state.otis:
                return "A panicking counselor runs away from Otis, not towards him."
        if isinstance(action, Trail) and p == "move":
            return f"There is no nature trail {action.number} starting here, its far end is on fire, or no movement is left."
        # Gear, cards and finales are the move and end phases' business: elsewhere the
        # phase is the reason (the sentence at the bottom says what is due instead).
        handling = p in ("move", "end") and isinstance(action, (*HANDLED_KINDS, Use))
        handling = handling or (p == "move" and isinstance(action, StartFinale))
        if handling and state.actions_this_turn >= MAX_TURN_ACTIONS:
            cid = state.order[state.active]
            return f"{name(cid)} has taken {MAX_TURN_ACTIONS} actions this turn, the limit: only moving on is left (a step, a draw or the end of the turn)."
        if handling and isinstance(action, Equip):
            if f"unequip:{action.card}" in state.handled:
                return f"{thing_name(action.card)} was stowed this turn: it cannot be equipped again this turn."
            return f"You cannot equip {thing_name(action.card)} now (not in your backpack, not equippable, or too many hands)."
        if handling and isinstance(action, Pickup) and f"drop:{action.thing}" in state.handled:
            return f"{thing_name(action.thing)} was put down this turn: it cannot be picked up again this turn."
        if handling and isinstance(action, Trade) and f"trade:{action.thing}" in state.handled:
            return f"{thing_name(action.thing)} already changed hands (or was offered) this turn."
        if handling and isinstance(action, Drop):
            return f"You cannot drop {thing_name(action.thing)}: you carry no such item, weapon, objective or keys (campers are never dropped)."
        if isinstance(action, (Fight, PanicNow, NextUp)) and p == "strike":
            st = state.strike
            assert st is not None
            up = st.up if st.up in st.danger else ""
            names_up = up and action.counselor == initials(up)
            if up and not names_up:
                return f"{name(up)}'s player decides now: fight {initials(up)} or panic {initials(up)}."
            if names_up and isinstance(action, Fight):  # refused: no roll of theirs can win
                return f"{name(up)} cannot fight now: no roll of theirs could beat Otis' lowest roll (panic {initials(up)})."
            if isinstance(action, NextUp):
                return f"{action.counselor} is not in danger, or is {player(seat)}'s own counselor (fight or panic them directly)."
            who = by_initials(state, action.counselor)
            if who is not None and who in st.danger and state.counselors[who].seat != seat:
                return f"Only {action.counselor}'s own player decides whether {action.counselor} fights or panics (hand it over with 'next {action.counselor}')."
        if isinstance(action, StartFinale):
            finale = content.finales().get(action.site)
            called = finale.name if finale is not None else f"'{action.site}'"
            if action.site in state.failed_finales:
                return f"{called} has failed: that way out is gone for the rest of the game."
            return f"{called} needs its three objectives on its red arrow space during your move phase."
        if isinstance(action, Reveal):
            return "There is no face-down '?' on your space, or it is not your cabin draw phase."
        if isinstance(action, Fight):
            who = by_initials(state, action.counselor)
            called = name(who) if who is not None else f"'{action.counselor}'"
            return f"{called} cannot fight now: not in danger, or no roll of theirs could beat Otis' lowest roll."
        return f"That is not possible now: {player(seat)} must {wants}."
