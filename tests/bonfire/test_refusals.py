"""Refused choices say what is wrong with the choice itself, not only what is awaited."""

from __future__ import annotations

import pytest

from engines.bonfire import ENGINE, content
from engines.bonfire.actions import Council, Keep, Swap, TomGuardian, TomTask
from engines.bonfire.state import TOM, YOU, Pending
from engines.core.errors import IllegalAction
from tests.bonfire.helpers import edit, fresh


def refused(state, action) -> str:
    with pytest.raises(IllegalAction) as caught:
        ENGINE.apply(state, YOU, action)
    return str(caught.value)


def test_a_taken_council_space_is_refused_as_taken():
    s = edit(fresh(1))
    s.council[0] = "tom"
    s.pending = [Pending("council", YOU, "task", [sp.id for sp in content.board().council[1:]])]
    taken = content.board().council[0]
    assert refused(s, Council(taken.id)) == f"The {taken.name} is taken: choose a free High Council space."


def test_a_task_outside_the_tie_is_refused_naming_the_tied_tasks():
    s = edit(fresh(1))
    tied = sorted(content.tasks())[:2]
    s.pending = [Pending("tom_task", TOM, "", tied)]
    names = " or ".join(content.tasks()[t].name for t in tied)
    assert refused(s, TomTask(sorted(content.tasks())[5])) == f"Tom takes one of the tied tasks: {names}."


def test_a_guardian_tom_cannot_take_is_refused_naming_those_he_can():
    s = edit(fresh(1))
    s.pending = [Pending("tom_guardian", TOM, "", ["jade", "pearl"])]
    assert (
        refused(s, TomGuardian("amber")) == "Tom takes a guardian he lacks that is still on an island: jade or pearl."
    )


def test_choices_with_nothing_to_choose_say_so():
    s = fresh(1)
    assert refused(s, Council(content.board().council[0].id)) == "No novice is heading for the High Council now."
    assert refused(s, TomTask(sorted(content.tasks())[0])) == "Tom has no tied tasks for you to choose between now."
    assert refused(s, TomGuardian("amber")) == "Tom has no guardian for you to choose now."
    assert refused(s, Keep()) == refused(s, Swap()) == "Setup is over: the centre fate tile was settled at the start."


def test_a_walk_outside_a_procession_says_no_procession_is_under_way():
    from engines.bonfire.actions import Walk

    assert refused(fresh(1), Walk("own", "p1")) == "No procession is under way: guardians walk only in a procession."
