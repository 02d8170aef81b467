"""Issue 36, item 3: one pattern for a rule on a page. A chapter's own prose says the rule in the
learner's words and the rulebook's original wording waits one click away, in one toggle per group
(``tutor.originals.original``). No page shows a bare rule block ("Rule. …" with its own toggle) by
displaying a rule object: that would say the rule a second time under the prose that says it.

(Live boards and worked examples still print the rules a ruling applied, under the ruling: that is
the ruling's "why", not the page's rule.)"""

from __future__ import annotations

import ast
import json

import pytest

from tutor import course
from tutor.paths import NOTEBOOKS

PAGES = [p.notebook for p in course.reading_order() if p.available]


def _code(notebook: str) -> list[str]:
    nb = json.loads((NOTEBOOKS / notebook).read_text(encoding="utf-8"))
    return ["".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "code"]


def _rule_modules(tree: ast.AST) -> set[str]:
    """The names a cell gives the games' rule modules (``from tutor.memoir import rules`` → rules,
    ``… import rules as UR`` → UR) and the rules it imports by name (``from tutor.memoir.terrain
    import NO_STACKING``), each as "module." or "name"."""
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module in ("tutor.memoir", "tutor.undaunted"):
            names |= {(a.asname or a.name) + "." for a in node.names if a.name == "rules"}
        elif isinstance(node, ast.ImportFrom) and (node.module or "").startswith(("tutor.memoir.", "tutor.undaunted.")):
            names |= {a.asname or a.name for a in node.names if a.name.isupper()}
    return names


def _bare_rules(source: str, modules: set[str]) -> list[str]:
    """Rule objects a cell displays on their own: ``display(rules.X)`` or a cell ending in one."""
    tree = ast.parse(source)
    found = []

    def is_rule(node: ast.AST) -> bool:
        if isinstance(node, ast.Name):
            return node.id in modules
        return (isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name)
                and node.value.id + "." in modules and node.attr.isupper())

    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "display":
            found += [ast.unparse(a) for a in node.args if is_rule(a)]
    body = getattr(tree, "body", [])
    if body and isinstance(body[-1], ast.Expr):
        last = body[-1].value
        items = last.elts if isinstance(last, ast.Tuple) else [last]
        found += [ast.unparse(a) for a in items if is_rule(a)]
    return found


def test_the_check_finds_a_bare_rule_block():
    """The check itself: it sees both ways a cell shows a rule block, and not the toggle."""
    mods = _rule_modules(ast.parse("from tutor.memoir import rules\nfrom tutor.undaunted import rules as UR\n"
                                   "from tutor.memoir.terrain import NO_STACKING"))
    assert mods == {"rules.", "UR.", "NO_STACKING"}
    assert _bare_rules("display(rules.LOS, rules.RANGE)", mods) == ["rules.LOS", "rules.RANGE"]
    assert _bare_rules("x = 1\nUR.DEFENSE", mods) == ["UR.DEFENSE"]
    assert _bare_rules("display(NO_STACKING)", mods) == ["NO_STACKING"]
    assert _bare_rules("original(rules.LOS, rules.RANGE)", mods) == []


@pytest.mark.parametrize("notebook", PAGES)
def test_no_page_shows_a_bare_rule_block(notebook):
    cells = _code(notebook)
    modules = set().union(*(_rule_modules(ast.parse(c)) for c in cells))
    bare = [r for c in cells for r in _bare_rules(c, modules)]
    assert not bare, (f"{notebook} shows {', '.join(bare)} as rule blocks: say the rule in the page's "
                      "prose and put its original behind original(...)")
