"""`campfire rules GAME TOPIC` prints one topic, never the neighbouring sections."""

from __future__ import annotations

import pytest

import engines.registry as registry
from tests.fake_engine import ENTRY
from tui import cli


@pytest.fixture(autouse=True)
def with_count(monkeypatch):
    monkeypatch.setattr(registry, "GAMES", (*registry.GAMES, ENTRY))


def rules(capsys, *words: str) -> tuple[str, str]:
    assert cli.main(["rules", "count", *words]) == 0
    return capsys.readouterr()


def test_a_word_found_in_several_sections_prints_only_the_one_it_names(capsys):
    out, _ = rules(capsys, "roll")
    # "roll" is in Turn's text and is Roll's title: the section named Roll, alone.
    assert out.startswith("### Roll") and "## Turn" not in out and "## Scoring" not in out


def test_a_word_in_several_bodies_prints_the_first_and_names_the_others(capsys):
    out, err = rules(capsys, "total")
    assert out.startswith("### Roll") and "## Scoring" not in out
    assert "scoring" in err


def test_words_only_in_a_body_print_the_first_such_section_alone(capsys):
    out, _ = rules(capsys, "zero")
    assert out.startswith("## Setup") and out.count("\n## ") == 0 and "### " not in out


def test_bivi_beaver_prints_the_beaver_section_only(capsys, monkeypatch):
    monkeypatch.setattr(registry, "GAMES", registry.GAMES)
    assert cli.main(["rules", "bivi", "beaver"]) == 0
    out, _ = capsys.readouterr()
    headings = [line for line in out.splitlines() if line.startswith("#")]
    assert headings == ["### The beaver"]
