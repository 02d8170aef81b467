"""Undaunted's entries for ``tutor.conflicts.all_conflicts()``: where the rulebook disagrees with
itself, where the published English edition or public implementations read a value differently,
or where the text leaves room for a reading — the texts side by side and what this engine does.

``CONFLICTS`` holds plain dicts with the fields of ``tutor.conflicts.Conflict`` (so this module
does not import the Memoir side). ``published`` lists the readings of the English edition and of
public implementations, each saying where it is printed. ``tutor.undaunted.rules.SOURCE_CONFLICTS``
is the rulebook's own disagreements with line numbers, for the Undaunted notebooks.
"""

from __future__ import annotations

from typing import Any

from tutor.undaunted import rules as UR
from tutor.undaunted.cards import AHERRIOT, DIMOHA, DIMOHA_TOKEN, EN_RULEBOOK, EN_SCENARIOS

CONFLICTS: tuple[dict[str, Any], ...] = (
    {"key": "und.stalk.value", "game": "undaunted", "topic": "Stalk: 1 tile or 2?",
         "texts": (UR.STALK_TEXT, UR.STALK_QR),
         "question": "The Czech rules text prints 'Skrytý přesun 1' (Stalk 1: move 1 tile), the Czech quick "
                  "reference 'Skrytý přesun 2' (up to 2 tiles).",
         "published": (f"{EN_RULEBOOK}, p. 21: the Sniper card prints Stalk 1.",
                       f"{EN_RULEBOOK}, p. 23 (QUICK REFERENCE): 'Stalk X', the value left to the card.",
                       f"{AHERRIOT} and {DIMOHA}: stalk 1."),
         "ruling": "Stalk moves 1 tile, as the Czech rules text and the printed card say; a scenario may set "
                "its Stalk option to 2 to play the Czech quick reference's value.",
         "engine": "tutor.undaunted.card_actions (stalk), tutor.undaunted.cards.STALK_1"},
    {"key": "und.move.marker", "game": "undaunted", "topic": "Move: onto scouted tiles only?",
         "texts": (UR.MOVE, UR.MOVE_QR),
         "question": "The rules text needs your control marker on the tile 'either side up'; the quick "
                  "reference says 'an adjacent scouted tile'.",
         "published": ((f"{EN_RULEBOOK}, p. 12 (Move, Guide): the tile must be scouted or controlled by your "
                       "side; p. 23 (QUICK REFERENCE): 'up to X scouted tiles'. The English edition has the "
                       "same two wordings."),),
         "ruling": "Either side of your control marker (scouted or controlled) admits a Move or Guide.",
         "engine": "tutor.undaunted.card_actions (move, guide)"},
    {"key": "und.scout.markers", "game": "undaunted", "topic": "Scout: a marker on every tile, or only new ones?",
         "texts": (UR.SCOUT, UR.SCOUT_QR),
         "question": "The quick reference puts a scouted marker and a Fog of War on 'every tile'; the rules "
                  "text only on tiles without your marker (and the worked example takes one Fog of War "
                  "for a scout that moves to 3B, then to 17B, 3B being scouted already; the book names only "
                  "those two tiles, not the one the scout starts from).",
         "published": ((f"{EN_RULEBOOK}, p. 12 (Scout): a marker only on a tile without one of your control "
                       "markers; p. 23 (QUICK REFERENCE): 'a Fog of War for each newly scouted tile'. The "
                       "English quick reference agrees with the rules text."),),
         "ruling": "Only tiles without your control marker get one, each with one Fog of War from the "
                "supply while it lasts.",
         "engine": "tutor.undaunted.card_actions (scout)"},
    {"key": "und.inspire.self", "game": "undaunted", "topic": "Inspire: can it take back its own card?",
         "texts": (UR.INSPIRE, UR.TURN),
         "question": "A turn lays each card on the table face up and then carries out its action, so by "
                  "the letter of the text a squad leader playing Inspire is already a played card of its "
                  "squad. May it take itself back? Then it could be played again, for Bolster or Inspire, "
                  "as often as the player likes.",
         "ruling": "No, a reading of the tutor: Inspire takes back a card played before it, never the card "
                "that performs it. A squad has a single squad leader, whose card alone carries Inspire for "
                "that squad, so the squad's soldiers played before it come back and the leader never does.",
         "engine": "tutor.undaunted.card_actions (inspire)"},
    {"key": "und.inspire.count", "game": "undaunted", "topic": "Inspire: 1 card, or up to 1?",
         "texts": (UR.INSPIRE, UR.BOLSTER),
         "question": "The Czech text says 'Vezměte si 1 svou zahranou kartu' (take 1 of your played cards), "
                  "where the same book writes 'až' (up to) when a player may take fewer, as for Bolster. May "
                  "a player inspire and take nothing back while a played card of the squad lies on the table?",
         "published": ((f"{EN_RULEBOOK} (Inspire): take up to the value in played cards of the squad, so "
                       "none is allowed."),),
         "ruling": "The engine follows the Czech rulebook, its source of truth: Inspire takes back 1 card when "
                "a played card of its squad lies on the table, and nothing only when there is none. The list "
                "of legal actions and the action itself agree on this.",
         "engine": "tutor.undaunted.card_actions (inspire)"},
    {"key": "und.guide.own", "game": "undaunted", "topic": "Guide: any combat counter, or only your own?",
         "texts": (UR.GUIDE, UR.MOVE),
         "question": "Guide reads 'Přemístěte libovolný žeton jednotky o 1 pole' (move any unit counter 1 "
                  "tile), and the English edition 'any combat counter'. Does that include the enemy's?",
         "published": ((f"{EN_RULEBOOK} (Guide): move any combat counter, onto a tile with your control "
                       "marker."),
                       f"{DIMOHA}: the guide picks one of the player's own counters, never the enemy's."),
         "ruling": "Your own counters only, the usual reading: the tile it enters must bear your control marker "
                "and the platoon guide leads your platoon. An enemy counter is refused with that reason.",
         "engine": "tutor.undaunted.card_actions (guide)"},
    {"key": "und.victory.on_board", "game": "undaunted", "topic": "Pinning the Enemy: riflemen not yet on the board",
         "texts": (UR.VICTORY_SUPPRESS, UR.DEPLOY),
         "question": "The Czech text pins an army when you 'eliminovat všechny jednotky střelců nepřítele "
                  "(odstranit z herního plánu všechny jejich žetony)' (eliminate all the enemy's riflemen "
                  "units, removing all their counters from the board); the English edition pins it when the "
                  "opponent has no Riflemen combat counters on the board. Is an army whose riflemen have "
                  "not yet been deployed pinned?",
         "published": ((f"{EN_RULEBOOK} (Pinning the Enemy): 'if your opponent has no Riflemen combat counters "
                       "on the board', which a riflemen unit still waiting to deploy meets."),),
         "ruling": "The engine follows the Czech rulebook, its source of truth: a riflemen unit counts as gone "
                "only once casualties have removed its counter (or none of its cards is left in the game); "
                "one that has not yet entered the board keeps its army from being pinned.",
         "engine": "tutor.undaunted.victory (army_pinned)"},
    {"key": "und.victory.both", "game": "undaunted", "topic": "Both sides meet their condition at once",
         "texts": (UR.GAME_END, UR.VICTORY_BOTH),
         "question": "One action (a Blast) can remove both sides' last riflemen tokens, or complete one "
                  "side's objectives while pinning it; the text names no winner for that.",
         "ruling": "Settled like 'both armies pinned': higher objective total, a tie to the initiative holder.",
         "engine": "tutor.undaunted.victory"},
    {"key": "und.recon.none", "game": "undaunted", "topic": "Recon with no Fog of War in hand",
         "texts": (UR.RECON, UR.RECON_NONE),
         "question": "The Czech text says Recon without a Fog of War card in hand 'has no effect' (so it may "
                  "be played for nothing); the English edition says you cannot take the action then.",
         "published": ((f"{EN_RULEBOOK}, p. 13 (Recon): with no Fog of War card in hand, you cannot take "
                       "this action."),),
         "ruling": "The engine follows the Czech rulebook, its source of truth: Recon may be chosen and does "
                "nothing (the card goes to the table like any played card).",
         "engine": "tutor.undaunted.card_actions (recon)"},
    {"key": "und.bolster.squad_leader", "game": "undaunted", "topic": "The squad leader's Bolster: 1 or 2?",
         "texts": (UR.ACTION_VALUES, UR.BOLSTER),
         "question": "The Czech text lost the card icons; its only 'posily 1 A' is the notation example in "
                  "AKCE, which was once read as the squad leader's value. The printed card says 2.",
         "published": ((f"{EN_RULEBOOK}, p. 20: the Squad Leader card prints Bolster 2 A and Inspire 1 A; the "
                       "same notation example ('Bolster 3 or Bolster 1 A') stands on p. 12."),
                       f"{AHERRIOT} and {DIMOHA}: bolster 2 for the squad leader."),
         "ruling": "Bolster 2 A, as the card prints it: up to two cards of the leader's squad from the supply.",
         "engine": "tutor.undaunted.cards (squad-leader-a/b/c)"},
    {"key": "und.gunners.defense", "game": "undaunted", "topic": "Machine gunners: a defense above riflemen?",
         "texts": (UR.PLATOON_GUNNERS, UR.PLATOON_NOTE),
         "question": "The platoon chapter says machine gunners excel in attack and defense, which once led "
                  "this engine to give their counter 5; the chapter itself says it changes no rule.",
         "published": (f"{EN_RULEBOOK}, p. 7 (Combat counters): the GUNNERS counter prints base defense 4.",
                       f"{AHERRIOT} and {DIMOHA_TOKEN}: 4."),
         "ruling": "Base defense 4, as the counter prints it (their strength is Attack 2 and Suppress 4).",
         "engine": "tutor.undaunted.cards.UNIT_TYPES"},
    {"key": "und.sniper.defense", "game": "undaunted", "topic": "The sniper's base defense: 5 or 6?",
         "texts": (UR.PLATOON_SNIPER, UR.BASE_DEFENSE),
         "question": "The Czech text prints no counter values; public implementations disagree on the "
                  "sniper's.",
         "published": ((f"{EN_RULEBOOK}, p. 7 (Combat counters): the SNIPERS counter prints 6; p. 21: “the "
                       "highest attack and defence value in the game” (scouts have 5)."),
                       f"{DIMOHA_TOKEN}: 6.",
                       f"{AHERRIOT}: 5, which would tie the scouts and contradict the platoon chapter."),
         "ruling": "Base defense 6, as the counter prints it.",
         "engine": "tutor.undaunted.cards.UNIT_TYPES"},
    {"key": "und.mortar.defense", "game": "undaunted", "topic": "The mortar's base defense: 3 or 4?",
         "texts": (UR.BASE_DEFENSE, UR.TARGET),
         "question": "The Czech text prints no counter values; public implementations disagree on the "
                  "mortar's. (Its Target rule, at least 3 tiles from the mortar, is the same in every source.)",
         "published": ((f"{EN_SCENARIOS}, p. 15 (scenario 5 map) and p. 25 (scenario 10 map): the MORTAR "
                       "counters print 4."),
                       f"{DIMOHA_TOKEN}: 4.",
                       f"{AHERRIOT}: 3."),
         "ruling": "Base defense 4, as the counters print it.",
         "engine": "tutor.undaunted.cards.UNIT_TYPES"},
    {"key": "und.bolster.up_to", "game": "undaunted", "topic": "Bolster: X cards, or up to X?",
         "texts": (UR.BOLSTER, UR.BOLSTER_QR),
         "question": "The rules text says 'Vezměte si až X karet' (take up to X cards); the quick reference "
                  "'přidejte si X karet' (add X cards). May a player take fewer than the value?",
         "ruling": "Yes: up to X, as the rules text says. The player names the cards, from none to X (of "
                "the squad, if the card shows one), and may so keep the deck thin.",
         "engine": "tutor.undaunted.card_actions (bolster)"},
    {"key": "und.command.up_to", "game": "undaunted", "topic": "Command: 2 cards, or up to 2?",
         "texts": (UR.COMMAND, UR.COMMAND_QR),
         "question": "The rules text says 'Doberte si až 2 karty' (draw up to 2 cards); the quick reference "
                  "'doberte si 2 karty' (draw 2). May a player draw fewer, say to avoid a reshuffle?",
         "ruling": "Yes: up to 2, as the rules text says; the cards drawn may be played this turn.",
         "engine": "tutor.undaunted.card_actions (command)"},
    {"key": "und.control.scouted", "game": "undaunted", "topic": "Control: must the tile be scouted?",
         "texts": (UR.CONTROL, UR.CONTROL_QR),
         "question": "The rules text allows Control only where your scouted marker lies and no enemy unit "
                  "stands; the quick reference names only the enemy unit.",
         "ruling": "Both conditions, as the rules text says: your scouted marker on the unit's tile and no "
                "enemy unit there (a tile already controlled by you needs no Control).",
         "engine": "tutor.undaunted.card_actions (control)"},
)

# each published reading is a sentence: it starts with a capital letter
CONFLICTS = tuple({**c, "published": tuple(p[:1].upper() + p[1:] for p in c.get("published", ()))}
                  for c in CONFLICTS)
