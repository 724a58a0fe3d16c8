"""Writes rules.md: the hand-written sections, the task, gnome and Tom card glossaries
generated from the content data, then the adaptation notes.

Run by hand after changing the content: `python -m engines.bonfire.tools.make_rules`.
"""

from __future__ import annotations

from pathlib import Path

from engines.bonfire import content, council, tasks

HERE = Path(__file__).resolve().parent


def glossary() -> str:
    out = ["## Task glossary", ""]
    for t in sorted(content.tasks().values(), key=lambda t: t.name):
        out.append(f"- **{t.name}** ({t.colour}, difficulty {t.difficulty}, {t.points} points): {tasks.describe(t)}.")
    out += ["", "## Gnome glossary", "", "### Specialists", ""]
    wording = {
        "crowded_paths": "your path tiles may hold any number of guardians (bonfires still one)",
        "extra_step": "in every procession each guardian may walk 1 step more than you paid for",
        "task_any_two": "when receiving a task you may pay any 2 resources instead of the two asked",
        "elder_points": "2 points each time you recruit an Elder",
        "wild_double": "each wild tile you spend stands in for 2 missing tiles of one kind",
        "choose_path_resource": "a guardian ending on a path tile brings gold instead of its resource",
        "council_gold": "1 gold whenever you place a novice in the High Council, a Common Task's neutral novice included",
        "path_resource": "whenever you build a path tile, gain the resource it shows",
        "gnome_any_resource": "recruiting, pay any one resource instead of the one shown",
        "keep_three": "you may hold up to 3 action tiles and still place a fate tile",
        "recruit_wild": "1 wild tile whenever you recruit a gnome, this one included",
        "double_print": "a fate tile covering a printed cell gives its object twice",
        "start_step": "whenever a guardian is put on your Starting Tile, a free procession of 1 step follows (no resources)",
        "bonfire_points": "2 points whenever one of your guardians enters a bonfire",
        "common_reward": "1 gold and 1 wild tile whenever you fulfil a Common Task",
    }
    for s in content.gnomes().specialists:
        ability, _, colour = s.ability.partition(":")
        text = (
            f"when your {colour} guardian ends her walk on a path tile, gain its resource once more"
            if ability == "colour_bonus"
            else wording[ability]
        )
        out.append(f"- **{s.name}** (shows {s.resource}): {text}.")
    out += ["", "### Elders", ""]
    counted = {
        "lit": "lit bonfire",
        "paths": "path tile",
        "guardians_in_bonfires": "guardian in a bonfire",
        "portals": "portal",
        "offerings_placed": "offering you left on an island",
        "specialists": "Specialist you have",
    }
    for e in content.gnomes().elders:
        out.append(
            f"- **{e.name}** (shows {e.resource}): {e.per} point{'s' if e.per > 1 else ''} per {counted[e.counts]} at the end."
        )
    out += ["", "## Tom card glossary", ""]
    action_text = {
        "gnome": "takes the displayed Specialists showing the Gnome Resource",
        "path": "attaches the displayed path tiles showing the Gnome Resource",
        "task_high": "Task I: takes the highest task on the two islands showing the Gnome Resource",
        "task_low": "Task II: takes the lowest task on the two islands showing the Gnome Resource",
        "guardian": "takes a guardian of a colour he lacks",
        "great_bonfire": "turns the Great Bonfire to the next portal he needs and takes it",
    }
    for c in content.board().tom_cards:
        icon = "gnome icon: reveals a gnome first; " if c.reveal else ""
        out.append(f"- **{c.name}**: {icon}{action_text[c.action]}.")
    return "\n".join(out) + "\n"


def printed_cells() -> str:
    """Where the fate area's printed cells are and what each gives, read from the data."""
    board = content.board()
    last = board.fate_size - 1

    def where(row: int, col: int) -> str:
        vertical = {0: "top", last: "bottom"}.get(row)
        horizontal = {0: "left", last: "right"}.get(col)
        if vertical and horizontal:
            return f"the {vertical}-{horizontal} corner"
        if horizontal:
            return (
                f"the middle of the {horizontal} edge"
                if row == last // 2
                else f"row {row + 1} of the {horizontal} edge"
            )
        if vertical:
            return (
                f"the middle of the {vertical} edge" if col == last // 2 else f"column {col + 1} of the {vertical} edge"
            )
        return f"the cell at row {row + 1}, column {col + 1}"

    by_gain: dict[str, list[tuple[int, int]]] = {}
    for bonus in board.fate_bonuses:
        by_gain.setdefault(council.gain_text(bonus).replace("1 wild tile", "a wild tile"), []).append(
            (bonus.row, bonus.col)
        )
    parts = []
    for gain, cells in by_gain.items():
        names = [where(r, c) for r, c in cells]
        listed = ", ".join(names[:-1]) + " and " + names[-1] if len(names) > 1 else names[0]
        at = "; ".join(f"{r + 1},{c + 1}" for r, c in cells)
        parts.append(f"{gain} at {listed} ({at})")
    return f"{len(board.fate_bonuses)} printed cells (row,column from 1) give " + "; ".join(parts)


def rules_text() -> str:
    notes = (HERE / "rules_notes.md").read_text().replace("{printed_cells}", printed_cells())
    return (HERE / "rules_head.md").read_text() + "\n" + glossary() + "\n" + notes


def main() -> None:
    (HERE.parent / "rules.md").write_text(rules_text())


if __name__ == "__main__":
    main()
