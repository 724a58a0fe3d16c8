"""What players see: the redacted table, the status line and panels, action wording by
name, refusal reasons, and the outcome with both breakdowns.

Every city and every offering's top tile is open information, in solo and with two
players; what nobody sees (the face-down piles, the order of the Tom Pile, the offerings
under the top ones, the generator) is hidden from every seat alike, so one redacted table
serves all viewers and a hot-seat hand-over has nothing to hide."""

from __future__ import annotations

from typing import TYPE_CHECKING

import msgspec

from engines.bonfire import city, content, council, islands, paths, processions, scoring, tasks, turns
from engines.bonfire.actions import (
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
from engines.bonfire.state import (
    YOU,
    BonfireState,
    Pending,
    acting,
    is_solo,
    player_name,
    portal_board,
    tom_board,
)
from engines.core.protocol import Outcome, Rival, SeatPanel, Summary

if TYPE_CHECKING:
    from engines.bonfire.engine import BonfireEngine


def redacted(state: BonfireState) -> BonfireState:
    """The table as anyone sees it: face-down piles show only how many cards they hold,
    and an offering stack only its top tile."""
    return msgspec.structs.replace(
        state,
        rng=0,
        players=[
            msgspec.structs.replace(p, offerings=[["?"] * (len(stack) - 1) + stack[-1:] for stack in p.offerings])
            for p in state.players
        ],
        path_piles=[["?"] * len(pile) for pile in state.path_piles],
        gnome_pile=["?"] * len(state.gnome_pile),
        tom_pile=["?"] * len(state.tom_pile),
    )


def council_name(space_id: str) -> str:
    return next(sp.name for sp in content.board().council if sp.id == space_id)


def describe(action: Action) -> str:
    board = content.board()
    if isinstance(action, Keep):
        return "keep your centre fate tile"
    if isinstance(action, Swap):
        return "swap the centre fate tile with the middle one of your column"
    if isinstance(action, Fate):
        way = {"E": "right", "W": "left", "S": "down", "N": "up"}[action.direction]
        return f"{action.end} fate tile at {action.row + 1},{action.col + 1} going {way}"
    if isinstance(action, Discard):
        return f"discard {content.a_tile(action.kind)}"
    if isinstance(action, Sail):
        return f"sail to {board.islands[content.island_index(action.island)].name}"
    if isinstance(action, Receive):
        return f"receive {content.tasks()[action.task].name} to bonfire {action.space} (offering {action.stack})"
    if isinstance(action, TakeGuardian):
        return f"take this island's guardian (offering stack {action.stack})"
    if isinstance(action, BuildPath):
        where = (
            f"display {action.source[1:]}" if action.source.startswith("d") else f"face-down pile {action.source[4:]}"
        )
        return f"build path: {where}"
    if isinstance(action, Redraw):
        return "redraw the path display (all one colour)"
    if isinstance(action, Procession):
        return f"procession of {action.steps} step{'s' if action.steps > 1 else ''}"
    if isinstance(action, Walk):
        who = "your own guardian" if action.guardian == "own" else f"the {action.guardian} guardian"
        if action.to == "stay":
            return f"{who} stays"
        return f"{who} walks to {processions.place_name(int(action.to[1:]) + (10 if action.to[0] == 'b' else 0))}"
    if isinstance(action, GreatBonfire):
        space = next(sp for sp in board.great_bonfire if sp.id == action.space)
        return f"Great Bonfire to {space.name}: {council.pick_text(space, action.pick)}"
    if isinstance(action, Recruit):
        return f"recruit {content.gnome_name(action.gnome)}"
    if isinstance(action, Fulfil):
        return f"fulfil the task on bonfire {action.space}"
    if isinstance(action, Common):
        return f"fulfil the Common Task {next(t.name for t in board.common_tasks if t.id == action.task)}"
    if isinstance(action, Council):
        return f"novice to the {council_name(action.space)}"
    if isinstance(action, TomTask):
        task = content.tasks()[action.task]
        return f"Tom takes {task.name} ({task.points} points)"
    if isinstance(action, TomGuardian):
        return f"Tom takes the {action.colour} guardian"
    if isinstance(action, Pass):
        return "pass (score the countdown tile)"
    if isinstance(action, End):
        return "end your turn"
    if isinstance(action, Finish):
        return "no action is left: end the game"
    if isinstance(action, TomTurn):
        return "Tom's turn"
    return str(action)


def finish_outcome(s: BonfireState) -> str:
    """What `finish` does with two players: it takes you out, and the game ends unless the
    other player still has turns to come."""
    if turns.others_play_on(s):
        return "you take no more turns; the other player plays on"
    return "you take no more turns; the other player is out already, so the game ends"


def not_your_turn(s: BonfireState, seat: int) -> str:
    if is_solo(s):
        return "It is Tom's turn." if seat == YOU else "It is your turn, not Tom's."
    if s.phase == "setup":
        return f"{player_name(s, s.current)} chooses their centre fate tile now; wait for your turn."
    return f"It is {player_name(s, s.current)}'s turn, not yours."


def why(engine: BonfireEngine, s: BonfireState, action: Action) -> str:
    """A sentence saying why `action` is refused now."""
    p = acting(s)
    if not is_solo(s) and isinstance(action, (TomTurn, TomTask, TomGuardian)):
        return "Tom plays only in a solo game: two players have no automa."
    if s.phase == "setup":
        return "First decide whether to keep or swap your centre fate tile."
    if s.pending:
        kind = s.pending[0].kind
        wrong_choice = _wrong_choice(s.pending[0], action)
        if wrong_choice:
            return wrong_choice
        return {
            "council": "First choose the High Council space for the novice.",
            "tom_task": "First choose which of the tied tasks Tom takes.",
            "tom_guardian": "First choose which guardian Tom takes.",
        }[kind]
    if s.flags.walkers and not isinstance(action, Walk):
        return "Finish the procession first: say where each guardian walks."
    main_kinds = (Fate, Sail, BuildPath, Procession, GreatBonfire, Recruit, Fulfil, Pass)
    if isinstance(action, main_kinds) and s.flags.main_done:
        return "You already took your action this turn (you may discard, fulfil a Common Task or end)."
    if (
        isinstance(action, (Receive, TakeGuardian))
        and s.flags.main_done
        and not (s.flags.sailed and not s.flags.island_done)
    ):
        return "An island action follows a ship move only in the same turn, once."
    if isinstance(action, Fate):
        if not p.fate_column:
            return "You have no fate tile left."
        limit = 3 if city.has(p, "keep_three") else 1
        if city.tile_count(p) > limit:
            return f"You hold {city.tile_count(p)} action tiles: discard down to {limit} before placing a fate tile."
        if action.end not in ("top", "bottom") or action.direction not in city.DIRECTIONS:
            return "Say 'top' or 'bottom' and a direction E, S, W or N."
        if action.end == "bottom" and len(p.fate_column) == 1:
            return "Your last fate tile is both the top and the bottom of your column: place it as 'top'."
        return (
            city.placement_problem(p.grid, city.strip_cells(action.row, action.col, action.direction))
            or "That fate tile cannot go there."
        )
    if isinstance(action, Discard):
        if action.kind not in content.TILE_NAMES:
            return f"There is no action tile called '{action.kind}'."
        if p.tiles.get(action.kind, 0):
            if is_solo(s):
                return "You can take no action at all, so there is nothing to discard for: end the game (finish)."
            return f"You can take no action at all, so there is nothing to discard for: finish ({finish_outcome(s)})."
        return f"You hold no {content.TILE_NAMES[action.kind]} tile."
    if isinstance(action, Sail):
        if action.island not in [i.id for i in content.board().islands]:
            return f"There is no island called '{action.island}'."
        to = content.island_index(action.island)
        if to == p.ship:
            return "Your ship is already there."
        if not islands.sail_cost(p, to):
            return "Your ship moves at most 3 islands per action."
        return "You cannot pay the ship tiles (1 per island; a wild tile or any 2 tiles stand in for each)."
    if isinstance(action, (Receive, TakeGuardian)):
        if p.ship < 0:
            return "Your ship is still in the harbour: sail to an island first."
        if isinstance(action, Receive) and action.task not in s.islands[p.ship].tasks:
            return "That task does not lie on the island where your ship is."
        if (
            isinstance(action, Receive)
            and not 1 <= action.space <= 7
            or isinstance(action, Receive)
            and p.bonfires[action.space - 1].task
        ):
            return "Put a new task on an empty bonfire space."
        return _island_action_problem(s, action)
    if isinstance(action, BuildPath):
        if len(p.path) >= paths.MAX_PATH:
            return "Your path is complete (6 tiles)."
        return f"Your next path tile costs {paths.path_cost(p)} path tile(s), or there is no such tile."
    if isinstance(action, Procession):
        return "A procession needs 1 to 3 procession tiles you can pay and a guardian who can walk."
    if isinstance(action, Walk):
        if not s.flags.walkers:
            return "No procession is under way: guardians walk only in a procession."
        return "That guardian cannot walk there now (blocked, too far, no portal, or the bonfire is unlit or taken)."
    if isinstance(action, GreatBonfire):
        return _great_bonfire_problem(s, action)
    if isinstance(action, Recruit):
        if len(p.gnomes) >= 6:
            return "You already have 6 gnomes."
        return "That gnome is not on display, or you cannot pay its gnome tile(s) and resource."
    if isinstance(action, Fulfil):
        b = p.bonfires[action.space - 1] if 1 <= action.space <= 7 else None
        if b is None or not b.task:
            return "There is no task on that bonfire space."
        if b.lit:
            return "That bonfire is already lit."
        result = tasks.payment(s, s.current, content.tasks()[b.task])
        return result if isinstance(result, str) else "That task cannot be fulfilled now."
    if isinstance(action, Common):
        return "You do not meet that Common Task, or you already fulfilled it."
    if isinstance(action, Pass):
        return "You may pass only during the countdown."
    if isinstance(action, End):
        return "Take your action first (place a fate tile, use action tiles, or fulfil a task)."
    if isinstance(action, Finish):
        return "You still have an action you can take."
    if isinstance(action, TomTurn):
        return "It is your turn, not Tom's."
    if isinstance(action, Council):
        return "No novice is heading for the High Council now."
    if isinstance(action, TomTask):
        return "Tom has no tied tasks for you to choose between now."
    if isinstance(action, TomGuardian):
        return "Tom has no guardian for you to choose now."
    if isinstance(action, (Keep, Swap)):
        return "Setup is over: the centre fate tile was settled at the start."
    return "That is not possible now."


def _great_bonfire_problem(s: BonfireState, action: GreatBonfire) -> str:
    """Why turning the Great Bonfire's figure to a space, with these picks, is refused."""
    p = acting(s)
    board = content.board()
    n = next((i for i, sp in enumerate(board.great_bonfire) if sp.id == action.space), -1)
    if n < 0:
        return f"There is no Great Bonfire space called '{action.space}'."
    if action.pick not in council.PICKS:
        return "Take two of the three: say tr (tile and resource), tp (tile and portal) or rp (resource and portal)."
    name = board.great_bonfire[n].name
    cost = council.turn_cost(s.figure, n)
    if not cost:
        return f"The figure already points at the {name}: turn it to another space (1 or 2 tiles for the next spaces clockwise, 3 for any other)."
    if city.tile_limit(p, "bonfire") < cost:
        return (
            f"Turning the figure to the {name} costs {cost} Great Bonfire tile{'s' if cost > 1 else ''} "
            "(a wild tile or any 2 tiles stand in for each): you cannot pay them."
        )
    slot = city.next_portal_slot(p)
    if slot < 0:
        return "All your portal slots are full: choose tile and resource."
    wanted = board.board_portals[portal_board(s.current)][slot]
    return f"The {name} has no {wanted} portal, the symbol your next portal slot needs."


def _island_action_problem(s: BonfireState, action: Receive | TakeGuardian) -> str:
    """Why receiving a task or taking a guardian at the island where the ship lies is
    refused, once the ship is known to be out and a task to receive lies there."""
    p = acting(s)
    island = content.board().islands[p.ship]
    if isinstance(action, TakeGuardian):
        if island.kind == "task":
            return f"{island.name} is a task island: it has no guardian to take (receive a task there instead)."
        if any(g.colour == island.guardian for g in p.guardians):
            return f"You already have the {island.guardian} guardian: you may hold only one of each colour."
        if not s.islands[p.ship].guardians:
            return f"No {island.guardian} guardian is left on {island.name}."
    if action.stack not in (1, 2):
        return "Say offering stack 1 or 2."
    if not any(p.offerings):
        return "Both your offering stacks are empty: you have no offering left to leave."
    if not p.offerings[action.stack - 1]:
        return f"Your offering stack {action.stack} is empty: pay with the other one."
    return "You cannot pay: 1 island tile, the island's resource and your offering's resource (gold or any 2 resources stand in)."


def _wrong_choice(pending: Pending, action: Action) -> str:
    """Why a choice of the awaited kind is refused ("" when the action is of another kind)."""
    if pending.kind == "council" and isinstance(action, Council):
        space = next((sp for sp in content.board().council if sp.id == action.space), None)
        if space is None:
            return f"There is no High Council space called '{action.space}'."
        return f"The {space.name} is taken: choose a free High Council space."
    if pending.kind == "tom_task" and isinstance(action, TomTask):
        names = " or ".join(content.tasks()[t].name for t in pending.options)
        return f"Tom takes one of the tied tasks: {names}."
    if pending.kind == "tom_guardian" and isinstance(action, TomGuardian):
        return f"Tom takes a guardian he lacks that is still on an island: {' or '.join(pending.options)}."
    return ""


def phase_text(s: BonfireState) -> tuple[str, str]:
    if not is_solo(s):
        return _two_player_phase_text(s)
    if s.phase == "over":
        won, _ = scoring.you_win(s)
        return f"Game over: {'you beat Tom' if won else 'Tom wins'}.", "scoring"
    if s.phase == "setup":
        return "Setup: keep your centre fate tile or swap it with the middle tile of your column.", "setup"
    if s.phase == "tom":
        return "Tom's turn: he reveals his next card.", "tom"
    if s.pending:
        pending = s.pending[0]
        if pending.kind == "council":
            return f"Choose the High Council space for {_NOVICE_OF_SOURCE[pending.source]}.", "the-high-council"
        if pending.kind == "tom_task":
            return "Tom found tied tasks: choose which one he takes.", "tom"
        return "Choose which guardian Tom takes.", "tom"
    if s.flags.walkers:
        steps = f"{s.flags.steps} step{'s' if s.flags.steps > 1 else ''}"
        return f"Procession: say where each guardian walks (up to {steps}).", "make-a-procession"
    count = f" Countdown turn {s.countdown} of 5." if s.countdown else ""
    if s.flags.main_done:
        follow = " You may still take an island action." if s.flags.sailed and not s.flags.island_done else ""
        return f"Your turn {s.turn}: action done.{follow} End your turn when ready.{count}", "turn"
    return f"Your turn {s.turn}: place a fate tile, use action tiles, or fulfil a task.{count}", "turn"


#: The novice a High Council choice places, by where it comes from (`Pending.source`).
_NOVICE_OF_SOURCE = {
    "task": "your novice",
    "common": "the neutral novice",  # a Common Task's, sent by the player fulfilling it
    "tom": "Tom's novice",
    "neutral": "the neutral novice Tom lays flat",
}


def _two_player_phase_text(s: BonfireState) -> tuple[str, str]:
    name = player_name(s, s.current)
    if s.phase == "over":
        winners = scoring.winners(s)
        if len(winners) > 1:
            return "Game over: a shared win.", "scoring"
        return f"Game over: {player_name(s, winners[0])} wins.", "two-players"
    if s.phase == "setup":
        return (
            f"Setup, {name}: keep your centre fate tile or swap it with the middle tile of your column.",
            "two-players",
        )
    if s.pending:
        whose = _NOVICE_OF_SOURCE[s.pending[0].source]
        return f"{name}: choose the High Council space for {whose}.", "the-high-council"
    if s.flags.walkers:
        steps = f"{s.flags.steps} step{'s' if s.flags.steps > 1 else ''}"
        return f"{name}'s procession: say where each guardian walks (up to {steps}).", "make-a-procession"
    count = f" Countdown turn {s.countdown} of 5." if s.countdown else ""
    if s.flags.main_done:
        follow = " You may still take an island action." if s.flags.sailed and not s.flags.island_done else ""
        return f"{name}'s turn {s.turn}: action done.{follow} End your turn when ready.{count}", "turn"
    return f"{name}'s turn {s.turn}: place a fate tile, use action tiles, or fulfil a task.{count}", "turn"


def summary(engine: BonfireEngine, s: BonfireState) -> Summary:
    status, topic = phase_text(s)
    if not is_solo(s):
        panels = [
            SeatPanel(
                player_name(s, n),
                [
                    f"{scoring.total(p)} pts",
                    f"{city.tile_count(p)} tiles",
                    "out" if p.out else f"fate {len(p.fate_column)}",
                ],
                active=s.phase != "over" and n == s.current,
            )
            for n, p in enumerate(s.players)
        ]
        return Summary(status=status, panels=panels, turn=s.turn, rules_topic=topic)
    you, tom = acting(s), tom_board(s)
    panels = [
        SeatPanel(
            "You",
            [f"{scoring.total(you)} pts", f"{city.tile_count(you)} tiles", f"fate {len(you.fate_column)}"],
            active=s.phase != "tom",
        ),
        SeatPanel("Tom", [f"{scoring.total(tom)} pts", f"{tom.novices} novices left"], active=s.phase == "tom"),
    ]
    return Summary(status=status, panels=panels, turn=s.turn, rules_topic=topic)


def outcome(s: BonfireState) -> Outcome:
    if not is_solo(s):
        return _two_player_outcome(s)
    you, tom = acting(s), tom_board(s)
    mine = scoring.breakdown(you)
    a, b = scoring.total(you), scoring.total(tom)
    won, _ = scoring.you_win(s)
    # Tom holds no seat, so his win leaves `winners` empty: the reason names him first.
    if won:
        reason = f"You beat Tom, {a} points to {b}."
    elif a == b:
        reason = f"Tom wins: a tie at {a} points is his (you must score more than Tom)."
    else:
        reason = f"Tom wins with {b} points to your {a}."
    if you.out:
        reason = "You had no action left. " + reason
    tom_lines = scoring.breakdown(tom)
    return Outcome(
        scores=[a],
        breakdown=[mine],
        winners=[0] if won else [],
        reason=reason,
        rivals=[Rival("Tom", b, tom_lines, won=not won)],
    )


def _two_player_outcome(s: BonfireState) -> Outcome:
    """Both breakdowns; the higher total wins, a tie goes to more lit bonfires, then more
    guardians in bonfires, and is shared after that."""
    scores = [scoring.total(p) for p in s.players]
    winners = scoring.winners(s)
    names = [player_name(s, n) for n in range(len(s.players))]
    if len(winners) > 1:
        reason = (
            f"A shared win at {scores[0]} points: the tie-break (lit bonfires, then guardians in bonfires) is even too."
        )
    else:
        win, lose = winners[0], 1 - winners[0]
        reason = f"{names[win]} wins, {scores[win]} points to {scores[lose]}"
        decided = scoring.tie_break_reason(s)
        reason += f" ({decided})." if decided else "."
    gone = [names[n] for n, p in enumerate(s.players) if p.out]
    if gone:
        reason = f"{' and '.join(gone)} had no action left. " + reason
    return Outcome(scores=scores, breakdown=[scoring.breakdown(p) for p in s.players], winners=winners, reason=reason)
