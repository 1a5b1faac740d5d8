"""The game state: every card's place, whose decision it is, and the game's own RNG."""
from __future__ import annotations

import random
from dataclasses import dataclass, field

from . import zones as Z
from .actions import TURN, Action, Decision
from .cards import BASE_TIMES, CARD_ID, CARDS, CITY_TIMES, GLORY, GLORY_ROLE, INSTANCES, N_CARDS, STRENGTH
from .records import WarRecord
from .zones import Zone

MIN_PLAYERS, MAX_PLAYERS = 2, 8
INSTANCE_SETS = {cid: frozenset(cards) for cid, cards in INSTANCES.items()}   # by card id
assert len(Z.HANDS) == MAX_PLAYERS           # the zones made once, one hand per seat
HAND_SIZE = 4


@dataclass(frozen=True)
class GameOptions:
    """The house rules of docs/RULES.md §7 (both off by default)."""
    strict_defence: bool = False          # defence must be strictly greater than the attack
    invasion_first_round: bool = False    # Tatar Invasion allowed in the first round

    def to_json(self) -> dict:
        return {"strict_defence": self.strict_defence,
                "invasion_first_round": self.invasion_first_round}

    @staticmethod
    def from_json(data: object) -> "GameOptions":
        if not isinstance(data, dict) or set(data) - {"strict_defence", "invasion_first_round"}:
            raise ValueError(f"malformed options {data!r}")
        if not all(isinstance(v, bool) for v in data.values()):
            raise ValueError("options must be true/false")
        return GameOptions(**data)


class City:
    """A city in play with what stands in it."""
    __slots__ = ("card", "owner", "buildings", "walls", "moat")

    def __init__(self, card: int, owner: int) -> None:
        self.card = card
        self.owner = owner
        self.buildings: list[int] = []   # Church/Monastery/Cathedral/Throne/Quarter/Golden Gate
        self.walls = -1                  # the walls card, or -1
        self.moat = -1                   # the Moat card, or -1

    def copy(self) -> "City":
        c = City(self.card, self.owner)
        c.buildings = self.buildings[:]
        c.walls, c.moat = self.walls, self.moat
        return c

    def put(self, card: int) -> int:
        """Place building ``card`` in its slot (walls, Moat, or the buildings); returns the
        walls it replaced, or -1.  (A second Throne's removal elsewhere is the caller's.)"""
        spec = CARDS[card]
        old = -1
        if spec.is_wall:
            old, self.walls = self.walls, card
        elif spec.id == "wall.moat":
            self.moat = card
        else:
            self.buildings.append(card)
        return old

    def remove(self, card: int) -> None:
        """Take building ``card`` out of this city (if it is here)."""
        if self.walls == card:
            self.walls = -1
        elif self.moat == card:
            self.moat = -1
        elif card in self.buildings:
            self.buildings.remove(card)

    def all_buildings(self) -> list[int]:
        out = self.buildings[:]
        if self.walls >= 0:
            out.append(self.walls)
        if self.moat >= 0:
            out.append(self.moat)
        return out

    def razed(self, walls_only: bool = False) -> list[int]:
        """What Fire or Plunder sends to the discard pile — everything built here — or
        False Matchmaking (``walls_only``): the walls and the Moat; in that order."""
        out = [c for c in (self.walls, self.moat) if c >= 0]
        return out if walls_only else out + self.buildings

    def throne(self) -> int:
        """The Prince's Throne standing here (the building that multiplies the whole
        city, `CardSpec.city_times`), or -1."""
        return next((b for b in self.buildings if CITY_TIMES[b] > 1), -1)

    @property
    def blocked(self) -> bool:
        """Stone Walls or the Kremlin: nothing more may be built here."""
        return self.walls >= 0 and CARDS[self.walls].blocks

    @property
    def wall_strength(self) -> int:
        if self.walls < 0:
            return 0
        return CARDS[self.walls].strength + (1 if self.moat >= 0 else 0)

    def glory_parts(self) -> tuple[int, int, int, int, int]:
        """The parts of this city's Glory, docs/RULES.md §3: (base, Q, B, G, T) — the printed
        Glory, the Quarter's factor (2, else 1), the Churches', Monasteries' and Cathedrals'
        Glory, the wall Strength the Golden Gate adds (else 0) and the Throne's factor (3,
        else 1), each read from the catalogue's fields (`CardSpec.base_times`, ...).  The one
        place that reckons a city's Glory: `glory`, the scoring breakdown and the bots use it."""
        quarter = throne = 1
        extra = 0
        gate = False
        for b in self.buildings:
            role = GLORY_ROLE[b]
            if role == 0:
                extra += GLORY[b]
            elif role == 1:
                quarter = BASE_TIMES[b]
            elif role == 2:
                throne = CITY_TIMES[b]
            else:
                gate = True
        w = self.walls
        return (GLORY[self.card], quarter, extra,
                (STRENGTH[w] + (1 if self.moat >= 0 else 0) if w >= 0 else 0) if gate else 0, throne)

    def glory(self) -> int:
        """(base × Q + B + G) × T — docs/RULES.md §3 (the parts: `glory_parts`)."""
        return glory_of(*self.glory_parts())


def glory_of(base: int, quarter: int, extra: int, gate: int, throne: int) -> int:
    """A city's Glory from its parts (`City.glory_parts`): (base × Q + B + G) × T, docs/RULES.md
    §3 — the formula, written once (a bot's what-if city uses it too)."""
    return (base * quarter + extra + gate) * throne


class War:
    """A war in progress: the attacker's whole turn."""
    __slots__ = ("attacker", "defender", "city", "attack", "defence", "raid_troop",
                 "raid_played", "attacks_made", "record")

    def __init__(self, attacker: int, defender: int, city: int) -> None:
        self.attacker = attacker
        self.defender = defender
        self.city = city
        self.attack: list[int] = []      # the current attack's troops on the table
        self.defence: list[int] = []     # troops answering it
        self.raid_troop = -1             # troop laid face up by Raid on the City
        self.raid_played = False
        self.attacks_made = 0
        # every attack and answer so far (public; kept by `rules.apply` from the events)
        self.record: WarRecord | None = None

    def copy(self) -> "War":
        w = War(self.attacker, self.defender, self.city)
        w.attack, w.defence = self.attack[:], self.defence[:]
        w.raid_troop, w.raid_played, w.attacks_made = self.raid_troop, self.raid_played, self.attacks_made
        w.record = self.record            # frozen: shared
        return w


@dataclass
class Pending:
    """A card whose effect waits on a reaction, a bidding round or a choice."""
    player: int
    card: int
    action: Action             # the Action that played it
    target_seat: int = -1      # who may react / who chooses
    reaction: str = ""         # the reaction card id that may cancel it
    bids: list = field(default_factory=list)       # Dowry: [(seat, troop)] in bid order
    bidders: list = field(default_factory=list)    # Dowry: seats still to bid, in order
    in_limbo: bool = True      # the card itself waits here (False: it already lies in play)

    def copy(self) -> "Pending":
        return Pending(self.player, self.card, self.action, self.target_seat, self.reaction,
                       self.bids[:], self.bidders[:], self.in_limbo)


class GameState:
    """Everything about one game. Create with `knjazja.engine.new_game`."""
    # slots: the bots' look-aheads read and copy states all the time, and a slot is the
    # quickest attribute to read
    __slots__ = ("n", "seed", "options", "first_player", "_rng", "_rng_state", "hands", "deck",
                 "discard", "cities", "chronicles", "under", "before", "current", "turn_no",
                 "end_turn", "end_cause", "invasion_active", "over", "owned_ever", "seen", "kept",
                 "gone", "notes", "noting", "war", "pending", "decision", "history", "_legal")

    def __init__(self, n_players: int, seed: int, options: GameOptions, first_player: int) -> None:
        self.n = n_players
        self.seed = seed
        self.options = options
        self.first_player = first_player
        self._rng: random.Random | None = None       # see `rng`
        self._rng_state: tuple | None = None
        self.rng = random.Random(seed)
        self.hands: list[list[int]] = [[] for _ in range(n_players)]
        self.deck: list[int] = []                    # top of the deck is the end of the list
        self.discard: list[int] = []
        self.cities: dict[int, City] = {}            # city card -> City, in order of play
        self.chronicles: list[list[int]] = [[] for _ in range(n_players)]
        self.under: dict[int, int] = {}              # Byzantine Aid card -> its troop
        self.before: list[list[int]] = [[] for _ in range(n_players)]  # Invasion/Silence laid
        self.current = first_player                  # whose turn it is
        self.turn_no = 0                             # index of the current turn
        self.end_turn: int | None = None             # the game ends after this turn
        self.end_cause = ""                          # "deck" | "invasion" | "silence"
        self.invasion_active = False
        self.over = False
        self.owned_ever: list[set[int]] = [set() for _ in range(n_players)]
        self.seen: list[set[int]] = [set() for _ in range(n_players)]  # others' hand cards known
        # Public: how many cards of each hand its owner already held at one of his turns
        # and kept (draws and plays are seen), for bots that read hands from play.
        self.kept: list[int] = [0] * n_players
        # Public too: every card that left each hand, counted (`ops.take_from_hand`), and
        # every decision as the table saw it (`notes.Note`), while `noting` (a real game;
        # a world dealt for a look-ahead carries its observation's notes and adds none).
        self.gone: list[int] = [0] * n_players
        self.notes: tuple | None = ()               # None: not known (a world dealt from such a view)
        self.noting = True
        self.war: War | None = None
        self.pending: Pending | None = None
        self.decision = Decision(first_player, TURN)
        self.history: list = []                      # applied actions, for saves and replays
        self._legal: list | None = None               # cache of legal actions

    # --- the game's own generator ----------------------------------------------------
    @property
    def rng(self) -> random.Random:
        """The game's own generator.  Take it here at each use (``s.rng.sample(...)``) and
        keep no reference across a `clone`: a clone copies it as it was when last taken."""
        r = self._rng
        if r is None:                           # a clone that has not drawn yet
            assert self._rng_state is not None
            r = self._rng = random.Random.__new__(random.Random)   # no seeding from the OS
            r.setstate(self._rng_state)
        self._rng_state = None                  # it may draw now: the copy for clones is stale
        return r

    @rng.setter
    def rng(self, generator: random.Random) -> None:
        self._rng, self._rng_state = generator, None

    def _rng_copy(self) -> tuple:
        """The generator's state for a clone, taken once and shared by every clone made until
        it draws again (copying it is most of a clone's cost, and few clones ever draw)."""
        state = self._rng_state
        if state is None:
            assert self._rng is not None
            state = self._rng_state = self._rng.getstate()
        return state

    # --- copying ----------------------------------------------------------------
    def clone(self) -> "GameState":
        g = GameState.__new__(GameState)
        g.n, g.seed, g.options, g.first_player = self.n, self.seed, self.options, self.first_player
        g._rng, g._rng_state = None, self._rng_copy()      # made when the clone first draws
        g.hands = [h[:] for h in self.hands]
        g.deck = self.deck[:]
        g.discard = self.discard[:]
        g.cities = {k: c.copy() for k, c in self.cities.items()}
        g.chronicles = [c[:] for c in self.chronicles]
        g.under = dict(self.under)
        g.before = [b[:] for b in self.before]
        g.current, g.turn_no, g.end_turn = self.current, self.turn_no, self.end_turn
        g.end_cause, g.invasion_active, g.over = self.end_cause, self.invasion_active, self.over
        g.owned_ever = [set(s) for s in self.owned_ever]
        g.seen = [set(s) for s in self.seen]
        g.kept = self.kept[:]
        g.gone = self.gone[:]
        g.notes, g.noting = self.notes, self.noting
        g.war = self.war.copy() if self.war else None
        g.pending = self.pending.copy() if self.pending else None
        g.decision = self.decision
        g.history = self.history[:]
        g._legal = self._legal
        return g

    def edited(self) -> None:
        """Say that the state was changed by hand, not by ``apply`` (a prepared position, a
        test moving cards or setting the end): the legal actions kept since the last action
        are forgotten and worked out afresh when next asked.  Changes nothing in the game."""
        self._legal = None

    def clamp_kept(self) -> None:
        """After any action: which card left a hand out of turn is not known to be kept or
        new, so a count only shrinks as far as its hand does (in place: this runs in every
        bot's look-ahead)."""
        for t, h in enumerate(self.hands):
            if self.kept[t] > len(h):
                self.kept[t] = len(h)

    # --- queries ------------------------------------------------------------------
    # the three facts of the hidden places a seat's `Observation` keeps too, by the same names
    # (`public.PublicView`: what every seat sees, of a state or of an observation)
    @property
    def hand_sizes(self) -> list[int]:
        return [len(h) for h in self.hands]

    @property
    def deck_size(self) -> int:
        return len(self.deck)

    @property
    def history_len(self) -> int:
        return len(self.history)

    def current_war(self) -> War:
        """The war in progress (for the rules that run only during one)."""
        assert self.war is not None, "no war in progress"
        return self.war

    def current_pending(self) -> Pending:
        """The card waiting on a reaction, a bidding round or a choice."""
        assert self.pending is not None, "no card is pending"
        return self.pending

    def cities_of(self, seat: int) -> list[City]:
        return [c for c in self.cities.values() if c.owner == seat]

    def holds_chronicle(self, seat: int, cid: str) -> bool:
        return not INSTANCE_SETS[cid].isdisjoint(self.chronicles[seat])

    def first_in_hand(self, seat: int, cid: str) -> int:
        """The lowest instance of card `cid` in `seat`'s hand, or -1 (the lowest, as in
        `targets.distinct`, so legal actions never depend on the order of the hand)."""
        return min((c for c in self.hands[seat] if CARD_ID[c] == cid), default=-1)

    @property
    def first_round(self) -> bool:
        return self.turn_no < self.n

    def locations(self) -> dict[int, list[Zone]]:
        """Where every card is (for invariant checks): card -> list of places."""
        where: dict[int, list[Zone]] = {i: [] for i in range(N_CARDS)}
        for s, h in enumerate(self.hands):
            for c in h:
                where[c].append(Z.hand(s))
        for c in self.deck:
            where[c].append(Z.DECK)
        for c in self.discard:
            where[c].append(Z.DISCARD)
        for k, city in self.cities.items():
            where[k].append(Z.cities(city.owner))
            for b in city.all_buildings():
                where[b].append(Z.city(k))
        for s, ch in enumerate(self.chronicles):
            for c in ch:
                where[c].append(Z.chronicles(s))
        for c, t in self.under.items():
            where[t].append(Z.under(c))
        for s, laid in enumerate(self.before):
            for c in laid:
                where[c].append(Z.before(s))
        if self.war:
            for c in self.war.attack + self.war.defence:
                where[c].append(Z.WAR)
            if self.war.raid_troop >= 0:
                where[self.war.raid_troop].append(Z.WAR)
        if self.pending:
            if self.pending.in_limbo:
                where[self.pending.card].append(Z.TABLE)
            for seat, t in self.pending.bids:
                where[t].append(Z.bid(seat))
        return where


def instances(cid: str) -> tuple[int, ...]:
    return INSTANCES[cid]
