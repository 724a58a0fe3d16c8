"""The status line names the novice whose High Council space is asked: your own, Tom's,
a Common Task's neutral novice you send, or the neutral novice Tom lays flat (it said
"your novice" for the first neutral one and "Tom's novice" for the second)."""

from __future__ import annotations

import pytest

from engines.bonfire import ENGINE, content
from engines.bonfire.state import TOM, YOU, Pending
from tests.bonfire.helpers import edit, fresh


@pytest.mark.parametrize(
    "who, source, told",
    [
        (YOU, "task", "Choose the High Council space for your novice."),
        (YOU, "common", "Choose the High Council space for the neutral novice."),
        (TOM, "tom", "Choose the High Council space for Tom's novice."),
        (TOM, "neutral", "Choose the High Council space for the neutral novice Tom lays flat."),
    ],
)
def test_solo_status_names_the_novice_heading_for_the_council(who, source, told):
    s = edit(fresh(1))
    s.pending = [Pending("council", who, source, [sp.id for sp in content.board().council])]
    assert ENGINE.summary(s, YOU).status == told
