"""The words every Camp Grizzly content file shares: spaces and their labels, the fixed
counts, the error a bad file raises, and the effect vocabulary with its checks.

Spaces are written as labels: a column letter then a row number, "A1" top-left. In code a
space is a `Cell` = (row, col), both from 0.

Effect vocabulary
=================
Everything a card, ability, mini, finale step or Woods outcome does is a tuple of `Effect`s,
each naming an `effect` id from `EFFECTS` plus the parameters that id takes (others must
stay at their defaults). An effect is *instant* (resolved once, top to bottom, when its
source is played or drawn) or *passive* (a rules hook active while its source is in play:
a counselor ability, an equipped weapon or item, a camper, a permanent survival card).

Parameters: `amount` (int), `who` (self | space | cabin | all | chosen), `stat`
(stalk | attack | damage), `place` (a place or site id), `lasts` (turn | round |
next_round | stalk | game), `die` (4 | 6 | 8 | 10), `when` (armed | unarmed | in_cabin | outside).

Instant effects
    heal(amount, who)        remove injuries (never above the counselor's health track)
    injure(amount, who)      add injuries (a skull kills: +1 body count)
    horrify(who)             horrified: turn ends now, -1 to die rolls to end of next turn
    calm(who)                remove horrified
    draw_survival(amount)    draw survival cards into the backpack
    draw_cabin(amount)       draw and resolve extra cabin cards
    peek_cabin(amount)       look at the top cabin cards, put them back in any order
    tempt_fate(amount)       draw `amount` cabin cards; red ones make Otis strike (rulebook)
    otis_strikes()           Otis moves to the source's space and strikes, even if lurking
    otis_lurk()              Otis leaves the board and lurks
    otis_move_to(place)      Otis is placed on a named place (does not strike)
    otis_stat(stat, amount, lasts)  change a stat (attack counts die steps d4>d6>d8>d10)
                             until the end of his next stalk (lasts=stalk) or for the game
    add_body_count(amount)   raise the body count
    lost()                   the counselor goes to the Woods
    teleport(place)          the counselor is moved to a named place
    foolin_around()          another counselor (picked by the card's holder) joins you (4.1)
    place_fire()             a fire mini on the source's space: nobody may enter it until
                             the end of Otis' next stalk
    gain_keys()              take a keys mini from the supply, if one is left
    fight_die(die)           roll one extra die in this fight (timing fight)
    otis_reroll()            Otis rolls his attack again, the new roll counts (after_roll)
    hide()                   you take no part in this strike: no fight, no panic (fight)
    prevent_injury(amount)   take that many fewer injuries from this panic (panic)
    move_bonus(amount, who, lasts)  extra (or fewer) movement this turn, this round, or
                             through the end of the next round (next_round)
    leave()                  a cameo leaves the board (after meeting someone)
    choose_trail()           Woods: pick the camp trail back instead of rolling for it

Passive hooks (counselor abilities use only these)
    fight_bonus(amount, when)  add to your fight total (when: always if empty)
    move_bonus(amount)         add to your movement every move phase (never below 1)
    panic_bonus(amount)        add to your panic distance (never below 1)
    hands_limit(amount)        you may equip weapons and items totalling `amount` hands
    nature_trail(amount)       your nature-trail attempts succeed on `amount` or more
    never_lost()               a 1 on a nature-trail attempt just fails; you stay put
    lockpick()                 you may enter and clear locked spaces as if holding keys
    immune_horrified()         you can never be horrified
    heal_others(amount)        end of your turn: heal another counselor in your space
    armor(amount)              take `amount` fewer injuries from each panic (at least 1)
    fight_reroll()             once per fight, reroll one of your own dice
    fragile()                  this weapon is discarded after a fight where its die shows 1
    thrown()                   this weapon is discarded after the fight it is used in
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from typing import Literal, NamedTuple

import msgspec

Cell = tuple[int, int]  # (row, col)
Side = Literal["N", "E", "S", "W"]

SIDES: dict[str, Cell] = {"N": (-1, 0), "E": (0, 1), "S": (1, 0), "W": (0, -1)}
OPPOSITE = {"N": "S", "S": "N", "E": "W", "W": "E"}

#: Grid characters that are not cabins; any other character is a cabin's glyph.
KIND_CHARS = {".": "open", ":": "trail", "~": "water", "#": "off"}
PASSABLE_KINDS = frozenset({"open", "trail", "cabin"})

SITE_IDS = ("van", "tower", "boat", "barn")
DICE = (4, 6, 8, 10)
ATTACK_STEPS = DICE  # Otis' attack die climbs these steps

CABIN_KINDS = ("weapon", "item", "camper", "cameo", "plot_twist", "otis_strikes", "otis_rumor")
RED_KINDS = frozenset({"otis_strikes", "otis_rumor"})
ITEM_SLOTS = ("hand", "clothing", "backpack")
TIMINGS = ("turn", "fight", "after_roll", "panic", "any")
MINI_KINDS = ("objective", "key", "surprise", "first_aid", "lock", "fire", "horrified", "body_count")
OBJECTIVES = ("keys", "gas_can", "battery", "radio", "flare_gun", "oar", "lantern", "rope")

CABIN_DECK_SIZE = 84
SURVIVAL_DECK_SIZE = 24
MINI_COUNT = 36
COUNSELOR_COUNT = 7
NATURE_TRAILS = 6
WOODS_ROLLS = 6
HOPELESS = 13

# Counts the rulebook does not give; ours, documented in rules notes and checked at load.
CABIN_KIND_COUNTS = {
    "weapon": 20,
    "item": 16,
    "camper": 8,
    "cameo": 6,
    "plot_twist": 12,
    "otis_strikes": 12,
    "otis_rumor": 10,
}


class ContentError(ValueError):
    """The bundled data files break one of their own rules."""


# --- labels ---------------------------------------------------------------------------


def label(cell: Cell) -> str:
    """ "H5" for (4, 7): column letter, then row number from 1."""
    text = _LABELS.get(cell) if type(cell) is tuple else None
    if text is None:
        row, col = cell
        text = f"{chr(ord('A') + col)}{row + 1}"
        if type(cell) is tuple and len(_LABELS) < 4096:  # every log line names spaces: the map's few recur
            _LABELS[cell] = text
    return text


def parse_label(text: str) -> Cell:
    cell = _PARSED.get(text)
    if cell is None:
        if len(text) < 2 or not text[0].isalpha() or not text[1:].isdecimal():  # "³" is a digit int() refuses
            raise ContentError(f"'{text}' is not a space label like 'H5'.")
        cell = (int(text[1:]) - 1, ord(text[0].upper()) - ord("A"))
        if len(_PARSED) < 4096:  # a move names its space by label: the same few recur all game
            _PARSED[text] = cell
    return cell


_PARSED: dict[str, Cell] = {}
_LABELS: dict[Cell, str] = {}


# --- effects --------------------------------------------------------------------------

Who = Literal["self", "space", "cabin", "all", "chosen"]
Stat = Literal["", "stalk", "attack", "damage"]
Lasts = Literal["", "turn", "round", "next_round", "stalk", "game"]
When = Literal["", "armed", "unarmed", "in_cabin", "outside"]


class Effect(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    effect: str
    amount: int = 0
    who: Who = "self"
    stat: Stat = ""
    place: str = ""
    lasts: Lasts = ""
    die: int = 0
    when: When = ""


class EffectSpec(NamedTuple):
    use: Literal["instant", "passive", "both"]
    required: frozenset[str] = frozenset()
    optional: frozenset[str] = frozenset()
    timing: str = ""  # instants usable only at this timing ("" = any)


def _spec(use: str, required: str = "", optional: str = "", timing: str = "") -> EffectSpec:
    return EffectSpec(use, frozenset(required.split()), frozenset(optional.split()), timing)  # type: ignore[arg-type]


EFFECTS: dict[str, EffectSpec] = {
    "heal": _spec("instant", "amount", "who"),
    "injure": _spec("instant", "amount", "who"),
    "horrify": _spec("instant", "", "who"),
    "calm": _spec("instant", "", "who"),
    "draw_survival": _spec("instant", "amount"),
    "draw_cabin": _spec("instant", "amount"),
    "peek_cabin": _spec("instant", "amount"),
    "tempt_fate": _spec("instant", "amount"),
    "otis_strikes": _spec("instant"),
    "otis_lurk": _spec("instant"),
    "otis_move_to": _spec("instant", "place"),
    "otis_stat": _spec("instant", "stat amount lasts"),
    "add_body_count": _spec("instant", "amount"),
    "lost": _spec("instant"),
    "teleport": _spec("instant", "place", "who"),
    "foolin_around": _spec("instant"),
    "place_fire": _spec("instant"),
    "gain_keys": _spec("instant"),
    "fight_die": _spec("instant", "die", timing="fight"),
    "otis_reroll": _spec("instant", timing="after_roll"),
    "hide": _spec("instant", timing="fight"),
    "prevent_injury": _spec("instant", "amount", timing="panic"),
    "move_bonus": _spec("both", "amount", "who lasts"),
    "leave": _spec("instant"),
    "choose_trail": _spec("instant"),
    "fight_bonus": _spec("passive", "amount", "when"),
    "panic_bonus": _spec("passive", "amount"),
    "hands_limit": _spec("passive", "amount"),
    "nature_trail": _spec("passive", "amount"),
    "never_lost": _spec("passive"),
    "lockpick": _spec("passive"),
    "immune_horrified": _spec("passive"),
    "heal_others": _spec("passive", "amount"),
    "armor": _spec("passive", "amount"),
    "fight_reroll": _spec("passive"),
    "fragile": _spec("passive"),
    "thrown": _spec("passive"),
}

_EFFECT_DEFAULTS = {name: getattr(Effect("x"), name) for name in Effect.__struct_fields__ if name != "effect"}


def check_effect(effect: Effect, where: str, use: str, timing: str = "", places: frozenset[str] = frozenset()) -> None:
    """Raise ContentError unless `effect` is a known id with exactly its parameters, fit
    for a source that is `use` ("instant" or "passive") and played at `timing`."""
    spec = EFFECTS.get(effect.effect)
    if spec is None:
        raise ContentError(f"{where}: unknown effect '{effect.effect}'.")
    if spec.use != "both" and spec.use != use:
        raise ContentError(f"{where}: effect '{effect.effect}' is {spec.use}, but this source needs {use} effects.")
    for name, default in _EFFECT_DEFAULTS.items():
        value = getattr(effect, name)
        if name in spec.required:
            if value == default:
                raise ContentError(f"{where}: effect '{effect.effect}' needs '{name}'.")
        elif name not in spec.optional and value != default:
            raise ContentError(f"{where}: effect '{effect.effect}' takes no '{name}'.")
    if effect.die and effect.die not in DICE:
        raise ContentError(f"{where}: die must be one of d4, d6, d8, d10, not d{effect.die}.")
    if effect.effect == "otis_stat" and effect.lasts not in ("stalk", "game"):
        raise ContentError(f"{where}: otis_stat lasts 'stalk' or 'game', not '{effect.lasts}'.")
    if effect.effect == "move_bonus" and use == "passive" and (effect.lasts or effect.who != "self"):
        raise ContentError(f"{where}: a passive move_bonus applies to its holder every turn; drop 'lasts'/'who'.")
    if effect.effect == "move_bonus" and use == "instant" and effect.lasts not in ("turn", "round", "next_round"):
        raise ContentError(f"{where}: an instant move_bonus lasts 'turn', 'round' or 'next_round'.")
    if effect.place and places and effect.place not in places:
        raise ContentError(f"{where}: unknown place '{effect.place}'.")
    if spec.timing and timing and spec.timing != timing:
        raise ContentError(
            f"{where}: effect '{effect.effect}' can only be used at timing '{spec.timing}', not '{timing}'."
        )
    if spec.timing and use == "instant" and not timing:
        raise ContentError(f"{where}: effect '{effect.effect}' needs a source played at timing '{spec.timing}'.")


#: The map's place ids, once the map is loaded (`content.camp_map`): effects that name a
#: place are checked against them; before that, only their shape is.
_map_places: frozenset[str] = frozenset()


def know_places(place_ids: Iterable[str]) -> None:
    global _map_places
    _map_places = frozenset(place_ids)


def check_effects(effects: tuple[Effect, ...], where: str, use: str, timing: str = "") -> None:
    for i, effect in enumerate(effects):
        check_effect(effect, f"{where}, effect {i + 1}", use, timing, _map_places)


def check_unique(ids: list[str], what: str, where: str) -> None:
    repeated = sorted(k for k, n in Counter(ids).items() if n > 1)
    if repeated:
        raise ContentError(f"{where}: {what} repeated: {', '.join(repeated)}.")


def check_non_empty(value: str, what: str) -> None:
    if not value.strip():
        raise ContentError(f"{what} is empty.")
