"""Setup: checking the options and laying out a new game (the rulebook's setup steps)."""

from __future__ import annotations

import msgspec

from engines.camp_grizzly import content
from engines.camp_grizzly.actions import CampOptions
from engines.camp_grizzly.base import CampRules
from engines.camp_grizzly.content import parse_label
from engines.camp_grizzly.shared import initials, name
from engines.camp_grizzly.state import CampState, Counselor, Ctx, Ground, OtisMod
from engines.core.errors import BadOptions
from engines.core.rng import seed_state


def default_assignment(seats: int) -> tuple[int, ...]:
    if seats == 1:
        return (1, 1)
    return tuple(range(1, seats + 1))


def first_counselor(options: CampOptions, seats: int) -> str:
    """The counselor who takes the first turn (setup step 8: the players choose): the
    `first` option as initials or a roster number, else the first in roster order."""
    roster = list(content.counselors())
    assign = options.counselors or default_assignment(seats)
    playing = [cid for cid, seat in zip(roster, assign) if seat]
    text = options.first.strip()
    if not text:
        return playing[0]
    if text.isdigit():
        n = int(text)
        if not 1 <= n <= len(roster):
            raise BadOptions(f"First: '{text}' is not a roster number from 1 to {len(roster)}.")
        chosen = roster[n - 1]
    else:
        chosen = next((cid for cid in roster if initials(cid) == text.upper()), "")
        if not chosen:
            known = ", ".join(initials(cid) for cid in playing)
            raise BadOptions(f"First: '{text}' is not a counselor's initials (in this game: {known}).")
    if chosen not in playing:
        raise BadOptions(f"First: {name(chosen)} is not in this game.")
    return chosen


class SetupRules(CampRules):
    """Mixed into the engine (engine.CampGrizzlyEngine): its methods call each other through self."""

    def check_setup(self, options: msgspec.Struct, seats: int) -> None:
        super().check_setup(options, seats)
        assert isinstance(options, CampOptions)
        roster = list(content.counselors())
        assign = options.counselors or default_assignment(seats)
        if len(assign) > len(roster):
            raise BadOptions(f"There are only {len(roster)} counselors, but {len(assign)} were assigned.")
        for number in assign:
            if not 0 <= number <= seats:
                raise BadOptions(f"Counselors: '{number}' is not a player number from 1 to {seats} (0 leaves one out).")
        missing = [n for n in range(1, seats + 1) if n not in assign]
        if missing:
            raise BadOptions(f"Counselors: Player {missing[0]} runs no counselor; give every player at least one.")
        # Setup step 1: several counselors for one player only "if there are fewer than 6 players".
        doubled = [n for n in range(1, seats + 1) if assign.count(n) > 1]
        if seats >= 6 and doubled:
            raise BadOptions(
                f"Counselors: with six players each runs exactly one counselor, but Player {doubled[0]} runs more."
            )
        first_counselor(options, seats)

    def new_game(self, options: msgspec.Struct, seats: int, seed: int) -> CampState:
        assert isinstance(options, CampOptions)
        self.check_setup(options, seats)
        roster = list(content.counselors())
        assign = options.counselors or default_assignment(seats)
        order = [cid for cid, seat in zip(roster, assign) if seat]
        first = first_counselor(options, seats)
        order = order[order.index(first) :] + order[: order.index(first)]  # setup step 8
        m = content.camp_map()
        setup = content.setups()[options.setup]
        minis = content.minis()
        fire = m.places["campfire"]
        counselors = {cid: Counselor(id=cid, seat=seat - 1, cell=fire) for cid, seat in zip(roster, assign) if seat}
        state = CampState(
            options=options,
            seats=seats,
            rng=seed_state(seed),
            order=order,
            counselors=counselors,
            body_count=setup.body_count,
            otis=m.places["tool_shed"],
        )
        ctx = Ctx(state)
        state.cabin_deck = ctx.shuffle(list(content.deck("cabin")))
        state.survival_deck = ctx.shuffle(list(content.deck("survival")))
        questions = [q for q in content.deck("question") if options.surprises or not minis[q].surprise]
        questions = ctx.shuffle(questions)
        for text in setup.question_spaces:
            state.questions.append((parse_label(text), questions.pop(0)))
        state.question_deck = questions
        key = next(mid for mid, mini in minis.items() if mini.kind == "key" and not mini.surprise)
        for text in setup.keys:
            state.ground.append(Ground(parse_label(text), "mini", key))
        state.key_supply = minis[key].copies - len(setup.keys)
        state.locks = [parse_label(t) for t in setup.locks]
        if setup.otis_stalk:
            state.otis_mods.append(OtisMod("stalk", setup.otis_stalk, "game", f"{setup.name} camp"))
        for cid in order:
            self._draw_survival(ctx, cid, 2, quiet=True)
        self._start_turn(ctx, 0)
        ctx.events.clear()
        return ctx.finish()
