"""Chapter 24, Undaunted: support actions — bolster, command, conceal, control, inspire, recon, target.

Try: the live board (``tutor.widgets.UndauntedBoard``) with an allied hand holding every support
action (:func:`support_board`). Check: :func:`questions`, each a situation the engine
rules on.
"""

from __future__ import annotations

from dataclasses import replace
from html import escape

from tutor.course import UND, UNDAUNTED, Chapter, Handout
from tutor.errors import IllegalAction
from tutor.examples.undaunted import sandbox
from tutor.explain import rule_html
from tutor.quiz import BoardQuestion, Question, card_question
from tutor.render.undaunted import card_title, words
from tutor.undaunted import LoadedDice, Play, apply, card_plays
from tutor.undaunted import rules as UR
from tutor.undaunted.cards import CARDS

#: This page as the course lists it (tutor.course): the landing page, the concepts, the handout and
#: the app's preheating read it from here.
PAGE = Chapter(
    notebook="24-undaunted-support-actions.ipynb",
    title="Undaunted: support actions",
    game=UNDAUNTED,
    teaches="Bolster, command, conceal, control, inspire, recon and target.",
    seed=UND,
    heading="PODPŮRNÉ AKCE",
    concepts=("u-support", "u-control"),
    handout=Handout(
        rules=("und.bolster", "und.command", "und.conceal", "und.control", "und.inspire", "und.recon",
               "und.target"),
        pictures="und-support",
    ),
    preheat=True,
)

SUPPORT = ("bolster", "command", "conceal", "control", "inspire", "recon", "target")
SUPPORT_HAND = ("platoon-sergeant", "squad-leader-c", "scouts-c", "riflemen-c", "mortar", "fog-of-war")


def support_state():
    """John's turn on the worked example's board: a hand with every support action, and the machine
    gunners C card already played (on the table) so inspire has something to take back."""
    return sandbox(SUPPORT_HAND, side="allied", table=("machine-gunners-c",))


def support_board(seed: int = 24):
    """The live board with the support actions only: choose a card (or tap its unit), then Play or
    tap the tile (the mortar's target)."""
    from tutor.widgets import UndauntedBoard
    return UndauntedBoard(support_state(), actions=SUPPORT, seed=seed)


def who_has(action: str) -> str:
    """Which cards print this action, from the card catalogue ("X" stands for the card's own squad)."""
    names: dict[str, str] = {}
    for c in CARDS.values():
        a = c.action(action)
        if a is None:
            continue
        who = card_title(c.id)[:-2] + " (each squad)" if c.squad else card_title(c.id)
        names.setdefault(who, a.label[:-2] + " X" if a.squad else a.label)
    return ", ".join(f"{n}: {lab}" for n, lab in names.items())


def support_table_html() -> str:
    rows = "".join(f"<tr><td style='text-align:left'><b>{a}</b></td><td style='text-align:left'>{escape(who_has(a))}"
                   f"</td></tr>" for a in SUPPORT)
    return ("<table style='font-size:14px' cellpadding='4'><tr><th style='text-align:left'>action</th>"
            "<th style='text-align:left'>printed on (from the card catalogue)</th></tr>" + rows + "</table>")


def _try(s, action, rng=None):
    try:
        return None, apply(s, action, rng or LoadedDice(seed=0))
    except IllegalAction as exc:
        return exc, None


def _verdict(exc, step, ok_text=""):
    if exc is not None:
        return f"<p>The engine refuses: {escape(words(exc.reason))}.</p>" + rule_html(exc.rule)
    return ok_text + "".join(f"<p>{escape(words(e.text))}.</p>" + rule_html(e.rule) for e in step.events)


# --- questions ------------------------------------------------------------------------------

def _q_bolster_squad() -> Question:
    choices = ("Yes", "No")

    def rule_fn():
        s = support_state()
        z = s.zones_of("allied")
        s = replace(s, zones=(replace(z, supply=z.supply + ("riflemen-a",)), s.zones[1]))
        exc, step = _try(s, Play("allied", "squad-leader-c", "bolster", cards=("riflemen-a",)))
        return ("No" if exc else "Yes"), _verdict(exc, step)
    bolster = CARDS["squad-leader-c"].action("bolster").label    # as the card prints it
    return Question("24.bolster", f"<p>John's {card_title('squad-leader-c')} has <b>{escape(bolster)}</b>. His supply "
                    f"holds a <b>{card_title('riflemen-a')}</b> card. May he take it?</p>", choices, rule_fn)


def _q_recon_none() -> Question:
    choices = ("He draws a card anyway", "Nothing happens", "He must discard a card")

    def rule_fn():
        s = sandbox(("scouts-c", "riflemen-c"), side="allied")
        exc, step = _try(s, Play("allied", "scouts-c", "recon"))
        before = len(s.zones_of("allied").hand)
        after = len(step.state.zones_of("allied").hand)
        ans = "Nothing happens" if after == before - 1 else "He draws a card anyway"
        return ans, _verdict(exc, step)
    return Question("24.recon", f"<p>John plays {card_title('scouts-c')} for <b>recon</b>, but he has <b>no "
                    f"{card_title('fog-of-war')} card</b> in his hand. What happens?</p>", choices, rule_fn)


def _targets(s) -> frozenset:
    """The tiles where the engine lets John's mortar put its target marker."""
    return frozenset(p.target for p in card_plays(s, "allied", "mortar") if isinstance(p, Play) and p.action == "target")


def _target_why(s, targets) -> str:
    far = ", ".join(f"{t} ({s.board.range('1A', t)})" for t in sorted(targets, key=lambda t: s.board.range("1A", t)))
    return (f"<p>The engine accepts the target marker on {escape(far)} — in brackets, tiles from 1A; "
            "every nearer tile it refuses.</p>" + rule_html(UR.TARGET))


def target_state():
    """John's turn with his mortar already on the board at 1A (its spawn tile), so the question's
    board shows the counter the target's distance is counted from."""
    from tutor.undaunted.state import Token
    s = support_state()
    return replace(s, tokens=s.tokens + (Token("allied", "mortar", "1A"),))


def _q_target_tap() -> BoardQuestion:
    s = target_state()

    def places():
        return _targets(s), _target_why(s, _targets(s))
    return BoardQuestion("24.target", "<p>John's mortar stands on 1A. <b>Tap a tile where its Target action may "
                         "put the target marker.</b></p>", s, places, hint=(UR.TARGET,))


def _control_state():
    """Hans's Rifleman A on 2A beside the Allied Machine Gunner C; his Rifleman B on 6B (his scouted tile)."""
    s = sandbox(("riflemen-a", "riflemen-b"), side="axis")
    moved = {("axis", "riflemen-a"): "2A", ("allied", "machine-gunners-c"): "2A", ("axis", "riflemen-b"): "6B"}
    return replace(s, tokens=tuple(replace(t, tile=moved.get((t.side, t.unit), t.tile)) for t in s.tokens))


def _q_control_tap() -> BoardQuestion:
    s = _control_state()

    def places():
        units = frozenset(f"axis:{CARDS[c].unit}" for c in ("riflemen-a", "riflemen-b")
                          if any(isinstance(p, Play) and p.action == "control" for p in card_plays(s, "axis", c)))
        exc, _ = _try(s, Play("axis", "riflemen-a", "control"))
        return units, (f"<p>{card_title('riflemen-a')}: the engine refuses — {escape(words(exc.reason))}.</p>"
                       + rule_html(exc.rule))
    return BoardQuestion("24.control", f"<p>Hans holds {card_title('riflemen-a')} and {card_title('riflemen-b')}. "
                         "<b>Tap the unit whose Control action the rules allow now.</b></p>", s, places,
                         hint=(UR.CONTROL,), taps="unit",
                         window=("2A", "6B", "12A", "10B"), name=lambda k: card_title(k.split(":")[1]))


def _q_control_where() -> BoardQuestion:
    s = support_state()

    def places():
        _, step = _try(s, Play("allied", "riflemen-c", "control"))
        tiles = frozenset(t.id for t in s.board.tiles
                          if step.state.control_of("allied", t.id) != s.control_of("allied", t.id))
        return tiles, _verdict(None, step)
    return BoardQuestion("24.control-where", f"<p>John plays {card_title('riflemen-c')} for <b>Control</b>. "
                         "<b>Tap the tile whose control marker it turns.</b></p>", s, places, hint=(UR.CONTROL,),
                         window=s.board.within("7A", 0, 1))


def _q_inspire_self() -> BoardQuestion:
    # Inspire 1 C: one card of squad C already played this turn, from the table back to the hand. Whether
    # the squad leader may take back its own card is a reading (conflicts page, und.inspire.self), so
    # the cards shown leave it out.
    table, hand = ("machine-gunners-c", "riflemen-a"), ("riflemen-c",)
    s = sandbox(SUPPORT_HAND, side="allied", table=table)

    def places(cards):
        ok = cards.places(lambda c: _try(s, Play("allied", "squad-leader-c", "inspire", cards=(c,)))[0] is None)
        return ok, (f"<p>Inspire 1 C takes back a card of <b>squad C</b> that was <b>played</b> this turn (on "
                    f"the table): {card_title('riflemen-a')} is of squad A, {card_title('riflemen-c')} is "
                    f"still in the hand.</p>" + rule_html(UR.INSPIRE))
    q = card_question("24.inspire", f"<p>John plays {card_title('squad-leader-c')} for <b>inspire 1 C</b>. "
                      "<b>Tap the card he can take back into his hand.</b></p>",
                      [("John's table", table), ("John's hand", hand)], places, hint=(UR.INSPIRE,))
    where = {"John's table": "played", "John's hand": "in hand"}
    return replace(q, name=lambda p: f"{card_title(q.board.card(p))} ({where[p[0]]})")


def _q_confuse_empty() -> Question:
    fog = card_title("fog-of-war")
    choices = (f"Hans takes a {fog} card anyway", "No effect", f"John takes a {fog} card instead")

    def rule_fn():
        s = support_state()
        z = s.zones_of("axis")
        s = replace(s, zones=(s.zones[0], replace(z, supply=tuple(c for c in z.supply if c != "fog-of-war"))))
        exc, step = _try(s, Play("allied", "scouts-c", "conceal"))
        changed = step.state.zones_of("axis") != s.zones_of("axis")
        return (choices[0] if changed else "No effect"), _verdict(exc, step)
    return Question("24.conceal", f"<p>John plays {card_title('scouts-c')} for <b>Conceal</b> against Hans, but "
                    f"Hans's supply holds no {fog} card. What happens?</p>", choices, rule_fn)


def questions() -> list[Question | BoardQuestion]:
    return [_q_bolster_squad(), _q_inspire_self(), _q_control_where(), _q_recon_none(), _q_control_tap(),
            _q_target_tap(), _q_confuse_empty()]
