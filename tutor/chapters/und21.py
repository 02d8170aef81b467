"""Chapter 21, Undaunted: components and setup — and the display helpers every Undaunted chapter uses.

Shared helpers (imported by und22 … und28; candidates to move into ``tutor.render`` once it draws
Undaunted boards itself):

* :func:`card_title` — a card id in plain English ("Riflemen A").
* :func:`zones_svg` — a side's zones as rows of cards (``tutor.render.scene.card_scene``), with
  highlighted cards; face-down piles as counts unless ``open_draw``.
* :func:`board_svg` — an Undaunted board: tiles laid like bricks, cover, objectives, both sides'
  control markers, unit tokens (ready / suppressed), deployment and target markers, a path.
* :func:`events_html` — what an engine step did, in words, with each cited rule once.
* :func:`stepper` — Back / Next buttons over a list of pre-rendered frames.

Chapter 21's own content: a starting-deck shuffle (``setup_widget``) and its questions.
"""

from __future__ import annotations

from dataclasses import replace
from html import escape
from pathlib import Path

from tutor.explain import rule_html, rules_html
from tutor.quiz import Question
from tutor.undaunted import rules as R
from tutor.undaunted.cards import CARDS, UNIT_TYPES
from tutor.undaunted.deck import ZONE_NAMES, Zones

ROOT = Path(__file__).resolve().parent.parent.parent
WORKED = ROOT / "scenarios" / "undaunted" / "worked-example.yaml"

SIDE_LABEL = {"allied": "Allies (US)", "axis": "Axis (German)"}
SIDE_COLOUR = {"allied": "#0072b2", "axis": "#b5520c"}
ZONE_LABEL = {"hand": "hand", "table": "table", "discard": "discard", "draw": "draw deck",
              "supply": "supply", "out": "out of game"}

_NAMES = {"riflemen": "Riflemen", "scouts": "Scouts", "machine-gunners": "Machine gunners",
          "squad-leader": "Squad leader", "platoon-sergeant": "Platoon sergeant",
          "platoon-guide": "Platoon guide", "sniper": "Sniper", "mortar": "Mortar",
          "fog-of-war": "Fog of war"}
_SHORT = {"riflemen": "Rifle", "scouts": "Scout", "machine-gunners": "MG", "sniper": "Sniper",
          "mortar": "Mortar"}


def card_title(card_id: str) -> str:
    """``riflemen-a`` → "Riflemen A"; ``platoon-sergeant`` → "Platoon sergeant"."""
    c = CARDS[card_id]
    name = _NAMES.get(c.name, c.name.replace("-", " ").capitalize())
    return f"{name} {c.squad.upper()}" if c.squad else name


def unit_short(unit_id: str) -> str:
    c = CARDS[unit_id]
    s = _SHORT.get(c.name, c.name)
    return f"{s} {c.squad.upper()}" if c.squad else s


def action_labels(card_id: str) -> str:
    """The card's actions as printed: "move 1 · attack 1 · control"."""
    return " · ".join(a.label for a in CARDS[card_id].actions) or "(initiative only)"


# ---------------------------------------------------------------------------------------------
# card rows


def _render_card(card_id: str, role: str | None = None):
    from tutor.render.scene import Card
    return Card(card_title(card_id), True, role, f"init {CARDS[card_id].initiative}")


def zones_svg(z: Zones, *, title: str = "", zones=ZONE_NAMES, open_draw: bool = False,
              roles: dict | None = None, width: int = 680, card_h: int = 64) -> str:
    """Rows of cards, one per zone. ``roles`` maps a zone to {index: role} (role: "hit", "new",
    "removed", "predicted") to mark cards. The draw deck is face down unless ``open_draw``."""
    from tutor.render.scene import card_scene
    from tutor.render.svg import svg
    roles = roles or {}
    rows, longest = [], 0
    for name in zones:
        cards = getattr(z, name)
        marks = roles.get(name, {})
        if name == "draw" and not open_draw:
            rows.append((ZONE_LABEL[name], (), len(cards)))
            longest = max(longest, 3)
            continue
        rows.append((ZONE_LABEL[name], tuple(_render_card(c, marks.get(i)) for i, c in enumerate(cards)), None))
        longest = max(longest, len(cards))
    w = max(width, 96 + 24 + longest * 64)
    return svg(card_scene(rows, title=title, width=w, card_h=card_h))


def zones_html(z: Zones, **kw) -> str:
    return f'<div style="overflow-x:auto">{zones_svg(z, **kw)}</div>'


# ---------------------------------------------------------------------------------------------
# the board

TW, TH = 96, 78          # tile width and height in pixels; a row is offset by half a tile
_PAD = 10
_COVER_FILL = {0: "#f3f1e4", 1: "#dfe8c8", 2: "#c4d9a6", 3: "#9cc27e"}
_HILL_FILL = "#dcc79a"


def _tile_xy(pos) -> tuple[float, float]:
    col, row = pos
    return _PAD + col * TW / 2, _PAD + row * TH


def board_svg(state, *, highlight=(), path=(), title: str = "", note: str = "") -> str:
    """The board of an Undaunted ``GameState`` as SVG text.

    Each tile shows its label, cover ("cover 3", "hill 3/1"), objective value (gold disc), the
    control markers (a small square per side: outline = scouted, filled = controlled), deployment
    markers (a triangle) and unit tokens (side colour; grey and dashed when suppressed). A target
    marker is a cross-hair. ``highlight`` outlines tiles; ``path`` draws a route through tile centres.
    """
    board = state.board
    xs = [_tile_xy(t.pos)[0] for t in board.tiles]
    ys = [_tile_xy(t.pos)[1] for t in board.tiles]
    W = max(int(max(xs) + TW + _PAD), 560)
    H0 = int(max(ys) + TH + _PAD)
    top = 24 if title else 0
    legend_h = 30
    H = H0 + top + legend_h
    out = [(f'<svg xmlns="http://www.w3.org/2000/svg" width="{W}" height="{H}" viewBox="0 0 {W} {H}" '
           f'font-family="DejaVu Sans, Arial, sans-serif">'),
           f'<rect width="{W}" height="{H}" fill="#ffffff"/>']
    if title:
        out.append(f'<text x="{_PAD}" y="18" font-size="14" font-weight="bold" fill="#222">{escape(title)}</text>')
    out.append(f'<g transform="translate(0,{top})">')
    ctrl = {s: state.control_markers(s) for s in ("allied", "axis")}
    deps = {}
    for d in board.deployments:
        deps.setdefault(d.tile, []).append(d)
    tok_out: list[str] = []
    for t in board.tiles:
        x, y = _tile_xy(t.pos)
        fill = _HILL_FILL if t.cover.hill else _COVER_FILL.get(t.cover.high, "#8fb46f")
        out.append(f'<rect x="{x + 1}" y="{y + 1}" width="{TW - 2}" height="{TH - 2}" rx="4" fill="{fill}" '
                   f'stroke="#6b6b5a" stroke-width="1" data-tile="{escape(t.id)}"/>')
        out.append(f'<text x="{x + 6}" y="{y + 15}" font-size="12" font-weight="bold" fill="#222">'
                   f'{escape(t.id)}</text>')
        cov = f"hill {t.cover}" if t.cover.hill else f"cover {t.cover.high}"
        out.append(f'<text x="{x + 6}" y="{y + TH - 7}" font-size="9.5" fill="#333">{cov}</text>')
        if t.objective:
            out.append(f'<circle cx="{x + TW - 14}" cy="{y + 13}" r="9" fill="#e6b422" stroke="#7a5a00"/>'
                       f'<text x="{x + TW - 14}" y="{y + 17}" font-size="11" font-weight="bold" '
                       f'text-anchor="middle" fill="#222">{t.objective}</text>')
        # control markers, bottom right: allied then axis
        for i, side in enumerate(("allied", "axis")):
            st = ctrl[side].get(t.id)
            if st is None:
                continue
            cx = x + TW - 34 + i * 15
            cy = y + TH - 19
            col = SIDE_COLOUR[side]
            filled = st == "controlled"
            out.append(f'<rect x="{cx}" y="{cy}" width="12" height="12" rx="2" fill="{col if filled else "#fff"}" '
                       f'stroke="{col}" stroke-width="2"><title>{side} {st}</title></rect>'
                       f'<text x="{cx + 6}" y="{cy + 9.5}" font-size="8.5" font-weight="bold" '
                       f'text-anchor="middle" fill="{"#fff" if filled else col}">{"C" if filled else "S"}</text>')
        for j, d in enumerate(deps.get(t.id, ())):
            dx = x + 42 + j * 14
            dy = y + 5
            out.append(f'<polygon points="{dx},{dy + 11} {dx + 6},{dy} {dx + 12},{dy + 11}" '
                       f'fill="{SIDE_COLOUR[d.side]}" opacity="0.75"><title>{d.side} deployment: '
                       f'{", ".join(d.admits)}</title></polygon>')
        for side in ("allied", "axis"):
            if state.target_of(side) == t.id:
                tx, ty = x + TW - 14, y + TH / 2 - 2
                col = SIDE_COLOUR[side]
                out.append(f'<g stroke="{col}" stroke-width="2" fill="none"><circle cx="{tx}" cy="{ty}" r="8"/>'
                           f'<line x1="{tx - 11}" y1="{ty}" x2="{tx + 11}" y2="{ty}"/>'
                           f'<line x1="{tx}" y1="{ty - 11}" x2="{tx}" y2="{ty + 11}"/></g>')
    for t in board.tiles:
        x, y = _tile_xy(t.pos)
        toks = state.units_at(t.id)
        for k, tok in enumerate(toks[:3]):
            bx, by = x + 8, y + 20 + k * 16
            col = SIDE_COLOUR[tok.side]
            if tok.suppressed:
                tok_out.append(f'<rect x="{bx}" y="{by}" width="62" height="14" rx="3" fill="#9a9a9a" '
                           f'stroke="{col}" stroke-width="1.5" stroke-dasharray="3 2"/>')
            else:
                tok_out.append(f'<rect x="{bx}" y="{by}" width="62" height="14" rx="3" fill="{col}"/>')
            label = unit_short(tok.unit) + (" ⊘" if tok.suppressed else "")
            tok_out.append(f'<text x="{bx + 31}" y="{by + 10.5}" font-size="9.5" font-weight="bold" '
                       f'text-anchor="middle" fill="#fff">{escape(label)}</text>')
        if len(toks) > 3:
            tok_out.append(f'<text x="{x + 74}" y="{y + 62}" font-size="9">+{len(toks) - 3}</text>')
    for tid in highlight:
        if tid in board:
            x, y = _tile_xy(board.tile(tid).pos)
            out.append(f'<rect x="{x + 2}" y="{y + 2}" width="{TW - 4}" height="{TH - 4}" rx="4" fill="none" '
                       f'stroke="#f0c000" stroke-width="4"/>')
    if len(path) > 1:
        pts = []
        for tid in path:
            x, y = _tile_xy(board.tile(tid).pos)
            pts.append(f"{x + TW / 2},{y + TH / 2 + 6}")
        out.append(f'<polyline points="{" ".join(pts)}" fill="none" stroke="#d81b60" stroke-width="3.5" '
                   f'stroke-dasharray="7 4" stroke-linecap="round"/>')
        lx, ly = pts[-1].split(",")
        out.append(f'<circle cx="{lx}" cy="{ly}" r="5" fill="#d81b60"/>')
    out += tok_out
    out.append("</g>")
    # legend
    ly = H - legend_h + 8
    lg = [(SIDE_COLOUR["allied"], "Allied token"), (SIDE_COLOUR["axis"], "Axis token"),
          ("#9a9a9a", "suppressed ⊘")]
    x = _PAD
    for col, text in lg:
        out.append(f'<rect x="{x}" y="{ly}" width="14" height="12" rx="2" fill="{col}"/>'
                   f'<text x="{x + 18}" y="{ly + 10}" font-size="10">{text}</text>')
        x += 26 + 6.2 * len(text)
    out.append(f'<rect x="{x}" y="{ly}" width="12" height="12" fill="#fff" stroke="#555" stroke-width="2"/>'
               f'<text x="{x + 16}" y="{ly + 10}" font-size="10">S scouted</text>')
    x += 80
    out.append(f'<rect x="{x}" y="{ly}" width="12" height="12" fill="#555"/>'
               f'<text x="{x + 16}" y="{ly + 10}" font-size="10">C controlled</text>')
    x += 92
    out.append(f'<circle cx="{x + 7}" cy="{ly + 6}" r="7" fill="#e6b422" stroke="#7a5a00"/>'
               f'<text x="{x + 18}" y="{ly + 10}" font-size="10">objective</text>')
    out.append("</svg>")
    svg = "\n".join(out)
    if note:
        svg += f"<div style='font-size:13px;color:#444'>{escape(note)}</div>"
    return svg


def board_html(state, **kw) -> str:
    return f'<div style="overflow-x:auto">{board_svg(state, **kw)}</div>'


# ---------------------------------------------------------------------------------------------
# events, frames


def events_html(events) -> str:
    """Each event in a list, then every rule they cite (English, original text one click away)."""
    if not events:
        return ""
    items = "".join(f"<li>{escape(e.text)}</li>" for e in events)
    return f"<ul style='margin:.3em 0'>{items}</ul>{rules_html([e.rule for e in events])}"


def stepper(frames, *, title: str = ""):
    """Back / Next over ``frames`` (HTML strings); shows "step i of n"."""
    import ipywidgets as w
    out = w.HTML(frames[0] if frames else "")
    pos = w.HTML()
    back = w.Button(description="◀ Back", layout=w.Layout(width="100px"))
    nxt = w.Button(description="Next ▶", button_style="primary", layout=w.Layout(width="100px"))
    i = [0]

    def show():
        out.value = frames[i[0]]
        pos.value = f"<b>{escape(title)}</b> step {i[0] + 1} of {len(frames)}"
        back.disabled = i[0] == 0
        nxt.disabled = i[0] == len(frames) - 1

    def go(d):
        i[0] = max(0, min(len(frames) - 1, i[0] + d))
        show()

    back.on_click(lambda _: go(-1))
    nxt.on_click(lambda _: go(1))
    show()
    box = w.VBox([w.HBox([back, nxt, pos], layout=w.Layout(align_items="center")), out])
    box.step = go          # for tests: box.step(1)
    box.frames = frames
    box.position = lambda: i[0]
    return box


# ---------------------------------------------------------------------------------------------
# chapter 21: components and setup

def unit_table_html() -> str:
    """Every unit type: Czech name, base defense, and whether the rulebook text prints the value."""
    rows = []
    for u in UNIT_TYPES.values():
        src = (f"rulebook line {u.defense_source.line}" if not u.defense_source.chosen
               else f"engine's choice: {escape(u.defense_source.text)}")
        L = "style='text-align:left'"
        rows.append(f"<tr><td {L}>{escape(_NAMES[u.name])}</td><td {L}>{escape(u.title_cs)}</td>"
                    f"<td style='text-align:center'><b>{u.base_defense}</b></td>"
                    f"<td {L}>{'A, B, C' if u.has_squad else 'none'}</td>"
                    f"<td style='text-align:left;font-size:12px'>{src}</td></tr>")
    return ("<table style='border-collapse:collapse;font-size:14px'><tr><th style='text-align:left'>Unit</th>"
            "<th style='text-align:left'>Czech</th><th>Base defense</th><th style='text-align:left'>Squads</th>"
            "<th style='text-align:left'>Where the value comes from</th></tr>" + "".join(rows) + "</table>")


def card_kinds_svg() -> str:
    """One card of each kind: a soldier, a leader and fog of war."""
    z = Zones(hand=("riflemen-a", "scouts-b", "machine-gunners-c"), table=("squad-leader-a", "platoon-sergeant"),
              discard=("fog-of-war",))
    from tutor.render.scene import card_scene
    from tutor.render.svg import svg
    rows = [("soldiers", tuple(_render_card(c) for c in z.hand), None),
            ("leaders", tuple(_render_card(c) for c in z.table), None),
            ("fog of war", tuple(_render_card(c) for c in z.discard), None)]
    return svg(card_scene(rows, title="Three kinds of card"))


#: A small starting deck and supply in the shape of the rulebook's figure for scenario 1 (La Raye):
#: riflemen, scouts and fog of war in the deck; more riflemen and fog of war in the supply.
#: (The scenario book itself is not among the seeds: these counts are chosen for the drill.)
START_DECK = ("riflemen-a", "riflemen-a", "riflemen-b", "riflemen-b", "scouts-a", "scouts-b",
              "squad-leader-a", "platoon-sergeant", "fog-of-war", "fog-of-war")
START_SUPPLY = ("riflemen-a", "riflemen-b", "machine-gunners-a", "fog-of-war", "fog-of-war", "fog-of-war")


def setup_zones(seed: int) -> Zones:
    """Steps 8 and 9 of the setup, done by the engine: the B cards shuffled face down as the draw
    deck, the Z cards face up as the supply. Everything else starts empty."""
    return setup_game(seed).zones_of("allied")


def setup_widget(seed: int = 1):
    """Shuffle the starting deck (a new seed each press) and peek at its order."""
    import ipywidgets as w
    n = [seed]
    peek = w.ToggleButton(description="Peek at the draw deck", value=False, icon="eye",
                          layout=w.Layout(width="auto"))
    again = w.Button(description="Shuffle again", icon="random")
    out = w.HTML()

    def show(*_):
        z = setup_zones(n[0])
        top = card_title(z.draw[0])
        out.value = (zones_html(z, zones=("draw", "supply"), open_draw=peek.value,
                                title=f"After setup (shuffle #{n[0]})")
                     + f"<p>The top card of the draw deck is <b>{escape(top)}</b>"
                       f"{'' if peek.value else ' (you would not know that: the deck is face down)'}. "
                       f"The supply is public: both players may look at it at any time.</p>")

    def shuffle(_):
        n[0] += 1
        show()

    again.on_click(shuffle)
    peek.observe(show, names="value")
    show()
    box = w.VBox([w.HBox([again, peek]), out])
    box.shuffle = shuffle
    box.html = lambda: out.value
    return box


# --- questions ------------------------------------------------------------------------------

def _q_squadless() -> Question:
    choices = ("Riflemen A", "Sniper", "Squad leader B", "Scouts C")
    ids = {"Riflemen A": "riflemen-a", "Sniper": "sniper", "Squad leader B": "squad-leader-b",
           "Scouts C": "scouts-c"}

    def rule_fn():
        right = [c for c in choices if CARDS[ids[c]].squad is None]
        return right[0], (f"<p>In the engine's card catalogue the sniper's squad is "
                          f"<code>{CARDS['sniper'].squad}</code>; the others belong to squads A, B or C.</p>"
                          + rule_html(R.SQUADLESS))
    return Question("21.squadless", "<p>Which of these cards belongs to <b>no squad</b>?</p>", choices, rule_fn)


def _q_fog() -> Question:
    choices = ("Platoon sergeant", "Fog of war", "Mortar", "Machine gunners A")
    ids = {"Platoon sergeant": "platoon-sergeant", "Fog of war": "fog-of-war", "Mortar": "mortar",
           "Machine gunners A": "machine-gunners-a"}

    def rule_fn():
        right = [c for c in choices if not CARDS[ids[c]].actions]
        return right[0], ("<p>Fog of war has no actions at all; its only use is its initiative value "
                          f"({CARDS['fog-of-war'].initiative}).</p>" + rule_html(R.FOG_CARD))
    return Question("21.fog", "<p>Which card can you use <b>only</b> to bid for initiative?</p>", choices, rule_fn)


def _q_defense() -> Question:
    choices = tuple(str(v) for v in (3, 4, 5, 8))

    def rule_fn():
        v = UNIT_TYPES["riflemen"].base_defense
        return str(v), (f"<p>The riflemen token's base defense is {v} (the worked example: "
                        f"“základní obrana o hodnotě 4”). Cover and range are added in combat.</p>"
                        + rule_html(R.BASE_DEFENSE))
    return Question("21.defense", "<p>What is the <b>base defense</b> printed on a riflemen token?</p>",
                    choices, rule_fn)


def setup_game(seed: int = 0):
    """The engine's setup of a one-tile scenario whose allied card table has B cards (``deck``) and
    Z cards (``supply``): ``tutor.undaunted.new_game`` shuffles the first and lays out the second."""
    from tutor.undaunted import new_game
    from tutor.undaunted.scenario import parse_scenario
    side = {"victory": {"objectives": 1}, "deck": list(START_DECK), "supply": list(START_SUPPLY)}
    data = {"format": 1, "game": "undaunted", "name": "setup", "tiles": {"1A": {"at": "0,0"}},
            "sides": {"allied": side, "axis": {"victory": {"objectives": 1}}}}
    return new_game(parse_scenario(data, "setup"), seed)


def _q_supply() -> Question:
    choices = ("Shuffled into the draw deck", "Face up in the supply", "In your hand", "Out of the game")
    zone_choice = {"draw": choices[0], "supply": choices[1], "hand": choices[2], "out": choices[3]}

    def rule_fn():
        z = setup_game(0).zones_of("allied")
        zone = next(n for n in ("draw", "supply", "hand", "out")
                    if sorted(getattr(z, n)) == sorted(START_SUPPLY))
        where = zone_choice[zone]
        return where, ("<p>The cards marked Z start in the supply, face up and sorted by name; only the "
                       "cards marked B are shuffled into the draw deck.</p>"
                       + rule_html(R.SETUP_SUPPLY) + rule_html(R.SETUP_DECK))
    return Question("21.supply", "<p>At setup, where do the cards marked <b>Z</b> in the scenario's card "
                    "table go?</p>", choices, rule_fn)


def _q_line_of_sight() -> Question:
    choices = ("Yes, woods and buildings block it", "No, there is no line of sight", "Only hills block it")

    def rule_fn():
        s = worked_start()
        s = replace(s, phase="turn", active="allied",
                    zones=(replace(s.zones[0], hand=("machine-gunners-c",)), s.zones[1]))
        from tutor.undaunted import Play, card_plays
        targets = {p.target for p in card_plays(s, "allied", "machine-gunners-c")
                   if isinstance(p, Play) and p.action == "attack"}
        everyone = {t.unit for t in s.tokens_of("axis")}
        ans = choices[1] if targets == everyone else choices[0]
        far = max(s.board.range("9B", s.token("axis", u).tile) for u in everyone)
        return ans, (f"<p>The engine lets the machine gunners on 9B attack every axis token on the board "
                     f"({', '.join(sorted(card_title(u) for u in targets))}), even {far} tiles away and "
                     f"behind woods. A tile's cover number sums up everything on it; the range only adds "
                     f"to the defense.</p>"
                            + rule_html(R.TILES) + rule_html(R.CHOOSE_TARGET))
    return Question("21.los", "<p>Does Undaunted: Normandy check <b>line of sight</b> before an attack?</p>",
                    choices, rule_fn)


def questions() -> list[Question]:
    return [_q_squadless(), _q_fog(), _q_defense(), _q_supply(), _q_line_of_sight()]


def worked_start():
    """The worked example's starting state (fixed decks), for board pictures."""
    from tutor.undaunted import load
    return load(WORKED, rng=0)


def tokens_demo_html() -> str:
    """The worked example's board with one token flipped to suppressed, to show both faces."""
    s = worked_start()
    toks = tuple(replace(t, suppressed=True) if t.unit == "riflemen-c" else t for t in s.tokens)
    return board_html(replace(s, tokens=toks), title="The board of the worked example (riflemen C shown suppressed)")
