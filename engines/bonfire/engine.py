"""Bonfire, solo against Tom (one seat) or two players in turn (two seats): setup, whose
turn it is, the legal actions and applying them.

The rules themselves live by concern: setup, city (fate area, payment), islands, paths,
processions, council (bonfires, High Council, Common Tasks, Great Bonfire), gnomes, tom
(solo), turns (two players' turn order and countdown), scoring and view. This module wires
them into the engine protocol.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import ClassVar, cast

import msgspec

from engines.bonfire import city, content, council, gnomes, islands, paths, processions, setup, tom, turns, view
from engines.bonfire.actions import (
    CODEC,
    Action,
    BuildPath,
    Common,
    Council,
    Discard,
    End,
    Fate,
    Finish,
    Fulfil,
    GreatBonfire,
    Keep,
    Pass,
    Procession,
    Receive,
    Recruit,
    Redraw,
    Sail,
    Swap,
    TakeGuardian,
    TomGuardian,
    TomTask,
    TomTurn,
    Walk,
)
from engines.bonfire.content import SYMBOLS, WILD
from engines.bonfire.determinize import determinize
from engines.bonfire.state import (
    TWO_PLAYER_DEFAULTS,
    BonfireOptions,
    BonfireState,
    Ctx,
    TurnFlags,
    acting,
    editable_copy,
    is_solo,
    own_field,
    player_name,
)
from engines.core.errors import IllegalAction
from engines.core.protocol import AUTO, Applied, Bot, Engine, Flags, GameInfo, Outcome, Summary
from engines.core.rng import Rng


class BonfireEngine(Engine[BonfireState, Action]):
    info = GameInfo(
        id="bonfire",
        title="Bonfire",
        pitch="Solo against the automa Tom, or two players: bring the fires of the city back to life.",
        min_seats=1,
        max_seats=2,
        flags=Flags(hidden_information=False, chance=True),
        default_seats=1,  # `campfire play bonfire` is solo against Tom; two seats ask for two players
    )
    options_type = BonfireOptions
    bots: ClassVar[dict[str, Callable[[], Bot]]] = {}

    # -- setup -------------------------------------------------------------------------
    def new_game(self, options: msgspec.Struct, seats: int, seed: int) -> BonfireState:
        """One seat plays solo against Tom, two seats the base game's two-player rules."""
        self.check_setup(options, seats)
        if seats == 2:
            return setup.new_two_player_game(seed)
        return setup.new_solo_game(seats, seed)

    # -- who acts -----------------------------------------------------------------------
    def actors(self, state: BonfireState) -> tuple[int, ...]:
        # Asked several times a step: the phases without a seat to act looked up at once.
        found = _ACTORS_OF_PHASE.get(state.phase)
        return _SEAT_ALONE[state.current] if found is None else found

    def auto_action(self, state: BonfireState) -> Action:
        if state.phase != "tom":
            raise IllegalAction("No automatic actor is due to act.")
        return TomTurn()

    # -- legal actions ---------------------------------------------------------------------
    def legal_actions(self, state: BonfireState, seat: int) -> list[Action]:
        if seat not in self.actors(state):
            return []
        if state.phase == "tom":
            return [TomTurn()]
        if state.phase == "setup":
            return [Keep(), Swap()]
        if state.pending:
            pending = state.pending[0]
            if pending.kind == "council":
                return council.legal_council(state, pending)
            return tom.legal_choice(pending)
        if state.flags.walkers:
            return processions.legal_walks(state)
        return self._turn_actions(state)

    def _turn_actions(self, s: BonfireState) -> list[Action]:
        p = acting(s)
        f = s.flags
        if not f.main_done:
            out = self._main_actions(s)
            if not s.countdown and not out and not _fate_placements(s, ignore_limit=True):
                return council.legal_commons(s) + [Finish()]
            if s.countdown:
                out.insert(0, Pass())
            if paths.can_redraw(s):
                out.append(Redraw())
        elif f.sailed and not f.island_done:
            out = islands.legal_island_actions(s)
        else:
            out = []
        out.extend(council.legal_commons(s))
        # Offered after nearly every action: picked out without a Python loop (a hand
        # never keeps a kind it has none of, as tests/bonfire/test_fast_paths.py checks).
        out += map(_DISCARDS.__getitem__, filter(p.tiles.__contains__, _DISCARDABLE))
        if f.main_done:
            out.append(End())
        return out

    def _allows(self, s: BonfireState, seat: int, action: Action) -> bool:
        """Whether `action` is in `legal_actions(s, seat)` for the seat due to act. In a turn
        only the part of the list that could offer the action is worked out: each kind comes
        from one part, under the conditions `_turn_actions` offers it with. Other decisions
        have short lists, judged whole."""
        if s.phase != "turn" or s.pending or s.flags.walkers:
            if s.phase == "tom":  # a fifth of all steps: its list is Tom's turn alone
                return type(action) is TomTurn
            return action in self.legal_actions(s, seat)
        kind = type(action)
        f = s.flags
        if kind is Common:
            return action in council.legal_commons(s)
        if kind is Discard:
            tile = cast(Discard, action).kind
            return (
                tile in _DISCARDABLE and bool(acting(s).tiles.get(tile, 0)) and (f.main_done or self._turn_goes_on(s))
            )
        if f.main_done:
            if kind is End:
                return True
            if kind is Receive or kind is TakeGuardian:
                return f.sailed and not f.island_done and action in islands.legal_island_actions(s)
            return False
        if kind is Pass:
            return bool(s.countdown)
        if kind is Finish:
            return not self._turn_goes_on(s)
        if kind is Redraw:
            return self._turn_goes_on(s) and paths.can_redraw(s)
        part = _MAIN_PARTS.get(kind)
        return part is not None and action in part(s)  # one main action offered: the turn goes on

    def _turn_goes_on(self, s: BonfireState) -> bool:
        """Before the main action: whether the turn offers more than the Common Tasks and
        Finish (the player could still do something, or may pass in the countdown)."""
        return bool(s.countdown) or bool(_fate_placements(s, ignore_limit=True)) or bool(self._main_actions(s))

    def _main_actions(self, s: BonfireState) -> list[Action]:
        return [
            *_fate_placements(s),
            *islands.legal_sails(s),
            *islands.legal_island_actions(s),
            *paths.legal_paths(s),
            *processions.legal_processions(s),
            *council.legal_great_bonfire(s),
            *gnomes.legal_recruits(s),
            *council.legal_fulfils(s),
        ]

    # -- applying -------------------------------------------------------------------------
    def apply(self, state: BonfireState, seat: int, action: Action) -> Applied[BonfireState]:
        if state.phase == "over":
            raise IllegalAction("The game is over.")
        if seat not in self.actors(state):
            raise IllegalAction(view.not_your_turn(state, seat))
        if not self._allows(state, seat, action):
            raise IllegalAction(view.why(self, state, action))
        ctx = Ctx(editable_copy(state))  # the caller's state is never touched
        _HANDLERS[type(action)](self, ctx, action)
        # A trigger in your turn waits for Tom's coming turn to end the round; one in his
        # turn (a choice of his still waiting) ends it with that turn.
        turns.check_trigger(ctx, "" if ctx.state.phase == "tomwait" else "after this round ")
        return Applied(ctx.finish(), ctx.events, ctx.reveals)

    def _main(self, ctx: Ctx) -> None:
        ctx.state.flags.main_done = True

    def _do_keep(self, ctx: Ctx, action: Keep) -> None:
        setup.start_tiles(ctx, swapped=False)

    def _do_swap(self, ctx: Ctx, action: Swap) -> None:
        setup.start_tiles(ctx, swapped=True)

    def _do_fate(self, ctx: Ctx, action: Fate) -> None:
        p = ctx.acting()
        tile_id = own_field(p, "fate_column").pop(0 if action.end == "top" else -1)
        symbols = content.board().fate_tiles[int(tile_id.split("-")[1]) - 1].symbols
        cells = city.strip_cells(action.row, action.col, action.direction)
        gain = city.fate_gain(p.grid, cells, symbols)
        p.grid = city.place(p.grid, cells, symbols)
        city.add(p.tiles, gain)
        shown = " / ".join(content.TILE_NAMES[x] for x in symbols)
        ctx.say(f"You place a fate tile ({shown}) and gain {city.gain_words(gain)}.")
        times = 2 if city.has(p, "double_print") else 1
        for bonus in content.board().fate_bonuses:
            if (bonus.row, bonus.col) in cells:
                city.add(p.tiles, bonus.tiles, times)
                city.add(p.resources, bonus.resources, times)
                ctx.say(
                    f"It covers a printed {council.gain_text(bonus)}{' (twice: Map Reader)' if times == 2 else ''}."
                )
        self._main(ctx)

    def _do_discard(self, ctx: Ctx, action: Discard) -> None:
        p = ctx.acting()
        p.tiles[action.kind] -= 1
        if not p.tiles[action.kind]:
            del p.tiles[action.kind]
        ctx.say(f"You discard {content.a_tile(action.kind)}.")

    def _do_sail(self, ctx: Ctx, action: Sail) -> None:
        islands.do_sail(ctx, action)
        self._main(ctx)
        ctx.state.flags.sailed = True

    def _do_receive(self, ctx: Ctx, action: Receive) -> None:
        islands.do_receive(ctx, action)
        self._main(ctx)
        ctx.state.flags.island_done = True

    def _do_takeguardian(self, ctx: Ctx, action: TakeGuardian) -> None:
        islands.do_take_guardian(ctx, action)
        self._main(ctx)
        ctx.state.flags.island_done = True

    def _do_buildpath(self, ctx: Ctx, action: BuildPath) -> None:
        paths.do_build(ctx, action)
        self._main(ctx)

    def _do_redraw(self, ctx: Ctx, action: Redraw) -> None:
        paths.do_redraw(ctx, action)

    def _do_procession(self, ctx: Ctx, action: Procession) -> None:
        processions.do_procession(ctx, action)
        self._main(ctx)

    def _do_walk(self, ctx: Ctx, action: Walk) -> None:
        processions.do_walk(ctx, action)

    def _do_greatbonfire(self, ctx: Ctx, action: GreatBonfire) -> None:
        council.do_great_bonfire(ctx, action)
        self._main(ctx)

    def _do_recruit(self, ctx: Ctx, action: Recruit) -> None:
        gnomes.do_recruit(ctx, action)
        self._main(ctx)

    def _do_fulfil(self, ctx: Ctx, action: Fulfil) -> None:
        council.do_fulfil(ctx, action)
        self._main(ctx)

    def _do_common(self, ctx: Ctx, action: Common) -> None:
        council.do_common(ctx, action)

    def _do_council(self, ctx: Ctx, action: Council) -> None:
        pending = ctx.state.pending.pop(0)
        council.do_council(ctx, action, pending)
        if ctx.state.phase == "tomwait":
            self._tom_resume(ctx)

    def _do_tomtask(self, ctx: Ctx, action: TomTask) -> None:
        ctx.state.pending.pop(0)
        tom.take_task(ctx, action.task)
        self._tom_resume(ctx)

    def _do_tomguardian(self, ctx: Ctx, action: TomGuardian) -> None:
        ctx.state.pending.pop(0)
        tom.take_guardian(ctx, action.colour)
        self._tom_resume(ctx)

    def _do_pass(self, ctx: Ctx, action: Pass) -> None:
        s = ctx.state
        points = content.board().countdown[s.countdown - 1]
        city.score(ctx.acting(), "Countdown passes", points)
        told = f"{points} point{'s' if points > 1 else ''} from countdown tile {s.countdown}"
        if is_solo(s):
            ctx.say(f"You pass and score {told}.")
        else:
            ctx.say(f"{player_name(s, s.current)} passes and scores {told}.")
        self._main(ctx)
        self._end_turn(ctx)

    def _do_end(self, ctx: Ctx, action: End) -> None:
        self._end_turn(ctx)

    def _do_finish(self, ctx: Ctx, action: Finish) -> None:
        s = ctx.state
        ctx.acting().out = True
        if is_solo(s):
            s.phase = "over"
            ctx.say("You can take no action at all: the game ends.")
            return
        ctx.say("You can take no action at all: your game is over (you take no more turns).")
        turns.next_turn(ctx)

    def _end_turn(self, ctx: Ctx) -> None:
        s = ctx.state
        s.flags = TurnFlags()
        if is_solo(s):
            s.phase = "tom"
        else:
            turns.next_turn(ctx)

    def _do_tomturn(self, ctx: Ctx, action: TomTurn) -> None:
        tom.play(ctx)
        self._tom_resume(ctx)

    def _tom_resume(self, ctx: Ctx) -> None:
        """Carry Tom's turn on until it needs your choice, then finish it."""
        s = ctx.state
        if s.pending:
            s.phase = "tomwait"
            return
        if not s.flags.tom_checked:
            s.flags.tom_checked = True
            tom.check_commons(ctx)
            if s.pending:
                s.phase = "tomwait"
                return
        s.flags = TurnFlags()
        turns.check_trigger(ctx, "")
        if s.triggered:
            if s.countdown >= len(content.board().countdown):
                s.phase = "over"
                ctx.say("The countdown is over: final scoring.")
                return
            s.countdown += 1
            points = content.board().countdown[s.countdown - 1]
            ctx.say(
                f"Countdown turn {s.countdown} of {len(content.board().countdown)}: you may pass for "
                f"{points} point{'s' if points > 1 else ''}."
            )
        s.phase = "turn"
        s.turn += 1

    # -- text and views -------------------------------------------------------------------
    def format_action(self, action: Action) -> str:
        return CODEC.format(action)

    def describe_action(self, action: Action) -> str:
        return view.describe(action)

    def parse_action(self, state: BonfireState, seat: int, text: str) -> Action:
        action: Action = CODEC.parse(text)
        if action not in self.legal_actions(state, seat):
            raise IllegalAction(view.why(self, state, action))
        return action

    def view(self, state: BonfireState, viewer: int | None) -> BonfireState:
        return view.redacted(state)

    def summary(self, state: BonfireState, viewer: int | None) -> Summary:
        return view.summary(self, state)

    def headline(self, state: BonfireState) -> tuple[int, str]:
        return state.turn, view.phase_text(state)[0]

    def digest(self, state: BonfireState) -> str:
        """Solo states leave out the fields two-player play added (always at their defaults
        there), so a solo game keeps the digest its save files recorded before."""
        if not is_solo(state):
            return super().digest(state)
        import hashlib

        return hashlib.sha256(solo_digest_bytes(state)).hexdigest()[:32]

    def determinize(self, view: BonfireState, seat: int, rng: Rng) -> BonfireState:
        return determinize(view, seat, rng)

    def is_over(self, state: BonfireState) -> bool:
        return state.phase == "over"

    def outcome(self, state: BonfireState) -> Outcome:
        return view.outcome(state)


#: How a solo state's JSON ends: the two-player fields are the state's last, at their defaults.
_TWO_PLAYER_TAIL = (
    b"".join(b"," + msgspec.json.encode(k) + b":" + msgspec.json.encode(v) for k, v in TWO_PLAYER_DEFAULTS.items())
    + b"}"
)


def solo_digest_bytes(state: BonfireState) -> bytes:
    """The JSON a solo state's digest is taken of: the state without the two-player fields.
    Cutting their known text off the state's own JSON gives the same bytes as encoding the
    state's builtins without them, at a fraction of the cost (a digest is taken per save)."""
    data = msgspec.json.encode(state)
    if data.endswith(_TWO_PLAYER_TAIL):
        return data[: -len(_TWO_PLAYER_TAIL)] + b"}"
    builtins = msgspec.to_builtins(state)
    for name in TWO_PLAYER_DEFAULTS:
        del builtins[name]
    return msgspec.json.encode(builtins)


def fate_placements(s: BonfireState, ignore_limit: bool = False) -> list[Action]:
    return list(_fate_placements(s, ignore_limit))


def _fate_placements(s: BonfireState, ignore_limit: bool = False) -> tuple[Fate, ...]:
    p = acting(s)
    if not p.fate_column:
        return ()
    if not ignore_limit and city.tile_count(p) > (3 if city.has(p, "keep_three") else 1):
        return ()
    key = (city.taken_cells(p.grid), len(p.fate_column) > 1)
    found = _FATE_PLACEMENTS.get(key)
    if found is None:
        if len(_FATE_PLACEMENTS) >= 50_000:
            _FATE_PLACEMENTS.clear()
        ends = ["top", "bottom"] if key[1] else ["top"]
        strips = city.strips_open_on(key[0])
        found = _FATE_PLACEMENTS[key] = (
            tuple(Fate(end, row, col, direction) for end in ends for row, col, direction in strips),
            tuple(Fate(end, row, col, direction) for end in ends for row, col, direction in strips[:1]),
        )
    return found[1] if ignore_limit else found[0]


#: Fate placements by (taken cells, both ends of the column offered): all of them,
#: and those of the first open strip only (whether any is left). Like the open strips they
#: come from, the same shapes recur from game to game.
_FATE_PLACEMENTS: dict[tuple[bytes, bool], tuple[tuple[Fate, ...], tuple[Fate, ...]]] = {}


#: The part of a turn's list that offers each kind of main action (see `_allows`).
_MAIN_PARTS: dict[type, Callable[[BonfireState], Sequence[Action]]] = {
    Fate: _fate_placements,
    Sail: islands.legal_sails,
    Receive: islands.legal_island_actions,
    TakeGuardian: islands.legal_island_actions,
    BuildPath: paths.legal_paths,
    Procession: processions.legal_processions,
    GreatBonfire: council.legal_great_bonfire,
    Recruit: gnomes.legal_recruits,
    Fulfil: council.legal_fulfils,
}
#: Who acts in the phases where no seat does (see `actors`), and each seat alone.
_ACTORS_OF_PHASE: dict[str, tuple[int, ...]] = {"over": (), "tom": (AUTO,)}
_SEAT_ALONE = tuple((seat,) for seat in range(BonfireEngine.info.max_seats))
#: Each kind of action's `_do_...` method, by the action's class name.
_HANDLERS: dict[type, Callable[..., None]] = {
    kind: getattr(BonfireEngine, f"_do_{kind.__name__.lower()}") for kind in Action.__args__
}
_DISCARDABLE = (*SYMBOLS, WILD)
_DISCARDS = {kind: Discard(kind) for kind in _DISCARDABLE}  # offered after nearly every action: made once

ENGINE = BonfireEngine()


def _register_bots() -> None:
    from engines.bonfire.bots import BOTS

    BonfireEngine.bots = BOTS


_register_bots()

__all__ = ["ENGINE", "BonfireEngine"]
