"""The two game pages (Play a battle, Play La Raye) wear one shared style (``game_css``): the head
line and its badges, the win line, the coach and the log look alike on both. Its badge rule picks
the spans inside the head's spans: on both pages those are exactly the two sides' badges (medals,
objectives held), never the turn line or a card name."""

from __future__ import annotations

from html.parser import HTMLParser

import pytest

from tutor.sides import SIDE_NAMES
from tutor.widgets import BattleApp, UndauntedGame
from tutor.widgets.base import CSS, game_css


class Badges(HTMLParser):
    """The text of each span whose parent is a span whose parent is the ``head`` div
    (``.head > span > span``)."""

    def __init__(self, head: str):
        super().__init__()
        self.head, self.stack, self.found = head, [], []

    def handle_starttag(self, tag, attrs):
        cls = dict(attrs).get("class") or ""
        self.stack.append((tag, cls.split(), len(self.found)))
        path = [(t, c) for t, c, _ in self.stack[-3:]]
        if len(path) == 3 and path[0][0] == "div" and self.head in path[0][1] and path[1][0] == path[2][0] == "span":
            self.found.append("")

    def handle_endtag(self, tag):
        self.stack.pop()

    def handle_data(self, data):
        if len(self.stack) >= 3 and self.stack[-3][0] == "div" and self.head in self.stack[-3][1] \
                and self.stack[-1][0] == self.stack[-2][0] == "span":
            self.found[-1] += data


def badges(head_html: str, head_class: str) -> list[str]:
    p = Badges(head_class)
    p.feed(head_html)
    return [" ".join(t.split()) for t in p.found]


@pytest.mark.parametrize("make, page, log_height", [
    (lambda: BattleApp("pegasus-bridge", seed=0, solo="axis"), "tutor-battle", 340),
    (lambda: UndauntedGame(solo="axis", number=5), "tutor-und", 300),
], ids=["play-a-battle", "play-la-raye"])
def test_both_game_pages_wear_the_shared_style_and_its_badges_are_the_sides(make, page, log_height):
    app = make()
    style = app.children[0].value
    assert style.startswith(CSS + game_css(page, log_height=log_height))
    found = badges(app.head.value, f"{page}-head")
    assert len(found) == 2
    assert [b.split()[0] for b in found] == [SIDE_NAMES["allied"].split()[0], SIDE_NAMES["axis"].split()[0]]
    assert all(any(ch.isdigit() for ch in b) for b in found)     # a count on each: medals, objectives held
