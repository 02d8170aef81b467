"""One voice per rule on a page: the learner's sentence is the page's own prose, and the rulebook's
original wording waits one click away under it — never the rule said again as a "Rule." block.

``original(R.DEFENSE, R.RANGE)`` in a notebook cell shows one closed toggle, "Original text —
Undaunted: Normandy rulebook (Czech), Combat Actions", that opens to each rule's words as printed
(under its printed heading, in its language). Each quote keeps its rule's key (``data-rule``).
"""

from __future__ import annotations

from html import escape

from tutor.explain import Explained, quote_html
from tutor.rulebook import Rule

STYLE = ("<style>.tutor-original{margin:.2em 0 .6em;font-size:.9em}.tutor-original>summary{color:#555;"
         "cursor:pointer}.tutor-original blockquote{margin:.3em 0 .3em 1em;padding-left:.6em;"
         "border-left:3px solid #8a8a8a;font-style:italic}</style>")


def sections(names) -> str:
    """Section names, each once, in order; a part they share is said once ("Operation Alliance:
    Form Teams, Set Up the Game", not the part twice).

    >>> sections(["Operation Alliance: Form Teams", "Operation Alliance: Set Up the Game", "Retreat"])
    'Operation Alliance: Form Teams, Set Up the Game, Retreat'
    """
    groups: dict[str, list[str]] = {}
    for name in dict.fromkeys(names):
        head, sep, tail = name.partition(": ")
        groups.setdefault(head + sep if sep else name, []).append(tail if sep else "")
    return ", ".join(head + ", ".join(t for t in tails if t) for head, tails in groups.items())


def original_html(*rules: Rule) -> str:
    """The original wording of ``rules`` (each once, in order) behind one toggle naming the book and
    its sections in English."""
    rules = tuple(dict.fromkeys(rules))
    if not rules:
        raise ValueError("original: name at least one rule")
    books = list(dict.fromkeys(r.book for r in rules))
    where = "; ".join(f"{b}, {sections(r.section for r in rules if r.book == b)}" for b in books)
    quotes = "".join(f'<div data-rule="{escape(r.key)}">{quote_html(r)}</div>' for r in rules)
    return (f'{STYLE}<details class="tutor-original"><summary>Original text — {escape(where)}</summary>'
            f"{quotes}</details>")


def original(*rules: Rule) -> Explained:
    """:func:`original_html` as a notebook output."""
    return Explained(original_html(*rules))
