"""Bioviva's search levels: the search plans, the knowledge model answers.

Bioviva is a knowledge game. A search that tried each answer to a question, each square
for a pawn or each name for a guess would learn the fact from its playouts (the game
scores the right answer), so it would know everything: no human could beat it, and it
would not be playing as a person who knows some facts. So:

- every answer is the knowledge model's (a `SkillBot` that knows a fixed share of facts,
  engines/bioviva/bots.py): a question's letter and a young player's peek, both pawns of a
  localization (where the decoy goes would betray where the answer is not), and a
  guesser's guesses and passes. At such a decision the search bot does not search;
- the search plans what a player decides from what they see: as guide, which tiles to
  lay (the animal's own tags, alone or one under another), where to put the magnifier,
  whether to pass the card or read its clarification, and how to reply to guesses;
- inside the search the same holds for every seat: the engine the search is handed
  (`KnowledgeBound`) lists the model's choice as the only legal action at an answer, and
  lists the model's choice first elsewhere, which is what the playouts play and what the
  tree tries first;
- the search looks to the end of the challenge under way (who leads then: the rest of
  the game is mostly other facts), and departs from its model's choice only when its
  playouts show it clearly better (`SearchBot.clearly_better`). In a two-player game a guide's
  clues never change who leads (the guide and the finder both score), so there the
  search plays as its model.

A guide accepts only a guess its model accepts (one that names the animal): declaring
another guess right would hand points to the player of the bot's choosing.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from engines.bioviva.actions import (
    Accept,
    Action,
    Clarify,
    LayTile,
    Magnifier,
    PassCard,
)
from engines.bioviva.bots import BIOME_TAGS, SkillBot
from engines.bioviva.cards import Animal, load_cards
from engines.bioviva.state import BiovivaState, BiovivaView
from engines.bioviva.worldmap import cell_name, load_map
from engines.core.ismcts import SearchBot, search_levels
from engines.core.protocol import Bot, BotContext
from engines.core.rng import Rng, seed_state

if TYPE_CHECKING:
    from engines.bioviva.engine import BiovivaEngine


def answered_by_knowledge(view: BiovivaView, seat: int) -> bool:
    """Whether this seat's decision now is an answer (its knowledge model decides)."""
    return view.phase in ("question", "localization") or (view.phase == "guess" and seat != view.guide)


def planned(engine: Any, view: BiovivaView, seat: int, legal: Sequence[Action], model: Bot, rng: Rng) -> list[Action]:
    """The actions the search weighs at this decision, the model's choice first: only that
    choice at an answer; a guide's clues that tell the animal (see `_clue_choices`); a
    guide's replies."""
    clue = view.phase == "clue"
    if clue:
        legal = _clue_choices(view, legal)
    choice: Action = model.choose(BotContext(engine=engine, seat=seat, view=view, legal=legal, rng=rng))
    if answered_by_knowledge(view, seat):
        return [choice]
    if clue:
        tags = set(_guide_animal(view).tags)
        # A tile that is not one of the animal's tags only ever comes from the model.
        return [choice, *(a for a in legal if a != choice and not (isinstance(a, LayTile) and a.tile not in tags))]
    # The guide's review: no accepting a guess the model would not accept.
    return [choice, *(a for a in legal if a != choice and not isinstance(a, Accept))]


def _guide_animal(view: BiovivaView) -> Animal:
    ch = view.challenge
    assert ch is not None and ch.card, "a guide sees its animal"
    return load_cards().animal(ch.card)


def _clue_choices(view: BiovivaView, legal: Sequence[Action]) -> list[Action]:
    """Of a guide's thousands of legal clues, those worth weighing and all the model may
    choose: every free tile alone (in card order, as the engine lists them), the animal's
    free tags with another under it, the magnifier on its habitat or on a biome that hints
    at it (when the magnifier may move), passing the card, reading the clarification."""
    ch = view.challenge
    assert ch is not None
    me = _guide_animal(view)
    used = {t.tile for t in ch.tiles} | {t.under for t in ch.tiles if t.under}
    free_tags = [tag for tag in me.tags if tag not in used]
    choices: list[Action] = [LayTile(tile.id) for tile in load_cards().tiles if tile.id not in used]
    choices += [LayTile(tag, under) for tag in free_tags for under in free_tags if under != tag]
    if ch.magnifier_movable:
        cells = [cell for letter, cell in _biome_cells().items() if BIOME_TAGS[letter] <= set(me.tags)]
        habitat = SkillBot._habitat(me)
        cells += [habitat] if habitat is not None and habitat not in cells else []
        choices += [Magnifier(*cell) for cell in cells if cell_name(*cell) != ch.magnifier]
    choices += [a for a in legal[-2:] if isinstance(a, (PassCard, Clarify))]
    return choices


@lru_cache(maxsize=1)
def _biome_cells() -> dict[str, tuple[int, int]]:
    """One square (the middle one in reading order) of each biome a guesser reads a hint from."""
    grid = load_map()
    cells: dict[str, tuple[int, int]] = {}
    for letter in BIOME_TAGS:
        found = [(r, c) for r, line in enumerate(grid) for c, x in enumerate(line) if x == letter]
        if found:
            cells[letter] = found[len(found) // 2]
    return cells


class KnowledgeBound:
    """The engine as the search sees it: the same game, with each seat's decisions listed
    by `planned` (the knowledge model decides every answer), ending for the search when
    the challenge under way is scored (turn `horizon` is over). All else is the engine's."""

    def __init__(self, engine: BiovivaEngine, model: Bot, horizon: int) -> None:
        self._engine = engine
        self._model = model
        self._horizon = horizon

    def __getattr__(self, name: str) -> Any:
        return getattr(self._engine, name)

    def _beyond(self, state: BiovivaState) -> bool:
        return state.turn > self._horizon or state.phase == "over"

    def actors(self, state: BiovivaState) -> tuple[int, ...]:
        return () if self._beyond(state) else self._engine.actors(state)

    def is_over(self, state: BiovivaState) -> bool:
        return self._beyond(state)

    def legal_actions(self, state: BiovivaState, seat: int) -> list[Action]:
        legal = self._engine.legal_actions(state, seat)
        if len(legal) <= 1:
            return legal
        view = self._engine.view(state, seat)
        # The model's own generator at this decision: the same state gives the same list.
        progress = (state.rng, seat, state.turn, len(state.pawns), len(state.tiles), len(state.guesses))
        return planned(self._engine, view, seat, legal, self._model, Rng(seed_state(hash(progress))))


def first_listed(engine: Any, state: Any, seat: int, legal: Sequence[Any], rng: Rng) -> Any:
    """The playout policy: the model's choice, which `KnowledgeBound` lists first."""
    return legal[0]


class FirstListed(Bot):
    """The search's guide: the model's choice, listed first."""

    name = "model"

    def choose(self, ctx: BotContext) -> Any:
        return ctx.legal[0]


class KnowledgeSearch(SearchBot):
    """A search bot whose answers are its knowledge model's (see the module's docstring)."""

    name = "search"

    def __init__(self, model: SkillBot, seconds: float | None = None, iterations: int | None = None) -> None:
        super().__init__(iterations=iterations, seconds=seconds, rollout=first_listed, guide=FirstListed())
        self.model = model

    def choose(self, ctx: BotContext) -> Any:
        legal: list[Action] = list(ctx.legal)
        if len(legal) == 1:
            return legal[0]
        if answered_by_knowledge(ctx.view, ctx.seat):
            return self.model.choose(ctx)
        options = planned(ctx.engine, ctx.view, ctx.seat, legal, self.model, ctx.rng)
        if len(options) == 1:
            return options[0]
        bound = KnowledgeBound(ctx.engine, self.model, horizon=ctx.view.turn)
        searched = super().choose(BotContext(engine=bound, seat=ctx.seat, view=ctx.view, legal=options, rng=ctx.rng))
        return searched if self.clearly_better(ctx.engine, searched, options[0]) else options[0]


def _budget(level: str) -> float:
    """The level's time a move, as every game's search levels have it."""
    seconds = search_levels()[level]().seconds  # type: ignore[attr-defined]
    assert isinstance(seconds, float)
    return seconds


def search_level(level: str, model: Callable[[], SkillBot]) -> Callable[[], Bot]:
    """A factory of `level`'s search bot (`hard` or `expert`) answering by `model`."""
    seconds = _budget(level)

    def make() -> Bot:
        return KnowledgeSearch(model(), seconds=seconds)

    return make
