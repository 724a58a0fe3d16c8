"""`campfire rules`: a game's rules reference printed as Markdown, whole or one topic.

The rules books (and their Markdown parsing) are imported by the command that reads them:
a bare `campfire` (the launcher) has no use for them before its first paint.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING

from engines.registry import find_game
from saves.limits import quote
from tui.cli.base import UserError, one_line

if TYPE_CHECKING:
    import argparse

    from engines.core.rules import RulesBook


def cmd_rules(args: argparse.Namespace, folder: Path) -> int:
    from engines.core.rules import load_rules

    entry = find_game(args.game)
    try:
        book = load_rules(entry.id)
    except (ModuleNotFoundError, FileNotFoundError):
        raise UserError(f"The rules of {entry.title} are not available yet.", code=1) from None
    topic = " ".join(args.topic).strip()
    sys.stdout.write(rules_text(book, topic))
    return 0


def rules_text(book: RulesBook, topic: str) -> str:
    """The whole book, or one topic: the section whose anchor is `topic` (with its own
    sub-sections), else the best section matching its words (titles before bodies). Other
    matching sections are named on stderr, never printed. UserError listing the anchors when
    nothing matches."""
    if not topic:
        return book.markdown
    sections = book.sections
    exact = book.section(topic)
    if exact is None:
        found = book.search(topic)
        if not found:
            anchors = ", ".join(s.anchor for s in sections)
            raise UserError(
                f"No section of the {book.title} rules matches '{quote(topic)}' (sections: {anchors}).", code=1
            )
        # Of the sections named by the words, the one most nearly named by them alone.
        titled = [s for s in found if all(w in s.title.casefold() for w in topic.casefold().split())]
        exact = min(titled, key=lambda s: len(s.title)) if titled else found[0]
        others = [s.anchor for s in found if s is not exact]
        if others:
            print(one_line(f"Also about '{quote(topic)}': {', '.join(others)}"), file=sys.stderr)
    start = sections.index(exact)
    chosen = [exact]
    for section in sections[start + 1 :]:
        if section.level <= exact.level:
            break
        chosen.append(section)
    return "\n".join(section.markdown for section in chosen)
