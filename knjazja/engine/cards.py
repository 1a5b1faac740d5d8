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
from .kinds import CardKind, TargetKind

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
    # --- what a building does to its city's Glory (docs/RULES.md §3; `City.glory_parts`)
    base_times: int = 1     # × the city's printed Glory (the Craftsmen's Quarter: 2)
    city_times: int = 1     # × the city's whole Glory (the Prince's Throne: 3)
    adds_walls: bool = False    # + the city's wall Strength (the Golden Gate)
    # --- what a chronicle scores (docs/RULES.md §5.3, §6; `scoring.chronicle_glory`)
    scores_troop: bool = False  # the Strength of the troop beneath it, not `glory` (Byzantine Aid)
    # --- what an event or chronicle is pointed at in its player's turn (docs/RULES.md §2, §5)
    aim: TargetKind | None = None   # a city, a prince (SEAT) or a chronicle; None: laid before
                                    # any prince (a chronicle), or no target of its own
    others_only: bool = False   # never at oneself or at one's own city
    harms: bool = False         # a sure loss to the prince it is aimed at (or the city's owner)
    war_only: bool = False      # played only in a war (docs/RULES.md §4)
    stops: tuple[str, ...] = ()     # a reaction: the cards it cancels (docs/RULES.md §5.1)
    only_when: str = ""         # playable only sometimes: "invasion" (never in the first round,
                                # nor once an end is set), "silence" (only once an end is set)

    @property
    def reaction(self) -> bool:
        """City Watch and Bogatyr Outpost: played only when a card it stops is aimed at one."""
        return bool(self.stops)

    @property
    def costs_glory(self) -> bool:
        """A chronicle that scores less than nothing for its holder (−4)."""
        return self.kind == CardKind.CHRONICLE and self.glory < 0


_CITY, _SEAT, _CHRONICLE = TargetKind.CITY, TargetKind.SEAT, TargetKind.CHRONICLE
# The events and chronicles' targets and timing (docs/RULES.md §5.2, §5.3; RULINGS T4–T7):
# the rules (`rules.EVENT_TARGETS`, `rules.REACTABLE`), the refusals and the bots read them here.
_PLAY: dict[str, dict] = {
    "ev.treachery": dict(aim=_CITY, others_only=True, harms=True),
    "ev.dowry": dict(aim=_CITY, others_only=True),         # the owner bids too: no sure loss
    "ev.ambush": dict(war_only=True),
    "ev.condemnation": dict(war_only=True),
    "ev.bribe": dict(war_only=True),
    "ev.raid_city": dict(war_only=True),
    "ev.plunder": dict(war_only=True),
    "ev.city_watch": dict(stops=("ev.treachery", "ev.false_match", "ev.fire")),
    "ev.outpost": dict(stops=("ev.polovtsian_raid", "ev.principality_raid", "ev.raid_city")),
    "ev.false_match": dict(aim=_CITY, harms=True),
    "ev.fire": dict(aim=_CITY, harms=True),
    "ev.polovtsian_raid": dict(aim=_SEAT, others_only=True, harms=True),
    "ev.principality_raid": dict(aim=_SEAT, others_only=True, harms=True),
    "ev.tatar_invasion": dict(only_when="invasion"),
    "ev.silence": dict(only_when="silence"),
    "ev.judgement": dict(aim=_CITY, others_only=True, harms=True),
    "ev.recon": dict(aim=_SEAT, others_only=True),
    "ev.poisoner": dict(aim=_CHRONICLE),
    "chr.byzantium": dict(scores_troop=True),
    "chr.vasilko": dict(harms=True),
    "chr.igor": dict(harms=True),
    "chr.congress": dict(aim=_SEAT, others_only=True, harms=True),
    "chr.sviatopolk": dict(aim=_CITY, others_only=True, harms=True),
}


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
        CardSpec("bld.throne", CardKind.BUILDING, 2, city_times=3),
        CardSpec("bld.sloboda", CardKind.BUILDING, 1, base_times=2),
        CardSpec("bld.golden_gate", CardKind.BUILDING, 1, adds_walls=True),
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
        s.append(CardSpec(f"ev.{cid}", CardKind.EVENT, n, **_PLAY.get(f"ev.{cid}", {})))
    for cid, n, glory in (("anna", 1, 0), ("bogatyrs", 1, 0), ("voivode", 1, 0),
                          ("byzantium", 1, 0), ("polovtsian_campaign", 2, 3),
                          ("vasilko", 2, -4), ("congress", 1, -4), ("igor", 1, -4),
                          ("sviatopolk", 1, -4), ("hermit", 1, 0)):
        s.append(CardSpec(f"chr.{cid}", CardKind.CHRONICLE, n, glory=glory, **_PLAY.get(f"chr.{cid}", {})))
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
GLORY: tuple[int, ...] = tuple(c.glory for c in CARDS)
# A building's part in its city's Glory (`City.glory_parts`, its hot loop): 0 adds its Glory,
# 1 multiplies the base (`base_times`), 2 the whole (`city_times`), 3 adds the walls.
GLORY_ROLE: tuple[int, ...] = tuple(1 if c.base_times != 1 else 2 if c.city_times != 1 else
                                    3 if c.adds_walls else 0 for c in CARDS)
BASE_TIMES: tuple[int, ...] = tuple(c.base_times for c in CARDS)
CITY_TIMES: tuple[int, ...] = tuple(c.city_times for c in CARDS)
SCORES_TROOP: tuple[bool, ...] = tuple(c.scores_troop for c in CARDS)


def card_ids(kind: CardKind | None = None, **facts: object) -> frozenset[str]:
    """The ids of the cards (of ``kind``, if given) whose catalogue fields equal ``facts``,
    e.g. ``card_ids(CardKind.EVENT, aim=TargetKind.SEAT)``: the sets the rules, the refusals
    and the bots read, each from the one fact it means."""
    return frozenset(sp.id for sp in SPECS if (kind is None or sp.kind == kind)
                     and all(getattr(sp, k) == v for k, v in facts.items()))


# Chronicles that help their holder (laid before another prince, they help him) and those
# that cost their holder Glory (docs/RULES.md §5.3).
HELPING_CHRONICLES = frozenset(sp.id for sp in SPECS if sp.kind == CardKind.CHRONICLE and sp.glory >= 0)
COSTLY_CHRONICLES = frozenset(sp.id for sp in SPECS if sp.costs_glory)


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
