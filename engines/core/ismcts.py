"""Information-set Monte Carlo tree search: one search bot for every game that can sample
what a seat cannot see.

Single-observer IS-MCTS (Cowling, Powley and Whitehouse, 2012), shaped as
/work/shared/design/bots.md describes. The bot reads only its `BotContext` (its seat's view,
its legal actions, its own generator); the engine's `determinize(view, seat, rng)` turns that
view into complete states drawn from what the seat cannot see. Each iteration:

1. sample a determinization of the view;
2. walk down the tree from the root, choosing among the actions legal in *this* sample by UCB
   over the acting seat's reward, where an action's visits are compared with the number of
   times it was available (so rarely legal actions are not starved);
3. expand one untried action;
4. roll out to the end (random or a given bot for every seat; automatic actors act through
   the engine's own `auto_action`, as in a real game), or, with a `horizon` and an
   `evaluate`, that many choices and score the position by the evaluation;
5. back up a reward vector: win 1, a shared win split, loss 0; in a cooperative game the
   team's result for every seat (or, with `margin_rewards`, half that and half the score
   margin over the best other player, squashed: a denser signal where wins alone are too
   sparse to tell actions apart in a few hundred playouts).

Nodes are keyed by an action's stable text form (`format_action`), so one tree serves every
determinization. Automatic actions make no nodes: what chance does is part of the sample.
A budget in iterations (tests: the same seed gives the same decision) or in wall time (play;
the clock is read every few iterations).
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Sequence
from typing import Any, ClassVar

from engines.core.protocol import AUTO, Bot, BotContext, Engine
from engines.core.rng import Rng

#: The exploration constant of UCB1 for rewards in [0, 1].
EXPLORATION = 0.7
#: How often (in iterations) the clock is read under a time budget: an iteration with
#: heuristic playouts can take a tenth of a second, so every one.
CLOCK_EVERY = 1
#: A rollout longer than this is cut and scored as a draw (guards a game that would not end).
ROLLOUT_LIMIT = 5_000
#: What a cut rollout is worth to every seat.
DRAW = 0.5
#: With a guide, visits an action needs before the search prefers it to the guide's.
EVIDENCE = 8
#: A node may have WIDEN_BASE + isqrt(descents through it) children (progressive widening).
WIDEN_BASE = 2


def can_search(engine: Engine[Any, Any]) -> bool:
    """True when the engine provides a determinizer (overrides `Engine.determinize`)."""
    return type(engine).determinize is not Engine.determinize


def rewards(engine: Engine[Any, Any], state: Any) -> list[float] | None:
    """Per seat: 1 for a win, a shared win split, 0 for a loss; in a cooperative game the
    team's result for every seat. None for a game cut short (not over)."""
    if not engine.is_over(state):
        return None
    outcome = engine.outcome(state)
    seats, winners = len(outcome.scores), outcome.winners
    if not winners:
        return [0.0] * seats
    if engine.info.flags.cooperative:
        return [1.0] * seats
    share = 1.0 / len(winners)
    return [share if n in winners else 0.0 for n in range(seats)]


Rewards = Callable[[Engine[Any, Any], Any], list[float] | None]


def margin_rewards(scale: float) -> Rewards:
    """Rewards half from the result (`rewards`) and half from each seat's score margin over
    the best other player (seats and rivals such as an automa), squashed to [0, 1] by a
    logistic of `margin / scale`: a close loss is worth more than a rout, a safe win more
    than a lucky one. A cooperative game keeps the team's result."""

    def reward(engine: Engine[Any, Any], state: Any) -> list[float] | None:
        result = rewards(engine, state)
        if result is None or engine.info.flags.cooperative:
            return result
        outcome = engine.outcome(state)
        scores = outcome.scores
        rivals = [rival.score for rival in outcome.rivals]
        out = []
        for n, mine in enumerate(scores):
            others = [score for m, score in enumerate(scores) if m != n] + rivals
            margin = mine - max(others) if others else 0
            out.append(0.5 * result[n] + 0.5 / (1.0 + math.exp(-margin / scale)))
        return out

    return reward


def acting_seat(engine: Engine[Any, Any], state: Any) -> int | None:
    """Who acts now in the search: the first seat listed (simultaneous choices become
    sequential), AUTO for the engine itself, None when the game is over."""
    actors = engine.actors(state)
    return actors[0] if actors else None


class _Node:
    """One action's statistics, seen from the seat that took it."""

    __slots__ = ("seat", "visits", "available", "total", "children", "passes")

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self.visits = 0
        self.available = 1
        self.total = 0.0
        self.children: dict[str, _Node] = {}
        self.passes = 0  # descents that chose among this node's children


RolloutPolicy = Callable[[Engine[Any, Any], Any, int, Sequence[Any], Rng], Any]


def random_rollout(engine: Engine[Any, Any], state: Any, seat: int, legal: Sequence[Any], rng: Rng) -> Any:
    """The cheapest playout policy: any legal action, uniformly."""
    return legal[rng.below(len(legal))]


def bot_rollout(bot: Bot, state_as_view: bool = False) -> RolloutPolicy:
    """A playout policy that asks `bot` (a heuristic), giving it only the acting seat's view
    of the sampled state, as in a real game. With `state_as_view`, for a bot that never reads
    what the view hides (it makes the same choices from the state as from the view, as an
    engine's test must show), the sampled state itself: no view is made at every step."""

    def policy(engine: Engine[Any, Any], state: Any, seat: int, legal: Sequence[Any], rng: Rng) -> Any:
        return bot.choose(BotContext(engine=engine, seat=seat, view=engine.view(state, seat), legal=legal, rng=rng))

    def policy_on_state(engine: Engine[Any, Any], state: Any, seat: int, legal: Sequence[Any], rng: Rng) -> Any:
        return bot.choose(BotContext(engine=engine, seat=seat, view=state, legal=legal, rng=rng))

    return policy_on_state if state_as_view else policy


class SearchBot(Bot):
    """IS-MCTS over the engine's determinizations of this seat's view."""

    name: ClassVar[str] = "search"
    #: It searches for wall time: interfaces ask it off their event loop.
    thinks: ClassVar[bool] = True

    def __init__(
        self,
        iterations: int | None = None,
        seconds: float | None = None,
        rollout: RolloutPolicy = random_rollout,
        exploration: float = EXPLORATION,
        guide: Bot | None = None,
        reward: Rewards = rewards,
        guide_order: bool = False,
        horizon: int | None = None,
        evaluate: Rewards | None = None,
        evidence: int = EVIDENCE,
    ) -> None:
        if iterations is None and seconds is None:
            raise ValueError("A search needs a budget: iterations, seconds or both.")
        self.iterations = iterations
        self.seconds = seconds
        self.rollout = rollout
        self.exploration = exploration
        #: A bot (the heuristic) whose choice a node tries first; None: untried actions in
        #: random order.
        self.guide = guide
        #: What a finished playout is worth to each seat.
        self.reward = reward
        #: True: each new child is the guide's choice among the untried actions, so a node
        #: grows in the guide's order of preference (where many actions are legal and few
        #: iterations allowed, the runners-up are tried, not any); False: the guide's first
        #: choice, then any.
        self.guide_order = guide_order
        #: With `evaluate`: after this many choices by seats a playout asks `evaluate` for
        #: the position's worth (per seat, in [0, 1]) and stops there, unless it answers
        #: None (then it plays on to the end): shorter playouts, more of them, where whole
        #: games are too long for the budget.
        self.horizon = horizon
        self.evaluate = evaluate
        #: With a guide, visits another action needs before the search prefers it; fewer
        #: where playouts vary little (a deterministic heuristic's, scored by margin).
        self.evidence = evidence
        #: The root's children after the latest decision (for tests and benchmarks).
        self.last_root: _Node | None = None

    def choose(self, ctx: BotContext) -> Any:
        legal = list(ctx.legal)
        if len(legal) == 1:
            return legal[0]
        engine: Engine[Any, Any] = ctx.engine
        rng = Rng(ctx.rng.next_u64())
        root = _Node(ctx.seat)
        started = time.perf_counter()
        deadline = None if self.seconds is None else started + self.seconds
        done = 0
        longest = 0.0
        last = started
        while True:
            self._iterate(engine, ctx, root, rng)
            done += 1
            if self.iterations is not None and done >= self.iterations:
                break
            if deadline is not None and done % CLOCK_EVERY == 0:
                now = time.perf_counter()
                longest = max(longest, (now - last) / CLOCK_EVERY)
                last = now
                # Stop when one more iteration as long as the longest so far would overrun:
                # the budget is the most a decision takes, not the least (with the average,
                # one long playout at the end put p95 a few per cent over the budget).
                if now + longest >= deadline:
                    break
        self.last_root = root
        return self._best(engine, legal, root)

    def clearly_better(self, engine: Engine[Any, Any], searched: Any, other: Any) -> bool:
        """Whether, in the latest decision, `searched` beat `other` by more than chance would
        explain: its mean result higher by over two standard errors of the difference (a value
        in [0, 1] with mean m varies at most m(1 - m)). For a search that keeps a model's or a
        guide's choice unless clearly beaten (Bioviva's, Camp Grizzly's)."""
        if searched == other or self.last_root is None:
            return False
        stats = self.last_root.children
        mine, theirs = stats.get(engine.format_action(searched)), stats.get(engine.format_action(other))
        if mine is None or theirs is None or not mine.visits or not theirs.visits:
            return False
        a, b = mine.total / mine.visits, theirs.total / theirs.visits
        spread = math.sqrt(a * (1 - a) / mine.visits + b * (1 - b) / theirs.visits)
        return a - b > 2 * max(spread, 1 / mine.visits)

    def _expansion(
        self,
        engine: Engine[Any, Any],
        state: Any,
        seat: int,
        legal: list[Any],
        untried: list[tuple[str, Any]],
        rng: Rng,
    ) -> tuple[str, Any]:
        """The untried action to add: the guide's choice in this sample when it is untried
        (the guide sees only the acting seat's view of the sample), else any; with
        `guide_order`, the guide's choice among the untried ones."""
        if self.guide is not None:
            view = engine.view(state, seat)
            offered = [action for _, action in untried] if self.guide_order else legal
            wanted = self.guide.choose(BotContext(engine=engine, seat=seat, view=view, legal=offered, rng=rng))
            text = engine.format_action(wanted)
            for pair in untried:
                if pair[0] == text:
                    return pair
        return untried[rng.below(len(untried))]

    def _best(self, engine: Engine[Any, Any], legal: list[Any], root: _Node) -> Any:
        """The most visited action; ties go to the one expanded first (the guide's choice,
        when there is a guide). With a guide, another action must also have been visited at
        least `evidence` times (EVIDENCE unless told): with too few iterations to tell
        actions apart (Camp Grizzly's heuristic playouts allow a handful in 0.3 s) the search
        plays as its guide would, never worse by a lucky playout."""
        by_text = {engine.format_action(action): action for action in legal}
        first: str | None = None
        best, most = legal[0], -1
        for text, node in root.children.items():
            if text not in by_text:
                continue
            if first is None:
                first = text
            if node.visits > most:
                best, most = by_text[text], node.visits
        if self.guide is not None and first is not None and most < self.evidence:
            return by_text[first]
        return best

    def _iterate(self, engine: Engine[Any, Any], ctx: BotContext, root: _Node, rng: Rng) -> None:
        state = engine.determinize(ctx.view, ctx.seat, rng)
        node = root
        path: list[_Node] = []
        expanded = False
        while not expanded:
            seat = acting_seat(engine, state)
            if seat is None:
                break
            if seat == AUTO:
                state = engine.apply(state, AUTO, engine.auto_action(state)).state
                continue
            legal = engine.legal_actions(state, seat)
            untried: list[tuple[str, Any]] = []
            best: tuple[float, _Node, Any] | None = None
            for action in legal:
                text = engine.format_action(action)
                child = node.children.get(text)
                if child is None:
                    untried.append((text, action))
                    continue
                child.available += 1
                score = child.total / child.visits + self.exploration * math.sqrt(
                    math.log(child.available) / child.visits
                )
                if best is None or score > best[0]:
                    best = (score, child, action)
            node.passes += 1
            # Progressive widening: a node grows a new child only while it has few for its
            # visits, so a search with fewer iterations than actions still looks deeper
            # than one playout per action.
            if untried and (best is None or len(node.children) < WIDEN_BASE + math.isqrt(node.passes)):
                text, action = self._expansion(engine, state, seat, legal, untried, rng)
                child = _Node(seat)
                node.children[text] = child
                expanded = True
            else:
                assert best is not None
                _, child, action = best
            state = engine.apply(state, seat, action).state
            path.append(child)
            node = child
        state, reward = self._roll_out(engine, state, rng)
        if reward is None:
            reward = self.reward(engine, state)
        for visited in path:
            visited.visits += 1
            visited.total += DRAW if reward is None else reward[visited.seat]

    def _roll_out(self, engine: Engine[Any, Any], state: Any, rng: Rng) -> tuple[Any, list[float] | None]:
        """The playout's last state, and its evaluation when it was stopped at the horizon
        (None: score the state by `reward`)."""
        choices = 0
        stop = self.horizon if self.horizon is not None and self.evaluate is not None else None
        for _ in range(ROLLOUT_LIMIT):
            seat = acting_seat(engine, state)
            if seat is None:
                break
            if seat == AUTO:
                action = engine.auto_action(state)
            else:
                if choices == stop and self.evaluate is not None:
                    value = self.evaluate(engine, state)
                    if value is not None:
                        return state, value
                choices += 1
                action = self.rollout(engine, state, seat, engine.legal_actions(state, seat), rng)
            state = engine.apply(state, seat, action).state
        return state, None


def search_levels(
    rollout: Callable[[], RolloutPolicy] | None = None,
    guide: Callable[[], Bot] | None = None,
    kind: Callable[..., SearchBot] | None = None,
    **options: Any,
) -> dict[str, Callable[[], Bot]]:
    """The `hard` (about 0.3 s a move) and `expert` (about 1 s) levels, for an engine's
    `bots` dict; only for an engine with a determinizer. `guide` makes the bot (usually the
    heuristic) whose choices the search tries first; `kind` the search (SearchBot unless
    told, or a subclass); `options` are the search's others (reward, guide_order, horizon,
    evaluate and evidence)."""
    make = rollout or (lambda: random_rollout)
    search = kind or SearchBot

    def searcher(seconds: float) -> Bot:
        return search(seconds=seconds, rollout=make(), guide=guide() if guide else None, **options)

    def hard() -> Bot:
        return searcher(0.3)

    def expert() -> Bot:
        return searcher(1.0)

    return {"hard": hard, "expert": expert}


__all__ = [
    "SearchBot",
    "bot_rollout",
    "can_search",
    "margin_rewards",
    "random_rollout",
    "rewards",
    "search_levels",
]
