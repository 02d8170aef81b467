"""The interactive drills (ipywidgets + ipycanvas), built on tutor.render and the engines.

    from tutor.widgets import LosExplorer
    LosExplorer("scenarios/hills-and-line-of-sight.yaml")
"""


def __getattr__(name):
    # Import each drill on first use, so a chapter pays only for the drill it shows.
    modules = {"LosExplorer": "los_explorer", "RetreatDrill": "retreat_drill",
               "OverrunDrill": "overrun_drill", "CasualtyDrill": "casualty_drill", "BattleApp": "battle",
               "FieldDrill": "field_drill", "UndauntedBoard": "undaunted_board",
               "UndauntedGame": "undaunted_game", "TapQuestion": "tap_question"}
    if name in modules:
        from importlib import import_module
        return getattr(import_module(f"tutor.widgets.{modules[name]}"), name)
    raise AttributeError(f"module 'tutor.widgets' has no attribute {name!r}")
