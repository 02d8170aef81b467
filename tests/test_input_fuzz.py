"""Fuzz tests of the input policy (tutor.inputs): whatever text, bytes or data the link decoder,
the scenario loader and the Undaunted loaders are given, the only thing that may come out besides a
good result is the one-line ``InputError``."""

from __future__ import annotations

import base64
import os
import zlib

import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tutor.errors import InputError
from tutor.lab import link
from tutor.memoir.scenario import Scenario
from tutor.scenario import bundled, from_data, load
from tutor.undaunted import scenario as U

FUZZ = settings(max_examples=int(os.environ.get("TUTOR_FUZZ_EXAMPLES", "150")), deadline=None, suppress_health_check=[HealthCheck.too_slow])

BASE = bundled("pegasus-bridge").to_yaml_data()
UNDAUNTED = U.read_yaml(U.scenarios_dir() / "worked-example.yaml")
DECK = {"format": 1, "game": "undaunted", "side": "allied", "hand": ["riflemen-a", "scouts-b"],
        "draw": ["riflemen-a"], "supply": ["fog-of-war"]}

scalars = (st.none() | st.booleans() | st.integers(-10**6, 10**6) | st.floats(allow_nan=True)
           | st.text(max_size=20) | st.sampled_from(["6,4", "woods", "axis", "allied", "infantry", "riflemen-a",
                                                      "1A", "٦,٤", "1 0,4", "a\u202eb", "\0", "medal1"]))
values = st.recursive(scalars, lambda inner: st.lists(inner, max_size=4)
                      | st.dictionaries(st.text(max_size=8) | st.integers(0, 9), inner, max_size=4), max_leaves=12)


def only_clean_errors(fn, *args):
    """Run fn; an InputError must be one line that is not empty."""
    try:
        return fn(*args)
    except InputError as exc:
        text = str(exc)
        assert text and "\n" not in text and len(text) < 2000, text
        return None


def _token(payload: bytes) -> str:
    blob = zlib.compress(payload, 9)
    return link.PREFIX + base64.urlsafe_b64encode(link._checksum(blob) + blob).rstrip(b"=").decode()


@FUZZ
@given(st.text(max_size=300))
def test_link_decoder_any_text(text):
    only_clean_errors(link.decode, text)
    only_clean_errors(link.decode, "http://host/lab.ipynb?board=" + text)


@FUZZ
@given(st.binary(max_size=300))
def test_link_decoder_any_payload_with_a_good_checksum(payload):
    """Anyone can build a link with a matching checksum: the payload itself must be checked."""
    got = only_clean_errors(link.decode, _token(payload))
    assert got is None or isinstance(got, Scenario)


GOOD_PAYLOAD = link.payload(bundled("pegasus-bridge"))


@FUZZ
@given(st.lists(st.tuples(st.integers(0, len(GOOD_PAYLOAD) - 1), st.integers(0, 255)), min_size=1, max_size=6))
def test_link_decoder_damaged_real_payload(changes):
    data = bytearray(GOOD_PAYLOAD)
    for i, b in changes:
        data[i] = b
    got = only_clean_errors(link.decode, _token(bytes(data)))
    assert got is None or isinstance(got, Scenario)


@FUZZ
@given(st.text(max_size=400))
def test_scenario_loader_any_text(text):
    only_clean_errors(load, "fuzz.yaml", text)


@FUZZ
@given(st.sampled_from(sorted(BASE) + ["units", "terrain", "objectives", "cards", "medals_to_win", "source"]),
       values)
def test_scenario_loader_any_value_for_a_key(key, value):
    data = dict(BASE)
    data[key] = value
    only_clean_errors(from_data, data, "fuzz")
    # the same data through the YAML text path
    try:
        text = yaml.safe_dump(data, allow_unicode=True)
    except yaml.YAMLError:
        return
    only_clean_errors(load, "fuzz.yaml", text)


@FUZZ
@given(st.sampled_from(sorted(BASE["units"])), st.sampled_from(["side", "kind", "figures", "badge", "x"]), values)
def test_scenario_loader_any_value_in_a_unit(hex_key, field, value):
    data = dict(BASE)
    units = {k: dict(v) for k, v in BASE["units"].items()}
    units[hex_key][field] = value
    data["units"] = units
    only_clean_errors(from_data, data, "fuzz")


@FUZZ
@given(st.sampled_from(["name", "tiles", "sides", "initiative", "options", "notes"]), values)
def test_undaunted_scenario_any_value_for_a_key(key, value):
    data = dict(UNDAUNTED)
    data[key] = value
    only_clean_errors(U.parse_scenario, data, "fuzz")


@FUZZ
@given(st.sampled_from(["allied", "axis"]),
       st.sampled_from(["victory", "deployment", "control", "tokens", "suppressed", "target", "deck", "hand",
                        "draw", "supply"]), values)
def test_undaunted_scenario_any_value_in_a_side(side, key, value):
    data = dict(UNDAUNTED)
    sides = {k: dict(v) for k, v in UNDAUNTED["sides"].items()}
    sides[side][key] = value
    data["sides"] = sides
    only_clean_errors(U.parse_scenario, data, "fuzz")


@FUZZ
@given(st.sampled_from(["side", "hand", "table", "discard", "draw", "supply", "out", "format"]), values)
def test_deck_any_value_for_a_key(key, value):
    data = dict(DECK)
    data[key] = value
    only_clean_errors(from_data, data, "fuzz")
