"""The Camp Grizzly cards beside the map, as text: Otis, the dice tray, a counselor's card,
the finale card, the map key and a fight's odds. Pure functions over the view, so tests read
them without an app; every card and counselor is named as printed, never by its id."""

from __future__ import annotations

from collections.abc import Sequence
from itertools import product

from engines.camp_grizzly.content import (
    Effect,
    FinaleStep,
    cabin_cards,
    camp_map,
    finales,
    minis,
    survival_cards,
)
from engines.camp_grizzly.fights import reroll_index
from tui.games.camp_grizzly_draw import ARROW_GLYPH, place_code


def card_name(card_id: str) -> str:
    for table in (cabin_cards(), survival_cards(), minis()):
        if card_id in table:
            return table[card_id].name
    return card_id


def names(card_ids: Sequence[str]) -> str:
    return ", ".join(card_name(c) for c in card_ids) or "-"


def otis_text(view) -> str:
    otis = view.otis
    where = "lurking" if otis.lurking else f"at {otis.cell}"
    track = "".join("X" if n < view.body_count else "." for n in range(view.hopeless_at))
    mods = f" ({', '.join(otis.modifiers)})" if otis.modifiers else ""
    hopeless = " HOPELESS" if view.hopeless else ""
    return (
        f"OTIS {where} s{otis.stalk} d{otis.attack} dmg{otis.damage}{mods}, "
        f"body {view.body_count}/{view.hopeless_at} [{track}]{hopeless}"
    )


def table_notes(view) -> list[str]:
    """What lasts on the table: plot twists in play until they run out, and finales lost
    for good. Shown under the counselor's or finale's card, which scrolls."""
    lost = [finales()[site].name for site, _, failed in view.finale_sites if failed and site in finales()]
    return ([f"In play: {', '.join(view.lasting)}"] if view.lasting else []) + (
        [f"Lost finales: {', '.join(lost)}"] if lost else []
    )


def dice_text(view) -> str:
    """Every die of the last roll, grouped by who rolled: a fight shows both sides."""
    if not view.dice:
        return "Dice: -"
    groups: list[tuple[str, list[str], int]] = []
    for die in view.dice:
        if groups and groups[-1][0] == die.who:
            groups[-1][1].append(f"{die.what} {die.result}")
            groups[-1] = (die.who, groups[-1][1], groups[-1][2] + die.result)
        else:
            groups.append((die.who, [f"{die.what} {die.result}"], die.result))
    parts = []
    for who, rolls, total in groups:
        parts.append(f"{who}: {', '.join(rolls)}" + (f" (sum {total})" if len(rolls) > 1 else ""))
    return "Dice: " + "; ".join(parts)


def counselor_name(view, counselor_id: str) -> str:
    return next((c.name for c in view.counselors if c.id == counselor_id), counselor_id)


def shown_counselor(view, viewer: int | None):
    """The card to show: the active counselor; else the viewer's first living one; else any
    living one. A dead counselor's card is never the one shown."""
    living = [c for c in view.counselors if c.where != "dead"]
    active = next((c for c in living if c.active), None)
    if active is not None:
        return active
    own = [c for c in living if c.seat == viewer]
    return (own or living or [None])[0]


def counselor_card(view, names_of_seats: list[str], viewer: int | None = None) -> str:
    shown = shown_counselor(view, viewer)
    if shown is None:
        return "Every counselor is dead."
    player = names_of_seats[shown.seat] if 0 <= shown.seat < len(names_of_seats) else ""
    lines = [
        f"{shown.initials} {shown.name} ({player}) at {shown.cell or shown.where}: health "
        f"{shown.health - shown.injuries}/{shown.health}, movement {shown.movement}, panic {shown.panic}"
        + (", HORRIFIED" if shown.horrified else ""),
        f"Ability: {shown.ability}: {shown.ability_text}",
        f"Equipped: {names(shown.equipped)}  Backpack: {names(shown.backpack)}",
        f"Survival: {names(shown.survival)}  Permanent: {names(shown.permanent)}",
        f"Objectives: {names(shown.objectives)}  Campers: {names(shown.campers)}",
    ]
    if view.strike is not None:
        strike = view.strike
        deciding = (
            f"; {counselor_name(view, strike.up)} decides fight or panic"
            if strike.up
            else (
                f"; {counselor_name(view, strike.chooser)}'s player picks who faces Otis next" if strike.chooser else ""
            )
        )
        danger = ", ".join(counselor_name(view, c) for c in strike.danger) or "-"
        lines.append(f"OTIS STRIKES at {strike.cell or 'the finale'}: in danger {danger}{deciding}")
    if view.peek:
        lines.append("Top of the cabin deck (only you see this): " + ", ".join(card_name(c) for c in view.peek))
    lines += table_notes(view)
    if view.choice:
        # A card choice lists card or counselor ids: the player reads their names.
        counselors = {c.id: c.name for c in view.counselors}
        lines.append("Choose: " + " / ".join(counselors.get(c) or card_name(c) for c in view.choice))
    return "\n".join(lines)


ROLLERS = {"one": "one counselor the team picks", "each": "each counselor", "team": "the team's total"}


def effect_text(effect: Effect, roller: str = "") -> str:
    who = {"self": "the roller" if roller != "each" else "that counselor", "all": "everyone in the finale"}.get(
        effect.who, effect.who
    )
    if effect.effect == "injure":
        return f"{effect.amount} injur{'y' if effect.amount == 1 else 'ies'} to {who}"
    if effect.effect == "horrify":
        return f"{who} horrified"
    if effect.effect == "calm":
        return f"{who} calmed (no longer horrified)"
    if effect.effect == "heal":
        return f"{who} heals {effect.amount}"
    return f"{effect.effect.replace('_', ' ')} {effect.amount or ''}".strip()


def step_text(step: FinaleStep, otis_attack: int) -> str:
    """One finale step with what it takes: die and target, tries, what a miss costs, Otis'
    bonus in a fight."""
    if step.kind == "roll":
        tries = f"{step.tries} tr{'y' if step.tries == 1 else 'ies'}"
        miss = "; ".join(effect_text(e, step.roller) for e in step.on_miss) or "nothing"
        out = "the finale fails for them" if step.on_fail == "fail" else "go on anyway"
        return (
            f"{step.text} Roll d{step.die}, {step.target} or more ({ROLLERS.get(step.roller, step.roller)}), "
            f"{tries}. A miss: {miss}. Out of tries: {out}."
        )
    if step.kind == "fight":
        bonus = f"{step.otis_bonus:+d}" if step.otis_bonus else ""
        return f"{step.text} Otis attacks everyone: d{otis_attack}{bonus}; fight or panic (panic drops you out)."
    if step.kind == "choice":
        return f"{step.text} Choose: " + "; ".join(f"{o.label}: {o.text}" for o in step.options)
    if step.kind == "effect":
        return f"{step.text} " + "; ".join(effect_text(e) for e in step.effects) + "."
    return f"{step.text} Everyone still in escapes."


def finale_text(view) -> str:
    """The finale card being played: every step with its dice, the current one marked, with
    who is in it."""
    finale = view.finale
    steps = finales()[finale.site].steps
    lines = [
        f"FINALE: {finale.name}. In it: {', '.join(counselor_name(view, c) for c in finale.participants) or '-'}"
        + (f"; out: {', '.join(counselor_name(view, c) for c in finale.failed)}" if finale.failed else "")
    ]
    for number, step in enumerate(steps):
        marker = ">" if number == finale.step else " "
        current_roll = number == finale.step and step.kind == "roll"
        tries = f" (tries used: {finale.tries_used}/{step.tries})" if current_roll else ""
        lines.append(f"{marker} {number + 1}. {step_text(step, view.otis.attack)}{tries}")
    return "\n".join(lines + table_notes(view))


def win_chance(dice: Sequence[int], bonus: int, otis_die: int, otis_bonus: int, reroll: bool = False) -> float:
    """The chance a fighter's dice plus bonus beat Otis' die plus bonus (Otis wins ties);
    with `reroll`, the die a reroll ability rerolls is rerolled as the engine does."""
    if not otis_die:
        return 0.0
    if reroll and dice:
        return _win_chance_with_reroll(dice, bonus, otis_die, otis_bonus)
    totals: dict[int, int] = {bonus: 1}
    for size in dice:
        grown: dict[int, int] = {}
        for total, ways in totals.items():
            for face in range(1, size + 1):
                grown[total + face] = grown.get(total + face, 0) + ways
        totals = grown
    outcomes = sum(totals.values()) * otis_die
    faces = range(1, otis_die + 1)
    wins = sum(ways for (total, ways), face in product(totals.items(), faces) if total > face + otis_bonus)
    return wins / outcomes


def _win_chance_with_reroll(dice: Sequence[int], bonus: int, otis_die: int, otis_bonus: int) -> float:
    """`win_chance` for a fighter with a reroll ability: every face of every die, the
    rerolled die (`reroll_index`) replaced by each of its faces in turn."""
    totals: dict[int, float] = {}
    for faces in product(*(range(1, size + 1) for size in dice)):
        low = reroll_index(faces, dice)
        if low is None:
            totals[sum(faces)] = totals.get(sum(faces), 0.0) + 1.0
            continue
        rest = sum(faces) - faces[low]
        for face in range(1, dice[low] + 1):
            totals[rest + face] = totals.get(rest + face, 0.0) + 1.0 / dice[low]
    ways = sum(totals.values()) * otis_die
    wins = sum(w for total, w in totals.items() for face in range(1, otis_die + 1) if total + bonus > face + otis_bonus)
    return wins / ways


def fight_odds(view, counselor) -> str:
    """'d4+d6 +1 vs Otis d6: 58% to win' for a counselor about to fight."""
    bonus = view.strike.otis_bonus if view.strike is not None else 0
    dice = "+".join(f"d{d}" for d in counselor.fight_dice) or "no dice"
    mine = f"{dice} {counselor.fight_bonus:+d}" if counselor.fight_bonus else dice
    otis = f"d{view.otis.attack}" + (f"{bonus:+d}" if bonus else "")
    chance = win_chance(counselor.fight_dice, counselor.fight_bonus, view.otis.attack, bonus, counselor.fight_reroll)
    return f"{mine} vs Otis {otis}: {round(chance * 100)}% to win"


def map_legend(wall_glyph: str = "│") -> list[str]:
    """Every token the map uses, once each."""
    m = camp_map()
    sites = "  ".join(f"{ARROW_GLYPH[s.side]}{s.code[0]} {s.name}" for s in m.data.sites)
    trails = ", ".join(f"={t.number} {t.name}" for t in m.data.nature_trails)
    cabins = ", ".join(f"{c.glyph.lower()} {c.name}" for c in m.cabins.values())
    places = ", ".join(f"{place_code(p.name)} {p.name}" for p in m.data.places)
    return [
        "MAP KEY",
        "OT Otis (OW: Otis on Wendy's space)  MK a counselor's initials (M+ several)",
        f"Red-arrow finale spaces: {sites}",
        f"Nature trails (both ends): {trails}",
        "&1..&6 camp trails: where you come back from the Woods on that roll",
        "? clue  k key  L lock  ** fire  + first aid  @ cameo  $ item  ! objective",
        f": path  ~~ water  ## off the map  {wall_glyph} wall  / door  underlined: wall below",
        f"Cabins: {cabins}",
        f"Places: {places}",
    ]
