"""Otis' turn as the engine runs it, on top of the pure functions in `targeting` and `stalking`.

The order (rulebook 1.3): a lurking Otis first appears at one end of a nature trail picked by
a d6 (the end nearer the closest target); then he stalks up to his Stalk stat along a
shortest path to his target, breaking the first lock he walks into (and stopping), and
stopping to strike when he crosses paths with a counselor or a cameo. The engine turns a
strike into the fight-or-panic decisions.

Hunting cameos move afterwards, each toward the closest counselor, never through locks or
fires; one that reaches a counselor's space makes that counselor resolve its meeting.
"""

from __future__ import annotations

from msgspec.structs import replace

from engines.camp_grizzly import content, stalking, targeting
from engines.camp_grizzly.content import OtisStats, label
from engines.camp_grizzly.state import CampState, Ctx, StalkStepView, removed

Cell = tuple[int, int]


def targets(state: CampState, cameos: bool = True) -> list[targeting.Target]:
    """Everyone Otis may hunt: counselors standing in the camp, and cameo pawns."""
    out = []
    for cid in state.order:
        c = state.counselors[cid]
        if c.dead or c.cell is None:
            continue
        out.append(targeting.Target(cid, "counselor", c.cell, c.injuries, c.horrified > 0, len(c.campers)))
    if cameos:
        for n, cameo in enumerate(state.cameos):
            out.append(targeting.Target(id=f"cameo{n}:{cameo.card}", kind="cameo", cell=cameo.cell))
    return out


def target_name(target_id: str) -> str:
    if target_id.startswith("cameo"):
        return content.cabin_cards()[target_id.split(":", 1)[1]].name
    return content.counselors()[target_id].name


#: How the target was picked, for the log.
_DECIDED_BY = {
    "only": "the closest",
    "fewest_in_cabin": "tied for closest; the fewest people in that cabin",
    "horrified": "tied for closest; a horrified counselor there",
    "injuries": "tied for closest; the most injuries",
    "random": "tied for closest; picked at random",
}


def otis_turn(ctx: Ctx, stats: OtisStats) -> Cell | None:
    """Appearance (if lurking) and stalk with Otis' current `stats`. Returns the space
    where Otis strikes, if any."""
    state = ctx.state
    m = content.camp_map()
    hunted = targets(state)
    steps: list[StalkStepView] = []
    state.last_stalk = []
    if not hunted:
        ctx.say("Otis finds nobody to hunt and waits in the dark.")
        return None
    blocked = frozenset(state.fires)
    if state.otis is None:
        roll = ctx.roll(6, "Otis", "lurking: nature trail")
        if all(end in blocked for end in m.trails[roll]):
            # Nobody, Otis included, enters a burning space (the Fire minis).
            ctx.say(f"Both ends of nature trail {roll} are on fire: Otis stays lurking this round.")
            return None
        appear = stalking.lurk_appearance(m, roll, hunted, ctx.rng, blocked)
        ctx.reveals = True
        state.otis = appear.cell
        steps.append(StalkStepView(label(appear.cell), trail=roll, appear=True))
        ctx.say(
            f"Otis was lurking: he appears at {label(appear.cell)}, the end of nature trail {roll} nearer his prey."
        )
    result = stalking.stalk(m, state.otis, hunted, stats.stalk, ctx.rng, locks=state.locks, blocked=blocked)
    ctx.reveals = True
    choice = result.choice
    if choice.target is not None:
        how = _DECIDED_BY.get(choice.decided_by, "")
        ctx.say(f"Otis stalks {target_name(choice.target.id)} ({how}, {choice.distance} away).")
    for step in result.steps:
        steps.append(StalkStepView(label(step.cell), step.trail, step.broke_lock, step.strike))
        ctx.say(stalking.describe_step(step))
    state.otis = result.end
    state.last_stalk = steps
    if result.broken_lock is not None and result.broken_lock in state.locks:
        state.locks = removed(state.locks, result.broken_lock)
    if result.stop == "strike":
        return result.end
    return None


def hunting_cameos(state: CampState) -> list[int]:
    cards = content.cabin_cards()
    return [n for n, cameo in enumerate(state.cameos) if (cards[cameo.card].cameo or content.Cameo()).hunts]


def cameo_moves(ctx: Ctx) -> list[tuple[int, Cell]]:
    """Move each hunting cameo; returns (cameo index, space) for every meeting."""
    state = ctx.state
    m = content.camp_map()
    cards = content.cabin_cards()
    met: list[tuple[int, Cell]] = []
    people = targets(state, cameos=False)
    if not people:
        return met
    for n in hunting_cameos(state):
        cameo = state.cameos[n]
        info = cards[cameo.card]
        assert info.cameo is not None  # hunting cameos come from cameo cards
        result = stalking.stalk(
            m, cameo.cell, people, info.cameo.stalk, ctx.rng, locks=state.locks, blocked=state.fires, hunter="cameo"
        )
        ctx.reveals = True
        if result.end != cameo.cell:
            ctx.say(f"{info.name} wanders to {label(result.end)}.")
        state.cameos = [*state.cameos[:n], replace(cameo, cell=result.end), *state.cameos[n + 1 :]]
        if result.stop == "strike":
            met.append((n, result.end))
    return met
