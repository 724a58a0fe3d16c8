"""Bonfire, solo against Tom: setup, whose turn it is, the legal actions and applying them.

The rules themselves live by concern: city (fate area, payment), islands, paths,
processions, council (bonfires, High Council, Common Tasks, Great Bonfire), gnomes, tom,
scoring and view. This module wires them into the engine protocol.
"""

from __future__ import annotations

import msgspec

from engines.bonfire import city, content, council, gnomes, islands, paths, processions, tom, view
from engines.bonfire.actions import (
    CODEC, Action, BuildPath, Common, Council, Discard, End, Fate, Finish, Fulfil, GreatBonfire, Keep,
    Pass, Procession, Receive, Recruit, Redraw, Sail, Swap, TakeGuardian, TomGuardian, TomTask, TomTurn, Walk,
)
from engines.bonfire.content import SYMBOLS, WILD
from engines.bonfire.state import (
    YOU, Bonfire, BonfireOptions, BonfireState, Ctx, Guardian, Island, Player, TurnFlags, copy_state,
)
from engines.core.errors import IllegalAction
from engines.core.protocol import AUTO, Applied, Engine, Flags, GameInfo, Outcome, Summary
from engines.core.rng import seed_state


class BonfireEngine(Engine[BonfireState, Action]):
    info = GameInfo(
        id="bonfire",
        title="Bonfire",
        pitch="Solo against the automa Tom: bring the fires of the city back to life.",
        min_seats=1,
        max_seats=1,
        flags=Flags(hidden_information=False, chance=True),
    )
    options_type = BonfireOptions
    bots: dict = {}

    # -- setup -------------------------------------------------------------------------
    def new_game(self, options: msgspec.Struct, seats: int, seed: int) -> BonfireState:
        self.check_setup(options, seats)
        board = content.board()
        ctx = Ctx(BonfireState(seats=seats, rng=seed_state(seed), players=[], islands=[], path_display=[],
                               path_piles=[], specialists=[], elders=[], gnome_pile=[], gnome_discard=[],
                               great_bonfire=[]))
        s = ctx.state
        s.islands = _deal_tasks(ctx)
        s.great_bonfire = _deal_portals(ctx)
        tiles = ctx.shuffle([t.id for t in board.path_tiles])
        s.path_piles = [tiles[:14], tiles[14:]]
        paths.refill(ctx)
        solo = [g.id for g in content.gnomes().specialists if g.resource != content.GOLD]
        s.gnome_pile = ctx.shuffle(solo)
        gnomes.refill(ctx)
        s.elders = [e.id for e in content.gnomes().elders]
        s.council = [""] * len(board.council)
        s.common_novices = [True] * len(board.common_tasks)
        s.tom_pile = ctx.shuffle([c.id for c in board.tom_cards])
        s.players = [_your_city(ctx), _tom_board()]
        ctx.events.clear()
        ctx.reveals = False
        return ctx.finish()

    # -- who acts -----------------------------------------------------------------------
    def actors(self, state: BonfireState) -> tuple[int, ...]:
        if state.phase == "over":
            return ()
        if state.phase == "tom":
            return (AUTO,)
        return (YOU,)

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
        p = s.players[YOU]
        f = s.flags
        out: list[Action] = []
        if not f.main_done:
            main = self._main_actions(s)
            if not s.countdown and not main and not fate_placements(s, ignore_limit=True):
                return council.legal_commons(s) + [Finish()]
            if s.countdown:
                out.append(Pass())
            out.extend(main)
            if paths.can_redraw(s):
                out.append(Redraw())
        elif f.sailed and not f.island_done:
            out.extend(islands.legal_island_actions(s))
        out.extend(council.legal_commons(s))
        out.extend(Discard(kind) for kind in (*SYMBOLS, WILD) if p.tiles.get(kind, 0))
        if f.main_done:
            out.append(End())
        return out

    def _main_actions(self, s: BonfireState) -> list[Action]:
        return (
            fate_placements(s)
            + islands.legal_sails(s)
            + islands.legal_island_actions(s)
            + paths.legal_paths(s)
            + processions.legal_processions(s)
            + council.legal_great_bonfire(s)
            + gnomes.legal_recruits(s)
            + council.legal_fulfils(s)
        )

    # -- applying -------------------------------------------------------------------------
    def apply(self, state: BonfireState, seat: int, action: Action) -> Applied[BonfireState]:
        if state.phase == "over":
            raise IllegalAction("The game is over.")
        if seat not in self.actors(state):
            raise IllegalAction("It is Tom's turn." if seat == YOU else "It is your turn, not Tom's.")
        if action not in self.legal_actions(state, seat):
            raise IllegalAction(view.why(self, state, action))
        ctx = Ctx(copy_state(state))
        s = ctx.state
        handler = getattr(self, f"_do_{type(action).__name__.lower()}")
        handler(ctx, action)
        _check_trigger(ctx, "after this round ")
        return Applied(ctx.finish(), ctx.events, ctx.reveals)

    def _main(self, ctx: Ctx) -> None:
        ctx.state.flags.main_done = True

    def _do_keep(self, ctx: Ctx, action: Keep) -> None:
        _start_tiles(ctx, swapped=False)

    def _do_swap(self, ctx: Ctx, action: Swap) -> None:
        _start_tiles(ctx, swapped=True)

    def _do_fate(self, ctx: Ctx, action: Fate) -> None:
        p = ctx.state.players[YOU]
        tile_id = p.fate_column.pop(0 if action.end == "top" else -1)
        symbols = content.board().fate_tiles[int(tile_id.split("-")[1]) - 1].symbols
        cells = city.strip_cells(action.row, action.col, action.direction)
        gain = city.fate_gain(p.grid, cells, symbols)
        p.grid = city.place(p.grid, cells, symbols)
        city.add(p.tiles, gain)
        told = ", ".join(f"{n} {content.TILE_NAMES[k]}" for k, n in gain.items())
        shown = " / ".join(content.TILE_NAMES[x] for x in symbols)
        ctx.say(f"You place a fate tile ({shown}) and gain {told} action tiles.")
        times = 2 if city.has(p, "double_print") else 1
        for bonus in content.board().fate_bonuses:
            if (bonus.row, bonus.col) in cells:
                city.add(p.tiles, bonus.tiles, times)
                city.add(p.resources, bonus.resources, times)
                ctx.say(f"It covers a printed {council.gain_text(bonus)}{' (twice: Map Reader)' if times == 2 else ''}.")
        self._main(ctx)

    def _do_discard(self, ctx: Ctx, action: Discard) -> None:
        p = ctx.state.players[YOU]
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
        city.score(s.players[YOU], "Countdown passes", points)
        ctx.say(f"You pass and score {points} point{'s' if points > 1 else ''} from countdown tile {s.countdown}.")
        self._main(ctx)
        self._end_turn(ctx)

    def _do_end(self, ctx: Ctx, action: End) -> None:
        self._end_turn(ctx)

    def _do_finish(self, ctx: Ctx, action: Finish) -> None:
        s = ctx.state
        s.players[YOU].out = True
        s.phase = "over"
        ctx.say("You can take no action at all: the game ends.")

    def _end_turn(self, ctx: Ctx) -> None:
        s = ctx.state
        s.flags = TurnFlags()
        s.phase = "tom"

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
        _check_trigger(ctx, "")
        if s.triggered:
            if s.countdown >= len(content.board().countdown):
                s.phase = "over"
                ctx.say("The countdown is over: final scoring.")
                return
            s.countdown += 1
            points = content.board().countdown[s.countdown - 1]
            ctx.say(f"Countdown turn {s.countdown} of {len(content.board().countdown)}: you may pass for "
                    f"{points} point{'s' if points > 1 else ''}.")
        s.phase = "turn"
        s.turn += 1

    # -- text and views -------------------------------------------------------------------
    def format_action(self, action: Action) -> str:
        return CODEC.format(action)

    def describe_action(self, action: Action) -> str:
        return view.describe(action)

    def parse_action(self, state: BonfireState, seat: int, text: str) -> Action:
        action = CODEC.parse(text)
        if action not in self.legal_actions(state, seat):
            raise IllegalAction(view.why(self, state, action))
        return action

    def view(self, state: BonfireState, viewer: int | None) -> BonfireState:
        return view.redacted(state)

    def summary(self, state: BonfireState, viewer: int | None) -> Summary:
        return view.summary(self, state)

    def is_over(self, state: BonfireState) -> bool:
        return state.phase == "over"

    def outcome(self, state: BonfireState) -> Outcome:
        return view.outcome(state)


def _check_trigger(ctx: Ctx, when: str) -> None:
    """The novice that makes the High Council's count reach the end trigger starts the
    countdown (`when` says if the round must finish first)."""
    s = ctx.state
    trigger = content.board().end_trigger
    if not s.triggered and council.novices_in_council(s) >= trigger:
        s.triggered = True
        ctx.say(f"{trigger} novices sit in the High Council: the countdown begins {when}"
                f"({len(content.board().countdown)} more turns each).")


def fate_placements(s: BonfireState, ignore_limit: bool = False) -> list[Action]:
    p = s.players[YOU]
    if not p.fate_column:
        return []
    limit = 3 if city.has(p, "keep_three") else 1
    if not ignore_limit and city.tile_count(p) > limit:
        return []
    ends = ["top"] if len(p.fate_column) == 1 else ["top", "bottom"]
    strips = city.open_strips(p.grid)
    if ignore_limit:
        strips = strips[:1]
    return [Fate(end, row, col, direction) for end in ends for row, col, direction in strips]


def _deal_tasks(ctx: Ctx) -> list[Island]:
    """Solo: 7 blue, 7 red and 6 yellow tasks, two of different colours on each task island."""
    board = content.board()
    by_colour = {
        colour: ctx.shuffle(sorted(t.id for t in content.tasks().values() if t.colour == colour))[:count]
        for colour, count in board.solo_tasks.items()
    }
    # 7+7+6 tasks in 10 mixed pairs: 4 blue-red, 3 blue-yellow, 3 red-yellow.
    pairs = ctx.shuffle(["blue-red"] * 4 + ["blue-yellow"] * 3 + ["red-yellow"] * 3)
    out = []
    for island in board.islands:
        if island.kind == "task":
            a, b = pairs.pop().split("-")
            out.append(Island(tasks=[by_colour[a].pop(), by_colour[b].pop()]))
        else:
            out.append(Island(guardians=2))
    return out


def _deal_portals(ctx: Ctx) -> list[list[str]]:
    """Two portals on each Great Bonfire space, never two alike on one space (solo)."""
    board = content.board()
    pool = [symbol for symbol in board.portal_symbols for _ in range(4)]
    while True:
        shuffled = ctx.shuffle(pool)
        spaces: list[list[str]] = []
        for _ in board.great_bonfire:
            first = shuffled.pop(0)
            other = next((x for x in shuffled if x != first), None)
            if other is None:
                break
            shuffled.remove(other)
            spaces.append([first, other][: board.portals_per_space])
        if len(spaces) == len(board.great_bonfire):
            return spaces


def _your_city(ctx: Ctx) -> Player:
    board = content.board()
    fate = ctx.shuffle([t.id for t in board.fate_tiles])
    offerings = ctx.shuffle([r for r in content.PLAIN_RESOURCES for _ in range(2)])
    n = board.fate_size
    p = Player(
        tiles={},
        resources={r: 1 for r in content.RESOURCES},
        fate_column=fate[:7],
        grid=[""] * (n * n),
        offerings=[offerings[:5], offerings[5:]],
        bonfires=[Bonfire() for _ in range(7)],
        portals=[""] * 7,
        guardians=[Guardian("own")],
    )
    p.grid = city.place(p.grid, city.strip_cells(n // 2, 1, "E"), board.fate_tiles[int(fate[7].split("-")[1]) - 1].symbols)
    p.track = {}
    return p


def _start_tiles(ctx: Ctx, swapped: bool) -> None:
    """Setup: you may swap the centre fate tile with the middle tile of your column, then
    take the 3 action tiles it shows plus 2 wild tiles."""
    s = ctx.state
    p = s.players[YOU]
    board = content.board()
    n = board.fate_size
    cells = city.strip_cells(n // 2, 1, "E")
    if swapped:
        centre = [city.at(p.grid, c) for c in cells]
        centre_id = next(t.id for t in board.fate_tiles if t.symbols == centre)
        middle = p.fate_column[3]
        p.fate_column[3] = centre_id
        p.grid = city.place([""] * (n * n), cells, content.board().fate_tiles[int(middle.split("-")[1]) - 1].symbols)
    symbols = [city.at(p.grid, c) for c in cells]
    p.tiles = {}
    city.add(p.tiles, {sym: 1 for sym in symbols})
    city.add(p.tiles, {WILD: 2})
    ctx.say(f"You {'swap the centre fate tile and ' if swapped else ''}start with {', '.join(content.TILE_NAMES[x] for x in symbols)} and 2 wild action tiles. "
            "You hold the building extension: you start.")
    s.phase = "turn"


def _tom_board() -> Player:
    return Player(
        tiles={}, resources={}, fate_column=[], grid=[], offerings=[[], []],
        bonfires=[Bonfire(novice=False) for _ in range(7)], portals=[""] * 7,
        guardians=[Guardian("own")], novices=4,
    )


ENGINE = BonfireEngine()


def _register_bots() -> None:
    from engines.bonfire.bots import BOTS

    BonfireEngine.bots = BOTS


_register_bots()

__all__ = ["ENGINE", "BonfireEngine"]
