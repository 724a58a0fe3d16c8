"""Writes the original Bonfire content defaults (data/*.json) from compact tables.

Run by hand (`python -m engines.bonfire.tools.make_content`) when a table changes; the
engine reads only the JSON, validated by `engines.bonfire.content`. Every value here is a
default chosen because the rulebook appendix was not available (see rules.md, Adaptation
notes), kept as data so better-sourced values can replace it without code changes.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

DATA = Path(__file__).resolve().parent.parent / "data"

RESOURCES = ["flowers", "fruits", "herbs", "shells", "roots"]
SYMBOLS = ["ship", "island", "path", "procession", "bonfire", "gnome"]
COLOURS = ["blue", "red", "yellow"]

ISLANDS = [
    # name, kind, resource, guardian colour (guardian islands only)
    ("Mossback", "task", "herbs", ""),
    ("Tidewhistle", "task", "shells", ""),
    ("Amber Rock", "guardian", "flowers", "amber"),
    ("Bramblecove", "task", "fruits", ""),
    ("Rootmere", "task", "roots", ""),
    ("Petal Reach", "task", "flowers", ""),
    ("Jade Spire", "guardian", "herbs", "jade"),
    ("Saltgrass", "task", "shells", ""),
    ("Orchard Isle", "task", "fruits", ""),
    ("Violet Crag", "guardian", "roots", "violet"),
    ("Fernholm", "task", "herbs", ""),
    ("Lowroot", "task", "roots", ""),
    ("Pearl Haven", "guardian", "shells", "pearl"),
    ("Blossom Key", "task", "flowers", ""),
]

FATE_TILES = [
    ["ship", "island", "path"],
    ["procession", "bonfire", "gnome"],
    ["ship", "procession", "gnome"],
    ["island", "path", "bonfire"],
    ["path", "ship", "bonfire"],
    ["gnome", "island", "procession"],
    ["bonfire", "gnome", "ship"],
    ["island", "procession", "path"],
]

# Printed bonus cells of the 5x5 fate area: row, col, what covering it gives.
FATE_BONUSES = [
    (0, 0, {"resources": {"gold": 1}}),
    (0, 4, {"tiles": {"wild": 1}}),
    (4, 0, {"tiles": {"wild": 1}}),
    (4, 4, {"resources": {"gold": 1}}),
    (2, 0, {"resources": {"gold": 1}}),
    (2, 4, {"tiles": {"wild": 1}}),
]

GREAT_BONFIRE = [
    # name, action tile, resource ("" when the space shows 2 points)
    ("Ember Gate", "ship", "herbs"),
    ("Ash Stair", "path", ""),
    ("Spark Well", "island", "fruits"),
    ("Cinder Bridge", "procession", "shells"),
    ("Glow Hollow", "gnome", ""),
    ("Flame Court", "path", "roots"),
    ("Smoke Arch", "island", "flowers"),
]

PORTAL_SYMBOLS = ["sun", "moon", "star", "leaf", "wave", "flame", "key"]

COUNCIL: list[tuple[str, dict[str, Any]]] = [
    ("Seat of Dawn", {"tiles": {"wild": 1}}),
    ("Seat of Tides", {"tiles": {"ship": 1}, "points": 1}),
    ("Seat of Roots", {"resources": {"gold": 1}}),
    ("Seat of Songs", {"points": 3}),
    ("Seat of Roads", {"tiles": {"path": 1}, "points": 1}),
    ("Seat of Lanterns", {"tiles": {"procession": 1}, "points": 1}),
    ("Seat of Embers", {"tiles": {"bonfire": 1}, "points": 1}),
    ("Seat of Whispers", {"tiles": {"gnome": 1}, "points": 1}),
    ("Seat of Harbours", {"tiles": {"island": 1}, "points": 1}),
    ("Seat of Plenty", {"resources": {"gold": 1}, "points": 1}),
    ("Seat of Stars", {"points": 2, "tiles": {"wild": 1}}),
    ("Seat of Dusk", {"points": 4}),
]

COMMON_TASKS = [
    # name, kind (matches a Tom action kind), how many
    ("Road of Light", "paths", 4),
    ("Circle of Keepers", "guardians", 3),
    ("Gate Wardens", "portals", 4),
    ("Gnome Moot", "gnomes", 3),
    ("Hearth Keepers", "lit", 3),
]

TOM_CARDS = [
    # name, action, reveals a gnome first
    ("Tom gathers gnomes", "gnome", True),
    ("Tom lays a road", "path", True),
    ("Tom lays a long road", "path", True),
    ("Tom seeks a great task", "task_high", True),
    ("Tom seeks a small task", "task_low", True),
    ("Tom seeks a quick task", "task_low", True),
    ("Tom calls a guardian", "guardian", False),
    ("Tom turns the Great Bonfire", "great_bonfire", False),
]

# Known Specialist abilities (paraphrased in rules.md); the last eight cards repeat abilities.
SPECIALISTS = [
    ("Crowd Warden", "crowded_paths"),
    ("Swift Walker", "extra_step"),
    ("Barterer", "task_any_two"),
    ("Elder Friend", "elder_points"),
    ("Twinmaker", "wild_double"),
    ("Forager", "choose_path_resource"),
    ("Council Herald", "council_gold"),
    ("Road Gleaner", "path_resource"),
    ("Gnome Broker", "gnome_any_resource"),
    ("Amber Tender", "colour_bonus:amber"),
    ("Jade Tender", "colour_bonus:jade"),
    ("Violet Tender", "colour_bonus:violet"),
    ("Pearl Tender", "colour_bonus:pearl"),
    ("Hoarder", "keep_three"),
    ("Gift Bringer", "recruit_wild"),
    ("Map Reader", "double_print"),
    ("Gatekeeper", "start_step"),
    ("Fire Dancer", "bonfire_points"),
    ("Common Friend", "common_reward"),
    ("Second Walker", "extra_step"),
    ("Second Gleaner", "path_resource"),
    ("Second Herald", "council_gold"),
    ("Second Barterer", "task_any_two"),
    ("Second Dancer", "bonfire_points"),
    ("Second Forager", "choose_path_resource"),
    ("Second Hoarder", "keep_three"),
    ("Second Friend", "common_reward"),
]
GOLD_SPECIALISTS = {"Hoarder", "Map Reader", "Second Friend"}

ELDERS = [
    ("Elder of Embers", "lit", 2, "herbs"),
    ("Elder of Roads", "paths", 1, "roots"),
    ("Elder of Keepers", "guardians_in_bonfires", 2, "shells"),
    ("Elder of Gates", "portals", 1, "flowers"),
    ("Elder of Gifts", "offerings_placed", 1, "fruits"),
    ("Elder of Kin", "specialists", 2, "herbs"),
]

BOARD_PORTALS = {
    # the symbol printed on each of the 7 portal slots, bonfire space 1 to 7
    "you": ["sun", "moon", "star", "leaf", "wave", "flame", "key"],
    "tom": ["key", "wave", "sun", "flame", "moon", "leaf", "star"],
}

TASK_WORDS = {
    "blue": ["Tide", "Mist", "Rain", "Frost", "River", "Dew", "Brook", "Cloud"],
    "red": ["Ember", "Forge", "Spark", "Hearth", "Blaze", "Cinder", "Rust", "Ruby"],
    "yellow": ["Sun", "Honey", "Wheat", "Dawn", "Gild", "Lantern", "Pollen", "Straw"],
}
TASK_NOUNS = ["Vow", "Rite", "Song", "Pledge", "Charm", "Oath", "Wish", "Gift", "Ward", "Call"]


def slug(name: str) -> str:
    return "-".join(name.lower().replace("'", "").split())


# Every task's requirement, by difficulty: (kind, count, what). No two alike, so no task is
# another under a second name. Kinds are the design note's: resources, crystal paths,
# offerings on every island of a resource, fate areas, tasks of a given difficulty, plus
# action tiles, guardians, portals, gnomes and lit bonfires. Dealt to blue, red and yellow
# in turn, so each colour has 8 easy, 7 medium and 7 hard tasks.
REQUIREMENTS = {
    1: [
        *(("resources", 2, r) for r in RESOURCES),
        *(("paths", 1, c) for c in COLOURS),
        *(("fate", 2, sym) for sym in SYMBOLS),
        *(("tiles", 1, sym) for sym in ["ship", "island", "path", "procession", "gnome"]),
        ("guardians", 1, ""),
        ("portals", 1, ""),
        ("gnomes", 1, ""),
        ("lit", 1, ""),
        ("difficulty", 1, "1"),
    ],
    2: [
        *(("resources", 3, r) for r in RESOURCES),
        *(("paths", 2, c) for c in COLOURS),
        *(("offerings", 1, r) for r in RESOURCES),
        ("fate", 3, "ship"),
        ("fate", 3, "procession"),
        ("guardians", 2, ""),
        ("portals", 2, ""),
        ("gnomes", 2, ""),
        ("lit", 2, ""),
        ("difficulty", 2, "1"),
        ("difficulty", 1, "2"),
    ],
    3: [
        *(("resources", 4, r) for r in RESOURCES),
        *(("paths", 3, c) for c in COLOURS),
        *(("fate", 4, sym) for sym in ["island", "path", "bonfire", "gnome"]),
        *(("tiles", 3, sym) for sym in ["ship", "procession", "bonfire"]),
        ("guardians", 3, ""),
        ("portals", 3, ""),
        ("gnomes", 3, ""),
        ("lit", 3, ""),
        ("difficulty", 2, "2"),
        ("difficulty", 1, "3"),
    ],
}


def tasks() -> list[dict[str, Any]]:
    """66 tasks: 22 per colour (8 of difficulty 1, 7 of 2, 7 of 3), each requirement once."""
    dealt: dict[str, list[tuple[int, tuple[str, int, str]]]] = {c: [] for c in COLOURS}
    for difficulty, requirements in REQUIREMENTS.items():
        # in turn, starting one colour later for each difficulty, so a colour mixes what it asks
        for n, req in enumerate(requirements):
            dealt[COLOURS[(n + difficulty) % 3]].append((difficulty, req))
    out = []
    for colour_index, colour in enumerate(COLOURS):
        words = TASK_WORDS[colour]
        for k, (difficulty, (kind, count, what)) in enumerate(dealt[colour]):
            points = {1: 2, 2: 4, 3: 6}[difficulty] + k % 2
            name = f"{words[k % len(words)]} {TASK_NOUNS[(k // len(words) + k + colour_index) % len(TASK_NOUNS)]}"
            out.append(
                {
                    "id": slug(name),
                    "name": name,
                    "colour": colour,
                    "difficulty": difficulty,
                    "points": points,
                    "requirement": {"kind": kind, "count": count, "what": what},
                }
            )
    return out


def path_tiles() -> list[dict[str, Any]]:
    out = []
    counts = {"blue": 10, "red": 10, "yellow": 8}
    n = 0
    for colour, count in counts.items():
        for k in range(count):
            out.append({"id": f"{colour}-{k + 1}", "crystal": colour, "resource": RESOURCES[n % 5]})
            n += 1
    return out


def main() -> None:
    board = {
        "resources": RESOURCES + ["gold"],
        "symbols": SYMBOLS,
        "islands": [{"id": slug(n), "name": n, "kind": k, "resource": r, "guardian": g} for n, k, r, g in ISLANDS],
        "fate_tiles": [{"id": f"fate-{i + 1}", "symbols": s} for i, s in enumerate(FATE_TILES)],
        "fate_size": 5,
        "fate_bonuses": [
            {"row": r, "col": c, **({"tiles": {}, "resources": {}, "points": 0} | b)} for r, c, b in FATE_BONUSES
        ],
        "great_bonfire": [{"id": slug(n), "name": n, "tile": t, "resource": r} for n, t, r in GREAT_BONFIRE],
        "portal_symbols": PORTAL_SYMBOLS,
        "portals_per_space": 4,
        "council": [
            {"id": slug(n), "name": n, **({"tiles": {}, "resources": {}, "points": 0} | b)} for n, b in COUNCIL
        ],
        "common_tasks": [{"id": slug(n), "name": n, "kind": k, "count": c} for n, k, c in COMMON_TASKS],
        "countdown": [1, 2, 3, 4, 5],
        "end_trigger": 7,
        "board_portals": BOARD_PORTALS,
        "path_tiles": path_tiles(),
        "path_costs": [1, 1, 1, 2, 2, 2],
        "scoring": {"guardian_in_bonfire": 2, "portal_at_lit_bonfire": 2, "crystal_match": 2, "common_task": 2},
        "tom_cards": [
            {"id": f"tom-{i + 1}", "name": n, "action": a, "reveal": r} for i, (n, a, r) in enumerate(TOM_CARDS)
        ],
        "solo_tasks": {"blue": 7, "red": 7, "yellow": 6},
    }
    gnomes = {
        "specialists": [
            {"id": slug(n), "name": n, "ability": a, "resource": "gold" if n in GOLD_SPECIALISTS else RESOURCES[i % 5]}
            for i, (n, a) in enumerate(SPECIALISTS)
        ],
        "elders": [{"id": slug(n), "name": n, "counts": k, "per": p, "resource": r} for n, k, p, r in ELDERS],
    }
    DATA.mkdir(exist_ok=True)
    (DATA / "board.json").write_text(json.dumps(board, indent=1) + "\n")
    (DATA / "gnomes.json").write_text(json.dumps(gnomes, indent=1) + "\n")
    (DATA / "tasks.json").write_text(json.dumps(tasks(), indent=1) + "\n")


if __name__ == "__main__":
    main()
