"""The source-conflicts page: every place the seeds disagree or leave room, texts side by side.

Gathers ``tutor.conflicts.all_conflicts()`` (Memoir '44, with the ruling the engine applies) and
``tutor.undaunted.rules.SOURCE_CONFLICTS`` (Undaunted: Normandy, where the rulebook disagrees with
itself — stalk 1 versus 2 among them) into one list of plain entries, and renders it as HTML: each
conflict's question, its source texts side by side (original wording, English gist, file and
heading, as a learner cites a book), and the ruling this project's engine uses (the page names no
module: ``Entry.engine`` is kept for the JSON of the command line). Pure functions, no widgets.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from functools import cache
from html import escape

from tutor.rulebook import CORRECTED_NOTE, RULES, SEED_FILES


@dataclass(frozen=True)
class Text:
    original: str
    english: str
    lang: str
    cite: str
    note: str = ""    # e.g. that the diacritics of a scanned Czech quote were corrected by hand


@dataclass(frozen=True)
class Entry:
    key: str
    game: str
    topic: str
    question: str
    texts: tuple[Text, ...]
    ruling: str
    engine: str
    published: tuple[str, ...] = ()


def _all() -> list[Entry]:
    from tutor.conflicts import all_conflicts
    out = []
    for c in all_conflicts():
        texts = tuple(Text(r.quote, r.summary, r.language, r.cite, CORRECTED_NOTE if r.corrected else "")
                      for r in c.texts)
        out.append(Entry(c.key, c.game, c.topic, c.question, texts, c.ruling, c.engine, c.published))
    return out


def _undaunted() -> list[Entry]:
    try:
        from tutor.undaunted.rules import SOURCE_CONFLICTS
    except ImportError:
        return []
    out = []
    for c in SOURCE_CONFLICTS:
        texts = []
        for t in c.get("texts", ()):
            r = RULES.get(t.get("rule", ""))
            file = r.file if r is not None else "undaunted-normandy-rules-cs.txt"
            where = t.get("where", "")
            english = r.summary if r is not None else ""
            if "value" in t:
                english = (english + " " if english else "") + f"(value {t['value']})"
            texts.append(Text(t.get("text", r.quote if r else ""), english, SEED_FILES[file][1],
                              f"{SEED_FILES[file][0]}, {where}" if where else SEED_FILES[file][0]))
        topic = c.get("topic", "")
        values = ", ".join(str(t["value"]) for t in c.get("texts", ()) if "value" in t)
        question = (f"The two places in the rulebook give different values ({values}) for "
                    f"{c.get('action', topic)}." if values else
                    f"The rules text and the quick reference word {c.get('action', topic)} differently.")
        out.append(Entry(f"und.{topic.replace(' ', '_')}", "undaunted", topic.capitalize(), question,
                         tuple(texts), c.get("resolution", ""), "tutor.undaunted.actions"))
    return out


def entries() -> tuple[Entry, ...]:
    """Every conflict of both games.

    ``all_conflicts()`` includes Undaunted's once ``tutor.undaunted.conflicts`` exists; until then
    they come from ``tutor.undaunted.rules.SOURCE_CONFLICTS``.
    """
    out = _all()
    if not any(e.game == "undaunted" for e in out):
        out += _undaunted()
    return tuple(out)


def _slug(text: str) -> str:
    """A fragment id from English words: "Stalk: 1 tile or 2?" -> "stalk-1-tile-or-2"."""
    ascii_text = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode("ascii")
    return re.sub(r"[^a-z0-9]+", "-", ascii_text.lower()).strip("-") or "conflict"


@cache
def _anchors() -> dict[str, str]:
    """Each entry's fragment id, from its English topic, unique on the page (a repeat gets -2, -3…)."""
    out: dict[str, str] = {}
    used: set[str] = set()
    for e in entries():
        base = slug = _slug(e.topic)
        n = 1
        while slug in used:
            n += 1
            slug = f"{base}-{n}"
        used.add(slug)
        out[e.key] = slug
    return out


def anchor(e: Entry) -> str:
    """The fragment id a link to ``e`` uses ("#partial-retreats"): words a reader can read in the
    address bar. (The entry's box keeps its key as ``id`` too, for scripts and tests.)"""
    return _anchors().get(e.key) or _slug(e.topic)


STYLE = ("<style>.tutor-conf{margin:1.2em 0;padding-bottom:.6em;border-bottom:1px solid #ccd}"
         ".tutor-conf .texts{display:flex;gap:1em;flex-wrap:wrap}.tutor-conf .texts>div{flex:1 1 16em;"
         "border-left:3px solid #8a8a8a;padding-left:.6em}.tutor-conf blockquote{margin:.3em 0;font-style:italic}"
         ".tutor-conf .ruling{background:#eef6ee;border-left:3px solid #1b6e1b;padding:.4em .6em;margin-top:.5em}"
         ".tutor-conf small{color:#556}</style>")


def _text_html(t: Text, quoted_in: Entry | None) -> str:
    """One source's words: the quote in its language, or, when an entry higher on the page quoted
    the same words, a link to that entry (each rule block once per page, issue 18.5)."""
    if quoted_in is not None:
        return (f'<div><small>{escape(t.cite)}</small><p><small>(quoted above, under '
                f'<a href="#{escape(anchor(quoted_in))}">{escape(quoted_in.topic)}</a>)</small></p>'
                f'<small>{escape(t.english)}</small></div>')
    return (f'<div><small>{escape(t.cite)}</small>'
            f'<blockquote lang="{t.lang}">{escape(t.original)}</blockquote>'
            + (f'<small>({escape(t.note)})</small><br>' if t.note else "")
            + f'<small>{escape(t.english)}</small></div>')


def entry_html(e: Entry, quoted: dict[str, Entry] | None = None) -> str:
    """One conflict: the question, each source's words, the ruling. ``quoted``: the words earlier
    entries on the page quoted, and which entry quoted them (those point there)."""
    quoted = quoted or {}
    texts = "".join(_text_html(t, quoted.get(t.original)) for t in e.texts)
    game = "Memoir '44" if e.game == "memoir44" else "Undaunted: Normandy"
    published = ("<p><small>The published game and public sources:</small></p><ul>"
                 + "".join(f"<li>{escape(p)}</li>" for p in e.published) + "</ul>") if e.published else ""
    return (f'<div class="tutor-conf" id="{escape(e.key)}"><h3 id="{escape(anchor(e))}">{escape(e.topic)} '
            f'<small>({game})</small></h3>'
            f'<p>{escape(e.question)}</p><div class="texts">{texts}</div>{published}'
            f'<div class="ruling"><b>How this tutor rules:</b> {escape(e.ruling)}</div></div>')


def conflicts_html(game: str | None = None) -> str:
    """The whole page (``game``: only memoir44 or undaunted)."""
    es = [e for e in entries() if game is None or e.game == game]
    toc = "".join(f'<li><a href="#{escape(anchor(e))}">{escape(e.topic)}</a></li>' for e in es)
    # Two conflicts may turn on the same rule: the first quotes it, the later one links to it,
    # so each rulebook passage stands once on the page, beside the first question it raises.
    quoted: dict[str, Entry] = {}
    parts = []
    for e in es:
        parts.append(entry_html(e, quoted))
        for t in e.texts:
            quoted.setdefault(t.original, e)
    return STYLE + f"<p>{len(es)} places where the sources disagree or leave room:</p><ul>{toc}</ul>" + \
        "".join(parts)
