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

#: What each term means, in a learner's words, and the chapter that teaches it (its notebook's
#: number). Every term has one (tests/lab/test_lab_glossary.py).
MEANINGS: dict[str, tuple[str, str]] = {
    'unit': ('01', 'A group of figures on one hex that moves and battles together: infantry, armor or artillery.'),
    'figure': ('07', 'One miniature of a unit; each hit removes one, and the last one removed is a medal.'),
    'infantry': ('04', 'Foot soldiers, 4 figures: move 1 hex and battle, or 2 hexes without battle.'),
    'armor': ('04', 'Tanks, 3 figures: move up to 3 hexes and battle; after taking ground may overrun.'),
    'artillery': ('04', 'Guns, 2 figures: move 1 hex or battle, up to 6 hexes away, with no need of line of sight.'),
    'elite_infantry': ('10', 'Infantry with a special forces badge: moves up to 2 hexes and still battles (terrain still stops it).'),
    'elite_armor': ('10', 'Armor with a special forces badge: 4 figures instead of 3.'),
    'french_resistance': ('10', 'A 3-figure infantry unit that may battle after entering terrain that stops others, and retreats 1 to 3 hexes per flag.'),
    'special_forces_badge': ('10', 'The badge placed beside a unit to show it follows its special forces rules.'),
    'countryside': ('06', 'Open ground: no protection, no movement limit, no block to line of sight.'),
    'woods': ('06', 'Trees: a unit entering stops and may not battle that turn; they block sight and protect the unit inside.'),
    'hedgerows': ('06', 'Thick hedges: entered only from an adjacent hex, left one hex at a time; they block sight and protect.'),
    'hills': ('06', 'Height 1: attackers from lower ground roll 1 die fewer; hills block sight except between units up high.'),
    'towns': ('06', 'Buildings: a unit entering stops and may not battle that turn; they block sight and protect the unit inside.'),
    'church': ('06', 'A town hex with a church: town rules, and a unit in it may ignore 1 flag.'),
    'rivers': ('06', 'Water no unit may enter, except over a bridge; rivers do not block line of sight.'),
    'bridges': ('06', 'Where units cross a river, as open ground; no protection, no block to sight.'),
    'beaches': ('06', 'Sand: a unit that enters a beach moves at most 2 hexes in all; no protection.'),
    'ocean': ('06', 'The sea: a unit entering stops, may not battle from it, and no unit may retreat into it.'),
    'draws': ('06', 'A hill beside a beach: infantry climbs it from the beach in a 2-hex move; other units cannot.'),
    'cliffs': ('06', 'Sea bluffs: draw rules, and infantry on a beach may not take ground onto a cliff.'),
    'steep_hills': ('06', 'Hills that take a 2-hex move to enter from lower ground.'),
    'lakes': ('06', 'Water no unit may enter; two or more lake hexes side by side block sight.'),
    'mountains': ('06', 'Height 2: higher than hills, for line of sight and protection.'),
    'height': ('06', 'How high a hex is (ground, hill, mountain): it decides who sees over what.'),
    'terrain': ('06', 'What a hex is made of (woods, town, river…): it limits moves, blocks sight, protects.'),
    'obstacles': ('09', 'Things placed on a hex — wire, sandbags, hedgehogs, bunkers — with their own rules.'),
    'bunker': ('09', 'A fort: armor and artillery may not enter; it protects, blocks sight, and its unit may ignore 1 flag.'),
    'hedgehogs': ('09', 'Steel anti-tank barriers: only infantry may enter, and infantry there may ignore 1 flag.'),
    'wire': ('09', 'A unit entering stops; infantry on wire rolls 1 die fewer and may remove it; armor removes it on entering.'),
    'sandbags': ('09', 'A low wall: 1 die fewer against the unit there, which may ignore 1 flag; gone when it leaves.'),
    'sea_walls': ('09', 'Like sandbags, but they stay when the unit leaves.'),
    'die': ('05', 'The six-sided battle die: infantry (2 faces), armor, grenade, star and flag.'),
    'grenade': ('07', 'A die face that hits any unit.'),
    'star': ('07', 'A die face that misses, unless a card says otherwise.'),
    'flag': ('07', 'A die face that makes the target retreat one hex toward its own side.'),
    'hit': ('07', "A die showing the target's unit symbol or a grenade: the target loses one figure."),
    'miss': ('07', 'A die that neither hits nor shows a flag.'),
    'order': ('03', 'Choosing a unit the card lets you use this turn; only ordered units move and battle.'),
    'move': ('04', 'Moving an ordered unit up to its allowance, one hex at a time, never through other units.'),
    'battle': ('05', 'An attack: roll the dice for range and unit against one enemy in range and sight.'),
    'close_combat': ('05', 'A battle against an adjacent enemy; a unit next to an enemy must battle one of them.'),
    'retreat': ('07', 'Moving back one hex per flag toward your own side; a unit that cannot loses a figure instead.'),
    'take_ground': ('08', 'After a close combat that empties the hex, moving the attacker into it.'),
    'overrun': ('08', 'An armor unit that took ground battles once more, at once.'),
    'line_of_sight': ('01', 'An unblocked straight line between the centers of two hexes: needed to battle from range.'),
    'range': ('05', "How many hexes away the target is: the dice a unit rolls depend on it."),
    'ignore_flag': ('09', 'A unit with this protection may stay put for one flag instead of retreating.'),
    'protection': ('06', 'Dice taken away from an attack because the target stands in protecting terrain.'),
    'command_card': ('03', 'A card played from your hand at the start of your turn: it says which units you may order.'),
    'section_card': ('03', 'A command card that orders a number of units in one section: left, center or right.'),
    'tactic_card': ('03', 'A command card with its own action (Ambush, Air Power, Barrage…) instead of a section.'),
    'air_power': ('12', 'A tactic card that attacks a group of enemy units from the air.'),
    'recon': ('03', 'A section card that orders 1 unit; when you draw at the end, draw two and keep one.'),
    'summary_card': ('02', "A reference card that lists a terrain's or an obstacle's rules for a battle."),
    'activation_token': ('03', 'A token placed on an ordered unit to show it received an order this turn.'),
    'medal': ('11', 'A point toward victory: won for each enemy unit wiped out and for objectives held.'),
    'ambush': ('03', 'A tactic card the defender plays when attacked in close combat: the defender battles first.'),
    'battlefield': ('01', 'The board of hexes, split into three sections by two dashed lines.'),
    'hex': ('01', 'One six-sided space on the board; a unit stands on one hex.'),
    'section': ('01', 'One of the three parts of the board — left flank, center, right flank — between the dashed lines.'),
    'left_flank': ('01', 'The section on your left as you sit at the board.'),
    'center': ('01', 'The middle section, between the two dashed lines.'),
    'right_flank': ('01', 'The section on your right as you sit at the board.'),
    'axis': ('02', 'The German side (and its allies), usually at the top of the board.'),
    'allies': ('02', 'The Allied side (American, British…), usually at the bottom of the board.'),
    'temporary_objective': ('11', 'A medal hex that counts only while one of your units stands on it.'),
    'permanent_objective': ('11', 'A medal hex that stays yours once a unit of yours has reached it.'),
    'sudden_death': ('11', 'An objective that wins the game at once when taken.'),
    'air_superiority': ('12', 'Which side rules the sky in a battle, from a table of front and year.'),
    'commander_in_chief': ('14', 'In Overlord, the player who hands the command cards to the field generals.'),
    'field_general': ('14', 'In Overlord, a player commanding one section under the commander-in-chief.'),
    'chain_of_command': ('14', 'In Overlord, how cards go from the commander-in-chief to the field generals.'),
    'initiative_roll': ('14', 'In Overlord, a field general without a card may roll to act on his own.'),
    'victory_conditions': ('11', 'What a side must do to win the battle: how many medals, which objectives.'),
    'starting_player': ('13', "In Operation Alliance, the team member who plays the team's card first."),
    'second_player': ('13', 'In Operation Alliance, the other team member, who plays after the starting player.'),
    'active_player': ('13', 'In team play, the team member carrying out the current card.'),
    'common_card': ('13', 'In Operation Alliance, a command card face up that either team member may use.'),
    'special_rules': ('02', 'The rules a scenario adds or changes for its battle.'),
    'und.platoon': ('28', 'Your army: all the units whose cards make up your deck.'),
    'und.squad': ('21', 'A group of units marked A, B or C that its squad leader can command.'),
    'und.riflemen': ('28', 'The main infantry, and the only units that can take control of a tile.'),
    'und.machine_gunners': ('28', 'Units with a strong attack and Suppress, which pins an enemy down.'),
    'und.scouts': ('28', 'Units that scout tiles ahead, so others may move there.'),
    'und.snipers': ('28', 'The unit with the highest attack and defense; it stalks instead of moving.'),
    'und.mortar': ('28', 'A unit that places a target marker and blasts every unit on that tile.'),
    'und.sergeant': ('28', 'The platoon sergeant: bolsters (3 cards) and commands (draw 2 to play this turn).'),
    'und.squad_leader': ('28', "A leader of one squad: bolsters its squad's cards and inspires its squad."),
    'und.platoon_guide': ('28', 'A leader who bolsters and guides your units across the map.'),
    'und.combat_counter': ('21', "A unit's token on the map; face down, the unit is suppressed."),
    'und.target_marker': ('24', 'The marker the mortar places on a tile it will blast.'),
    'und.soldier_card': ('21', 'A card of one of your units; played, it gives that unit an action.'),
    'und.leader_card': ('21', 'A card of a leader (sergeant, squad leader, guide); it acts on other units.'),
    'und.fog_of_war': ('23', 'A card with no action: it can only be bid for initiative; scouting adds more to your deck.'),
    'und.initiative': ('22', 'The number on a card that decides who plays first in a round; the higher goes first.'),
    'und.round': ('22', 'Both players draw 4, bid for initiative, then each plays a turn.'),
    'und.supply': ('21', 'Cards set aside face up, brought into your deck by bolster (and Fog of War by scouting).'),
    'und.deck': ('21', 'Your face-down draw pile; you draw 4 cards from it each round.'),
    'und.hand': ('22', 'The 4 cards you drew this round.'),
    'und.discard': ('22', 'Cards played, bid or unplayed go here at the end of the turn; shuffled back when the deck runs out.'),
    'und.casualty': ('25', 'A hit takes one card of the hit unit out of the game: from the hand, then the discard, then the deck.'),
    'und.tile': ('21', 'One square of the map, with its cover and maybe an objective.'),
    'und.cover': ('25', "The tile's number added to the defense of a unit standing on it."),
    'und.objective': ('27', 'A tile worth points: hold enough objectives and you win.'),
    'und.scouted': ('23', 'The side of your control marker that lets your units move onto a tile.'),
    'und.control_token': ('24', 'Your marker on a tile: scouted side up lets you move there; controlled side up holds it.'),
    'und.move': ('23', 'Take the unit one tile, onto a tile with your control marker.'),
    'und.guide': ('24', 'A leader moves another of your units one tile, onto a tile with your control marker.'),
    'und.scout': ('23', 'Move up to 2 tiles, marking each new tile scouted and taking a Fog of War card for each.'),
    'und.stalk': ('23', "The sniper's move: onto a tile without your marker, placing none and taking no Fog of War."),
    'und.bolster': ('24', 'Move cards from your supply to your discard pile: more soldiers in your deck.'),
    'und.command': ('24', 'Draw up to 2 cards into your hand, to play this turn.'),
    'und.conceal': ('24', "Put a Fog of War card from the opponent's supply into their discard pile: it clogs their deck."),
    'und.control': ('24', 'Riflemen flip your marker on their tile to controlled, if no enemy unit is there.'),
    'und.inspire': ('24', 'Take one played card of the squad back from the table into your hand.'),
    'und.recon': ('24', 'Remove a Fog of War card in your hand from the game and draw a card for it.'),
    'und.target': ('24', 'The mortar places its target marker on a tile at least 3 tiles away.'),
    'und.attack': ('25', "Roll one ten-sided die per point: a die at or above the target's total defense, or a 0, is a hit."),
    'und.suppress': ('25', "An attack whose hit flips the target's token to suppressed instead of taking a card."),
    'und.blast': ('25', 'The mortar attacks every unit on its target tile, of both sides.'),
    'und.suppressed': ('25', 'A unit whose token is face down: it takes no action; playing its card only readies it.'),
    'und.pinning': ('27', 'A way to win: eliminate every Riflemen unit of the enemy; a scenario says which side wins this way.'),
    'und.pinned': ('27', 'An army whose Riflemen units have all been eliminated: it can no longer control a tile.'),
    'und.beyond_all_hope': ('27', 'A side that must win by objectives, pinned with every Riflemen card out of the game: it can never win.'),
    'und.defense': ('25', "The number on a unit's token an attacker must roll, before cover and range are added."),
    'und.withdraw': ('22', 'Instead of an action, send the played card back to your supply.'),
    'und.deploy': ('21', 'A marker where a unit whose token left the map comes back when its card is played.'),
    'und.die': ('25', 'The ten-sided die of every attack; a 0 always hits.'),
    'und.hit': ('25', "A die at or above the target's total defense (or a 0): a casualty or a suppression."),
}


def meaning(t: Term) -> str:
    """The term's one-line definition, in a learner's words."""
    return MEANINGS[t.id][1]


def teaching_chapter(t: Term):
    """The course chapter (``tutor.course.Chapter``) that teaches the term."""
    from tutor import course
    prefix = MEANINGS[t.id][0]
    return next(c for c in course.CHAPTERS if c.notebook.startswith(f"{prefix}-"))


def term(term_id: str) -> Term:
    try:
        return _BY_ID[term_id]
    except KeyError:
        from tutor.errors import InputError
        raise InputError(f"glossary term {term_id!r} is unknown") from None


def search(query: str = "", *, game: str | None = None, category: str | None = None) -> list[Term]:
    """Terms whose id, English, definition or any translation contains ``query`` (accents and case
    ignored)."""
    q = fold(query.strip())
    out = []
    for t in TERMS:
        if game and t.game != game or category and t.category != category:
            continue
        hay = " ".join([t.id, t.en, t.category, MEANINGS.get(t.id, ("", ""))[1]] + [w.text for w in t.words])
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


STYLE = ("<style>.tutor-gloss,.tutor-side{line-height:1.4}.tutor-gloss{border-collapse:collapse;font-size:.92em}.tutor-gloss th{background:#eef1f4;"
         "text-align:left;position:sticky;top:0}.tutor-gloss td,.tutor-gloss th{padding:3px 8px;"
         "border-bottom:1px solid #dde;text-align:left !important;vertical-align:top}"
         ".tutor-gloss details summary{cursor:pointer;color:#0b5cad;font-size:.9em}"
         ".tutor-gloss a{color:#0b5cad;text-decoration:underline}"
         ".tutor-gloss ul{margin:.2em 0;padding-left:1.2em}.tutor-gloss .ns{color:#8a5a00;font-style:italic}"
         ".tutor-gloss small{color:#667}.tutor-side{display:flex;gap:1em;flex-wrap:wrap}"
         ".tutor-side>div{flex:1 1 18em;border-left:3px solid #8a8a8a;padding-left:.6em}"
         ".tutor-side mark{background:#fff2b3}"
         ".tutor-side blockquote{margin:.4em 0;font-style:normal}</style>")


def _original(w: Word) -> str:
    """One original word, with the book it is printed in written beside it (no hover needed)."""
    where = f"<small>{escape(w.cite)}</small>" if w.in_seeds else f'<span class="ns">({USUAL})</span>'
    return f'<li>{LANGUAGE_NAMES[w.lang]}: <b lang="{w.lang}">{escape(w.text)}</b> {where}</li>'


def _row(t: Term) -> str:
    from tutor import course
    ch = teaching_chapter(t)
    # the term's game is under its name: the chapter's title without the game's name again
    title = ch.title.removeprefix("Undaunted: ")
    title = title[:1].upper() + title[1:]
    taught = course.page_link(ch.notebook, f"{ch.number}. {title}") if ch.available else escape(title)
    originals = "".join(_original(w) for w in t.words)
    return (f'<tr data-term="{escape(t.id)}"><td><b>{escape(t.en)}</b><br><small>{escape(GAME_NAMES[t.game])}</small>'
            f"</td><td>{escape(meaning(t))}<details><summary>Spanish, Czech, Polish</summary><ul>{originals}</ul>"
            f"</details></td><td>{taught}</td></tr>")


def table_html(terms=None, *, style: bool = True) -> str:
    """The glossary as an HTML table: each term, what it means, the chapter that teaches it (a
    link), and its original Spanish, Czech and Polish words one tap away, each with its book."""
    terms = TERMS if terms is None else terms
    rows = "".join(_row(t) for t in terms)
    head = "<th>Term</th><th>What it means</th><th>Taught in</th>"
    count = (f"<p><small>{len(terms)} of {len(TERMS)} terms</small></p>" if terms else
             "<p>No term matches: try another word, in any language.</p>")
    table = f'<table class="tutor-gloss"><tr>{head}</tr>{rows}</table>' if terms else ""
    return (STYLE if style else "") + count + table


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
    import ipywidgets as W
    text = W.Text(value=query, placeholder="search in any language: bosques, kopce, flag…",
                  description="Search", continuous_update=True, layout=W.Layout(width="26em", max_width="100%"))
    game = W.Dropdown(options=[("both games", ""), ("Memoir '44", "memoir44"), ("Undaunted", "undaunted")],
                      description="Game")
    cat = W.Dropdown(options=[("all", "")] + [(c, c) for c in CATEGORIES], description="Category")
    out = W.HTML()

    def update(*_):
        out.value = table_html(search(text.value, game=game.value or None, category=cat.value or None))

    for c in (text, game, cat):
        c.observe(update, "value")
    update()
    box = W.VBox([W.HBox([text, game, cat], layout=W.Layout(flex_flow="row wrap")), out])
    box.search, box.table = text, out
    return box


def language_switch(rules, *, start: str = "side by side"):
    """Show rules in English, in their original wording, or both side by side (a toggle)."""
    import ipywidgets as W

    from tutor.explain import quote_html, rule_html
    rules = [rules] if isinstance(rules, Rule) else list(rules)
    toggle = W.ToggleButtons(options=["English", "original", "side by side"], value=start,
                             description="Language")
    out = W.HTML()

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
    box = W.VBox([toggle, out])
    box.toggle, box.html = toggle, out
    return box
