"""The Undaunted live board's and La Raye game page's words: pure functions of the engine's values.

What the board (``tutor.widgets.undaunted_board``) and the game page
(``tutor.widgets.undaunted_game``) say, with no widget state: an action as printed on its card, a
counter's status, a typed tile read, the shortest chain of tiles, the headline of a play, a tile in
words, the next-step prompt; the game page's header, zones table, coach panel and log as HTML.
The widgets keep the state and the taps and call these.
"""

from __future__ import annotations

import re
from collections import deque
from dataclasses import dataclass

from tutor.explain import quote_html
from tutor.render.undaunted import card_title, cover_key
from tutor.render.undaunted import words as plain
from tutor.sides import SIDE_ADJECTIVES, SIDE_NAMES, Side
from tutor.undaunted import rules as UR
from tutor.undaunted.cards import ACTION_CS, CARDS
from tutor.undaunted.state import Bid, EndTurn, Event, Play, Withdraw, other
from tutor.widgets.base import esc, rule_details
from tutor.words import plural, sentence

PATH_ACTIONS = ("move", "guide", "scout", "stalk")
FIRE_ACTIONS = ("attack", "suppress")
COLOUR_WORDS = {"allied": "blue", "axis": "orange"}
SIDES = ("allied", "axis")
LOG_ROWS = 120                    # log entries shown, latest first
COACH_OPTIONS = 4                 # the coach lists a card's best choices, the others counted


@dataclass(frozen=True)
class Answer:
    """What the last tap said: a verdict line (ok: True / False / None for information), more
    HTML, and the rules it rests on."""

    text: str
    ok: bool | None = None
    body: str = ""
    rules: tuple = ()


# ------------------------------------------------------------------------------------------------
# The live board's words


def action_label(card_id: str, action: str) -> str:
    """The action as printed on the card: "Move 1", "Scout 2", "Control", "Bolster 1 A"."""
    if action == "ready":
        return "Ready (flip the token)"
    spec = CARDS[card_id].action(action)
    return spec.label if spec is not None else action.capitalize()


def status_words(token) -> str:
    """A combat counter's state in the rulebook's terms: the side it shows, ready or suppressed
    (Czech rulebook, ŽETONY, "4. Připraveni / pod palbou"; the English edition's Ready and
    Suppressed sides), and what that means for its unit."""
    if token.suppressed:
        return "suppressed (Czech: pod palbou): it can take no actions until its card readies it"
    return "ready (Czech: připraveni): its counter ready side up, it acts when its card is played"


def action_cs(action: str) -> str:
    """The Czech edition's term for an action, as the rulebook quoted beside it prints it."""
    return ACTION_CS.get(action, "")


def tile_ids(board) -> list[str]:
    """The board's tile labels in the order of their numbers: "1A", "2A", "3B" … "17B"."""
    return sorted((t.id for t in board.tiles), key=lambda t: (int(m.group()) if (m := re.match(r"\d+", t)) else 0, t))


def tile_entry(text: str, board) -> tuple[str | None, str]:
    """Read a tile typed in the board's Tile field (the label printed on the tile, "17B"; case and
    spaces do not matter): ``(tile, "")``, or ``(None, why)`` with one line naming the map's tiles."""
    typed = "".join(str(text).split()).upper()
    tile = next((t.id for t in board.tiles if t.id.upper() == typed), None)
    if tile is None:
        return None, f"There is no tile {typed} on this map: its tiles are {', '.join(tile_ids(board))}."
    return tile, ""


def shortest_path(board, start: str, goal: str) -> tuple[str, ...]:
    """A shortest chain of adjacent tiles from start to goal, start not included (geometry only:
    what to ask the engine about when no legal play reaches the tile)."""
    prev: dict[str, str | None] = {start: None}
    q = deque([start])
    while q:
        t = q.popleft()
        if t == goal:
            break
        for n in board.neighbours(t):
            if n not in prev:
                prev[n] = t
                q.append(n)
    path: list[str] = []
    at: str | None = goal
    while at is not None and at != start:
        path.append(at)
        at = prev.get(at)
    return tuple(reversed(path))


def headline(action, events: tuple[Event, ...]) -> str:
    """The one line answering a play the engine accepted: "✓ Scout A moved to 12B."."""
    if isinstance(action, EndTurn):
        g = events[-1] if events else None
        side = Side.of(action.side)
        nxt = "the round is over" if g is not None and g.kind == "end-round" else f"{side.other.the} to play"
        return f"✓ {side.The} {side.verb('end', 'ends')} the turn: {nxt}."
    main = next((e for e in events if e.kind not in ("deploy",)), events[0] if events else None)
    text = plain(main.text) if main is not None else "done"
    win = next((e for e in events if e.kind == "victory"), None)
    return f"✓ {sentence(text)}." + (f" {plain(win.text)}!" if win else "")


def describe_tile(game, tile: str) -> str:
    """A tile in words: its cover, objective, markers and units."""
    t = game.board.tile(tile)
    bits = [f"{tile}: {cover_key(t.cover)}"]
    if t.objective:
        bits.append(f"an objective worth {t.objective}")
    for side in SIDES:
        st = game.control_of(side, tile)
        if st:
            bits.append(f"{SIDE_ADJECTIVES[side]} control marker {st} side up")
        if game.target_of(side) == tile:
            bits.append(f"{SIDE_ADJECTIVES[side]} target marker")
    units = [f"{SIDE_ADJECTIVES[u.side]} {card_title(u.unit)} ({'suppressed' if u.suppressed else 'ready'})"
             for u in game.units_at(tile)]
    if units:
        bits.append("units: " + ", ".join(units))
    return "; ".join(bits) + "."


def card_whereabouts(zones, unit: str) -> str:
    """Where a unit's cards are when none is in the hand: "its cards: 1 in the discard pile"."""
    z = zones
    where = [f"{n} in {name}" for name, n in (("the table", z.table.count(unit)), ("the discard pile",
             z.discard.count(unit)), ("the draw deck", z.draw.count(unit)), ("the supply", z.supply.count(unit)))
             if n]
    return "its cards: " + ", ".join(where) if where else "every card of it is out of the game"


def option_text(p: Play) -> str:
    """A bolster or inspire play in words: "take Rifleman A from the supply"."""
    what = ", ".join(card_title(c) for c in p.cards) or "nothing"
    return f"take {what}" + (" from the supply" if p.action == "bolster" else " back from the table")


def prompt(side: str, card: str | None, action: str | None, unit: str | None) -> Answer:
    """What to do next with the chosen card and action (an information line)."""
    if card is None:
        return Answer(f"{SIDE_ADJECTIVES[side]} to play: tap one of your units "
                      f"({COLOUR_WORDS[side]}), or choose a card of your hand.")
    label = action_label(card, action) if action else ""
    if action_cs(action or ""):
        label += f" (Czech: {action_cs(action or '')})"
    title = card_title(card)
    if action is None:
        return Answer(f"{title} has no action to offer here: hunker down with it (back to the supply), "
                      f"or choose another card.")
    if action == "guide" and unit is None:
        return Answer(f"{title}: {label}. Tap the unit of yours to guide.", None, rules=(UR.GUIDE,))
    if action in PATH_ACTIONS:
        return Answer(f"{title}: {label}. Tap the tile to go to (green: the engine allows it).")
    if action == "target":
        return Answer(f"{title}: {label}. Tap the tile for the target marker (green: at least 3 away).",
                      rules=(UR.TARGET,))
    if action in FIRE_ACTIONS:
        return Answer(f"{title}: {label}. Tap an enemy unit to see the chance to hit.",
                      rules=(UR.CHOOSE_TARGET,))
    if action == "ready":
        return Answer(f"{title} is suppressed: its card can only flip it back to ready. Press Play (or tap "
                      "it again) to do that.", None, rules=(UR.SUPPRESSED,))
    return Answer(f"{title}: {label}. Press Play (or tap the unit) to do it.")


# ------------------------------------------------------------------------------------------------
# The game page's words


def acting_side(action) -> str | None:
    return getattr(action, "side", None)


def action_words(a) -> str:
    """An action in the learner's words: "Scout A: Scout 2 → 12B → 4B", "Rifleman B hunkers down";
    a bid never names its card (it is secret until both are revealed)."""
    if isinstance(a, Bid):
        return "bids a card for the initiative, face down"
    if isinstance(a, Play):
        if a.action == "ready":
            return f"{card_title(a.card)}: Ready (flip the counter back)"
        text = f"{card_title(a.card)}: {action_label(a.card, a.action)}"
        if a.unit:
            text += f", {card_title(a.unit)}"
        if a.path:
            text += " → " + " → ".join(a.path)
        if a.target:
            text += f" at {card_title(a.target) if a.target in CARDS else a.target}"
        if a.cards:
            text += " (" + ", ".join(card_title(c) for c in a.cards) + ")"
        if a.deploy:
            text += f", placed on {a.deploy}"
        return text
    if isinstance(a, Withdraw):
        return f"{card_title(a.card)} hunkers down (back to the supply)"
    if isinstance(a, EndTurn):
        return "ends the turn"
    return plain(str(a))


def who(side: str | None, solo: str | None) -> str:
    """Who took a step, for the log: "You", "The computer (Axis)", "The Allies" (hot-seat)."""
    if side is None:
        return "Both players"
    if solo:
        return "You" if side == other(solo) else f"The computer ({SIDE_NAMES[side]})"
    return f"The {SIDE_NAMES[side]}"


def step_words(side: str | None, solo: str | None, a) -> str:
    """A player's step as a sentence for the log: "You bid a card for the initiative, face down",
    "The Axis ends the turn", "You: Scout A: Scout 2 → 12B" (a card's action after its player)."""
    subject = who(side, solo)
    many = side is None or subject == "You" or (not solo and Side.of(side).plural)   # "the Allies bid"
    if isinstance(a, Bid):
        return f"{subject} {'bid' if many else 'bids'} a card for the initiative, face down"
    if isinstance(a, EndTurn):
        return f"{subject} {'end' if many else 'ends'} the turn"
    return f"{subject}: {action_words(a)}"


def last_bid(match):
    """The last revealed bids: (allied card, axis card, holder, round), or None."""
    m = match
    while m is not None:
        for e in m.events:
            if e.kind == "initiative":
                return e.get("allied"), e.get("axis"), e.get("holder"), m.state.round
        m = m.prev
    return None


def head_html(s, *, solo: str | None, computer_turn: bool, bid) -> str:
    """The page's header: the round and whose turn, the objectives held, the initiative, the mode."""
    target = {x: s.scenario.victory_of(x).objectives for x in SIDES}
    obj = "".join(f'<span>{SIDE_NAMES[x]} {s.objectives_held(x)}/{target[x]}</span>' for x in SIDES)
    if s.over:
        turn = "Game over"
    elif s.phase == "initiative":
        turn = f"Round {s.round} · initiative bids"
    else:
        turn = f"Round {s.round} · {SIDE_ADJECTIVES[s.active]} turn" + (" (the computer)" if computer_turn else "")
    mode = f"solo: you are the {SIDE_NAMES[other(solo)]}" if solo else "hot-seat"
    if bid is None:
        init = f"Initiative token: {SIDE_NAMES[s.initiative]} (the scenario's start)"
    else:
        a, x, holder, rnd = bid
        words = " vs ".join(f"{SIDE_NAMES[sd]} {card_title(c) + ' ' + str(CARDS[c].initiative) if c else 'no card'}"
                            for sd, c in (("allied", a), ("axis", x)))
        init = f"Initiative (round {rnd}): {words} → {SIDE_NAMES[holder]} first"
    out = (f'<div class="tutor-und-head"><span class="turn">La Raye — {esc(turn)}</span>'
           f'<span class="obj">Objectives (to win {target["allied"]}): {obj}</span>'
           f'<span>{esc(init)}</span><span>{esc(mode)}</span></div>')
    if s.over:
        out += f'<div class="tutor-und-win" role="status">🏅 {esc(plain(s.result or ""))}</div>'
    return out


def zones_html(s, shown) -> str:
    """Both sides' zones as a table; the hands of the sides in ``shown`` named, the others counted."""
    rows = []
    for side in SIDES:
        z = s.zones_of(side)
        hand = (", ".join(card_title(c) for c in z.hand) or "empty") if side in shown else plural(len(z.hand), "card")
        sup = {c: z.supply.count(c) for c in dict.fromkeys(sorted(z.supply))}
        supply = ", ".join(f"{card_title(c)}{' ×' + str(n) if n > 1 else ''}" for c, n in sup.items()) or "empty"
        discard = ", ".join(card_title(c) for c in z.discard) or "empty"
        out = ", ".join(card_title(c) for c in z.out) or "none"
        table = ", ".join(card_title(c) for c in z.table)
        rows.append(f"<tr><th>{SIDE_NAMES[side]}</th><td><b>hand</b>: {esc(hand)}"
                    + (f"; <b>played</b>: {esc(table)}" if table else "")
                    + f"<br><b>draw deck</b>: {plural(len(z.draw), 'card')} · <b>discard</b>: {esc(discard)}"
                    f"<br><b>supply</b>: {esc(supply)}<br><b>out of the game</b>: {esc(out)}</td></tr>")
    return f'<div class="tutor-und-zones"><table>{"".join(rows)}</table></div>'


def coach_html(advice) -> str:
    """The coach's advice (``tutor.undaunted.coach.advise``): what the side to act may do now, one
    line each with its rule, and the computer's choice in its place."""
    items = []
    for c in advice.cards:
        opts = "".join(f"<li>{'★ ' if o.best else ''}{esc(o.line)}</li>" for o in c.options[:COACH_OPTIONS])
        more = len(c.options) - COACH_OPTIONS
        opts += f"<li>… and {plural(more, 'other choice')}</li>" if more > 0 else ""
        r = c.rule
        items.append(f"<li><details><summary>{esc(c.line)}</summary><ul>{opts}</ul>"
                     f'<div class="rule-sum">{esc(r.summary)}</div>{quote_html(r, tag="q")}'
                     f'<div class="cite">{esc(r.cite)}</div></details></li>')
    best = (f'<div><b>The computer in your place:</b> {esc(advice.suggestion.line)}</div>'
            if advice.suggestion is not None else "")
    return (f'<div class="tutor-und-coach" tabindex="0" role="region" aria-label="coach"><b>What can I do now?</b> {esc(advice.headline)}'
            f'<ul>{"".join(items)}</ul>{best}</div>')


def log_html(match, *, mark: int, reasons: dict, solo: str | None) -> str:
    """The game log, latest first: each event with its rule one tap away, each step with who took
    it (the computer's with its reason); the steps after match length ``mark`` highlighted."""
    rows: list[str] = []
    m = match
    while m is not None and len(rows) < LOG_ROWS:
        new = " style='background:#fff8d6'" if m.length > mark else ""
        for e in reversed(m.events):
            r = e.rule
            if r is None:
                rows.append(f"<div{new}>{esc(plain(e.text))}</div>")
                continue
            rows.append(rule_details(f'{esc(plain(e.text))} <span class="cite">— {esc(r.section)} (why?)</span>',
                                     r, new))
        if m.action is not None:
            side = acting_side(m.action)
            ex = reasons.get(m.length) if solo is not None and side == solo else None
            if ex is not None:           # the computer's step: what, why, its rule one tap away
                rows.append(rule_details(f'The computer: {esc(ex.what)} <span class="cite">— why: {esc(ex.why)}</span>',
                                         ex.rule, f' class="act"{new}'))
            else:
                rows.append(f'<div class="act"{new}>{esc(step_words(side, solo, m.action))}</div>')
        m = m.prev
    return ('<div class="tutor-log" tabindex="0" role="log" aria-label="game log"><b>Game log</b> '
            '(latest first; tap an event for its rule and the original text)' + "".join(rows) + "</div>")
