#!/usr/bin/env python3
"""Write the card table of docs/RULES.md §1 from the engine's catalogue.

The table sits between the two marker lines below; everything else in docs/RULES.md is
written by hand.  `tests/code/test_rules_doc.py` fails when the table there differs from
what this script writes, so the book cannot drift from `knjazja/engine/cards.py`.

    python build/docs/make_rules_cards.py          # rewrite the table in docs/RULES.md
    python build/docs/make_rules_cards.py --check  # exit 1 if it is out of date
"""
from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from knjazja.engine.cards import KINDS, catalogue  # noqa: E402

RULES = ROOT / "docs" / "RULES.md"
BEGIN = "<!-- card table: written by build/docs/make_rules_cards.py from the engine's catalogue; do not edit -->"
END = "<!-- end of card table -->"
HEADINGS = {"city": "Cities", "building": "Buildings", "troop": "Troops",
            "event": "Events", "chronicle": "Chronicles"}

# Each card's effect in brief, in this book's own words (the card texts shown in the game are
# knjazja/engine/data/texts.<lang>.json).  Every id of the catalogue needs an entry here.
_ANNA_WEAK = "Foreign; a Bribe can win it over. Too weak to attack a holder of Anna Yaroslavna at all."
_FOREIGN = "Foreign; a Bribe can win it over. Worth 2 less when it attacks a holder of Anna Yaroslavna."
_NATIVE = "Native. Worth 2 more while it defends for a holder of Russian Bogatyrs."
EFFECTS = {
    "city": "Laid before a player; scores its printed Glory and is never discarded.",
    "bld.church": "Adds 1 to its city's Glory.",
    "bld.monastery": "Adds 2 to its city's Glory.",
    "bld.cathedral": "Adds 3 to its city's Glory.",
    "wall.palisade": "Walls: an attack on the city must be stronger than 2. Any later walls take its place.",
    "wall.wooden": "Walls: an attack on the city must be stronger than 3. Any later walls take its place.",
    "wall.stone": "Walls: an attack must be stronger than 4. While they stand the city takes no further "
                  "building card, walls and Moat included.",
    "wall.kremlin": "Walls: an attack must be stronger than 5. While they stand the city takes no further "
                    "building card, walls and Moat included.",
    "wall.moat": "Raises the city's wall Strength by 1; worthless with no walls; survives a change of walls.",
    "bld.throne": "Triples the city's whole Glory. A single Throne may be in play: a new one sends the old "
                  "one, wherever it is, to the discard pile.",
    "bld.sloboda": "Doubles the city's printed Glory only, not what its buildings add.",
    "bld.golden_gate": "The city scores extra Glory equal to its wall Strength, the Moat counted.",
    "troop.druzhina": _NATIVE,
    "troop.polovtsy.1": _ANNA_WEAK,
    "troop.polovtsy.2": _ANNA_WEAK,
    "troop": _FOREIGN,
    "troop.militia": "Defence only, worth the defended city's full Glory (walls excluded). Never attacks, "
                     "bids for a Dowry or goes under Byzantine Aid.",
    "ev.treachery": "Your turn: a city of another player becomes yours, buildings and all. City Watch stops it.",
    "ev.dowry": "Your turn: put another player's city up for bids. From your left round to you, everyone may "
                "offer one troop face down; the highest printed Strength wins, a tie goes to the first "
                "offer; every offered troop is discarded.",
    "ev.ambush": "Defender, in war: beats off the current attack whatever its Strength; a Voivode squad is "
                 "lost entire.",
    "ev.condemnation": "Defender, in war: stops the war on the spot; no new war for the attacker before his "
                       "next turn.",
    "ev.bribe": "Either side, in war: a foreign troop the other side has put on the table changes sides into "
                "your hand.",
    "ev.raid_city": "Attacker, before the first attack: the defender has to show one troop if he holds any, "
                    "and only then do you choose to attack; that troop is discarded unless bribed. Bogatyr "
                    "Outpost stops it.",
    "ev.plunder": "Defender, as his city falls: everything built there, walls and Moat too, goes to the "
                  "discard pile before the city changes hands.",
    "ev.city_watch": "Reaction: stops Fire, False Matchmaking or Treachery aimed at one of your cities.",
    "ev.outpost": "Reaction: stops a Polovtsian Raid, a Raid on the Principality or a Raid on the City "
                  "aimed at you.",
    "ev.false_match": "Your turn, or your war (then only the city attacked): strips one city of its walls and its "
                      "Moat. City Watch stops it.",
    "ev.fire": "Your turn: burns everything built in one city, walls and Moat too. City Watch stops it.",
    "ev.polovtsian_raid": "Your turn: another player loses 2 cards from his hand, picked at random. Bogatyr "
                          "Outpost stops it.",
    "ev.principality_raid": "Your turn: 2 cards picked at random from another player's hand come into "
                            "yours. Bogatyr Outpost stops it.",
    "ev.tatar_invasion": "Your turn, never in the first round: lay it down; the others each play once more "
                         "and the game ends after your next turn. Only And There Was Silence undoes it.",
    "ev.silence": "Your turn, only when an end is already set: undoes a Tatar Invasion; if the deck is spent, "
                  "a final round follows that ends on your turn.",
    "ev.judgement": "Your turn: a city that was yours earlier in this game comes back to you from its "
                    "current owner, buildings and all.",
    "ev.recon": "Your turn (any other player), or your war (the defender): see that player's hand.",
    "ev.poisoner": "Your turn: send any one chronicle in play to the discard pile (a Byzantine Aid takes "
                   "its troop along).",
    "chr.anna": "Foreign troops attacking the holder are worth 2 less; one brought to 0 or below cannot "
                "attack him.",
    "chr.bogatyrs": "The holder's native Druzhinas are worth 2 more when they defend.",
    "chr.voivode": "The holder may attack or defend with several troops at once, one squad whose Strengths "
                   "add up.",
    "chr.byzantium": "Comes into play with a troop (not Militia) from its player's hand beneath it; at the "
                     "end the holder scores that troop's printed Strength.",
    "chr.polovtsian_campaign": "Its holder scores 3 more at the end.",
    "chr.vasilko": "Its holder scores 4 less at the end.",
    "chr.congress": "Aimed at a player with a city: he either hands you a city he picks (and this card goes to "
                    "the discard pile) or keeps it, scoring 4 less at the end.",
    "chr.igor": "As his whole turn the holder may give it to another player, paying a troop (not Militia) to "
                "the discard pile; whoever has it at the end scores 4 less.",
    "chr.sviatopolk": "Laid before yourself only: a city of another player becomes yours for good, "
                      "buildings and all; you score 4 less at the end.",
    "chr.hermit": "Each Draw action of its holder brings 2 cards instead of 1.",
}


def effect(card_id: str) -> str:
    """The brief effect of a card id: its own entry, else the nearest shared one (KeyError if none)."""
    key = card_id
    while key not in EFFECTS:
        if "." not in key:
            raise KeyError(f"docs/RULES.md has no effect written for {card_id}")
        key = key.rsplit(".", 1)[0]
    return EFFECTS[key]


def _signed(n: int) -> str:
    return f"+{n}" if n > 0 else f"−{-n}"


def _strength(c: dict) -> str:
    if c["kind"] == "troop":
        if c["strength"] is None:
            return "= the defended city's Glory"
        return f"{c['strength']} ({'foreign' if c['foreign'] else 'native'})"
    if c["id"] == "wall.moat":
        return "+1 to the walls"
    return str(c["strength"]) if "strength" in c else "–"


def _glory(c: dict) -> str:
    if c["kind"] == "city":
        return str(c["glory"])
    special = {"chr.byzantium": "= its troop's Strength", "bld.throne": "whole city ×3",
               "bld.sloboda": "base ×2", "bld.golden_gate": "+ wall Strength"}
    if c["id"] in special:
        return special[c["id"]]
    return _signed(c["glory"]) if c.get("glory") else "–"


def _cell(text: str) -> str:
    return text.replace("|", "\\|")


def card_table(lang_names: tuple[str, str] = ("ru", "en")) -> str:
    """The card table as Markdown: one sub-table per kind, one row per card id."""
    names = {lang: {c["id"]: c["name"] for c in catalogue(lang)} for lang in lang_names}
    cards = catalogue("en")
    out = []
    for kind in KINDS:
        rows = [c for c in cards if c["kind"] == kind]
        total = sum(c["copies"] for c in rows)
        out += [f"### {HEADINGS[kind]}: {total} cards", "",
                "| id | ru | en | kind | × | Strength | Glory | effect, in brief |",
                "|---|---|---|---|---|---|---|---|"]
        for c in rows:
            out.append(f"| `{c['id']}` | {names['ru'][c['id']]} | {names['en'][c['id']]} | {kind} "
                       f"| {c['copies']} | {_strength(c)} | {_glory(c)} | {_cell(effect(c['id']))} |")
        out.append("")
    out.append(f"In all: {sum(c['copies'] for c in cards)} cards, {len(cards)} ids.")
    return "\n".join(out)


def block() -> str:
    return f"{BEGIN}\n{card_table()}\n{END}"


def split(doc: str) -> tuple[str, str, str]:
    """docs/RULES.md as (before, table block, after); ValueError without both markers."""
    start, stop = doc.index(BEGIN), doc.index(END) + len(END)
    return doc[:start], doc[start:stop], doc[stop:]


def main(argv: list[str]) -> int:
    doc = RULES.read_text(encoding="utf-8")
    before, current, after = split(doc)
    if "--check" in argv:
        if current != block():
            print("docs/RULES.md: the card table is out of date; run python build/docs/make_rules_cards.py")
            return 1
        return 0
    RULES.write_text(before + block() + after, encoding="utf-8", newline="\n")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
