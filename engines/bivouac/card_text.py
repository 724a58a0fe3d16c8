"""What each Bivouac card says, in our words, built from the card data alone: pure
functions the engine's action texts and the screen's market, staff row, hands, gifts and
misfortunes all use, so a card reads the same wherever it is offered, owned or in effect.

An activity says what it earns, for how many workers, in which months (with its bonus
month), and its cost; an amenity, a staff card, a donor gift and a misfortune say their
effect (and cost, pile or symbol); an upgrade says what it adds to which activity, and its
cost.
"""

from __future__ import annotations

from engines.bivouac import content

MONTH_SHORT = ("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec")


def month_span(months: tuple[int, ...]) -> str:
    """The months as runs round the year: `every month`, `Apr-Oct`, `Dec-Mar`,
    `Mar-May, Sep-Nov`."""
    chosen = set(months)
    if len(chosen) == 12:
        return "every month"
    # Runs start at a chosen month whose previous month is not chosen (round the year).
    starts = [m for m in range(1, 13) if m in chosen and (m - 2) % 12 + 1 not in chosen]
    runs = []
    for start in sorted(starts, key=lambda m: (m - 1) % 12):
        end = start
        while end % 12 + 1 in chosen:
            end = end % 12 + 1
        first, last = MONTH_SHORT[start - 1], MONTH_SHORT[end - 1]
        runs.append(first if start == end else f"{first}-{last}")
    return ", ".join(runs)


def cost_text(cost: dict[str, int]) -> str:
    return content.cost_text(cost)


def workers_text(workers: int) -> str:
    if workers == 0:
        return "no worker"
    return f"{workers} worker" + ("s" if workers > 1 else "")


def activity_effect(activity: content.Activity) -> str:
    """Earnings, workers, months and bonus month: what the card does, without its cost."""
    thrill = ", thrill" if activity.thrill else ""
    return (
        f"{activity.money} money and {activity.vp} VP for {workers_text(activity.workers)}{thrill}; "
        f"{month_span(activity.months)}, bonus month {MONTH_SHORT[activity.bonus_month - 1]} (+2 VP)"
    )


def activity_text(card_id: str) -> str:
    activity = content.activities()[card_id]
    return f"{activity_effect(activity)}; costs {cost_text(activity.cost)}."


def amenity_text(card_id: str) -> str:
    amenity = content.amenities()[card_id]
    # "Every month" tells an amenity from a seasonal activity; one scoring at the end says when.
    perk = amenity.perk
    at_end = any((perk.end_vp, perk.end_vp_per_activity, perk.end_vp_per_amenity, perk.end_vp_if_target))
    price = "the starting amenity, not for sale" if amenity.starting else f"costs {cost_text(amenity.cost)}"
    return f"{amenity.text} {price[0].upper()}{price[1:]}." if at_end else f"{amenity.text} Every month; {price}."


def upgrade_effect(card_id: str) -> str:
    upgrade = content.upgrades()[card_id]
    adds = []
    if upgrade.money:
        adds.append(f"{upgrade.money:+d} money")
    if upgrade.vp:
        adds.append(f"{upgrade.vp:+d} VP")
    if upgrade.workers:
        adds.append(f"{upgrade.workers:+d} worker" + ("s" if abs(upgrade.workers) > 1 else "") + " needed")
    return f"upgrades {content.name(upgrade.target)}: " + ", ".join(adds)


def upgrade_text(card_id: str, upgrade_cost: str = "pay") -> str:
    upgrade = content.upgrades()[card_id]
    price = f"costs {cost_text(upgrade.cost)}" if upgrade_cost == "pay" else "free to play (option upgrade_cost=free)"
    return f"{upgrade_effect(card_id)}; {price}."


def staff_price(card_id: str) -> str:
    staff = content.staff()[card_id]
    return f"{staff.cost} money" if staff.cost else "nothing"


def staff_text(card_id: str) -> str:
    staff = content.staff()[card_id]
    named = not staff.symbol or f"{staff.symbol} symbol" in staff.text
    symbol = "" if named else f" Cancels misfortunes with the {staff.symbol} symbol."
    price = staff_price(card_id)
    return f"{staff.text}{symbol} " + ("A starting staff card." if staff.starting else f"Costs {price}.")


def gift_text(card_id: str) -> str:
    gift = content.gifts()[card_id]
    low, high = content.PILES[gift.pile]
    return f"{gift.text} Donor levels {low}-{high}."


def misfortune_text(card_id: str) -> str:
    misfortune = content.misfortunes()[card_id]
    symbol = f" No effect on a player with a {misfortune.symbol} staff card." if misfortune.symbol else ""
    return f"{misfortune.text}{symbol}"


def card_text(card_id: str, upgrade_cost: str = "pay") -> str:
    """What the card `card_id` does, whatever its kind, without its name."""
    if card_id in content.activities():
        return activity_text(card_id)
    if card_id in content.amenities():
        return amenity_text(card_id)
    if card_id in content.upgrades():
        return upgrade_text(card_id, upgrade_cost)
    if card_id in content.staff():
        return staff_text(card_id)
    if card_id in content.gifts():
        return gift_text(card_id)
    if card_id in content.misfortunes():
        return misfortune_text(card_id)
    raise KeyError(card_id)


def named_card_text(card_id: str, upgrade_cost: str = "pay") -> str:
    """`Name: what it does`."""
    return f"{content.name(card_id)}: {card_text(card_id, upgrade_cost)}"
