"""Rulings as HTML for notebooks: the verdict, the reasons, and the rule text one click away.

Each cited rule shows its English summary and the book and section it comes from, in the games'
English terms ("Memoir '44 rulebook (2025, Spanish), Retreat"); the original wording (Spanish, Czech
or Polish, as the rulebook prints it), under its printed heading ("RETIRADA: …"), opens under that
``<details>`` toggle. Pure string functions: no widgets here.

The chapters build their pages from these: :func:`verdict` (one line, green or red),
:func:`events_html` (what an engine action did, step by step, and the rules it applied),
:func:`moves_html` (a unit's legal moves on the board, each refusal with its reason),
:func:`los_html` (a line-of-sight ruling), :func:`show` (HTML as one notebook output).
"""

from __future__ import annotations

import re
from html import escape
from itertools import pairwise
from typing import TYPE_CHECKING

from tutor.hexes import fmt
from tutor.rulebook import CORRECTED_NOTE, Rule
from tutor.words import plural, sentence  # noqa: F401 (the chapters and widgets import them from here too)

if TYPE_CHECKING:
    from tutor.hexes import Hex
    from tutor.memoir.movement import Moves

STYLE = ("<style>.tutor-rule{margin:.3em 0;font-size:.95em}.tutor-rule blockquote{margin:.3em 0 .3em 1em;"
         "padding-left:.6em;border-left:3px solid #8a8a8a;font-style:italic}"
         ".tutor-heading{font-style:normal;font-weight:600}"
         ".tutor-verdict{font-weight:600;font-size:1.05em}.tutor-ok{color:#1b6e1b}.tutor-no{color:#a32020}"
         ".tutor-obs td,.tutor-obs th{padding:2px 8px;text-align:left !important;vertical-align:top}</style>")


def quote_html(rule: Rule, *, tag: str = "blockquote") -> str:
    """The rule's original wording (in its language) under its heading as printed ("RETIRADA: …"),
    with a note when its diacritics were corrected by hand from the scanned Czech copy. In a
    ``<blockquote>`` the heading leads the quote; beside a ``<q>`` (which the browser puts in
    quotation marks) it stands just before it, marked with the same language."""
    note = f' <small class="tutor-corrected">({CORRECTED_NOTE})</small>' if rule.corrected else ""
    lang, heading = rule.language, escape(rule.heading)
    if tag == "blockquote":
        return (f'<blockquote lang="{lang}"><span class="tutor-heading">{heading}:</span> '
                f'{escape(rule.quote)}</blockquote>{note}')
    return (f'<span class="tutor-heading" lang="{lang}">{heading}:</span> '
            f'<{tag} lang="{lang}">{escape(rule.quote)}</{tag}>{note}')


def rule_html(rule: Rule, *, open_: bool = False, style: bool = True) -> str:
    """One rule: English summary, then the book and section it comes from ("Memoir '44 rulebook
    (2025, Spanish), Retreat"), which open (a ``<details>`` toggle) to the original text under its
    printed heading."""
    return (f'<div class="tutor-rule" data-rule="{escape(rule.key)}">{STYLE if style else ""}<b>Rule.</b> '
            f'{escape(rule.summary)} <details{" open" if open_ else ""}><summary>Original text — '
            f'{escape(rule.cite)}</summary>{quote_html(rule)}</details></div>')


# A rule block as rule_html writes it: its key, everything up to the toggle, the book and section
_ORIGINAL = re.compile(r'<div data-rule="([^"]*)">')     # a quote of tutor.originals.original_html
_BLOCK = re.compile(r'<div class="tutor-rule" data-rule="([^"]*)">(.*?)<details(?: open)?><summary>'
                    r'Original text — (.*?)</summary>.*?</details></div>', re.DOTALL)


def quote_once(html: str, quoted: set[str]) -> tuple[str, set[str]]:
    """Each rule block once per page: in ``html``, a rule already in ``quoted`` (the keys of the
    rules quoted higher on the page) keeps its English summary and points to the quote above
    ("rule quoted above: Memoir '44 rulebook (2025, Spanish), Retreat") instead of quoting it
    again. Returns the new HTML and the keys quoted so far (``quoted`` is not changed)."""
    seen = set(quoted)

    def once(m: re.Match) -> str:
        key, head, cite = m.groups()
        if key not in seen:
            seen.add(key)
            return m.group(0)
        return (f'<div class="tutor-rule" data-rule="{key}">{head}'
                f'<small>(rule quoted above: {cite})</small></div>')
    html = _BLOCK.sub(once, html)
    return html, seen | set(_ORIGINAL.findall(html))      # quotes shown by tutor.originals count too


class Page:
    """The rules one page (one notebook, in its own kernel) has quoted so far, so that a worked
    example lower on the page points to a rule quoted above instead of quoting it again (issue
    18.5). ``Page().watch()`` in the page's first cell: from then on every ruling, rule or
    explanation the page's cells display goes through :func:`quote_once`. Quotes shown later,
    after a click (a widget redrawing its output, a quiz explanation), stay in full: the block they
    would point to may no longer be on screen."""

    def __init__(self):
        self.quoted: set[str] = set()
        self.loading = False

    def html(self, html: str) -> str:
        if not self.loading:
            return html
        html, self.quoted = quote_once(html, self.quoted)
        return html

    def watch(self, shell=None) -> Page:
        """Format this page's rulings through :meth:`html` while its cells run (``shell``: the
        notebook's IPython shell, by default the current one)."""
        if shell is None:
            from IPython import get_ipython
            shell = get_ipython()
        if shell is None:
            return self
        shell.events.register("pre_run_cell", lambda *_: setattr(self, "loading", True))
        shell.events.register("post_run_cell", lambda *_: setattr(self, "loading", False))
        formatter = shell.display_formatter.formatters["text/html"]
        formatter.for_type(Explained, lambda e: self.html(e._repr_html_()))
        formatter.for_type(Rule, lambda r: self.html(r._repr_html_()))
        try:
            import ipywidgets
        except ImportError:      # the engines and the command line run without the widgets
            return self
        bundles = shell.display_formatter.mimebundle_formatter
        bundles.for_type(ipywidgets.Widget, self._widget_bundle)
        return self

    def _widget_bundle(self, widget, include=None, exclude=None):
        """A live board shown while the page loads quotes only the rules not quoted above it (its
        text boxes, top to bottom); what it shows after a tap stays in full."""
        if self.loading:
            for box in _html_boxes(widget):
                box.value = self.html(box.value)
        return widget._repr_mimebundle_(include=include, exclude=exclude)


def _html_boxes(widget) -> list:
    """The HTML boxes of a widget and its children, in the order the page shows them."""
    import ipywidgets
    if isinstance(widget, ipywidgets.HTML):
        return [widget]
    return [box for child in getattr(widget, "children", ()) for box in _html_boxes(child)]


def rules_html(rules) -> str:
    """Each rule once (``None`` skipped), as :func:`rule_html` shows it: the one list of rules of
    every page and widget."""
    seen, parts = set(), []
    for r in rules:
        if r is not None and r.key not in seen:
            seen.add(r.key)
            parts.append(rule_html(r, style=False))
    return "".join(parts)


def verdict(text: str, ok: bool | None = None) -> str:
    """A one-line verdict: green when ``ok``, red when not, plain when None."""
    cls = {True: " tutor-ok", False: " tutor-no", None: ""}[ok]
    return f'<div class="tutor-verdict{cls}">{escape(text)}</div>'


def events_html(events, *, kinds=None, rules: bool = True, say=None) -> str:
    """What an action did: the engine's events as a numbered list (optionally only some
    ``kinds``; each text through ``say``, if given), then the rules they applied, each once. No
    events, no list. The one list of events of every page, for both games."""
    evs = [e for e in events if kinds is None or e.kind in kinds]
    items = "".join(f"<li>{escape(say(e.text) if say else e.text)}</li>" for e in evs)
    out = f"<ol class='tutor-events'>{items}</ol>" if items else ""
    if rules:
        out += rules_html(e.rule for e in evs)
    return out


def move_highlights(moves: Moves, dest: Hex | None = None, *, far: bool = False):
    """Reachable hexes shaded "legal", refused ones "closed" with a numbered marker (hexes refused
    only for being too far are left plain unless ``far``); ``dest`` draws the path to it."""
    from tutor.render.scene import Line, Mark, highlights
    refused = [r for r in _refusals(moves, far)]
    marks = [Mark(r.hex, "closed", text=str(i)) for i, r in enumerate(refused, 1)]
    lines = []
    path = []
    if dest is not None and dest in moves.reachable:
        hexes = (moves.origin, *moves.reachable[dest].path)
        lines = [Line(a, b, "move") for a, b in pairwise(hexes)]
        path = [dest]
    legal = [h for h in moves.reachable if h not in path]
    no_battle = [h for h, r in moves.reachable.items() if not r.can_battle]
    return highlights(selected=[moves.origin], legal=legal, closed=[r.hex for r in refused], target=path,
                      lines=lines, marks=marks,
                      notes=[(h, "no fire") for h in no_battle])


def _refusals(moves: Moves, far: bool):
    out = sorted(moves.refused.values(), key=lambda r: (r.hex[1], r.hex[0]))
    if not far:
        out = [r for r in out if not r.reason.startswith("too far")]
    return out


def moves_html(state, at, *, dest=None, title: str | None = None, board: bool = True, rules: bool = True,
               window=None) -> str:
    """A unit's legal moves on the board (``state``: a GameState), each refusal numbered with its
    reason, and the rules (``rules=False`` where the page shows them once beside it). ``window``:
    the board cut to these hexes."""
    from tutor.hexes import parse_hex
    from tutor.memoir.movement import legal_moves
    from tutor.render.svg import state_svg
    at = parse_hex(at) if isinstance(at, str) else at
    moves = legal_moves(state, at)
    dest = parse_hex(dest) if isinstance(dest, str) else dest
    u = moves.unit
    n_far = sum(1 for r in moves.refused.values() if r.reason.startswith("too far"))
    head = (f"The {u.name} on {fmt(at)} may reach {plural(len(moves.reachable), 'hex')}"
            + (f" ({sum(not r.can_battle for r in moves.reachable.values())} of them without battling)"
               if any(not r.can_battle for r in moves.reachable.values()) else "") + ".")
    same: dict[str, list[str]] = {}            # hexes refused for the same reason: one line
    for i, r in enumerate(_refusals(moves, False), 1):
        same.setdefault(r.reason, []).append(f"{i}. {fmt(r.hex)}")
    items = "".join(f"<li><b>{' · '.join(hexes)}</b>: {escape(reason)}.</li>" for reason, hexes in same.items())
    if n_far:
        items += f"<li>{plural(n_far, 'more hex')} just beyond its reach (too far).</li>"
    extra = f"<p>{escape(moves.explain(dest))}.</p>" if dest is not None else ""
    used = list(moves.rules) + [r.rule for r in moves.refused.values()] + \
        [r.rule for r in moves.reachable.values() if r.rule is not None]
    picture = state_svg(state, move_highlights(moves, dest), window=window,
                        title=title if title is not None else f"Where the {u.name} on {fmt(at)} may move") if board else ""
    return (f"<div>{picture}{verdict(head)}{extra}"
            + (f"<p>{'Refused (marked ✕ with a number)' if board else 'Refused'}:</p><ul>{items}</ul>"
               if items else "")
            + (rules_html(used) if rules else "") + "</div>")


def los_html(ruling, *, board: bool = True, rules: bool = True, table: bool = True, reason: bool = True) -> str:
    """A line-of-sight ruling: the board with the line (SVG), the verdict, each obstruction, and
    the rules it applied (``rules=False`` where the page shows those rules once above;
    ``table=False``: no table of the obstructions, where the board beside it marks them;
    ``reason=False``: the verdict alone, where the text beside it says why)."""
    a, b = fmt(ruling.origin), fmt(ruling.target)
    ok = ruling.visible
    verdict = (f'<div class="tutor-verdict {"tutor-ok" if ok else "tutor-no"}">{a} → {b}: line of sight '
               f'{"CLEAR" if ok else "BLOCKED"}</div>')
    rows = "".join(
        f"<tr><td>{fmt(o.hex)}</td><td>{escape(' + '.join(o.what))}</td>"
        f"<td>{escape(o.how.value.replace('_', ' '))}</td><td>{'counts' if o.counts else 'does not count'}</td>"
        f"<td>{escape(o.why)}</td></tr>" for o in ruling.obstructions)
    obs = (f'<table class="tutor-obs"><tr><th>hex</th><th>what</th><th>how the line meets it</th>'
           f'<th></th><th>why</th></tr>{rows}</table>' if rows and table else "")
    picture = ""
    if board:
        try:
            from tutor.render.svg import los_svg
            picture = los_svg(ruling)
        except ImportError:
            picture = ""
    why = (f"<p>{escape(ruling.reason)} (heights: {ruling.heights[0]} and {ruling.heights[1]})</p>"
           if reason else "")
    return (f"{STYLE}<div>{picture}{verdict}{why}{obs}"
            f"{rules_html(ruling.rules) if rules else ''}</div>")


class Explained:
    """A ruling shown in a notebook as its picture, verdict, reasons and rules (one HTML output).
    ``html`` holds each board picture as SVG text; the page shows it as an image (``svg_images``)."""

    def __init__(self, html: str):
        self.html = html

    def _repr_html_(self) -> str:
        from tutor.render.svg import svg_images
        return svg_images(self.html)


def show(html: str) -> Explained:
    """HTML as one notebook output (the same object ``explain`` returns), with the rule styles."""
    return Explained(STYLE + html)


def explain(ruling, *, board: bool = True, rules: bool = True) -> Explained:
    """Display any ruling with its explanation: ``explain(line_of_sight(field, a, b))``;
    ``rules=False`` leaves out the rule texts (a page that shows them once above)."""
    from tutor.memoir.los import LineOfSight
    if isinstance(ruling, LineOfSight):
        return Explained(los_html(ruling, board=board, rules=rules))
    if isinstance(ruling, Rule):
        return Explained(rule_html(ruling, open_=True))
    raise TypeError(f"explain() does not know how to show a {type(ruling).__name__}")


def without_rules(html: str) -> str:
    """A ruling's HTML without its rule blocks (``tutor.explain.rule_html``)."""
    from tutor.explain import _BLOCK
    return _BLOCK.sub("", html)


def beside(picture: str, words: str, width: int = 360) -> str:
    """A board picture with its words beside it (below it on a narrow screen)."""
    return ('<div style="display:flex;flex-wrap:wrap;gap:8px 24px;align-items:flex-start">'
            f'<div style="flex:0 1 {width}px">{picture}</div><div style="flex:1 1 320px">{words}</div></div>')


GALLERY_ZOOM = 1.15     # a small board drawn at most this much larger than its own size (a short page)
FIGURE_PAD = 9          # px of a gallery figure's padding left and right (its border is 1 px more)
GALLERY_STYLE = ("<style>.tutor-gallery{display:grid;gap:1em;margin:.6em 0}"
                 f".tutor-gallery figure{{margin:0;padding:.5em {FIGURE_PAD}px;border:1px solid #d5d9de;"
                 "border-radius:6px;min-width:0}"
                 ".tutor-gallery figcaption{font-size:.92em}.tutor-gallery figcaption p{margin:.3em 0}"
                 ".tutor-gallery .tutor-obs{font-size:.85em}</style>")


def gallery_columns(width: int) -> str:
    """The gallery's grid columns for boards at most ``width`` px wide (their SVG width): no
    column narrower than a board at full scale (its 10 px labels stay 10 px on screen) or than
    30% of the page (at most three a row), unless the page itself is narrower."""
    return f"repeat(auto-fill,minmax(min(100%,max({width + 2 * FIGURE_PAD + 2}px,30%)),1fr))"


def gallery_html(cards) -> str:
    """Small boards side by side, each with its words under it: ``cards`` are (scene, caption
    HTML). A board is never drawn smaller than its own size (its labels stay at least 10 px) nor
    more than ``GALLERY_ZOOM`` larger; the grid wraps on a narrow screen."""
    from tutor.render.svg import svg
    cards = list(cards)
    widest = max(sc.width for sc, _ in cards)
    figures = "".join(f'<figure><div style="max-width:{round(GALLERY_ZOOM * sc.width)}px">{svg(sc)}</div>'
                      f"<figcaption>{caption}</figcaption></figure>" for sc, caption in cards)
    return (GALLERY_STYLE + f'<div class="tutor-gallery" style="grid-template-columns:{gallery_columns(widest)}">'
            f"{figures}</div>")
