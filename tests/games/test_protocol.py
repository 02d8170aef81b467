"""One generic test module for every game of the protocol (``tutor.games``), OpenSpiel's way.

Seeded random games of each bundled scenario (Pegasus Bridge, La Raye), with invariants checked
after every action: who acts and what they may do agree; every action's text round-trips and
names one action; every listed action is accepted; an unlisted or garbled one is refused, the
match unchanged; undo returns the match before; save and load give the same match; the game ends
with a winner. Then golden playthroughs (a seeded game replayed state by state against a file
in tests/golden/: Pegasus Bridge by the random player, by the computer opponent and in Operation
Alliance; La Raye by the random player), read through the same protocol for both games.
Regenerate them (after a deliberate rules change) with
``TUTOR_REGEN_GOLDEN=1 python -m pytest tests/games -k golden``.
"""

import json
import os
import random
from pathlib import Path

import pytest

from tutor import games, sides
from tutor.errors import IllegalAction, InputError
from tutor.games.memoir import Action as MemoirAction
from tutor.games.undaunted import Bid, EndTurn, Play, Withdraw
from tutor.rulebook import Rule

GOLDEN = Path(__file__).resolve().parents[1] / "golden"
SCENARIO = {"memoir44": "pegasus-bridge", "undaunted": "la-raye"}
ALLIANCE = {"kind": "alliance", "players": {"axis": 2, "allied": 2}}
OVERLORD = {"kind": "overlord", "players": {"axis": 4, "allied": 4}}
# (game, scenario, seed, options, actions checked: None to the end); seeds whose random games end (La
# Raye's seed 2 never does under the random player: each side is left with one card, bids it every
# round and ends its turn, a stalemate the rulebook does not end); Overlord's first turns only
RANDOM_GAMES = [("memoir44", "pegasus-bridge", 1, {}, None),
                ("memoir44", "pegasus-bridge", 5, {"variant": ALLIANCE}, None),
                ("memoir44", "overlord/teaching", 2, {"variant": OVERLORD}, 200),
                ("undaunted", "la-raye", 1, {}, None), ("undaunted", "la-raye", 4, {}, None)]
MAX_ACTIONS = 1500        # the random games above end in 250-960 actions
SAVE_EVERY = 150          # save/load replays the whole match: every so often, and at the end
ALL_EVERY = 1             # apply every listed action at every step


def _unlisted(game, m) -> list:
    """Actions that are well formed but not legal now (each must be refused)."""
    s = m.state
    if game is games.MEMOIR:
        unit = next(iter(sorted(s.state.units)))
        return [MemoirAction("battle", (unit, unit)), MemoirAction("move", (unit, unit)),
                MemoirAction("retreat", ((0, 0),)), MemoirAction("play", card="no_such_card#1"),
                MemoirAction("keep", card="attack_left#1"), MemoirAction("end")]
    out = [Bid("allied", "no-such-card"), Withdraw(s.active or "axis", "no-such-card"),
           EndTurn("axis" if s.active == "allied" else "allied"),
           Play(s.active or "allied", "riflemen-a", "move", path=("no-such-tile",))]
    out += [Bid(seat, None) for seat in games.UNDAUNTED.to_act(m) if s.zones_of(seat).hand]
    return out


def _check_step(game, m, legal, step: int) -> None:
    over = game.is_over(m)
    seats = game.to_act(m)
    assert bool(seats) != over and bool(legal) != over
    texts = [game.action_text(a) for a in legal]
    assert len(set(texts)) == len(texts), "two actions share a text"
    for a, t in zip(legal, texts):
        assert game.parse_action(m, t) == a, t
    assert sorted(map(game.action_text, (a for seat in seats for a in game.legal_actions(m, seat)))) == sorted(texts)
    before = game.digest(m)
    for a in _unlisted(game, m):
        if a in legal:
            continue
        with pytest.raises((IllegalAction, InputError)):
            game.apply(m, a)
    for text in ("", "xyzzy 1,1", "play"):
        with pytest.raises((IllegalAction, InputError)):
            game.apply(m, game.parse_action(m, text))
    if step % ALL_EVERY == 0:
        for a in legal:
            n = game.apply(m, a)
            assert n.prev is m and n.length == m.length + 1 and n.action == a
    assert game.digest(m) == before, "a refused or tried action changed the match"


@pytest.mark.parametrize(("name", "scenario", "seed", "options", "steps"), RANDOM_GAMES,
                         ids=[f"{s}-{seed}" for _, s, seed, _, _ in RANDOM_GAMES])
def test_random_game_keeps_every_invariant(name, scenario, seed, options, steps):
    game = games.get(name)
    m = game.new(scenario, seed, **options)
    assert all(isinstance(e.rule, Rule) for e in game.events(m))
    rng = random.Random(seed)
    for step in range(steps or MAX_ACTIONS):
        legal = game.legal_actions(m)
        _check_step(game, m, legal, step)
        if game.is_over(m):
            break
        a = game.random_action(m, rng)
        assert a in legal
        n = game.apply(m, a)
        assert game.undo(n) is m and n.actions == m.actions + (a,)
        assert all(isinstance(e.rule, Rule) and e.text for e in game.events(n))
        assert game.events(n)[0].side == sides.side_of(game.to_act(m)[0] if isinstance(a, MemoirAction) else a.side)
        if step % SAVE_EVERY == 0:
            assert game.load(game.save(n)) == n
        m = n
    if steps is not None:
        assert game.load(game.save(m)) == m
        return
    assert game.is_over(m), f"no winner after {MAX_ACTIONS} actions"
    assert game.winner(m) in ("allied", "axis") and game.to_act(m) == () and game.legal_actions(m) == []
    again = game.load(json.loads(json.dumps(game.save(m))))
    assert again == m and game.digest(again) == game.digest(m)
    with pytest.raises(IllegalAction):
        game.apply(m, game.random_action(m.prev, rng))


def test_undaunted_bid_is_secret_until_both_have_chosen():
    und = games.UNDAUNTED
    m = und.new("la-raye", 3)
    assert und.to_act(m) == ("allied", "axis")
    axis_before = und.legal_actions(m, "axis")
    bid = und.legal_actions(m, "allied")[-1]
    m1 = und.apply(m, bid)
    assert und.to_act(m1) == ("axis",) and und.legal_actions(m1, "allied") == []
    assert und.legal_actions(m1, "axis") == axis_before            # nothing of the allied card shows
    assert all(bid.card not in e.text and not e.data for e in und.events(m1))
    assert "allied:" not in und.digest(m) and m1.state == m.state  # the engine has not seen it yet
    with pytest.raises(IllegalAction, match="already chosen"):
        und.apply(m1, bid)
    m2 = und.apply(m1, axis_before[0])
    reveal = next(e for e in und.events(m2) if e.kind == "initiative")
    assert (reveal.get("allied"), reveal.get("axis")) == (bid.card, axis_before[0].card)
    assert m2.pending == () and und.to_act(m2) == (reveal.get("holder"),)


def test_a_save_of_the_other_game_is_refused_in_one_line():
    mem = games.MEMOIR.save(games.MEMOIR.new("pegasus-bridge", 1))
    und = games.UNDAUNTED.save(games.UNDAUNTED.new("la-raye", 1))
    with pytest.raises(InputError, match="not a saved Undaunted: Normandy game: it is a saved Memoir '44 game"):
        games.UNDAUNTED.load(mem)
    with pytest.raises(InputError, match="not a saved Memoir '44 game: it is a saved Undaunted: Normandy game"):
        games.MEMOIR.load(und)
    with pytest.raises(InputError, match="scenario '../../etc/passwd' is not one of the course's Undaunted"):
        games.UNDAUNTED.load({**und, "scenario": "../../etc/passwd"})
    with pytest.raises(InputError, match="action 1 'end' cannot be replayed"):
        games.UNDAUNTED.load({**und, "actions": ["end"]})
    with pytest.raises(InputError, match="not a saved Memoir '44 game: it names no game"):
        games.MEMOIR.load({k: v for k, v in mem.items() if k != "game"})
    with pytest.raises(InputError, match="^the uploaded file: not a saved Undaunted: Normandy game: it is a saved "
                                         "Memoir '44 game$"):
        games.UNDAUNTED.from_text(games.MEMOIR.to_text(games.MEMOIR.new("pegasus-bridge", 1)), "the uploaded file")
    for game in (games.MEMOIR, games.UNDAUNTED):
        m = game.new(SCENARIO[game.name], 4)
        assert game.load(game.save(m)).scenario == m.scenario
        rng = random.Random(4)
        for _ in range(30):
            m = game.apply(m, game.random_action(m, rng))
        assert game.from_text(game.to_text(m)) == m


def test_same_seed_same_match_and_the_draws_are_counted():
    und = games.UNDAUNTED
    a, b = und.new("la-raye", 11), und.new("la-raye", 11)
    assert a == b and und.digest(a) != und.digest(und.new("la-raye", 12))
    assert a.draws == 1        # the decks shuffled; drawing from the top needs no chance
    m, rng = a, random.Random(11)
    while m.draws == 1:        # the first roll or reshuffle: one more draw, replayed the same
        m = und.apply(m, und.random_action(m, rng))
    assert m.draws == 2 and und.load(und.save(m)) == m


# --- golden playthroughs ---------------------------------------------------------------------

# file -> (game, scenario, seed, options, who plays: the game's random player or Memoir's opponent)
GOLDEN_CASES = {
    "la-raye-seed1-random.txt": ("undaunted", "la-raye", 1, {}, "random"),
    "pegasus-bridge-seed1-random.txt": ("memoir44", "pegasus-bridge", 1, {}, "random"),
    "pegasus-bridge-seed2-opponent.txt": ("memoir44", "pegasus-bridge", 2, {}, "opponent"),
    "pegasus-bridge-seed3-alliance.txt": ("memoir44", "pegasus-bridge", 3, {"variant": ALLIANCE}, "random"),
}


def _write_golden(path: Path, game, scenario, seed, options, policy) -> None:
    """Play the case (the same seed drives the players) and write every action and state."""
    from tutor.memoir import opponent
    m = game.new(scenario, seed, **options)
    rng = random.Random(seed)
    lines = [f"game: {game.name}", f"scenario: {m.scenario}", f"seed: {seed}",
             f"options: {json.dumps(dict(m.options))}", f"state: {game.digest(m)}"]
    while not game.is_over(m) and m.length < MAX_ACTIONS * 2:
        a = opponent.choose_action(m.state, rng) if policy == "opponent" else game.random_action(m, rng)
        m = game.apply(m, a)
        lines += [f"action: {game.action_text(a)}", f"state: {game.digest(m)}"]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")


def _header(lines) -> dict:
    """The lines before the first state: game (Memoir '44 when absent), scenario, seed, and the
    options (an older Memoir file names its variant alone)."""
    head = {}
    for line in lines:
        if line.startswith("state: "):
            break
        key, _, value = line.partition(": ")
        head[key] = value
    return head


@pytest.mark.parametrize("name", sorted(GOLDEN_CASES))
def test_golden_playthrough_replays_every_state(name):
    game_name, scenario, seed, options, policy = GOLDEN_CASES[name]
    game = games.get(game_name)
    path = GOLDEN / name
    if os.environ.get("TUTOR_REGEN_GOLDEN") or not path.exists():
        _write_golden(path, game, scenario, seed, options, policy)
    lines = path.read_text(encoding="utf-8").splitlines()
    head = _header(lines)
    assert head.get("game", "memoir44") == game.name
    options = {"variant": json.loads(head["variant"])} if "variant" in head else json.loads(head["options"])
    m = game.new(head["scenario"], int(head["seed"]), **options)
    rest = lines[len(head):]
    assert rest[0] == f"state: {game.digest(m)}"
    rest = rest[1:]
    assert len(rest) % 2 == 0 and rest
    for i in range(0, len(rest), 2):
        text = rest[i].split(": ", 1)[1]
        action = game.parse_action(m, text)
        assert action in game.legal_actions(m), f"step {i // 2 + 1}: {text} is not legal"
        m = game.apply(m, action)
        assert rest[i + 1] == f"state: {game.digest(m)}", f"step {i // 2 + 1} ({text}) diverges"
    assert game.is_over(m) and game.winner(m) is not None
