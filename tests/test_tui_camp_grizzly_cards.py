"""Camp Grizzly's cards and map as drawn, without an app: the map's pieces, walls and
bigger spaces, the counselor and finale cards, the map key, the dice tray, fight odds, the
action list's names, and the ASCII glyph set."""

from __future__ import annotations

import pytest

from tests.tui_helpers import private_dirs  # noqa: F401 (autouse fixture)
from tui.games.camp_grizzly import CampGrizzlyScreen
from tui.games.camp_grizzly_draw import draw_camp


def test_camp_drawing_shows_pieces_walls_and_otis_path() -> None:
    from engines.camp_grizzly import ENGINE
    from engines.core.match import Match, SeatSpec

    match = Match(ENGINE, ENGINE.default_options(), [SeatSpec("Ana")], 2)
    view = ENGINE.view(match.state, 0)
    drawing = draw_camp(view)
    text = ["".join(t for t, _ in row) for row in drawing]
    assert len(text) == 11 and all(len(line) == 2 + 16 * 3 for line in text)
    from engines.camp_grizzly.content import parse_label

    def at(label: str) -> tuple[str, str]:
        row, col = parse_label(label)
        return drawing[row + 1][2 + 2 * col]  # label run, then (edge, content) per space

    assert at(view.otis.cell) == ("OT", "otis")
    # Both counselors start at the Campfire: the active one's initial and "+".
    assert {c.cell for c in view.counselors} == {view.counselors[0].cell}
    active = next(c for c in view.counselors if c.active)
    assert at(active.cell) == (f"{active.initials[0]}+", "counselor active")
    kinds = {kind for row in drawing for _, kind in row}
    assert any("wall-s" in kind for kind in kinds), "south walls are underlined"
    assert any(t == "│" for row in drawing for t, _ in row), "west walls are drawn"
    moved = draw_camp(view, otis_at="A1")
    assert moved[1][2] == ("OT", "otis")
    row, col = parse_label(view.otis.cell)
    assert moved[row + 1][2 + 2 * col][1] != "otis", "Otis is drawn only where the replay puts him"


def test_a_counselor_on_otis_space_stays_visible() -> None:
    from msgspec.structs import replace

    from engines.camp_grizzly import ENGINE
    from engines.camp_grizzly.content import parse_label
    from engines.core.match import Match, SeatSpec

    view = ENGINE.view(Match(ENGINE, ENGINE.default_options(), [SeatSpec("Ana")], 2).state, 0)
    wendy = view.counselors[1]
    view = replace(view, otis=replace(view.otis, cell=wendy.cell))
    row, col = parse_label(wendy.cell)
    text, kind = draw_camp(view)[row + 1][2 + 2 * col]
    assert kind == "otis" and text[0] == "O" and text[1] in {c.initials[0] for c in view.counselors}


def test_finale_card_lists_the_steps_and_marks_the_current_one() -> None:
    from msgspec.structs import replace

    from engines.camp_grizzly import ENGINE
    from engines.camp_grizzly.content import finales
    from engines.camp_grizzly.engine import FinaleView
    from engines.core.match import Match, SeatSpec
    from tui.games.camp_grizzly import finale_text

    view = ENGINE.view(Match(ENGINE, ENGINE.default_options(), [SeatSpec("Ana")], 2).state, 0)
    van = finales()["van"]
    ids = tuple(c.id for c in view.counselors)
    running = FinaleView(
        site="van",
        name=van.name,
        step=1,
        step_id=van.steps[1].id,
        step_kind=van.steps[1].kind,
        step_text=van.steps[1].text,
        participants=ids,
        failed=(),
        tries_used=0,
    )
    lines = finale_text(replace(view, finale=running)).splitlines()
    assert lines[0].startswith(f"FINALE: {van.name}")
    assert ", ".join(c.name for c in view.counselors) in lines[0], "counselors by name, not id"
    assert len(lines) == 1 + len(van.steps)
    assert lines[2].startswith("> 2.") and all(not line.startswith(">") for i, line in enumerate(lines) if i != 2)


def solo_view(seed: int = 2):
    from engines.camp_grizzly import ENGINE
    from engines.core.match import Match, SeatSpec

    return ENGINE.view(Match(ENGINE, ENGINE.default_options(), [SeatSpec("Ana")], seed).state, 0)


def test_counselor_card_names_survival_and_permanent_cards_and_never_shows_the_dead() -> None:
    from msgspec.structs import replace

    from engines.camp_grizzly.content import survival_cards
    from tui.games.camp_grizzly_cards import counselor_card

    view = solo_view()
    active = next(c for c in view.counselors if c.active)
    card = counselor_card(view, ["Ana"], 0)
    for card_id in active.survival + active.permanent:
        assert survival_cards()[card_id].name in card
    assert "Survival:" in card and "Permanent:" in card
    dead = replace(active, where="dead", active=False)
    other = next(c for c in view.counselors if c is not active)
    view = replace(view, counselors=tuple(dead if c is active else c for c in view.counselors))
    assert counselor_card(view, ["Ana"], 0).startswith(f"{other.initials} {other.name}")
    everyone_dead = replace(view, counselors=tuple(replace(c, where="dead", active=False) for c in view.counselors))
    assert counselor_card(everyone_dead, ["Ana"], 0) == "Every counselor is dead."


def test_finale_card_gives_each_steps_die_target_miss_and_otis_bonus() -> None:
    from msgspec.structs import replace

    from engines.camp_grizzly.content import finales
    from engines.camp_grizzly.engine import FinaleView
    from tui.games.camp_grizzly import finale_text

    view = solo_view()
    for site, finale in finales().items():
        running = FinaleView(
            site=site,
            name=finale.name,
            step=0,
            step_id=finale.steps[0].id,
            step_kind=finale.steps[0].kind,
            step_text=finale.steps[0].text,
            participants=(),
            failed=(),
            tries_used=0,
        )
        lines = finale_text(replace(view, finale=running)).splitlines()[1:]
        for step, line in zip(finale.steps, lines, strict=True):
            if step.kind == "roll":
                assert f"Roll d{step.die}, {step.target} or more" in line
                assert f"{step.tries} tr" in line and "A miss:" in line
                for effect in step.on_miss:
                    assert str(effect.amount) in line if effect.effect == "injure" else "horrified" in line
            if step.kind == "fight":
                bonus = f"{step.otis_bonus:+d}" if step.otis_bonus else ""
                assert f"Otis attacks everyone: d{view.otis.attack}{bonus};" in line


def test_the_map_key_explains_every_token_and_no_token_means_two_things() -> None:
    from tui.games.camp_grizzly_cards import map_legend

    view = solo_view()
    legend = "\n".join(map_legend())
    meanings: dict[str, set[str]] = {}
    for row in draw_camp(view)[1:]:
        for text, kind in row[1:]:
            base = kind.replace(" wall-s", "").replace(" active", "")
            if base in {"edge", "open"}:
                continue
            meanings.setdefault(text.strip()[:1] if base == "cabin" else text, set()).add(base)
    for token, kinds in meanings.items():
        assert len(kinds) == 1, f"{token!r} means {kinds}"
    for token, kinds in meanings.items():
        if kinds == {"counselor"}:
            continue
        if kinds == {"nature-trail"} or kinds == {"camp-trail"}:
            token = token[0]
        assert token.strip() in legend, f"{token!r} ({kinds}) is missing from the map key"
    for thing in ("? clue", "k key", "L lock", "** fire", "+ first aid", "@ cameo", "$ item", "! objective"):
        assert thing in legend


def test_dice_tray_shows_both_sides_of_a_fight() -> None:
    from msgspec.structs import replace

    from engines.camp_grizzly.state import DieRoll
    from tui.games.camp_grizzly_cards import dice_text

    view = replace(
        solo_view(),
        dice=(
            DieRoll("Wendy Park", "fight d4", 4, 2),
            DieRoll("Wendy Park", "fight d6", 6, 3),
            DieRoll("Otis", "attack d6", 6, 3),
        ),
    )
    assert dice_text(view) == "Dice: Wendy Park: fight d4 2, fight d6 3 (sum 5); Otis: attack d6 3"


def test_fight_odds_count_every_face_and_otis_wins_ties() -> None:
    from tui.games.camp_grizzly_cards import win_chance

    assert win_chance([6], 0, 6, 0) == 15 / 36
    assert win_chance([6], 1, 6, 0) == 21 / 36
    assert win_chance([], 1, 4, 0) == 0.0
    assert win_chance([4, 6], 0, 6, 1) == sum(
        1 for a in range(1, 5) for b in range(1, 7) for o in range(1, 7) if a + b > o + 1
    ) / (4 * 6 * 6)


def test_fight_entries_show_the_odds() -> None:
    from msgspec.structs import replace

    from engines.camp_grizzly.actions import Fight
    from engines.camp_grizzly.engine import StrikeView
    from tui.widgets.table import Table

    view = solo_view()
    fighter = replace(view.counselors[0], fight_dice=(6,), fight_bonus=1)
    view = replace(
        view,
        counselors=(fighter, *view.counselors[1:]),
        strike=StrikeView(
            cell="H5",
            kind="camp",
            danger=(fighter.id,),
            otis_bonus=0,
            pending_total=0,
            pending_otis=0,
            won_by="",
            up=fighter.id,
        ),
    )
    table = Table(
        summary=None,
        view=view,
        viewer=0,
        actions=[(f"fight {fighter.initials}", Fight(fighter.initials))],
        log=[],
        acting=True,
    )
    shown = CampGrizzlyScreen.validate_table(None, table).actions[0][0]
    assert shown.startswith(f"fight: {fighter.name} (d6 +1 vs Otis d{view.otis.attack}: ")
    assert shown.endswith("% to win)")


def test_bigger_spaces_keep_the_grid_and_show_what_a_piece_stands_on() -> None:
    from engines.camp_grizzly.content import camp_map, parse_label
    from tui.games.camp_grizzly_draw import LARGE, MEDIUM, SMALL, map_size, terrain

    view = solo_view(7)
    for size in (SMALL, MEDIUM, LARGE):
        drawing = draw_camp(view, size=size)
        assert {len("".join(t for t, _ in row)) for row in drawing} == {map_size(size)[0]}
        assert len(drawing) == map_size(size)[1]
    active = next(c for c in view.counselors if c.active)
    row, col = parse_label(active.cell)
    drawing = draw_camp(view, size=LARGE)
    top, under = drawing[1 + 2 * row][2 + 2 * col], drawing[2 + 2 * row][2 + 2 * col]
    assert top[0].strip() == f"{active.initials[0]}+"
    assert under[0].strip() == terrain(camp_map(), (row, col))[0].strip(), "the space under the counselors"


def test_action_list_names_counselors_and_finales() -> None:
    from engines.camp_grizzly.actions import PanicNow, StartFinale, Trade
    from engines.camp_grizzly.content import finales
    from tui.widgets.table import Table

    view = solo_view()
    first, second = view.counselors[:2]
    actions = [
        (f"panic {first.initials}", PanicNow(first.initials)),
        ("finale van", StartFinale("van")),
        (f"trade: {first.initials} gives Gas Can to {second.initials}", Trade(first.initials, "x", second.initials)),
    ]
    table = Table(summary=None, view=view, viewer=0, actions=actions, log=[], acting=True)
    shown = [text for text, _ in CampGrizzlyScreen.validate_table(None, table).actions]
    assert shown == [
        f"panic {first.name}",
        f"finale: {finales()['van'].name}",
        f"trade: {first.name} gives Gas Can to {second.name}",
    ]


def test_the_ascii_glyph_set_draws_the_map_and_its_key_in_ascii() -> None:
    from tui.games.camp_grizzly_cards import map_legend
    from tui.games.camp_grizzly_draw import LARGE, SMALL

    view = solo_view(7)
    for size in (SMALL, LARGE):
        text = "".join(t for row in draw_camp(view, size=size, wall_glyph="|") for t, _ in row)
        assert text.isascii() and "|" in text
    assert "\n".join(map_legend("|")).isascii()


def test_a_card_choice_on_the_counselor_card_names_the_cards() -> None:
    from msgspec.structs import replace

    from engines.camp_grizzly.content import cabin_cards
    from tui.games.camp_grizzly_cards import counselor_card

    skillet = cabin_cards()["cast_iron_skillet"].name
    view = replace(solo_view(7), choice=("cast_iron_skillet", "keep both"))
    text = counselor_card(view, ["Ana"], 0)
    assert f"Choose: {skillet} / keep both" in text
    assert "cast_iron_skillet" not in text


def test_a_counselor_choice_on_the_counselor_card_names_the_counselors() -> None:
    """A card that asks to pick a counselor (foolin' around, a calm) lists counselors by
    name, never by their ids."""
    from msgspec.structs import replace

    from tui.games.camp_grizzly_cards import counselor_card

    view = solo_view()
    ids = tuple(c.id for c in view.counselors)
    text = counselor_card(replace(view, choice=ids), ["Ana"], 0)
    assert "Choose: " + " / ".join(c.name for c in view.counselors) in text
    assert not any(f" {cid} " in f" {text} ".replace("/", " ") for cid in ids)


def test_fight_odds_count_a_reroll_ability_as_the_engine_plays_it() -> None:
    """rules.md, Adaptation notes: a reroll ability rerolls the lowest die when it shows
    less than half its size; the odds on a fight entry count that reroll."""
    from itertools import product

    from tui.games.camp_grizzly_cards import win_chance

    def by_hand(sizes, bonus, otis_die):
        wins = total = 0.0
        for faces in product(*(range(1, n + 1) for n in sizes)):
            weight = 1.0
            low = min(range(len(faces)), key=lambda i: (faces[i] * 2 - sizes[i], i))
            outcomes = [faces]
            if faces[low] * 2 < sizes[low]:
                outcomes = [faces[:low] + (f,) + faces[low + 1 :] for f in range(1, sizes[low] + 1)]
                weight /= sizes[low]
            for rolled in outcomes:
                for otis in range(1, otis_die + 1):
                    total += weight
                    wins += weight * (sum(rolled) + bonus > otis)
        return wins / total

    assert win_chance([4], 0, 4, 0, reroll=True) == pytest.approx(30 / 64)
    assert win_chance([4, 6], 1, 8, 0, reroll=True) == pytest.approx(by_hand([4, 6], 1, 8))
    assert win_chance([4, 6], 1, 8, 0, reroll=True) > win_chance([4, 6], 1, 8, 0)


def test_the_counselor_card_lists_lasting_cards_and_lost_finales() -> None:
    """rules.md: lasting plot twists "stay listed until they run out", and a failed finale
    is lost for the game: the card beside the map shows both, by name (in its scrolling
    panel, so nothing else is pushed off a small terminal)."""
    from msgspec.structs import replace

    from tui.games.camp_grizzly_cards import counselor_card, otis_text

    view = solo_view()
    assert "In play" not in counselor_card(view, ["Ana"], 0) and "Lost" not in counselor_card(view, ["Ana"], 0)
    sites = tuple((site, arrow, site == "van") for site, arrow, _ in view.finale_sites)
    lasting = replace(view, lasting=("Thunderstorm",), finale_sites=sites)
    text = counselor_card(lasting, ["Ana"], 0)
    assert "In play: Thunderstorm" in text and "Lost finales: The Van" in text
    assert "\n" not in otis_text(lasting), "Otis' card stays one line"
