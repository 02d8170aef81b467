"""Build step that puts the course into the package (everything else is in pyproject.toml).

The app serves ``notebooks/`` and its pages load ``scenarios/``; both live at the repository
root, beside ``tutor/``, with ``voila.json`` (the app's Voilà settings). A wheel has no
repository root, so the build copies the three into the package as ``tutor/_course/``, keeping
their layout (``tutor/_course/notebooks/../scenarios`` is the scenarios folder, as in the
repository). ``tutor.paths`` finds whichever copy is there. ``MANIFEST.in`` puts the same files
into the source distribution.
"""

from __future__ import annotations

import shutil
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

COURSE_FILES = ("notebooks/*.ipynb", "scenarios/**/*.yaml", "voila.json")


class BuildWithCourse(build_py):
    def run(self):
        super().run()
        if getattr(self, "editable_mode", False):
            return  # an editable install uses the checkout's own files
        root = Path(__file__).resolve().parent
        for pattern in COURSE_FILES:
            found = sorted(root.glob(pattern))
            if not found:
                raise SystemExit(f"setup.py: no {pattern} to put into the package")
            for src in found:
                dest = Path(self.build_lib, "tutor", "_course", src.relative_to(root))
                dest.parent.mkdir(parents=True, exist_ok=True)
                shutil.copyfile(src, dest)


setup(cmdclass={"build_py": BuildWithCourse})
