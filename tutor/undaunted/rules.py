"""The rules of Undaunted: Normandy this engine applies, each cited from the Czech rulebook.

Every ruling the engine makes (an event, an ``IllegalAction``) carries one of these ``Rule``
objects: the seed file, the heading as printed, a verbatim quote (checked against the seed by
``tests/undaunted/test_undaunted_rules.py``) and one English sentence.

``SOURCE_CONFLICTS`` lists the places where the rulebook disagrees with itself, texts side by
side, so a notebook can show them instead of hiding them.
"""

from __future__ import annotations

from tutor.rulebook import Rule, rule

FILE = "undaunted-normandy-rules-cs.txt"


def _r(key: str, heading: str, quote: str, summary: str) -> Rule:
    return rule(key, FILE, heading, quote, summary)


# --- components -------------------------------------------------------------------------------
UNITS = _r("und.units", "JEDNOTKY",
           "Karty mužstva a žetony příslušející jedné jednotce mají stejný název (druh vojska) "
           "a označení družstva.",
           "A unit's combat cards and its combat counter share the unit name and the squad letter.")
SQUADLESS = _r("und.cards.squad", "KARTY",
               "Odstřelovači a minomet nepatří do žádného družstva.",
               "Sniper and mortar cards belong to no squad.")
LEADER_SQUADLESS = _r("und.cards.leaders", "KARTY",
                      "Seržant/feldvébl a zástupce velitele čety nepatří do žádného družstva.",
                      "The platoon sergeant and the platoon guide belong to no squad.")
FOG_CARD = _r("und.cards.fog", "KARTY",
              "Tyto karty lze použít jen při určování iniciativy.",
              "Fog of war cards can only be used to determine initiative.")
TOKENS = _r("und.tokens", "ŽETONY",
            "Pokud žeton leží lícem dolů, jednotka je pod palbou a dokud není žeton otočen stanou "
            "připraveni nahoru, nemůže jednotka provádět žádné akce.",
            "A combat counter face down is suppressed and its unit can take no actions until it is readied.")
BASE_DEFENSE = _r("und.tokens.defense", "ŽETONY",
                  "Základní obrana: hodnota, již musí protivník dosáhnout, aby při útoku úspěšně "
                  "zasáhl danou jednotku.",
                  "Base defense is the number an attacker must reach to hit the unit.")
CONTROL_MARKERS = _r("und.tokens.control", "ŽETONY",
                     "Propátráno: vaše jednotky se na toto pole mohou přesunout.",
                     "Your units may move onto a tile with your control marker, scouted side up.")
CONTROL_BOTH = _r("und.tokens.control.both", "ŽETONY",
                  "Na jednom poli herního plánu mohou zároveň ležet žetony obou stran, nikoliv však "
                  "oba současně stranou ovládáno nahoru",
                  "Both sides' control markers may share a tile, but never both controlled side up.")
# English term "spawn marker": the English rulebook's component list, p. 2 ("C. 4 US spawn markers").
DEPLOYMENT_MARKERS = _r("und.tokens.deployment", "ŽETONY",
                        "Symboly na žetonu určují, které jednotky na tomto místě vstoupí do hry: "
                        "všechny jednotky, jednotky z určitých družstev nebo konkrétní jednotky.",
                        "A spawn marker (Czech: žeton nasazení) admits all units, the units of a squad, or named units.")
OBJECTIVES = _r("und.tokens.objective", "ŽETONY",
                "Cíl ovládáte, pokud na daném poli leží váš žeton kontroly stranou ovládáno nahoru.",
                "You hold an objective when your control marker on its tile is controlled side up.")
INITIATIVE_TOKEN = _r("und.tokens.initiative", "ŽETONY",
                      "Žeton iniciativy označuje, který hráč má v tomto kole iniciativu, a tedy "
                      "zahájí svůj tah jako první.",
                      "The initiative token shows who has the initiative and so takes the first turn.")
TILES = _r("und.tiles.cover", "DÍLKY HERNÍHO PLÁNU",
           "Na žádné jednotlivé elementy jako konkrétní stromy, keře, budovy, řeky, mosty, traktory "
           "atd. už se další ohled nebere a na žádné linie výhledu apod. se v této hře nehraje.",
           "A tile's cover number sums up its terrain; there is no line of sight in this game.")

# --- setup and round --------------------------------------------------------------------------
SETUP_DECK = _r("und.setup.deck", "PŘÍPRAVA HRY",
                "vezměte si všechny karty označené symbolem B , zamíchejte je a balíček položte "
                "lícem dolů.",
                "The cards marked D (Czech: B) form the starting deck, shuffled face down.")
SETUP_SUPPLY = _r("und.setup.supply", "PŘÍPRAVA HRY",
                  "Najděte pro svou stranu všechny karty označené symbolem Z a rozložte je před sebe "
                  "lícem nahoru.",
                  "The cards marked S (Czech: Z) form the supply, face up.")
DRAW = _r("und.round.draw", "PRŮBĚH HRY",
          "Každý hráč si do ruky dobere 4 karty ze svého balíčku.",
          "Each player draws 4 cards from their deck.")
INITIATIVE = _r("und.round.initiative", "PRŮBĚH HRY",
                "Hráč, který vybral kartu s vyšší hodnotou iniciativy, bude hrát jako první – otočte "
                "žeton iniciativy příslušnou stranou nahoru. V případě shody se iniciativa nemění, "
                "žeton zůstává ležet, jak byl.",
                "The higher initiative card goes first; on a tie the initiative token stays as it was.")
INITIATIVE_DISCARD = _r("und.round.initiative.discard", "PRŮBĚH HRY",
                        "Oba hráči pak vybranou kartu odhodí rovnou do odhazovacího balíčku",
                        "Both revealed initiative cards go straight to the discard pile.")
TURN = _r("und.round.turn", "PRŮBĚH HRY",
          "Hráč, který má iniciativu, odehraje jednu po druhé své karty z ruky – každou vyloží před "
          "sebe na stůl lícem nahoru a provede zvolenou akci.",
          "The initiative player plays their cards one by one onto the table, each for one action.")
TURN_END = _r("und.round.turn.end", "PRŮBĚH HRY",
              "Všechny karty, které mu zůstaly v ruce, a všechny svoje zahrané karty ze stolu odhodí "
              "do odhazovacího balíčku. Poté stejným způsobem zahraje svůj tah i protivník.",
              "At the end of a turn the hand and the table are discarded; then the other player plays.")
CARD_USE = _r("und.round.card", "PRŮBĚH HRY",
              "Akce karty: vyberte jednu z akcí na kartě a v plném rozsahu vyhodnoťte její efekt.",
              "A played card performs one of its actions in full.")
RESHUFFLE = _r("und.round.reshuffle", "PRŮBĚH HRY",
               "Kdykoliv si během hry budete mít dobrat kartu a váš dobírací balíček bude prázdný, "
               "zamíchejte svůj odhazovací balíček a vytvořte z něj nový dobírací balíček. Nikdy "
               "však do něj nemíchejte zahrané karty ze stolu, které ještě nejsou odhozeny.",
               "Drawing from an empty deck reshuffles the discard pile only, never the table.")
FOG_OF_WAR = _r("und.fog", "Válečný zmatek",
                "Během svého tahu nesmíte vykládat karty válečný zmatek, ve fázi určení iniciativy je "
                "však použít můžete.",
                "Fog of war cannot be played during your turn, only revealed for initiative.")
SUPPRESSED = _r("und.suppressed", "Pod palbou",
                "Kartu příslušející této jednotce můžete zahrát jako obvykle, ale v takovém případě "
                "místo provedení akce jen otočte žeton jednotky stranou připraveni nahoru.",
                "Playing a suppressed unit's card only flips its token back to ready.")
SUPPRESSED_WITHDRAW = _r("und.suppressed.withdraw", "Pod palbou",
                         "Příslušnou kartu můžete také stáhnout do zálohy, ale tím se stav jednotky "
                         "na herním plánu nemění",
                         "Hunkering down with a suppressed unit's card leaves its counter suppressed.")
DEPLOY = _r("und.deploy", "Nasazení žetonů jednotek do hry",
            "Zahrajete-li kartu, jíž příslušející žeton není na herním plánu, žeton umístěte na pole "
            "označené odpovídajícím žetonem nasazení. Poté proveďte akci karty běžným způsobem.",
            "Playing a card whose combat counter is off the board first places it on a matching spawn marker.")
# English term "Hunker Down" (the section's name in tutor.rulebook.SECTIONS; a player aid made from the
# English edition, studylib.es/doc/9045708: "Hunker down (cuerpo a tierra): se devuelve la carta al
# suministro"). The engine's action keeps the name Withdraw; learners read "hunker down".
WITHDRAW = _r("und.withdraw", "Stažení do zálohy",
              "Vyloženou kartu můžete stáhnout do zálohy. Později si ji budete moci vrátit do "
              "balíčku provedením akce posily.",
              "Hunker down (Czech: stažení do zálohy): a played card goes back to the supply instead of taking an action.")
WITHDRAW_FOG = _r("und.withdraw.fog", "Stažení do zálohy",
                  "Karet válečný zmatek se tímto způsobem z balíčku zbavit nemůžete.",
                  "Fog of war cards cannot hunker down.")

# --- actions ----------------------------------------------------------------------------------
MOVE_ANY = _r("und.move.enter", "AKCE POHYBU",
              "Při vstupu na dílek herního plánu se nebere ohled na nepřátelské žetony kontroly ani "
              "žetony jednotek.",
              "Entering a tile ignores enemy control markers and enemy units.")
MOVE = _r("und.move", "AKCE POHYBU",
          "Přemístěte žeton jednotky o 1 pole. Na poli, na které jednotka vstoupí, musí ležet váš "
          "žeton kontroly (libovolnou stranou nahoru). Pokud přesouváte žeton minomet, odstraňte z "
          "herního plánu žeton zaměření.",
          "Move (Czech: Přesun) takes the unit one tile onto a tile with your control marker; moving the mortar removes its target marker.")
MOVE_QR = _r("und.move.adjacent", "STRUČNÝ PŘEHLED",
             "Přesun 1 : přemístěte jednotku na sousedící propátrané pole.",
             "Move 1 takes the unit to an adjacent tile you have scouted.")
GUIDE = _r("und.guide", "AKCE POHYBU",
              "Přemístěte libovolný žeton jednotky o 1 pole.",
              "Guide (Czech: Manévr) moves any of your combat counters one tile onto a tile with your control marker.")
GUIDE_SUPPRESSED = _r("und.guide.suppressed", "AKCE POHYBU",
                         "Ani touto akcí není dovoleno přemísťovat žeton jednotky ve stavu pod palbou.",
                         "A suppressed unit cannot be guided either.")
SCOUT = _r("und.scout", "AKCE POHYBU",
           "Tento pohyb může vést i přes pole, na nichž neleží váš žeton kontroly. Na každé takové "
           "pole umístěte svůj žeton kontroly stranou propátráno nahoru. Za každý takto umístěný "
           "žeton si však musíte ze své zálohy vzít jednu kartu válečný zmatek a přidat ji do svého "
           "odhazovacího balíčku. Pokud si máte dobrat více karet válečný zmatek, než jich máte v "
           "záloze, doberte si všechny zbývající.",
           "Scout (Czech: Pátrání) moves up to 2 tiles, placing a scouted marker and taking one Fog of War from the supply per newly scouted tile.")
SCOUT_QR = _r("und.scout.reference", "STRUČNÝ PŘEHLED",
              "Pátrání 2 : přemístěte jednotku až o 2 pole. Na každé pole umístěte žeton kontroly stranou "
              "propátráno nahoru a přidejte si do odhazovacího balíčku kartu válečný zmatek.",
              "The quick reference: scout places a scouted marker and takes a Fog of War on every tile.")
STALK = _r("und.stalk", "AKCE POHYBU",
           "Tento pohyb může vést i na pole, na němž neleží váš žeton kontroly. V tomto případě svůj "
           "žeton kontroly na dané pole nepokládáte a nepřidáváte si ani do balíčku kartu válečný "
           "zmatek.",
           "Stalk (Czech: Skrytý přesun) moves onto tiles without your control marker, placing no marker and taking no Fog of War.")
STALK_TEXT = _r("und.stalk.value.rules", "AKCE POHYBU",
                "Skrytý přesun 1 Přemístěte žeton jednotky o 1 pole.",
                "The rules text gives stalk a value of 1.")
STALK_QR = _r("und.stalk.value.reference", "STRUČNÝ PŘEHLED",
              "Skrytý přesun 2 : přemístěte jednotku až o 2 pole.",
              "The quick reference gives stalk a value of 2.")
BOLSTER = _r("und.bolster", "AKCE PODPŮRNÉ AKCE",
             "Vezměte si až X karet ze zálohy a přidejte je do svého odhazovacího balíčku. Je-li "
             "uveden symbol určitého družstva, smíte si ze zálohy vzít pouze karty patřící do tohoto "
             "družstva.",
             "Bolster (Czech: Posily) moves up to X cards (of the squad, if one is shown) from the supply to the discard pile.")
BOLSTER_QR = _r("und.bolster.reference", "STRUČNÝ PŘEHLED",
                "Posily X A : přidejte si X karet (daného družstva) ze zálohy do odhazovacího balíčku.",
                "The quick reference: bolster adds X cards (of the squad) from the supply to the discard pile.")
ACTION_VALUES = _r("und.actions.values", "AKCE",
                   "Symboly X A znamenají, že akce má určitou hodnotu a platí jen pro určité "
                   "družstvo (A, B nebo C). Příklad: posily 3 nebo posily 1 A .",
                   "An action may carry a value and a squad restriction, e.g. bolster 3 or bolster 1 A.")
COMMAND = _r("und.command", "AKCE PODPŮRNÉ AKCE",
             "Doberte si až 2 karty ze svého balíčku do ruky. Tyto karty lze v tomto tahu hrát jako "
             "obvykle.",
             "Command (Czech: Za mnou!) draws up to 2 cards into your hand, playable this turn.")
COMMAND_QR = _r("und.command.reference", "STRUČNÝ PŘEHLED",
                "Za mnou! 2 : doberte si 2 karty z balíčku do ruky.",
                "The quick reference: command draws 2 cards from your deck into your hand.")
CONCEAL = _r("und.conceal", "AKCE PODPŮRNÉ AKCE",
             "Vezměte z protivníkovy zálohy kartu válečný zmatek a přidejte mu ji do odhazovacího "
             "balíčku. Pokud už v záloze žádnou nemá, tato akce nemá žádný účinek.",
             "Conceal (Czech: Zmatení nepřítele) moves a Fog of War from the opponent's supply to the opponent's discard pile.")
CONTROL = _r("und.control", "AKCE PODPŮRNÉ AKCE",
             "Tuto akci lze provést jen na poli, kde se daná jednotka nachází, leží na něm váš žeton "
             "kontroly stranou propátráno nahoru a zároveň na něm není žádná nepřátelská jednotka. "
             "Otočte svůj žeton kontroly stranou ovládáno nahoru.",
             "Control (Czech: Ovládnutí) flips your scouted marker on the unit's tile to controlled if no enemy unit is there.")
CONTROL_QR = _r("und.control.reference", "STRUČNÝ PŘEHLED",
                "Ovládnutí: ovládněte pole, na kterém se nachází daná jednotka (pokud zde není žádná "
                "nepřátelská jednotka).",
                "The quick reference: control the unit's tile (if no enemy unit is there).")
CONTROL_FLIP = _r("und.control.flip", "AKCE PODPŮRNÉ AKCE",
                  "Pokud na témže poli leží také nepřátelský žeton kontroly stranou ovládáno nahoru, "
                  "otočte zároveň tento žeton stranou propátráno nahoru.",
                  "Controlling a tile flips the enemy's controlled marker there back to scouted.")
INSPIRE = _r("und.inspire", "AKCE PODPŮRNÉ AKCE",
             "Vezměte si 1 svou zahranou kartu ze stolu do ruky. Tuto kartu lze v tomto tahu znovu "
             "hrát jako obvykle. Protože je vždy uveden symbol určitého družstva, smíte si ze stolu "
             "vzít pouze karty patřící do tohoto družstva.",
             "Inspire (Czech: Povzbuzení) takes one played card of the squad back from the table into your hand.")
RECON = _r("und.recon", "AKCE PODPŮRNÉ AKCE",
           "Pokud máte v ruce kartu válečný zmatek, vyřaďte ji ze hry. Poté si doberte do ruky jinou "
           "kartu z balíčku.",
           "Recon (Czech: Průzkum) removes a Fog of War in hand from the game and draws a replacement card.")
RECON_NONE = _r("und.recon.none", "AKCE PODPŮRNÉ AKCE",
                "Pokud v ruce žádnou kartu válečný zmatek nemáte, nemá tato akce žádný účinek.",
                "Recon without a Fog of War in hand has no effect.")
TARGET = _r("und.target", "AKCE PODPŮRNÉ AKCE",
            "Umístěte žeton zaměření na pole nejméně ve vzdálenosti 3 polí od vašeho minometu (pole, "
            "kde se minomet nachází, se nepočítá). Pokud už váš žeton zaměření na herním plánu leží, "
            "jen ho přemístěte.",
            "Target (Czech: Zaměření) places (or moves) your target marker on a tile at least 3 tiles from your mortar.")

# --- combat -----------------------------------------------------------------------------------
CHOOSE_TARGET = _r("und.combat.target", "BOJOVÉ AKCE",
                   "V případě akce útok nebo krycí palba si vyberte kterýkoliv nepřátelský žeton "
                   "jednotky na herním plánu.",
                   "Attack (Czech: Útok) and Suppress (Krycí palba) may target any enemy combat counter on the board.")
BLAST = _r("und.combat.blast", "BOJOVÉ AKCE",
             "V případě akce výbuch jsou cílem všechny žetony jednotek na poli s žetonem zaměření, "
             "cizí i vlastní. Vyhodnoťte útok proti každé jednotce na daném poli zvlášť (na pořadí "
             "nezáleží, pro každou napadenou jednotku se hází zvlášť). Pokud se žeton zaměření na "
             "herním plánu nevyskytuje, akci výbuch provést nemůžete.",
             "Blast (Czech: Výbuch) attacks every unit on the target marker's tile, both sides, each rolled separately.")
DEFENSE = _r("und.combat.defense", "BOJOVÉ AKCE",
             "Celková hodnota obrany jednotky je rovna součtu základní obrany, hodnoty krytu daného "
             "pole a bonusu za vzdálenost od útočící jednotky.",
             "Total defense is base defense plus the tile's cover plus the range bonus.")
RANGE = _r("und.combat.range", "BOJOVÉ AKCE",
           "Bonus za vzdálenost: hodnota je rovna počtu polí, o kolik je útočící jednotka vzdálena od "
           "napadené jednotky (pole, kde se nachází útočící jednotka, se nepočítá). Při akci výbuch "
           "se bonus za vzdálenost neaplikuje.",
           "The range bonus is the number of tiles from attacker to target, not counting the attacker's tile; none for blast.")
DICE = _r("und.combat.dice", "BOJOVÉ AKCE",
          "Počet kostek je roven hodnotě akce útok, krycí palba nebo výbuch. Padne-li na alespoň "
          "jedné kostce číslo stejné nebo vyšší, než je celková hodnota obrany, jde o zásah. Počet "
          "kostek, na kterých potřebné číslo padlo, nehraje roli. Výsledek hodu 0 znamená vždy zásah "
          "bez ohledu na celkovou hodnotu obrany.",
          "Roll one d10 per action point; any die at or above total defense, or any 0, is one hit.")
SUPPRESS = _r("und.combat.suppress", "BOJOVÉ AKCE",
              "Akce krycí palba žádné ztráty nezpůsobuje. Místo toho otočte žeton příslušné jednotky "
              "stranou pod palbou nahoru. Pokud již žeton touto stranou nahoru ležel, nemá útok žádný "
              "účinek.",
              "A suppress hit flips the token to suppressed instead of causing a casualty.")
HILL = _r("und.combat.hill", "BOJOVÉ AKCE",
          "Pokud se útočící jednotka také nachází na poli s kopcovitým terénem (ať už se jedná o "
          "totéž pole nebo pole jiné) nebo pokud se jedná o útok pomocí akce výbuch, hodnota krytu "
          "je 1. V ostatních případech je hodnota krytu 3.",
          "Hill cover 3/1 counts 1 if the attacker is also on a hill or for blast, else 3.")
CASUALTY = _r("und.casualties", "BOJOVÉ AKCE",
              "Hráč za zasaženou jednotku musí vyhledat kartu příslušející jednotce a vyřadit ji ze "
              "hry.",
              "A hit unit's owner must remove one of that unit's cards from the game.")
CASUALTY_HAND = _r("und.casualties.hand", "BOJOVÉ AKCE",
                   "Pokud je to možné, musí vyřadit kartu z ruky.",
                   "First from the hand.")
CASUALTY_DISCARD = _r("und.casualties.discard", "BOJOVÉ AKCE",
                      "Pokud nemá kartu dané jednotky v ruce, musí ji vyřadit ze svého odhazovacího "
                      "balíčku.",
                      "Else from the discard pile.")
CASUALTY_DRAW = _r("und.casualties.draw", "BOJOVÉ AKCE",
                   "Pokud nemá kartu dané jednotky ani v odhazovacím balíčku, musí ji vyřadit ze "
                   "svého dobíracího balíčku. Poté si musí balíček zamíchat.",
                   "Else from the draw deck, which is then shuffled.")
CASUALTY_TOKEN = _r("und.casualties.token", "BOJOVÉ AKCE",
                    "Pokud nemá kartu dané jednotky ani v dobíracím balíčku, musí odstranit "
                    "příslušný žeton jednotky z herního plánu. Ze zálohy se karta nevyřazuje!",
                    "Else the unit's token leaves the board; a card is never taken from the supply.")
CASUALTY_ONE = _r("und.casualties.one", "BOJOVÉ AKCE",
                  "Po zásahu se ze hry vždy vyřazuje 1 karta",
                  "A hit always removes exactly one card, however many dice hit.")
TOKEN_RETURN = _r("und.casualties.return", "BOJOVÉ AKCE",
                  "Odstraněný žeton jednotky se do hry může později zase vrátit, hráč může mít "
                  "nějakou příslušnou kartu v záloze. Žeton jednotky bude nasazen na pole s žetonem "
                  "nasazení, nikoliv na pole, kde byla jednotka zničena.",
                  "A removed token can come back later by deploying at a spawn marker.")

# --- the platoon (a historical note: the rulebook says it does not change the rules) ------------
PLATOON_NOTE = _r("und.platoon.note", "ČETA",
                  "Tato kapitola je historickou a strategickou poznámkou. Nemá žádný technický význam pro "
                  "samotnou hru.",
                  "The platoon chapter is a historical and strategic note with no effect on the rules.")
PLATOON_GUNNERS = _r("und.platoon.gunners", "ČETA – POKRAČOVÁNÍ",
                     "Kulometčíci vynikají při útoku a obraně",
                     "Machine gunners excel in attack and defense.")
PLATOON_SNIPER = _r("und.platoon.sniper", "ČETA – POKRAČOVÁNÍ",
                    "Mají nejvyšší hodnotu útoku a obrany ve hře",
                    "Snipers have the highest attack and defense values in the game.")

# --- end of game ------------------------------------------------------------------------------
GAME_END = _r("und.victory", "KONEC HRY",
              "Jakmile je podmínka splněna, hra okamžitě končí a kolo se už nedohrává.",
              "The game ends the moment a victory condition is met.")
VICTORY_OBJECTIVES = _r("und.victory.objectives", "KONEC HRY",
                        "Ovládnete-li pole s žetony cílů, jejichž celková hodnota se rovná stanovené "
                        "hranici nebo ji překračuje, zvítězili jste.",
                        "Controlling objectives worth the scenario's total or more wins.")
VICTORY_SUPPRESS = _r("und.victory.suppress", "KONEC HRY",
                      "Pokud se vám podaří eliminovat všechny jednotky střelců nepřítele (odstranit z "
                      "herního plánu všechny jejich žetony), podařilo se vám nepřítele potlačit.",
                      "Pinning the Enemy (Czech: Potlačení nepřítele): eliminating every enemy riflemen unit, "
                      "its counters removed from the board, pins the enemy army.")
VICTORY_BOTH = _r("und.victory.both", "KONEC HRY",
                  "Jsou-li potlačeny obě strany, ale ani jedna nesplnila podmínky vítězství, hra "
                  "končí a vítězem se stane hráč s vyšším součtem hodnot obsazených cílů. V případě "
                  "shody vítězí hráč, který má právě iniciativu.",
                  "Both armies pinned: higher objective total wins, a tie goes to the initiative holder.")
HOPELESS = _r("und.victory.hopeless", "KONEC HRY",
              "V takovém okamžiku je vaše armáda považována za beznadějně potlačenou.",
              "Beyond All Hope (Czech: Beznadějná situace): an army pinned with all its riflemen cards out "
              "of the game is beyond all hope.")
HOPELESS_WIN = _r("und.victory.hopeless.win", "KONEC HRY",
                  "Je-li soupeřovou podmínkou vítězství obsazovat cíle a součet hodnoty jím aktuálně "
                  "obsazených cílů je vyšší než váš, zvítězil.",
                  "Against an army beyond all hope, an opponent who must take objectives wins once they hold more than it does.")


SOURCE_CONFLICTS: list[dict] = [
    {
        "topic": "stalk value",
        "action": "stalk",
        "used": 1,
        "texts": [
            {"where": "AKCE POHYBU (rules text)", "line": 432, "value": 1,
             "text": "Skrytý přesun 1 — Přemístěte žeton jednotky o 1 pole.", "rule": STALK_TEXT.key},
            {"where": "STRUČNÝ PŘEHLED (quick reference)", "line": 980, "value": 2,
             "text": "Skrytý přesun 2 : přemístěte jednotku až o 2 pole.", "rule": STALK_QR.key},
        ],
        "resolution": "The engine keeps the rules text (1); a scenario may set its Stalk "
                      "option to 2 to play the quick reference's value.",
    },
    {
        "topic": "move destination",
        "action": "move",
        "used": "any control marker",
        "texts": [
            {"where": "AKCE POHYBU (rules text)", "line": 404,
             "text": "Na poli, na které jednotka vstoupí, musí ležet váš žeton kontroly "
                     "(libovolnou stranou nahoru).", "rule": MOVE.key},
            {"where": "STRUČNÝ PŘEHLED (quick reference)", "line": 972,
             "text": "Přesun 1 : přemístěte jednotku na sousedící propátrané pole.",
             "rule": MOVE_QR.key},
        ],
        "resolution": "The quick reference says 'scouted'; the rules text allows either side of "
                      "your control marker. The engine follows the rules text (scouted or controlled).",
    },
    {
        "topic": "scout markers",
        "action": "scout",
        "used": "only tiles without your control marker",
        "texts": [
            {"where": "AKCE POHYBU (rules text)", "line": 423,
             "text": "Na každé takové pole umístěte svůj žeton kontroly stranou propátráno nahoru.",
             "rule": SCOUT.key},
            {"where": "STRUČNÝ PŘEHLED (quick reference)", "line": 976,
             "text": "Na každé pole umístěte žeton kontroly stranou propátráno nahoru a přidejte si "
                     "do odhazovacího balíčku kartu válečný zmatek.", "rule": SCOUT_QR.key},
        ],
        "resolution": "The quick reference reads 'every tile'; the rules text (and the worked "
                      "example: 3B already scouted, one Fog of War for 17B) means only tiles "
                      "without your marker. The engine follows the rules text.",
    },
    {
        "topic": "bolster count",
        "action": "bolster",
        "used": "up to X",
        "texts": [
            {"where": "AKCE PODPŮRNÉ AKCE (rules text)", "line": 445,
             "text": "Vezměte si až X karet ze zálohy a přidejte je do svého odhazovacího balíčku.",
             "rule": BOLSTER.key},
            {"where": "STRUČNÝ PŘEHLED (quick reference)", "line": 983,
             "text": "Posily X A : přidejte si X karet (daného družstva) ze zálohy do odhazovacího "
                     "balíčku.", "rule": BOLSTER_QR.key},
        ],
        "resolution": "The rules text says 'až X' (up to X), the quick reference 'X'. The engine "
                      "follows the rules text: a player may take fewer cards than the value.",
    },
    {
        "topic": "command count",
        "action": "command",
        "used": "up to 2",
        "texts": [
            {"where": "AKCE PODPŮRNÉ AKCE (rules text)", "line": 452,
             "text": "Doberte si až 2 karty ze svého balíčku do ruky.", "rule": COMMAND.key},
            {"where": "STRUČNÝ PŘEHLED (quick reference)", "line": 986,
             "text": "Za mnou! 2 : doberte si 2 karty z balíčku do ruky.", "rule": COMMAND_QR.key},
        ],
        "resolution": "The rules text says 'až 2' (up to 2), the quick reference '2'. The engine "
                      "follows the rules text: a player may draw fewer (and so avoid a reshuffle).",
    },
    {
        "topic": "control marker",
        "action": "control",
        "used": "your scouted marker on the tile",
        "texts": [
            {"where": "AKCE PODPŮRNÉ AKCE (rules text)", "line": 465,
             "text": "Tuto akci lze provést jen na poli, kde se daná jednotka nachází, leží na něm "
                     "váš žeton kontroly stranou propátráno nahoru a zároveň na něm není žádná "
                     "nepřátelská jednotka.", "rule": CONTROL.key},
            {"where": "STRUČNÝ PŘEHLED (quick reference)", "line": 991,
             "text": "Ovládnutí: ovládněte pole, na kterém se nachází daná jednotka (pokud zde není "
                     "žádná nepřátelská jednotka).", "rule": CONTROL_QR.key},
        ],
        "resolution": "The quick reference names only the enemy unit; the rules text also needs your "
                      "scouted marker on the tile. The engine follows the rules text.",
    },
]
