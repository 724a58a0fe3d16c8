"""The plan the Camp Grizzly search levels play by (their guide and their playouts).

It is the heuristic's plan (bots.py) with the three things that cost the heuristic's team
most of its losses on Normal, each a small search of its own:

- **The whole move, not one step.** The heuristic walks one step at a time towards its goal
  and keeps out of Otis' reach only while it is out already. The planner weighs every space
  it can reach with the movement left: out of Otis' reach when he stalks after the round
  (his Stalk from where he stands, nature trails included), then nearest its goal, then the
  shortest walk. A space in reach counts as `RISK_STEPS` more steps from the goal, except
  on the way to a finale, where the team must go whatever stands near. Counselors who would
  likely beat Otis (an average fight total `STRONG_MARGIN` over his average roll) walk
  where they like.
- **The best loadout.** The heuristic equips the biggest die first and never stows
  anything, so an early knife keeps a hand from a later hay fork. The planner equips the set
  of weapons and hand items worth most within its hands (`loadout`: every set is tried,
  there are few), stows what that set replaces, and hands a spare weapon or hand item to a
  teammate on its space when that teammate's own best set gets better with it.
- **Finales.** Once the team holds a finale's objectives, every counselor heads for its red
  arrow, not only the holders, and the one who could start waits for teammates near enough
  (`GATHER_STEPS`) unless Otis is in reach of the arrow: everyone on the finale card fights
  and any win carries the team. Of several finales complete at once the team aims for the
  one heuristic teams escape by most often (`FINALE_PREFERENCE`), and at a finale's choice
  it takes the branch with the fewest and easiest fights (`fights_ahead`).

Measured with heuristic teams against planner teams over the same 2,000 seeds (Normal, two
counselors): see bench/README.md, "Camp Grizzly's plan".
"""

from __future__ import annotations

from collections import Counter
from itertools import combinations

from engines.camp_grizzly import content
from engines.camp_grizzly.actions import (
    Action,
    ChooseOption,
    Equip,
    Move,
    Pickup,
    StartFinale,
    Trade,
    Unequip,
    Use,
)
from engines.camp_grizzly.bots import ByType, HeuristicBot, card_effects, distances, surroundings
from engines.camp_grizzly.content import Cell, parse_label
from engines.camp_grizzly.view import CampView, CounselorView
from engines.core.protocol import BotContext

__all__ = [
    "FINALE_PREFERENCE",
    "GATHER_STEPS",
    "RISK_STEPS",
    "STRONG_MARGIN",
    "PlannerBot",
    "fights_ahead",
    "gear_value",
    "loadout",
    "target_finale",
]

#: How many steps of detour being in Otis' reach at the round's end is worth avoiding.
RISK_STEPS = 4

#: How far a counselor's average fight total must exceed Otis' average roll before it stops
#: keeping out of his reach.
STRONG_MARGIN = 2.5

#: Teammates this many steps from the red arrow or nearer are waited for before a finale.
GATHER_STEPS = 12

#: The finales in the order the team aims for them when several are complete: how often
#: heuristic teams escaped once they started each (Normal, seeds 1-400: the Boat 54%,
#: the Barn 44%, the Ranger Tower 30%, the Van 24%).
FINALE_PREFERENCE = ("boat", "barn", "tower", "van")


def hands(card: str) -> int:
    """The hands a cabin card takes when equipped (clothing and anything else: none)."""
    c = content.cabin_cards().get(card)
    if c is None:
        return 0
    return c.hands if c.kind == "weapon" or c.slot == "hand" else 0


def gear_value(card: str) -> float:
    """What a weapon or hand item is worth in a fight, in points of the fight total: a die's
    average, a bonus, a little for a reroll or armor, less for a weapon that breaks or is
    thrown away after one fight."""
    c = content.cabin_cards()[card]
    value = (c.die + 1) / 2 if c.kind == "weapon" else 0.0
    for e in c.effects:
        if e.effect == "fight_bonus":
            value += 0.5 if e.when else 1.0
        elif e.effect in ("fight_reroll", "armor"):
            value += 0.5
        elif e.effect == "fragile":
            value -= 0.3
        elif e.effect == "thrown":
            value -= 0.5
    return value


def loadout(cards: list[str], limit: int) -> tuple[list[str], float]:
    """The weapons and hand items among `cards` worth most together within `limit` hands,
    and their worth (a counselor carries a handful: every set is tried)."""
    handy = [x for x in cards if hands(x) > 0]
    best: tuple[str, ...] = ()
    best_value = 0.0
    for size in range(1, len(handy) + 1):
        for combo in combinations(handy, size):
            if sum(map(hands, combo)) <= limit:
                value = sum(map(gear_value, combo))
                if value > best_value + 1e-9:
                    best, best_value = combo, value
    return list(best), best_value


def _gear(c: CounselorView) -> list[str]:
    """A counselor's equipped and carried weapons and hand items."""
    return [x for x in (*c.equipped, *c.backpack) if hands(x) > 0]


def target_finale(view: CampView) -> str | None:
    """The finale the team heads for: of those whose three objectives living counselors
    hold between them (and that have not failed), the first in FINALE_PREFERENCE."""
    minis = content.minis()
    pool: Counter[str] = Counter()
    for c in view.counselors:
        if c.where in ("camp", "woods"):
            pool.update(minis[mid].objective for mid in c.objectives)
    failed = {site for site, _, gone in view.finale_sites if gone}
    complete = [
        site
        for site, fin in content.finales().items()
        if site not in failed and all(pool[k] >= n for k, n in Counter(fin.requires).items())
    ]
    return min(complete, key=FINALE_PREFERENCE.index, default=None)


def fights_ahead(site: str, step_id: str) -> float:
    """How hard the rest of a finale is from step `step_id` on, following each step's way
    on: a fight counts 1, plus a quarter for each point Otis adds to his roll."""
    steps = content.finales()[site].steps
    index = {s.id: n for n, s in enumerate(steps)}
    n, total = index[step_id], 0.0
    for _ in steps:  # each step at most once: a finale's way on never loops
        if n >= len(steps) or steps[n].kind == "win":
            break
        step = steps[n]
        if step.kind == "fight":
            total += 1 + 0.25 * step.otis_bonus
        n = index[step.goto] if step.goto else n + 1
    return total


class PlannerBot(HeuristicBot):
    """The heuristic with the whole move planned, the best loadout and a gathered finale
    (see the module's docstring). Reads only its view, legal actions and generator."""

    name = "planner"

    def choose(self, ctx: BotContext) -> Action:
        view: CampView = ctx.view
        starts = [a for a in ctx.legal if isinstance(a, StartFinale)]
        if view.phase == "move" and starts:
            me = next(c for c in view.counselors if c.active)
            if not self._wait(view, me):
                site = target_finale(view)
                return next((a for a in starts if a.site == site), starts[0])
            rest = [a for a in ctx.legal if not isinstance(a, StartFinale)]
            chosen = super().choose(BotContext(engine=ctx.engine, seat=ctx.seat, view=view, legal=rest, rng=ctx.rng))
            return chosen if chosen in rest else rest[0]
        if view.phase == "finale" and view.finale is not None:
            options: list[ChooseOption] = [a for a in ctx.legal if isinstance(a, ChooseOption)]
            if options:
                site = view.finale.site
                step = next(s for s in content.finales()[site].steps if s.id == view.finale.step_id)
                way = {o.label: o.goto for o in step.options}
                return min(options, key=lambda a: (fights_ahead(site, way[a.label]), a.label))
        return super().choose(ctx)

    def _wait(self, view: CampView, me: CounselorView) -> bool:
        """Whether the counselor who could start a finale waits for teammates: some are on
        the map elsewhere, all of them within GATHER_STEPS, and Otis is out of reach."""
        here = parse_label(me.cell)
        others = [c for c in view.counselors if c is not me and c.where == "camp" and c.cell != me.cell]
        if not others:
            return False
        walk = distances([here])
        if any(walk.get(parse_label(c.cell), 999) > GATHER_STEPS for c in others):
            return False
        if view.otis.cell:
            danger = distances([parse_label(view.otis.cell)], otis=True)
            if danger.get(here, 999) <= view.otis.stalk:
                return False
        return True

    # -- goals and the move --------------------------------------------------------------
    def _goal(self, view: CampView, me: CounselorView) -> set[Cell]:
        site = target_finale(view)
        if site is not None:
            return {content.camp_map().site_cells[site]}
        return super()._goal(view, me)

    def _step(self, view: CampView, me: CounselorView, moves: list[Move]) -> Move | None:
        if not moves or not me.cell:
            return None
        here, closed, otis, danger, reach, strong = surroundings(view, me, margin=STRONG_MARGIN)
        goals = self._goal(view, me)
        walkable = closed | {otis} if otis is not None and not strong else closed
        from_here = distances([here], walkable)
        to_goal = distances(goals, closed) if goals else {}
        finale = bool(goals & set(content.camp_map().site_cells.values()))
        penalty = 0 if finale else RISK_STEPS

        def risky(cell: Cell) -> int:
            return 0 if strong or danger.get(cell, 999) > reach else 1

        reachable = [cell for cell, steps in from_here.items() if steps <= me.moves_left]
        best = min(
            reachable,
            key=lambda c: (penalty * risky(c) + to_goal.get(c, 999), risky(c), from_here[c], c),
        )
        if best == here:
            return None
        to_best = distances([best], walkable)
        nearer = to_best.get(here, 999) - 1
        steps = [a for a in moves if to_best.get(parse_label(a.to), 999) == nearer]
        return min(steps, key=lambda a: (risky(parse_label(a.to)), a.to), default=None)

    # -- gear ----------------------------------------------------------------------------
    def _handle(self, view: CampView, me: CounselorView, by_type: ByType) -> Action | None:
        pickups: list[Pickup] = by_type.get(Pickup, [])
        if pickups:
            return pickups[0]
        minis = content.minis()
        carrier = self._carrier(view)
        trades: list[Trade] = by_type.get(Trade, [])
        for trade in trades:
            if trade.thing in minis and trade.taker == carrier.initials != trade.giver:
                return trade
        # Counted as multisets: the content holds two copies of several cards (two softball
        # bats, skillets, knives, flashlights), and a copy equipped is not the one packed.
        best = Counter(loadout(_gear(me), me.hands_limit)[0])
        equipped = Counter(x for x in me.equipped if hands(x))
        to_equip = best - equipped
        needed = sum(hands(x) * n for x, n in to_equip.items())
        used = sum(hands(x) * n for x, n in equipped.items())
        stows: list[Unequip] = by_type.get(Unequip, [])
        for stow in stows:
            if hands(stow.card) and equipped[stow.card] > best[stow.card] and used + needed > me.hands_limit:
                return stow
        equips: list[Equip] = by_type.get(Equip, [])
        for equip in equips:
            if to_equip[equip.card] or not hands(equip.card):  # clothing is free
                return equip
        spare = Counter(x for x in me.backpack if hands(x)) - to_equip
        people = {c.initials: c for c in view.counselors}
        for trade in trades:
            if trade.giver == me.initials and trade.thing in spare:
                theirs = _gear(people[trade.taker])
                limit = people[trade.taker].hands_limit
                if loadout([*theirs, trade.thing], limit)[1] > loadout(theirs, limit)[1] + 1e-9:
                    return trade
        uses: list[Use] = by_type.get(Use, [])
        for use in uses:
            kinds = {e.effect for e in card_effects(use.card)}
            if use.counselor == me.initials and (("heal" in kinds and me.injuries > 0) or "gain_keys" in kinds):
                return use
        return None
