"""The rules tutor: exact, explained rulings for Memoir '44 and Undaunted: Normandy.

The engine packages (``tutor.hexes``, ``tutor.memoir``, ``tutor.undaunted``) import nothing from
ipywidgets or ipycanvas; the notebook front end lives in ``tutor.render`` and ``tutor.widgets``.
"""

__version__ = "0.1.0"
