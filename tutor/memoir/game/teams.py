"""Team play: Operation Alliance's two players who take turns, and the Young Generals' team member
who carries out a card, registered as the variants' hooks (see ``hooks``)."""

from __future__ import annotations

from tutor.memoir import turn as T
from tutor.memoir import variants as V
from tutor.memoir.game.hooks import register
from tutor.memoir.game.model import Game, _Ctx
from tutor.memoir.game.text import seat_text


def _alliance_seat(g: Game, side: str) -> str:
    """The team's player whose turn it is: the two take turns."""
    seats = g.variant.seats(side)
    return seats[g.rotation[side] % 2] if len(seats) == 2 else seats[0]


def _young_generals_performer(g: Game, side: str, eff: T.Effect, ctx: _Ctx) -> str:
    """The team member who carries out the card: the one most of its orders go to (the chief when
    it orders no unit or ties)."""
    orders = V.young_generals_orders(eff.slots)
    performer = V.young_generals_member(g.variant, side, orders)
    who = seat_text(performer, g.variant.kind)
    tied = V.young_generals_most(g.variant, side, orders) if orders else ()
    if not orders:
        ctx.ev("performer", f"The {who}, the commander-in-chief, carries out the tactic card.", V.YG_WHO_ACTS)
    elif len(tied) > 1:
        names = [seat_text(x, g.variant.kind) for x in tied]
        both = ", the ".join(names[:-1]) + " and the " + names[-1]
        ctx.ev("performer", f"The card gives as many orders to the {both}: the commander-in-chief has the "
               f"last word, and the {who} carries it out (the rulebook does not say; the tutor plays it this way).", V.YG_CHIEF_DECIDES)
    else:
        ctx.ev("performer", f"The {who} carries out the card: most of its orders go to the units he "
               f"commands.", V.YG_WHO_ACTS)
    return performer


register("alliance", seat_to_play=_alliance_seat, play_rule=V.ALLIANCE_ACTIVE)
register("young_generals", performer=_young_generals_performer)
