"""What the battle page shows (``tutor.widgets.battle.BattleApp``): the board and hand scenes, the
heading, the prompt, the dice and their exact odds, the log, the coach, and the refresh that puts
them on the page; with the page's constants and the odds of a battle. The page's actions and taps
are ``tutor.widgets.battle``'s; this is its look, kept apart so that neither module runs long."""

from __future__ import annotations

from fractions import Fraction
from itertools import pairwise
from typing import TYPE_CHECKING

from tutor.errors import IllegalAction, InputError
from tutor.explain import plural, sentence
from tutor.hexes import Hex, fmt
from tutor.memoir import cards as C
from tutor.memoir import coach
from tutor.memoir import dice as D
from tutor.memoir import game as G
from tutor.render.scene import Card, Line, Mark, card_scene, highlights, scene
from tutor.sides import SIDE_NAMES, side_of, side_verb
from tutor.widgets.base import (
    esc,
    game_css,
    rule_details,
    rules_html,
)

if TYPE_CHECKING:
    from collections.abc import Mapping

    import ipywidgets as W

    from tutor.memoir.action import Action
    from tutor.render.canvas import BoardView

PHASE_TEXT = {"play": "play a command card", "order": "order units", "act": "move and battle",
              "retreat": "retreat", "recon": "Recon: keep a card", "ambush": "Ambush or not",
              "air": "Air Power", "barrage": "Barrage", "dispatch": "hand out the cards",
              "setback": "initiative setback", "place": "place the cards", "initiative": "initiative roll"}
FACE_ICON = {"infantry": "INF", "armor": "ARM", "grenade": "✹", "star": "★", "flag": "⚑"}
HAND_ROW = 4                      # cards in a row of the hand
HAND_WIDTH = 330                  # the hand beside the board (layout px): no scrolling every turn
LOG_ROWS = 80                     # events shown in the log (latest first)
COACH_OPTIONS = 10                # the coach lists a group's first choices, the others counted
MAX_OPPONENT_ACTIONS = 400        # a safety net: an opponent turn never runs away

APP_CSS = game_css("tutor-battle", log_height=340) + """<style>
.tutor-battle-head .medals .allied { border-color: #3b6e2e; }
.tutor-battle-head .medals .axis { border-color: #2c4f7c; }
.tutor-dice { display: flex; flex-wrap: wrap; gap: 4px; align-items: center; margin: 4px 0; font-size: 13px; }
.tutor-die { display: inline-block; min-width: 34px; height: 34px; line-height: 34px; text-align: center;
  border: 1.5px solid #555; border-radius: 6px; background: #fff; font-weight: bold; font-size: 13px; }
.tutor-die.hit { border: 3px solid #c0392b; background: #fdecea; }
.tutor-die.flag { border: 3px dashed #0072b2; }
.tutor-die.miss { color: #888; }
.tutor-odds table { border-collapse: collapse; font-size: 13px; }
.tutor-odds td, .tutor-odds th { padding: 2px 8px; text-align: left; border-bottom: 1px solid #eee; }
.tutor-hand-text { font-size: 12.5px; }
.tutor-hand-text { margin: 2px 0; padding-left: 18px; }
.tutor-hand-text li { margin: 0; line-height: 1.35; }
.tutor-battle-side { font-size: 12.5px; }
@media (max-width: 1100px) { .tutor-battle-side { flex: 1 1 100% !important; } }
.tutor-battle-coach .focus { background: #eef5fc; }
</style>"""


def _hex_key(h: Hex):
    return (h[1], h[0])


def seat_side(seat: str) -> str:
    return side_of(seat)


def card_bonus(g: G.Game, a: Hex, t: Hex) -> int:
    """Extra dice the card in play gives this battle (the engine's own reckoning)."""
    return G.bonus_dice(g, a, t)


def battle_odds(g: G.Game, a: Hex, t: Hex) -> dict:
    """Dice and exact odds of the ordered unit on ``a`` battling ``t`` now: {dice, p_hit, expected,
    p_eliminate, text} — from ``tutor.odds`` (flags it cannot retreat for included when no card
    bonus applies)."""
    from tutor import odds
    ad = G.battle_options(g, a)[t]
    bonus = card_bonus(g, a, t)
    n = ad.dice + bonus
    tu = g.state.units[t]
    dist = odds.distribution(n, tu.kind)
    p_hit = 1 - dist.hits[0]
    if bonus == 0:
        try:
            ao = odds.attack_odds(g.state, a, t)
            return {"dice": n, "bonus": 0, "p_hit": p_hit, "expected": ao.expected_losses,
                    "p_eliminate": ao.p_eliminated, "why": ad.text}
        except (IllegalAction, InputError):
            pass
    p_elim = sum((p for h, p in dist.hits.items() if h >= tu.figures), Fraction(0))
    return {"dice": n, "bonus": bonus, "p_hit": p_hit, "expected": min(dist.expected_hits, Fraction(tu.figures)),
            "p_eliminate": p_elim, "why": ad.text + (f" +{bonus} from the card." if bonus else "")}


def turn_number(g: G.Game) -> int:
    """The turn in progress: a turn counts from the card that starts it, so before its card is
    played it is already the next one (the engine counts cards played)."""
    return g.turns + (0 if g.turn is not None and g.turn.cards else 1)


def _pct(p: Fraction) -> str:
    return f"{p} ({float(p):.0%})" if p not in (0, 1) else str(p)


class BattleView:
    """The showing half of :class:`~tutor.widgets.battle.BattleApp` (a mixin: it reads the
    page's game, widgets and taps)."""

    if TYPE_CHECKING:  # what the page (BattleApp) gives this half: its game, its widgets, its taps
        game: G.Game
        solo: str | None
        selected: Hex | None
        pending_card: str | None
        refusal: tuple | None
        reasons: dict[int, tuple[str, coach.Explanation]]
        mark: int
        board: BoardView
        hand: BoardView
        head: W.HTML
        status: W.HTML
        why: W.HTML
        coach: W.HTML
        dice: W.HTML
        odds: W.HTML
        hand_text: W.HTML
        log_html: W.HTML
        save_html: W.HTML
        coach_switch: W.Checkbox
        controls: W.HBox
        all_actions: W.Dropdown
        pass_button: W.Button
        done_button: W.Button
        end_button: W.Button
        take_button: W.Button
        wire_button: W.Button
        ambush_button: W.Button
        decline_button: W.Button
        undo_button: W.Button
        section_buttons: list[W.Button]

        def _human_seat(self) -> str: ...
        def is_opponent(self, g: G.Game | None = None) -> bool: ...
        @property
        def screen_passed(self) -> bool: ...
        @staticmethod
        def parsed(acts, *verbs: str) -> list[Action]: ...
        def _take_action(self, acts) -> str | None: ...
        def hand_cards(self) -> list[str]: ...

    # ------------------------------------------------------------------------------------------
    # Showing

    def say(self, text: str, *, bad: bool = False) -> None:
        self.status.value = f'<div class="tutor-status{" bad" if bad else ""}" role="status">{text}</div>'

    def _seat_name(self, seat: str) -> str:
        return G.seat_text(seat, self.game.variant.kind)

    def _player(self, seat: str) -> str:
        return G.player_text(seat, self.game.variant.kind)

    def new_events(self) -> tuple:
        """The events since the last step began (the last action and the opponent's reply)."""
        return self.game.log[self._log_len_at(self.mark):]

    def _log_len_at(self, length: int) -> int:
        x: G.Game | None = self.game
        while x is not None and x.length > length:
            x = x.prev
        return len(x.log) if x is not None else 0

    def _board_scene(self):
        g = self.game
        acts = G.legal_actions(g) if (self.screen_passed and not self.is_opponent()) else []
        sh: dict = {}
        marks, lines, notes = [], [], []
        ph = g.phase
        if ph == "order":
            sh["legal"] = [a.unit for a in self.parsed(acts, "order")]
            sh["selected"] = list(g.turn.ordered)
        elif ph == "act":
            tokens = G.activation_tokens(g)
            for h, kind in tokens.items():
                marks.append(Mark(h, "legal", text="M" if kind == "move" else "B"))
            if self.selected is not None and self.selected in g.state.units:
                a = self.selected
                sh["selected"] = [a]
                sh["legal"] = list(G.move_options(g, a))
                targets = G.battle_options(g, a)
                sh["target"] = list(targets)
                for t in targets:
                    n = targets[t].dice + card_bonus(g, a, t)
                    notes.append((t, f"{n} {'die' if n == 1 else 'dice'}"))
            else:
                sh["legal"] = list(tokens)
            if self._take_action(acts) and g.state.vacated is not None:
                sh["path"] = [g.state.vacated]
                notes.append((g.state.vacated, "take ground?"))
        elif ph == "retreat":
            sh["legal"] = [a.unit for a in self.parsed(acts, "retreat")]
            sh["target"] = [g.turn.pending[2]]
        elif ph == "air":
            sh["target"] = sorted({x for a in self.parsed(acts, "air") for x in a.hexes}, key=_hex_key)
        elif ph == "barrage":
            sh["target"] = [a.unit for a in self.parsed(acts, "barrage")]
        elif ph == "ambush" and acts:          # who closes in on whom: the two units of the question
            f = coach.ambush_facts(g)
            if f is not None:
                sh["selected"], sh["target"] = [f["target"]], [f["attacker"]]
                notes.append((f["attacker"], "closes in"))
        for e in self.new_events():
            if e.kind == "hits" and e.at is not None:
                lost = e.get("lost")
                marks.append(Mark(e.at, "lost", text=f"−{lost}" if lost else ""))
            elif e.kind == "battle" and e.at is not None and e.to is not None:
                lines.append(Line(e.at, e.to, "sight"))
            elif e.kind in ("move", "take_ground") and e.at is not None and e.to is not None:
                lines.append(Line(e.at, e.to, "move"))
            elif e.kind == "retreat":
                path = e.get("path") or ()
                lines += [Line(p, q, "move") for p, q in pairwise(path)]
        if self.refusal is not None and self.refused_at is not None:
            marks.append(Mark(self.refused_at, "closed"))
        for o in getattr(g.state, "objectives", ()):
            for h in o.hexes:
                if not any(h == n for n, _ in notes):
                    notes.append((h, "medal"))
        hl = highlights(lines=lines, marks=marks, notes=notes, **{k: v for k, v in sh.items() if v})
        return scene(g.state, hl, title="", legend=False)

    def _hand_scene(self):
        g = self.game
        width = HAND_WIDTH
        if not self.screen_passed:
            n = len(g.hands.get(g.player, ()))
            return card_scene([(f"{self._seat_name(g.player)}", [Card("", face_up=False)] * 0, n)],
                              width=width)
        cards = self.hand_cards()
        playable = {a.card for a in self.parsed(self.legal(), "play", "keep")}
        row = []
        for c in cards:
            card = C.card(c)
            if card.section:
                sub = "all units" if card.order_count is None else f"{card.order_count} unit{'s' if card.order_count != 1 else ''}"
            else:
                sub = "tactic"
            role = "selected" if c == self.pending_card else ("new" if c in playable and g.phase == "recon" else None)
            row.append(Card(card.name, True, role, sub))
        label = "Recon: keep one" if g.phase == "recon" else f"{self._seat_name(self.viewer)} hand"
        # rows of HAND_ROW cards under the hand's name: whole cards, legible, beside the board
        rows = [("", row[k:k + HAND_ROW], None) for k in range(0, len(row), HAND_ROW)] or [("", [], None)]
        return card_scene(rows, title=label, width=width, label_w=0)

    def _head_html(self) -> str:
        g = self.game
        st = g.state
        m = st.medals
        need: Mapping[str, int] = st.medals_to_win or {}
        medals = "".join(f'<span class="{s}">{SIDE_NAMES[s]} {m[s]}'
                         + (f"/{need[s]}" if s in need else "") + "</span>" for s in ("allied", "axis"))
        hands = " · ".join(f"{self._seat_name(s)}: {plural(len(h), 'card')} in hand" for s, h in g.hands.items())
        mode = f"solo: you are the {SIDE_NAMES[seat_side(self._human_seat())]}" if self.solo else "hot-seat"
        turn = "Game over" if g.over else f"Turn {turn_number(g)} · {self._seat_name(g.player)} to act · {PHASE_TEXT.get(g.phase, g.phase)}"
        playing = ""
        if g.turn is not None and g.turn.cards and not g.over:
            playing = f"<span>{SIDE_NAMES.get(g.side, g.side)} card in play: <b>{esc(', '.join(C.name(c) for c in g.turn.cards))}</b></span>"
        out = (f'<div class="tutor-battle-head"><span class="turn">{esc(st.title)} — {esc(turn)}</span>{playing}'
               f'<span class="medals">Medals: {medals}</span><span>{esc(hands)} · deck {len(g.deck)} · '
               f'{esc(mode)}</span></div>')
        if g.over:
            w = g.winner
            out += (f'<div class="tutor-battle-win">🏅 The {SIDE_NAMES.get(w, w)} {side_verb(w, "win", "wins")} '
                    f'with {plural(m[w], "medal")}!</div>'
                    if w else '<div class="tutor-battle-win">The game is over.</div>')
        return out

    def _prompt(self, acts, short: bool = False) -> str:
        g = self.game
        ph = g.phase
        who = self._seat_name(g.player)
        if g.over:
            return "The game is over."
        if ph == "play":
            if self.pending_card:
                return f"{C.name(self.pending_card)}: pick the section whose infantry it orders."
            return f"{who}: play a command card — tap it in your hand."
        if ph == "order":
            t = g.turn
            assert t is not None and t.effect is not None        # (the order phase: a card's effect)
            slots = "; ".join(s.describe() for s in t.effect.slots)
            n = len(self.parsed(acts, "order"))
            return (f"{who}: {C.name(t.cards[0]) if t.cards else 'the card'} orders {slots}. "
                    f"{len(t.ordered) or 'None'} ordered; tap a shaded unit to order it ({n} may still be), an ordered unit "
                    f"to take its order back, then Orders done.")
        if ph == "act":
            if self.selected is not None:
                return (f"{who}: the unit on {fmt(self.selected)} — tap a green hex to move, a red target to "
                        f"battle; tap it again to let go.")
            moving = g.state.phase == "move"
            return (f"{who}: tap an ordered unit (M: may move, B: may battle)"
                    + (" — all moves come before the first battle" if moving else " — battles now") + ", then End turn.")
        if ph == "retreat":
            return f"{who}: your unit must retreat — tap a green hex."
        if ph == "ambush":
            f = coach.ambush_facts(g)
            if f is not None:
                return f"{who}: {f['text']}. Play Ambush, or let it go ahead?"
            return f"{who}: a close combat is declared on your unit. Play Ambush, or let it go ahead?"
        if ph == "recon":
            return f"{who}: Recon — keep one of the two cards drawn (tap it)."
        if ph == "air":
            return f"{who}: Air Power — tap an enemy unit; it and up to 3 adjacent enemy units are struck."
        if ph == "barrage":
            return f"{who}: Barrage — tap the enemy unit to strike with 4 dice."
        return f"{who}: pick an action from the list of all legal actions below."

    def _dice_html(self) -> str:
        """The dice of the last step's battles, face by face (hits red, flags dashed blue)."""
        out = []
        x: G.Game | None = self.game
        nodes = []
        while x is not None and x.length > self.mark:
            nodes.append(x)
            x = x.prev
        for node in reversed(nodes):
            before = node.prev.state if node.prev is not None else node.state
            for e in node.new_events:
                if e.kind != "roll":
                    continue
                faces = e.get("faces") or ()
                tu = before.units.get(e.at)
                hitting = D.hit_faces(tu.kind) if tu is not None else frozenset({"grenade"})
                dice = "".join(
                    f'<span class="tutor-die {"hit" if f in hitting else "flag" if f == "flag" else "miss"}" '
                    f'title="{esc(f)}">{FACE_ICON.get(f, esc(f))}</span>' for f in faces)
                out.append(f'<div class="tutor-dice">{dice}<span>{esc(e.text)}</span></div>')
        return "".join(out[-4:])

    def _odds_html(self) -> str:
        g = self.game
        if g.phase != "act" or self.selected is None or self.selected not in g.state.units:
            return ""
        a = self.selected
        targets = G.battle_options(g, a)
        if not targets:
            return ""
        rows: list[str] = []
        for t in sorted(targets, key=_hex_key):
            o = battle_odds(g, a, t)
            tu = g.state.units[t]
            rows.append(f"<tr><td>{fmt(t)}</td><td>{esc(tu.name)} ({tu.figures})</td><td>{o['dice']}</td>"
                        f"<td>{_pct(o['p_hit'])}</td><td>{o['expected']} ({float(o['expected']):.2f})</td>"
                        f"<td>{_pct(o['p_eliminate'])}</td></tr>")
        return (f'<div class="tutor-odds"><b>Before you roll</b> — exact odds for the unit on {fmt(a)}:'
                f'<table><tr><th>target</th><th></th><th>dice</th><th>P(≥1 hit)</th><th>figures lost (mean)</th>'
                f'<th>P(eliminated)</th></tr>{"".join(rows)}</table></div>')

    def explanation(self, x: G.Game) -> coach.Explanation | None:
        """The computer's reason for the step that made ``x`` (None: not the computer's step)."""
        got = self.reasons.get(x.length)
        if got is None or x.prev is None or not self.is_opponent(x.prev) or got[0] != x.action:
            return None
        return got[1]

    def _log_html(self) -> str:
        rows: list[str] = []
        x: G.Game | None = self.game
        while x is not None and len(rows) < LOG_ROWS:
            new = " style='background:#fff8d6'" if x.length > self.mark else ""
            ex = self.explanation(x)
            for e in reversed(x.new_events):
                r = e.rule
                if e.kind == "action":
                    if ex is not None:       # the computer's step: what, why, the rule one tap away
                        rows.append(rule_details(f'The computer: {esc(ex.what)} <span class="cite">— why: '
                                                 f'{esc(ex.why)}</span>', ex.rule, f' class="act computer"{new}'))
                    else:
                        rows.append(f'<div class="act"{new}>{esc(e.text)}</div>')
                    continue
                if r is None:
                    rows.append(f"<div{new}>{esc(e.text)}</div>")
                    continue
                rows.append(rule_details(f'{esc(e.text)} <span class="cite">— {esc(r.section)} (why?)</span>', r, new))
            x = x.prev
        return '<div class="tutor-log" tabindex="0" role="log" aria-label="event log"><b>Event log</b> (latest first; tap an event for its rule)' + "".join(rows) + "</div>"

    def coach_html(self) -> str:
        """The coach: the legal choices of this moment, grouped, one line of why each, the rule one
        click away (empty when switched off, on the computer's turn or before the screen is passed)."""
        g = self.game
        if not self.coach_switch.value or g.over or not self.screen_passed or self.is_opponent():
            return ""
        advice = coach.advise(g, self.selected)
        items = []
        for gr in advice.groups:
            opts = "".join(f"<li>{rule_details(('★ ' if o.best else '') + esc(o.line), o.rule)}</li>"
                           for o in gr.options[:COACH_OPTIONS])
            more = len(gr.options) - COACH_OPTIONS
            if more > 0:
                opts += f"<li>… and {plural(more, 'other choice')}: the shaded hexes on the board</li>"
            focus = ' class="focus"' if gr.focus else ""
            opened = gr.focus or len(advice.groups) == 1
            items.append(f"<li{focus}><details{' open' if opened else ''}>"
                         f"<summary>{esc(gr.title if opened else gr.line)}</summary><ul>{opts}</ul></details></li>")
        best = (f"<div><b>The computer in your place:</b> {esc(advice.suggestion.line)}</div>"
                if advice.suggestion is not None else "")
        return (f'<div class="tutor-battle-coach" tabindex="0" role="region" aria-label="coach">'
                f"<b>What can I do now?</b> {esc(advice.headline)}<ul>{''.join(items)}</ul>{best}</div>")

    def _why_html(self) -> str:
        if self.refusal is not None:
            reason, rule = self.refusal
            return (f'<div class="tutor-why"><div class="verdict">Not allowed: {esc(reason)}</div>'
                    f'{rules_html([rule] if rule else [])}</div>')
        evs = [e for e in self.new_events() if e.kind != "action"]
        if not evs:
            return ""
        items = "".join(f"<li>{esc(e.text)}</li>" for e in evs[-8:])
        return (f'<details class="tutor-why"><summary><b>why?</b> the rules of the last step</summary>'
                f'<ul>{items}</ul>{rules_html([e.rule for e in evs])}</details>')

    def refresh(self) -> None:
        g = self.game
        acts = G.legal_actions(g) if self.screen_passed else []
        self.board.update(self._board_scene())
        self.hand.update(self._hand_scene())
        self.head.value = self._head_html()
        if self.refusal is not None:
            self.say("✗ " + esc(sentence(self.refusal[0])), bad=True)
        elif not self.screen_passed:
            self.say(f"Hot-seat: {self._player(g.player)}'s turn to act. Hand the screen over; "
                     f"{self._player(g.player)} then taps Pass the screen to show that hand.")
        else:
            self.say(esc(self._prompt(acts)))
        kids = []
        if not self.screen_passed:
            self.pass_button.description = "Pass the screen"
            self.pass_button.tooltip = f"I am {self._player(g.player)}: show my hand"
            kids.append(self.pass_button)
        elif not g.over:
            if g.phase == "play" and self.pending_card:
                kids += self.section_buttons
            if g.phase == "order":
                kids.append(self.done_button)
            if g.phase == "act":
                if self._take_action(acts):
                    kids.append(self.take_button)
                if self.parsed(acts, "wire"):
                    kids.append(self.wire_button)
                kids.append(self.end_button)
            if g.phase == "ambush":
                kids += [self.ambush_button, self.decline_button]
        self.controls.children = tuple(kids)
        self.undo_button.disabled = g.prev is None
        self.dice.value = self._dice_html()
        self.odds.value = self._odds_html() if self.screen_passed else ""
        if self.screen_passed:
            cards = self.hand_cards()
            self.hand_text.value = ('<ul class="tutor-hand-text">' + "".join(
                f"<li><b>{esc(C.name(c))}</b>: {esc(C.card(c).text)}</li>" for c in cards) + "</ul>")
        else:
            self.hand_text.value = ""
        self.why.value = self._why_html()
        self.coach.value = self.coach_html()
        self.log_html.value = self._log_html()
        opts = [(G.action_text(g, a), a) for a in acts] if self.screen_passed and not g.over else []
        self.all_actions.options = opts
        self.save_html.value = ""
