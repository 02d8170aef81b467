"""Every event of seeded La Raye games, played through the protocol, reads as a learner's English.

The Play La Raye page's log and chapters 22–28 show the engine's event texts as they are: no card
id ("riflemen-a": the card's printed title, "Rifleman A"), no side id ("allied draws 4 cards":
"The Allies draw 4 cards"), no snake_case or other internal word (the browser tests' scan), an
event's sentence starting with a capital, and a counted noun that agrees ("1 card", never
"1 cards"). The refusals of actions the rules forbid, and each action described in words, are
held to the same scan.
"""

import random
import re

import pytest
from browser.learner_text import internal_words

from tutor import games
from tutor.errors import IllegalAction, InputError
from tutor.undaunted.cards import CARDS
from tutor.undaunted.state import Bid, EndTurn, Play, Withdraw

UND = games.UNDAUNTED
CARD_ID = re.compile(r"(?<![\w-])(" + "|".join(sorted(map(re.escape, CARDS), key=len, reverse=True))
                     + r")(?![\w-])")
SIDE_ID = re.compile(r"\b(allied|axis)\b")          # the ids; the names are "Allies", "Axis", "Allied"
ONE_MANY = re.compile(r"\b1 (cards|tiles|dice|hits|units)\b|\(s\)")
SEEDS = (1, 4, 7)
MAX_ACTIONS = 1200


def faults(text: str) -> list[str]:
    """What a learner should not read in ``text``."""
    out = internal_words(text)
    out += [f"a card id: {m.group(0)!r} in {text!r}" for m in CARD_ID.finditer(text)]
    out += [f"a side id: {m.group(0)!r} in {text!r}" for m in SIDE_ID.finditer(text)]
    out += [f"a count that does not agree: {m.group(0)!r} in {text!r}" for m in ONE_MANY.finditer(text)]
    return out


def _refusals(m) -> list[str]:
    """The refusals of actions the rules forbid now (a card not in hand, the other side's turn)."""
    s = m.state
    side = s.active or "allied"
    foe = "axis" if side == "allied" else "allied"
    missing = next((c for c in sorted(CARDS) if c not in s.zones_of(side).hand and c != "fog-of-war"), None)
    tries = [EndTurn(foe), Withdraw(side, missing), Play(side, missing, "move", path=("1A",)),
             Play(side, "riflemen-a", "attack", target="riflemen-b")]
    out = []
    for a in tries:
        try:
            UND.apply(m, a)
        except IllegalAction as exc:
            out.append(exc.reason)
        except InputError:
            pass
    return out


def _play(seed: int) -> tuple[list, list[str]]:
    """The events of one random La Raye game and the other texts a learner may read on the way."""
    rng = random.Random(seed)
    m = UND.new("la-raye", seed)
    events = list(UND.events(m))
    said: list[str] = []
    for i in range(MAX_ACTIONS):
        if UND.is_over(m):
            break
        a = UND.random_action(m, rng)
        said.append(UND.describe(m, a))
        if i % 7 == 0:
            said += _refusals(m)
        m = UND.apply(m, a)
        events += UND.events(m)
    return events, said


@pytest.fixture(scope="module")
def played() -> tuple[list, list[str]]:
    events, said = [], []
    for seed in SEEDS:
        e, s = _play(seed)
        events += e
        said += s
    return events, said


def test_every_event_text_is_in_a_learners_words(played):
    events, _ = played
    kinds = {e.kind for e in events}
    # the games reach the round, the card actions and combat, so the scan reads them all
    assert {"draw", "initiative", "end-turn", "end-round", "move", "scout", "attack", "casualty",
            "withdraw", "bolster", "control"} <= kinds, kinds
    bad = sorted({f for e in events for f in faults(e.text)})
    assert not bad, "\n".join(bad[:30])
    starts = sorted({e.text for e in events if not e.text[:1].isupper()})
    assert not starts, starts[:10]


def test_refusals_and_described_actions_are_in_a_learners_words(played):
    _, said = played
    assert any("in hand" in t for t in said) and any(t.startswith("The Axis plays") for t in said)
    bad = sorted({f for t in said for f in faults(t)})
    assert not bad, "\n".join(bad[:30])


def test_the_draw_reads_as_the_rulebook_says_it():
    """PRŮBĚH HRY: each player draws 4 cards; the side's name agrees with its verb."""
    m = UND.new("la-raye", 1)
    draws = [e.text for e in UND.events(m) if e.kind == "draw"]
    assert draws == ["The Allies draw 4 cards", "The Axis draws 4 cards"]
    bid = Bid("axis", UND.legal_actions(m, "axis")[0].card)
    assert UND.describe(m, bid).startswith("The Axis bids ")
