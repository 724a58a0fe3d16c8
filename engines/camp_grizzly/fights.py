"""Counselor numbers the rules keep asking for: passive hooks, movement, hands, fight dice
and totals, panic injuries and distance, and Otis' current stats (track plus rumors).

Passive hooks come from four places that all "stay with" a counselor: the counselor's own
ability, what is equipped (weapons, hand items, clothing), campers in their care and
permanent survival cards. Backpack cards do nothing until played.
"""

from __future__ import annotations

from collections.abc import Sequence

from engines.camp_grizzly import content
from engines.camp_grizzly.content import ATTACK_STEPS, Effect, OtisStats
from engines.camp_grizzly.state import CampState, Ctx, FightRecord

Cell = tuple[int, int]


def roster(cid: str) -> content.Counselor:
    return content.counselors()[cid]


def card(cid: str) -> content.CabinCard:
    return content.cabin_cards()[cid]


def passive_effects(state: CampState, cid: str) -> list[Effect] | tuple[Effect, ...]:
    c = state.counselors[cid]
    own = content.counselors()[cid].ability.effects
    if not (c.equipped or c.campers or c.permanent):  # often: the ability alone, as it is
        return own
    out = list(own)
    cards = content.cabin_cards()
    for cardid in c.equipped:
        out.extend(cards[cardid].effects)
    for cardid in c.campers:
        out.extend(cards[cardid].effects)
    surv = content.survival_cards()
    for sid in c.permanent:
        out.extend(surv[sid].effects)
    return out


def passive_total(state: CampState, cid: str, effect: str) -> int:
    total = 0
    for e in passive_effects(state, cid):  # a loop: a generator costs a call per item
        if e.effect == effect:
            total += e.amount
    return total


def has_passive(state: CampState, cid: str, effect: str) -> bool:
    return any(e.effect == effect for e in passive_effects(state, cid))


def max_health(cid: str) -> int:
    return roster(cid).health


def base_movement(state: CampState, cid: str) -> int:
    """The health/movement track: fewer spaces as injuries pile up, never below 1."""
    c = state.counselors[cid]
    return max(1, max_health(cid) - c.injuries)


def movement(state: CampState, cid: str) -> int:
    boosts = sum(b.amount for b in state.boosts if b.counselor == cid)
    return max(1, base_movement(state, cid) + passive_total(state, cid, "move_bonus") + boosts)


def panic_distance(state: CampState, cid: str) -> int:
    return max(1, roster(cid).panic + passive_total(state, cid, "panic_bonus"))


def hands_limit(state: CampState, cid: str) -> int:
    limit = 2
    for e in passive_effects(state, cid):
        if e.effect == "hands_limit" and e.amount > limit:
            limit = e.amount
    return limit


def hands_of(cardid: str) -> int:
    c = card(cardid)
    return c.hands if c.kind == "weapon" or c.slot == "hand" else 0


def hands_used(state: CampState, cid: str) -> int:
    return sum(map(hands_of, state.counselors[cid].equipped))


def equippable(cardid: str) -> bool:
    c = card(cardid)
    return c.kind == "weapon" or (c.kind == "item" and c.slot in ("hand", "clothing"))


def usable_from_backpack(cardid: str) -> bool:
    c = card(cardid)
    return c.kind == "item" and c.slot == "backpack"


def armed(state: CampState, cid: str) -> bool:
    return any(card(x).kind == "weapon" for x in state.counselors[cid].equipped)


def fight_dice(state: CampState, cid: str) -> list[int]:
    """Die sizes a counselor rolls: every equipped weapon, then extra dice from cards."""
    dice = [card(x).die for x in state.counselors[cid].equipped if card(x).kind == "weapon"]
    if state.strike is not None:
        dice += [die for who, die in state.strike.extra if who == cid]
    return dice


def fight_bonus(state: CampState, cid: str, cell: Cell | None) -> int:
    m = content.camp_map()
    in_cabin = cell is not None and cell in m.cabin
    total = 0
    for e in passive_effects(state, cid):
        if e.effect != "fight_bonus":
            continue
        if e.when == "armed" and not armed(state, cid):
            continue
        if e.when == "unarmed" and armed(state, cid):
            continue
        if e.when == "in_cabin" and not in_cabin:
            continue
        if e.when == "outside" and in_cabin:
            continue
        total += e.amount
    if state.counselors[cid].horrified:
        total -= 1
    return total


def can_fight(state: CampState, cid: str, cell: Cell | None) -> bool:
    """A fight is offered only if it can be won: the counselor's best total (every die at
    its top face, plus bonuses) must beat Otis' lowest roll (1 plus this strike's bonus,
    which a finale step may make negative), since Otis wins ties. With no dice and only a
    +1 bonus that means never, except against a -1 to Otis' roll."""
    best = sum(fight_dice(state, cid)) + fight_bonus(state, cid, cell)
    otis_low = 1 + (state.strike.bonus if state.strike is not None else 0)
    return best > otis_low


def otis_now(state: CampState) -> OtisStats:
    base = content.otis_stats(state.body_count)
    stalk, damage = base.stalk, base.damage
    step = ATTACK_STEPS.index(base.attack)
    for mod in state.otis_mods:
        if mod.stat == "stalk":
            stalk += mod.amount
        elif mod.stat == "damage":
            damage += mod.amount
        elif mod.stat == "attack":
            step += mod.amount
    step = min(max(step, 0), len(ATTACK_STEPS) - 1)
    return OtisStats(stalk=max(1, stalk), attack=ATTACK_STEPS[step], damage=max(1, damage))


def reroll_index(rolls: Sequence[int], sizes: Sequence[int]) -> int | None:
    """Which die a reroll ability rerolls (played for the counselor): the lowest for its
    size, when it shows less than half its size; None when every die is good enough."""
    if not rolls:
        return None
    worst = min(range(len(rolls)), key=lambda i: (rolls[i] * 2 - sizes[i], i))
    return worst if rolls[worst] * 2 < sizes[worst] else None


def roll_fight(ctx: Ctx, cid: str, cell: Cell | None, otis_bonus: int) -> FightRecord:
    """The counselor rolls every die (a reroll ability rerolls the lowest die when it
    shows less than half its size), adds bonuses; then Otis rolls his attack die."""
    state = ctx.state
    name = roster(cid).name
    sizes = fight_dice(state, cid)
    rolls = [ctx.roll(size, name, f"fight d{size}") for size in sizes]
    if rolls and has_passive(state, cid, "fight_reroll"):
        worst = reroll_index(rolls, sizes)
        if worst is not None:
            rolls[worst] = ctx.roll(sizes[worst], name, f"reroll d{sizes[worst]}")
    total = sum(rolls) + fight_bonus(state, cid, cell)
    attack = otis_now(state).attack
    otis = ctx.roll(attack, "Otis", f"attack d{attack}") + otis_bonus
    return FightRecord(counselor=cid, dice=rolls, total=total, otis=otis)


def panic_injuries(state: CampState, cid: str, damage: int) -> int:
    armor = passive_total(state, cid, "armor")
    hurt = max(1, damage - armor) if armor else damage
    if state.strike is not None:
        hurt -= sum(n for who, n in state.strike.shield if who == cid)
    return max(0, hurt)
