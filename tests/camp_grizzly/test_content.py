"""The bundled Camp Grizzly data loads, has the rulebook's counts and passes its own checks."""

from __future__ import annotations

from collections import Counter, deque
from importlib import resources

import msgspec
import pytest

from engines.camp_grizzly import content
from engines.camp_grizzly.content import (
    EFFECTS,
    CabinCard,
    ContentError,
    Counselor,
    Effect,
    MapData,
    label,
    parse_label,
)


def all_effects() -> list[tuple[str, Effect]]:
    """Every effect in every file, with where it came from."""
    found: list[tuple[str, Effect]] = []
    for c in content.counselors().values():
        found += [(f"ability {c.id}", e) for e in c.ability.effects]
    for card in content.cabin_cards().values():
        found += [(f"cabin {card.id}", e) for e in card.effects]
        if card.cameo:
            found += [(f"cameo {card.id}", e) for e in card.cameo.meet]
    for card in content.survival_cards().values():
        found += [(f"survival {card.id}", e) for e in card.effects]
    for mini in content.minis().values():
        found += [(f"mini {mini.id}", e) for e in mini.effects]
    for finale in content.finales().values():
        for step in finale.steps:
            found += [(f"finale {finale.id}/{step.id}", e) for e in step.effects + step.on_miss]
    for outcome in content.woods().values():
        found += [(f"woods {outcome.roll}", e) for e in outcome.effects]
    return found


def test_everything_loads():
    content.load_all()


def test_exact_counts():
    assert len(content.deck("cabin")) == 84
    assert len(content.deck("survival")) == 24
    assert sum(m.copies for m in content.minis().values()) == 36
    assert len(content.counselors()) == 7
    assert sorted(content.finales()) == ["barn", "boat", "tower", "van"]
    assert sorted(content.setups()) == ["easy", "normal"]
    assert len(content.camp_map().trails) == 6
    assert sorted(content.woods()) == [1, 2, 3, 4, 5, 6]
    assert len(content.deck("question")) == 21
    assert len(content.deck("question", surprises=False)) == 15


def test_cabin_deck_mix_and_red_cards():
    per_kind = Counter()
    for card in content.cabin_cards().values():
        per_kind[card.kind] += card.copies
    assert dict(per_kind) == content.CABIN_KIND_COUNTS
    red = sum(c.copies for c in content.cabin_cards().values() if c.red)
    assert red == per_kind["otis_strikes"] + per_kind["otis_rumor"] == 22
    for card in content.cabin_cards().values():
        if card.kind == "weapon":
            assert card.die in (4, 6, 8, 10) and card.hands in (1, 2)
        if card.kind == "otis_strikes":
            assert card.effects[0].effect == "otis_strikes"


def test_ids_names_and_initials_are_unique():
    counselors = list(content.counselors().values())
    assert len({c.initials for c in counselors}) == 7
    assert all(len(c.initials) == 2 and c.initials.isupper() for c in counselors)
    assert len({c.name for c in counselors}) == 7
    cabin_names = [c.name for c in content.cabin_cards().values()]
    survival_names = [c.name for c in content.survival_cards().values()]
    assert len(set(cabin_names)) == len(cabin_names)
    assert len(set(survival_names)) == len(survival_names)


def test_every_effect_is_in_the_vocabulary_and_well_formed():
    effects = all_effects()
    assert len(effects) > 100
    unknown = [(where, e.effect) for where, e in effects if e.effect not in EFFECTS]
    assert unknown == []
    used = {e.effect for _, e in effects}
    # Most of the vocabulary is in use; an unused id would be dead rules code.
    assert used == set(EFFECTS)


def test_abilities_are_passive_hooks():
    for c in content.counselors().values():
        assert c.ability.effects
        for e in c.ability.effects:
            assert EFFECTS[e.effect].use in ("passive", "both"), c.id
        assert 4 <= c.health <= 6 and 1 <= c.panic <= 3


def test_survival_deck_mixes_single_use_and_permanent():
    cards = content.survival_cards().values()
    single = sum(c.copies for c in cards if c.kind == "single")
    permanent = sum(c.copies for c in cards if c.kind == "permanent")
    assert (single, permanent) == (16, 8)
    assert all(c.timing for c in cards if c.kind == "single")


def test_otis_track():
    assert content.otis_stats(0) == content.OtisStats(1, 4, 1)
    dice = [content.otis_stats(n).attack for n in range(13)]
    assert dice == sorted(dice) and set(dice) == {4, 6, 8, 10}
    stalks = [content.otis_stats(n).stalk for n in range(13)]
    damages = [content.otis_stats(n).damage for n in range(13)]
    assert stalks == sorted(stalks) and stalks[-1] > 1
    assert damages == sorted(damages) and damages[-1] > 1
    assert content.otis_track().hopeless == 13


def test_minis_and_finales_fit_together():
    minis = content.minis()
    kinds = Counter()
    for m in minis.values():
        kinds[m.kind] += m.copies
    assert kinds["first_aid"] == 1 and kinds["lock"] >= 4 and kinds["fire"] >= 1 and kinds["horrified"] >= 1
    surprises = {m.id for m in minis.values() if m.surprise}
    assert {"spare_keys", "missing_camper", "hidden_stash", "ambush"} <= surprises
    supply = Counter()
    for m in minis.values():
        if m.objective:
            supply[m.objective] += m.copies
    combos = set()
    for finale in content.finales().values():
        assert len(finale.requires) == 3
        assert all(supply[o] >= 1 for o in finale.requires)
        combos.add(frozenset(finale.requires))
        assert finale.steps[-1].kind == "win"
        assert any(s.kind == "fight" for s in finale.steps)
    assert len(combos) == 4
    assert any("keys" in f.requires for f in content.finales().values())


def test_finale_jumps_only_go_forward():
    for finale in content.finales().values():
        ids = [s.id for s in finale.steps]
        for i, step in enumerate(finale.steps):
            for target in [step.goto] + [o.goto for o in step.options]:
                if target:
                    assert ids.index(target) > i


def test_setups():
    m = content.camp_map()
    easy, normal = content.setups()["easy"], content.setups()["normal"]
    assert len(easy.question_spaces) > len(normal.question_spaces)
    assert len(easy.keys) > len(normal.keys) and len(easy.locks) < len(normal.locks)
    assert easy.body_count < normal.body_count
    # Tuned with heuristic bots (rules.md, Measured win rates): Easy 2, Normal 5 and a faster Otis.
    assert (len(easy.question_spaces), len(easy.keys), len(easy.locks), easy.body_count) == (10, 2, 1, 2)
    assert (len(normal.question_spaces), len(normal.keys), len(normal.locks), normal.body_count) == (7, 1, 5, 5)
    assert (easy.otis_stalk, normal.otis_stalk) == (0, 1)
    for s in (easy, normal):
        for text in s.question_spaces + s.keys + s.locks:
            assert m.passable(parse_label(text))


def test_labels_round_trip():
    assert label((4, 7)) == "H5"
    assert parse_label("H5") == (4, 7)
    assert parse_label(label((9, 15))) == (9, 15)


# --- the map --------------------------------------------------------------------------


def test_map_size_places_and_sites():
    m = content.camp_map()
    assert 12 <= m.width <= 16 and 9 <= m.height <= 10
    assert m.kind[m.places["campfire"]] in ("open", "trail")
    assert m.cabin[m.places["tool_shed"]] == "tool_shed"
    assert set(m.sites) == {"van", "tower", "boat", "barn"}
    for site, cell in m.site_cells.items():
        assert cell in m.cabin, site
    names = {c.name for c in m.data.cabins}
    assert {"Mess Hall", "Shower Block", "Camp Office", "Arts & Crafts Hut", "Boathouse"} <= names
    assert sum("Bunk" in n for n in names) >= 3


def _reach(m, start, use_trails):
    seen = {start}
    queue = deque([start])
    while queue:
        here = queue.popleft()
        nxt = list(m.walk_neighbours(here))
        if use_trails:
            nxt += [end for _, end in m.trail_links.get(here, ())]
        for there in nxt:
            if there not in seen:
                seen.add(there)
                queue.append(there)
    return seen


def test_every_space_is_reachable_from_the_campfire():
    m = content.camp_map()
    passable = {cell for cell in m.kind if m.passable(cell)}
    assert _reach(m, m.places["campfire"], use_trails=True) == passable
    on_foot = _reach(m, m.places["campfire"], use_trails=False)
    assert on_foot == passable
    for cell in m.site_cells.values():
        assert cell in on_foot
    for cell in m.camp_trails.values():
        assert cell in on_foot


def test_walls_are_symmetric_and_every_cabin_has_a_door():
    m = content.camp_map()
    for cell, sides in m.walls.items():
        for side in sides:
            dr, dc = content.SIDES[side]
            assert m.blocked((cell[0] + dr, cell[1] + dc), content.OPPOSITE[side])
    for cabin, cells in m.cabin_cells.items():
        assert any((cell, side) in m.doors for cell in cells for side in "NESW"), cabin


def test_nature_trails_join_open_ground_far_apart():
    m = content.camp_map()
    ends = [end for pair in m.trails.values() for end in pair]
    assert len(set(ends)) == 12
    for a, b in m.trails.values():
        assert a not in m.cabin and b not in m.cabin
        assert abs(a[0] - b[0]) + abs(a[1] - b[1]) >= 3


# --- validation messages --------------------------------------------------------------


def _map_dict() -> dict:
    return msgspec.to_builtins(msgspec.json.decode(content._read("map.json"), type=MapData))


def test_map_validation_catches_a_one_sided_wall():
    data = _map_dict()
    data["walls"]["D2"] = data["walls"]["D2"].replace("W", "")
    with pytest.raises(ContentError, match="C2"):
        content.validate_map(msgspec.convert(data, MapData))


def test_map_validation_catches_a_cabin_without_a_door():
    data = _map_dict()
    data["doors"] = [d for d in data["doors"] if d["at"] != "J7"]
    data["walls"]["J7"] = "N" + data["walls"]["J7"]
    data["walls"]["J6"] = "S"
    with pytest.raises(ContentError, match="outhouse"):
        content.validate_map(msgspec.convert(data, MapData))


def test_map_validation_catches_an_unreachable_space():
    data = _map_dict()
    grid = list(data["grid"])
    grid[8] = grid[8][:7] + "##" + grid[8][9:]  # H10 and I10 now touch only woods and a nature trail
    data["grid"] = grid
    with pytest.raises(ContentError, match="a counselor on foot cannot reach H10"):
        content.validate_map(msgspec.convert(data, MapData))


def test_card_validation_messages():
    cards = list(content.cabin_cards().values())
    single = next(c for c in cards if c.copies == 1)
    with pytest.raises(ContentError, match="84 cards, not 83"):
        content.validate_cabin_cards(tuple(c for c in cards if c is not single))
    bad = msgspec.structs.replace(cards[0], effects=(Effect("zap"),))
    with pytest.raises(ContentError, match="unknown effect 'zap'"):
        content.validate_cabin_cards((bad, *cards[1:]))
    weapon = next(c for c in cards if c.kind == "weapon")
    odd = msgspec.structs.replace(weapon, die=12)
    with pytest.raises(ContentError, match=weapon.id):
        content.validate_cabin_cards(tuple(odd if c is weapon else c for c in cards))
    strike = next(c for c in cards if c.kind == "otis_strikes")
    pale = msgspec.structs.replace(strike, red=False)
    with pytest.raises(ContentError, match="red"):
        content.validate_cabin_cards(tuple(pale if c is strike else c for c in cards))


def test_counselor_validation_messages():
    people = list(content.counselors().values())
    twin = msgspec.structs.replace(people[1], initials=people[0].initials)
    with pytest.raises(ContentError, match="initials repeated"):
        content.validate_counselors((people[0], twin, *people[2:]))
    instant = msgspec.structs.replace(
        people[0], ability=msgspec.structs.replace(people[0].ability, effects=(Effect("heal", amount=1),))
    )
    with pytest.raises(ContentError, match="passive"):
        content.validate_counselors((instant, *people[1:]))


def test_effect_parameter_checks():
    with pytest.raises(ContentError, match="needs 'amount'"):
        content.check_effect(Effect("heal"), "x", "instant")
    with pytest.raises(ContentError, match="takes no 'die'"):
        content.check_effect(Effect("heal", amount=1, die=6), "x", "instant")
    with pytest.raises(ContentError, match="timing 'panic'"):
        content.check_effect(Effect("prevent_injury", amount=1), "x", "instant", "turn")
    with pytest.raises(ContentError, match="unknown place"):
        content.check_effect(Effect("otis_move_to", place="moon"), "x", "instant", places=frozenset({"campfire"}))
    content.check_effect(Effect("move_bonus", amount=1), "x", "passive")
    with pytest.raises(ContentError, match="instant move_bonus"):
        content.check_effect(Effect("move_bonus", amount=1), "x", "instant")


def test_bad_json_is_a_content_error(monkeypatch):
    monkeypatch.setattr(content, "_read", lambda name: b'[{"id": 1}]')
    with pytest.raises(ContentError, match="counselors.json"):
        content._decode("counselors.json", tuple[Counselor, ...])
    monkeypatch.setattr(content, "_read", lambda name: b"not json")
    with pytest.raises(ContentError, match="not valid JSON"):
        content._decode("cabin_cards.json", tuple[CabinCard, ...])


def test_texts_are_our_own():
    # The rulebook's worked example names people and weapons; none of ours repeat them.
    names = [c.name for c in content.cabin_cards().values()] + [c.name for c in content.counselors().values()]
    for taken in ("Kevin", "Sherry", "Tracy", "Baseball Bat", "Crowbar", "Pocket Knife"):
        assert not any(taken in n for n in names)
    # Nor do card texts or the rules reference repeat the rulebook's (or a published card's)
    # wording: Foolin' Around, the horrified line, where a body lies, the Scrapper card.
    cards = [*content.cabin_cards().values(), *content.survival_cards().values(), *content.minis().values()]
    rules = resources.files("engines.camp_grizzly").joinpath("rules.md").read_text()
    texts = [c.name + " " + c.text for c in cards] + [rules]
    texts = [t.lower() for t in texts]
    for phrase in (
        "pick a counselor to move to your",
        "-1 to all your die rolls until the end of your next turn",
        "-1 to all die rolls",
        "if you died in the woods",
        "died in the woods or",
        "scrapper",
    ):
        assert not any(phrase in t for t in texts), phrase


def test_content_offers_every_public_name_of_its_parts():
    """The rules read `content.X`; the definitions live in the content_* modules by concern."""
    import inspect

    from engines.camp_grizzly import content_base, content_cards, content_finales, content_map

    for part in (content_base, content_map, content_cards, content_finales):
        for name, value in vars(part).items():
            if (
                name.startswith("_")
                or inspect.ismodule(value)
                or getattr(value, "__module__", part.__name__) != part.__name__
            ):
                continue
            assert getattr(content, name, None) is value, f"content does not offer {part.__name__}.{name}"
            assert name in content.__all__
