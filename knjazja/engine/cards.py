"""The 100-card catalogue of Князья as data (see docs/RULES.md §1).

Each physical card is an *instance* numbered 0..99 in catalogue order; every
instance points at a `CardSpec`.  Instances keep saves and tests stable: the
same catalogue always yields the same numbering.  Texts live beside this file
in ``data/texts.<lang>.json`` so a corrected wording is a one-line change.
"""
from __future__ import annotations

import json
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources

from .brief import short
from .kinds import CardKind

RULESET_VERSION = "1.0"

KINDS = tuple(CardKind)


@dataclass(frozen=True, slots=True)
class CardSpec:
    id: str
    kind: CardKind
    copies: int
    glory: int = 0          # city base Glory, building Glory, chronicle Glory
    strength: int = 0       # troop Strength or wall Strength
    foreign: bool = False   # foreign troop (Polovtsians, Poles, Hungarians, Varangians)
    is_wall: bool = False   # a set of walls (replaces other walls)
    blocks: bool = False    # Stone Walls / Kremlin: nothing more may be built


def _specs() -> list[CardSpec]:
    s: list[CardSpec] = []
    for cid, glory in (("kiev", 3), ("novgorod", 3), ("chernigov", 3), ("pskov", 2),
                       ("galich", 2), ("vladimir", 2), ("suzdal", 2), ("polotsk", 1),
                       ("smolensk", 1), ("tmutarakan", 1), ("murom", 1)):
        s.append(CardSpec(f"city.{cid}", CardKind.CITY, 1, glory=glory))
    s += [
        CardSpec("bld.church", CardKind.BUILDING, 10, glory=1),
        CardSpec("bld.monastery", CardKind.BUILDING, 5, glory=2),
        CardSpec("bld.cathedral", CardKind.BUILDING, 3, glory=3),
        CardSpec("wall.palisade", CardKind.BUILDING, 2, strength=2, is_wall=True),
        CardSpec("wall.wooden", CardKind.BUILDING, 2, strength=3, is_wall=True),
        CardSpec("wall.stone", CardKind.BUILDING, 1, strength=4, is_wall=True, blocks=True),
        CardSpec("wall.kremlin", CardKind.BUILDING, 1, strength=5, is_wall=True, blocks=True),
        CardSpec("wall.moat", CardKind.BUILDING, 1, strength=1),
        CardSpec("bld.throne", CardKind.BUILDING, 2),
        CardSpec("bld.sloboda", CardKind.BUILDING, 1),
        CardSpec("bld.golden_gate", CardKind.BUILDING, 1),
    ]
    for n in range(1, 11):
        s.append(CardSpec(f"troop.druzhina.{n}", CardKind.TROOP, 1, strength=n))
    for n in range(1, 5):
        s.append(CardSpec(f"troop.polovtsy.{n}", CardKind.TROOP, 1, strength=n, foreign=True))
    s += [
        CardSpec("troop.poles", CardKind.TROOP, 1, strength=5, foreign=True),
        CardSpec("troop.hungarians", CardKind.TROOP, 1, strength=6, foreign=True),
        CardSpec("troop.varangians", CardKind.TROOP, 1, strength=7, foreign=True),
        CardSpec("troop.militia", CardKind.TROOP, 7),
    ]
    for cid, n in (("treachery", 1), ("dowry", 1), ("ambush", 2), ("condemnation", 1),
                   ("bribe", 2), ("raid_city", 1), ("plunder", 1), ("city_watch", 2),
                   ("outpost", 2), ("false_match", 2), ("fire", 1), ("polovtsian_raid", 1),
                   ("principality_raid", 1), ("tatar_invasion", 1), ("silence", 1),
                   ("judgement", 1), ("recon", 1), ("poisoner", 2)):
        s.append(CardSpec(f"ev.{cid}", CardKind.EVENT, n))
    for cid, n, glory in (("anna", 1, 0), ("bogatyrs", 1, 0), ("voivode", 1, 0),
                          ("byzantium", 1, 0), ("polovtsian_campaign", 2, 3),
                          ("vasilko", 2, -4), ("congress", 1, -4), ("igor", 1, -4),
                          ("sviatopolk", 1, -4), ("hermit", 1, 0)):
        s.append(CardSpec(f"chr.{cid}", CardKind.CHRONICLE, n, glory=glory))
    return s


SPECS: tuple[CardSpec, ...] = tuple(_specs())
SPEC_BY_ID: dict[str, CardSpec] = {sp.id: sp for sp in SPECS}

# One entry per physical card: CARDS[i] is the spec of card instance i.
CARDS: tuple[CardSpec, ...] = tuple(sp for sp in SPECS for _ in range(sp.copies))
N_CARDS = len(CARDS)
# Instance numbers of each spec, in order.
INSTANCES: dict[str, tuple[int, ...]] = {
    sp.id: tuple(i for i, c in enumerate(CARDS) if c is sp) for sp in SPECS
}

# Fast per-instance lookups used by the rules' hot loops.
CARD_ID: tuple[str, ...] = tuple(c.id for c in CARDS)
KIND: tuple[CardKind, ...] = tuple(c.kind for c in CARDS)
IS_MILITIA: tuple[bool, ...] = tuple(c.id == "troop.militia" for c in CARDS)
IS_TROOP: tuple[bool, ...] = tuple(c.kind == CardKind.TROOP for c in CARDS)
STRENGTH: tuple[int, ...] = tuple(c.strength for c in CARDS)
FOREIGN: tuple[bool, ...] = tuple(c.foreign for c in CARDS)
NATIVE_DRUZHINA: tuple[bool, ...] = tuple(c.id.startswith("troop.druzhina") for c in CARDS)


def card_label(card: object) -> str:
    """A readable, stable label for one instance, e.g. ``bld.church#3``.

    Anything that is not a card instance gets a bounded placeholder instead of an
    error: labels are built for messages about malformed actions too."""
    if type(card) is not int or not 0 <= card < N_CARDS:
        return f"<no card {short(card, 24)}>"
    spec = CARDS[card]
    if spec.copies == 1:
        return spec.id
    return f"{spec.id}#{INSTANCES[spec.id].index(card) + 1}"


@lru_cache(maxsize=None)
def texts(lang: str = "en") -> dict[str, dict[str, str]]:
    """Card names and texts for one language: ``{id: {"name": .., "text": ..}}``."""
    if lang not in ("ru", "en"):
        raise ValueError(f"unknown language {lang!r} (use 'ru' or 'en')")
    raw = resources.files("knjazja.engine").joinpath("data", f"texts.{lang}.json").read_text("utf-8")
    return json.loads(raw)


def card_name(card_or_id: int | str, lang: str = "en") -> str:
    cid = CARD_ID[card_or_id] if isinstance(card_or_id, int) else card_or_id
    return texts(lang)[cid]["name"]


def catalogue(lang: str = "en") -> list[dict]:
    """The catalogue as plain data (for `knjazja cards --json`, the gallery and docs)."""
    t = texts(lang)
    out = []
    for sp in SPECS:
        entry = {"id": sp.id, "kind": sp.kind, "copies": sp.copies,
                 "name": t[sp.id]["name"], "text": t[sp.id]["text"]}
        if sp.kind == CardKind.CITY:
            entry["glory"] = sp.glory
        if sp.kind == CardKind.TROOP:
            entry["strength"] = None if sp.id == "troop.militia" else sp.strength
            entry["foreign"] = sp.foreign
        if sp.kind == CardKind.BUILDING:
            if sp.glory:
                entry["glory"] = sp.glory
            if sp.strength:
                entry["strength"] = sp.strength
        if sp.kind == CardKind.CHRONICLE and sp.glory:
            entry["glory"] = sp.glory
        out.append(entry)
    return out


assert N_CARDS == 100, N_CARDS
