"""Tom, the automa: after each of your turns he reveals a Tom card (and, when it shows the
gnome icon, the next gnome of the Gnome Pile) and acts as the solo page says. Where the
page leaves Tom a choice, you make it (a pending choice of your seat)."""

from __future__ import annotations

from engines.bonfire import city, content, council, gnomes, paths
from engines.bonfire.actions import Action, TomGuardian, TomTask
from engines.bonfire.state import TOM, BonfireState, Ctx, Guardian, Pending, own, own_field, tom_board

SPECIAL_CASE_POINTS = 3
MAX_GNOMES = 6
COMMON_OF = {
    "gnome": "gnomes",
    "path": "paths",
    "task_high": "lit",
    "task_low": "lit",
    "guardian": "guardians",
    "great_bonfire": "portals",
}


def reveal_card(ctx: Ctx) -> content.TomCard:
    s = ctx.state
    if not s.tom_pile:
        s.tom_pile = ctx.shuffle(s.tom_discard)
        s.tom_discard = []
        ctx.say("The Tom Pile is empty: the discarded Tom cards are shuffled into a new pile.")
    ctx.reveals = True
    card = content.tom_card(ctx.edit("tom_pile").pop(0))
    ctx.edit("tom_discard").append(card.id)
    s.tom_card = card.id
    s.tom_gnome = ""
    s.tom_did = []
    return card


def play(ctx: Ctx) -> None:
    """Tom's turn up to the first choice he leaves to you."""
    s = ctx.state
    card = reveal_card(ctx)
    ctx.say(f"Tom reveals the card '{card.name}'.")
    resource = ""
    if card.reveal:
        gnome = gnomes.draw_gnome(ctx)
        if gnome:
            ctx.edit("gnome_discard").append(gnome)
            s.tom_gnome = gnome
            resource = content.gnome_resource(gnome)
            ctx.say(f"He reveals the gnome {content.gnome_name(gnome)}: the Gnome Resource is {resource}.")
            ctx.edit("tom_did").append(f"gnome {content.gnome_name(gnome)}: {resource}")
    action = card.action
    if action == "gnome":
        _gnome(ctx, resource)
    elif action == "path":
        _path(ctx, resource)
    elif action in ("task_high", "task_low"):
        _task(ctx, resource, action == "task_high")
    elif action == "guardian":
        _guardian(ctx)
    else:
        _great_bonfire(ctx)


def unable(ctx: Ctx, action: str, capacity: bool, why: str) -> None:
    """Special case 1: when Tom cannot act because he has already completed what the
    matching Common Task asks, he scores 3 points; for any other reason, nothing."""
    tom = ctx.player(TOM)
    kind = COMMON_OF[action]
    done = any(t.kind == kind and t.id in tom.common for t in content.board().common_tasks)
    if capacity and done:
        city.score(tom, "Special case 1", SPECIAL_CASE_POINTS)
        ctx.say(
            f"Tom cannot act ({why}) as he has completed that Common Task: he scores {SPECIAL_CASE_POINTS} points instead."
        )
        ctx.edit("tom_did").append(f"{why}: +{SPECIAL_CASE_POINTS} points (Special case 1)")
    else:
        ctx.say(f"Tom cannot act: {why}.")
        ctx.edit("tom_did").append(f"nothing: {why}")


def _gnome(ctx: Ctx, resource: str) -> None:
    s = ctx.state
    tom = ctx.player(TOM)
    if len(tom.gnomes) >= MAX_GNOMES:
        return unable(ctx, "gnome", True, "he already has 6 gnomes")
    taken = [g for g in s.specialists if content.gnome_resource(g) == resource]
    taken = taken[: MAX_GNOMES - len(tom.gnomes)]
    if not taken:
        return unable(ctx, "gnome", False, f"no Specialist in the display shows {resource or 'a resource'}")
    for g in taken:
        ctx.edit("specialists").remove(g)
        own_field(tom, "gnomes").append(g)
    names = ", ".join(content.gnome_name(g) for g in taken)
    ctx.say(f"Tom takes {names} from the display.")
    ctx.edit("tom_did").append(f"takes {names}")
    gnomes.refill(ctx)


def _path(ctx: Ctx, resource: str) -> None:
    s = ctx.state
    tom = ctx.player(TOM)
    if len(tom.path) >= paths.MAX_PATH:
        return unable(ctx, "path", True, "his path is complete")
    taken = [t for t in s.path_display if content.path_tile(t).resource == resource]
    taken = taken[: paths.MAX_PATH - len(tom.path)]
    if not taken:
        return unable(ctx, "path", False, f"no displayed path tile shows {resource or 'a resource'}")
    for t in taken:
        ctx.edit("path_display").remove(t)
        paths.attach(ctx, TOM, t)
    told = ", ".join(f"{content.path_tile(t).crystal} crystal" for t in taken)
    ctx.say(f"Tom attaches {len(taken)} path tile{'s' if len(taken) > 1 else ''} ({told}).")
    ctx.edit("tom_did").append(f"path tiles: {told}")
    paths.refill(ctx)


def task_candidates(s: BonfireState, resource: str, highest: bool) -> list[str]:
    found = []
    for n, island in enumerate(content.board().islands):
        if island.kind == "task" and island.resource == resource:
            found.extend(s.islands[n].tasks)
    if not found:
        return []
    points = [content.tasks()[t].points for t in found]
    best = max(points) if highest else min(points)
    return [t for t, pts in zip(found, points) if pts == best]


def _task(ctx: Ctx, resource: str, highest: bool) -> None:
    s = ctx.state
    tom = ctx.player(TOM)
    action = "task_high" if highest else "task_low"
    if all(b.task for b in tom.bonfires):
        return unable(ctx, action, True, "all his bonfire spaces hold tasks")
    found = task_candidates(s, resource, highest)
    if not found:
        return unable(ctx, action, False, f"no task lies on the islands showing {resource or 'a resource'}")
    if len(found) == 1:
        take_task(ctx, found[0])
    else:
        s.pending.append(Pending("tom_task", TOM, "", found))


def take_task(ctx: Ctx, task_id: str) -> None:
    s = ctx.state
    tom = ctx.player(TOM)
    for n, island in enumerate(s.islands):
        if task_id in island.tasks:
            ctx.island(n).tasks.remove(task_id)
    space = next(k for k, b in enumerate(tom.bonfires) if not b.task)
    bonfire = own(tom.bonfires, space)
    bonfire.task = task_id
    bonfire.lit = True
    task = content.tasks()[task_id]
    ctx.say(f"Tom takes the task {task.name} ({task.points} points) and lights his bonfire {space + 1} with it.")
    ctx.edit("tom_did").append(f"task {task.name}: bonfire {space + 1}")
    if tom.novices > 0:
        if council.council_options(s, "tom"):
            tom.novices -= 1
        council.send_novice(ctx, TOM, "tom")  # with no free space it tells that he stays home


def _guardian(ctx: Ctx) -> None:
    s = ctx.state
    tom = ctx.player(TOM)
    colours = guardian_options(s)
    if not colours:
        has_all = len([g for g in tom.guardians if g.colour != "own"]) >= 4
        return unable(
            ctx, "guardian", has_all, "he already has every guardian" if has_all else "no guardian he lacks is left"
        )
    if len(colours) == 1:
        take_guardian(ctx, colours[0])
    else:
        s.pending.append(Pending("tom_guardian", TOM, "", colours))


def guardian_options(s: BonfireState) -> list[str]:
    tom = tom_board(s)
    held = {g.colour for g in tom.guardians}
    return [
        i.guardian
        for n, i in enumerate(content.board().islands)
        if i.kind == "guardian" and s.islands[n].guardians and i.guardian not in held
    ]


def take_guardian(ctx: Ctx, colour: str) -> None:
    n = next(k for k, i in enumerate(content.board().islands) if i.guardian == colour)
    ctx.island(n).guardians -= 1
    ctx.player(TOM).guardians.append(Guardian(colour))
    ctx.say(f"Tom takes the {colour} guardian and puts her on his Starting Tile.")
    ctx.edit("tom_did").append(f"{colour} guardian")


def _great_bonfire(ctx: Ctx) -> None:
    s = ctx.state
    tom = ctx.player(TOM)
    slot = city.next_portal_slot(tom)
    if slot < 0:
        return unable(ctx, "great_bonfire", True, "all his portal slots are full")
    wanted = content.board().board_portals["tom"][slot]
    spaces = content.board().great_bonfire
    start = s.figure if s.figure >= 0 else -1
    for step in range(1, len(spaces) + 1):
        n = (start + step) % len(spaces)
        if wanted in s.great_bonfire[n]:
            s.figure = n
            own(ctx.edit("great_bonfire"), n).remove(wanted)
            own_field(tom, "portals")[slot] = wanted
            ctx.say(f"Tom turns the Great Bonfire to the {spaces[n].name} and takes the {wanted} portal.")
            ctx.edit("tom_did").append(f"Great Bonfire to {spaces[n].name}: {wanted} portal")
            return
    unable(ctx, "great_bonfire", False, f"no {wanted} portal is left on the Great Bonfire")


def check_commons(ctx: Ctx) -> None:
    """Tom's bonus action: a Common Task he now meets whose neutral novice is still there
    sends that novice to the High Council (laid flat) for 1 point."""
    s = ctx.state
    tom = ctx.player(TOM)
    for n, task in enumerate(content.board().common_tasks):
        if council.meets_common(tom, task):
            own_field(tom, "common").append(task.id)
            ctx.say(f"Tom fulfils the Common Task {task.name}.")
            ctx.edit("tom_did").append(f"Common Task {task.name}")
            if s.common_novices[n]:
                ctx.edit("common_novices")[n] = False
                council.send_novice(ctx, TOM, "neutral")


def legal_choice(pending: Pending) -> list[Action]:
    if pending.kind == "tom_task":
        return [TomTask(t) for t in pending.options]
    return [TomGuardian(c) for c in pending.options]
