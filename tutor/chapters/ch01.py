"""Chapter 1 exercises: the battlefield and line of sight. Every answer is the engine's ruling."""

from __future__ import annotations

from tutor.explain import los_html, rule_html
from tutor.memoir import rules
from tutor.memoir.los import line_of_sight
from tutor.quiz import Question
from tutor.scenario import Scenario, bundled


def _board_svg(field, **kw) -> str:
    from tutor.render.svg import state_svg
    return state_svg(field, **kw)


def _los_question(key: str, field, a, b, prompt: str) -> Question:
    def rule_fn():
        r = line_of_sight(field, a, b)
        return ("Yes, it can see" if r.visible else "No, blocked"), los_html(r)
    return Question(key, f"<p>{prompt}</p>{_board_svg(field)}", ("Yes, it can see", "No, blocked"), rule_fn)


def _heights_board() -> Scenario:
    """Example 3 with the axis armor moved up onto a hill: both units now stand at height 1."""
    field = bundled("los/height-example-3")
    terrain = dict(field.terrain)
    terrain[(10, 4)] = "hill"
    return field.replace(terrain=terrain, title="Heights: woods below two hills")


def _section_question() -> Question:
    board = bundled("los/empty-standard")
    h = (7, 3)
    choices = ("Left flank only", "Center only", "Both left flank and center")

    def rule_fn():
        secs = board.board.sections(h)
        answer = {frozenset({"left"}): choices[0], frozenset({"center"}): choices[1]}.get(secs, choices[2])
        return answer, (f"<p>Hex 7,3 is cut by the left dashed line, so it belongs to: "
                        f"{', '.join(sorted(secs))}.</p>{rule_html(rules.BATTLEFIELD)}")
    prompt = ("<p>For the player at the bottom edge, which section does hex <b>7,3</b> belong to? "
              "(Find it on the board: column 7, row 3.)</p>" + _board_svg(board))
    return Question("01.sections", prompt, choices, rule_fn)


def questions() -> list[Question]:
    return [
        _section_question(),
        _los_question("01.los.edges", bundled("los/edge-both-sides"), (12, 6), (12, 4),
                      "Can the allied infantry on <b>12,6</b> see the axis infantry on <b>12,4</b>? "
                      "Look closely: the line runs along hex edges."),
        _los_question("01.los.heights", _heights_board(), (6, 4), (10, 4),
                      "Both armor units are now on hills (height 1), with woods at height 0 between them. "
                      "Can the allied armor on <b>6,4</b> see the axis armor on <b>10,4</b>?"),
        _los_question("01.los.unit", bundled("los/woods"), (7, 7), (11, 3),
                      "Can the allied infantry on <b>7,7</b> see the axis infantry on <b>11,3</b>?"),
    ]
