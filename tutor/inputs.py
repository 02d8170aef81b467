"""The input policy: every limit on what a person hands the tutor, in one place.

Scenario and deck files, ``.m44`` files, saved games, board links and numbers on the command line
all pass through here before an engine sees them. A refusal is one ``InputError`` line naming the
file (and line), key or hex, what is wrong and what is allowed; the command line prints it and
exits with status 2, and nothing is written.

=====================  ==========================================================================
input                  limit
=====================  ==========================================================================
a file                 at most 1 MB (``MAX_FILE_BYTES``), checked with ``fstat`` before reading;
                       only regular files (a device such as /dev/zero, a pipe or a socket is
                       refused unread)
YAML                   no anchors, aliases or merge keys; only the plain types (text, whole and
                       decimal numbers, true/false, null, lists, mappings); no explicit tags
nesting                at most ``MAX_DEPTH`` (20) lists/mappings deep (YAML, JSON, links)
values                 at most ``MAX_VALUES`` (5,000) in one YAML text, counted by the C parser
                       before the strict one reads it (a 315-character link holding 60,000 empty
                       lists took the pure-Python parser 11 s)
text                   no control characters but tab and line breaks, no NUL, no bidirectional
                       embedding/override/isolate characters (U+202A-U+202E, U+2066-U+2069);
                       a title one line of at most ``MAX_TITLE`` characters, any text at most
                       ``MAX_TEXT``
hex keys               ``"col,row"`` in ASCII digits 0-9, spaces only around the comma
``format``             the whole number 1 (not 1.0, not "1")
board link             at most ``MAX_LINK`` characters; at most ``MAX_PAYLOAD`` bytes unpacked
Undaunted cards        no card more often, over all zones, than the copies the game has
dice and flags         Memoir '44: at most ``MAX_BATTLE_DICE`` dice and as many flags (the box's 8
                       battle dice); Undaunted: at most the largest dice value printed on a card
=====================  ==========================================================================

Why aliases are refused rather than expanded under a budget: no file the tutor writes, and no
scenario a person writes by hand, needs them, while a 171-character link with nested aliases
expands to gigabytes the moment anything re-encodes the board (``yaml.safe_dump`` writes every
alias out). Refusing them at the parser is one check with nothing to tune; a budget would be a
number that is always either too small for someone or large enough to hurt a shared server.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import stat
import unicodedata
from pathlib import Path

import yaml

from tutor.errors import InputError

MAX_FILE_BYTES = 1_000_000   # a full breakthrough board with long texts is ~100 kB; real .m44 files 5-60 kB
MAX_DEPTH = 20               # the deepest real input (.m44: board.hexagons[i].tags[j].medal) is 6
MAX_VALUES = 5_000           # values in one YAML text (texts, numbers, lists, mappings): the largest
#                              bundled file has 345, a whole Overlord board painted hex by hex ~2,000
MAX_TITLE = 200              # characters, one line
MAX_TEXT = 20_000            # characters in any one text (descriptions, special rules)
MAX_LINK = 20_000            # characters in a link's m1.… token (a full board ~1.2 k)
MAX_LINK_TEXT = MAX_LINK + 4_000   # the whole pasted text: the token plus an address around it
MAX_PAYLOAD = 200_000        # bytes a link may unpack to
# Memoir '44: the box holds 8 battle dice (memoir44-rules-es.txt, CONTENIDO: "8 dados de ataque");
# no battle rolls more, so no roll shows more flags.
MAX_BATTLE_DICE = 8
MAX_MEDALS = 30              # medals to win, or an objective's worth (published scenarios: 4-12; Overlord's 12-18)
MAX_SEED = 2**63 - 1
MAX_ACTIONS = 20_000         # a whole random game is ~740 actions
MAX_ROUNDS = 200             # Undaunted playouts

# Characters that may reorder how text is shown (the "Trojan source" characters): embeddings,
# overrides and isolates. The plain marks (U+200E, U+200F, U+061C) cannot hide text and stay.
BIDI_CONTROLS = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
_PLAIN_TYPES = (str, int, float, bool, type(None))


def _char_name(c: str) -> str:
    names = {"\0": "NUL", "\t": "TAB", "\n": "LINE FEED", "\r": "CARRIAGE RETURN"}
    return names.get(c) or unicodedata.name(c, "a control character")


# One pattern for what text may not hold: the C0/C1 control characters (Unicode category Cc)
# but tab and line breaks, the bidirectional controls above, and lone surrogates.
_BAD_CHAR = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069\ud800-\udfff]")
_BAD_CHAR_ONE_LINE = re.compile("[\x00-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069\ud800-\udfff]")


def bad_char(text: str, *, one_line: bool = False) -> str | None:
    """What is wrong with the first character text may not hold, or None."""
    m = (_BAD_CHAR_ONE_LINE if one_line else _BAD_CHAR).search(text)
    if m is None:
        return None
    c = m.group()
    if c in BIDI_CONTROLS:
        return (f"holds U+{ord(c):04X} ({_char_name(c)}), a character that makes text display in "
                f"another order than it is stored")
    if "\ud800" <= c <= "\udfff":
        return f"holds U+{ord(c):04X}, half of a surrogate pair (not a character)"
    return f"holds the control character U+{ord(c):04X} ({_char_name(c)})"


_ALLOWED_TEXT = "text may hold letters, digits, punctuation, spaces, tabs and line breaks"


def text(value, where: str, key: str, *, one_line: bool = False, limit: int = MAX_TEXT,
         required: bool = False) -> str:
    """``value`` as text that may be shown to a person: a str, within ``limit``, no control characters."""
    if not isinstance(value, str):
        raise InputError(f"{where}: {key} must be text, not {_kind(value)}")
    if required and not value.strip():
        raise InputError(f"{where}: {key} must be text, not empty")
    if len(value) > limit:
        raise InputError(f"{where}: {key} is {len(value)} characters long: at most {limit} are allowed")
    wrong = bad_char(value, one_line=one_line)
    if wrong:
        allowed = "a title is one line of letters, digits, punctuation and spaces" if one_line else _ALLOWED_TEXT
        raise InputError(f"{where}: {key} {wrong}: {allowed}")
    return value


def name(value, where: str, key: str, allowed) -> str:
    """A name from ``allowed`` (a list where a name is expected is refused, never hashed)."""
    if not isinstance(value, str) or value not in allowed:
        got = repr(value) if isinstance(value, (str, int, float, bool, type(None))) else _kind(value)
        raise InputError(f"{where}: {key} {got} is unknown: allowed are {', '.join(map(str, allowed))}")
    return value


def _kind(value) -> str:
    if isinstance(value, bool):
        return f"{value!r}"
    if isinstance(value, dict):
        return "a mapping"
    if isinstance(value, (list, tuple)):
        return "a list"
    if value is None:
        return "empty (null)"
    if isinstance(value, (int, float)):
        return f"the number {value!r}"
    if isinstance(value, str):
        return f"{value!r}"
    return f"a {type(value).__name__}"


def format_one(data, where: str, line: str = "") -> None:
    """``format`` must be the whole number 1 (1.0, "1" and true are refused)."""
    value = data.get("format") if isinstance(data, dict) else None
    if type(value) is not int or value != 1:
        got = repr(value) if type(value) in (int, float, str) else _kind(value)
        raise InputError(f"{where}{line}: format {got} is not supported: allowed is the whole number 1")


# ---------------------------------------------------------------------------------------------
# hexes

_HEX = re.compile(r"\s*(-?[0-9]+)\s*,\s*(-?[0-9]+)\s*", re.ASCII)


def hex_numbers(raw) -> tuple[int, int] | None:
    """``"6,4"`` → (6, 4): ASCII digits only, spaces only around the comma; None otherwise."""
    if not isinstance(raw, str) or len(raw) > 40:
        return None
    m = _HEX.fullmatch(raw)
    return (int(m.group(1)), int(m.group(2))) if m else None


# ---------------------------------------------------------------------------------------------
# files


def read_bytes(path, what: str = "scenario") -> bytes:
    """The bytes of a regular file of at most ``MAX_FILE_BYTES``, its size checked before reading."""
    p = str(path)
    try:
        fd = os.open(p, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except FileNotFoundError:
        raise InputError(f"{p}: no such file") from None
    except IsADirectoryError:
        raise InputError(f"{p}: is a directory, not a {what} file") from None
    except PermissionError:
        raise InputError(f"{p}: cannot be read (permission denied): give a {what} file you may read") from None
    except OSError as exc:
        raise InputError(f"{p}: cannot be read ({exc.strerror or type(exc).__name__})") from None
    try:
        st = os.fstat(fd)
        if stat.S_ISDIR(st.st_mode):
            raise InputError(f"{p}: is a directory, not a {what} file")
        if not stat.S_ISREG(st.st_mode):
            raise InputError(f"{p}: is not a regular file (a device, pipe or socket): give a {what} file")
        if st.st_size > MAX_FILE_BYTES:
            raise InputError(f"{p}: is {st.st_size:,} bytes: a {what} file may be at most {MAX_FILE_BYTES:,} bytes")
        with os.fdopen(fd, "rb", closefd=True) as fh:
            fd = None
            data = fh.read(MAX_FILE_BYTES + 1)
    except OSError as exc:
        raise InputError(f"{p}: cannot be read ({exc.strerror or type(exc).__name__})") from None
    finally:
        if fd is not None:
            os.close(fd)
    if len(data) > MAX_FILE_BYTES:
        raise InputError(f"{p}: is more than {MAX_FILE_BYTES:,} bytes: a {what} file may be at most "
                         f"{MAX_FILE_BYTES:,} bytes")
    return data


def read_text(path, what: str = "scenario") -> str:
    """A UTF-8 text file within the limits (a leading byte-order mark is dropped)."""
    raw = read_bytes(path, what)
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = raw[:exc.start].count(b"\n") + 1
        raise InputError(f"{path}:{line}: is not UTF-8 text (byte {exc.start}): save the {what} file as UTF-8") from None


def check_source_text(textual: str, name: str, what: str = "scenario") -> None:
    """The raw text of a file: within the size limit, no control or bidirectional characters."""
    kind = what if what.endswith("file") else f"{what} file"      # ("a .m44 file", not "a .m44 file file")
    if len(textual) > MAX_FILE_BYTES:
        raise InputError(f"{name}: is more than {MAX_FILE_BYTES:,} characters: a {kind} may be at most "
                         f"{MAX_FILE_BYTES:,} bytes")
    m = _BAD_CHAR.search(textual)
    if m is not None:
        line = textual.count("\n", 0, m.start()) + 1
        raise InputError(f"{name}:{line}: {bad_char(m.group())}: a {kind} is plain text "
                         f"(letters, digits, punctuation, spaces, tabs, line breaks)")


def clipped(value, limit: int = 40) -> str:
    """A value as an error line quotes it: its repr, cut to ``limit`` characters with "…" (a
    5,000-digit number or a long text stays one short line)."""
    r = repr(value)
    return r if len(r) <= limit else r[:limit - 1] + "…"


def uploaded_file(value, default_name: str = "upload") -> tuple[str, bytes] | None:
    """The file in a ``FileUpload`` widget's value, as the page sent it: (its name, its bytes), or
    None when there is none. The value is the visitor's browser's to write: a content that is not
    bytes (a number of 400 million made ``bytes()`` allocate 400 MB), larger than
    ``MAX_FILE_BYTES``, or a name that is not a short text is refused with one line."""
    if not value:
        return None
    if isinstance(value, (list, tuple)):
        item = value[0]
    elif isinstance(value, dict):
        item = next(iter(value.values()))
    else:
        raise InputError("the file sent is not a file upload: send one file")
    if isinstance(item, dict):
        content, name = item.get("content"), item.get("name") or (item.get("metadata") or {}).get("name")
    else:
        content, name = getattr(item, "content", None), getattr(item, "name", None)
    name = name if isinstance(name, str) and 0 < len(name) <= 255 and not _BAD_CHAR_ONE_LINE.search(name) \
        else default_name
    if not isinstance(content, (bytes, bytearray, memoryview)):
        raise InputError(f"{name}: the file's content did not arrive as bytes: send the file again")
    size = content.nbytes if isinstance(content, memoryview) else len(content)
    if size > MAX_FILE_BYTES:
        raise InputError(f"{name}: is {size:,} bytes: a file may be at most {MAX_FILE_BYTES:,} bytes")
    return name, bytes(content)


def write_text(path, content: str, what: str = "file") -> str:
    """Write ``content`` to ``path`` (UTF-8); one line on a directory or an unwritable place."""
    p = Path(path)
    if p.is_dir():
        raise InputError(f"{p}: is a directory: give a file name to write the {what} to")
    try:
        p.write_text(content, encoding="utf-8")
    except OSError as exc:
        raise InputError(f"{p}: cannot write the {what} ({exc.strerror or type(exc).__name__})") from None
    return str(p)


# ---------------------------------------------------------------------------------------------
# the shape of parsed data


def saved_game_header(data: dict, where: str, *, actions_are: str = "action strings", seed: bool = False) -> list:
    """The header every saved game has, within the policy: a tree within the limits (:func:`check_tree`),
    ``format`` 1, the keys ``scenario``, ``seed`` and ``actions``, a one-line scenario, ``seed`` a
    whole number from 0 to ``MAX_SEED`` when ``seed`` (else the game's own setup checks it), and at
    most ``MAX_ACTIONS`` actions, each a text (``actions_are`` says how the error names them).
    Returns the actions; raises a one-line InputError."""
    check_tree(data, where)
    format_one(data, where)
    for key in ("scenario", "seed", "actions"):
        if key not in data:
            raise InputError(f"{where}: missing required key {key!r}")
    text(data["scenario"], where, "scenario", one_line=True, required=True)
    if seed and (type(data["seed"]) is not int or not 0 <= data["seed"] <= MAX_SEED):
        raise InputError(f"{where}: seed {data['seed']!r} is not allowed: a whole number from 0 to {MAX_SEED}")
    acts = data["actions"]
    if not isinstance(acts, list) or not all(isinstance(a, str) for a in acts):
        raise InputError(f"{where}: actions must be a list of {actions_are}")
    if len(acts) > MAX_ACTIONS:
        raise InputError(f"{where}: {len(acts)} actions: a saved game holds at most {MAX_ACTIONS}")
    return acts


def check_tree(data, where: str) -> None:
    """Every value plain (text, numbers, true/false, null, lists, mappings with text or number
    keys), at most ``MAX_DEPTH`` deep, every text within ``MAX_TEXT`` and free of control characters.

    Iterative, so nothing a file holds can reach Python's recursion limit."""
    stack = [(data, "", 0)]
    while stack:
        value, path, depth = stack.pop()
        if isinstance(value, (dict, list, tuple)):
            if depth >= MAX_DEPTH:
                raise InputError(f"{where}: {_key(path)}is nested more than {MAX_DEPTH} lists or mappings deep: "
                                 f"at most {MAX_DEPTH} are allowed")
            if isinstance(value, dict):
                for k, v in value.items():
                    if type(k) not in (str, int):
                        raise InputError(f"{where}: {_key(path)}has a key that is {_kind(k)}: keys are text "
                                         f"or whole numbers")
                    if isinstance(k, str):      # a key is one line: it is quoted in error messages
                        text(k, where, f"key {(path + '.' if path else '') + k[:40]!r}", one_line=True,
                             limit=MAX_TITLE)
                    stack.append((v, f"{path}.{k}" if path else str(k), depth + 1))
            else:
                for i, v in enumerate(value):
                    stack.append((v, f"{path}[{i}]", depth + 1))
        elif isinstance(value, str):
            text(value, where, f"key {path!r}" if path else "the text")
        elif not isinstance(value, _PLAIN_TYPES):
            raise InputError(f"{where}: {_key(path)}holds {_kind(value)}: allowed are text, numbers, true/false, "
                             f"null, lists and mappings (quote a date)")


def _key(path: str) -> str:
    return f"key {path!r} " if path else ""


# ---------------------------------------------------------------------------------------------
# YAML


class LineDict(dict):
    """A dict that remembers the 1-based line of each key in the file."""

    lines: dict


_ALLOWED_TAGS = frozenset({None, "!", "tag:yaml.org,2002:str", "tag:yaml.org,2002:int", "tag:yaml.org,2002:float",
                           "tag:yaml.org,2002:bool", "tag:yaml.org,2002:null", "tag:yaml.org,2002:seq",
                           "tag:yaml.org,2002:map"})


def _too_deep(where: str) -> InputError:
    return InputError(f"{where}: nested more than {MAX_DEPTH} lists or mappings deep: at most {MAX_DEPTH} are allowed")


class StrictLoader(yaml.SafeLoader):
    """``yaml.SafeLoader`` for files people write: duplicate keys, anchors, aliases, merge keys,
    explicit tags and nesting deeper than ``MAX_DEPTH`` are refused with one line each.

    Anchors and aliases are refused, not expanded: see the module docstring."""

    def __init__(self, stream, name: str = "<yaml>"):
        super().__init__(stream)
        self.name = name
        self._depth = 0

    def _at(self, mark) -> str:
        return f"{self.name}:{mark.line + 1}" if mark is not None else self.name

    def compose_node(self, parent, index):
        event = self.peek_event()
        if isinstance(event, yaml.AliasEvent):
            raise InputError(f"{self._at(event.start_mark)}: YAML alias *{event.anchor} is not accepted: "
                             f"write each value out in full (aliases can expand a short file into gigabytes)")
        if getattr(event, "anchor", None) is not None:
            raise InputError(f"{self._at(event.start_mark)}: YAML anchor &{event.anchor} is not accepted: "
                             f"write each value out in full (no anchors or aliases)")
        if getattr(event, "tag", None) not in _ALLOWED_TAGS:
            raise InputError(f"{self._at(event.start_mark)}: YAML tag {event.tag} is not accepted: write plain "
                             f"text, numbers, lists and mappings")
        self._depth += 1
        if self._depth > MAX_DEPTH:
            raise _too_deep(self._at(event.start_mark))
        try:
            return super().compose_node(parent, index)
        finally:
            self._depth -= 1


def _construct_mapping(loader: StrictLoader, node: yaml.MappingNode) -> LineDict:
    out = LineDict()
    out.lines = {}
    for key_node, value_node in node.value:
        line = key_node.start_mark.line + 1
        if key_node.tag == "tag:yaml.org,2002:merge":
            raise InputError(f"{loader.name}:{line}: YAML merge key << is not accepted: write each key out")
        key = loader.construct_object(key_node, deep=True)
        try:
            hash(key)
        except TypeError:
            raise InputError(f"{loader.name}:{line}: a key must be a plain value, not a list or mapping") from None
        if key in out:
            raise InputError(f"{loader.name}:{line}: key {key!r} appears twice (first on line "
                             f"{out.lines[key]}); each key may appear once")
        out[key] = loader.construct_object(value_node, deep=True)
        out.lines[key] = line
    return out


StrictLoader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG, _construct_mapping)


_VALUE_EVENTS = (yaml.ScalarEvent, yaml.SequenceStartEvent, yaml.MappingStartEvent, yaml.AliasEvent)


def check_value_count(source: str, name: str) -> None:
    """Refuse a YAML text of more than ``MAX_VALUES`` values or nested deeper than ``MAX_DEPTH``,
    counted with libyaml's parser (C, ~1 µs a value) when PyYAML has it, before
    :class:`StrictLoader` (pure Python, ~0.2 ms a value) reads it. Broken YAML is left for the
    strict parser to report."""
    counted = depth = 0
    try:
        for event in yaml.parse(source, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader)):
            if isinstance(event, (yaml.SequenceEndEvent, yaml.MappingEndEvent)):
                depth -= 1
                continue
            if not isinstance(event, _VALUE_EVENTS):
                continue
            line = f":{event.start_mark.line + 1}" if event.start_mark is not None else ""
            if isinstance(event, (yaml.SequenceStartEvent, yaml.MappingStartEvent)):
                depth += 1
                if depth > MAX_DEPTH:
                    raise _too_deep(name + line)
            counted += 1
            if counted > MAX_VALUES:
                raise InputError(f"{name}{line}: more than {MAX_VALUES:,} values (texts, numbers, lists, "
                                 f"mappings): at most {MAX_VALUES:,} are allowed")
    except yaml.YAMLError:
        return


def parse_yaml(source: str, name: str):
    """Parse YAML text strictly (``StrictLoader``) and check the result (``check_tree``)."""
    check_source_text(source, name)
    check_value_count(source, name)
    try:
        loader = StrictLoader(source, name)
    except yaml.YAMLError as exc:
        raise InputError(f"{name}: broken YAML: {str(exc).splitlines()[0]}") from None
    try:
        data = loader.get_single_data()
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        where = f":{mark.line + 1}" if mark else ""
        raise InputError(f"{name}{where}: broken YAML: {exc.problem or exc.context}") from None
    except yaml.YAMLError as exc:
        raise InputError(f"{name}: broken YAML: {str(exc).splitlines()[0]}") from None
    except InputError:
        raise
    except ValueError as exc:      # an integer longer than Python converts (4300 digits)
        raise InputError(f"{name}: a number is too long: {str(exc).splitlines()[0]}") from None
    finally:
        loader.dispose()
    check_tree(data, name)
    return data


def read_yaml(path, text_: str | None = None, what: str = "scenario"):
    """Read and parse a YAML file within every limit above. One-line InputError otherwise."""
    source = read_text(path, what) if text_ is None else text_
    return parse_yaml(source, str(path))


def line_of(mapping, key) -> str:
    """':N' for the line of ``key`` in a LineDict, '' when unknown."""
    lines = getattr(mapping, "lines", None)
    try:
        return f":{lines[key]}" if lines and key in lines else ""
    except TypeError:
        return ""


# ---------------------------------------------------------------------------------------------
# JSON


def parse_json(source: str, name: str, what: str = "file"):
    """Parse JSON text within the limits (depth, text); one-line InputError otherwise."""
    check_source_text(source, name, what)
    try:
        data = json.loads(source)
    except json.JSONDecodeError as exc:
        raise InputError(f"{name}:{exc.lineno}: not a readable {what}: broken JSON ({exc.msg})") from None
    except RecursionError:
        raise InputError(f"{name}: nested more than {MAX_DEPTH} lists or objects deep: at most {MAX_DEPTH} "
                         f"are allowed") from None
    except InputError:
        raise
    except ValueError as exc:      # a number longer than Python converts
        raise InputError(f"{name}: not a {what}: {str(exc).splitlines()[0]}") from None
    check_tree(data, name)
    return data


# ---------------------------------------------------------------------------------------------
# numbers on the command line


_WHOLE = re.compile(r"[+-]?[0-9]{1,30}", re.ASCII)


def whole(raw: str, lo: int, hi: int, why: str = "") -> int:
    """A whole number written in ASCII digits, from ``lo`` to ``hi``; ValueError-free InputError."""
    s = raw.strip() if isinstance(raw, str) else ""
    if not _WHOLE.fullmatch(s):
        shown = raw if isinstance(raw, str) and len(raw) <= 40 else f"{str(raw)[:40]}…"
        raise InputError(f"{shown!r} is not a whole number: allowed {lo} to {hi}")
    v = int(s)
    if not lo <= v <= hi:
        raise InputError(f"{v if len(s) <= 12 else s[:12] + '…'} is out of range: allowed {lo} to {hi}"
                         + (f" ({why})" if why else ""))
    return v


def cli_int(lo: int, hi: int, why: str = ""):
    """An ``argparse`` type: a whole number from ``lo`` to ``hi`` (``why`` says where ``hi`` comes from)."""
    def conv(raw: str) -> int:
        try:
            return whole(raw, lo, hi, why)
        except InputError as exc:
            raise argparse.ArgumentTypeError(str(exc)) from None
    conv.__name__ = "whole number"
    return conv
