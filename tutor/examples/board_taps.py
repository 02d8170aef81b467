"""Check-yourself questions answered on a live Memoir '44 board, shared by chapters 9–14: tap the
hex a retreat ends on, the enemy unit an attack rolls the most dice against, a hex the engine
accepts for any other ruling. Each is a ``tutor.quiz.BoardQuestion``: no answer is stored, the
engine is asked anew on every tap. The board is cut to the hexes the question is about.

The picture questions of the same chapters use :func:`picture`: the part of the board a question
is about, with hex labels of a reading size.
"""

from __future__ import annotations

from html import escape
from types import MappingProxyType

from tutor.examples.memoir import around, board_svg, state
from tutor.explain import beside, los_html, moves_html, rules_html, verdict
from tutor.hexes import fmt, parse_hex
from tutor.memoir import rules
from tutor.memoir.los import line_of_sight
from tutor.memoir.movement import legal_moves
from tutor.quiz import BoardQuestion


def _hex(h):
    return parse_hex(h) if isinstance(h, str) else h


def picture(field, *hexes, selected=(), target=(), margin: int = 1) -> str:
    """The board cut to ``hexes`` (and ``margin`` hexes about them), ``selected`` and ``target``
    marked: the picture of a question that is not answered on the board."""
    from tutor.render.scene import highlights
    hs = [_hex(h) for h in hexes]
    hl = highlights(selected=[_hex(h) for h in selected], target=[_hex(h) for h in target])
    return board_svg(state(field), hl, title="", legend=False, window=around(field, *hs, margin=margin))


def retreat_example(field, at, flags: int, *, title: str = "", margin: int = 1, brief: bool = False,
                    rules: bool = True) -> str:
    """A worked retreat after ``flags`` flags: the paths shaded on the part of the board around
    them (and ``margin`` hexes about them), then the engine's ruling (``retreat_html`` without its
    whole board; ``rules=False``: without the rules it applied, quoted above). ``brief``, for a
    page whose prose just above says the retreat rules (chapter 7): the board beside the verdict,
    each closed hex with its reason and the board's marks in words; neither the engine's account
    nor the rules again."""
    from tutor.examples.memoir import _headline, _on_board, retreat_highlights, retreat_html
    from tutor.memoir.retreat import ruling
    st = state(field)
    at = _hex(at)
    r = ruling(st, at, flags, None)
    if not brief:
        pic = board_svg(st, retreat_highlights(r), title=title, window=around(st, at, *r.destinations, margin=margin))
        return f"<div style='max-width:26em'>{pic}</div>" + retreat_html(st, at, flags, board=False, rules=rules)
    r = _on_board(st, r)
    window = around(st, at, *r.destinations, *(b.hex for b in r.blocked), margin=margin)
    pic = board_svg(st, retreat_highlights(r), title="", window=window, legend=False)
    step = (lambda b: f" (move {b.step})") if r.moves_required > 1 else (lambda b: "")
    items = "".join(f"<li><b>{fmt(b.hex)}</b>{step(b)}: {escape(b.reason)}.</li>" for b in r.blocked)
    words = (f"<p><b>{escape(title)}</b></p>" if title else "") + verdict(_headline(r), not r.losses) \
        + (f"<p>Closed (✕):</p><ul>{items}</ul>" if items else "") + f"<p><small>{_marks_in_words(r)}</small></p>"
    return beside(pic, words, width=300)


def _marks_in_words(r) -> str:
    """A brief retreat board's marks in words (the picture has no legend)."""
    key = ["pale blue: the unit that retreats"]
    if r.retreat:
        key.append("green: where it may end, dotted lines its paths")
    if r.blocked:
        key.append("✕: closed")
    if r.losses:
        key.append(f"−{r.losses}: figures lost")
    return "; ".join(key) + "."


def hex_question(key: str, field, prompt: str, places_fn, *about, hint=(), margin: int = 1,
                 window=None) -> BoardQuestion:
    """Tap a hex: ``places_fn(state)`` is the engine's (places, explanation HTML); the board is cut
    to ``about`` and ``margin`` hexes around them (or to ``window``, the hexes given)."""
    st = state(field)
    window = tuple(window) if window is not None else around(st, *[_hex(h) for h in about], margin=margin)
    return BoardQuestion(key, f"<p>{prompt}</p>", st, lambda: places_fn(st), hint=hint, taps="hex",
                         window=window, name=fmt)


def retreat_question(key: str, field, at, flags: int, prompt: str, *, hint=()) -> BoardQuestion:
    """Tap a hex where the unit on ``at`` may end its retreat after ``flags`` flags (the flags it
    may ignore, ignored; the unit itself if it cannot move): the engine's ``ruling`` gives the end
    hexes. The board is cut to :func:`retreat_window`, which does not depend on the answer."""
    from tutor.examples.memoir import retreat_html
    from tutor.memoir.retreat import ruling
    at = _hex(at)
    st = state(field)

    def places():
        r = ruling(st, at, flags, None)
        return frozenset(r.destinations), retreat_html(st, at, flags, board=False)
    return BoardQuestion(key, f"<p>{prompt}</p>", st, places, hint=hint, taps="hex",
                         window=retreat_window(st, at, flags), name=fmt)


def retreat_window(field, at, flags: int) -> tuple:
    """The hexes a retreat of ``flags`` hexes from ``at`` could reach, one hex more around and one
    row the other way: the part of the board a retreat question is about, the same whatever the
    ruling (its shape gives nothing away)."""
    from tutor.hexes import distance
    st, at = state(field), _hex(at)
    dr = st.baseline_step(st.unit_at(at)[1].side)          # +1: its own side is the bottom edge
    return tuple(h for h in st.board.hexes if distance(at, h) <= flags + 1 and -1 <= (h[1] - at[1]) * dr <= flags)


def target_question(key: str, field, at, prompt: str, *, side: str | None = None, hint=()) -> BoardQuestion:
    """Tap the enemy unit the unit on ``at`` rolls the most dice against (once ordered): the
    engine's ``targets`` rules; the explanation gives every target's dice."""
    from tutor.memoir.combat import targets
    from tutor.memoir.state import order
    at = _hex(at)
    st0 = state(field)
    side = side or st0.units[at].side

    def places(st):
        s, _ = order(st, side, [at])
        ts = targets(s, at)
        best = max((a.dice for a in ts.values()), default=0)
        rows = "".join(f"<li><b>{fmt(t)}</b>: {escape(a.text)}</li>" for t, a in sorted(ts.items()))
        rules = [r for a in ts.values() for r in a.rules]
        return (frozenset(t for t, a in ts.items() if a.dice == best),
                f"<ul>{rows}</ul>" + rules_html(list(dict.fromkeys(rules))))
    s, _ = order(st0, side, [at])
    return hex_question(key, st0, prompt, places, at, *targets(s, at))


def tap_reach_question(key: str, field, at, prompt: str, *, battle: bool = False) -> BoardQuestion:
    """Tap a hex the unit on ``at`` may move to (``battle``: and still battle this turn): the
    engine's ``legal_moves`` rules on the tap. The board is cut to the hexes around the unit: its
    reach (``battle``: the reach it may battle after, and one hex more)."""
    from dataclasses import replace

    from tutor.hexes import fmt
    at = parse_hex(at)
    window = reach_window(field, at, battle=battle, margin=int(battle))
    # the units in the part shown: those further away cannot bear on a move this short
    st = replace(state(field), units=MappingProxyType({h: u for h, u in state(field).units.items() if h in window}))

    def places():
        m = legal_moves(st, at)
        ok = frozenset(h for h, r in m.reachable.items() if h != at and (r.can_battle or not battle))
        return ok, moves_html(st, at, title="", window=window)    # the board it explains: marks drawn
    return BoardQuestion(key, f"<p>{prompt}</p>", st, places, taps="hex", window=window, name=fmt)


def reach_window(field, at, *, battle: bool = False, margin: int = 1) -> tuple:
    """The hexes within the reach of the unit on ``at`` (``battle``: the reach it may still battle
    after) and ``margin`` hexes more: the part of the board its moves are about."""
    from tutor.hexes import distance
    st, at = state(field), parse_hex(at) if isinstance(at, str) else at
    m = legal_moves(st, at)
    reach = max((distance(at, h) for h, r in m.reachable.items() if r.can_battle or not battle), default=1)
    return tuple(h for h in st.board.hexes if distance(at, h) <= reach + margin)


def hidden_question(key: str, field, a, b, prompt: str, *, hint=(rules.LOS,)) -> BoardQuestion:
    """Tap a hex the unit on ``a`` cannot see, on the board cut to its line to ``b`` and one hex about
    it (``los_window``): the engine's ``visible_from`` rules on the tap. ``hint``: the rules to use."""
    from tutor.hexes import fmt
    from tutor.memoir.los import visible_from
    from tutor.render.scene import los_window
    window = tuple(sorted(los_window(line_of_sight(field, a, b))))

    def places():
        from tutor.render.scene import los_highlights, scene
        from tutor.render.svg import svg
        seen = visible_from(field, a)
        hidden = frozenset(h for h in window if h != a and h not in seen)
        line = line_of_sight(field, a, b)
        picture = svg(scene(field, los_highlights(line), title="", window=window))   # the part the learner sees
        return hidden, (f"<p>From {fmt(a)} the engine finds hidden: {escape(', '.join(fmt(h) for h in sorted(hidden)))}."
                        f" For example, toward {fmt(b)}:</p>{picture}" + los_html(line, board=False))
    return BoardQuestion(key, f"<p>{prompt}</p>", field, places, hint=hint, taps="hex", window=window, name=fmt)
