"""What a learner or teacher must never read on a page: internal words (issue 18.1).

``internal_words(text)`` lists every place in a page's text that names a file (a seed rulebook,
a scenario, a notebook, a module), a module path (``tutor.memoir.los``), an internal id with a
``#`` number (``probe_center#1``), a line number of a file, or the word "seed". Used by the browser
tests on every page's whole text (hidden rule quotes included), and by unit tests on the strings
the widgets build.
"""

from __future__ import annotations

import re

PATTERNS = (
    ("a file name", re.compile(r"\b[\w.-]+\.(?:txt|py|ya?ml|m44|json|ipynb|csv|svg)\b", re.IGNORECASE)),
    ("a module path", re.compile(r"\btutor(?:\.[a-z_]\w*)+")),
    ("an internal id", re.compile(r"\b[a-z][a-z0-9]*(?:_[a-z0-9]+)+#\d+|\b\w+#\d+\b")),
    ("a line number", re.compile(r"\blines? \d+(?:[-–]\d+)?\b(?! of)", re.IGNORECASE)),
    ("the word seed", re.compile(r"\bseeds?\b", re.IGNORECASE)),
    ("a snake_case identifier", re.compile(r"\b[a-z]+(?:_[a-z0-9]+){1,}\b")),
)

# British spellings that the course writes the American way (one spelling: American).
BRITISH = re.compile(r"\b(?:centre[sd]?|colou?rs?(?<=colours)|colour(?:ed|ing)?|neighbour\w*|armour\w*|"
                     r"defence|honour\w*|favour\w*|behaviour\w*|organis\w+|recognis\w+|manoeuvre\w*|"
                     r"grey)\b", re.IGNORECASE)


def internal_words(text: str) -> list[str]:
    """Each internal word found, as "what: …context…"."""
    out = []
    for what, pattern in PATTERNS:
        for m in pattern.finditer(text):
            a, b = max(0, m.start() - 40), min(len(text), m.end() + 40)
            out.append(f"{what}: {m.group(0)!r} in …{' '.join(text[a:b].split())}…")
    return out


def british_spellings(text: str) -> list[str]:
    out = []
    for m in BRITISH.finditer(text):
        a, b = max(0, m.start() - 40), min(len(text), m.end() + 40)
        out.append(f"{m.group(0)!r} in …{' '.join(text[a:b].split())}…")
    return out
