"""Rule references: every ruling the engines make cites one of these.

A ``Rule`` names the seed rulebook file and the heading the rule stands under, quotes the
original text verbatim (so the tutor can show it beside the board, in its own language) and
says it in one English sentence. ``tests/test_rulebook.py`` checks every quote against the
seed files in ``../shared/seeds`` so a citation can never drift from its source.

What a learner sees names the book, never the file, and the section in the games' official English
terms: ``Rule.cite`` reads "Memoir '44 rulebook (2025, Spanish), Retreat", as a person cites a book.
``SECTIONS`` gives each printed heading (per seed file) its English section name; ``Rule.heading``
stays as printed (the quote test matches it) and is shown with the original quote ("RETIRADA: …"),
one click away. :func:`rule` refuses a heading that has no English name. The Czech Memoir '44 copy is an OCR text
("vy$ku" for "výšku"): a rule quoted from it carries the OCR text in ``ocr`` (what the test
matches) and shows ``quote``, the same words with the diacritics corrected by hand (the test
checks that only diacritics and OCR confusions differ), and says so beside the quote.

Each game registers its rules in its own module (``tutor.memoir.rules``,
``tutor.undaunted.rules``) with :func:`rule`.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass
from pathlib import Path

# seed file -> (the book as a learner cites it, language code)
SEED_FILES = {
    "memoir44-rules-es.txt": ("Memoir '44 rulebook (2025, Spanish)", "es"),
    "memoir44-rules-cs-ocr.txt": ("Memoir '44 rulebook (2025, Czech)", "cs"),
    "undaunted-normandy-rules-cs.txt": ("Undaunted: Normandy rulebook (Czech)", "cs"),
    "memoir44-overlord-rules-pl.txt": ("Memoir '44 Operation Overlord rules (Polish)", "pl"),
}
OCR_FILES = frozenset({"memoir44-rules-cs-ocr.txt"})
LANGUAGE_NAMES = {"es": "Spanish", "cs": "Czech", "pl": "Polish"}
CORRECTED_NOTE = "diacritics corrected by hand: this Czech copy is a scanned text"

# seed file -> {heading as printed -> the section's English name}. Names follow the official English
# rulebooks where they have the section (Memoir '44: "Retreat", "Take Ground", "Armor Overrun",
# "Line of Sight", the terrain and obstacle entries; Undaunted: Normandy: "Movement Actions",
# "Fog of War", "Hunker Down"; Overlord: "Game Turn", "Chain of Command"), otherwise a plain
# faithful translation. Czech Memoir '44 headings are the corrected ones (``Rule.heading``). Every
# heading a rule (``rule``) or a chapter (``tutor.course``) cites must be here.
SECTIONS: dict[str, dict[str, str]] = {
    "memoir44-rules-es.txt": {
        "CONTENIDO": "Components",
        "PREPARACIÓN": "Setting Up the Game",
        "OBJETIVO DEL JUEGO": "Object of the Game",
        "CAMPO DE BATALLA": "Battlefield",
        "CARTAS DE MANDO": "Command Cards",
        "CARTAS DE SECCIÓN": "Section Cards",
        "CARTAS DE TÁCTICA": "Tactic Cards",
        "BATIDA": "Probe",
        "RECONOCIMIENTO": "Recon",
        "APOYO AÉREO": "Air Power",
        "TURNO DE JUEGO": "Game Turn",
        "RESUMEN DEL TURNO": "Turn Summary",
        "1. JUGAR UNA CARTA DE MANDO": "Play a Command Card",
        "2. DAR ÓRDENES A UNIDADES": "Order Units",
        "3. MOVER UNIDADES": "Move Units",
        "4. ATACAR CON UNIDADES": "Battle",
        "5 - ROBAR UNA CARTA DE MANDO": "Draw a Command Card",
        "FICHAS DE ACTIVACIÓN": "Activation Tokens",
        "MOVIMIENTO": "Movement",
        "REGLAS GENERALES DE MOVIMIENTO": "General Movement Rules",
        "REGLAS GENERALES DE ATAQUE": "General Battle Rules",
        "ALCANCE DE ATAQUE": "Battle Range",
        "ALCANCE DE ATAQUE: INFANTERÍA": "Battle Range: Infantry",
        "ALCANCE DE ATAQUE: BLINDADOS": "Battle Range: Armor",
        "ALCANCE DE ATAQUE: ARTILLERÍA": "Battle Range: Artillery",
        "LÍNEA DE VISIÓN": "Line of Sight",
        "PROCEDIMIENTO DE ATAQUE": "Battle Sequence",
        "PROTECCIÓN DEL TERRENO": "Terrain Protection",
        "RESOLUCIÓN DEL ATAQUE": "Resolve Battle",
        "IMPACTO": "Hit",
        "FALLO": "Miss",
        "RETIRADA": "Retreat",
        "GANAR TERRENO": "Take Ground",
        "ARROLLAMIENTO DE BLINDADOS": "Armor Overrun",
        "APÉNDICE 1": "Appendix 1: Units",
        "UNIDADES ESTÁNDAR": "Standard Units",
        "UNIDADES DE FUERZAS ESPECIALES": "Special Forces Units",
        "INSIGNIAS DE FUERZAS ESPECIALES": "Special Forces Badges",
        "INFANTERÍA DE ÉLITE": "Elite Infantry",
        "LA RESISTENCIA FRANCESA": "French Resistance",
        "BLINDADOS DE ÉLITE": "Elite Armor",
        "APÉNDICE 2": "Appendix 2: Terrain",
        "USO DE LAS CARTAS DE RESUMEN DE TERRENO": "Using the Terrain Summary Cards",
        "BOSQUES": "Forests",
        "SETOS": "Hedgerows",
        "COLINAS": "Hills",
        "PUEBLOS Y ALDEAS": "Towns & Villages",
        "IGLESIAS": "Churches",
        "RÍOS Y CANALES": "Rivers & Waterways",
        "PUENTES": "Bridges",
        "PLAYAS": "Beaches",
        "OCÉANOS": "Oceans",
        "REPECHOS": "Draws",
        "ACANTILADOS": "Cliffs",
        "COLINAS EMPINADAS": "Steep Hills",
        "LAGOS": "Lakes",
        "ALTURA DEL TERRENO": "Terrain Height",
        "ALTURA DEL TERRENO Y MOVIMIENTO": "Terrain Height and Movement",
        "ALTURA DEL TERRENO Y LÍNEA DE VISIÓN": "Terrain Height and Line of Sight",
        "NOTA SOBRE EL TERRENO DE LAS EXPANSIONES DE MEMOIR ‘44": "A Note on Terrain from the Memoir '44 Expansions",
        "OBSTÁCULOS": "Obstacles",
        "BÚNKERES": "Bunkers",
        "DEFENSAS ANTICARRO": "Hedgehogs",
        "ALAMBRADAS": "Barbed Wire",
        "SACOS TERREROS": "Sandbags",
        "MALECONES": "Sea Walls",
        "APÉNDICE 3": "Appendix 3: Objectives",
        "OBJETIVO DE MEDALLA TEMPORAL": "Temporary Medal Objective",
        "OBJETIVO DE MEDALLA PERMANENTE": "Permanent Medal Objective",
        "OBJETIVO DE MEDALLA TEMPORAL POR MAYORÍA": "Temporary Majority Medal Objective",
        "OBJETIVO DE MUERTE SÚBITA": "Sudden Death Objective",
        "APÉNDICE 4": "Appendix 4: Air Superiority",
        "SUPERIORIDAD AÉREA": "Air Superiority",
        "APÉNDICE 5": "Appendix 5: Variants",
        "OPERACIÓN ALIANZA. MODO POR EQUIPOS PARA 3-4 JUGADORES": "Operation Alliance: Team Play for 3-4 Players",
        "1. FORMAR EQUIPOS": "Operation Alliance: Form Teams",
        "2. PREPARAR LA PARTIDA": "Operation Alliance: Set Up the Game",
        "3. TURNO DE JUEGO": "Operation Alliance: Game Turn",
        "4. REGLAS ESPECIALES": "Operation Alliance: Special Rules",
        "VARIANTE PARA JÓVENES GENERALES": "Variant for Young Generals",
        "JUEGO POR EQUIPOS CON JÓVENES GENERALES": "Team Play with Young Generals",
        "MEMOIR ‘44 OVERLORD": "Memoir '44 Overlord",
    },
    # The Czech entry MOŘSKÉ ÚTESY ("sea cliffs") holds the sentences of the Spanish REPECHOS: draws.
    "memoir44-rules-cs-ocr.txt": {
        "Linie výhledu": "Line of Sight",
        "VÝŠKA TERÉNU": "Terrain Height",
        "SPECIÁLNÍ JEDNOTKY": "Special Forces Units",
        "ELITNÍ PĚCHOTA": "Elite Infantry",
        "BUNKRY": "Bunkers",
        "JEZERA": "Lakes",
        "MOŘSKÉ ÚTESY": "Draws",
        "STRMÉ KOPCE": "Steep Hills",
    },
    "undaunted-normandy-rules-cs.txt": {
        "HERNÍ MATERIÁL": "Components",
        "JEDNOTKY": "Units",
        "KARTY": "Cards",
        "ŽETONY": "Counters and Markers",
        "DÍLKY HERNÍHO PLÁNU": "Board Tiles",
        "PŘÍPRAVA HRY": "Setup",
        "PRŮBĚH HRY": "Playing the Game",
        "Válečný zmatek": "Fog of War",
        "Pod palbou": "Suppressed Units",
        "Nasazení žetonů jednotek do hry": "Deploying Combat Counters",
        "Stažení do zálohy": "Hunker Down",
        "AKCE": "Actions",
        "AKCE POHYBU": "Movement Actions",
        "PODPŮRNÉ AKCE": "Support Actions",
        "AKCE PODPŮRNÉ AKCE": "Support Actions",
        "BOJOVÉ AKCE": "Combat Actions",
        "PŘÍKLAD JEDNOHO KOLA HRY": "Example of a Round",
        "KONEC HRY": "End of the Game",
        "ČETA": "The Platoon",
        "ČETA – POKRAČOVÁNÍ": "The Platoon (continued)",
        "STRUČNÝ PŘEHLED": "Quick Reference",
    },
    "memoir44-overlord-rules-pl.txt": {
        "ZASADY": "Rules",
        "Drużyny": "Teams",
        "Przygotowanie do gry": "Setup",
        "TURA GRY": "Game Turn",
        "TEST INICJATYWY WŁASNEJ": "Initiative Test",
        "Łańcuch dowodzenia": "Chain of Command",
        "Overlord na froncie wschodnim": "Overlord on the Eastern Front",
    },
}


def section_and_heading(file: str, heading: str) -> str:
    """The English section name first, the printed heading beside it: "The Platoon (ČETA)"."""
    return f"{section_name(file, heading)} ({heading})"


def section_name(file: str, heading: str) -> str:
    """The English name of the section a seed file prints as ``heading``: ("memoir44-rules-es.txt",
    "RETIRADA") -> "Retreat". A heading without one is an error: add it to ``SECTIONS``."""
    try:
        return SECTIONS[file][heading]
    except KeyError:
        raise ValueError(f"the heading {heading!r} of {file!r} has no English section name: "
                         "add it to tutor.rulebook.SECTIONS") from None


@dataclass(frozen=True)
class Rule:
    key: str          # stable id, e.g. "m44.los.edges"
    file: str         # seed file name
    heading: str      # heading in that file, as printed
    quote: str        # excerpt in the original language (verbatim, or the OCR text corrected)
    summary: str      # the rule in one English sentence
    ocr: str = ""          # the OCR text verbatim, when ``quote`` corrects its diacritics
    ocr_heading: str = ""  # likewise for the heading

    @property
    def book(self) -> str:
        """The book, as a learner cites it: "Memoir '44 rulebook (2025, Spanish)"."""
        return SEED_FILES[self.file][0]

    @property
    def section(self) -> str:
        """The section in English: "Retreat" for the heading printed "RETIRADA"."""
        return section_name(self.file, self.heading)

    @property
    def cite(self) -> str:
        """"Memoir '44 rulebook (2025, Spanish), Retreat": book and English section, no file name."""
        return f"{self.book}, {self.section}"

    @property
    def corrected(self) -> bool:
        """The quote is the OCR text with its diacritics corrected by hand."""
        return bool(self.ocr)

    @property
    def language(self) -> str:
        return SEED_FILES[self.file][1]

    def _repr_html_(self) -> str:
        from tutor.explain import rule_html
        return rule_html(self)

    def to_json(self) -> dict:
        return {"key": self.key, "book": self.book, "section": self.section, "heading": self.heading,
                "quote": self.quote, "summary": self.summary, "cite": self.cite}

    @property
    def source_quote(self) -> str:
        """The words as the seed file has them (what the quote test matches)."""
        return self.ocr or self.quote

    @property
    def source_heading(self) -> str:
        return self.ocr_heading or self.heading


RULES: dict[str, Rule] = {}


def rule(key: str, file: str, heading: str, quote: str, summary: str, *,
         ocr: str = "", ocr_heading: str = "") -> Rule:
    """Register a rule reference (keys are unique; files must be seed files; the heading must have
    an English section name in ``SECTIONS``). From an OCR copy,
    ``quote`` and ``heading`` are the corrected words and ``ocr`` / ``ocr_heading`` the scanned
    text verbatim (both required there, so no garbled quote reaches a learner)."""
    if key in RULES:
        raise ValueError(f"rule {key!r} registered twice")
    if file not in SEED_FILES:
        raise ValueError(f"rule {key!r}: {file!r} is not a seed file")
    if (file in OCR_FILES) != bool(ocr and ocr_heading):
        raise ValueError(f"rule {key!r}: a quote from {file!r} needs ocr= and ocr_heading= "
                         "(the scanned text) beside the corrected quote and heading"
                         if file in OCR_FILES else f"rule {key!r}: ocr= is only for {sorted(OCR_FILES)}")
    try:
        section_name(file, heading)
    except ValueError as exc:
        raise ValueError(f"rule {key!r}: {exc}") from None
    r = Rule(key, file, heading, " ".join(quote.split()), summary,
             " ".join(ocr.split()), " ".join(ocr_heading.split()))
    RULES[key] = r
    return r


def seeds_dir() -> Path | None:
    """Where the seed rulebooks are: $TUTOR_SEEDS, or ../shared/seeds beside the checkout."""
    env = os.environ.get("TUTOR_SEEDS")
    candidates = [Path(env)] if env else []
    here = Path(__file__).resolve().parent.parent
    candidates += [here.parent / "shared" / "seeds", here / "shared" / "seeds"]
    for c in candidates:
        if (c / "memoir44-rules-es.txt").is_file():
            return c
    return None


def normalize(text: str) -> str:
    """Fold whitespace and the extraction's hyphenated line breaks, for quote matching."""
    text = re.sub(r"-\s*\n\s*", "", text)
    return " ".join(text.split())
