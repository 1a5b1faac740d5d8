"""Creating a game."""
from __future__ import annotations

from . import zones as Z
from .actions import TURN, Decision, Event
from .cards import N_CARDS
from .kinds import EventKind
from .state import HAND_SIZE, MAX_PLAYERS, MIN_PLAYERS, GameOptions, GameState


def new_game(n_players: int, seed: int, options: GameOptions | None = None,
             first_player: int | None = None) -> GameState:
    """Shuffle with the game's own generator and deal 4 cards each.

    `first_player` None draws the starter from the same generator (deterministic per seed)."""
    if not isinstance(n_players, int) or not MIN_PLAYERS <= n_players <= MAX_PLAYERS:
        raise ValueError(f"players must be {MIN_PLAYERS}..{MAX_PLAYERS}, not {n_players!r}")
    if not isinstance(seed, int):
        raise ValueError(f"seed must be an integer, not {seed!r}")
    options = options or GameOptions()
    s = GameState(n_players, seed, options, 0)
    drawn = s.rng.randrange(n_players)    # always drawn, so a chosen starter deals the same deck
    if first_player is None:
        first_player = drawn
    if not isinstance(first_player, int) or not 0 <= first_player < n_players:
        raise ValueError(f"first player must be a seat 0..{n_players - 1}, not {first_player!r}")
    s.first_player = s.current = first_player
    s.decision = Decision(first_player, TURN)
    deck = list(range(N_CARDS))
    s.rng.shuffle(deck)
    s.deck = deck
    for _ in range(HAND_SIZE):
        for i in range(n_players):
            s.hands[(first_player + i) % n_players].append(s.deck.pop())
    return s


def start_events(s: GameState) -> list[Event]:
    """The deal as events (for a UI that animates it)."""
    return [Event(EventKind.MOVE, seat=i, card=c, src=Z.DECK, dst=Z.hand(i), private=(i,))
            for i in range(s.n) for c in s.hands[i]]
