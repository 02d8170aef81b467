"""Share-by-link: round trip, compactness, and bad links that fail with one clear line."""

from __future__ import annotations

import base64
import zlib
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tutor.errors import InputError
from tutor.hexes import BOARDS
from tutor.inputs import BIDI_CONTROLS
from tutor.lab import link
from tutor.memoir.scenario import BADGES, SIDES, Scenario, UnitSpec, _frozen, full_strength
from tutor.memoir.terrain import KINDS, OBSTACLES, TERRAIN
from tutor.scenario import load

ROOT = Path(__file__).resolve().parents[2]


def test_codes_cover_the_catalogue():
    # New terrain must be appended to the m1 tables, or it could not be shared.
    assert set(TERRAIN) <= set(link.TERRAIN_CODES)
    assert set(OBSTACLES) <= set(link.OBSTACLE_CODES)
    assert set(KINDS) == set(link.KIND_CODES)
    assert set(BADGES) | {None} == set(link.BADGE_CODES)
    assert tuple(BOARDS) == link.BOARD_CODES


# Text the input policy accepts (tutor.inputs): no control characters but tab and line breaks,
# no bidirectional controls, no lone surrogates; a title is one line.
_CHARS = st.characters(blacklist_categories=("Cc", "Cs"), blacklist_characters=tuple(BIDI_CONTROLS))
LINE = st.text(_CHARS, min_size=1, max_size=30)
TEXT = st.text(st.one_of(_CHARS, st.sampled_from("\t\n\r")), max_size=60)


@st.composite
def scenarios(draw):
    name = draw(st.sampled_from(link.BOARD_CODES))
    brd = BOARDS[name]
    hexes = sorted(brd.hexes)
    chosen = draw(st.lists(st.sampled_from(hexes), max_size=40, unique=True))
    terrain, obstacles, units = {}, {}, {}
    for h in chosen:
        what = draw(st.sets(st.sampled_from(("terrain", "obstacle", "unit")), min_size=1))
        t = "countryside"
        if "terrain" in what:
            t = draw(st.sampled_from([n for n in TERRAIN if n != "countryside"]))
            terrain[h] = t
        land = TERRAIN[t].impassable != frozenset(KINDS) and t != "ocean"
        if "obstacle" in what and land:
            obstacles[h] = draw(st.sampled_from(list(OBSTACLES)))
        if "unit" in what:
            o = obstacles.get(h)                    # armor may start in a bunker, never on hedgehogs
            kinds = [k for k in KINDS if k not in TERRAIN[t].impassable
                     and (o in (None, "bunker") or k not in OBSTACLES[o].impassable)]
            if kinds:
                kind = draw(st.sampled_from(kinds))
                badges = [None] + (["special_forces"] if kind != "artillery" else []) + \
                         (["french_resistance"] if kind == "infantry" else [])
                badge = draw(st.sampled_from(badges))
                figures = draw(st.integers(1, full_strength(kind, badge)))
                units[h] = UnitSpec(draw(st.sampled_from(SIDES)), kind, figures, badge)
    title = draw(LINE.filter(lambda s: s.strip()))
    description = draw(st.one_of(st.just(""), TEXT))
    extra = {}
    if draw(st.booleans()):
        extra["medals_to_win"] = draw(st.one_of(st.integers(1, 12),
                                                st.fixed_dictionaries({"axis": st.integers(1, 9),
                                                                       "allied": st.integers(1, 9)})))
    if draw(st.booleans()):
        extra["first"] = draw(st.sampled_from(SIDES))
    if draw(st.booleans()):
        extra["special_rules"] = draw(TEXT)
    return Scenario(title=title, board=brd, top=draw(st.sampled_from(SIDES)), terrain=_frozen(terrain),
                    obstacles=_frozen(obstacles), units=_frozen(units), description=description,
                    extra=_frozen(extra), path="board link")


def _same(a: Scenario, b: Scenario) -> None:
    assert a.title == b.title and a.board == b.board and a.top == b.top
    assert dict(a.terrain) == dict(b.terrain)
    assert dict(a.obstacles) == dict(b.obstacles)
    assert dict(a.units) == dict(b.units)
    assert a.description == b.description
    assert dict(a.extra) == dict(b.extra)
    assert a.to_yaml_data() == b.to_yaml_data()


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(scenarios())
def test_round_trip_any_scenario(s):
    token = link.encode(s)
    assert token.startswith("m1.")
    assert all(c.isalnum() or c in "-_." for c in token)
    back = link.decode(token)
    _same(s, back)
    assert back == s          # the dataclasses compare equal (path "board link" on both)
    # and through a full URL, as a teacher pastes it
    _same(s, link.decode("https://example.org/voila/render/lab.ipynb?x=1&board=" + token + "#top"))


def test_round_trip_repository_scenarios():
    for path in sorted((ROOT / "scenarios").rglob("*.yaml")):
        s = load(path)
        if not isinstance(s, Scenario):
            continue
        _same(s, link.decode(link.encode(s)))


def test_link_is_compact():
    s = load(ROOT / "scenarios" / "hills-and-line-of-sight.yaml")
    assert len(link.encode(s)) < 300
    # a fully painted standard board still fits comfortably in a URL
    brd = BOARDS["standard"]
    full = Scenario(title="full", board=brd, top="axis",
                    terrain=_frozen({h: "woods" for h in brd.hexes}),
                    units=_frozen({h: UnitSpec("axis", "infantry", 4) for h in brd.hexes}))
    assert len(link.encode(full)) < 400


def test_share_url_and_query():
    s = load(ROOT / "scenarios" / "hills-and-line-of-sight.yaml")
    url = link.share_url(s, "http://localhost:8866/voila/render/lab.ipynb?board=old")
    assert url.startswith("http://localhost:8866/voila/render/lab.ipynb?board=m1.")
    _same(s, link.decode(url))
    assert link.from_query("") is None
    assert link.from_query("foo=1") is None
    _same(s, link.from_query(url.split("?", 1)[1]))
    with pytest.raises(InputError):
        link.from_query("board=m1.AAAA")


def test_environment_query(monkeypatch):
    s = load(ROOT / "scenarios" / "hills-and-line-of-sight.yaml")
    monkeypatch.setenv("QUERY_STRING", "board=" + link.encode(s))
    _same(s, link.from_query())
    monkeypatch.delenv("QUERY_STRING")
    assert link.from_query() is None


def _forge(payload: bytes) -> str:
    blob = zlib.compress(payload)
    return "m1." + base64.urlsafe_b64encode(link._checksum(blob) + blob).rstrip(b"=").decode()


BAD = {
    "": "empty",
    "hello": "starts with 'm1.'",
    "m2.AAAA": "version 'm2' is not supported",
    "x9.AAAA": "not a board link",
    "m1.": "characters or a length",
    "m1.!!!!": "characters or a length",
    "m1.AAAAA": "characters or a length",
    "m1.AAAA": "too short",
    "https://example.org/lab.ipynb?foo=1": "no 'board=' parameter",
}


@pytest.mark.parametrize("text,words", BAD.items())
def test_bad_links_say_why(text, words):
    with pytest.raises(InputError) as exc:
        link.decode(text)
    msg = str(exc.value)
    assert words in msg and "\n" not in msg


def test_tampered_link_is_detected():
    s = load(ROOT / "scenarios" / "hills-and-line-of-sight.yaml")
    token = link.encode(s)
    for i in range(3, len(token)):
        c = "A" if token[i] != "A" else "B"
        bad = token[:i] + c + token[i + 1:]
        with pytest.raises(InputError):
            link.decode(bad)
    with pytest.raises(InputError, match="checksum|cut off|length"):
        link.decode(token[:-3])


@pytest.mark.parametrize("payload,words", [
    (b"", "header"),
    (b"\xe0", "header bits"),
    (b"\x00\x05ab", "title"),
    (b"\x00\x01\xff", "UTF-8"),
    (b"\x00\x01a\x01\x00\x63", "terrain code 99"),
    (b"\x00\x01a\x01\xff\x01\x01", "off the standard board"),
    (b"\x00\x01a\x00\x00\x00\x00", "unexpected bytes"),
    (b"\x00\x01a\x00\x00\x01\x00\x06", "unit code"),
    (b"\x00\x00\x00\x00\x00", "title must be text"),
    (b"\x10\x01a\x04[1]:\x00\x00\x00", "optional keys"),
    (b"\x10\x01a\x06title:\x00\x00\x00", "may not be among"),
    (b"\x10\x01a\x04zzz:\x00\x00\x00", "'zzz' is unknown"),
    # a unit on a river, and an elite artillery: the scenario rules still apply
    (b"\x00\x01a\x01\x00\x06\x00\x01\x00\x00", "impassable"),
    (b"\x00\x01a\x00\x00\x01\x00" + bytes([2 << 1 | 1 << 3]), "special_forces is for"),
])
def test_forged_payloads_fail_cleanly(payload, words):
    with pytest.raises(InputError) as exc:
        link.decode(_forge(payload))
    assert words in str(exc.value)


def test_zip_bomb_is_refused():
    blob = zlib.compress(b"\x00" * 10_000_000, 9)
    token = "m1." + base64.urlsafe_b64encode(link._checksum(blob) + blob).rstrip(b"=").decode()
    with pytest.raises(InputError, match="more than"):
        link.decode(token)


@settings(max_examples=400, deadline=None)
@given(st.text(max_size=120))
def test_fuzzed_text_raises_only_input_error(text):
    try:
        link.decode(text)
    except InputError as exc:
        assert "\n" not in str(exc)


@settings(max_examples=400, deadline=None)
@given(st.binary(max_size=200))
def test_fuzzed_payloads_with_good_checksum(payload):
    try:
        link.decode(_forge(payload))
    except InputError as exc:
        assert "\n" not in str(exc)


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(scenarios(), st.data())
def test_mutated_real_payloads(s, data):
    raw = bytearray(link.payload(s))
    for _ in range(data.draw(st.integers(1, 4))):
        op = data.draw(st.sampled_from(("flip", "cut", "insert")))
        i = data.draw(st.integers(0, max(0, len(raw) - 1)))
        if op == "flip" and raw:
            raw[i] ^= 1 << data.draw(st.integers(0, 7))
        elif op == "cut":
            del raw[i:]
        else:
            raw.insert(i, data.draw(st.integers(0, 255)))
    try:
        link.decode(_forge(bytes(raw)))
    except InputError as exc:
        assert "\n" not in str(exc)


def test_undaunted_cannot_be_shared():
    class Fake:
        game = "undaunted"
    with pytest.raises(InputError, match="Memoir"):
        link.encode(Fake())


def test_cli_link_both_ways(tmp_path, capsys):
    from tutor.cli import main
    src = ROOT / "scenarios" / "hills-and-line-of-sight.yaml"
    assert main(["link", str(src)]) == 0
    token = capsys.readouterr().out.strip()
    assert token.startswith("m1.")
    out = tmp_path / "back.yaml"
    assert main(["link", token, "-o", str(out)]) == 0
    _same(load(src), load(out))
    assert main(["link", str(src), "--base", "http://h:1/voila/render/lab.ipynb"]) == 0
    assert capsys.readouterr().out.startswith("http://h:1/voila/render/lab.ipynb?board=m1.")
    assert main(["link", "m1.AAAA"]) == 2
    assert "too short" in capsys.readouterr().err


def test_line_break_characters_in_optional_text_survive():
    """LS and CR are folded by plain YAML; the link keeps them exactly (found by hypothesis). NEL
    (U+0085) is a control character, which the input policy refuses in any text."""
    s = load(Path(__file__).parents[2] / "scenarios" / "hills-and-line-of-sight.yaml")
    s = s.replace(extra={"special_rules": "\t a\u2028b\r\n", "medals_to_win": 4})
    back = link.decode(link.encode(s))
    assert back.extra == s.extra
    with pytest.raises(InputError, match="U\\+0085"):
        link.decode(link.encode(s.replace(extra={"special_rules": "\x85 a"})))
