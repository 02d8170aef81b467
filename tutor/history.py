"""The history behind each playable battle: the facts as data, each with its public sources, and
the page that shows them (who fought and why there, hour by hour, what became of it, a map of the
real place beside the game's board, what the game abstracts, questions that compare).

* :data:`SOURCES` — every public source a fact cites (title and address).
* :data:`BATTLES` — :class:`Battle` values: ``pegasus-bridge`` (Memoir '44, the night of 5–6 June
  1944) and ``la-raye`` (Undaunted: Normandy, scenario 1, 15–16 June 1944).
* :func:`real_map_svg` — a schematic map of the real place drawn from the latitude and longitude
  of its named places (each coordinate cited); :func:`game_board_svg` — the game's board with the
  same places marked; :func:`page_html` / :func:`page` — the whole page.

The prose is written here; every fact names the sources it comes from, and where two sources
disagree the fact says so. No widgets: the page is plain HTML, made to print.
"""

from __future__ import annotations

import html
import math
from dataclasses import dataclass
from fractions import Fraction


@dataclass(frozen=True)
class Source:
    title: str
    url: str


@dataclass(frozen=True)
class Fact:
    text: str
    sources: tuple[str, ...]          # keys of SOURCES


@dataclass(frozen=True)
class Moment:
    when: str
    fact: Fact


@dataclass(frozen=True)
class Place:
    """A named place of the real map: its latitude and longitude (exact, from degrees, minutes and
    seconds as the source prints them), the source, and where the game's board shows it."""
    mark: str                          # the number both maps print beside it
    name: str
    kind: str                          # village | bridge | town
    lat: Fraction
    lon: Fraction                      # east positive (west is negative)
    source: str
    on_board: str = ""                 # a Memoir '44 hex "col,row" or an Undaunted tile id; "" if none
    board_note: str = ""               # what the board shows there, in words
    label_left: bool = False           # the name to the left of its dot (where the right is crowded)


@dataclass(frozen=True)
class Waterway:
    name: str
    kind: str                          # canal | river | railway
    points: tuple[tuple[Fraction, Fraction], ...]   # (lat, lon), north to south or west to east
    how: Fact                          # how the line is drawn, and from what


@dataclass(frozen=True)
class Area:
    """A place the sources name but do not locate exactly: drawn as a dashed ring, never a dot."""
    name: str
    lat: Fraction
    lon: Fraction
    radius_m: int
    how: Fact


@dataclass(frozen=True)
class Battle:
    key: str
    title: str
    game: str
    scenario: str                      # the course's scenario path, relative to scenarios/
    dates: str
    intro: str
    who: tuple[Fact, ...]
    why: tuple[Fact, ...]
    timeline: tuple[Moment, ...]
    after: tuple[Fact, ...]
    places: tuple[Place, ...]
    waterways: tuple[Waterway, ...]
    areas: tuple[Area, ...]
    window: tuple[Fraction, Fraction, Fraction, Fraction]   # south, west, north, east
    offmap: tuple[tuple[str, Fraction, Fraction, str], ...]  # (name, lat, lon, source): arrows at the edge
    abstracts: tuple[Fact, ...]
    departs: tuple[Fact, ...]
    questions: tuple[str, ...]
    thin: str = ""                     # an honest word on how thin the historical record is


def dms(deg: int, minutes: int, seconds: float | str = 0, hemisphere: str = "N") -> Fraction:
    """Degrees, minutes and seconds as a source prints them, as exact degrees; S and W negative:
    ``dms(49, 14, 32, "N")``, ``dms(0, 16, "0.8", "W")``."""
    if hemisphere not in "NSEW" or len(hemisphere) != 1:
        raise ValueError(f"hemisphere {hemisphere!r}: allowed are N, S, E, W")
    value = Fraction(deg) + Fraction(minutes, 60) + Fraction(str(seconds)) / 3600
    return -value if hemisphere in "SW" else value


# ---------------------------------------------------------------------------------------------
# Sources

SOURCES: dict[str, Source] = {
    # Pegasus Bridge
    "commons-pegasus": Source("Pegasus Bridge, Wikimedia Commons (with the bridge's coordinates)",
                              "https://commons.wikimedia.org/wiki/Pegasus_Bridge"),
    "wiki-horsa": Source("Horsabrücke (Horsa Bridge), German Wikipedia (with the bridge's coordinates)",
                         "https://de.wikipedia.org/wiki/Horsabr%C3%BCcke"),
    "wiki-benouville": Source("Bénouville (Calvados), French Wikipedia (coordinates)",
                              "http://fr.wikipedia.org/wiki/B%C3%A9nouville_(Calvados)"),
    "wiki-ranville": Source("Ranville, French Wikipedia (coordinates)",
                            "https://fr.wikipedia.org/wiki/Ranville"),
    "wiki-ouistreham": Source("Ouistreham, French Wikipedia (coordinates)",
                              "https://fr.wikipedia.org/wiki/Ouistreham"),
    "wiki-canal": Source("Canal de Caen à la mer, French Wikipedia (its course and coordinates)",
                         "https://fr.wikipedia.org/wiki/Canal_de_Caen_%C3%A0_la_mer"),
    "deadstick-cgd": Source("Operation Deadstick: a timeline (Combat Group Dynamix)",
                            "https://combatgroupdynamix.com/New2019/Accessories/Bridges/PegasusBridgeShapeways/"
                            "AccessoryPegasusBridgeShapeways.html"),
    "deadstick-gp": Source("Operation Deadstick, Part Two: the assault and capture of Pegasus Bridge (Going Postal)",
                           "https://going-postal.com/2017/06/operation-deadstick-part-two/"),
    "kemp-raiders": Source("Ross Kemp, Raiders: World War Two True Stories, chapter Operation Deadstick",
                           "https://erenow.org/ww/raiders-world-war-two-true-stories/6.php"),
    "kemp-gondree": Source("Ross Kemp, Raiders: the Gondrée café and the bridges' garrison",
                           "https://read-online-books.com/book/read-online-raiders-free/page-28"),
    "battleground": Source("Pegasus Bridge and Horsa Bridge (battlefield guide): the paratroops arrive",
                           "https://erenow.org/ww/pegasus-bridge-and-horsa-bridge/9.php"),
    "chaos-17": Source("If Chaos Reigns, chapter 17: the plan at the bridges and the signal \u201cHam and Jam\u201d",
                       "https://trantor.is/content/f1e11vHJhQTr9BdG/IfChaosReigns_chapter-17.xhtml"),
    "dday-ch31": Source("D-Day account, chapter 31: the commandos reach the bridge; the German attack at 14:00",
                        "https://trantor.is/content/8T0RX9WRqAJ-Zeir/xhtml/ch31d.html"),
    "sof-coupdemain": Source("Coup de Main, 6 June 1944 (World War 2 Special Forces): objectives and opposing forces",
                             "https://worldwar2-sof.com/welcome-to-world-war-2-special-forces-com/which-special-forces-"
                             "operations-took-place-in-world-war-2/which-special-forces-operations-took-place-in-1944/"
                             "which-special-forces-operations-took-place-in-june-1944/operation-overlord/"
                             "operation-neptune/6th-airborne-division/coup-de-main"),
    "artizus": Source("\u201cOperation Dead Stick\u201d, print by Michael Turner: the landing at 00:16",
                      "http://artizus.com/acatalog/info_MT005.html"),
    "haegeman": Source("Ranville, Pegasus Bridge: the replica and the original (photo note)",
                       "https://www.marchaegeman.com/Folders/France-photos/Normandie-2022/i-63rTcSP"),
    "atelier": Source("Pegasus Bridge (Atelier Volant): the new bridge of 1993 and the Memorial",
                      "http://ateliervolant.com/2012/05/pegasus-bridge.html"),
    "m44-pegasus": Source("Memoir '44 scenario book, Pegasus Bridge (Days of Wonder), as the tutor sets it up",
                          "https://www.daysofwonder.com/memoir44/"),
    "m44-rules": Source("Memoir '44 rulebook (Days of Wonder): units, command cards, battle dice",
                        "https://www.daysofwonder.com/memoir44/"),
    # La Raye
    "und-book": Source("Undaunted: Normandy scenario book (Osprey Games, 2019), pp. 2 and 6: the 30th "
                       "Infantry Division; Scenario 1, La Raye (public copy in the repository DIMOHA25/BoardGame)",
                       "https://github.com/DIMOHA25/BoardGame"),
    "und-rules": Source("Undaunted: Normandy rulebook (Osprey Games): cards, units, tiles, the ten-sided die",
                        "https://ospreypublishing.com/"),
    "xix-corps": Source("XIX Corps chronology, June 1944",
                        "http://xixcorps.nl/XIX_Corps_Chronology_June_1944.htm"),
    "normandie1944": Source("Normandie 1944: the battle for Saint-Lô, 15 June (in German)",
                            "https://normandie1944.jimdo.com/kampf-um-st-l\u00f4/st-lo-12/"),
    "ww2history": Source("30th Infantry Division (USA) (ww2history.eu)",
                         "https://ww2history.eu/the-history/divisions-infantry/30-infantry-division-usa/"
                         "213742-30-infantry-division-usa-in-brezolles/next-listing.html"),
    "ron84z": Source("World War II day by day: Thursday, 15 June 1944",
                     "https://ron84z.neocities.org/44/06/440615wf.html"),
    "dday-overlord": Source("Montmartin-en-Graignes in 1944 (D-Day Overlord)",
                            "https://www.dday-overlord.com/en/battle-of-normandy/cities/montmartin-en-graignes"),
    "30thid-fr": Source("La 30th dans la guerre (30th Infantry Division, French history site)",
                        "http://30thinfantrydivision.free.fr/Guerre2/Guerre2-Guerre.htm"),
    "wikimanche-montmartin": Source("Montmartin-en-Graignes, Wikimanche (coordinates; the canal; the pont de la Raye)",
                                    "https://www.wikimanche.fr/Montmartin-en-Graignes"),
    "wiki-montmartin-de": Source("Montmartin-en-Graignes, German Wikipedia (the Vire to the east, the canal to the south)",
                                 "https://de.wikipedia.org/wiki/Montmartin-en-Graignes"),
    "wiki-carentan": Source("Carentan-les-Marais, French Wikipedia (coordinates; the Taute meets the Douve)",
                            "https://fr.wikipedia.org/wiki/Carentan-les-Marais"),
    "wiki-stjean": Source("Saint-Jean-de-Daye, French Wikipedia (coordinates)",
                          "https://fr.wikipedia.org/wiki/Saint-Jean-de-Daye"),
    "wikimanche-stjean": Source("Saint-Jean-de-Daye, Wikimanche (the canal crosses its northern tip)",
                                "https://www.wikimanche.fr/index.php?title=Saint-Jean-de-Daye&diff=cur&oldid=364271"),
}


def _f(text: str, *sources: str) -> Fact:
    return Fact(text, tuple(sources))


def _m(when: str, text: str, *sources: str) -> Moment:
    return Moment(when, _f(text, *sources))


# ---------------------------------------------------------------------------------------------
# Pegasus Bridge

_PEGASUS_LAT, _PEGASUS_LON = dms(49, 14, 32, "N"), dms(0, 16, 28, "W")
_HORSA_LAT, _HORSA_LON = dms(49, 14, "25.3", "N"), dms(0, 16, "0.8", "W")
_CANAL_CAEN = (dms(49, 10, 57, "N"), dms(0, 21, 12, "W"))
_OUISTREHAM = (dms(49, 16, 45, "N"), dms(0, 15, 30, "W"))
_SHIFT = (_HORSA_LAT - _PEGASUS_LAT, _HORSA_LON - _PEGASUS_LON)
_CANAL = (_OUISTREHAM, (_PEGASUS_LAT, _PEGASUS_LON), _CANAL_CAEN)

PEGASUS = Battle(
    key="pegasus-bridge",
    title="Pegasus Bridge: the real battle",
    game="Memoir '44",
    scenario="pegasus-bridge.yaml",
    dates="the night of 5\u20136 June 1944",
    intro=("Just after midnight on 6 June 1944, hours before the first soldiers landed on the beaches of "
           "Normandy, six gliders carried British soldiers towards two bridges a few hundred meters apart: "
           "one over the Caen Canal at Bénouville, one over the River Orne near Ranville. The game you play "
           "starts the moment they land."),
    who=(
        _f("The attackers were D Company of the 2nd Battalion, Oxfordshire and Buckinghamshire Light "
           "Infantry (the \u201cOx and Bucks\u201d), part of the British 6th Airborne Division, with a platoon of "
           "Royal Engineers. Their commander was Major John Howard.", "deadstick-cgd", "chaos-17"),
        _f("They flew in six Horsa gliders, wooden aircraft without engines, towed across the Channel by Halifax "
           "bombers. Each glider carried a platoon of soldiers and five engineers; pilots of the Glider Pilot "
           "Regiment flew them.", "deadstick-cgd", "deadstick-gp", "artizus"),
        _f("The bridges were guarded by a garrison of about fifty men, many of them conscripts from countries "
           "Germany had occupied. They belonged to the 736th Grenadier Regiment of the German 716th Infantry "
           "Division; the tanks of the 21st Panzer Division were not far away.",
           "kemp-gondree", "sof-coupdemain", "kemp-raiders"),
        _f("French people lived right by the canal bridge. Thérèse and Georges Gondrée, who ran the café "
           "beside it, passed what they heard from German customers to the Resistance, and so to Britain.",
           "kemp-gondree"),
    ),
    why=(
        _f("The Caen Canal and the River Orne run side by side, almost parallel, from Caen to the sea, about "
           "400 yards (under 400 meters) apart. Bénouville lies about four miles from Caen and four from the "
           "coast at Ouistreham.", "kemp-raiders", "wiki-horsa"),
        _f("At dawn British troops would land on Sword Beach, at Ouistreham. German tanks coming from the "
           "east to attack that landing would have to cross these bridges: whoever held them held the "
           "eastern flank of the whole invasion.", "kemp-raiders", "wiki-ouistreham", "sof-coupdemain"),
        _f("So the bridges had to be taken whole, before the Germans could blow them up, and held until "
           "paratroops and then troops from the beach arrived.", "sof-coupdemain", "chaos-17"),
    ),
    timeline=(
        _m("5 June, 22:30 or 22:56", "The six Halifax bombers, each towing a glider, take off from Tarrant Rushton "
           "in the south of England. (The two sources give different times.)", "deadstick-cgd", "deadstick-gp"),
        _m("6 June, 00:16", "The first glider, carrying Major Howard and Lieutenant Den Brotheridge's platoon, lands "
           "yards from the canal bridge. Two more land just behind it.", "deadstick-cgd", "artizus"),
        _m("about 00:16\u201300:30", "The soldiers rush the bridge. Lieutenant Brotheridge is killed, among the "
           "first Allied soldiers to die on D-Day. At the river bridge, the platoon of the first glider to land "
           "takes the bridge and a second group soon joins it. Within about ten minutes both bridges are "
           "taken, intact.", "deadstick-cgd", "artizus", "wiki-horsa"),
        _m("soon after", "The success signal goes out: \u201cHam and Jam\u201d.", "chaos-17"),
        _m("00:50", "The paratroops of the 5th Parachute Brigade drop north of Ranville. Howard blows the V for "
           "Victory signal on his whistle so they can find the bridges.", "battleground"),
        _m("about 01:40", "The first paratroops reach the bridge, fifty minutes after the drop, at a third of their "
           "strength: the wind had scattered them.", "battleground"),
        _m("13:00", "Commandos who landed from the sea arrive, led by Lord Lovat with his piper Bill Millin "
           "playing the bagpipes.", "dday-ch31"),
        _m("14:00", "A German counter-attack with tanks sets out towards the bridge. Allied planes spot it and "
           "warships' guns break it up.", "dday-ch31"),
    ),
    after=(
        _f("The bridges stayed in Allied hands. The canal bridge was renamed Pegasus Bridge in 1944, after the "
           "flying horse on the badge of the British airborne soldiers; the river bridge became Horsa Bridge, "
           "after the gliders.", "commons-pegasus", "wiki-horsa"),
        _f("The air commander of the invasion called the landing \u201cone of the most outstanding flying "
           "achievements of the war\u201d.", "deadstick-cgd"),
        _f("A new, wider bridge replaced Pegasus Bridge in the 1990s (the sources give 1993 and 1994). The "
           "original now stands in the grounds of the Memorial Pegasus museum nearby.",
           "atelier", "wiki-horsa", "haegeman", "commons-pegasus"),
    ),
    places=(
        Place("1", "Pegasus Bridge (Bénouville bridge)", "bridge", _PEGASUS_LAT, _PEGASUS_LON, "commons-pegasus",
              "6,2", "the bridge over the Caen Canal, an Allied medal"),
        Place("2", "Horsa Bridge (Ranville bridge)", "bridge", _HORSA_LAT, _HORSA_LON, "wiki-horsa",
              "21,5", "the bridge over the Orne, an Allied medal"),
        Place("3", "Bénouville", "village", dms(49, 14, 30, "N"), dms(0, 16, 43, "W"), "wiki-benouville",
              "0,4", "the town hexes west of the canal", label_left=True),
        Place("4", "Ranville", "village", dms(49, 13, 55, "N"), dms(0, 15, 23, "W"), "wiki-ranville",
              "", "off the board, beyond the Orne"),
    ),
    waterways=(
        Waterway("Caen Canal", "canal", _CANAL,
                 _f("Drawn straight through three points the sources give: Ouistreham at the sea, Pegasus Bridge, and "
                    "the canal's start in Caen.", "wiki-ouistreham", "commons-pegasus", "wiki-canal")),
        Waterway("River Orne", "river", tuple((la + _SHIFT[0], lo + _SHIFT[1]) for la, lo in _CANAL),
                 _f("Drawn parallel to the canal through Horsa Bridge: the sources say the two run side by side. "
                    "The real river bends more than this line.", "wiki-horsa", "kemp-raiders")),
    ),
    areas=(),
    window=(dms(49, 13, 39, "N"), dms(0, 17, 20, "W"), dms(49, 15, 0, "N"), dms(0, 15, 0, "W")),
    offmap=(("Ouistreham and the sea", *_OUISTREHAM, "wiki-ouistreham"),
            ("Caen", *_CANAL_CAEN, "wiki-canal")),
    abstracts=(
        _f("A unit is a block of four infantry figures. The game gives the Allies nine such units around the "
           "landing place and the Axis six; it does not count soldiers.", "m44-pegasus", "m44-rules"),
        _f("A turn is one command card: a card orders units in one section of the board. A turn has no fixed "
           "length in minutes; the real capture took about ten.", "m44-rules", "deadstick-cgd"),
        _f("The dice stand for everything that decides a fight: aim, cover, luck, nerve. Each die shows "
           "infantry, armor, a grenade, a star or a flag; a flag makes a unit fall back.", "m44-rules"),
        _f("The surprise is in the cards: the Axis player starts with only two command cards and gets more "
           "over its first turns.", "m44-pegasus"),
    ),
    departs=(
        _f("In the game the Allied units are already on the ground, spread between the pond and the canal, "
           "and the river bridge still has to be reached. In reality the gliders landed right beside the bridges, "
           "and both fell within minutes.", "m44-pegasus", "artizus", "wiki-horsa", "deadstick-cgd"),
        _f("The game has no paratroops, commandos, planes or warships: the battle ends when one side has four "
           "medals. The real defenders of the bridges were relieved by paratroops in the night and commandos "
           "at 13:00, and it was warships that stopped the German tanks.", "m44-pegasus", "battleground",
           "dday-ch31"),
        _f("The game's Axis holds villages and a machine-gun nest with six full units; the real garrison was "
           "about fifty men, surprised in the dark.", "m44-pegasus", "kemp-gondree"),
    ),
    questions=(
        "How long did your battle last, in turns? The real bridges fell in about ten minutes. What in the game "
        "made it take longer (or shorter)?",
        "Which bridge did you take first, and why? Why did the real attackers land gliders at both bridges "
        "at the same moment?",
        "The Axis starts with only two cards. How did that feel to the Axis player? What does it stand for?",
        "Your units could be driven back by a flag. What real things could make soldiers fall back in the dark?",
        "The game ends at four medals. The real battle did not end until help arrived. Who came, and when?",
        "Look at both maps. What is on the real map that the board leaves out, and what does the board add?",
    ),
)


# ---------------------------------------------------------------------------------------------
# La Raye

_CARENTAN = (dms(49, 18, 12, "N"), dms(1, 14, 54, "W"))
_MONTMARTIN = (dms(49, 16, 31, "N"), dms(1, 8, 48, "W"))
_STJEAN = (dms(49, 13, 40, "N"), dms(1, 8, 16, "W"))

LA_RAYE = Battle(
    key="la-raye",
    title="La Raye: the real fighting",
    game="Undaunted: Normandy",
    scenario="undaunted/la-raye.yaml",
    dates="15\u201316 June 1944",
    intro=("Nine days after D-Day, an American infantry division fought its first action in the marshes and "
           "hedged fields south of Carentan. La Raye, a hamlet of a few houses, was one of the places it took. "
           "The game's first scenario is set there."),
    who=(
        _f("The Americans were the US 30th Infantry Division, a National Guard division from North and South "
           "Carolina, Georgia and Tennessee. Its 120th Infantry Regiment made the attack, with tanks of the "
           "743rd Tank Battalion in support.", "und-book", "normandie1944", "ron84z"),
        _f("The division had not all arrived. The scenario book says it landed at Omaha Beach on 10 June; other "
           "histories say its first unit sailed on 10 June and the rest crossed over the following days, some of "
           "it landing on 15 June. On the morning of the attack over half of it was still at sea or in the "
           "assembly areas on the beach.", "und-book", "30thid-fr", "ww2history", "ron84z"),
        _f("The Germans facing them were a battle group called Kampfgruppe Heintz, from the 275th Infantry "
           "Division, and soldiers of the 914th Grenadier Regiment of the 352nd Infantry Division. (One source "
           "spells the battle group \u201cHeinz\u201d.)", "normandie1944", "dday-overlord"),
    ),
    why=(
        _f("Between the rivers Vire and Taute runs a narrow strip of land. Allied planners feared the Germans, "
           "reinforced by arriving tanks, would drive north along it, protected by a river on each side, and "
           "cut the American army in two: the troops from Omaha Beach on one side, those from Utah Beach on "
           "the other.",
           "ww2history", "normandie1944"),
        _f("The answer was to push the Germans off the northern bank of the Vire\u2013Taute Canal and hold the "
           "canal as a barrier.", "ww2history", "xix-corps"),
    ),
    timeline=(
        _m("15 June, about 08:00", "After a bombardment from the sea and the air, the 120th Infantry attacks south "
           "from the Bayeux\u2013Carentan railway: one battalion along the main road towards la Comté, another "
           "towards Montmartin-en-Graignes.", "normandie1944", "xix-corps"),
        _m("15 June, morning", "The leading squads meet hard resistance as soon as they creep past the railway "
           "running east from Carentan.", "und-book"),
        _m("15 June, mid-afternoon", "Through on-and-off artillery fire, the Americans swing south-east towards "
           "German soldiers grouped around the houses of La Raye. This is the moment the game plays.", "und-book"),
        _m("15 June", "Montmartin-en-Graignes is taken against determined resistance.", "xix-corps", "ron84z"),
        _m("16 June", "La Raye, just north of the canal, is taken. A battalion clears German positions near "
           "Deville; by nightfall the regiment holds a line along the Taute and the canal: a wedge about 4 km "
           "deep and 6 km wide.", "xix-corps", "normandie1944"),
        _m("17 June", "The 120th Infantry tries to cross the canal to reach the higher ground beyond, and fails.",
           "xix-corps"),
    ),
    after=(
        _f("The division dug in north of the canal, watched by the Germans on the other bank, and waited for "
           "more troops before trying to cross.", "normandie1944"),
        _f("The game follows it: the scenario book's next scenarios are Montmartin-en-Graignes, Raid Across "
           "the Canal, Behind Enemy Lines and Crossing the Vire, then the breakthrough at Saint-Lô and the "
           "battle of Mortain.", "und-book"),
    ),
    places=(
        Place("1", "Carentan", "town", *_CARENTAN, "wiki-carentan", "", "off the board: where the attack's railway "
              "runs from"),
        Place("2", "Montmartin-en-Graignes", "village", *_MONTMARTIN, "wikimanche-montmartin", "",
              "off the board: taken the same day"),
        Place("3", "Saint-Jean-de-Daye", "village", *_STJEAN, "wiki-stjean", "", "off the board: beyond the canal"),
    ),
    waterways=(
        Waterway("Taute", "river", ((dms(49, 18, 12, "N"), dms(1, 14, 54, "W")), (dms(49, 15, 30, "N"), dms(1, 12, 30, "W")),
                                    (dms(49, 13, 30, "N"), dms(1, 12, 0, "W"))),
                 _f("A sketch, not a survey: the Taute meets the Douve at Carentan and runs west of Montmartin.",
                    "wiki-carentan", "wiki-montmartin-de")),
        Waterway("Vire", "river", ((dms(49, 19, 0, "N"), dms(1, 6, 30, "W")), (dms(49, 16, 0, "N"), dms(1, 6, 0, "W")),
                                   (dms(49, 13, 30, "N"), dms(1, 6, 15, "W"))),
                 _f("A sketch, not a survey: the Vire runs along the east of Montmartin's land.",
                    "wiki-montmartin-de", "wikimanche-montmartin")),
        Waterway("Vire\u2013Taute Canal", "canal", ((dms(49, 14, 40, "N"), dms(1, 12, 10, "W")),
                                                    (dms(49, 14, 20, "N"), dms(1, 8, 20, "W")),
                                                    (dms(49, 14, 50, "N"), dms(1, 6, 5, "W"))),
                 _f("A sketch, not a survey: the canal joins the Taute and the Vire, crossing the south of "
                    "Montmartin's land and the northern tip of Saint-Jean-de-Daye's.",
                    "wiki-montmartin-de", "wikimanche-stjean")),
        Waterway("railway from Carentan", "railway", (_CARENTAN, (dms(49, 18, 30, "N"), dms(1, 5, 30, "W"))),
                 _f("A sketch: the railway runs east from Carentan towards Bayeux; the attack started from it.",
                    "und-book", "normandie1944")),
    ),
    areas=(
        Area("La Raye", dms(49, 15, 5, "N"), dms(1, 7, 0, "W"), 900,
             _f("No source found gives the hamlet's coordinates. The sources say it lies just north of the "
                "canal, and the bridge over the Vire east of Montmartin is called the pont de la Raye; the ring "
                "marks that stretch, not a point.", "xix-corps", "wikimanche-montmartin")),
    ),
    window=(dms(49, 13, 0, "N"), dms(1, 16, 0, "W"), dms(49, 19, 0, "N"), dms(1, 5, 0, "W")),
    offmap=(),
    abstracts=(
        _f("Each card in a player's deck is one soldier of a platoon, and a unit token on the map is a squad. "
           "Drawing more of a squad's cards means that squad acts more often.", "und-rules"),
        _f("A round: each player draws four cards, bids one of them for the initiative and plays the other "
           "three. A round has no fixed length in minutes.", "und-rules"),
        _f("The tiles stand for fields and hedgerows; each has a cover value. An attack rolls ten-sided dice: "
           "a die hits if it rolls the defender's total defense or more (a 0 always hits).", "und-rules"),
        _f("Each side controls objective points; the first side to hold five wins.", "und-book"),
    ),
    departs=(
        _f("The game pits one platoon against one platoon, about the same size and with the same cards. The real "
           "attack was a whole regiment with tanks and artillery, against Germans who were defending.",
           "und-book", "normandie1944"),
        _f("The book's map is not a map of La Raye: its twelve tiles are a made-up patch of farmland. The book "
           "does not say which tile is which real place.", "und-book"),
        _f("In the game either side can win by taking objectives. In reality the Americans took La Raye on "
           "16 June, and then could not get across the canal.", "und-book", "xix-corps"),
    ),
    questions=(
        "Who won your game, and by how many objective points? The real Americans took La Raye the next day. "
        "What made the attack hard for them, and what made it hard for you?",
        "Your deck filled up with cards as the game went on. What might that stand for in a real platoon?",
        "The real German soldiers were defending houses. Did the German player in your game defend or attack?",
        "Why did it matter to the Americans that the Germans were pushed back behind the canal?",
        "The book gives La Raye's story in six sentences. What would you want to know that it does not say? "
        "Where could you look?",
        "Compare the two maps. What does the real map show that the tiles cannot?",
    ),
    thin=("The historical record for La Raye is thin. The scenario book gives it a paragraph; unit "
          "histories mention it in a line (taken on 16 June, just north of the canal). No public source found "
          "gives the hamlet's exact position or says who fought at its houses. Everything below is what the "
          "sources do say, and nothing more."),
)

BATTLES: dict[str, Battle] = {b.key: b for b in (PEGASUS, LA_RAYE)}


def battle(key: str) -> Battle:
    try:
        return BATTLES[key]
    except KeyError:
        raise ValueError(f"no history page for {key!r}: known are {', '.join(BATTLES)}") from None


def facts(b: Battle) -> list[Fact]:
    """Every fact the page states (prose, timeline, map notes): each must name a source."""
    out = list(b.who) + list(b.why) + [m.fact for m in b.timeline] + list(b.after)
    out += [w.how for w in b.waterways] + [a.how for a in b.areas] + list(b.abstracts) + list(b.departs)
    return out


# ---------------------------------------------------------------------------------------------
# The map: a plain equirectangular projection around the window's middle latitude

MAP_W = 420                        # pixels across the window


@dataclass(frozen=True)
class Projection:
    south: Fraction
    west: Fraction
    north: Fraction
    east: Fraction

    @property
    def kx(self) -> float:
        """Meters per degree of longitude over meters per degree of latitude at the middle latitude."""
        return math.cos(math.radians(float(self.south + self.north) / 2))

    @property
    def scale(self) -> float:          # pixels per degree of latitude
        return MAP_W / (float(self.east - self.west) * self.kx)

    @property
    def height(self) -> float:
        return float(self.north - self.south) * self.scale

    def xy(self, lat: Fraction, lon: Fraction) -> tuple[float, float]:
        """Pixels: x grows to the east, y to the south; the window's north-west corner is (0, 0)."""
        return (float(lon - self.west) * self.kx * self.scale, float(self.north - lat) * self.scale)

    def meters_per_pixel(self) -> float:
        return 111_320 / self.scale      # one degree of latitude is about 111.32 km

    def inside(self, lat, lon) -> bool:
        return self.south <= lat <= self.north and self.west <= lon <= self.east


def projection(b: Battle) -> Projection:
    return Projection(*b.window)


def distance_km(a: tuple[Fraction, Fraction], b: tuple[Fraction, Fraction]) -> float:
    """Great-circle distance in km (haversine, Earth radius 6371 km)."""
    la1, lo1, la2, lo2 = (math.radians(float(v)) for v in (*a, *b))
    h = math.sin((la2 - la1) / 2) ** 2 + math.cos(la1) * math.cos(la2) * math.sin((lo2 - lo1) / 2) ** 2
    return 2 * 6371 * math.asin(math.sqrt(h))


_COLOURS = {"canal": "#3b7dd8", "river": "#5aa0e6", "railway": "#555555"}
_FONT = "font-family=\"sans-serif\""


def _marker(x, y, mark, kind) -> str:
    fill = "#b3261e" if kind == "bridge" else "#1f2933"
    return (f'<circle cx="{x:.1f}" cy="{y:.1f}" r="9" fill="{fill}" stroke="#fff" stroke-width="1.5"/>'
            f'<text x="{x:.1f}" y="{y + 4:.1f}" text-anchor="middle" font-size="11" font-weight="bold" '
            f'fill="#fff" {_FONT}>{html.escape(mark)}</text>')


def real_map_svg(b: Battle) -> str:
    """A schematic map of the real place: waterways as lines through their cited points, each named
    place as a numbered dot at its cited coordinates, places the sources do not locate as dashed
    rings, places beyond the window as arrows at the edge, north up, a scale bar."""
    p = projection(b)
    w, h = MAP_W, p.height
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {w} {h:.1f}" width="{w}" height="{h:.0f}" '
           f'role="img" aria-label="{html.escape("Map of the real place: " + b.title)}" class="tutor-history-map">',
           f'<rect width="{w}" height="{h:.1f}" fill="#f4f1e8" stroke="#999"/>',
           f'<clipPath id="clip-{b.key}"><rect width="{w}" height="{h:.1f}"/></clipPath>',
           f'<g clip-path="url(#clip-{b.key})">']
    for wy in b.waterways:
        pts = " ".join(f"{x:.1f},{y:.1f}" for x, y in (p.xy(*pt) for pt in wy.points))
        width = 7 if wy.kind == "river" else 5 if wy.kind == "canal" else 2
        dash = ' stroke-dasharray="8 5"' if wy.kind == "railway" else ""
        out.append(f'<polyline points="{pts}" fill="none" stroke="{_COLOURS[wy.kind]}" stroke-width="{width}" '
                   f'stroke-linecap="round" stroke-linejoin="round"{dash}/>')
    for a in b.areas:
        x, y = p.xy(a.lat, a.lon)
        r = a.radius_m / p.meters_per_pixel()
        out.append(f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{r:.1f}" fill="#b3261e" fill-opacity="0.08" '
                   f'stroke="#b3261e" stroke-width="1.5" stroke-dasharray="5 4"/>'
                   f'<text x="{x - r - 4:.1f}" y="{y + 4:.1f}" text-anchor="end" font-size="12" font-style="italic" '
                   f'fill="#b3261e" {_FONT}>{html.escape(a.name)} (somewhere here)</text>')
    out.append("</g>")
    # waterway names, at the middle of their first segment inside the window
    for wy in b.waterways:
        inside = [pt for pt in wy.points if p.inside(*pt)] or list(wy.points)
        la, lo = ((inside[0][0] + inside[1][0]) / 2, (inside[0][1] + inside[1][1]) / 2) if len(inside) > 1 \
            else inside[0]
        x, y = p.xy(la, lo)
        x, y = min(max(x, 40), w - 40), min(max(y + 18, 14), h - 8)
        out.append(f'<text x="{x:.1f}" y="{y:.1f}" text-anchor="middle" font-size="11" font-style="italic" '
                   f'fill="{_COLOURS[wy.kind]}" stroke="#f4f1e8" stroke-width="3" paint-order="stroke" '
                   f'{_FONT}>{html.escape(wy.name)}</text>')
    for pl in b.places:
        x, y = p.xy(pl.lat, pl.lon)
        out.append(_marker(x, y, pl.mark, pl.kind))
        anchor, dx = ("end", -13) if pl.label_left or x > w * 0.6 else ("start", 13)
        out.append(f'<text x="{x + dx:.1f}" y="{y - 10:.1f}" text-anchor="{anchor}" font-size="12" fill="#1f2933" '
                   f'stroke="#f4f1e8" stroke-width="3" paint-order="stroke" {_FONT}>{html.escape(pl.name)}</text>')
    centre = ((b.window[0] + b.window[2]) / 2, (b.window[1] + b.window[3]) / 2)
    for name, la, lo, _src in b.offmap:
        x, y = p.xy(la, lo)
        cx, cy = w / 2, h / 2
        # the point where the line from the middle towards the place leaves the window
        t = min(t for t in ((cx - 4) / abs(x - cx) if x != cx else 9e9, (cy - 4) / abs(y - cy) if y != cy else 9e9))
        ex, ey = cx + (x - cx) * t, cy + (y - cy) * t
        km = distance_km(centre, (la, lo))
        label = f"{name}, {km:.0f} km"
        anchor = "end" if ex > w / 2 else "start"
        ty = ey + (14 if ey < h / 2 else -8)
        arrow = "\u2191 " if ey < h / 2 else "\u2193 "
        out.append(f'<text x="{ex:.1f}" y="{ty:.1f}" text-anchor="{anchor}" font-size="11" fill="#444" {_FONT}>'
                   f'{arrow}{html.escape(label)}</text>')
    # north arrow and scale bar
    out.append(f'<text x="14" y="18" text-anchor="middle" font-size="12" font-weight="bold" {_FONT}>N</text>'
               f'<path d="M14 22 l-5 12 l5 -4 l5 4 z" fill="#1f2933"/>')
    bar_m = 500 if p.meters_per_pixel() * 120 < 2000 else 2000
    bar = bar_m / p.meters_per_pixel()
    label = f"{bar_m} m" if bar_m < 1000 else f"{bar_m // 1000} km"
    out.append(f'<rect x="{w - 10 - bar:.1f}" y="{h - 16:.1f}" width="{bar:.1f}" height="5" fill="#1f2933"/>'
               f'<text x="{w - 10 - bar - 6:.1f}" y="{h - 11:.1f}" text-anchor="end" font-size="11" {_FONT}>'
               f'{label}</text>')
    out.append("</svg>")
    return "".join(out)


def game_board_svg(b: Battle) -> str:
    """The game's board for this battle with the real map's places marked by the same numbers
    (Memoir '44: a note on the hex; Undaunted: the tiles outlined)."""
    from tutor import paths
    if b.game == "Memoir '44":
        from tutor.render.scene import highlights, scene
        from tutor.render.svg import svg
        from tutor.scenario import load
        field = load(paths.SCENARIOS / b.scenario)
        marks = {tuple(int(v) for v in pl.on_board.split(",")): pl for pl in b.places if pl.on_board}
        sc = scene(field, highlights(target=marks), legend=False, coords=False)
        dots = []
        for cell in sc.cells:
            if cell.hex in marks:
                x = sum(px for px, _ in cell.points) / len(cell.points)
                y = sum(py for _, py in cell.points) / len(cell.points)
                # the same numbered dot as on the real map, in the hex's upper corner
                dots.append(_marker(float(x) + 12, float(y) - 14, marks[cell.hex].mark, marks[cell.hex].kind))
        text = svg(sc)
        return text[:text.rindex("</svg>")] + "".join(dots) + "</svg>"
    import random

    from tutor.render.undaunted import board_svg
    from tutor.undaunted.scenario import load as load_undaunted
    state = load_undaunted(paths.SCENARIOS / b.scenario, random.Random(0))
    return board_svg(state, highlight=tuple(t for t, _ in UNDAUNTED_MARKS), legend=False)


#: La Raye's board names no places: the tutor's reading of the book's story on its two start tiles.
UNDAUNTED_MARKS = (("5B", "the German start: the houses where the German soldiers were grouped"),
                   ("17B", "the US start: the side the attack came from, off the railway"))


# ---------------------------------------------------------------------------------------------
# The page

#: Print rules for a page of plain text in the app's page shell: the shell keeps the screen's width in
#: pixels on its panels (a print from a laptop lost every line's right end) and asks its cells not to
#: break across pages (a long page started on the second sheet); a print takes the paper's width and
#: breaks where it must.
PRINT_SHELL = ("#main .lm-BoxPanel,#main .lm-BoxPanel-child,#rendered_cells{width:auto !important;left:0 !important}"
               ".jp-Cell,.jp-Cell-outputWrapper,.jp-OutputArea,.jp-OutputArea-child,.jp-OutputArea-output"
               "{break-inside:auto !important;page-break-inside:auto !important}")

CSS = """<style>
.tutor-history{max-width:60em;font-size:15px;line-height:1.5;color:#1f2933}
.tutor-history h2{font-size:1.35em;margin:1.1em 0 .4em;border-bottom:1px solid #d0d7de}
.tutor-history sup a{text-decoration:none;color:#0b5cad;font-size:.8em}
.tutor-history table.tutor-timeline{border-collapse:collapse;width:100%;margin:.4em 0;table-layout:auto !important}
.tutor-history table.tutor-timeline td{border-bottom:1px solid #eaeef2;padding:.3em .5em;vertical-align:top;
  text-align:left}
.tutor-history table.tutor-timeline td:first-child{font-weight:600;width:8.5em}
.tutor-history .tutor-maps{display:flex;flex-wrap:wrap;gap:1em;align-items:flex-start}
.tutor-history figure{margin:0;flex:1 1 26em;max-width:100%}
.tutor-history figure svg{max-width:100%;height:auto}
.tutor-history figcaption{font-size:13px;color:#444;margin-top:.3em}
.tutor-history .tutor-thin{background:#fff8e1;border-left:4px solid #c99a06;padding:.5em .8em}
.tutor-history ol.tutor-sources{font-size:13px;color:#333}
.tutor-history ol.tutor-sources a{word-break:break-all}
.tutor-history ol.tutor-questions li{margin:.35em 0}
@media print{
  __PRINT_SHELL__
  .tutor-nav{display:none !important}
  .tutor-history{max-width:none;font-size:11pt}
  .tutor-history h2{break-after:avoid;page-break-after:avoid}
  .tutor-history figure,.tutor-history tr,.tutor-history li,.tutor-history .tutor-keep{break-inside:avoid;
    page-break-inside:avoid}
  .tutor-history .tutor-maps{display:block}
  .tutor-history figure{margin-bottom:1em}
  .tutor-history a{color:#1f2933}
}
</style>""".replace("__PRINT_SHELL__", PRINT_SHELL)


class _Cites:
    """Numbers the sources in the order the page first cites them."""

    def __init__(self, key: str):
        self.key, self.order = key, []

    def __call__(self, fact: Fact) -> str:
        refs = []
        for s in fact.sources:
            if s not in self.order:
                self.order.append(s)
            n = self.order.index(s) + 1
            refs.append(f'<a href="#src-{self.key}-{n}">{n}</a>')
        return f'{html.escape(fact.text)}<sup>[{",".join(refs)}]</sup>'


def page_html(key: str) -> str:
    """The whole history page of a battle as HTML (no buttons, no widgets: it prints as it shows)."""
    b = battle(key)
    cite = _Cites(b.key)
    e = html.escape
    parts = [CSS, '<div class="tutor-history">', f"<p><b>{e(b.dates)}.</b> {e(b.intro)}</p>"]
    if b.thin:
        parts.append(f'<p class="tutor-thin">{e(b.thin)}</p>')
    parts.append("<h2>Who fought, and why there</h2>")
    parts += [f"<p>{cite(f)}</p>" for f in b.who + b.why]
    parts.append("<h2>Hour by hour</h2>" if b.key == "pegasus-bridge" else "<h2>Day by day</h2>")
    parts.append('<table class="tutor-timeline">')
    parts += [f"<tr><td>{e(m.when)}</td><td>{cite(m.fact)}</td></tr>" for m in b.timeline]
    parts.append("</table>")
    parts.append("<h2>What became of it</h2>")
    parts += [f"<p>{cite(f)}</p>" for f in b.after]
    parts.append("<h2>The real place and the game's board</h2>")
    parts.append('<div class="tutor-maps"><figure>' + real_map_svg(b) + "<figcaption>The real place, north at "
                 "the top. " + " ".join(f"<b>{e(pl.mark)}</b> {e(pl.name)}." for pl in b.places) + " "
                 + " ".join(cite(w.how) for w in b.waterways) + " "
                 + " ".join(cite(a.how) for a in b.areas)
                 + " Places are drawn at their published coordinates: "
                 + "; ".join(cite(Fact(f"{pl.name} {_dms_text(pl.lat, pl.lon)}", (pl.source,))) for pl in b.places)
                 + ".</figcaption></figure>")
    if b.game == "Memoir '44":
        legend = " ".join(f"<b>{e(pl.mark)}</b> {e(pl.name)}: {e(pl.board_note)}." for pl in b.places)
    else:
        legend = ("The board names no real places; the outlined tiles are the tutor's reading of the book's "
                  "story: " + " ".join(f"<b>{e(t)}</b> is {e(n)}." for t, n in UNDAUNTED_MARKS))
    parts.append('<figure>' + game_board_svg(b) + f"<figcaption>The game's board. {legend}</figcaption>"
                 "</figure></div>")
    parts.append("<h2>What the game abstracts</h2><ul>")
    parts += [f"<li>{cite(f)}</li>" for f in b.abstracts]
    parts.append("</ul><h2>Where the game departs from what happened</h2><ul>")
    parts += [f"<li>{cite(f)}</li>" for f in b.departs]
    parts.append('</ul><section class="tutor-keep"><h2>Your battle and the real one</h2><p>After a game, talk '
                 "these over in pairs, then with the class:</p>")
    parts.append('<ol class="tutor-questions">' + "".join(f"<li>{e(q)}</li>" for q in b.questions)
                 + "</ol></section>")
    parts.append('<h2>Sources</h2><p>Every fact on this page comes from these public sources; the words '
                 'are the tutor\'s own.</p><ol class="tutor-sources">')
    for n, s in enumerate(cite.order, 1):
        src = SOURCES[s]
        parts.append(f'<li id="src-{b.key}-{n}">{e(src.title)}. <a href="{e(src.url, quote=True)}" '
                     f'target="_blank" rel="noopener">{e(src.url)}</a></li>')
    parts.append("</ol></div>")
    return "".join(parts)


def _dms_text(lat: Fraction, lon: Fraction) -> str:
    def one(v: Fraction, pos: str, neg: str) -> str:
        a = abs(v)
        d = int(a)
        m = int((a - d) * 60)
        s = (a - d - Fraction(m, 60)) * 3600
        sec = f"{float(s):.1f}".rstrip("0").rstrip(".")
        return f"{d}\u00b0{m:02d}\u2032{sec}\u2033{pos if v >= 0 else neg}"
    return f"{one(lat, 'N', 'S')} {one(lon, 'E', 'W')}"


def page(key: str):
    """The history page as page HTML for a notebook."""
    from IPython.display import HTML
    return HTML(page_html(key))
