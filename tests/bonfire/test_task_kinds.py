"""The 66 tasks: every requirement kind of the design note, and no task twice under two names."""

from __future__ import annotations

from collections import Counter

from engines.bonfire import content, tasks
from engines.bonfire.actions import Council, Fulfil
from engines.bonfire.state import YOU
from tests.bonfire.helpers import act, edit, fresh, texts

#: The design note's kinds (crystal paths, resources, offerings on island types, fate
#: patterns, tasks of a difficulty, plus guardians, portals and gnomes).
DESIGN_KINDS = {"paths", "resources", "offerings", "fate", "difficulty", "guardians", "portals", "gnomes"}


def test_every_kind_the_design_note_lists_is_asked_by_some_task():
    asked = {t.requirement.kind for t in content.tasks().values()}
    assert DESIGN_KINDS <= asked


def test_tasks_of_each_difficulty_are_asked_for():
    wanted = {t.requirement.what for t in content.tasks().values() if t.requirement.kind == "difficulty"}
    assert wanted == {"1", "2", "3"}


def test_no_two_tasks_ask_the_same_thing():
    seen = Counter((t.requirement.kind, t.requirement.count, t.requirement.what) for t in content.tasks().values())
    assert [req for req, n in seen.items() if n > 1] == []


def test_no_two_tasks_share_a_name_and_each_colour_has_easy_medium_and_hard():
    found = list(content.tasks().values())
    assert len({t.name for t in found}) == len(found) == 66
    by = Counter((t.colour, t.difficulty) for t in found)
    assert all(by[(c, d)] >= 6 for c in content.CRYSTALS for d in (1, 2, 3))


def _asking(kind: str, count: int, what: str) -> str:
    return next(
        t.id
        for t in content.tasks().values()
        if (t.requirement.kind, t.requirement.count, t.requirement.what) == (kind, count, what)
    )


def _of_difficulty(difficulty: int, exclude: str) -> str:
    return next(t.id for t in content.tasks().values() if t.difficulty == difficulty and t.id != exclude)


def test_a_task_of_a_difficulty_counts_only_lit_bonfires_with_tasks_of_that_difficulty():
    tid = _asking("difficulty", 1, "2")
    s = edit(fresh(1))
    p = s.players[YOU]
    p.bonfires[0].task = tid
    p.bonfires[1].task, p.bonfires[1].lit = _of_difficulty(1, tid), True
    p.bonfires[2].task = _of_difficulty(2, tid)  # received, not lit: does not count
    assert not tasks.met(s, YOU, content.tasks()[tid]) and "fulfil 1" not in texts(s)
    p.bonfires[2].lit = True
    assert tasks.met(s, YOU, content.tasks()[tid]) and "fulfil 1" in texts(s)
    after = act(s, Fulfil(1), Council("seat-of-songs"))
    assert after.players[YOU].bonfires[0].lit


def test_a_task_of_a_difficulty_reads_as_such():
    task = content.tasks()[_asking("difficulty", 2, "1")]
    assert tasks.describe(task) == "have fulfilled 2 tasks of difficulty 1"
