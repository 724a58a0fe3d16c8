"""Rules references: each game ships `rules.md` in its engine package, in our own words.

A reference is Markdown whose `##` and `###` headings are the anchored sections players look
up (setup, turn, each action, scoring, glossary, adaptation notes). This module reads them,
finds sections by anchor or by words, and is shared by the CLI and the in-app viewer.
"""

from __future__ import annotations

import importlib.util
import logging
import re
from pathlib import Path

import msgspec

from engines.registry import find_game


class RulesSection(msgspec.Struct, frozen=True):
    anchor: str
    title: str
    level: int
    body: str  # Markdown, without the heading line

    @property
    def markdown(self) -> str:
        return f"{'#' * self.level} {self.title}\n\n{self.body}".rstrip() + "\n"


class RulesBook(msgspec.Struct, frozen=True):
    game_id: str
    title: str
    sections: list[RulesSection]
    #: What is wrong with the book as written (a repeated heading...), one sentence each; the
    #: book is still whole and usable, every section with an anchor of its own.
    problems: list[str] = []

    def section(self, anchor: str) -> RulesSection | None:
        wanted = slug(anchor)
        for section in self.sections:
            if section.anchor == wanted:
                return section
        return None

    def search(self, query: str) -> list[RulesSection]:
        """Sections matching every word of `query`, titles first, then bodies."""
        words = [w for w in re.findall(r"\w+", query.casefold()) if w]
        if not words:
            return list(self.sections)
        in_title, in_body = [], []
        for section in self.sections:
            title = section.title.casefold()
            text = f"{title} {section.body.casefold()}"
            if all(w in title for w in words):
                in_title.append(section)
            elif all(w in text for w in words):
                in_body.append(section)
        return in_title + in_body

    @property
    def markdown(self) -> str:
        return f"# {self.title}\n\n" + "\n".join(s.markdown for s in self.sections)

    def entries(self) -> list[tuple[str, RulesSection]]:
        """Glossary terms (bullets that start with a bold term: tiles, cards) and their
        sections, so a player can look one up by name."""
        found = []
        for section in self.sections:
            for term in _ENTRY.findall(section.body):
                found.append((term, section))
        return found


def slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.casefold()).strip("-")


_HEADING = re.compile(r"^(#{1,3})\s+(.+?)\s*$")
_ENTRY = re.compile(r"^[-*] \*\*(.+?)\*\*", re.MULTILINE)


def parse_rules(game_id: str, text: str) -> RulesBook:
    title = game_id
    sections: list[RulesSection] = []
    problems: list[str] = []
    current: tuple[str, int] | None = None
    body: list[str] = []

    def close() -> None:
        if current is not None:
            heading, level = current
            anchor = _unique_anchor(slug(heading) or "section", level, sections)
            if anchor != slug(heading):
                problems.append(f"the heading {heading!r} is used more than once (this one is {anchor!r})")
            sections.append(
                RulesSection(anchor=anchor, title=heading, level=level, body="\n".join(body).strip() + "\n")
            )

    fenced = False
    for line in text.splitlines():
        if line.lstrip().startswith("```"):
            fenced = not fenced
        # A `#` inside a fenced block is content (a river's bank, a comment), not a heading.
        match = None if fenced else _HEADING.match(line)
        if match and len(match.group(1)) == 1:
            title = match.group(2)
            continue
        if match:
            close()
            current = (match.group(2), len(match.group(1)))
            body = []
        else:
            body.append(line)
    close()
    return RulesBook(game_id=game_id, title=title, sections=sections, problems=problems)


def _unique_anchor(wanted: str, level: int, earlier: list[RulesSection]) -> str:
    """`wanted`, or where an earlier section has it already, qualified by the section this
    one stands under ("card-glossary-staff"), then numbered: a heading may repeat under
    another parent, and a lookup by anchor must still find exactly one section. The first
    section of a name keeps the plain anchor, so lookups written for it stay right."""
    taken = {section.anchor for section in earlier}
    if wanted not in taken:
        return wanted
    parent = next((s for s in reversed(earlier) if s.level < level), None)
    if parent is not None and f"{parent.anchor}-{wanted}" not in taken:
        return f"{parent.anchor}-{wanted}"
    number = 2
    while f"{wanted}-{number}" in taken:
        number += 1
    return f"{wanted}-{number}"


def rules_path(module: str) -> Path:
    """Where a game's reference lives: `rules.md` in its engine package (or, for an
    engine that is a plain module, `<module>.md` beside it), found without importing it."""
    spec = importlib.util.find_spec(module)
    if spec is None or spec.origin is None:
        raise FileNotFoundError(f"no engine module {module}")
    if spec.submodule_search_locations:
        return Path(spec.origin).parent / "rules.md"
    return Path(spec.origin).with_suffix(".md")


def load_rules(game_id: str) -> RulesBook:
    entry = find_game(game_id)
    text = rules_path(entry.rules_module).read_text(encoding="utf-8")
    book = parse_rules(entry.id, text)
    if book.problems:
        # One line for whoever keeps the book; the player still gets every section.
        logging.getLogger("campfire.rules").warning("%s rules: %s", entry.title, "; ".join(book.problems))
    return book
