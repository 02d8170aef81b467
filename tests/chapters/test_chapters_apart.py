"""Chapters do not import each other: what several share is in tutor.examples (and widgets in
tutor.widgets), and a page outside the chapters (the conflicts page) imports no chapter to start."""

import ast
import subprocess
import sys
from pathlib import Path

import pytest

from tutor import course

CHAPTERS = Path(course.__file__).parent / "chapters"


def _imports(path: Path) -> set[str]:
    out = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module:
            out |= {node.module, *(f"{node.module}.{a.name}" for a in node.names)}
        elif isinstance(node, ast.Import):
            out |= {a.name for a in node.names}
    return out


@pytest.mark.parametrize("module", sorted(p.stem for p in CHAPTERS.glob("*.py") if p.stem != "__init__"))
def test_a_chapter_imports_no_other_chapter(module):
    others = {f"tutor.chapters.{m}" for m in course.MODULES.values() if m != module}
    assert not _imports(CHAPTERS / f"{module}.py") & others


def test_the_conflicts_page_imports_no_chapter():
    code = "import sys, tutor.conflicts; print(sorted(m for m in sys.modules if m.startswith('tutor.chapters.')))"
    assert subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          check=True).stdout.strip() == "[]"


def test_chapter_22_plays_chapter_26s_worked_round():
    """Chapter 22's turns on the live board start where chapter 26's worked round stands after the
    reveal: one worked round, shared (tutor.examples.undaunted)."""
    pytest.importorskip("ipycanvas")
    from tutor.chapters import und22, und26
    assert und22.turn_board().game == und26.steps()[2].state == und26.after_initiative()
