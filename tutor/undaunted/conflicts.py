"""Undaunted's entries for ``tutor.conflicts.all_conflicts()``: where the rulebook disagrees with
itself or leaves room for a reading, the texts side by side and what this engine does.

``CONFLICTS`` holds plain dicts with the fields of ``tutor.conflicts.Conflict`` (so this module
does not import the Memoir side). ``tutor.undaunted.rules.SOURCE_CONFLICTS`` is the same
material with seed line numbers, for the Undaunted notebooks.
"""

from __future__ import annotations

from tutor.undaunted import rules as R

CONFLICTS = (
    {"key": "und.sneak.value", "game": "undaunted", "topic": "Sneak: 1 tile or 2?",
         "texts": (R.SNEAK_TEXT, R.SNEAK_QR),
         "question": "The rules text prints 'Skrytý přesun 1' (move 1 tile), the quick reference "
                  "'Skrytý přesun 2' (up to 2 tiles).",
         "ruling": "Sneak moves 1 tile, as the rules text says; a scenario may set options: {sneak: 2} to "
                "play the quick reference's value.",
         "engine": "tutor.undaunted.actions (sneak), tutor.undaunted.cards.SNEAK_1"},
    {"key": "und.move.marker", "game": "undaunted", "topic": "Move: onto scouted tiles only?",
         "texts": (R.MOVE, R.MOVE_QR),
         "question": "The rules text needs your control marker on the tile 'either side up'; the quick "
                  "reference says 'an adjacent scouted tile'.",
         "ruling": "Either side of your control marker (scouted or controlled) admits a move or maneuver.",
         "engine": "tutor.undaunted.actions (move, maneuver)"},
    {"key": "und.scout.markers", "game": "undaunted", "topic": "Scout: a marker on every tile, or only new ones?",
         "texts": (R.SCOUT, R.SCOUT_QR),
         "question": "The quick reference puts a scouted marker and a fog of war on 'every tile'; the rules "
                  "text only on tiles without your marker (and the worked example takes one fog of war "
                  "for 8A → 3B → 17B, 3B being scouted already).",
         "ruling": "Only tiles without your control marker get one, each with one fog of war from the "
                "supply while it lasts.",
         "engine": "tutor.undaunted.actions (scout)"},
    {"key": "und.inspire.self", "game": "undaunted", "topic": "Inspire: can it take back its own card?",
         "texts": (R.INSPIRE, R.TURN),
         "question": "A squad leader's card is itself a played card of its squad; the text does not say "
                  "whether inspire may return the card that performs it (which would repeat for ever).",
         "ruling": "The card performing inspire lands on the table after the action, so it cannot take "
                "itself back; another played card of the squad (even another squad leader) can.",
         "engine": "tutor.undaunted.actions (inspire)"},
    {"key": "und.victory.both", "game": "undaunted", "topic": "Both sides meet their condition at once",
         "texts": (R.GAME_END, R.VICTORY_BOTH),
         "question": "One action (a bombard) can remove both sides' last riflemen tokens, or complete one "
                  "side's objectives while suppressing it; the text names no winner for that.",
         "ruling": "Settled like 'both armies suppressed': higher objective total, a tie to the initiative holder.",
         "engine": "tutor.undaunted.victory"},
)
