"""Which picture each card shows: one per distinct card, copies share theirs.

A card's family is its id without a copy number ("troop.druzhina.7" -> "troop.druzhina"):
the ten Druzhinas share one picture and differ by their numbers, as do the four
Polovtsian Hosts.  A picture is either painted by code (the names in PAINTED, see
icons.py) or a vector file ``assets/cards/<name>.svg`` drawn by this project.
"""
from __future__ import annotations

import re

__all__ = ["PICTURES", "PAINTED", "card_family"]

_COPY_NUMBER = re.compile(r"\.\d+$")

#: Pictures drawn with pygame.draw (icons.py); every other picture is an SVG file.
PAINTED: frozenset[str] = frozenset({
    "church1", "church3", "church5", "palisade", "wooden", "stone", "kremlin_wall", "moat",
    "throne", "houses", "gate", "troop", "militia", "flame",
})

# data table: card family -> picture (what it shows, for the reader)
PICTURES: dict[str, str] = {
    # cities: each its own landmark
    "city.kiev": "kiev",                    # St Sophia's pyramid of domes over the Dnieper
    "city.novgorod": "novgorod",            # Sophia of Novgorod behind the Detinets wall
    "city.chernigov": "chernigov",          # the Saviour Cathedral and its two spired towers
    "city.pskov": "pskov",                  # the grey Krom and the Kutekroma tower
    "city.galich": "galich",                # a castle on the steep hill over the Dniester
    "city.vladimir": "vladimir",            # the Intercession on the Nerl in the flood water
    "city.suzdal": "suzdal",                # blue domes with gold stars, a tented belfry
    "city.polotsk": "polotsk",              # the Boris stone by the Dvina
    "city.smolensk": "smolensk",            # the great wall over the hills
    "city.tmutarakan": "tmutarakan",        # the town by the sea, a ship under sail
    "city.murom": "murom",                  # a log church among the firs on the Oka
    # buildings (painted)
    "bld.church": "church1",
    "bld.monastery": "church3",
    "bld.cathedral": "church5",
    "wall.palisade": "palisade",
    "wall.wooden": "wooden",
    "wall.stone": "stone",
    "wall.kremlin": "kremlin_wall",
    "wall.moat": "moat",
    "bld.throne": "throne",
    "bld.sloboda": "houses",
    "bld.golden_gate": "gate",
    # troops
    "troop.druzhina": "troop",              # sword and red kite shield (painted)
    "troop.polovtsy": "steppe_horse",       # a steppe horse and a bow
    "troop.poles": "white_eagle",           # the white eagle shield and a lance
    "troop.hungarians": "double_cross",     # the double cross shield, sabre and mace
    "troop.varangians": "longship_axe",     # a dragon prow and a long-bearded axe
    "troop.militia": "militia",             # axe and wooden shield (painted)
    # events
    "ev.treachery": "key_and_dagger",
    "ev.dowry": "dowry_chest",
    "ev.ambush": "eyes_in_the_woods",
    "ev.condemnation": "crozier",
    "ev.bribe": "money_bag",
    "ev.raid_city": "siege_ladder",
    "ev.plunder": "loot_sack",
    "ev.city_watch": "watch_lantern",
    "ev.outpost": "watchtower",
    "ev.false_match": "broken_ring",
    "ev.fire": "flame",                     # painted
    "ev.polovtsian_raid": "arrows_in_cards",
    "ev.principality_raid": "stolen_sheaves",
    "ev.tatar_invasion": "black_storm",
    "ev.silence": "dove",
    "ev.judgement": "scales",
    "ev.recon": "spyglass",
    "ev.poisoner": "poisoned_cup",
    # chronicles
    "chr.anna": "lily_crown",
    "chr.bogatyrs": "three_helmets",
    "chr.voivode": "mace_and_horn",
    "chr.byzantium": "double_eagle",
    "chr.polovtsian_campaign": "war_banner",
    "chr.vasilko": "blindfold",
    "chr.congress": "princes_cross",
    "chr.igor": "eclipse",
    "chr.sviatopolk": "raven_crown",
    "chr.hermit": "hermit_cave",
}


def card_family(card_id: str) -> str:
    """The card id without its copy number: copies of one card share a picture."""
    return _COPY_NUMBER.sub("", card_id)
