"""What a learner or teacher must never read on a page: internal words (issue 18.1).

``internal_words(text)`` lists every place in a page's text that names a file (a seed rulebook,
a scenario, a notebook, a module), a module path (``tutor.memoir.los``), an internal id with a
``#`` number (``probe_center#1``), a team seat's id (``allied.1``), a line number of a file, or the
word "seed". Used by the browser tests on every page's whole text (hidden rule quotes included), and
by unit tests on the strings the widgets build.
"""

from __future__ import annotations

import re
from html.parser import HTMLParser

PATTERNS = (
    ("a file name", re.compile(r"\b[\w.-]+\.(?:txt|py|ya?ml|m44|json|ipynb|csv|svg)\b", re.IGNORECASE)),
    ("a module path", re.compile(r"\btutor(?:\.[a-z_]\w*)+")),
    ("an internal id", re.compile(r"\b[a-z][a-z0-9]*(?:_[a-z0-9]+)+#\d+|\b\w+#\d+\b")),
    ("a line number", re.compile(r"\blines? \d+(?:[-–]\d+)?\b(?! of)", re.IGNORECASE)),
    ("the word seed", re.compile(r"\bseeds?\b", re.IGNORECASE)),
    ("a snake_case identifier", re.compile(r"\b[a-z]+(?:_[a-z0-9]+){1,}\b")),
    # a team variant's seat ("allied.1", "axis.chief"): a player reads "Allies starting player"
    ("a seat id", re.compile(r"\b(?:allied|axis)\.(?:\d|chief|left|center|right|flanks)\b")),
)

# One spelling, American, in the course's own prose (issue 18.3): each British spelling with the
# American one the course writes. A stem matches with its endings ("armoured", "colours",
# "organised", "travelling"); quotes of the English Undaunted rulebook stay as printed (the scans
# leave them out by their structure: a <blockquote>, a <q>, text in “typographic quotes”).
BRITISH_AMERICAN = {
    "centre": "center", "colour": "color", "armour": "armor", "defence": "defense",
    "offence": "offense", "manoeuvre": "maneuver", "favour": "favor", "honour": "honor",
    "behaviour": "behavior", "neighbour": "neighbor", "harbour": "harbor", "labour": "labor",
    "rumour": "rumor", "metre": "meter", "kilometre": "kilometer", "theatre": "theater",
    "calibre": "caliber", "fibre": "fiber", "grey": "gray",
    "programme": "program", "licence": "license", "practise": "practice", "judgement": "judgment",
    "travelled": "traveled", "travelling": "traveling", "traveller": "traveler",
    "labelled": "labeled", "labelling": "labeling", "cancelled": "canceled",
    "modelled": "modeled", "modelling": "modeling", "signalled": "signaled", "totalled": "totaled",
    "fulfil": "fulfill", "skilful": "skillful", "whilst": "while",
    "organise": "organize", "recognise": "recognize", "realise": "realize", "summarise": "summarize",
    "prioritise": "prioritize", "specialise": "specialize", "minimise": "minimize",
    "maximise": "maximize", "randomise": "randomize", "normalise": "normalize", "emphasise": "emphasize",
    "criticise": "criticize", "categorise": "categorize", "memorise": "memorize", "visualise": "visualize",
    "capitalise": "capitalize", "apologise": "apologize", "finalise": "finalize", "utilise": "utilize",
    "customise": "customize", "initialise": "initialize", "analyse": "analyze", "paralyse": "paralyze",
    "organisation": "organization", "recognisable": "recognizable",
}


def _forms(british: str) -> str:
    """The word with its endings: centre(s|d), colour(s|ed|ing|ful), organise(s|d)/organising."""
    if british.endswith(("ise", "yse")):
        return re.escape(british[:-1]) + r"(?:e|es|ed|ing|ation|ations)"
    if british.endswith("re"):
        return re.escape(british[:-1]) + r"(?:e|es|ed)|" + re.escape(british[:-2]) + "ring"
    if british.endswith("ce"):
        return re.escape(british) + "s?"
    return re.escape(british) + r"(?:s|ed|ing|ful|able|ite|ites|er|ers)?"


BRITISH = re.compile(r"\b(?:" + "|".join(_forms(b) for b in BRITISH_AMERICAN) + r")\b", re.IGNORECASE)
# quoted words in plain text (CLI output, a notebook's markdown): “…”, never checked
QUOTED = re.compile(r"“[^”]*”")


def internal_words(text: str, allowed=frozenset()) -> list[str]:
    """Each internal word found, as "what: …context…" (a word in ``allowed`` is left alone: the
    command line echoing a file name or a key the person typed or wrote in their own file)."""
    out = []
    for what, pattern in PATTERNS:
        for m in pattern.finditer(text):
            if m.group(0) in allowed:
                continue
            a, b = max(0, m.start() - 40), min(len(text), m.end() + 40)
            out.append(f"{what}: {m.group(0)!r} in …{' '.join(text[a:b].split())}…")
    return out


def american(word: str) -> str:
    """The American word of the pair a British spelling BRITISH found belongs to."""
    low = word.lower()
    return next(a for b, a in sorted(BRITISH_AMERICAN.items(), key=lambda p: -len(p[0]))
                if low.startswith(b[:-1] if b.endswith(("ise", "yse", "re")) else b))


def british_spellings(text: str) -> list[str]:
    """Each British spelling in ``text`` outside “quoted” words, as "'word' (American: …) in …"."""
    text = QUOTED.sub(lambda m: " " * len(m.group(0)), text)
    out = []
    for m in BRITISH.finditer(text):
        a, b = max(0, m.start() - 40), min(len(text), m.end() + 40)
        out.append(f"{m.group(0)!r} (American: {american(m.group(0))}) in …{' '.join(text[a:b].split())}…")
    return out


class _Prose(HTMLParser):
    """The prose of an HTML fragment: its text outside <style>/<script>, outside quotes (a <q>, and
    every element marked as another language: a rule's Spanish, Czech or Polish wording)."""

    SKIP = frozenset({"style", "script", "q"})
    VOID = frozenset({"br", "img", "hr", "input", "meta", "link", "wbr", "area", "col", "source"})

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.stack: list[bool] = []       # one per open element: is its text left out?
        self.parts: list[str] = []

    def handle_starttag(self, tag, attrs):
        if tag in self.VOID:
            return
        lang = dict(attrs).get("lang")
        skip = tag in self.SKIP or (lang is not None and not lang.lower().startswith("en"))
        self.stack.append(skip or (bool(self.stack) and self.stack[-1]))

    def handle_endtag(self, tag):
        if tag not in self.VOID and self.stack:
            self.stack.pop()

    def handle_data(self, data):
        if not (self.stack and self.stack[-1]):
            self.parts.append(data)


def prose_of_html(html: str) -> str:
    p = _Prose()
    p.feed(html)
    p.close()
    return " ".join(p.parts)
