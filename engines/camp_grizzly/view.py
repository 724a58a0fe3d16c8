"""What each seat sees: the view structs the screen renders, the summary, secrets and the
action texts."""

from __future__ import annotations

import msgspec

from engines.camp_grizzly import content, fights
from engines.camp_grizzly.actions import Action, Drop, Equip, Order, Pickup, StartFinale, Trade, Unequip, Use
from engines.camp_grizzly.base import CampRules
from engines.camp_grizzly.content import HOPELESS, label
from engines.camp_grizzly.determinize import CampPublic, public_facts
from engines.camp_grizzly.fights import hands_limit, hands_used, movement, otis_now, panic_distance
from engines.camp_grizzly.shared import (
    COUNSELOR_STAGES,
    MAX_TURN_ACTIONS,
    name,
    peek_text,
    phase,
    player,
    thing_name,
)
from engines.camp_grizzly.state import CampState, DieRoll, OtisMod, StalkStepView
from engines.core.protocol import AUTO, SeatPanel, Summary


class CounselorView(msgspec.Struct, frozen=True):
    id: str
    name: str
    initials: str
    seat: int
    cell: str  # "" when not on the map
    where: str  # "camp", "woods", "finale", "escaped", "dead"
    health: int
    injuries: int
    movement: int
    moves_left: int
    panic: int
    ability: str
    ability_text: str
    equipped: tuple[str, ...]
    backpack: tuple[str, ...]
    survival: tuple[str, ...]
    permanent: tuple[str, ...]
    objectives: tuple[str, ...]
    campers: tuple[str, ...]
    hands: int
    hands_limit: int
    fight_dice: tuple[int, ...]
    fight_bonus: int
    horrified: bool
    active: bool
    fight_reroll: bool = False  # a reroll ability: the lowest die is rerolled in a fight


class OtisView(msgspec.Struct, frozen=True):
    cell: str  # "" when lurking
    lurking: bool
    stalk: int
    attack: int
    damage: int
    modifiers: tuple[str, ...]


class ThingView(msgspec.Struct, frozen=True):
    cell: str
    kind: str  # "question", "key", "lock", "fire", "first_aid", "cameo", "item", "objective"
    id: str
    name: str


class StrikeView(msgspec.Struct, frozen=True):
    cell: str
    kind: str
    danger: tuple[str, ...]
    otis_bonus: int
    pending_total: int
    pending_otis: int
    won_by: str
    up: str = ""  # the counselor whose own player decides next ("" = the order is being chosen)
    chooser: str = ""  # the counselor whose player picks who faces Otis next


class FinaleView(msgspec.Struct, frozen=True):
    site: str
    name: str
    step: int
    step_id: str
    step_kind: str
    step_text: str
    participants: tuple[str, ...]
    failed: tuple[str, ...]
    tries_used: int


class CampView(msgspec.Struct, frozen=True):
    viewer: int | None
    map_name: str
    round: int
    phase: str
    stage: str
    actor: int
    active: str
    counselors: tuple[CounselorView, ...]
    otis: OtisView
    body_count: int
    hopeless_at: int
    hopeless: bool
    things: tuple[ThingView, ...]  # everything on the map but pawns of counselors/Otis
    locks: tuple[str, ...]
    fires: tuple[str, ...]
    first_aid: str
    dice: tuple[DieRoll, ...]
    stalk: tuple[StalkStepView, ...]
    strike: StrikeView | None
    finale: FinaleView | None
    finale_sites: tuple[tuple[str, str, bool], ...]  # (site, arrow label, failed)
    lasting: tuple[str, ...]
    choice: tuple[str, ...]  # the options of a pending card choice
    vote: tuple[int, ...]  # seats still to vote
    cabin_deck: int
    survival_deck: int
    question_deck: int
    result: str
    end_reason: str
    peek: tuple[str, ...] = ()  # peeked cabin cards (names, top first), for their player only
    capped: bool = False  # the active counselor used up the per-turn action cap
    offer: str = ""  # a trade waiting for the other counselor's player: "WP Gas Can -> MK"
    #: The public facts the rest of the view does not spell out, for the search bots'
    #: determinizer (determinize.py): discard piles, revealed minis, the turn's counters...
    public: CampPublic | None = None


def _modifier_text(mod: OtisMod) -> str:
    """One change to Otis' card: his attack changes by die sizes, not by points on his roll."""
    if mod.stat == "attack":
        return f"attack die {mod.amount:+d} size{'' if abs(mod.amount) == 1 else 's'} ({mod.source})"
    return f"{mod.stat} {mod.amount:+d} ({mod.source})"


_TOPICS = {
    "move": "movement",
    "draw": "cabins-and-cards",
    "end": "counselor-turn",
    "woods": "the-woods",
    "otis": "otis",
    "cameos": "otis",
    "strike": "otis-strikes-fights-and-panic",
    "after_roll": "otis-strikes-fights-and-panic",
    "panic": "otis-strikes-fights-and-panic",
    "choice": "cabins-and-cards",
    "vote": "finales",
    "finale": "finales",
    "offer": "counselor-turn",
    "over": "scoring",
}


class ViewRules(CampRules):
    """Mixed into the engine (engine.CampGrizzlyEngine): its methods call each other through self."""

    def describe_action(self, action: Action) -> str:
        """The action list names cards as they are printed, not by their ids."""
        if isinstance(action, Equip):
            return f"equip {thing_name(action.card)}"
        if isinstance(action, Unequip):
            return f"put {thing_name(action.card)} in the backpack"
        if isinstance(action, Use):
            return f"{action.counselor}: use {thing_name(action.card)}"
        if isinstance(action, Pickup):
            return f"pick up {thing_name(action.thing)}"
        if isinstance(action, Drop):
            return f"drop {thing_name(action.thing)}"
        if isinstance(action, Trade):
            return f"trade: {action.giver} gives {thing_name(action.thing)} to {action.taker}"
        if isinstance(action, StartFinale) and action.site in content.finales():
            return f"finale: {content.finales()[action.site].name}"
        if isinstance(action, Order):
            return "put back, top first: " + ", ".join(thing_name(x) for x in action.cards)
        return self.format_action(action)

    def view(self, state: CampState, viewer: int | None) -> CampView:
        s = state
        p = phase(s)
        m = content.camp_map()
        stats = otis_now(s)
        current = s.order[s.active] if s.stage in COUNSELOR_STAGES else ""
        cviews = []
        for cid in s.order:
            c = s.counselors[cid]
            info = content.counselors()[cid]
            where = (
                "dead" if c.dead else "escaped" if c.escaped else "woods" if c.woods else "camp" if c.cell else "finale"
            )
            cviews.append(
                CounselorView(
                    id=cid,
                    name=info.name,
                    initials=info.initials,
                    seat=c.seat,
                    cell=label(c.cell) if c.cell is not None else "",
                    where=where,
                    health=info.health,
                    injuries=c.injuries,
                    movement=movement(s, cid) if not c.dead else 0,
                    moves_left=s.moves_left if cid == current else 0,
                    panic=panic_distance(s, cid),
                    ability=info.ability.name,
                    ability_text=info.ability.text,
                    equipped=tuple(c.equipped),
                    backpack=tuple(c.backpack),
                    survival=tuple(c.survival),
                    permanent=tuple(c.permanent),
                    objectives=tuple(c.objectives),
                    campers=tuple(c.campers),
                    hands=hands_used(s, cid),
                    hands_limit=hands_limit(s, cid),
                    fight_dice=tuple(fights.fight_dice(s, cid)),
                    fight_bonus=fights.fight_bonus(s, cid, c.cell),
                    horrified=c.horrified > 0,
                    active=cid == current,
                    fight_reroll=fights.has_passive(s, cid, "fight_reroll"),
                )
            )
        things: list[ThingView] = []
        for cell, _ in s.questions:
            things.append(ThingView(label(cell), "question", "", "?"))
        for g in s.ground:
            kind = (
                "key"
                if g.kind == "mini" and content.minis()[g.id].kind == "key"
                else "objective"
                if g.kind == "mini"
                else "item"
            )
            things.append(ThingView(label(g.cell), kind, g.id, thing_name(g.id)))
        for cam in s.cameos:
            things.append(ThingView(label(cam.cell), "cameo", cam.card, thing_name(cam.card)))
        for cell in s.locks:
            things.append(ThingView(label(cell), "lock", "lock", "Locked"))
        for cell in s.fires:
            things.append(ThingView(label(cell), "fire", "fire", "Fire"))
        if s.first_aid is not None:
            things.append(ThingView(label(s.first_aid), "first_aid", "first_aid_station", "First Aid Station"))
        strike = None
        if s.strike is not None:
            st = s.strike
            strike = StrikeView(
                cell=label(st.cell) if st.cell else "",
                kind=st.kind,
                danger=tuple(st.danger),
                otis_bonus=st.bonus,
                pending_total=st.pending.total if st.pending else 0,
                pending_otis=st.pending.otis if st.pending else 0,
                won_by=st.won_by,
                up=st.up if st.up in st.danger else "",
                chooser="" if st.up in st.danger or not st.danger else self._leader(s, st.danger),
            )
        finale = None
        if s.finale is not None:
            f = s.finale
            fin = content.finales()[f.site]
            step = fin.steps[f.step]
            finale = FinaleView(
                f.site, fin.name, f.step, step.id, step.kind, step.text, tuple(f.participants), tuple(f.failed), f.tries
            )
        actor = -2
        if p != "over":
            actor = self.actors(s)[0]
        return CampView(
            viewer=viewer,
            map_name=m.data.name,
            round=s.round,
            phase=p,
            stage=s.stage,
            actor=actor,
            active=current,
            counselors=tuple(cviews),
            otis=OtisView(
                cell=label(s.otis) if s.otis is not None else "",
                lurking=s.otis is None,
                stalk=stats.stalk,
                attack=stats.attack,
                damage=stats.damage,
                modifiers=tuple(_modifier_text(x) for x in s.otis_mods),
            ),
            body_count=s.body_count,
            hopeless_at=HOPELESS,
            hopeless=s.hopeless,
            things=tuple(things),
            locks=tuple(label(x) for x in s.locks),
            fires=tuple(label(x) for x in s.fires),
            first_aid=label(s.first_aid) if s.first_aid else "",
            dice=tuple(s.dice),
            stalk=tuple(s.last_stalk),
            strike=strike,
            finale=finale,
            finale_sites=tuple(
                (site, label(m.site_cells[site]), site in s.failed_finales) for site in content.SITE_IDS
            ),
            lasting=tuple(thing_name(x.card) for x in s.lasting),
            choice=self._choice_view(s, viewer),
            peek=self._peek_view(s, viewer),
            capped=s.stage in ("move", "end") and s.actions_this_turn >= MAX_TURN_ACTIONS,
            vote=tuple(s.vote.voters) if s.vote else (),
            offer=self._offer_text(s),
            cabin_deck=len(s.cabin_deck),
            survival_deck=len(s.survival_deck),
            question_deck=len(s.question_deck),
            result=s.result,
            end_reason=s.end_reason,
            public=public_facts(s, viewer),
        )

    def _peek_view(self, s: CampState, viewer: int | None) -> tuple[str, ...]:
        ch = s.choice
        if ch is None or ch.kind != "order" or viewer != s.counselors[ch.counselor].seat:
            return ()
        return tuple(thing_name(x) for x in ch.options)

    def _choice_view(self, s: CampState, viewer: int | None) -> tuple[str, ...]:
        ch = s.choice
        if ch is None:
            return ()
        if ch.kind == "order":
            return self._peek_view(s, viewer)
        return tuple(ch.options)

    def secrets(self, state: CampState) -> dict[int, list[str]]:
        """Peeked cabin cards are seen by the peeking counselor's player alone (Gut Feeling:
        'look at the top 3 cabin cards'); they may tell the table, the screen does not."""
        ch = state.choice
        if ch is None or ch.kind != "order":
            return {}
        return {state.counselors[ch.counselor].seat: [peek_text(ch.options)]}

    def summary(self, state: CampState, viewer: int | None) -> Summary:
        s = state
        p = phase(s)
        status = self._status(s, p)
        panels = []
        current = s.order[s.active] if s.stage in COUNSELOR_STAGES else ""
        for cid in s.order:
            c = s.counselors[cid]
            info = content.counselors()[cid]
            where = (
                "dead"
                if c.dead
                else "escaped"
                if c.escaped
                else "in the Woods"
                if c.woods
                else label(c.cell)
                if c.cell
                else "in the finale"
            )
            lines = [
                f"{player(c.seat)} · {where}",
                f"Health {info.health - c.injuries}/{info.health} · move {movement(s, cid)} · panic {panic_distance(s, cid)}"
                + (" · horrified" if c.horrified else ""),
                f"Ability: {info.ability.name}",
            ]
            if c.equipped:
                lines.append("Equipped: " + ", ".join(thing_name(x) for x in c.equipped))
            if c.backpack or c.survival:
                lines.append("Backpack: " + ", ".join(thing_name(x) for x in c.backpack + c.survival))
            if c.permanent:
                lines.append("Permanent: " + ", ".join(thing_name(x) for x in c.permanent))
            if c.objectives:
                lines.append("Objectives: " + ", ".join(thing_name(x) for x in c.objectives))
            if c.campers:
                lines.append("Campers: " + ", ".join(thing_name(x) for x in c.campers))
            panels.append(SeatPanel(title=f"{info.name} ({info.initials})", lines=lines, active=cid == current))
        return Summary(status=status, panels=panels, turn=s.turns, rules_topic=_TOPICS[p])

    def headline(self, state: CampState) -> tuple[int, str]:
        return state.turns, self._status(state, phase(state))

    def _status(self, s: CampState, p: str) -> str:
        stats = otis_now(s)
        head = f"Round {s.round} · body count {s.body_count}/{HOPELESS} · Otis {('lurking' if s.otis is None else label(s.otis))} (stalk {stats.stalk}, d{stats.attack}, damage {stats.damage})"
        if p == "over":
            status = f"Game over: {s.end_reason}"
        else:
            seat = self.actors(s)[0]
            who = "Otis" if seat == AUTO else player(seat)
            doing = self._doing(s, p)
            status = f"{who}: {doing} — {head}"
            if p in ("move", "end") and s.actions_this_turn >= MAX_TURN_ACTIONS:
                status = f"{who}: {MAX_TURN_ACTIONS} actions this turn, the limit: only moving on is left — {head}"
        return status

    def _doing(self, s: CampState, p: str) -> str:
        """What the actor of phase `p` is doing, for the status line."""
        if p in ("move", "draw", "end", "woods"):
            who = name(s.order[s.active])
            return {
                "move": f"{who}'s move phase ({s.moves_left} movement left)",
                "draw": f"{who} draws a cabin card or reveals",
                "end": f"{who} ends the turn",
                "woods": f"{who} is lost in the Woods",
            }[p]
        if p == "strike":
            return self._strike_status(s)
        if p == "panic":
            return f"{name(s.panic.counselor) if s.panic else ''} panics and runs"
        if p == "choice":
            if s.choice and s.choice.kind == "order":
                return f"{name(s.choice.counselor)} puts the peeked cabin cards back in any order"
            return "a card asks for a choice"
        if p == "offer":
            return f"trade {self._offer_text(s)}? accept or refuse"
        return {
            "otis": "Otis stalks",
            "cameos": "the cameos wander",
            "after_roll": "Otis won the roll: play an after-roll card or accept",
            "vote": "vote on the finale",
            "finale": "the finale goes on",
        }[p]

    def _offer_text(self, s: CampState) -> str:
        o = s.offer
        if o is None:
            return ""
        return f"{o.giver} {thing_name(o.thing)} -> {o.taker}"

    def _strike_status(self, s: CampState) -> str:
        st = s.strike
        if st is None:
            return ""
        if st.up and st.up in st.danger:
            return f"{name(st.up)} faces Otis: fight or panic?"
        if len({s.counselors[x].seat for x in st.danger}) > 1:
            return "who faces Otis next? fight or panic with your own counselor, or hand over with 'next XX'"
        return "fight or panic? choose who faces Otis next"
