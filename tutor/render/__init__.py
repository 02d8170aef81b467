"""Rendering: one scene model drawn as SVG (``svg``) and on ipycanvas (``canvas``).

    from tutor.render import scene, svg, state_svg, los_svg
    svg(scene(field, highlights(visible=hexes)))

``tutor.render.canvas`` imports ipycanvas and is loaded only by the widgets.
"""

from tutor.render.picking import Geometry, pick  # noqa: F401
from tutor.render.scene import (  # noqa: F401
                                Card,
                                Highlights,
                                Line,
                                Mark,
                                Scene,
                                card_scene,
                                highlights,
                                los_highlights,
                                scene,
)
from tutor.render.svg import los_svg, state_svg, svg  # noqa: F401
