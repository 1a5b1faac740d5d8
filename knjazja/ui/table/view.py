"""The view model the table draws.

The engine applies an action at once; the table shows its consequences one event at a
time.  ``TableView`` is a light copy of the public table (and the real hands, which the
drawing shows face up only to the viewer) that is synced from the real state whenever the
animation queue is empty, and advanced event by event while it runs: a flying card leaves
its source when its flight starts (``begin``) and lands in its destination when the flight
ends (``land``).  Mistakes here are cosmetic: the next sync corrects them.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from knjazja.engine import Event, GameState
from knjazja.engine.actions import Decision
from knjazja.engine.cards import CARD_ID, CARDS
from knjazja.engine.state import City


@dataclass
class Answer:
    kind: str                 # defend, raid_troop, ambush, bribe, counter_bribe, condemn, yield
    cards: list[int]
    value: int = 0


@dataclass
class AttackEntry:
    attack: list[int]
    strength: int
    answers: list[Answer] = field(default_factory=list)
    result: str = ""          # "" while it stands, "repelled", "fell"


@dataclass
class WarView:
    attacker: int
    defender: int
    city: int
    turn_no: int
    entries: list[AttackEntry] = field(default_factory=list)
    raid_troop: int = -1
    events: list[tuple[int, int]] = field(default_factory=list)   # (seat, event card) played
    outcome: str = ""         # captured / ended / condemned once over

    @property
    def current(self) -> AttackEntry | None:
        if self.entries and not self.entries[-1].result:
            return self.entries[-1]
        return None


@dataclass
class TableCard:
    """An event card lying on the table while it resolves (or Dowry's bidding)."""
    card: int
    seat: int
    target_seat: int = -1
    target_city: int = -1
    target_card: int = -1


class TableView:
    def __init__(self, state: GameState) -> None:
        self.n = state.n
        self.version = 0
        self.war: WarView | None = None
        self.table: TableCard | None = None
        self.bids: list[tuple[int, int]] = []
        self.bids_open = False
        self.recent: tuple[int, int, str] | None = None   # (seat, card, what) last card played
        self.flying_cities: set[int] = set()
        self.sync(state)

    # -- from the real state ----------------------------------------------------------------
    def sync(self, s: GameState) -> None:
        self.hands = [list(h) for h in s.hands]
        self.deck = len(s.deck)
        self.discard = list(s.discard)
        self.cities: dict[int, City] = {k: c.copy() for k, c in s.cities.items()}
        self.chronicles = [list(c) for c in s.chronicles]
        self.under = dict(s.under)
        self.before = [list(b) for b in s.before]
        self.current = s.current
        self.decision: Decision = s.decision
        self.turn_no = s.turn_no
        self.end_turn = s.end_turn
        self.end_cause = s.end_cause
        self.over = s.over
        self.flying_cities = set()
        self._sync_war(s)
        pend = s.pending
        if pend is not None and pend.in_limbo and CARDS[pend.card].kind == "event":
            a = pend.action
            self.table = TableCard(pend.card, pend.player, getattr(a, "seat", -1),
                                   getattr(a, "city", -1), getattr(a, "target", -1))
            self.bids = [(b, t) for b, t in pend.bids]
        else:
            self.table = None
            self.bids = []
            self.bids_open = False
        self.touch()

    def _sync_war(self, s: GameState) -> None:
        w = s.war
        if w is None:
            self.war = None
            return
        old = self.war
        same = (old is not None and old.attacker == w.attacker and old.city == w.city
                and old.turn_no == s.turn_no)
        wv = WarView(w.attacker, w.defender, w.city, s.turn_no)
        wv.events = list(old.events) if same else []
        for i, h in enumerate(w.history):
            e = AttackEntry(list(h["attack"]), h["strength"],
                            [Answer(a["kind"], list(a["cards"]), a.get("value", 0)) for a in h["answers"]])
            last = i == len(w.history) - 1
            e.result = "" if (last and w.attack) else "repelled"
            wv.entries.append(e)
        wv.raid_troop = w.raid_troop
        self.war = wv

    def touch(self) -> None:
        self.version += 1

    # -- queries the drawing needs (duck-typed like GameState for engine scoring) --------------
    def cities_of(self, seat: int) -> list[City]:
        return [c for c in self.cities.values() if c.owner == seat]

    def holds_chronicle(self, seat: int, cid: str) -> bool:
        return any(CARD_ID[c] == cid for c in self.chronicles[seat])

    # -- zones ------------------------------------------------------------------------------
    def take(self, zone: str, card: int) -> None:
        """Remove ``card`` from ``zone`` (a flight leaves it)."""
        kind, _, arg = zone.partition(":")
        try:
            if kind == "deck":
                self.deck = max(0, self.deck - 1)
            elif kind == "discard":
                if card in self.discard:
                    self.discard.remove(card)
            elif kind == "hand":
                hand = self.hands[int(arg)]
                if card in hand:
                    hand.remove(card)
                elif hand:
                    hand.pop()
            elif kind == "city":
                c = self.cities.get(int(arg))
                if c is not None:
                    if c.walls == card:
                        c.walls = -1
                    elif c.moat == card:
                        c.moat = -1
                    elif card in c.buildings:
                        c.buildings.remove(card)
            elif kind == "chronicles":
                lst = self.chronicles[int(arg)]
                if card in lst:
                    lst.remove(card)
            elif kind == "under":
                self.under.pop(int(arg), None)
            elif kind == "before":
                lst = self.before[int(arg)]
                if card in lst:
                    lst.remove(card)
            elif kind == "table":
                if self.table is not None and self.table.card == card:
                    self.table = None
                    self.bids = []
                    self.bids_open = False
            elif kind == "war":
                w = self.war
                if w is not None and w.raid_troop == card:
                    w.raid_troop = -1
            elif kind == "bid":
                self.bids = [(b, t) for b, t in self.bids if t != card]
        except (ValueError, IndexError):
            pass
        self.touch()

    def put(self, zone: str, card: int, e: Event | None = None) -> None:
        """Add ``card`` to ``zone`` (a flight lands)."""
        kind, _, arg = zone.partition(":")
        try:
            if kind == "deck":
                self.deck += 1
            elif kind == "discard":
                self.discard.append(card)
            elif kind == "hand":
                self.hands[int(arg)].append(card)
            elif kind == "cities":
                self.cities[card] = City(card, int(arg))
            elif kind == "city":
                c = self.cities.get(int(arg))
                if c is not None:
                    spec = CARDS[card]
                    if spec.is_wall:
                        c.walls = card
                    elif spec.id == "wall.moat":
                        c.moat = card
                    else:
                        c.buildings.append(card)
            elif kind == "chronicles":
                self.chronicles[int(arg)].append(card)
            elif kind == "under":
                self.under[int(arg)] = card
            elif kind == "before":
                self.before[int(arg)].append(card)
            elif kind == "bid" and e is not None:
                self.bids.append((e.seat, card))
        except (ValueError, IndexError):
            pass
        self.touch()

    # -- event-level changes ----------------------------------------------------------------
    def begin(self, e: Event) -> None:
        """An event's animation starts: cards leave their places."""
        k = e.kind
        if k == "move" and e.src:
            self.take(e.src, e.card)
        elif k in ("attack", "defend") and e.src.startswith("hand:"):
            for c in e.cards:
                self.take(e.src, c)
        elif k == "defend" and e.src == "war" and self.war is not None:
            self.war.raid_troop = -1
        elif k in ("raid_lay", "play_event", "bid") and e.src:
            self.take(e.src, e.card)
        elif k == "bribed" and self.war is not None:
            self._drop_from_war(e.card)
        elif k == "city_owner":
            self.flying_cities.add(e.city)
        elif k == "war_start":
            self.war = WarView(e.seat, e.other, e.city, self.turn_no)
        self.touch()

    def land(self, e: Event) -> None:
        """An event's animation ends: cards arrive, numbers change."""
        k = e.kind
        w = self.war
        if k == "move":
            if e.dst:
                self.put(e.dst, e.card, e)
            if e.src.startswith("hand:") and e.dst.startswith(("city:", "cities:", "chronicles:")):
                self.recent = (e.seat, e.card, e.dst)
            if (w is not None and e.dst == "discard" and e.src == f"hand:{w.defender}"
                    and CARD_ID[e.card] in ("ev.ambush", "ev.condemnation", "ev.bribe")
                    and w.entries):
                kind = {"ev.ambush": "ambush", "ev.condemnation": "condemn", "ev.bribe": "bribe"}[CARD_ID[e.card]]
                w.entries[-1].answers.append(Answer(kind, [e.card]))
            elif (w is not None and e.dst == "discard" and e.src == f"hand:{w.attacker}"
                  and CARD_ID[e.card] == "ev.bribe" and w.entries):
                w.entries[-1].answers.append(Answer("counter_bribe", [e.card]))
        elif k == "attack" and w is not None:
            w.entries.append(AttackEntry(list(e.cards), e.value))
        elif k == "defend" and w is not None and w.entries:
            kind = "raid_troop" if e.src == "war" else "defend"
            w.entries[-1].answers.append(Answer(kind, list(e.cards), e.value))
        elif k == "raid_lay" and w is not None:
            w.raid_troop = e.card
        elif k == "play_event":
            target = e.cards[0] if e.cards else -1
            self.table = TableCard(e.card, e.seat, e.other, e.city, target)
            self.recent = (e.seat, e.card, "table")
            if w is not None:
                w.events.append((e.seat, e.card))
        elif k == "bribed":
            self.put(e.dst or f"hand:{e.seat}", e.card)
        elif k == "repelled" and w is not None and w.entries:
            w.entries[-1].result = "repelled"
        elif k == "city_falls" and w is not None:
            if w.entries:
                w.entries[-1].result = "fell"
                w.entries[-1].answers.append(Answer("yield", []))
        elif k == "city_owner":
            self.flying_cities.discard(e.city)
            c = self.cities.get(e.city)
            if c is not None:
                c.owner = e.other
                # a city that changes hands joins the end of its new owner's row
                self.cities[e.city] = self.cities.pop(e.city)
        elif k == "war_end" and w is not None:
            w.outcome = e.src or "ended"
        elif k == "turn":
            self.current = e.seat
            self.turn_no = e.value
        elif k == "bids_revealed":
            self.bids_open = True
        elif k == "end_set":
            self.end_turn = e.value
        elif k == "end_cancelled":
            self.end_turn = None
        elif k == "game_over":
            self.over = True
        self.touch()

    def end_war(self) -> None:
        self.war = None
        self.touch()

    def _drop_from_war(self, card: int) -> None:
        """A troop on the table was bribed: note it on the Bribe answer (as the engine does)."""
        w = self.war
        if w is None:
            return
        if w.raid_troop == card:
            w.raid_troop = -1
            return
        if not w.entries:
            return
        answers = w.entries[-1].answers
        for ans in reversed(answers):
            if ans.kind in ("bribe", "counter_bribe") and len(ans.cards) == 1:
                ans.cards.append(card)
                return
        answers.append(Answer("bribe", [-1, card]))
