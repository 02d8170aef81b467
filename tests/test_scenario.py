"""Scenario files: good ones load and round-trip; each bad one is one clear line, exit 2."""

import subprocess
import sys
from pathlib import Path

import pytest

from tutor.cli import main
from tutor.errors import InputError
from tutor.scenario import load

ROOT = Path(__file__).parent.parent
BAD = sorted((Path(__file__).parent / "bad_scenarios").glob("*.yaml"))


def expected(path: Path) -> str:
    first = path.read_text(encoding="utf-8").splitlines()[0]
    assert first.startswith("# expect: "), f"{path.name} must start with '# expect: <message part>'"
    return first[len("# expect: "):]


def test_there_are_enough_bad_files():
    assert len(BAD) >= 25


@pytest.mark.parametrize("path", BAD, ids=lambda p: p.stem)
def test_bad_file_gives_one_clear_line(path, capsys):
    assert main(["check", str(path)]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    lines = err.strip().splitlines()
    assert len(lines) == 1, lines
    assert str(path) in lines[0]
    assert expected(path) in lines[0]


def test_bad_files_through_the_real_command():
    """One process for all files: exit 2, one line per bad file, no traceback."""
    proc = subprocess.run([sys.executable, "-m", "tutor.cli", "check", *map(str, BAD)],
                          capture_output=True, text=True)
    assert proc.returncode == 2
    assert "Traceback" not in proc.stderr
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == len(BAD)
    for path, line in zip(BAD, lines):
        assert str(path) in line and expected(path) in line


def test_good_scenarios_check_ok(capsys):
    files = sorted(str(p) for p in (ROOT / "scenarios").rglob("*.yaml"))
    assert main(["check", *files]) == 0
    out, _ = capsys.readouterr()
    assert out.splitlines() == [f"ok {f}" for f in files]


def test_defaults_and_round_trip(tmp_path):
    s = load(ROOT / "scenarios" / "hills-and-line-of-sight.yaml")
    assert s.units[(4, 6)].figures == 4                  # infantry at full strength
    assert s.units[(8, 2)].figures == 2
    assert s.units[(12, 2)].badge == "special_forces"
    assert s.terrain_at((6, 4)) == "hill" and s.terrain_at((0, 0)) == "countryside"
    out = tmp_path / "again.yaml"
    out.write_text(s.to_yaml(), encoding="utf-8")
    again = load(out)
    assert (again.terrain, again.obstacles, again.units, again.top, again.board) == \
        (s.terrain, s.obstacles, s.units, s.top, s.board)


def test_full_strength_by_badge(tmp_path):
    p = tmp_path / "s.yaml"
    p.write_text('format: 1\ngame: memoir44\ntitle: t\nboard: standard\ntop: allied\nunits:\n'
                 '  "4,6": {side: axis, kind: armor, badge: special_forces}\n'
                 '  "6,6": {side: allied, kind: infantry, badge: french_resistance}\n'
                 '  "8,6": {side: allied, kind: artillery}\n', encoding="utf-8")
    s = load(p)
    assert [s.units[h].figures for h in [(4, 6), (6, 6), (8, 6)]] == [4, 3, 2]


def test_missing_file_is_one_line(capsys):
    assert main(["check", "no/such/file.yaml"]) == 2
    assert capsys.readouterr().err.strip() == "tutor: no/such/file.yaml: no such file"


def test_loading_does_not_raise_anything_but_input_error(tmp_path):
    p = tmp_path / "weird.yaml"
    for text in ["!!python/object:os.system {}", "{a: [}", "\t- x", "format: 1\ngame: memoir44\n? [a]\n: b\n"]:
        p.write_text(text, encoding="utf-8")
        with pytest.raises(InputError):
            load(p)
