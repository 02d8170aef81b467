"""Rule references: every ruling the engines make cites one of these.

A ``Rule`` names the seed rulebook file and the heading the rule stands under, quotes the
original text verbatim (so the tutor can show it beside the board, in its own language) and
says it in one English sentence. ``tests/test_rulebook.py`` checks every quote against the
seed files in ``../shared/seeds`` so a citation can never drift from its source.

What a learner sees names the book, never the file: ``Rule.cite`` reads "Memoir '44 rulebook
(2025, Spanish), RETIRADA", as a person cites a book. The Czech Memoir '44 copy is an OCR text
("vy$ku" for "výšku"): a rule quoted from it carries the OCR text in ``ocr`` (what the test
matches) and shows ``quote``, the same words with the diacritics corrected by hand (the test
checks that only diacritics and OCR confusions differ), and says so beside the quote.

Each game registers its rules in its own module (``tutor.memoir.rules``,
``tutor.undaunted.rules``) with :func:`rule`.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass
from pathlib import Path

# seed file -> (the book as a learner cites it, language code)
SEED_FILES = {
    "memoir44-rules-es.txt": ("Memoir '44 rulebook (2025, Spanish)", "es"),
    "memoir44-rules-cs-ocr.txt": ("Memoir '44 rulebook (2025, Czech)", "cs"),
    "undaunted-normandy-rules-cs.txt": ("Undaunted: Normandy rulebook (Czech)", "cs"),
    "memoir44-overlord-rules-pl.txt": ("Memoir '44 Operation Overlord rules (Polish)", "pl"),
}
OCR_FILES = frozenset({"memoir44-rules-cs-ocr.txt"})
LANGUAGE_NAMES = {"es": "Spanish", "cs": "Czech", "pl": "Polish"}
CORRECTED_NOTE = "diacritics corrected by hand: this Czech copy is a scanned text"


@dataclass(frozen=True)
class Rule:
    key: str          # stable id, e.g. "m44.los.edges"
    file: str         # seed file name
    heading: str      # heading in that file, as printed
    quote: str        # excerpt in the original language (verbatim, or the OCR text corrected)
    summary: str      # the rule in one English sentence
    ocr: str = ""          # the OCR text verbatim, when ``quote`` corrects its diacritics
    ocr_heading: str = ""  # likewise for the heading

    @property
    def book(self) -> str:
        """The book, as a learner cites it: "Memoir '44 rulebook (2025, Spanish)"."""
        return SEED_FILES[self.file][0]

    @property
    def cite(self) -> str:
        """"Memoir '44 rulebook (2025, Spanish), RETIRADA": book and heading, no file name."""
        return f"{self.book}, {self.heading}"

    @property
    def corrected(self) -> bool:
        """The quote is the OCR text with its diacritics corrected by hand."""
        return bool(self.ocr)

    @property
    def language(self) -> str:
        return SEED_FILES[self.file][1]

    def _repr_html_(self) -> str:
        from tutor.explain import rule_html
        return rule_html(self)

    def to_json(self) -> dict:
        return {"key": self.key, "book": self.book, "heading": self.heading,
                "quote": self.quote, "summary": self.summary, "cite": self.cite}

    @property
    def source_quote(self) -> str:
        """The words as the seed file has them (what the quote test matches)."""
        return self.ocr or self.quote

    @property
    def source_heading(self) -> str:
        return self.ocr_heading or self.heading


RULES: dict[str, Rule] = {}


def rule(key: str, file: str, heading: str, quote: str, summary: str, *,
         ocr: str = "", ocr_heading: str = "") -> Rule:
    """Register a rule reference (keys are unique; files must be seed files). From an OCR copy,
    ``quote`` and ``heading`` are the corrected words and ``ocr`` / ``ocr_heading`` the scanned
    text verbatim (both required there, so no garbled quote reaches a learner)."""
    if key in RULES:
        raise ValueError(f"rule {key!r} registered twice")
    if file not in SEED_FILES:
        raise ValueError(f"rule {key!r}: {file!r} is not a seed file")
    if (file in OCR_FILES) != bool(ocr and ocr_heading):
        raise ValueError(f"rule {key!r}: a quote from {file!r} needs ocr= and ocr_heading= "
                         "(the scanned text) beside the corrected quote and heading"
                         if file in OCR_FILES else f"rule {key!r}: ocr= is only for {sorted(OCR_FILES)}")
    r = Rule(key, file, heading, " ".join(quote.split()), summary,
             " ".join(ocr.split()), " ".join(ocr_heading.split()))
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
