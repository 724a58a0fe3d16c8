"""The Bivouac rules engine: a thin dispatcher over the phase modules.

Phases (`state.phase`) and their actions:

- ``place``     phase 1, one worker at a time in turn order until all are out: ``place bank``,
                ``place archery`` (an own activity).
- ``retrieve``  phase 2, each player in turn order brings workers back in the order they like:
                ``return wood``; a worker that asks for a choice waits for it: ``buy canoeing``,
                ``hire``, ``raise``, ``staff bookkeeper``, ``gift-staff wrangler`` or ``skip``.
- ``wages``     phase 3: wage debt beyond the money held is paid ``pay rope`` one at a time;
                with the expansion, ``upgrade ...`` then ``done``.
- ``over``      after phase 3 of round 13.
"""

from __future__ import annotations

from typing import Any

import msgspec
from msgspec.structs import replace

from engines.bivouac import content
from engines.bivouac.actions import CODEC, Action, Buy, Pay, Place, PlayUpgrade, Return, TakeGiftStaff, TakeStaff
from engines.bivouac.bots import HeuristicBot, RandomBot
from engines.bivouac.card_text import card_text, upgrade_effect
from engines.bivouac.determinize import determinize
from engines.bivouac.effects import Log
from engines.bivouac.expansion import upgrade_turn
from engines.bivouac.placement import apply_placement, first_placer, placement_actions
from engines.bivouac.retrieval import apply_retrieval, retrieval_actions
from engines.bivouac.scoring import outcome
from engines.bivouac.setup import new_game
from engines.bivouac.state import (
    EARLIER_EDITIONS,
    EDITION_1_FIELDS,
    REPLAYED_WITHOUT_EXPANSION,
    RULES_EDITION,
    BivouacOptions,
    BivouacState,
    player_name,
)
from engines.bivouac.view import BivouacView, status, summary, view
from engines.bivouac.wages import apply_wages, wage_actions
from engines.core.bots import noisy
from engines.core.errors import BadOptions, IllegalAction
from engines.core.ismcts import bot_rollout, margin_rewards, search_levels
from engines.core.protocol import Applied, Engine, Flags, GameInfo, Outcome, Summary
from engines.core.rng import Rng


#: The search bots' reward: the win and the score margin squashed by a logistic of
#: margin / SCORE_SCALE, that is tanh over about 10 VP (two heuristic players end 10 to 30 VP apart); playouts by the heuristic to the end of
#: the year, whose result varies only with the hidden cards drawn, so a few visits tell two
#: moves apart (a full playout costs tens of milliseconds: hard gets a handful a move).
SCORE_SCALE = 5.0
SEARCH_EVIDENCE = 3

#: The Bunkhouse adds a worker to a hire, which an action's text cannot know: it says both.
HIRE_TEXT = "hire from your pool: 1 worker, 2 with the Bunkhouse (they work from next round; wages +1 each)"


def edition_refusal(edition: str) -> str:
    """One sentence saying why a game of another rules edition cannot be replayed."""
    started = f"This game was started under edition {edition} of Bivouac's rules"
    if edition in EARLIER_EDITIONS:
        return f"{started}, with {EARLIER_EDITIONS[edition]}; edition {RULES_EDITION} cannot replay it."
    return f"{started}, which this version does not know; it plays edition {RULES_EDITION} only."


class BivouacEngine(Engine[BivouacState, Action]):
    info = GameInfo(
        id="bivouac",
        title="Bivouac",
        pitch="Worker placement over 13 months, with the Retreat Center expansion.",
        min_seats=2,
        max_seats=4,
        flags=Flags(hidden_information=True, chance=True),
    )
    options_type = BivouacOptions
    bots = {
        "random": RandomBot,
        "easy": noisy(HeuristicBot),
        "heuristic": HeuristicBot,
        **search_levels(
            lambda: bot_rollout(HeuristicBot()),
            guide=HeuristicBot,
            reward=margin_rewards(SCORE_SCALE),
            evidence=SEARCH_EVIDENCE,
        ),
    }

    def check_setup(self, options: msgspec.Struct, seats: int) -> None:
        super().check_setup(options, seats)
        if not isinstance(options, BivouacOptions):
            raise BadOptions("Bivouac needs Bivouac options.")
        if options.upgrade_cost not in ("pay", "free"):
            raise BadOptions(f"Unknown upgrade cost '{options.upgrade_cost}' (choose pay or free).")
        replayed = options.edition in REPLAYED_WITHOUT_EXPANSION and not options.expansion
        if options.edition != RULES_EDITION and not replayed:
            raise BadOptions(edition_refusal(options.edition))
        if options.first_player != "draw" and not (
            options.first_player.isdigit() and 1 <= int(options.first_player) <= seats
        ):
            raise BadOptions(
                f"The first player is drawn, or given by seat number 1 to {seats}: '{options.first_player}' is not one."
            )

    def decode_options(self, data: bytes | dict[str, Any] | None) -> msgspec.Struct:
        if isinstance(data, bytes):
            data = msgspec.json.decode(data)
        if isinstance(data, dict) and set(data) == EDITION_1_FIELDS:
            # A save stores every option it had: exactly edition 1's is a game from before
            # the edition field, which check_setup refuses.
            data = {**data, "edition": "1"}
        return super().decode_options(data)

    def new_game(self, options: msgspec.Struct, seats: int, seed: int) -> BivouacState:
        self.check_setup(options, seats)
        if not isinstance(options, BivouacOptions):  # check_setup refused it already
            raise BadOptions("Bivouac needs Bivouac options.")
        state = new_game(options, seats, seed)
        return first_placer(state, Log())

    def actors(self, state: BivouacState) -> tuple[int, ...]:
        return () if state.phase == "over" else (state.actor,)

    def legal_actions(self, state: BivouacState, seat: int) -> list[Action]:
        if state.phase == "over" or seat != state.actor:
            return []
        if state.phase == "place":
            return placement_actions(state, seat)
        if state.phase == "retrieve":
            return retrieval_actions(state, seat)
        return wage_actions(state, seat)

    def apply(self, state: BivouacState, seat: int, action: Action) -> Applied[BivouacState]:
        if state.phase == "over":
            raise IllegalAction("The game is over.")
        if seat != state.actor:
            raise IllegalAction(f"It is {player_name(state.actor)}'s turn, not {player_name(seat)}'s.")
        log = Log()
        handler = {"place": apply_placement, "retrieve": apply_retrieval, "wages": apply_wages}[state.phase]
        new = handler(state, seat, action, log)
        changed_hands = new.actor != state.actor or new.phase != state.phase
        new = replace(new, turn=state.turn + (1 if changed_hands else 0))
        return Applied(new, log.events, log.reveals)

    def format_action(self, action: Action) -> str:
        return CODEC.format(action)

    def describe_action(self, action: Action) -> str:
        """The action list reads card and location names, never ids."""
        if isinstance(action, Place):
            return f"place a worker on {content.name(action.spot)}"
        if isinstance(action, Return):
            return f"bring back the worker from {content.name(action.spot)}"
        if isinstance(action, Buy):
            return f"buy {content.name(action.card)}: {card_text(action.card)}"
        if isinstance(action, TakeStaff):
            card = content.staff()[action.card]
            return f"take staff {card.name} ({f'{card.cost} money' if card.cost else 'free'}): {card.text}"
        if isinstance(action, TakeGiftStaff):
            card = content.staff()[action.card]
            return f"take staff {card.name} (free, a donor gift): {card.text}"
        if isinstance(action, PlayUpgrade):
            # The cost depends on the game's option, which an action's text cannot know:
            # the hand on the player's board says it.
            up = content.upgrades()[action.card]
            return f"upgrade {content.name(up.target)} with {up.name} ({upgrade_effect(up.id).partition(': ')[2]})"
        if isinstance(action, Pay):
            return f"pay 1 {action.resource} toward wages"
        return {
            "hire": HIRE_TEXT,
            "raise": "raise your donor level by 1 (wages 1 less a round; gift piles open at levels 1, 4 and 7)",
            "skip": "skip",
            "done": "done",
        }.get(self.format_action(action), self.format_action(action))

    def parse_action(self, state: BivouacState, seat: int, text: str) -> Action:
        action: Action = CODEC.parse(text)
        return action

    def view(self, state: BivouacState, viewer: int | None) -> BivouacView:
        return view(state, viewer)

    def summary(self, state: BivouacState, viewer: int | None) -> Summary:
        return summary(state, viewer)

    def headline(self, state: BivouacState) -> tuple[int, str]:
        return state.turn, status(state)[0]

    def shows_secret(self, state: BivouacState, seat: int) -> bool:
        """Whether `seat`'s screen shows its upgrade hand by itself now (the hot-seat curtain
        goes up before such a screen, and only then): in its phase 3 turn to play an upgrade
        or say done. The rest of the time a hand is shown only when its
        owner asks (the board's `c`), as a player picks up their cards."""
        if seat != state.actor or not state.players[seat].upgrade_hand:
            return False
        # In phase 3 from the start of the seat's turn, wage debt or not: the upgrades come
        # right after the debt, with no hand-over between. Judged, as the turn itself, from
        # public facts only: a curtain falling only before a hand holding a playable card
        # would show the table what it holds.
        return state.phase == "wages" and upgrade_turn(state, seat)

    def secrets(self, state: BivouacState) -> dict[int, list[str]]:
        hands = {n: [content.name(u) for u in p.upgrade_hand] for n, p in enumerate(state.players) if p.upgrade_hand}
        return hands

    def determinize(self, view: BivouacView, seat: int, rng: Rng) -> BivouacState:
        return determinize(view, seat, rng)

    def is_over(self, state: BivouacState) -> bool:
        return state.phase == "over"

    def outcome(self, state: BivouacState) -> Outcome:
        return outcome(state)


ENGINE = BivouacEngine()
