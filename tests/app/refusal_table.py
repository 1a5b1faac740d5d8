"""Every kind of wrong drop, and the reason the table gives for it.

Positions: a turn, an attack, a defence, a reaction, and wars declared on every kind of city
(``DECLARES``).  In each, every card of the decider's hand is dropped on every target (each
city, each prince, a chronicle, a troop of the war, the middle of the table); a drop that
matches no legal action is a wrong drop, and ``why_not_play`` gives its reason.  ``rows()``
lists them (context, card, target, code, the reason in Russian and in English);
``python tests/app/refusal_table.py`` prints the table.
"""
from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "engine"))

from scenario import inst, play, scenario  # noqa: E402

from knjazja.app.wording.card_names import refusal_text  # noqa: E402
from knjazja.app.table.clicks import candidates_for, match  # noqa: E402
from knjazja.engine import legal_actions  # noqa: E402
from knjazja.engine.cards import CARD_ID, IS_MILITIA, KIND  # noqa: E402
from knjazja.engine.refusals import Refusal, Target, why_not_declare, why_not_play  # noqa: E402
from knjazja.engine.kinds import TargetKind
from knjazja.engine.state import GameState  # noqa: E402

NAMES = {"ru": ["Ярослав", "Ольга", "Вася"], "en": ["Yaroslav", "Olga", "Bob"]}

TURN_HAND = ["city.kiev", "bld.church", "wall.palisade", "troop.druzhina.5", "troop.militia", "ev.fire",
             "ev.false_match", "ev.treachery", "ev.judgement", "ev.polovtsian_raid", "ev.poisoner", "ev.ambush",
             "ev.city_watch", "ev.silence", "ev.tatar_invasion", "chr.voivode", "chr.congress", "chr.sviatopolk"]


def turn() -> GameState:
    """Yaroslav's turn: his own Pskov is bare, Olga's Novgorod has the Kremlin and Olga holds
    no cards; Vasya's Smolensk has a Church and Vasya holds Anna Yaroslavna."""
    return scenario(n=3, hands={0: TURN_HAND, 1: [], 2: ["bld.monastery"]},
                    cities={"city.pskov": (0, []), "city.novgorod": (1, ["wall.kremlin"]),
                            "city.smolensk": (2, ["bld.church"])},
                    chronicles={2: ["chr.anna"]})


def turn_without_troops() -> GameState:
    """Yaroslav's turn with Byzantine Aid but no troop to lay under it."""
    return scenario(n=3, hands={0: ["chr.byzantium", "troop.militia"]}, cities={"city.pskov": (1, [])})


def attack() -> GameState:
    """Yaroslav at war for Olga's Kiev (Wooden Walls, 3); Olga holds Anna Yaroslavna."""
    s = scenario(n=3, hands={0: ["troop.druzhina.2", "troop.druzhina.5", "troop.hungarians", "troop.militia",
                                 "troop.polovtsy.2", "bld.church", "ev.bribe", "ev.fire", "ev.raid_city"],
                             1: ["troop.druzhina.3", "troop.druzhina.6", "ev.ambush", "ev.bribe", "bld.monastery"]},
                 cities={"city.kiev": (1, ["wall.wooden"]), "city.smolensk": (2, [])},
                 chronicles={1: ["chr.anna"]})
    play(s, "war", by=0, city="city.kiev")
    return s


def defence() -> GameState:
    """Olga answers the Hungarians' attack on Kiev (Strength 6, 4 against Anna Yaroslavna)."""
    s = attack()
    play(s, "attack", cards=["troop.hungarians"])
    return s


def reaction() -> GameState:
    """Olga may cancel the Fire Yaroslav plays on her Kiev."""
    s = scenario(n=3, hands={0: ["ev.fire"], 1: ["ev.city_watch", "bld.church", "troop.druzhina.3"]},
                 cities={"city.kiev": (1, ["bld.church"])})
    play(s, "event", card="ev.fire", city="city.kiev")
    return s


CONTEXTS = {"turn": turn, "turn, no troop": turn_without_troops, "attack": attack, "defence": defence,
            "reaction": reaction}


def declares() -> list[tuple[str, GameState, int, str]]:
    """(what is wrong, state, seat, city id) for a war that cannot be started."""
    base = dict(n=3, cities={"city.kiev": (1, ["wall.kremlin"]), "city.pskov": (0, []), "city.smolensk": (2, [])})
    out = [("own city", scenario(hands={0: ["troop.druzhina.5"]}, **base), 0, "city.pskov"),
           ("no troops", scenario(hands={0: ["bld.church"]}, **base), 0, "city.smolensk"),
           ("only Militia", scenario(hands={0: ["troop.militia"]}, **base), 0, "city.smolensk"),
           ("Anna Yaroslavna", scenario(hands={0: ["troop.polovtsy.2"]}, chronicles={2: ["chr.anna"]}, **base),
            0, "city.smolensk"),
           ("walls too strong", scenario(hands={0: ["troop.druzhina.4"]}, **base), 0, "city.kiev"),
           ("walls too strong for a squad", scenario(hands={0: ["troop.druzhina.2", "troop.druzhina.3"]},
                                                     chronicles={0: ["chr.voivode"]}, **base), 0, "city.kiev"),
           ("another's decision", scenario(hands={0: ["troop.druzhina.5"]}, current=1, **base), 0,
            "city.smolensk")]
    s = attack()
    out.append(("in a war", s, 0, "city.smolensk"))
    return out


def label(card: int) -> str:
    cid = CARD_ID[card]
    if IS_MILITIA[card]:
        return "militia"
    if cid.startswith("wall."):
        return "walls"
    if KIND[card] in ("event", "chronicle"):
        return cid
    return KIND[card]


def targets(s: GameState) -> list[tuple[str, Target]]:
    out = []
    for c in s.cities.values():
        kind = "own city" if c.owner == s.decision.seat else "another's city"
        if s.war is not None and c.card == s.war.city:
            kind = "the war's city"
        elif s.war is not None:
            kind = "a city not at war"
        out.append((f"{kind} ({CARD_ID[c.card][5:]})", Target(TargetKind.CITY, c.card)))
    out += [("oneself" if k == s.decision.seat else f"prince {k}", Target(TargetKind.SEAT, k)) for k in range(s.n)]
    out += [("a chronicle", Target(TargetKind.CHRONICLE, c)) for row in s.chronicles for c in row[:1]]
    if s.war is not None:
        out += [("a troop of the war", Target(TargetKind.TROOP, c)) for c in (s.war.attack + s.war.defence)[:1]]
    return out + [("the middle", Target(TargetKind.CENTRE)), ("a click (no target)", None)]


def wrong_drops() -> list[tuple[str, GameState, int, int, str, Target | None, Refusal]]:
    """(context, state, seat, card, target label, target, refusal) of every wrong drop."""
    out = []
    for name, make in CONTEXTS.items():
        s = make()
        seat, legal = s.decision.seat, legal_actions(s)
        for card in sorted(set(s.hands[seat])):
            cands = candidates_for(legal, card)
            for tname, t in targets(s):
                if t is None:
                    if cands:
                        continue
                elif match(cands, [t], s)[0]:
                    continue
                out.append((name, s, seat, card, tname, t, why_not_play(s, seat, card, t)))
    return out


def rows() -> list[tuple[str, str, str, str, str, str]]:
    """(context, card, target, code, Russian, English), one per kind of wrong drop."""
    seen, out = set(), []
    for name, _s, _seat, card, tname, _t, r in wrong_drops():
        key = (name, label(card), tname.split(" (")[0], r.code)
        if key in seen:
            continue
        seen.add(key)
        out.append((name, label(card), tname, r.code, refusal_text(r, NAMES["ru"], "ru"),
                    refusal_text(r, NAMES["en"], "en")))
    for what, s, seat, cid in declares():
        r = why_not_declare(s, seat, Target(TargetKind.CITY, inst(cid)))
        out.append(("declaring war", what, cid, r.code, refusal_text(r, NAMES["ru"], "ru"),
                    refusal_text(r, NAMES["en"], "en")))
    return out


if __name__ == "__main__":
    for row in rows():
        print(" | ".join(x.replace("\u00a0", " ") for x in row))
