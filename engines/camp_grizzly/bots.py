"""Camp Grizzly bots. They read only their view, their legal actions and their own generator.

`random` plays any legal action. `heuristic` plays the co-op plan players use:
- pool objectives on one carrier (the counselor holding the most), and when the team holds
  a finale's three objectives, every holder walks to that finale's red arrow and starts it;
- otherwise walk to the nearest face-down '?' (or lying key/objective) and reveal it,
  drawing cabin cards on the way; pick everything up and equip the biggest dice;
- keep away from Otis' reach when a fight would likely be lost, and heal when hurt;
- in a strike the strongest fighter goes first (handing the decision to its own player
  with `next XX` when it is another seat's); the unarmed panic (or hide);
- peeked cabin cards go back with Otis' red cards at the bottom;
  a panic run goes as far from Otis as it can.
"""

from __future__ import annotations

from collections import Counter, deque
from collections.abc import Iterable
from collections.abc import Set as AbstractSet
from functools import cache, lru_cache
from typing import Any, NamedTuple

from engines.camp_grizzly import content
from engines.camp_grizzly.actions import (
    Accept,
    Action,
    CastVote,
    ChooseOption,
    Draw,
    End,
    Equip,
    Fight,
    Move,
    NextUp,
    Order,
    PanicNow,
    Pickup,
    Reveal,
    Roll,
    StartFinale,
    Stay,
    Trade,
    Use,
    Woods,
)
from engines.camp_grizzly.content import Cell, Effect, parse_label
from engines.camp_grizzly.view import CampView, CounselorView
from engines.core.bots import RandomBot
from engines.core.protocol import Bot, BotContext

__all__ = ["HeuristicBot", "RandomBot", "Surroundings", "card_effects", "distances", "expected_total", "surroundings"]

#: The legal actions by their type: each list holds actions of its key's type only, which a
#: dict's type cannot say, so its values are read as the type their key names.
ByType = dict[type, list[Any]]


def card_effects(thing: str) -> tuple[Effect, ...]:
    """The effects of a cabin or survival card by id (none for anything else)."""
    cards = content.cabin_cards()
    if thing in cards:
        return cards[thing].effects
    surv = content.survival_cards()
    if thing in surv:
        return surv[thing].effects
    return ()


@cache
def _walks() -> dict[Cell, tuple[Cell, ...]]:
    """Each space's walking neighbours, computed once (the bot asks thousands of times)."""
    m = content.camp_map()
    return {cell: m.walk_neighbours(cell) for cell in m.kind if m.passable(cell)}


@cache
def _otis_links() -> dict[Cell, tuple[Cell, ...]]:
    m = content.camp_map()
    return {cell: tuple(end for _, end in m.trail_links.get(cell, ())) for cell in _walks()}


def distances(starts: Iterable[Cell], closed: AbstractSet[Cell] = frozenset(), otis: bool = False) -> dict[Cell, int]:
    """Step counts from the nearest of `starts` (walking; Otis also takes nature trails).
    The map never changes, so the answer for the same starts and closed spaces is kept: the
    search's playouts ask the same few questions thousands of times. Callers only read it."""
    return _bfs_kept(frozenset(starts), frozenset(closed), otis)


@lru_cache(maxsize=4096)
def _bfs_kept(starts: frozenset[Cell], closed: frozenset[Cell], otis: bool) -> dict[Cell, int]:
    walks, links = _walks(), _otis_links()
    dist = {cell: 0 for cell in starts}
    queue = deque(dist)
    while queue:
        here = queue.popleft()
        nexts = walks[here] + links[here] if otis else walks[here]
        for there in nexts:
            if there not in dist and there not in closed:
                dist[there] = dist[here] + 1
                queue.append(there)
    return dist


def expected_total(view: CampView, c: CounselorView) -> float:
    """What `c` rolls in a fight on average, bonuses included."""
    return sum((d + 1) / 2 for d in c.fight_dice) + c.fight_bonus


class Surroundings(NamedTuple):
    """What a counselor's move weighs, read from the view."""

    here: Cell
    closed: frozenset[Cell]  # spaces it cannot enter: fires, and locks without keys
    otis: Cell | None  # None while he lurks
    danger: dict[Cell, int]  # Otis' steps to each space (nature trails count); empty while he lurks
    reach: int  # how far he stalks after the round
    strong: bool  # its average fight total beats his average roll by over `margin`


def surroundings(view: CampView, me: CounselorView, margin: float) -> Surroundings:
    """The active counselor `me`'s surroundings (`me` stands on the map)."""
    locks = frozenset(parse_label(x) for x in view.locks)
    fires = frozenset(parse_label(x) for x in view.fires)
    keys = any(content.minis()[x].kind == "key" for x in me.objectives) or me.ability == "Sticky Fingers"
    otis = parse_label(view.otis.cell) if view.otis.cell else None
    return Surroundings(
        here=parse_label(me.cell),
        closed=fires if keys else fires | locks,
        otis=otis,
        danger=distances([otis], otis=True) if otis is not None else {},
        reach=view.otis.stalk,
        strong=expected_total(view, c=me) > (view.otis.attack + 1) / 2 + margin,
    )


class HeuristicBot(Bot):
    name = "heuristic"

    def choose(self, ctx: BotContext) -> Action:
        view: CampView = ctx.view
        legal: list[Action] = list(ctx.legal)
        phase = view.phase
        by_type: ByType = {}
        for a in legal:
            by_type.setdefault(type(a), []).append(a)
        if phase == "vote":
            return CastVote(True)
        if phase == "offer":
            return Accept()  # the team shares: a trade a teammate asks for is agreed
        if phase == "finale":
            return self._finale(view, legal, by_type)
        if phase == "choice":
            if Order in by_type:
                return self._order(by_type[Order])
            return legal[0]
        if phase == "woods":
            return Woods()
        if phase == "strike":
            return self._strike(view, legal, by_type)
        if phase == "after_roll":
            uses: list[Use] = [
                a for a in by_type.get(Use, []) if any(e.effect == "otis_reroll" for e in card_effects(a.card))
            ]
            return uses[0] if uses else Accept()
        if phase == "panic":
            return self._panic(view, by_type)
        me = next(c for c in view.counselors if c.active)
        handled = self._handle(view, me, by_type)
        if handled is not None:
            return handled
        if phase == "move":
            if StartFinale in by_type:
                start: StartFinale = by_type[StartFinale][0]
                return start
            step = self._step(view, me, by_type.get(Move, []))
            if step is not None:
                return step
        if Reveal in by_type:
            return Reveal()
        if Draw in by_type:
            return Draw()
        if End in by_type:
            return End()
        return legal[0]

    # -- gear --------------------------------------------------------------------------
    def _handle(self, view: CampView, me: CounselorView, by_type: ByType) -> Action | None:
        minis = content.minis()
        pickups: list[Pickup] = by_type.get(Pickup, [])
        for pickup in pickups:
            return pickup
        carrier = self._carrier(view)
        trades: list[Trade] = by_type.get(Trade, [])
        for trade in trades:
            if trade.thing in minis:
                if trade.taker == carrier.initials and trade.giver != carrier.initials:
                    return trade
        equips: list[Equip] = by_type.get(Equip, [])
        for equip in sorted(equips, key=lambda a: -content.cabin_cards()[a.card].die):
            return equip
        hurt = me.injuries > 0
        uses: list[Use] = by_type.get(Use, [])
        for use in uses:
            kinds = {e.effect for e in card_effects(use.card)}
            if use.counselor != me.initials:
                continue
            if ("heal" in kinds and hurt) or "gain_keys" in kinds:
                return use
        return None

    def _carrier(self, view: CampView) -> CounselorView:
        living = [c for c in view.counselors if c.where in ("camp", "woods")]
        return max(living or view.counselors, key=lambda c: (len(c.objectives), -view.counselors.index(c)))

    # -- movement ----------------------------------------------------------------------
    def _goal(self, view: CampView, me: CounselorView) -> set[Cell]:
        m = content.camp_map()
        minis = content.minis()
        pool: Counter[str] = Counter()
        held: dict[str, set[str]] = {}
        for c in view.counselors:
            if c.where != "camp" and c.where != "woods":
                continue
            for mid in c.objectives:
                kind = minis[mid].objective
                pool[kind] += 1
                held.setdefault(kind, set()).add(c.initials)
        failed = {site for site, _, f in view.finale_sites if f}
        for site, fin in content.finales().items():
            if site in failed:
                continue
            if all(pool[k] >= n for k, n in Counter(fin.requires).items()):
                mine = any(me.initials in held.get(k, ()) for k in fin.requires)
                if mine:
                    return {m.site_cells[site]}
        goals = {parse_label(t.cell) for t in view.things if t.kind in ("question", "key", "objective")}
        if me.injuries >= 2 and view.first_aid:
            goals = {parse_label(view.first_aid)}
        return goals

    def _step(self, view: CampView, me: CounselorView, moves: list[Move]) -> Move | None:
        if not moves or not me.cell:
            return None
        here, closed, otis, danger, reach, strong = surroundings(view, me, margin=1)
        goals = self._goal(view, me)
        if here in goals:
            return None
        to_goals = distances(goals, closed)
        now = to_goals.get(here, 999)
        best: Move | None = None
        best_key: tuple[int, int, str] | None = None
        for a in moves:
            cell = parse_label(a.to)
            if cell == otis and not strong:
                continue
            to_goal = to_goals.get(cell, 999)
            if to_goal >= now:
                continue
            risk = 1 if (not strong and danger.get(cell, 99) <= reach) else 0
            key = (risk, to_goal, a.to)
            if best_key is None or key < best_key:
                best, best_key = a, key
        if best is None or best_key is None:  # both are set together
            return None
        if best_key[0] and danger.get(here, 99) > reach:
            return None  # stay out of reach this turn rather than walk into it
        return best

    # -- strikes -----------------------------------------------------------------------
    def _strike(self, view: CampView, legal: list[Action], by_type: ByType) -> Action:
        people = {c.initials: c for c in view.counselors}
        fights: dict[str, Fight] = {a.counselor: a for a in by_type.get(Fight, [])}
        handed: dict[str, NextUp] = {a.counselor: a for a in by_type.get(NextUp, [])}
        uses: list[Use] = by_type.get(Use, [])

        def can(c: CounselorView) -> bool:
            return bool(c.fight_dice) or c.fight_bonus > 0

        # The strongest fighter in danger goes first, whoever's counselor it is: fight with
        # our own, or hand the decision to the player whose counselor it is.
        able = [people[x] for x in fights] + [people[x] for x in handed if can(people[x])]
        if able:
            best = max(able, key=lambda c: (expected_total(view, c), -view.counselors.index(c)))
            if best.initials in handed:
                return handed[best.initials]
            for use in uses:
                if use.counselor == best.initials and any(e.effect == "fight_die" for e in card_effects(use.card)):
                    return use
            return fights[best.initials]
        for use in uses:
            kinds = {e.effect for e in card_effects(use.card)}
            if "hide" in kinds or "prevent_injury" in kinds:
                return use
        if PanicNow in by_type:
            panic: PanicNow = by_type[PanicNow][0]
            return panic
        return legal[0]

    def _order(self, orders: list[Order]) -> Order:
        """Peeked cards go back with the helpful ones on top and Otis' red cards last."""
        cards = content.cabin_cards()

        def badness(order: Order) -> tuple[int, ...]:
            return tuple(1 if cards[x].red else 0 for x in order.cards)

        return min(orders, key=badness)

    def _panic(self, view: CampView, by_type: ByType) -> Action:
        moves: list[Move] = by_type.get(Move, [])
        if not moves or not view.otis.cell:
            return moves[0] if moves else Stay()
        far = distances([parse_label(view.otis.cell)], otis=True)
        best = max(moves, key=lambda a: (far.get(parse_label(a.to), 99), a.to))
        return best

    # -- finales -----------------------------------------------------------------------
    def _finale(self, view: CampView, legal: list[Action], by_type: ByType) -> Action:
        if Roll in by_type:
            rolls: list[Roll] = by_type[Roll]
            if len(rolls) == 1:
                return rolls[0]
            people = {c.initials: c for c in view.counselors}
            return min(rolls, key=lambda a: (people[a.counselor].horrified, a.counselor))
        if ChooseOption in by_type:
            option: ChooseOption = by_type[ChooseOption][0]
            return option
        return legal[0]
