"""Completion codes: what a learner has done, in a short code the server signs, and nothing about
the learner stored on the server.

A learner's progress lives in their browser (``tutor.course``). When they ask for a code (the
landing page, :func:`tutor.widgets.completion.code_box`) the page sends that progress to its kernel
once, with the name they typed; the kernel checks it (:func:`progress_from_page`: sizes, ranges,
only the course's own chapters and questions), counts the chapters read (opened, every question
tried) and the questions solved without the answer shown, and signs the three with the server's
key (HMAC-SHA256, cut to 80 bits). The teacher pastes the class's codes into the results page or
``tutor results FILE``: each code is checked with the same key; a code edited, invented or
signed by another server is named in one line and never counted.

The key is made on first use (32 random bytes, ``completion.key`` in the user's Jupyter data
folder, ``jupyter_core.paths.jupyter_data_dir()``, or the file ``$TUTOR_COMPLETION_KEY`` names;
readable by its owner only) and never leaves the server: a page gets codes, never the key. Kernels run on the server as the same user, so a
kernel can sign.

A code: ``TUTOR-`` and base32 (no padding, in groups of five) of::

    version (1 byte) | key id (2) | chapters read (4: bit n = chapter number n, as its notebook
    is numbered: 01-14 Memoir '44, 21-28 Undaunted: Normandy) | questions solved (2) | name
    (UTF-8, at most 40 characters) | HMAC-SHA256 of all that, first 10 bytes

The key id (2 bytes of a hash of the key) tells a code from another server ("foreign") from one
edited here; it proves nothing, the signature does.
"""

from __future__ import annotations

import base64
import contextlib
import hashlib
import hmac
import json
import os
import re
import secrets
import unicodedata
from dataclasses import dataclass
from pathlib import Path

from tutor.errors import InputError

VERSION = 1
PREFIX = "TUTOR-"
MAC_BYTES = 10              # 80 bits of HMAC-SHA256: a guessed code is right once in 2**80
KEY_BYTES = 32
KEY_FILE = "completion.key"
NAME_MAX = 40               # characters in a name
PROGRESS_MAX = 20_000       # characters of progress a page may send
CHAPTER_BITS = 32           # chapter numbers 0-31
SOLVED_MAX = 0xFFFF
CODE_MAX = 200              # characters of one code as pasted
FILE_MAX = 1_000_000        # bytes of a file of codes
GROUP = 5


class CodeError(InputError):
    """A code that does not count: malformed, edited, invented or from another server."""


# --------------------------------------------------------------------------------------------
# The key


def key_path() -> Path:
    """Where the server's key is: ``$TUTOR_COMPLETION_KEY`` if set (one key for several servers,
    e.g. a hub's, whose learners' servers each have a data folder of their own), else the user's
    Jupyter data folder (``$JUPYTER_DATA_DIR`` if set)."""
    if os.environ.get("TUTOR_COMPLETION_KEY"):
        return Path(os.environ["TUTOR_COMPLETION_KEY"])
    from jupyter_core.paths import jupyter_data_dir
    return Path(jupyter_data_dir()) / "tutor" / KEY_FILE


def server_key(path: Path | None = None) -> bytes:
    """The server's key: read, or made now if there is none (a new file, its owner's only, mode
    0600; two kernels making it at once agree on the first). A key file of the data folder that
    others may read is made private again; one ``$TUTOR_COMPLETION_KEY`` names stays as it is."""
    path = key_path() if path is None else Path(path)
    try:
        return _read_key(path)
    except FileNotFoundError:
        pass
    path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
    key = secrets.token_bytes(KEY_BYTES)
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:             # another kernel made it first
        return _read_key(path)
    with os.fdopen(fd, "w", encoding="ascii") as out:
        out.write(key.hex() + "\n")
    return key


def _read_key(path: Path) -> bytes:
    mode = path.stat().st_mode
    if mode & 0o077 and not os.environ.get("TUTOR_COMPLETION_KEY"):    # a shared key stays as set
        with contextlib.suppress(OSError):
            os.chmod(path, 0o600)
    text = path.read_text(encoding="ascii", errors="replace").strip()
    try:
        key = bytes.fromhex(text)
    except ValueError:
        key = b""
    if len(key) != KEY_BYTES:
        raise InputError(f"{path}: not a completion key ({KEY_BYTES * 2} hexadecimal digits); "
                         "move it away and a new key is made (codes signed with it will not count)")
    return key


def key_id(key: bytes) -> bytes:
    return hashlib.sha256(b"tutor completion key id\0" + key).digest()[:2]


# --------------------------------------------------------------------------------------------
# What a code says


@dataclass(frozen=True)
class Completion:
    name: str
    chapters: tuple[int, ...]       # chapter numbers read (opened, every question tried)
    solved: int                     # questions answered right before the answer was shown

    def __post_init__(self):
        object.__setattr__(self, "name", clean_name(self.name))
        bad = [c for c in self.chapters if not 0 <= c < CHAPTER_BITS]
        if bad:
            raise InputError(f"chapter {bad[0]} is out of range: chapters are numbered 0-{CHAPTER_BITS - 1}")
        object.__setattr__(self, "chapters", tuple(sorted(set(self.chapters))))
        if not 0 <= self.solved <= SOLVED_MAX:
            raise InputError(f"{self.solved} questions solved is out of range (0-{SOLVED_MAX})")


def clean_name(name) -> str:
    """A learner's name as a code carries it: NFC, spaces squeezed, 1-40 characters, no control
    characters; else an InputError says what is wrong."""
    if not isinstance(name, str):
        raise InputError("a name is text")
    name = " ".join(unicodedata.normalize("NFC", name).split())
    if not name:
        raise InputError("type your name first")
    if len(name) > NAME_MAX:
        raise InputError(f"a name has at most {NAME_MAX} characters (this one has {len(name)})")
    if any(unicodedata.category(ch).startswith("C") for ch in name):
        raise InputError("a name has letters, digits, spaces and punctuation only")
    return name


def _mac(key: bytes, body: bytes) -> bytes:
    return hmac.new(key, body, hashlib.sha256).digest()[:MAC_BYTES]


def sign(done: Completion, key: bytes | None = None) -> str:
    """The completion code of ``done``, signed with the server's key."""
    key = server_key() if key is None else key
    mask = sum(1 << c for c in done.chapters)
    body = (bytes([VERSION]) + key_id(key) + mask.to_bytes(4, "big") + done.solved.to_bytes(2, "big")
            + done.name.encode("utf-8"))
    text = base64.b32encode(body + _mac(key, body)).decode("ascii").rstrip("=")
    return PREFIX + "-".join(text[i:i + GROUP] for i in range(0, len(text), GROUP))


def verify(code: str, key: bytes | None = None) -> Completion:
    """What a code says, if this server signed it as it is; else a CodeError says why, in a few
    words: not a completion code, from another server, or edited or invented."""
    if not isinstance(code, str) or len(code) > CODE_MAX:
        raise CodeError("not a completion code (too long)")
    text = re.sub(r"[\s-]", "", code).upper()
    if not text.startswith(PREFIX.rstrip("-")):
        raise CodeError("not a completion code (they start with TUTOR-)")
    text = text[len(PREFIX) - 1:]
    if not re.fullmatch(r"[A-Z2-7]+", text or "-"):
        raise CodeError("not a completion code (a letter or digit that codes never have)")
    try:
        raw = base64.b32decode(text + "=" * (-len(text) % 8))
    except ValueError:
        raise CodeError("not a completion code (cut short or too long)") from None
    if len(raw) < 1 + 2 + 4 + 2 + 1 + MAC_BYTES:
        raise CodeError("not a completion code (cut short)")
    if raw[0] != VERSION:
        raise CodeError(f"not a completion code this tutor reads (version {raw[0]})")
    key = server_key() if key is None else key
    body, mac = raw[:-MAC_BYTES], raw[-MAC_BYTES:]
    if not hmac.compare_digest(mac, _mac(key, body)):
        if body[1:3] != key_id(key):
            raise CodeError("signed by another server (a foreign code): not counted")
        raise CodeError("edited or invented: its signature does not match, not counted")
    mask = int.from_bytes(body[3:7], "big")
    try:
        name = body[9:].decode("utf-8")
        return Completion(name, tuple(c for c in range(CHAPTER_BITS) if mask >> c & 1),
                          int.from_bytes(body[7:9], "big"))
    except (UnicodeDecodeError, InputError):        # signed here, yet not as sign() writes: refuse
        raise CodeError("not a completion code this tutor writes") from None


# --------------------------------------------------------------------------------------------
# From the page's progress


def chapter_number(notebook: str) -> int:
    return int(notebook.split("-", 1)[0])


def progress_from_page(text: str, name: str) -> Completion:
    """What a learner's progress (the page's localStorage record, as JSON text) and name amount to:
    the chapters read (opened, and every question the chapter asks tried) and the questions
    solved (right before the answer was shown; never one shown). Only the course's chapters and
    their questions count; anything else in the record is left out. Too much text, or not the
    record's shape, is an InputError."""
    from tutor import course
    name = clean_name(name)
    if not isinstance(text, str) or len(text) > PROGRESS_MAX:
        raise InputError(f"the progress sent is too large (at most {PROGRESS_MAX} characters)")
    try:
        record = json.loads(text or "{}")
    except ValueError:
        raise InputError("the progress sent is not readable: reload the page and try again") from None
    if not isinstance(record, dict):
        raise InputError("the progress sent is not readable: reload the page and try again")
    chapters, solved = [], 0
    for c in course.CHAPTERS:
        entry = record.get(c.notebook)
        if not isinstance(entry, dict) or not c.available:
            continue
        keys = {q.key for q in course.questions(c.notebook)}

        def ids(field):
            got = entry.get(field, [])
            return {s for s in got if isinstance(s, str)} & keys if isinstance(got, list) else set()
        shown = ids("shown")
        right = ids("solved") - shown
        tried = ids("tried") | right
        solved += len(right)
        if entry.get("visited") is True and keys and tried >= keys:
            chapters.append(chapter_number(c.notebook))
    return Completion(name, tuple(chapters), min(solved, SOLVED_MAX))


# --------------------------------------------------------------------------------------------
# A class's codes


@dataclass(frozen=True)
class Refused:
    line: int
    code: str           # as pasted, cut short
    why: str

    def __str__(self):
        return f"line {self.line}: {self.said()}"

    def said(self) -> str:
        """The code (cut short) and why it does not count, as the results page says it."""
        shown = self.code if len(self.code) <= 24 else self.code[:21] + "…"
        return f"{shown}: {self.why}"


def chapter_label(number: int) -> str:
    """"Memoir '44 5" for chapter 05, "Undaunted: Normandy 3" for 23 (the course's own numbers)."""
    from tutor import course
    for c in course.CHAPTERS:
        if chapter_number(c.notebook) == number:
            return f"{c.game} {c.number}"
    return f"chapter {number}"


def read_codes(text: str, key: bytes | None = None):
    """The codes pasted (one a line; blank lines and lines from # on ignored) as (a pandas table
    with one row per learner code: name, chapters, questions, which chapters; refused codes).
    The same code twice counts once."""
    import pandas as pd
    key = server_key() if key is None else key
    rows, refused, seen = [], [], {}
    for number, line in enumerate(text.splitlines(), 1):
        code = line.split("#", 1)[0].strip()
        if not code:
            continue
        try:
            done = verify(code, key)
        except CodeError as exc:
            refused.append(Refused(number, code, str(exc)))
            continue
        same = re.sub(r"[\s-]", "", code).upper()
        if same in seen:
            refused.append(Refused(number, code, "the same code again, counted once"))
            continue
        seen[same] = number
        rows.append({"name": done.name, "chapters": len(done.chapters), "questions": done.solved,
                     "chapters read": ", ".join(chapter_label(c) for c in done.chapters)})
    table = pd.DataFrame(rows, columns=["name", "chapters", "questions", "chapters read"])
    return table, refused


def read_codes_file(path) -> str:
    """A file of codes as text; a file that is not one (missing, a folder, too large, not text)
    is an InputError of one line."""
    path = Path(path)
    try:
        size = path.stat().st_size
        if not path.is_file():
            raise InputError(f"{path}: not a file of completion codes (a folder?)")
        if size > FILE_MAX:
            raise InputError(f"{path}: is {size:,} bytes: a file of codes may be at most {FILE_MAX:,} bytes")
        data = path.read_bytes()
    except FileNotFoundError:
        raise InputError(f"{path}: no such file") from None
    except OSError as exc:
        raise InputError(f"{path}: cannot be read ({exc.strerror or exc})") from None
    if b"\0" in data:
        raise InputError(f"{path}: not a text file of completion codes")
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise InputError(f"{path}: not a text file of completion codes (not UTF-8)") from None


def results(text: str, key: bytes | None = None):
    """(table, refused) for the codes in ``text``; a text with no code at all is an InputError."""
    if len(text) > FILE_MAX:
        raise InputError(f"too many codes at once (at most {FILE_MAX:,} characters)")
    if not any(line.split("#", 1)[0].strip() for line in text.splitlines()):
        raise InputError("no completion codes in it: paste one code a line")
    return read_codes(text, key)


# --------------------------------------------------------------------------------------------
# tutor results


def add_commands(sub) -> None:
    p = sub.add_parser("results", help="a class's completion codes as a table (name, chapters, questions)")
    p.add_argument("file", metavar="FILE", help="a text file of completion codes, one a line")
    p.add_argument("-o", "--output", metavar="OUT.csv", help="also write the table as CSV here")
    p.add_argument("--json", action="store_true", help="print the table as JSON records")
    p.set_defaults(func=cmd_results)


def cmd_results(args) -> int:
    import sys
    text = read_codes_file(args.file)
    try:
        table, refused = results(text)
    except InputError as exc:
        raise InputError(f"{args.file}: {exc}") from None
    for r in refused:
        print(f"tutor: results: {r}", file=sys.stderr)
    if args.json:
        print(table.to_json(orient="records", force_ascii=False))
    else:
        print(table.to_string(index=False) if len(table) else "No code counted.")
    if args.output:
        from tutor.inputs import write_text
        write_text(args.output, table.to_csv(index=False), "table")
    return 0
