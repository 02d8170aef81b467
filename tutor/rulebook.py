"""Rule references: every ruling the engines make cites one of these.

A ``Rule`` names the seed rulebook file and the heading the rule stands under, quotes the
original text verbatim (so the tutor can show it beside the board, in its own language) and
says it in one English sentence. ``tests/test_rulebook.py`` checks every quote against the
seed files in ``../shared/seeds`` so a citation can never drift from its source.

Each game registers its rules in its own module (``tutor.memoir.rules``,
``tutor.undaunted.rules``) with :func:`rule`.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass
from pathlib import Path

SEED_FILES = {
    "memoir44-rules-es.txt": ("Memoir '44 rulebook (2025)", "es"),
    "memoir44-rules-cs-ocr.txt": ("Memoir '44 rulebook (2025), Czech OCR", "cs"),
    "undaunted-normandy-rules-cs.txt": ("Undaunted: Normandy rulebook", "cs"),
    "memoir44-overlord-rules-pl.txt": ("Memoir '44 Operation Overlord rules", "pl"),
}


@dataclass(frozen=True)
class Rule:
    key: str          # stable id, e.g. "m44.los.edges"
    file: str         # seed file name
    heading: str      # heading in that file, as printed
    quote: str        # verbatim excerpt in the original language
    summary: str      # the rule in one English sentence

    @property
    def cite(self) -> str:
        return f"{self.file}, {self.heading}"

    @property
    def language(self) -> str:
        return SEED_FILES[self.file][1]

    def _repr_html_(self) -> str:
        from tutor.explain import rule_html
        return rule_html(self)

    def to_json(self) -> dict:
        return {"key": self.key, "file": self.file, "heading": self.heading,
                "quote": self.quote, "summary": self.summary}


RULES: dict[str, Rule] = {}


def rule(key: str, file: str, heading: str, quote: str, summary: str) -> Rule:
    """Register a rule reference (keys are unique; files must be seed files)."""
    if key in RULES:
        raise ValueError(f"rule {key!r} registered twice")
    if file not in SEED_FILES:
        raise ValueError(f"rule {key!r}: {file!r} is not a seed file")
    r = Rule(key, file, heading, " ".join(quote.split()), summary)
    RULES[key] = r
    return r


def seeds_dir() -> Path | None:
    """Where the seed rulebooks are: $TUTOR_SEEDS, or ../shared/seeds beside the checkout."""
    env = os.environ.get("TUTOR_SEEDS")
    candidates = [Path(env)] if env else []
    here = Path(__file__).resolve().parent.parent
    candidates += [here.parent / "shared" / "seeds", here / "shared" / "seeds"]
    for c in candidates:
        if (c / "memoir44-rules-es.txt").is_file():
            return c
    return None


def normalize(text: str) -> str:
    """Fold whitespace and the extraction's hyphenated line breaks, for quote matching."""
    text = re.sub(r"-\s*\n\s*", "", text)
    return " ".join(text.split())
