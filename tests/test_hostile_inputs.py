"""The hostile-input corpus: everything a user can hand the command line that the input policy
(tutor.inputs) must refuse, each run as a real ``tutor`` process with a time and memory bound.

Every case must end with exit status 2, exactly one line on stderr starting "tutor: ", no
traceback, nothing on stdout and no file written. The big inputs are generated here, never
committed. The cases run concurrently (a pool of processes, started once for the module); each
case is then its own test.
"""

from __future__ import annotations

import base64
import json
import os
import resource
import subprocess
import sys
import zlib
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from tutor.lab import link

ROOT = Path(__file__).resolve().parents[1]
MEMORY = 1 << 30            # 1 GB of address space per process
TIMEOUT = 60                # seconds of wall clock per process (the machine is shared)
CPU = 20                    # seconds of CPU per process

GOOD = """format: 1
game: memoir44
title: A small board
board: standard
top: axis
terrain: {"6,4": woods}
units: {"6,4": {side: allied, kind: infantry}}
"""
DECK = """format: 1
game: undaunted
side: allied
hand: [riflemen-a, scouts-b]
draw: [riflemen-a]
"""


def scenario(extra: str = "", **replace) -> str:
    text = GOOD
    for key, value in replace.items():
        lines = [ln for ln in text.splitlines() if not ln.startswith(key + ":")]
        text = "\n".join(lines) + f"\n{key}: {value}\n"
    return text + extra


def laughs(levels: int = 9) -> str:
    """The "billion laughs": each anchor a list of nine aliases of the one before."""
    lines = ['a0: &a0 "lol"'] + [f"a{i}: &a{i} [" + ", ".join([f"*a{i - 1}"] * 9) + "]"
                                 for i in range(1, levels)]
    return "\n".join(lines) + "\n"


def link_token(title: bytes = b"x", extra: str | None = None, tail: bytes = b"\0\0\0") -> str:
    """A link with a valid checksum around any payload (the checksum detects damage; anyone can
    build one, so the decoder must refuse what is inside)."""
    out = bytearray([16 if extra is not None else 0])
    link._varint(len(title), out)
    out += title
    if extra is not None:
        link._text(extra, out)
    out += tail
    blob = zlib.compress(bytes(out), 9)
    return link.PREFIX + base64.urlsafe_b64encode(link._checksum(blob) + blob).rstrip(b"=").decode()


def saved_game(**changes) -> str:
    data = {"format": 1, "scenario": "pegasus-bridge", "seed": 0, "variant": "standard", "actions": []}
    data.update(changes)
    return json.dumps(data)


def m44(hexagons=None, text=None) -> str:
    data = {"board": {"type": "STANDARD", "face": "COUNTRY", "hexagons": hexagons or []}}
    if text is not None:
        data["text"] = {"en": text}
    return json.dumps(data)


def undaunted_scenario(extra_side: str = "", name: str = "test", at: str = "0,0") -> str:
    return f"""format: 1
game: undaunted
name: {name}
tiles:
  1A: {{at: "{at}", cover: 1}}
  2A: {{at: "2,0", cover: 1, objective: 1}}
sides:
  allied:
    victory: {{objectives: 1}}
    deck: [riflemen-a, scouts-a]{extra_side}
  axis:
    victory: {{objectives: 1}}
    deck: [riflemen-a]
"""


@dataclass
class Case:
    id: str
    argv: list[str]
    files: dict[str, str | bytes] = field(default_factory=dict)   # name -> content, written in the case folder
    setup: object = None                                            # callable(folder) for links, FIFOs, modes
    expect: str = ""                                                # a piece of the error line
    as_nobody: bool = False                                          # run without root's read-everything


def _big(n: int) -> str:
    return scenario(f"description: \"{'x' * n}\"\n")


CASES = [
    # --- sizes: checked before reading ------------------------------------------------------
    Case("size-scenario-2MB", ["check", "big.yaml"], {"big.yaml": GOOD + "# " + "x" * 2_000_000 + "\n"},
         expect="at most 1,000,000 bytes"),
    Case("size-symlink-dev-zero", ["check", "zero.yaml"], setup=lambda d: (d / "zero.yaml").symlink_to("/dev/zero"),
         expect="not a regular file"),
    Case("size-dev-zero", ["check", "/dev/zero"], expect="not a regular file"),
    Case("size-fifo", ["check", "pipe.yaml"], setup=lambda d: os.mkfifo(d / "pipe.yaml"), expect="not a regular file"),
    Case("size-m44-2MB", ["import-m44", "big.m44"], {"big.m44": m44() + " " * 2_000_000}, expect="at most"),
    Case("size-m44-dev-zero", ["import-m44", "z.m44"], setup=lambda d: (d / "z.m44").symlink_to("/dev/zero"),
         expect="not a regular file"),
    Case("size-deck-500006-cards", ["undaunted", "check", "deck.yaml"],
         {"deck.yaml": DECK + "supply: [" + ", ".join(["riflemen-a"] * 500_006) + "]\n"}, expect="at most"),
    Case("size-saved-game-2MB", ["replay", "game.json"], {"game.json": saved_game(actions=["end"] * 300_000)},
         expect="at most"),
    Case("size-link-30k", ["link", "m1." + "A" * 30_000], expect="too long"),
    Case("size-description-30k", ["check", "s.yaml"], {"s.yaml": _big(30_000)}, expect="at most 20000"),
    Case("size-title-1000", ["check", "s.yaml"], {"s.yaml": scenario(title="x" * 1000)}, expect="at most 200"),
    # --- YAML anchors, aliases, merge keys, tags ----------------------------------------------
    Case("yaml-alias-in-source", ["check", "s.yaml"], {"s.yaml": scenario("source: &s lol\nyear: 1944\n")},
         expect="anchor &s"),
    Case("yaml-alias-used", ["check", "s.yaml"],
         {"s.yaml": scenario("special_rules: &r text\nsource: *r\n")}, expect="anchor &r"),
    Case("yaml-billion-laughs-file", ["check", "s.yaml"], {"s.yaml": scenario(laughs())}, expect="not accepted"),
    Case("yaml-billion-laughs-link", ["link", link_token(extra=laughs())], expect="anchor &a0"),
    Case("yaml-merge-key", ["check", "s.yaml"], {"s.yaml": scenario("<<: {description: hi}\n")},
         expect="merge key"),
    Case("yaml-alias-deck", ["undaunted", "check", "d.yaml"], {"d.yaml": DECK + "supply: &s [riflemen-a]\n"},
         expect="anchor &s"),
    Case("yaml-alias-undaunted-scenario", ["undaunted", "check", "u.yaml"],
         {"u.yaml": undaunted_scenario(name="&n test")}, expect="anchor &n"),
    Case("yaml-alias-saved-game", ["replay", "g.yaml"],
         {"g.yaml": "format: 1\nscenario: &s pegasus-bridge\nseed: 0\nactions: []\n"}, expect="anchor &s"),
    Case("yaml-python-tag", ["check", "s.yaml"], {"s.yaml": scenario("source: !!python/name:os.system ''\n")},
         expect="tag"),
    Case("yaml-binary-tag", ["check", "s.yaml"], {"s.yaml": scenario(title="!!binary aGVsbG8=")}, expect="tag"),
    Case("yaml-set-tag", ["check", "s.yaml"], {"s.yaml": scenario("source: !!set {a, b}\n")}, expect="tag"),
    Case("yaml-long-integer", ["check", "s.yaml"], {"s.yaml": scenario(medals_to_win="9" * 5000)},
         expect="too long"),
    Case("yaml-date-value", ["check", "s.yaml"], {"s.yaml": scenario("source: 1944-06-06\n")}, expect="date"),
    # --- nesting depth ----------------------------------------------------------------------
    Case("depth-flow-lists-100000", ["check", "s.yaml"], {"s.yaml": scenario("source: " + "[" * 100_000 +
                                                                            "]" * 100_000 + "\n")},
         expect="nested more than 20"),
    Case("depth-flow-maps-20000", ["check", "s.yaml"], {"s.yaml": scenario("source: " + "{a: " * 20_000 +
                                                                           "1" + "}" * 20_000 + "\n")},
         expect="nested more than 20"),
    Case("depth-m44-json", ["import-m44", "d.m44"], {"d.m44": "[" * 100_000 + "]" * 100_000},
         expect="nested more than 20"),
    Case("depth-saved-game-json", ["replay", "g.json"],
         {"g.json": '{"format": 1, "variant": ' + "[" * 50_000 + "]" * 50_000 + "}"}, expect="nested more than 20"),
    Case("depth-link-optional-keys", ["link", link_token(extra="source: " + "[" * 5000 + "]" * 5000)],
         expect="nested more than 20"),
    Case("depth-deck-file", ["undaunted", "check", "d.yaml"], {"d.yaml": DECK + "out: " + "[" * 30_000 + "]" * 30_000},
         expect="nested more than 20"),
    # --- values: counted by the C parser before the strict (pure-Python) one reads them --------
    Case("values-link-60000-empty-lists", ["link", link_token(extra="cards: [" + ",".join(["[]"] * 60_000) + "]")],
         expect="more than 5,000 values"),
    Case("values-scenario-file", ["check", "s.yaml"],
         {"s.yaml": scenario("notes: [" + ", ".join(["1"] * 6_000) + "]\n")}, expect="more than 5,000 values"),
    Case("values-undaunted-deck", ["undaunted", "check", "d.yaml"],
         {"d.yaml": DECK + "out: [" + ", ".join(["{}"] * 6_000) + "]\n"}, expect="more than 5,000 values"),
    # --- numbers with a ceiling -------------------------------------------------------------------
    Case("type-medals-to-win-huge", ["check", "s.yaml"], {"s.yaml": scenario(medals_to_win="1" + "0" * 29)},
         expect="from 1 to 30"),
    Case("type-objective-medals-huge", ["check", "s.yaml"],
         {"s.yaml": scenario('objectives: [{hex: "6,4", type: permanent, medals: 1000000000000000000000}]\n')},
         expect="from 1 to 30"),
    Case("type-undaunted-tile-far-off", ["undaunted", "check", "u.yaml"],
         {"u.yaml": undaunted_scenario(at="99999999999999999999998,4")}, expect="off the map"),
    Case("type-undaunted-cover-huge", ["undaunted", "check", "u.yaml"],
         {"u.yaml": undaunted_scenario().replace("cover: 1, objective: 1", "cover: 1000000, objective: 1")},
         expect="from 0 to 10"),
    Case("type-undaunted-objective-huge", ["undaunted", "check", "u.yaml"],
         {"u.yaml": undaunted_scenario().replace("objective: 1}", "objective: 100000000000000000000000}")},
         expect="from 0 to 20"),
    Case("cli-undaunted-cover-5000-digits", ["undaunted", "hit", "--defense", "1", "--cover", "9" * 5000,
                                             "--range", "1", "--dice", "1"], expect="999999999999…"),
    # --- .m44 numbers: ASCII digits, at most 6 ---------------------------------------------------
    Case("m44-row-superscript-two", ["import-m44", "r.m44"], {"r.m44": m44([{"row": "\u00b2", "col": 2}])},
         expect="row must be a whole number"),
    Case("m44-row-5000-digits", ["import-m44", "r.m44"], {"r.m44": m44([{"row": "9" * 5000, "col": 2}])},
         expect="row must be a whole number"),
    Case("handout-all-into-a-file", ["handout", "--all", "-o", "exists.html"], {"exists.html": "x"},
         expect="is a file"),
    # --- text that must be text ---------------------------------------------------------------
    Case("text-nul-escape-title", ["check", "s.yaml"], {"s.yaml": scenario(title='"a\\0b"')}, expect="U+0000"),
    Case("text-rlo-title", ["check", "s.yaml"], {"s.yaml": scenario(title='"evil\\u202etxt.exe"')},
         expect="U+202E"),
    Case("text-rlo-raw-in-file", ["check", "s.yaml"], {"s.yaml": scenario(title="evil\u202etxt")}, expect="U+202E"),
    Case("text-escape-description", ["check", "s.yaml"], {"s.yaml": scenario('description: "a\\x1bb"\n')},
         expect="U+001B"),
    Case("text-newline-title", ["check", "s.yaml"], {"s.yaml": scenario(title='"one\\ntwo"')}, expect="U+000A"),
    Case("text-title-list", ["check", "s.yaml"], {"s.yaml": scenario(title="[a, b]")}, expect="must be text"),
    Case("text-title-number", ["check", "s.yaml"], {"s.yaml": scenario(title="12")}, expect="must be text"),
    Case("text-source-mapping", ["check", "s.yaml"], {"s.yaml": scenario("source: {a: 1}\n")},
         expect="must be text"),
    Case("text-special-rules-control", ["check", "s.yaml"], {"s.yaml": scenario('special_rules: "a\\x07"\n')},
         expect="U+0007"),
    Case("text-raw-nul-byte", ["check", "s.yaml"], {"s.yaml": b"format: 1\x00\n"}, expect="U+0000"),
    Case("text-raw-nul-m44", ["import-m44", "n.m44"], {"n.m44": b'{"board": {}}\x00'}, expect="U+0000"),
    Case("text-not-utf8", ["check", "s.yaml"], {"s.yaml": GOOD.encode() + b"description: \xff\xfe\n"},
         expect="not UTF-8"),
    Case("text-link-title-nul", ["link", link_token(title=b"a\0b")], expect="U+0000"),
    Case("text-link-title-rlo", ["link", link_token(title="a\u202eb".encode())], expect="U+202E"),
    Case("text-link-title-not-utf8", ["link", link_token(title=b"\xff\xfe")], expect="not UTF-8"),
    Case("text-link-objectives-junk", ["link", link_token(extra="objectives: 5")], expect="objectives"),
    Case("text-m44-name-rlo", ["import-m44", "t.m44"], {"t.m44": m44(text={"name": "a\u202eb"})}, expect="U+202E"),
    Case("text-undaunted-name-rlo", ["undaunted", "check", "u.yaml"],
         {"u.yaml": undaunted_scenario(name='"a\\u202eb"')}, expect="U+202E"),
    # --- hex keys ---------------------------------------------------------------------------
    Case("hex-arabic-indic", ["check", "s.yaml"], {"s.yaml": scenario(terrain='{"\u0666,\u0664": woods}')},
         expect="digits 0-9"),
    Case("hex-full-width", ["check", "s.yaml"], {"s.yaml": scenario(terrain='{"\uff16,\uff14": woods}')},
         expect="digits 0-9"),
    Case("hex-inner-space", ["check", "s.yaml"], {"s.yaml": scenario(terrain='{"1 0,4": woods}')},
         expect="digits 0-9"),
    Case("hex-semicolon", ["check", "s.yaml"], {"s.yaml": scenario(units='{"6;4": {side: axis, kind: armor}}')},
         expect="not a hex"),
    Case("hex-undaunted-tile", ["undaunted", "check", "u.yaml"], {"u.yaml": undaunted_scenario(at="\u0663,1")},
         expect="digits 0-9"),
    Case("hex-cli-arabic", ["los", "s.yaml", "\u0666,\u0664", "8,4"], {"s.yaml": GOOD}, expect="digits 0-9"),
    Case("hex-objective", ["check", "s.yaml"], {"s.yaml": scenario('objectives: [{hex: "８,4", type: temporary}]\n')},
         expect="digits 0-9"),
    # --- format -----------------------------------------------------------------------------
    Case("format-float", ["check", "s.yaml"], {"s.yaml": scenario(format="1.0")}, expect="whole number 1"),
    Case("format-string", ["check", "s.yaml"], {"s.yaml": scenario(format='"1"')}, expect="whole number 1"),
    Case("format-true", ["check", "s.yaml"], {"s.yaml": scenario(format="true")}, expect="whole number 1"),
    Case("format-deck-float", ["undaunted", "check", "d.yaml"], {"d.yaml": DECK.replace("format: 1", "format: 1.0")},
         expect="whole number 1"),
    Case("format-saved-game-float", ["replay", "g.json"], {"g.json": saved_game(format=1.0)}, expect="whole number 1"),
    # --- card counts ------------------------------------------------------------------------
    Case("cards-deck-six-riflemen", ["undaunted", "check", "d.yaml"],
         {"d.yaml": DECK + "supply: [riflemen-a, riflemen-a, riflemen-a, riflemen-a]\n"}, expect="copies"),
    Case("cards-scenario-four-scouts", ["undaunted", "check", "u.yaml"],
         {"u.yaml": undaunted_scenario("\n    supply: [scouts-a, scouts-a, scouts-a]")}, expect="copies"),
    Case("cards-casualty-deck", ["undaunted", "casualty", "d.yaml", "--unit", "riflemen-a"],
         {"d.yaml": DECK + "discard: [squad-leader-a, squad-leader-a]\n"}, expect="copy"),
    # --- numbers on the command line --------------------------------------------------------
    Case("cli-undaunted-dice-100000", ["undaunted", "hit", "--dice", "100000", "--defense", "3", "--cover", "1"],
         expect="out of range"),
    Case("cli-undaunted-dice-5000-digits", ["undaunted", "hit", "--dice", "9" * 5000, "--defense", "3",
                                            "--cover", "1"], expect="not a whole number"),
    Case("cli-retreat-flags-1000000", ["retreat", "s.yaml", "6,4", "--flags", "1000000"], {"s.yaml": GOOD},
         expect="allowed 0 to 8"),
    Case("cli-retreat-ignore-99", ["retreat", "s.yaml", "6,4", "--flags", "1", "--ignore", "99"], {"s.yaml": GOOD},
         expect="allowed 0 to 8"),
    Case("cli-odds-dice-1000", ["odds", "--dice", "1000", "--vs", "infantry"], expect="allowed 0 to 8"),
    Case("cli-odds-arabic-digits", ["odds", "--dice", "\u0663", "--vs", "infantry"], expect="not a whole number"),
    Case("cli-play-negative-seed", ["play", "--seed", "-1"], expect="out of range"),
    Case("cli-play-max-actions", ["play", "--max-actions", "1000000000"], expect="out of range"),
    Case("cli-air-year", ["air", "--front", "western", "--year", "1950"], expect="allowed 1939 to 1945"),
    Case("cli-playout-rounds", ["undaunted", "playout", "u.yaml", "--rounds", "1000000"], {"u.yaml": "x"},
         expect="out of range"),
    Case("cli-undaunted-defense", ["undaunted", "hit", "--dice", "1", "--defense", "99999999", "--cover", "1"],
         expect="out of range"),
    # --- a list or mapping where a name is expected -----------------------------------------
    Case("type-terrain-list", ["check", "s.yaml"], {"s.yaml": scenario(terrain='{"6,4": [woods]}')},
         expect="unknown"),
    Case("type-unit-kind-list", ["check", "s.yaml"], {"s.yaml": scenario(units='{"6,4": {side: axis, kind: [a]}}')},
         expect="unknown"),
    Case("type-game-list", ["check", "s.yaml"], {"s.yaml": scenario(game="[memoir44]")}, expect="unknown"),
    Case("type-key-list", ["check", "s.yaml"], {"s.yaml": scenario("? [a, b]\n: 1\n")}, expect="key"),
    Case("type-deck-card-list", ["undaunted", "check", "d.yaml"], {"d.yaml": DECK + "out: [[riflemen-a]]\n"},
         expect="out[0]: a list is unknown: allowed are riflemen-a"),
    Case("type-suppressed-list", ["undaunted", "check", "u.yaml"],
         {"u.yaml": undaunted_scenario("\n    suppressed: [[riflemen-a]]")}, expect="suppressed"),
    Case("type-objectives-number", ["check", "s.yaml"], {"s.yaml": scenario("objectives: 5\n")}, expect="objectives"),
    Case("type-objective-off-board", ["check", "s.yaml"],
         {"s.yaml": scenario('objectives: [{hex: "98,98", type: temporary}]\n')}, expect="98,98"),
    Case("type-saved-game-scenario-list", ["replay", "g.json"], {"g.json": saved_game(scenario=["x"])},
         expect="must be text"),
    Case("type-saved-game-seed-huge", ["replay", "g.json"], {"g.json": saved_game(seed=10**30)}, expect="seed"),
    Case("type-m44-hexagons-object", ["import-m44", "h.m44"], {"h.m44": '{"board": {"hexagons": 5}}'},
         expect="hexagons"),
    # --- files and folders ------------------------------------------------------------------
    Case("file-unreadable", ["check", "s.yaml"], {"s.yaml": GOOD}, setup=lambda d: os.chmod(d / "s.yaml", 0),
         expect="permission denied", as_nobody=True),
    Case("file-directory", ["check", "folder"], setup=lambda d: (d / "folder").mkdir(), expect="is a directory"),
    Case("file-missing", ["check", "nothing.yaml"], expect="no such file"),
    Case("file-play-save-dir", ["play", "--max-actions", "5", "--save", "out"], setup=lambda d: (d / "out").mkdir(),
         expect="is a directory"),
    Case("file-render-output-dir", ["render", "s.yaml", "-o", "out"], {"s.yaml": GOOD},
         setup=lambda d: (d / "out").mkdir(), expect="is a directory"),
    Case("file-import-output-dir", ["import-m44", "g.m44", "-o", "out"], {"g.m44": m44()},
         setup=lambda d: (d / "out").mkdir(), expect="is a directory"),
    # --- links ------------------------------------------------------------------------------
    Case("link-url-without-board", ["link", "http://localhost:8866/voila/render/lab.ipynb?x=1"],
         expect="this URL holds no board"),
    Case("link-bad-characters", ["link", "m1.!!!!"], expect="damaged"),
    Case("link-cut-short", ["link", link_token()[:-4]], expect="damaged"),
    Case("link-newer-version", ["link", "m9.AAAA"], expect="not supported"),
    Case("link-trailing-bytes", ["link", link_token(tail=b"\0\0\0\0\0")], expect="unexpected bytes"),
]


def _limits():
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY, MEMORY))
    resource.setrlimit(resource.RLIMIT_CPU, (CPU, CPU))


def _listing(folder: Path) -> dict:
    return {str(p.relative_to(folder)): (p.lstat().st_size, p.lstat().st_mtime_ns) for p in folder.rglob("*")}


@dataclass
class Result:
    returncode: int
    stdout: str
    stderr: str
    before: dict
    after: dict


def _run(case: Case, folder: Path) -> Result:
    folder.mkdir(parents=True)
    os.chmod(folder, 0o777)
    for name, content in case.files.items():
        p = folder / name
        p.write_bytes(content if isinstance(content, bytes) else content.encode("utf-8"))
        os.chmod(p, 0o644)
    if case.setup:
        case.setup(folder)
    before = _listing(folder)
    env = dict(os.environ, PYTHONPATH=str(ROOT), PYTHONDONTWRITEBYTECODE="1")
    try:
        r = subprocess.run([sys.executable, "-m", "tutor.cli", *case.argv], cwd=folder, env=env,
                           capture_output=True, text=True, timeout=TIMEOUT, preexec_fn=_limits, check=False)
        out = Result(r.returncode, r.stdout, r.stderr, before, _listing(folder))
    except subprocess.TimeoutExpired:
        out = Result(-1, "", f"TIMEOUT after {TIMEOUT} s", before, before)
    return out


def _safe_run(case: Case, folder: Path) -> Result:
    try:
        return _run(case, folder)
    except Exception as exc:
        return Result(-1, "", f"the case could not run: {exc!r}", {}, {})


@pytest.fixture(scope="module")
def results(tmp_path_factory):
    base = tmp_path_factory.mktemp("hostile")
    os.chmod(base, 0o777)
    with ThreadPoolExecutor(max_workers=max(2, os.cpu_count() or 2)) as pool:
        futures = {c.id: pool.submit(_safe_run, c, base / c.id) for c in CASES}
        return {k: f.result() for k, f in futures.items()}


def test_the_corpus_covers_every_kind():
    kinds = {c.id.split("-")[0] for c in CASES}
    assert kinds >= {"size", "yaml", "depth", "text", "hex", "format", "cards", "cli", "type", "file", "link"}
    assert len(CASES) >= 60
    assert len({c.id for c in CASES}) == len(CASES)


@pytest.mark.parametrize("case", CASES, ids=[c.id for c in CASES])
def test_hostile_input_is_one_clean_line(case, results):
    if case.as_nobody and os.getuid() == 0:
        pytest.skip("root reads a file whatever its mode (test_unreadable_file_in_process covers it)")
    r = results[case.id]
    assert r.returncode == 2, (r.returncode, r.stderr[-2000:])
    assert "Traceback" not in r.stderr
    lines = r.stderr.splitlines()
    assert len(lines) == 1, lines[:5]
    assert lines[0].startswith("tutor: ") and not lines[0].startswith("tutor: tutor")
    assert case.expect in lines[0], lines[0]
    assert len(lines[0]) < 600, "the line names the problem; it does not echo the input"
    assert r.stdout == ""
    assert r.after == r.before, "nothing may be written"


def test_unreadable_file_in_process(tmp_path, monkeypatch, capsys):
    """A file the process may not read (PermissionError from open), also when running as root."""
    from tutor.cli import main
    p = tmp_path / "s.yaml"
    p.write_text(GOOD)

    def denied(*args, **kwargs):
        raise PermissionError(13, "Permission denied")
    monkeypatch.setattr(os, "open", denied)
    assert main(["check", str(p)]) == 2
    err = capsys.readouterr().err.splitlines()
    assert err == [f"tutor: {p}: cannot be read (permission denied): give a scenario file you may read"]


def test_security_page_states_the_limits_the_code_applies():
    from tutor import inputs as I
    security = (ROOT / "docs" / "security.md").read_text(encoding="utf-8")
    section = security.split("## Input limits", 1)[1].split("\n## ", 1)[0]
    for words in (f"at most {I.MAX_FILE_BYTES // 1_000_000} MB", f"at most {I.MAX_DEPTH} lists or mappings deep",
                  f"at most {I.MAX_TITLE} characters", f"any text at most {I.MAX_TEXT:,}",
                  f"at most {I.MAX_LINK:,} characters", f"at most {I.MAX_PAYLOAD:,} bytes",
                  f"at most {I.MAX_VALUES:,} values", f"at most {I.MAX_MEDALS} medals",
                  f"at most {I.MAX_BATTLE_DICE} dice and {I.MAX_BATTLE_DICE} flags"):
        assert words in section, words


def test_m44_oddities_import_with_a_warning_not_a_traceback():
    # A badge number of 5,000 digits (int() refuses past 4,300) and victory conditions that are a
    # number, not a list, are what a hand-edited file may hold: the board still imports.
    from tutor.lab.m44 import from_m44
    unit = {"name": "inf", "nation": "us", "badge": "badge" + "9" * 5000}
    got = from_m44({"game_info": {"victory_conditions": 5}, "board": {"hexagons": [{"row": 4, "col": 2, "unit": unit}]}})
    assert len(got.scenario.units) == 1 and got.warnings
