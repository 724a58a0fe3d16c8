"""Bioviva's knowledge bots. They read only their own view, their legal actions and their
generator.

Knowledge: a quiz bot cannot "think" its way to a fact, so each bot knows a fixed share of
the facts. Whether a bot knows a card is a stable draw from the card id and the bot's seat
(crc32, not Python's salted hash), the same for every level, so the same bot always knows
the same facts and a stronger level knows every fact a weaker one in its seat knows.
Knowing a card means looking its answer up in the game's public content, as a player who
knows the fact would; otherwise the bot guesses. Bots never read the state itself.

The bots here (levels.py offers them; rules.md, Adaptation notes):
- `EasyBot` (level `easy`, once `novice`): knows 35% of facts, pawns within 3 squares of
  what it knows, lays the animal's tags in card order; otherwise as the heuristic.
- `HeuristicBot` (level `heuristic`): knows 55%, within 2 squares, two guesses a tile,
  lays the rarest tags first, replies "almost"/"not at all"/"more" to guesses.
- `NaturalistBot` and `ScholarBot`, the knowledge models of the search levels `hard` and
  `expert` (search.py: the search plans a guide's clues and replies, these answer): know
  70% and 80%, within 1 square, three guesses a tile, lay two tags a tile (one as a
  clarification), point the magnifier at the habitat, follow the other players' pawns
  when they do not know. `ScholarBot` is the knowledge level once called `expert`.
"""

from __future__ import annotations

import zlib
from collections import Counter
from collections.abc import Iterable, Sequence
from functools import lru_cache

from engines.bioviva.actions import (
    Accept,
    Action,
    Answer,
    Clarify,
    Done,
    Guess,
    GuideReply,
    LayTile,
    Magnifier,
    Pass,
    PassCard,
    Peek,
    PawnKind,
    PlacePawn,
)
from engines.bioviva.cards import Animal, load_cards, matches_animal, normalise_answer
from engines.bioviva.state import BiovivaView, ChallengeView
from engines.bioviva.worldmap import COLS, ROWS, Localization, load_localizations, load_map, parse_cell
from engines.core.grid import chebyshev
from engines.core.protocol import Bot, BotContext
from engines.core.rng import Rng, seed_state

Cell = tuple[int, int]


#: What every level's draws are keyed by: the key the heuristic's draws always had, so the
#: heuristic plays as it did before the levels shared one draw (and what it was seeded to
#: play, in tests' pictures of the screen, is unchanged).
DRAW_KEY = "heuristic"


def knows(seat: int, card: str, rate: float) -> bool:
    """Whether a bot in this seat that knows a share `rate` of facts knows this card's.

    The draw depends on the seat and the card only, not on the level: what a bot knows is a
    subset of what any bot with a higher rate in the same seat knows (levels are nested)."""
    draw = zlib.crc32(f"{DRAW_KEY}:{seat}:{card}".encode()) / 2**32
    return draw < rate


@lru_cache(maxsize=1)
def _tag_counts() -> Counter[str]:
    return Counter(t for a in load_cards().animals for t in a.tags)


@lru_cache(maxsize=1)
def _locations() -> dict[str, Localization]:
    return {loc.id: loc for loc in load_localizations()}


@lru_cache(maxsize=8192)
def _key(text: str) -> str:
    return normalise_answer(text)


@lru_cache(maxsize=1)
def _by_key() -> dict[str, Animal]:
    return {_key(name): a for a in load_cards().animals for name in a.names}


@lru_cache(maxsize=1)
def _animal_facts() -> dict[str, tuple[frozenset[str], str]]:
    """Each animal's tags as a set and its name's comparison key, by animal id (a guess
    weighs every animal: built once, not at every guess)."""
    return {a.id: (frozenset(a.tags), _key(a.name)) for a in load_cards().animals}


def _animal_named(text: str) -> Animal | None:
    """The animal a guess names, as the game would match it (or None)."""
    return _by_key().get(_key(text))


# Biome letters a magnifier may point at, by the tags that suggest them.
HABITATS = (("water", "~"), ("cold", "T"), ("hot", "S"), ("land", "F"))
BIOME_TAGS = {"~": {"water"}, "T": {"cold"}, "D": {"hot"}, "S": {"hot"}, "R": {"hot"}, "B": {"cold"}}


class SkillBot(Bot):
    name = "heuristic"
    accuracy = 0.55  # chance of knowing a fact
    spread = 2  # how far from the right square a knowing pawn may land
    guesses = 2  # guesses a tile
    noise = 0.5  # randomness in ranking animals
    tags_by_rarity = True
    two_per_tile = False
    replies = True
    uses_magnifier = False
    follows_crowd = False

    def choose(self, ctx: BotContext) -> Action:
        view: BiovivaView = ctx.view
        legal: list[Action] = list(ctx.legal)
        if not legal:
            raise ValueError("no legal action")
        phase = view.phase
        if phase == "question":
            return self._question(ctx, legal)
        if phase == "localization":
            return self._localization(ctx, legal)
        if phase == "clue":
            return self._clue(ctx, legal)
        if phase == "guess":
            if ctx.seat == view.guide:
                return self._review(ctx, legal)
            return self._guess(ctx, legal)
        return legal[0]

    # question ---------------------------------------------------------------
    @staticmethod
    def _challenge(ctx: BotContext) -> ChallengeView:
        """The challenge under way: every phase a bot plays past the roll has one."""
        challenge: ChallengeView | None = ctx.view.challenge
        assert challenge is not None, "a challenge phase without a challenge"
        return challenge

    def _question(self, ctx: BotContext, legal: list[Action]) -> Action:
        ch = self._challenge(ctx)
        knowing = knows(ctx.seat, ch.card, self.accuracy)
        if knowing:
            return Answer(load_cards().question(ch.card).correct)
        if ch.peek >= 0 and ch.answers[ch.peek]:
            return Answer(ch.answers[ch.peek])
        peeks = [a for a in legal if isinstance(a, Peek)]
        rng: Rng = ctx.rng
        if peeks:
            return rng.choice(peeks)
        return Answer(rng.choice(["A", "B", "C"]))

    # localization -------------------------------------------------------------
    def _localization(self, ctx: BotContext, legal: list[Action]) -> Action:
        view: BiovivaView = ctx.view
        me = ctx.seat
        young = view.young[me]
        free = {(a.row, a.col) for a in legal if isinstance(a, PlacePawn)}
        kinds: list[PawnKind] = [
            k for k in ("correct", "decoy") if any(isinstance(a, PlacePawn) and a.kind == k for a in legal)
        ]
        target = self._target(ctx)
        rng: Rng = ctx.rng
        # Either pawn may go down first: always the correct one first would tell the
        # table which pawn is which, and the decoy could never bluff.
        kind = rng.choice(kinds)
        if kind == "correct" or young:
            cell = self._nearest(free, target, rng)
        else:
            cell = self._bluff(free, target, rng)
        return PlacePawn(kind, *cell)

    def _target(self, ctx: BotContext) -> Cell:
        """Where this bot believes the answer is (stable for the whole challenge)."""
        ch = self._challenge(ctx)
        rng = _stable_rng(ctx.seat, ch.card)
        if knows(ctx.seat, ch.card, self.accuracy):
            loc = _locations()[ch.card]
            r, c = rng.choice(loc.answer_cells())
            dr, dc = rng.between(-self.spread, self.spread), rng.between(-self.spread, self.spread)
            return min(max(r + dr, 0), ROWS - 1), min(max(c + dc, 0), COLS - 1)
        # Which of another player's pawns is the decoy is hidden: any of them may be it.
        others = [p for p in ch.pawns if p.seat != ctx.seat]
        if self.follows_crowd and others:
            p = rng.choice(others)
            return p.row, p.col
        land = [(r, c) for r, line in enumerate(load_map()) for c, ch_ in enumerate(line) if ch_ != "~"]
        return rng.choice(land)

    @staticmethod
    def _nearest(free: Iterable[Cell], target: Cell, rng: Rng) -> Cell:
        best = min(chebyshev(cell, target) for cell in free)
        return rng.choice(sorted(cell for cell in free if chebyshev(cell, target) == best))

    @staticmethod
    def _bluff(free: Iterable[Cell], target: Cell, rng: Rng) -> Cell:
        """A decoy a few squares off, on land when possible, to draw others away."""
        land = load_map()
        ring = sorted(cell for cell in free if 3 <= chebyshev(cell, target) <= 6)
        dry = [cell for cell in ring if land[cell[0]][cell[1]] != "~"]
        return rng.choice(dry or ring or sorted(free))

    # word association: the guide ---------------------------------------------------
    def _clue(self, ctx: BotContext, legal: list[Action]) -> Action:
        ch = self._challenge(ctx)
        me = load_cards().animal(ch.card)
        if PassCard() in legal and self._ambiguous(me):
            return PassCard()
        if Clarify() in legal:
            return Clarify()
        if self.uses_magnifier and ch.magnifier == "" and ch.magnifier_movable:
            cell = self._habitat(me)
            if cell is not None and Magnifier(*cell) in legal:
                return Magnifier(*cell)
        laid = {t.tile for t in ch.tiles} | {t.under for t in ch.tiles if t.under}
        tags = [t for t in me.tags if t not in laid]
        if self.tags_by_rarity:
            counts = _tag_counts()
            tags.sort(key=lambda t: (counts[t], me.tags.index(t)))
        if len(tags) >= 2 and self.two_per_tile:
            action = LayTile(tags[0], tags[1])
            if action in legal:
                return action
        if tags and LayTile(tags[0]) in legal:
            return LayTile(tags[0])
        plain = [a for a in legal if isinstance(a, LayTile) and not a.under]
        rng: Rng = ctx.rng
        return rng.choice(plain)

    @staticmethod
    def _ambiguous(me: Animal) -> bool:
        """The tags of this animal are all shared by another animal: hard to guess."""
        mine = set(me.tags)
        return any(mine <= set(a.tags) for a in load_cards().animals if a.id != me.id)

    @staticmethod
    def _habitat(me: Animal) -> Cell | None:
        return _habitat_of(me.id)

    # word association: the guide's replies -------------------------------------------
    def _review(self, ctx: BotContext, legal: Sequence[Action]) -> Action:
        ch = self._challenge(ctx)
        me = load_cards().animal(ch.card)
        if ch.reviewing < 0:
            return Done()
        # Accept only a guess that really names the animal, as the game matches names
        # ("sea lion" is not Lion): never a guess that merely contains the name.
        for g in ch.guesses:
            if not g.reviewed and matches_animal(g.text, me) and Accept(g.seat, g.number) in legal:
                return Accept(g.seat, g.number)
        g = ch.guesses[ch.reviewing]
        key = _key(g.text)
        if not self.replies:
            return Done()
        words = me.name.split()
        leading = {_key(" ".join(words[:n])) for n in range(1, len(words))}
        if key in leading:  # the first word(s) of a compound name are found
            return GuideReply("more")
        other = _animal_named(g.text)
        if other is not None:
            share = len(set(other.tags) & set(me.tags)) / len(me.tags)
            if share >= 0.6:
                return GuideReply("almost")
            if share <= 0.2:
                return GuideReply("not-at-all")
        return Done()

    # word association: guessing -------------------------------------------------------
    def _guess(self, ctx: BotContext, legal: Sequence[Action]) -> Action:
        ch = self._challenge(ctx)
        rng: Rng = ctx.rng
        mine_now = sum(1 for g in ch.guesses if g.seat == ctx.seat and g.tile == len(ch.tiles))
        options = {a.text for a in legal if isinstance(a, Guess)}
        if mine_now >= self.guesses or not options:
            return Pass()
        said = {_key(g.text) for g in ch.guesses}
        laid = [t.tile for t in ch.tiles] + [t.under for t in ch.tiles if t.under]
        hints = set(laid)
        if ch.magnifier:
            r, c = parse_cell(ch.magnifier)
            hints |= BIOME_TAGS.get(load_map()[r][c], set())
        replied = [(g, _animal_named(g.text)) for g in ch.guesses if g.reply]
        laid_tags = set(laid)
        facts = _animal_facts()
        best, best_score = None, float("-inf")
        for a in load_cards().animals:
            tags, key = facts[a.id]
            if a.name not in options or key in said:
                continue
            score = len(hints & tags) - 0.6 * len(laid_tags - tags)
            if ch.clarification and a.clarification == ch.clarification:
                score += 5
            for g, other in replied:
                if g.reply == "more" and _key(g.text) in key:
                    score += 2
                elif other is not None and other.id != a.id:
                    share = len(facts[other.id][0] & tags) / len(other.tags)
                    score += share if g.reply == "almost" else -share
            score += self.noise * rng.random()
            if score > best_score:
                best, best_score = a, score
        if best is None or best_score < 1:
            return Pass()
        return Guess(best.name)


@lru_cache(maxsize=256)
def _habitat_of(animal_id: str) -> Cell | None:
    """The square a guide's magnifier points at for this animal's habitat, if any."""
    tags = load_cards().animal(animal_id).tags
    grid = load_map()
    for tag, letter in HABITATS:
        if tag in tags:
            cells = [(r, c) for r, line in enumerate(grid) for c, x in enumerate(line) if x == letter]
            if cells:
                return cells[len(cells) // 2]
    return None


def _stable_rng(seat: int, card: str) -> Rng:
    return Rng(seed_state(zlib.crc32(f"{DRAW_KEY}:{seat}:{card}:where".encode())))


class EasyBot(SkillBot):
    """The `easy` level (once called `novice`, a name still accepted)."""

    name = "easy"
    accuracy = 0.35
    spread = 3
    tags_by_rarity = False


class HeuristicBot(SkillBot):
    name = "heuristic"


class NaturalistBot(SkillBot):
    """What the `hard` search knows and how it answers."""

    name = "naturalist"
    accuracy = 0.7
    spread = 1
    guesses = 3
    noise = 0.2
    two_per_tile = True
    uses_magnifier = True
    follows_crowd = True


class ScholarBot(NaturalistBot):
    """What the `expert` search knows and how it answers (the knowledge level that was
    called `expert` before the search levels)."""

    name = "scholar"
    accuracy = 0.8
    noise = 0.1
