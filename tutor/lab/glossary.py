"""The rules glossary in four languages, and the "language switch" for rules.

Every term the tutor teaches — units, terrain, obstacles, dice faces, actions, card names, zones —
in English, Spanish, Czech and Polish. Each non-English word carries the seed rulebook and the line
it was read from (``tests/lab/test_lab_glossary.py`` checks every one against the seed files when
they are present). A word that is not in the seeds (the Czech Memoir '44 copy has no hedgehog
synonym, the Polish seed is only the Overlord booklet, and Undaunted: Normandy exists only in
Czech) is given as a usual translation and marked so on the page. The page names the book a
word is printed in ("Memoir '44 rulebook (2025, Spanish)"), never a file or a line.

The Czech Memoir '44 seed is OCR without most diacritics; words are written correctly here and
matched against the seed with accents folded (``form`` gives the stem actually searched where the
seed inflects the word).

Pure data and string functions; ``glossary_widget`` and ``language_switch`` import ipywidgets
only when called.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from functools import lru_cache
from html import escape

from tutor.rulebook import CORRECTED_NOTE, SEED_FILES, Rule, seeds_dir

LANGS = ("en", "es", "cs", "pl")
LANGUAGE_NAMES = {"en": "English", "es": "Spanish", "cs": "Czech", "pl": "Polish"}
CATEGORIES = ("units", "terrain", "obstacles", "dice", "actions", "cards", "zones", "game")
GAMES = {"m": "memoir44", "u": "undaunted"}
GAME_NAMES = {"memoir44": "Memoir '44", "undaunted": "Undaunted: Normandy"}
USUAL = "usual translation"   # a word the rulebooks used here do not print
SEED_OF = {("memoir44", "es"): "memoir44-rules-es.txt", ("memoir44", "cs"): "memoir44-rules-cs-ocr.txt",
           ("memoir44", "pl"): "memoir44-overlord-rules-pl.txt",
           ("undaunted", "cs"): "undaunted-normandy-rules-cs.txt"}


def fold(text: str) -> str:
    """Lower case without accents (and ł → l): how words are matched against the OCR seeds."""
    text = text.replace("ł", "l").replace("Ł", "L")
    return "".join(c for c in unicodedata.normalize("NFKD", text) if not unicodedata.combining(c)).lower()


@dataclass(frozen=True)
class Word:
    text: str
    lang: str
    file: str | None          # seed file, None when not in the seeds
    line: int | None
    form: str | None = None   # regex searched in the folded seed line, when not the word itself

    @property
    def in_seeds(self) -> bool:
        return self.line is not None

    @property
    def cite(self) -> str:
        """The book the word is printed in, as a learner cites it, or "usual translation"."""
        return SEED_FILES[self.file][0] if self.in_seeds else USUAL

    @property
    def pattern(self) -> str:
        return self.form or re.escape(fold(self.text))

    def to_json(self) -> dict:
        return {"text": self.text, "lang": self.lang, "file": self.file, "line": self.line,
                "in_seeds": self.in_seeds}


@dataclass(frozen=True)
class Term:
    id: str
    category: str
    game: str
    en: str
    words: tuple[Word, ...]       # es, cs, pl

    def word(self, lang: str) -> Word | str:
        if lang == "en":
            return self.en
        return next(w for w in self.words if w.lang == lang)

    def to_json(self) -> dict:
        return {"id": self.id, "category": self.category, "game": self.game, "en": self.en,
                **{w.lang: w.to_json() for w in self.words}}


# id, category, game (m/u), English, then (word, seed line[, searched form]) for es, cs, pl;
# a line of None means "not in seeds". Seed files follow from the game and language (SEED_OF).
# Terrain words are cited at their entry's heading in the terrain appendix (APÉNDICE 2 / PŘÍLOHA 2):
# the Czech entry for the Spanish REPECHOS (draws) is MOŘSKÉ ÚTESY and for ACANTILADOS (cliffs) SRÁZY
# (the same sentences); the Czech cliff text then says "na útes", reusing the draw word.
_DATA = [
    ('unit', 'units', 'm', 'unit',
     ('unidad', 22, '\\bunidad'), ('jednotka', 21, '\\bjednotk'), ('jednostka', 59, '\\bjednostk')),
    ('figure', 'units', 'm', 'figure',
     ('miniatura', 56), ('figura', 59, '\\bfigur'), ('figurka', 83, 'figurk')),
    ('infantry', 'units', 'm', 'infantry',
     ('Infantería', 137), ('pěchota', 339), ('piechota', 173)),
    ('armor', 'units', 'm', 'armor',
     ('Blindados', 147), ('obrněné jednotky', 69, 'obrnen'), ('jednostka pancerna', 64)),
    ('artillery', 'units', 'm', 'artillery',
     ('Artillería', 139), ('artilerie', 70, '\\bartiler'), ('artyleria', 69, 'artyler')),
    ('elite_infantry', 'units', 'm', 'elite infantry (special forces)',
     ('Infantería de élite', 350), ('elitní pěchota', 665), ('piechota elitarna', None)),
    ('elite_armor', 'units', 'm', 'elite armor',
     ('Blindados de élite', 954), ('elitní obrněné jednotky', 707, 'elitni obrn'), ('elitarne jednostki pancerne', None)),
    ('french_resistance', 'units', 'm', 'French resistance',
     ('Resistencia francesa', 929), ('Résistance (francouzský odboj)', 662, 'resistance'), ('francuski ruch oporu', None)),
    ('special_forces_badge', 'units', 'm', 'special forces badge',
     ('insignias de Fuerzas Especiales', 46, 'fuerzas especiales'), ('odznak speciálních jednotek', None), ('odznaka sił specjalnych', None)),
    ('countryside', 'terrain', 'm', 'countryside',
     ('pradera', 1000), ('otevřený terén', None), ('otwarty teren', None)),
    ('woods', 'terrain', 'm', 'woods',
     ('Bosques', 1002), ('lesy', 759), ('lasy', None)),
    ('hedgerows', 'terrain', 'm', 'hedgerows',
     ('Setos', 1010), ('živé ploty', 774), ('żywopłoty', None)),
    ('hills', 'terrain', 'm', 'hills',
     ('Colinas', 1063), ('kopce', 793), ('wzgórza', None)),
    ('towns', 'terrain', 'm', 'towns and villages',
     ('Pueblos y Aldeas', 1074), ('města a vesnice', 815), ('miasta i wioski', None)),
    ('church', 'terrain', 'm', 'church',
     ('Iglesias', 1105), ('kostely', 835), ('kościoły', None)),
    ('rivers', 'terrain', 'm', 'rivers and waterways',
     ('Ríos y canales', 1113, 'rios y canales'), ('řeky', 826, 'reky'), ('rzeki', None)),
    ('bridges', 'terrain', 'm', 'bridges',
     ('Puentes', 1121), ('mosty', 843), ('mosty', None)),
    ('beaches', 'terrain', 'm', 'beaches',
     ('Playas', 1135), ('břehy', 859), ('plaże', None)),
    ('ocean', 'terrain', 'm', 'ocean',
     ('Océanos', 1174, 'oceanos'), ('moře', 883, '\\bmore\\b'), ('ocean', None)),
    ('draws', 'terrain', 'm', 'draws',
     ('Repechos', 1183), ('mořské útesy', 906), ('parowy', None)),
    ('cliffs', 'terrain', 'm', 'cliffs (sea bluffs)',
     ('Acantilados', 1197), ('srázy', 924), ('klify', None)),
    ('steep_hills', 'terrain', 'm', 'steep hills',
     ('Colinas empinadas', 1201), ('strmé kopce', 928, 'strm'), ('strome wzgórza', None)),
    ('lakes', 'terrain', 'm', 'lakes',
     ('Lagos', 1227), ('jezera', 936), ('jeziora', None)),
    ('mountains', 'terrain', 'm', 'mountains',
     ('Montañas', 1242, 'montana'), ('hory', 954), ('góry', None)),
    ('height', 'terrain', 'm', 'terrain height',
     ('altura del terreno', 460), ('výška terénu', 269, 'vysk'), ('wysokość terenu', None)),
    ('terrain', 'terrain', 'm', 'terrain',
     ('terreno', 19, '\\bterreno\\b'), ('terén', 17, '\\bteren'), ('teren', 26, '\\bteren')),
    ('obstacles', 'obstacles', 'm', 'obstacles',
     ('obstáculos', 60, 'obstaculos'), ('překážky', 55, 'prekazk'), ('przeszkody', None)),
    ('bunker', 'obstacles', 'm', 'bunker',
     ('Búnker', 49, 'bunker'), ('bunkry', 55), ('bunkry', None)),
    ('hedgehogs', 'obstacles', 'm', 'hedgehogs',
     ('Defensas anticarro', 1311), ('zátarasy', 1010), ('jeże przeciwczołgowe', None)),
    ('wire', 'obstacles', 'm', 'barbed wire',
     ('Alambradas', 110), ('ostnatý drát', 57, 'ostnat'), ('drut kolczasty', None)),
    ('sandbags', 'obstacles', 'm', 'sandbags',
     ('Sacos terreros', 172), ('pytle s pískem', 55), ('worki z piaskiem', None)),
    ('sea_walls', 'obstacles', 'm', 'sea walls',
     ('Malecones', 1350), ('hráze', 1063, 'hraz'), ('falochrony', None)),
    ('die', 'dice', 'm', 'battle dice',
     ('dados de ataque', 37), ('kostky', 98), ('kości', 24)),
    ('grenade', 'dice', 'm', 'grenade',
     ('granada', 70), ('granát', 456), ('granat', None)),
    ('star', 'dice', 'm', 'star',
     ('estrella', 70), ('hvězda', 483, 'hvezd'), ('gwiazda', 175, 'cwazds')),
    ('flag', 'dice', 'm', 'flag',
     ('Bandera', 70), ('vlajka', 487, 'vlajk'), ('flaga', 176)),
    ('hit', 'dice', 'm', 'hit',
     ('impacto', 640), ('zásah', 446), ('trafienie', None)),
    ('miss', 'dice', 'm', 'miss',
     ('fallo', 655), ('minutí', None), ('pudło', None)),
    ('order', 'actions', 'm', 'order (a unit)',
     ('dar órdenes', 309, 'dar ordenes'), ('rozkaz', 93), ('rozkaz', 22)),
    ('move', 'actions', 'm', 'move',
     ('movimiento', 342), ('pohyb', 147), ('ruch', 164, '\\bruch\\b')),
    ('battle', 'actions', 'm', 'battle (attack)',
     ('ataque', 37, '\\bataque\\b'), ('útok', 157, '\\butok'), ('walka', 181)),
    ('close_combat', 'actions', 'm', 'close combat',
     ('combate cercano', 135), ('boj na blízko', 316, 'na blizko'), ('walka w zwarciu', 199, 'zwarciu')),
    ('retreat', 'actions', 'm', 'retreat',
     ('retirada', 153), ('ústup', 451, '\\bustup'), ('wycofać się', 176, 'wycofac sie')),
    ('take_ground', 'actions', 'm', 'take ground',
     ('ganar terreno', 126), ('obsazení území', 119, 'obsazeni'), ('zajęcie terenu', None)),
    ('overrun', 'actions', 'm', 'armor overrun',
     ('arrollamiento de blindados', 145, 'arrollamiento'), ('tanková smršť', 560, 'tankova smr'), ('przełamanie pancerne', None)),
    ('line_of_sight', 'actions', 'm', 'line of sight',
     ('línea de visión', 125), ('linie výhledu', 138, 'linii vyhledu'), ('linia wzroku', None)),
    ('range', 'actions', 'm', 'range',
     ('alcance', 153), ('dostřel', 328), ('zasięg', None)),
    ('ignore_flag', 'actions', 'm', 'ignore a flag',
     ('ignorar 1 Bandera', 1301, 'ignorar 1 bandera'), ('ignorovat vlajku', 522, 'ignor'), ('zignorować flagę', None)),
    ('protection', 'actions', 'm', 'terrain protection (dice reduction)',
     ('protección del terreno', 125), ('redukce', 164), ('ochrona terenu', None)),
    ('command_card', 'cards', 'm', 'command card',
     ('cartas de Mando', 63), ('karty rozkazů', 93, 'karet rozkaz'), ('karta dowodzenia', 110, 'karty dowodzenia')),
    ('section_card', 'cards', 'm', 'section card',
     ('cartas de Sección', 305, 'cartas de seccion'), ('sektorové karty', 182, 'sektorove karty'), ('karta sekcji', 42)),
    ('tactic_card', 'cards', 'm', 'tactic card',
     ('cartas de Táctica', 315, 'cartas de tactica'), ('taktické karty', 182, 'takticke'), ('karta taktyki', 46)),
    ('air_power', 'cards', 'm', 'Air Power (card)',
     ('APOYO AÉREO', 72, 'apoyo aereo'), ('letecká podpora', None), ('Air Power', 223)),
    ('recon', 'cards', 'm', 'Recon (card)',
     ('RECONOCIMIENTO', 405, 'reconocimiento'), ('průzkum', None), ('Recon', 120, '\\brecon\\b')),
    ('summary_card', 'cards', 'm', 'summary card',
     ('cartas de Resumen', 35), ('přehledové karty', 440, 'prehledove karty'), ('karta pomocy', 86)),
    ('activation_token', 'cards', 'm', 'activation token',
     ('fichas de Activación', 37, 'fichas de activacion'), ('aktivační žetony', 150, 'aktivacni zeton'), ('znacznik aktywacji', None)),
    ('medal', 'cards', 'm', 'victory medal',
     ('Medallas de victoria', 43, 'medallas de victoria'), ('vítězné medaile', 76, 'vitezne medail'), ('medal zwycięstwa', None)),
    ('ambush', 'cards', 'm', 'Ambush (card)',
     ('EMBOSCADA', 1494, 'emboscada'), ('Přepadení', None), ('zasadzka (Ambush)', 199, 'zasadzk')),
    ('battlefield', 'zones', 'm', 'battlefield (board)',
     ('campo de batalla', 54), ('hrací plán', 47, 'hraci plan'), ('plansza', 26, 'plansz')),
    ('hex', 'zones', 'm', 'hex',
     ('hexágono', 40, 'hexagono'), ('pole', 51, '\\bpole\\b'), ('pole', 176, '\\bpole\\b')),
    ('section', 'zones', 'm', 'section',
     ('sección', 356, 'seccion'), ('sektor', 133), ('sekcja', 24, 'sekcj')),
    ('left_flank', 'zones', 'm', 'left flank',
     ('flanco izquierdo', 357), ('levé křídlo', 133, 'leve k'), ('lewa flanka', 92, 'lewa')),
    ('center', 'zones', 'm', 'center',
     ('zona central', 357), ('centrum', 133), ('sekcja środkowa', 79, 'srodkow')),
    ('right_flank', 'zones', 'm', 'right flank',
     ('flanco derecho', 358), ('pravé křídlo', 134, 'prave'), ('prawa flanka', 92, 'prawa')),
    ('axis', 'zones', 'm', 'Axis',
     ('Eje', 21, '\\beje\\b'), ('Osa', 1112, '\\bosa\\b'), ('Oś', None)),
    ('allies', 'zones', 'm', 'Allies',
     ('Aliados', 21), ('Spojenci', 100), ('Alianci', None)),
    ('temporary_objective', 'zones', 'm', 'temporary medal objective',
     ('objetivo temporal', 1362, 'temporal'), ('dočasný cíl', 1074, 'docasn'), ('cel tymczasowy', None)),
    ('permanent_objective', 'zones', 'm', 'permanent medal objective',
     ('objetivo permanente', 1367, 'permanente'), ('trvalý cíl', 1066, 'trval'), ('cel stały', None)),
    ('sudden_death', 'zones', 'm', 'sudden death objective',
     ('muerte súbita', 1376, 'muerte subita'), ('náhlá smrt', 1091, 'nahl'), ('nagła śmierć', None)),
    ('air_superiority', 'game', 'm', 'air superiority',
     ('superioridad aérea', 1379, 'superioridad aerea'), ('letecká převaha', 1095, 'letecka prevaha'), ('przewaga powietrzna', None)),
    ('commander_in_chief', 'game', 'm', 'commander-in-chief (Overlord)',
     ('comandante en jefe', 1514), ('vrchní velitel', 1241), ('głównodowodzący', 79)),
    ('field_general', 'game', 'm', 'field general (Overlord)',
     ('general de campo', None), ('polní generál', None), ('dowódca polowy', 96, 'dowodca polow')),
    ('chain_of_command', 'game', 'm', 'chain of command (Overlord)',
     ('cadena de mando', 1538), ('řetězec velení', None), ('łańcuch dowodzenia', 187)),
    ('initiative_roll', 'game', 'm', 'initiative (Overlord field general without orders)',
     ('iniciativa', None), ('iniciativa', None), ('inicjatywa', 168, 'inicjatyw')),
    ('victory_conditions', 'game', 'm', 'victory conditions',
     ('condiciones de victoria', None), ('podmínky vítězství', None), ('warunki zwycięstwa', 104)),
    ('starting_player', 'game', 'm', 'starting player (Operation Alliance)',
     ('jugador inicial', 1402), ('1. hráč', 1177, '1\\. hrac'), ('gracz rozpoczynający', None)),
    ('second_player', 'game', 'm', 'second player (Operation Alliance)',
     ('segundo jugador', 1471), ('2. hráč', 1177, '2\\. hrac'), ('drugi gracz', None)),
    ('active_player', 'game', 'm', 'active player (team play)',
     ('jugador activo', 1469), ('aktivní hráč', 1173, 'aktivni hrac'), ('aktywny gracz', None)),
    ('common_card', 'cards', 'm', 'common command card (Operation Alliance)',
     ('carta de Mando común', 1455, 'carta de mando comun'), ('společná karta rozkazů', 1143, 'spolecna karta rozkazu'),
     ('wspólna karta dowodzenia', None)),
    ('special_rules', 'game', 'm', 'special rules',
     ('reglas especiales', 184), ('zvláštní pravidla', None), ('zasady specjalne', 104)),
    ('und.platoon', 'units', 'u', 'platoon',
     ('pelotón', None), ('četa', 9, '\\bcet[ay]\\b'), ('pluton', None)),
    ('und.squad', 'units', 'u', 'squad',
     ('escuadra', None), ('družstvo', 58, 'druzstv'), ('drużyna', None)),
    ('und.riflemen', 'units', 'u', 'riflemen',
     ('fusileros', None), ('střelci', 287), ('strzelcy', None)),
    ('und.machine_gunners', 'units', 'u', 'machine gunners',
     ('ametralladores', None), ('kulometčíci', 202), ('karabinierzy maszynowi', None)),
    ('und.scouts', 'units', 'u', 'scouts',
     ('exploradores', None), ('pátrači', 143), ('zwiadowcy', None)),
    ('und.snipers', 'units', 'u', 'snipers',
     ('francotiradores', None), ('odstřelovači', 99), ('snajperzy', None)),
    ('und.mortar', 'units', 'u', 'mortar',
     ('mortero', None), ('minomet', 99, '\\bminomet\\b'), ('moździerz', None)),
    ('und.sergeant', 'units', 'u', 'platoon sergeant',
     ('sargento', None), ('seržant', 115), ('sierżant', None)),
    ('und.squad_leader', 'units', 'u', 'squad leader',
     ('jefe de escuadra', None), ('velitel družstva', 87), ('dowódca drużyny', None)),
    ('und.platoon_guide', 'units', 'u', 'platoon guide',
     ('guía de pelotón', None), ('zástupce velitele', 115), ('zastępca dowódcy plutonu', None)),
    ('und.combat_counter', 'units', 'u', 'combat counter (unit token)',
     ('contador de combate', None), ('žeton jednotky', 187, 'zetony jednotek'), ('żeton jednostki', None)),
    ('und.target_marker', 'zones', 'u', 'target marker',
     ('marcador de objetivo', None), ('žeton zaměření', 158, 'zetony zamereni'), ('znacznik celu', None)),
    ('und.soldier_card', 'cards', 'u', 'combat cards',
     ('cartas de soldado', None), ('karty mužstva', 57), ('karty żołnierzy', None)),
    ('und.leader_card', 'cards', 'u', 'command cards',
     ('cartas de líder', None), ('karty velitelů', 106), ('karty dowódców', None)),
    ('und.fog_of_war', 'cards', 'u', 'Fog of War',
     ('niebla de guerra', None), ('válečný zmatek', 291), ('mgła wojny', None)),
    ('und.initiative', 'game', 'u', 'initiative',
     ('iniciativa', None), ('iniciativa', 35, '\\biniciativ'), ('inicjatywa', None)),
    ('und.round', 'game', 'u', 'round',
     ('ronda', None), ('kolo', 300, '\\bkolo\\b'), ('runda', None)),
    ('und.supply', 'zones', 'u', 'supply',
     ('reserva', None), ('záloha', 78, '\\bzaloh'), ('zaopatrzenie', None)),
    ('und.deck', 'zones', 'u', 'deck (draw pile)',
     ('mazo', None), ('dobírací balíček', 233, 'dobiraci balic'), ('talia', None)),
    ('und.hand', 'zones', 'u', 'hand',
     ('mano', None), ('ruka', 314, '\\bruk'), ('ręka', None)),
    ('und.discard', 'zones', 'u', 'discard pile',
     ('pila de descarte', None), ('odhazovací balíček', 341, 'odhazovaci balic'), ('stos kart odrzuconych', None)),
    ('und.casualty', 'zones', 'u', 'casualty',
     ('baja', None), ('ztráta', 81, '\\bztrat'), ('strata', None)),
    ('und.tile', 'zones', 'u', 'board tile',
     ('loseta', None), ('dílek', 37, '\\bdil[ek]'), ('kafelek', None)),
    ('und.cover', 'zones', 'u', 'cover bonus',
     ('cobertura', None), ('kryt', 223, '\\bkryt\\b'), ('osłona', None)),
    ('und.objective', 'zones', 'u', 'objective',
     ('objetivo', None), ('cíl', 10, '\\bcil'), ('cel', None)),
    ('und.scouted', 'zones', 'u', 'scouted (control marker side)',
     ('explorado', None), ('propátrané', 141, 'propatran'), ('rozpoznany', None)),
    ('und.control_token', 'zones', 'u', 'control marker',
     ('ficha de control', None), ('žeton kontroly', 31, 'zetonu kontroly|zeton kontroly|zetony kontroly|zetonu kontrol'), ('znacznik kontroli', None)),
    ('und.move', 'actions', 'u', 'Move',
     ('mover', None), ('Přesun', 972, '\\bpresun\\b'), ('ruch', None)),
    ('und.guide', 'actions', 'u', 'Guide',
     ('guiar', None), ('Manévr', 408), ('manewr', None)),
    ('und.scout', 'actions', 'u', 'Scout',
     ('explorar', None), ('Pátrání', 418, '\\bpatrani\\b'), ('zwiad', None)),
    ('und.stalk', 'actions', 'u', 'Stalk',
     ('acechar', None), ('Skrytý přesun', 432), ('skradanie', None)),
    ('und.bolster', 'actions', 'u', 'Bolster',
     ('reforzar', None), ('Posily', 443, '\\bposily\\b'), ('wzmocnienie', None)),
    ('und.command', 'actions', 'u', 'Command',
     ('mando', None), ('Za mnou!', 450, 'za mnou'), ('rozkaz', None)),
    ('und.conceal', 'actions', 'u', 'Conceal',
     ('ocultar', None), ('Zmatení nepřítele', 460, 'zmateni'), ('dezorientacja', None)),
    ('und.control', 'actions', 'u', 'Control',
     ('controlar', None), ('Ovládnutí', 464, 'ovladnuti'), ('kontrola', None)),
    ('und.inspire', 'actions', 'u', 'Inspire',
     ('inspirar', None), ('Povzbuzení', 474, 'povzbuzeni'), ('inspiracja', None)),
    ('und.recon', 'actions', 'u', 'Recon',
     ('reconocimiento', None), ('Průzkum', 482, 'pruzkum'), ('rozpoznanie', None)),
    ('und.target', 'actions', 'u', 'Target',
     ('designar objetivo', None), ('Zaměření', 492, 'zamereni'), ('namierzanie', None)),
    ('und.attack', 'actions', 'u', 'Attack',
     ('atacar', None), ('Útok', 501, '\\butok\\b'), ('atak', None)),
    ('und.suppress', 'actions', 'u', 'Suppress',
     ('suprimir', None), ('Krycí palba', 503, 'kryci palba'), ('ogień przygważdżający', None)),
    ('und.blast', 'actions', 'u', 'Blast',
     ('explosión', None), ('Výbuch', 504, '\\bvybuch'), ('ostrzał', None)),
    ('und.suppressed', 'game', 'u', 'suppressed unit',
     ('suprimida', None), ('pod palbou', 5), ('przygwożdżona', None)),
    ('und.pinning', 'game', 'u', 'Pinning the Enemy (an army pinned)',
     ('inmovilizar al enemigo', None), ('Potlačení nepřítele', 741, 'potlaceni nepritele'), ('unieruchomienie wroga', None)),
    ('und.pinned', 'game', 'u', 'pinned (an army)',
     ('inmovilizado', None), ('potlačená', 752, 'potlacen'), ('unieruchomiona', None)),
    ('und.beyond_all_hope', 'game', 'u', 'Beyond All Hope',
     ('sin esperanza', None), ('Beznadějná situace', 749, 'beznadejna situace'), ('bez nadziei', None)),
    ('und.defense', 'game', 'u', 'base defense',
     ('defensa', None), ('obrana', 195, '\\bobran'), ('obrona', None)),
    ('und.withdraw', 'actions', 'u', 'hunker down (card back to the supply)',
     ('retirar a la reserva', None), ('stažení do zálohy', 338), ('wycofanie do zaopatrzenia', None)),
    ('und.deploy', 'actions', 'u', 'spawn marker (placing combat counters)',
     ('desplegar', None), ('nasazení', 27, 'nasazeni'), ('rozmieszczenie', None)),
    ('und.die', 'dice', 'u', 'ten-sided die',
     ('dado de diez caras', None), ('desetistěnná kostka', 41, 'desetistenne kostky'), ('kość dziesięciościenna', None)),
    ('und.hit', 'dice', 'u', 'hit',
     ('impacto', None), ('zásah', 196, '\\bzasah'), ('trafienie', None)),
]


def _build() -> tuple[Term, ...]:
    out = []
    for tid, cat, g, en, *cells in _DATA:
        game = GAMES[g]
        words = []
        for lang, cell in zip(("es", "cs", "pl"), cells):
            text, line, *form = cell
            file = SEED_OF.get((game, lang)) if line is not None else None
            words.append(Word(text, lang, file, line, form[0] if form else None))
        out.append(Term(tid, cat, game, en, tuple(words)))
    return tuple(out)


TERMS: tuple[Term, ...] = _build()
_BY_ID = {t.id: t for t in TERMS}


def term(term_id: str) -> Term:
    try:
        return _BY_ID[term_id]
    except KeyError:
        from tutor.errors import InputError
        raise InputError(f"glossary term {term_id!r} is unknown") from None


def search(query: str = "", *, game: str | None = None, category: str | None = None) -> list[Term]:
    """Terms whose id, English or any translation contains ``query`` (accents and case ignored)."""
    q = fold(query.strip())
    out = []
    for t in TERMS:
        if game and t.game != game or category and t.category != category:
            continue
        hay = " ".join([t.id, t.en, t.category] + [w.text for w in t.words])
        if not q or q in fold(hay):
            out.append(t)
    return out


@lru_cache(maxsize=8)
def _seed_lines(file: str) -> tuple[str, ...] | None:
    d = seeds_dir()
    if d is None or not (d / file).is_file():
        return None
    return tuple((d / file).read_text(encoding="utf-8").splitlines())


def seed_line(word: Word) -> str | None:
    """The seed line a word was read from (None when the seeds are not on this machine)."""
    if not word.in_seeds:
        return None
    lines = _seed_lines(word.file)
    if lines is None or not 1 <= word.line <= len(lines):
        return None
    return lines[word.line - 1].strip()


def verify(word: Word) -> bool | None:
    """Does the seed line hold the word? None when the seeds are absent or the word is not in them."""
    line = seed_line(word)
    if line is None:
        return None
    return re.search(word.pattern, fold(line)) is not None


# ---------------------------------------------------------------------------------------------
# HTML


STYLE = ("<style>.tutor-gloss{border-collapse:collapse;font-size:.92em}.tutor-gloss th{background:#eef1f4;"
         "text-align:left;position:sticky;top:0}.tutor-gloss td,.tutor-gloss th{padding:3px 8px;"
         "border-bottom:1px solid #dde}.tutor-gloss .ns{color:#8a5a00;font-style:italic}"
         ".tutor-gloss small{color:#667}.tutor-side{display:flex;gap:1em;flex-wrap:wrap}"
         ".tutor-side>div{flex:1 1 18em;border-left:3px solid #8a8a8a;padding-left:.6em}"
         ".tutor-side mark{background:#fff2b3}"
         ".tutor-side blockquote{margin:.4em 0;font-style:normal}</style>")


def _cell(w: Word) -> str:
    if not w.in_seeds:
        return f'<td lang="{w.lang}">{escape(w.text)} <span class="ns">({USUAL})</span></td>'
    return f'<td lang="{w.lang}" title="as printed in the {escape(w.cite)}">{escape(w.text)}</td>'



def table_html(terms=None, *, style: bool = True) -> str:
    """The glossary as an HTML table (hover a word to read the book it is printed in)."""
    terms = TERMS if terms is None else terms
    rows = "".join(
        f"<tr><td>{escape(t.en)}<br><small>{escape(GAME_NAMES[t.game])} · {escape(t.category)}</small></td>"
        + "".join(_cell(w) for w in t.words) + "</tr>" for t in terms)
    head = "".join(f"<th>{LANGUAGE_NAMES[lang]}</th>" for lang in LANGS)
    count = f"<p><small>{len(terms)} of {len(TERMS)} terms</small></p>"
    return (STYLE if style else "") + count + f'<table class="tutor-gloss"><tr>{head}</tr>{rows}</table>'


def terms_in(text: str, lang: str, game: str | None = None) -> list[tuple[Term, Word]]:
    """The glossary terms (of ``game``, if given) whose word in ``lang`` occurs in ``text``."""
    f = fold(text)
    out = []
    for t in TERMS:
        if game and t.game != game:
            continue
        w = t.word(lang)
        if isinstance(w, Word) and re.search(w.pattern if w.form else re.escape(fold(w.text)), f):
            out.append((t, w))
    return out


def original_beside(rule: Rule, *, highlight: bool = True) -> str:
    """A rule's English wording beside its original text, with glossary terms marked and explained."""
    lang = rule.language
    quote = escape(rule.quote)
    game = "undaunted" if rule.file.startswith("undaunted") else "memoir44"
    found = terms_in(rule.quote, lang, game) if highlight else []
    notes = ""
    if found:
        seen = []
        for t, w in found:
            if t.id not in (s.id for s in seen):
                seen.append(t)
        notes = "<p><small>Terms: " + "; ".join(
            f"<i lang=\"{lang}\">{escape(t.word(lang).text)}</i> = {escape(t.en)}" for t in seen) + "</small></p>"
        for t in sorted(seen, key=lambda t: -len(t.word(lang).text)):
            text = t.word(lang).text
            quote = re.sub(rf"(?<![\w>])({re.escape(escape(text))})(?![\w<])", r"<mark>\1</mark>", quote,
                           flags=re.IGNORECASE)
    corrected = f"<p><small>({CORRECTED_NOTE})</small></p>" if rule.corrected else ""
    return (f'{STYLE}<div class="tutor-side"><div lang="en"><b>English</b><p>{escape(rule.summary)}</p></div>'
            f'<div lang="{lang}"><b>{LANGUAGE_NAMES[lang]} — original</b> <small>{escape(rule.cite)}</small>'
            f'<blockquote lang="{lang}">{quote}</blockquote>{corrected}{notes}</div></div>')


# ---------------------------------------------------------------------------------------------
# widgets (ipywidgets imported only here)


def glossary_widget(query: str = ""):
    """A searchable glossary: a text filter, game and category choices, and the table."""
    import ipywidgets as w
    text = w.Text(value=query, placeholder="search in any language: bosques, kopce, flag…",
                  description="Search", layout=w.Layout(width="26em"))
    game = w.Dropdown(options=[("both games", ""), ("Memoir '44", "memoir44"), ("Undaunted", "undaunted")],
                      description="Game")
    cat = w.Dropdown(options=[("all", "")] + [(c, c) for c in CATEGORIES], description="Category")
    out = w.HTML()

    def update(*_):
        out.value = table_html(search(text.value, game=game.value or None, category=cat.value or None))

    for c in (text, game, cat):
        c.observe(update, "value")
    update()
    box = w.VBox([w.HBox([text, game, cat]), out])
    box.search, box.table = text, out
    return box


def language_switch(rules, *, start: str = "side by side"):
    """Show rules in English, in their original wording, or both side by side (a toggle)."""
    import ipywidgets as w

    from tutor.explain import quote_html, rule_html
    rules = [rules] if isinstance(rules, Rule) else list(rules)
    toggle = w.ToggleButtons(options=["English", "original", "side by side"], value=start,
                             description="Language")
    out = w.HTML()

    def show(*_):
        if toggle.value == "English":
            out.value = "".join(rule_html(r) for r in rules)
        elif toggle.value == "original":
            out.value = "".join(
                f'<div><small>{escape(r.cite)}</small>{quote_html(r)}</div>' for r in rules)
        else:
            out.value = "".join(original_beside(r) for r in rules)

    toggle.observe(show, "value")
    show()
    box = w.VBox([toggle, out])
    box.toggle, box.html = toggle, out
    return box
