"""Rulings as HTML for notebooks: the verdict, the reasons, and the rule text one click away.

Each cited rule shows its English summary; the original wording (Spanish, Czech or Polish, as the
seed rulebook prints it) opens under a ``<details>`` toggle, with the file and heading it comes
from. Pure string functions: no widgets here.
"""

from __future__ import annotations

from html import escape

from tutor.hexes import fmt
from tutor.rulebook import SEED_FILES, Rule

LANGUAGE_NAMES = {"es": "Spanish", "cs": "Czech", "pl": "Polish"}

STYLE = ("<style>.tutor-rule{margin:.3em 0;font-size:.95em}.tutor-rule blockquote{margin:.3em 0 .3em 1em;"
         "padding-left:.6em;border-left:3px solid #8a8a8a;font-style:italic}"
         ".tutor-verdict{font-weight:600;font-size:1.05em}.tutor-ok{color:#1b6e1b}.tutor-no{color:#a32020}"
         ".tutor-obs td,.tutor-obs th{padding:2px 8px;text-align:left !important;vertical-align:top}</style>")


def rule_html(rule: Rule, *, open_: bool = False, style: bool = True) -> str:
    """One rule: English summary, original text behind a toggle, and where it comes from."""
    book, lang = SEED_FILES[rule.file]
    return (f'<div class="tutor-rule">{STYLE if style else ""}<b>Rule.</b> {escape(rule.summary)} '
            f'<details{" open" if open_ else ""}><summary>Original text ({LANGUAGE_NAMES[lang]}) — '
            f'{escape(book)}, <code>{escape(rule.file)}</code>, “{escape(rule.heading)}”</summary>'
            f'<blockquote lang="{lang}">{escape(rule.quote)}</blockquote></details></div>')


def rules_html(rules) -> str:
    seen, parts = set(), []
    for r in rules:
        if r.key not in seen:
            seen.add(r.key)
            parts.append(rule_html(r, style=False))
    return "".join(parts)


def los_html(ruling, *, board: bool = True) -> str:
    """A line-of-sight ruling: the board with the line (SVG), the verdict, each obstruction, rules."""
    a, b = fmt(ruling.origin), fmt(ruling.target)
    ok = ruling.visible
    verdict = (f'<div class="tutor-verdict {"tutor-ok" if ok else "tutor-no"}">{a} → {b}: line of sight '
               f'{"CLEAR" if ok else "BLOCKED"}</div>')
    rows = "".join(
        f"<tr><td>{fmt(o.hex)}</td><td>{escape(' + '.join(o.what))}</td>"
        f"<td>{escape(o.how.value.replace('_', ' '))}</td><td>{'counts' if o.counts else 'does not count'}</td>"
        f"<td>{escape(o.why)}</td></tr>" for o in ruling.obstructions)
    table = (f'<table class="tutor-obs"><tr><th>hex</th><th>what</th><th>how the line meets it</th>'
             f'<th></th><th>why</th></tr>{rows}</table>' if rows else "")
    picture = ""
    if board:
        try:
            from tutor.render.svg import los_svg
            picture = los_svg(ruling)
        except ImportError:
            picture = ""
    return (f"{STYLE}<div>{picture}{verdict}<p>{escape(ruling.reason)} "
            f"(heights: {ruling.heights[0]} and {ruling.heights[1]})</p>{table}{rules_html(ruling.rules)}</div>")


class Explained:
    """A ruling shown in a notebook as its picture, verdict, reasons and rules (one HTML output)."""

    def __init__(self, html: str):
        self.html = html

    def _repr_html_(self) -> str:
        return self.html


def explain(ruling, *, board: bool = True) -> Explained:
    """Display any ruling with its explanation: ``explain(line_of_sight(field, a, b))``."""
    from tutor.memoir.los import LineOfSight
    if isinstance(ruling, LineOfSight):
        return Explained(los_html(ruling, board=board))
    if isinstance(ruling, Rule):
        return Explained(rule_html(ruling, open_=True))
    raise TypeError(f"explain() does not know how to show a {type(ruling).__name__}")
