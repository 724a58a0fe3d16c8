"""What each seat is shown of a Bioviva game: views, notes, the status and seat panels,
and the secrets each seat owns (checked by the sentinel and conformance tests).

Mixed into `BiovivaEngine`; nothing here changes a state.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import msgspec

from engines.bioviva.actions import LETTERS
from engines.bioviva.association import sealed_line
from engines.bioviva.cards import load_cards
from engines.bioviva.state import (
    MAX_TILES,
    PAWN_MARK,
    BiovivaState,
    BiovivaView,
    ChallengeView,
    GuessView,
    Pawn,
    PawnView,
    ResultView,
    TileView,
    _cell,
    _names,
    _player,
    animal,
    guess_number,
    is_young,
    localization,
    passes_allowed,
    pawn_line,
    reveal_order,
    unreviewed,
)
from engines.core.protocol import AUTO, Outcome, SeatPanel, Summary


def passes_left(state: BiovivaState) -> int:
    """How many more times the guide may still pass this challenge's card: only before the
    first tile, and never once a young guide has read the clarification aloud."""
    if state.tiles or state.clarified:
        return 0
    return passes_allowed(state) - state.passes


def _shown_to_young(state: BiovivaState, viewer: int) -> bool:
    """Whether a young guesser is shown the card's clarification now: "when children must
    guess", that is once the first tile is down. Before it the guide may still put the card
    back, and a card put back is never shown to the others."""
    return viewer != state.guide and is_young(state, viewer) and bool(state.tiles)


def _pawn_name(kind: str) -> str:
    return {"correct": "correct-answer pawn ✓", "decoy": "decoy pawn ✗"}[kind]


class ViewRules:
    """Views, summaries and secrets (mixed into `BiovivaEngine`)."""

    if TYPE_CHECKING:  # provided by BiovivaEngine

        def actors(self, state: BiovivaState) -> tuple[int, ...]: ...

        def outcome(self, state: BiovivaState) -> Outcome: ...

    def view(self, state: BiovivaState, viewer: int | None) -> BiovivaView:
        cards = load_cards()
        # Between two challenges the state keeps the last face rolled; the new turn's guide
        # has not rolled yet, so no face is shown for it.
        face = 0 if state.phase == "roll" else state.die
        die = next((f for f in cards.die if f.face == face), None)
        last = state.last
        return BiovivaView(
            viewer=viewer,
            seats=state.seats,
            phase=state.phase,
            turn=state.turn,
            turn_limit=state.options.turn_limit,
            target=state.options.target,
            guesses_per_tile=state.options.guesses_per_tile,
            guide=state.guide,
            die=face,
            die_label=die.label if die else "",
            die_glyph=die.glyph if die else "",
            scores=state.scores,
            young=tuple(is_young(state, s) for s in range(state.seats)),
            actors=tuple(a for a in self.actors(state) if a != AUTO),
            challenge=self._challenge_view(state, viewer),
            last=msgspec.convert(msgspec.to_builtins(last), ResultView) if last else None,
            notes=tuple(self._notes(state, viewer)),
            end_reason=state.end_reason,
            winners=tuple(self.outcome(state).winners) if state.phase == "over" else (),
        )

    def _challenge_view(self, state: BiovivaState, viewer: int | None) -> ChallengeView | None:
        cards = load_cards()
        if state.phase == "question":
            q = cards.question(state.card)
            visible = []
            for s in range(state.seats):
                sees = viewer is not None and (s == viewer or state.peeks[viewer] == s)
                visible.append(state.answers[s] if sees else "")
            can_peek = (
                viewer is not None
                and is_young(state, viewer)
                and state.peeks[viewer] < 0
                and not state.answers[viewer]
                and any(state.answers[s] for s in range(state.seats) if s != viewer)
            )
            return ChallengeView(
                kind="question",
                card=q.id,
                prompt=q.question,
                options=tuple((k, q.answers[k]) for k in LETTERS),
                answered=tuple(bool(a) for a in state.answers),
                answers=tuple(visible),
                peek=state.peeks[viewer] if viewer is not None else -1,
                can_peek=can_peek,
            )
        if state.phase == "localization":
            loc = localization(state.card)
            pawns = []
            for p in state.pawns:
                # Only the owner knows which pawn is which until the reveal; a young
                # player's pawns both count, so saying so gives nothing away.
                known = viewer == p.seat
                counts = is_young(state, p.seat) or (known and p.kind == "correct")
                pawns.append(PawnView(p.seat, p.kind if known else "", _cell(p.row, p.col), p.row, p.col, counts))
            return ChallengeView(
                kind="localization",
                card=loc.id,
                prompt=loc.prompt,
                pawns=tuple(pawns),
                order=state.order,
                placer=state.order[len(state.pawns)],
            )
        if state.phase in ("clue", "guess"):
            a = animal(state.card)
            is_guide = viewer == state.guide
            shows_clar = is_guide or state.clarified or (viewer is not None and _shown_to_young(state, viewer))
            tiles = []
            for t in state.tiles:
                main = cards.tile(t.tile)
                under = cards.tile(t.under) if t.under else None
                tiles.append(
                    TileView(
                        main.id,
                        main.label,
                        main.glyph,
                        under.id if under else "",
                        under.label if under else "",
                        under.glyph if under else "",
                    )
                )
            waiting = unreviewed(state)
            return ChallengeView(
                kind="association",
                card=a.id if is_guide else "",
                prompt="Word association: guess the animal from the tiles.",
                animal=a.name if is_guide else "",
                clarification=a.clarification if shows_clar else "",
                clarified=state.clarified,
                passes_left=passes_left(state),
                tiles=tuple(tiles),
                tiles_left=MAX_TILES - len(state.tiles),
                magnifier=_cell(*state.magnifier) if state.magnifier else "",
                magnifier_movable=state.phase == "clue" and state.magnifier_at != len(state.tiles),
                guesses=tuple(
                    GuessView(g.seat, g.text, g.tile, g.reply, g.reviewed, guess_number(state, i))
                    for i, g in enumerate(state.guesses)
                ),
                guessing=state.waiting,
                reviewing=waiting[0] if waiting else -1,
                written=tuple(g.seat for g in state.sealed),
                reveal_order=reveal_order(state),
                resting=state.resting,
            )
        return None

    def _notes(self, state: BiovivaState, viewer: int | None) -> list[str]:
        if viewer is None:
            return []
        notes = []
        if state.phase == "question":
            q = load_cards().question(state.card)
            mine = state.answers[viewer]
            if mine:
                notes.append(f"{_player(viewer)}, your secret answer: {mine} ({q.answers[mine]})")
            peeked = state.peeks[viewer]
            if peeked >= 0:
                letter = state.answers[peeked]
                notes.append(
                    f"{_player(viewer)}, you looked at {_player(peeked)}'s token: {letter} ({q.answers[letter]})."
                )
        if state.phase == "localization":
            notes += [pawn_line(p) + "." for p in state.pawns if p.seat == viewer]
        if state.phase == "guess":
            notes += [sealed_line(g.seat, g.text) + "." for g in state.sealed if g.seat == viewer]
        if state.phase in ("clue", "guess"):
            a = animal(state.card)
            if viewer == state.guide:
                notes.append(f"{_player(viewer)}, your animal: {a.name}")
                if a.clarification:
                    notes.append(f"Clarification: {a.clarification}")
            elif _shown_to_young(state, viewer) and a.clarification and not state.clarified:
                notes.append(f"The guide shows you the clarification: {a.clarification}")
        return notes

    def secrets(self, state: BiovivaState) -> dict[int, list[str]]:
        found: dict[int, list[str]] = {}
        # Every form a secret takes in a view or a log names its owner, so two players who
        # chose the same answer (or looked at the same token) never share a secret string.
        if state.phase == "question":
            for s in range(state.seats):
                owned = []
                if state.answers[s]:
                    owned += [  # the note, and the log line "Player 2, you answer B: ..."
                        f"{_player(s)}, your secret answer: {state.answers[s]}",
                        f"{_player(s)}, you answer {state.answers[s]}",
                    ]
                if state.peeks[s] >= 0:  # the peeker's note (the log line is the answer's)
                    owned.append(f"{_player(s)}, you looked at {_player(state.peeks[s])}'s token")
                if owned:
                    found[s] = owned
        elif state.phase == "localization":
            for p in state.pawns:
                # The owner's note and log line, and the kind as the owner's view encodes it.
                found.setdefault(p.seat, []).extend(
                    [pawn_line(p), f'{{"seat":{p.seat},"kind":"{p.kind}"'] + self._pawn_status_secrets(state, p)
                )
        if state.phase in ("clue", "guess"):
            a = animal(state.card)
            # The quoted name is how it would appear in a view: a wrong guess can never
            # equal it (that guess would have won), and "Ant" inside "Antennae" is no leak.
            # "Player 1, your animal: Lion" is the guide's note and log line (cards passed too).
            owned = [f"{_player(state.guide)}, your animal: {a.name}", f'"{a.name}"', a.id]
            owned += [f"{_player(state.guide)}, your animal: {animal(old).name}" for old in state.passed]
            young_guessers = any(_shown_to_young(state, s) for s in range(state.seats) if s != state.guide)
            if a.clarification and not state.clarified and not young_guessers:
                owned.append(a.clarification)
            # A card put back is never shown, its clarification included.
            owned += [animal(old).clarification for old in state.passed if animal(old).clarification]
            found[state.guide] = owned
            for g in state.sealed:
                found.setdefault(g.seat, []).append(sealed_line(g.seat, g.text))
        return found

    @staticmethod
    def _pawn_status_secrets(state: BiovivaState, pawn: Pawn) -> list[str]:
        """The placer's status names the pawn they have left to place."""
        secrets = []
        if len(state.pawns) < len(state.order) and state.order[len(state.pawns)] == pawn.seat:
            secrets.append(
                f"{_player(pawn.seat)}: place your {_pawn_name('decoy' if pawn.kind == 'correct' else 'correct')}"
            )
        return secrets

    def shows_secret(self, state: BiovivaState, seat: int) -> bool:
        """Whether this seat's screen shows something only it may see now (the hot-seat
        curtain goes up before such a screen, and only then)."""
        return bool(self.secrets(state).get(seat)) or bool(self._notes(state, seat))

    def summary(self, state: BiovivaState, viewer: int | None) -> Summary:
        guide = _player(state.guide)
        phase = state.phase
        if phase == "roll":
            status, topic = f"{guide} (guide) rolls the die.", "the-die"
        elif phase == "question":
            left = [s for s in range(state.seats) if not state.answers[s]]
            status, topic = f"Answer A, B or C in secret. Waiting for {_names(left)}.", "question"
        elif phase == "localization":
            placer = state.order[len(state.pawns)]
            if viewer == placer:
                kinds = [
                    k for k in ("correct", "decoy") if not any(p.seat == placer and p.kind == k for p in state.pawns)
                ]
                what = " or ".join(_pawn_name(k) for k in kinds)
                status = f"{_player(placer)}: place your {what} on a free square."
            else:
                status = f"{_player(placer)} places a pawn."
            topic = "localization"
        elif phase == "clue":
            laid = len(state.tiles)
            status = f"{guide} (guide): lay symbol tile {laid + 1} of {MAX_TILES}"
            status += " (or pass this card)." if passes_left(state) else "."
            topic = "tiles"
        elif phase == "guess":
            parts = []
            if state.waiting:
                parts.append(f"{_names(state.waiting)}: write a guess in secret, or pass.")
                if state.sealed:
                    parts.append(f"Written: {_names(g.seat for g in state.sealed)}.")
            elif unreviewed(state):
                parts.append(f"{guide} (guide): reply to the guesses, accept one, or say done.")
            status, topic = " ".join(parts), "word-association"
        else:
            status, topic = f"Game over: {state.end_reason}. {self.outcome(state).reason}", "end-of-the-game"
        actors = self.actors(state)
        panels = []
        for s in range(state.seats):
            title = _player(s) + (" (guide)" if s == state.guide and phase != "over" else "")
            title += " (young)" if is_young(state, s) else ""
            lines = [f"Viva points: {state.scores[s]}/{state.options.target}"]
            if phase == "question":
                lines.append("Answered" if state.answers[s] else "Thinking...")
            elif phase == "localization":
                mine = [p for p in state.pawns if p.seat == s]
                marks = " ".join(f"{PAWN_MARK[p.kind] if viewer == s else '•'} {_cell(p.row, p.col)}" for p in mine)
                lines.append(f"Pawns: {marks}" if marks else "Pawns: none yet")
            elif phase in ("clue", "guess") and s != state.guide:
                n = sum(1 for g in state.guesses if g.seat == s)
                if phase == "guess" and s in state.resting:
                    n_text = " (passed)"
                elif phase == "guess" and any(g.seat == s for g in state.sealed):
                    n_text = " (written)"
                else:
                    n_text = ""
                lines.append(f"Guesses: {n}" + n_text)
            panels.append(SeatPanel(title=title, lines=lines, active=s in actors))
        return Summary(status=status, panels=panels, turn=state.turn, rules_topic=topic)
