"""Check-yourself questions answered on a live Memoir '44 board, shared by chapters 9–14: tap the
hex a retreat ends on, the enemy unit an attack rolls the most dice against, a hex the engine
accepts for any other ruling. Each is a ``tutor.quiz.BoardQuestion``: no answer is stored, the
engine is asked anew on every tap. The board is cut to the hexes the question is about.

The picture questions of the same chapters use :func:`picture`: the part of the board a question
is about, with hex labels of a reading size.
"""

from __future__ import annotations

from html import escape

from tutor.chapters.ch04 import around, board_svg, state
from tutor.explain import rules_html
from tutor.hexes import fmt, parse_hex
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


def retreat_example(field, at, flags: int, *, title: str = "", margin: int = 1) -> str:
    """A worked retreat after ``flags`` flags: the paths shaded on the part of the board around
    them (and ``margin`` hexes about them), then the engine's ruling (``ch07.retreat_html``
    without its whole board)."""
    from tutor.chapters.ch07 import retreat_highlights, retreat_html
    from tutor.memoir.retreat import ruling
    st = state(field)
    at = _hex(at)
    r = ruling(st, at, flags, None)
    pic = board_svg(st, retreat_highlights(r), title=title, window=around(st, at, *r.destinations, margin=margin))
    return f"<div style='max-width:26em'>{pic}</div>" + retreat_html(st, at, flags, board=False)


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
    may ignore, ignored): the engine's ``ruling`` gives the end hexes."""
    from tutor.chapters.ch07 import retreat_html
    from tutor.memoir.retreat import ruling
    at = _hex(at)

    def places(st):
        r = ruling(st, at, flags, None)
        return frozenset(r.destinations), retreat_html(st, at, flags, board=False)
    r = ruling(state(field), at, flags, None)
    return hex_question(key, field, prompt, places, at, *r.destinations, hint=hint, margin=2)


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
