"""The post-game review, without pygame: replay a finished game and judge the humans' moves.

    states = replay(session.state)                 # states[i]: the position of move i
    points = decision_points(states, session.seats)
    analysis = Analysis(states, points)            # Hard's ranking, one point at a time
    ...                                            # each frame:
    for r in analysis.poll(): ...                  # PointResult as they come
    analysis.cancel()                              # leaving the review

`replay` rebuilds the game from its seed and ``state.history``: ``states[0]`` is the deal,
``states[k]`` the position after ``k`` actions, so ``states[i]`` is the position in which
``history[i]`` was chosen and ``states[-1]`` the final one.  A network seat's review has no
states: its positions are the seat's own observations at its decisions (``net.remote.Review``),
with the legal actions it had and its moves given beside them (``Analysis(..., actions=,
legal=, seed=)``); everything here reads a position through the mover's view only.

`Analysis` ranks every legal action of each decision point with the Hint advisor (the Hard
level's judgement, ``bots.hints.rank_actions``, a fixed number of worlds) on that seat's own
observation, in the background (a `Thinker` in process mode), and records the best action,
its win chance, the chosen action's win chance and the loss between them. Each point's
generator is seeded from the game's seed and the point's index, so the same game always
gets the same review, in any order of analysis.

Only real mistakes are marked: a move that surely gained at once what the best move would
have gained (``explain.gained_as_much``) is as good as the best, whatever the estimates; and
a loss of ``GOOD_POINTS`` or more is confirmed by a second look at the two moves alone
(both played on for a round in the same worlds, so their difference is far less noisy)
before it stands.

For a game a human lost, the review also finds what lost it: once every point is ranked,
the ``CANDIDATES`` biggest one-ply losses of the seats that lost are played out to the end
(``bots.endcost``: deals of the seat's own view, the chosen and the best move on the same
random numbers, every seat played by the fast policy), and ``costliest`` gives the moves
that cost most Glory at the END of the game, whether or not any passes the mistake
threshold.  A player who lost while choosing Hard's best move nearly every time still
learns what lost the game: when the moves that lost anything one ply on are fewer than
``COSTLIEST`` (or cost nothing at the end), the closest calls among his best-rated moves
are played out against the runner-up of the ranking, and a runner-up that ends the game
better by ``END_MARGIN`` or more is the better move of that point (``better``), its cost
ranked with the others'.  Close calls are played out while fewer than ``COSTLIEST`` moves
cost ``END_MARGIN`` or more; a cost below it is within the playouts' noise, so such a move is
neither shown as costly nor said to have a better move (the review's own scale, as for the
one-ply loss: ``GOOD_POINTS``).  A runner-up that plays a card for nothing (``bots.idle``)
is never played out: it is the same move as the chosen one with a card thrown away.
"""
from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import NamedTuple

from knjazja.app.advice.explain import gained_as_much
from knjazja.app.advice.facts import Position
from knjazja.bots.advisor import HintAdvisor, as_ranking
from knjazja.bots.endcost import PLAYOUTS, EndCost
from knjazja.bots.idle import idle_play
from knjazja.bots.thinker import Thinker
from knjazja.engine import Action, GameState, apply, legal_actions, new_game, seen_from, winners

WORLDS = 8            # dealt worlds per decision point, as Hard's own (deterministic: no time cap)
GOOD_POINTS = 5.0         # a loss below this (in win-chance points) is as good as the best
MISTAKE_POINTS = 10.0     # from this loss on a move is a clear mistake
CANDIDATES = 8            # the biggest one-ply losses of a lost game played out to the end, a batch
MAX_PLAYED = 24           # ... more batches while fewer than COSTLIEST moves cost anything, up to this
COSTLIEST = 3             # the costliest moves a lost game shows
END_MARGIN = 0.5          # Glory of final margin from which a move cost something at the end


def replay(state: GameState) -> list[GameState]:
    """Every position of the game: the deal, then one snapshot after each action."""
    s = new_game(state.n, state.seed, state.options, state.first_player)
    states = [s.clone()]
    for action in state.history:
        apply(s, action)
        states.append(s.clone())
    return states


class Review(NamedTuple):
    """A game to review: the position of each move (a replayed state; at a network table, the
    observation its seat decided on), the legal actions there, the moves, the end, and the seed
    of the analysis's generators (the same game, the same review)."""
    positions: Sequence[Position]
    legal: list[list[Action]]
    actions: list[Action]
    final: Position
    seed: int


def replayed(state: GameState) -> Review:
    """A local game's review: every position replayed from its seed and actions."""
    states = replay(state)
    return Review(states[:-1], [legal_actions(s) for s in states[:-1]], list(state.history), states[-1], state.seed)


def _is_human(seat) -> bool:
    return bool(getattr(seat, "is_human", seat))


def legal_in(s: Position, given: Sequence[list[Action]] | None, i: int) -> list[Action]:
    """The legal actions of position ``i``: as ``given`` (an observation cannot work them out),
    else the state's own."""
    if given is not None:
        return given[i]
    assert isinstance(s, GameState), "an observation's legal actions are given beside it"
    return legal_actions(s)


def decision_points(states: Sequence[Position], seats, legal: Sequence[list[Action]] | None = None) -> list[int]:
    """Indices ``i`` of the moves a human seat chose among more than one legal action."""
    out = []
    for i, s in enumerate(states[:-1]):
        seat = s.decision.seat
        if 0 <= seat < len(seats) and _is_human(seats[seat]) and len(legal_in(s, legal, i)) > 1:
            out.append(i)
    return out


def losers(states: Sequence[Position], seats) -> set[int]:
    """The human seats that did not win the finished game."""
    final = states[-1]
    if not final.over:
        return set()
    won = set(winners(final))
    return {i for i in range(min(len(seats), final.n)) if _is_human(seats[i]) and i not in won}


def point_seed(game_seed: int, index: int) -> int:
    """The seed of the analysis generator of move ``index`` (the same game, the same review)."""
    return (game_seed * 1_000_003 + index * 7919) & 0xFFFFFFFF


def grade(loss_points: float) -> str:
    """"good" | "inaccuracy" | "mistake" for a loss in win-chance points."""
    if loss_points < GOOD_POINTS:
        return "good"
    return "inaccuracy" if loss_points < MISTAKE_POINTS else "mistake"


@dataclass
class PointResult:
    index: int                      # the move's index in the game's history
    seat: int
    chosen: Action
    chosen_value: float             # the chosen action's win chance, 0..1
    best: Action
    best_value: float
    ranking: list[tuple[Action, float]] = field(default_factory=list)
    confirmed: bool = False         # the loss was measured again, best against chosen alone

    @property
    def loss(self) -> float:
        """best − chosen, in win chance 0..1 (never below 0)."""
        return max(0.0, self.best_value - self.chosen_value)

    @property
    def loss_points(self) -> float:
        return 100.0 * self.loss


def result_from_ranking(index: int, seat: int, chosen: Action, ranking: list[tuple[Action, float]],
                        state: Position | None = None) -> PointResult:
    """The verdict on one move from Hard's ranking; with the position ``state``, a move that
    surely gained at once what the best one would have counts as the best."""
    ranking = list(ranking)
    best, best_value = ranking[0]
    values = dict(ranking)
    chosen_value = values.get(chosen, min(values.values()))
    if chosen_value >= best_value or (state is not None and best != chosen
                                      and gained_as_much(state, seat, chosen, best)):
        best, best_value = chosen, max(chosen_value, best_value)
        chosen_value = best_value
    return PointResult(index, seat, chosen, chosen_value, best, best_value, ranking)


def confirmed(r: PointResult, ranking: list[tuple[Action, float]]) -> PointResult:
    """``r`` after the second search of its best and chosen moves alone."""
    values = dict(ranking)
    best_value, chosen_value = values.get(r.best, r.best_value), values.get(r.chosen, r.chosen_value)
    if chosen_value >= best_value:
        return PointResult(r.index, r.seat, r.chosen, chosen_value, r.chosen, chosen_value, r.ranking, True)
    return PointResult(r.index, r.seat, r.chosen, chosen_value, r.best, best_value, r.ranking, True)


def biggest_mistakes(results: dict[int, PointResult], k: int = 3,
                     min_points: float = MISTAKE_POINTS) -> list[int]:
    """The indices of the ``k`` biggest losses (at least ``min_points``), biggest first."""
    bad = [r for r in results.values() if r.loss_points >= min_points]
    bad.sort(key=lambda r: (-r.loss, r.index))
    return [r.index for r in bad[:k]]


def cost_candidates(results: dict[int, PointResult], seats: set[int], k: int = CANDIDATES,
                    done: set[int] | frozenset[int] = frozenset()) -> list[int]:
    """The points of ``seats`` whose choice was not the best (and not in ``done``), the ``k``
    biggest one-ply losses first (the ones worth playing out to the end)."""
    found = [r for r in results.values() if r.seat in seats and r.best != r.chosen and r.index not in done]
    found.sort(key=lambda r: (-r.loss, r.index))
    return [r.index for r in found[:k]]


def close_calls(results: dict[int, PointResult], seats: set[int], k: int = CANDIDATES,
                done: set[int] | frozenset[int] = frozenset(),
                states: Sequence[Position] | None = None) -> list[int]:
    """The points of ``seats`` whose choice was the best of the ranking and that had a
    runner-up (not in ``done``; with ``states``, one that plays no card for nothing), the
    ``k`` closest calls first: the best-rated moves most likely to lose to another at the
    end of the game."""
    found = [r for r in results.values() if r.seat in seats and r.best == r.chosen and r.index not in done
             and runner_up(r, states[r.index] if states is not None else None) is not None]
    found.sort(key=lambda r: (r.ranking[0][1] - _second(r), r.index))
    return [r.index for r in found[:k]]


def runner_up(r: PointResult, state: Position | None = None) -> Action | None:
    """The best move of ``r``'s ranking other than the chosen one (with the position
    ``state``: none that plays a card for nothing), or None."""
    obs = seen_from(state, r.seat) if state is not None else None
    return next((a for a, _ in r.ranking if a != r.chosen and (obs is None or not idle_play(obs, a))), None)


def _second(r: PointResult) -> float:
    return next(v for a, v in r.ranking if a != r.chosen)


def costliest(costs: dict[int, float], results: dict[int, PointResult], k: int = COSTLIEST) -> list[int]:
    """The ``k`` points that cost ``END_MARGIN`` or more at the end of the game (Glory of
    final margin), the one-ply loss breaking ties; costliest first."""
    order = sorted((i for i in costs if costs[i] >= END_MARGIN),
                   key=lambda i: (-costs[i], -(results[i].loss if i in results else 0.0), i))
    return order[:k]


class Analysis:
    """Evaluates the decision points one at a time in the background; poll to collect."""

    def __init__(self, states: Sequence[Position], points: list[int], worlds: int = WORLDS,
                 use_process: bool = True, lost: set[int] | None = None, playouts: int = PLAYOUTS, *,
                 actions: list[Action] | None = None, legal: Sequence[list[Action]] | None = None,
                 seed: int | None = None) -> None:
        """``states``: a replayed game's states; or a seat's observations at its decisions and
        the end, with the ``actions`` chosen in them, their ``legal`` actions and a ``seed`` for
        the analysis (no game seed is known there)."""
        self.states = states
        final = states[-1]
        if actions is None:
            assert isinstance(final, GameState), "the moves of observed positions are given beside them"
            actions = list(final.history)
        self.actions = actions
        self.legal = legal
        if seed is None:
            first = states[0]
            assert isinstance(first, GameState), "observed positions have no game seed: give one"
            seed = first.seed
        self.seed = seed
        self.points = list(points)
        self.worlds = int(worlds)
        self.use_process = use_process
        self.lost = set(lost or ())           # human seats that lost: their costliest moves are found
        self.playouts = int(playouts)
        self.results: dict[int, PointResult] = {}
        self.costs: dict[int, float] = {}     # point -> final margin lost against the better move
        self.alternatives: dict[int, Action] = {}     # point -> a runner-up that ended better
        self._closes: set[int] = set()        # close calls already played out
        self._costing: list[int] | None = None    # the points still to play out (None: not chosen yet)
        self._cost_job = False
        self._queue = list(self.points)
        self._confirm: list[int] = []       # points whose loss is measured a second time
        self._thinker: Thinker | None = None
        self._running: int | None = None
        self._cancelled = False
        self.error: str | None = None

    # --- progress -------------------------------------------------------------------
    @property
    def total(self) -> int:
        return len(self.points)

    @property
    def done_count(self) -> int:
        return len(self.results)

    @property
    def done(self) -> bool:
        return self._cancelled or self.error is not None or (
            not self._queue and not self._confirm and self._running is None
            and (not self.lost or (self._costing is not None and self._next_cost() is None)))

    @property
    def costing(self) -> bool:
        """Playing the lost game's moves out to its end (every point is ranked)."""
        return self._cost_job and self._running is not None

    def costliest(self) -> list[int]:
        """The lost game's costliest moves found so far, costliest first."""
        return costliest(self.costs, self.results)

    def better(self, index: int) -> Action:
        """The better move of a point: Hard's best, or the runner-up that ended the game
        better than a best-rated choice (``alternatives``)."""
        return self.alternatives.get(index, self.results[index].best)

    def judged_at_end(self, index: int) -> bool:
        """Is the point's better move known only from the end of the game: it cost
        ``END_MARGIN`` or more there, while one ply on its loss stays within ``GOOD_POINTS``
        (or it was the best)?"""
        r = self.results.get(index)
        return r is not None and self.costs.get(index, 0.0) >= END_MARGIN and r.loss_points < GOOD_POINTS \
            and (r.best != r.chosen or index in self.alternatives)

    @property
    def running(self) -> int | None:
        """The point being analysed now."""
        return self._running

    def chosen(self, index: int) -> Action:
        return self.actions[index]

    def seed_for(self, index: int) -> int:
        return point_seed(self.seed, index)

    # --- work -----------------------------------------------------------------------
    def prioritize(self, index: int) -> None:
        """Analyse this point next (the one on screen), if it still waits."""
        if index in self._queue and self._queue[0] != index:
            self._queue.remove(index)
            self._queue.insert(0, index)

    def _start_next(self) -> None:
        if self._running is not None or self._cancelled or self.error is not None:
            return
        if self._confirm:                   # a loss to measure again: the two moves alone
            index = self._confirm.pop(0)
            r = self.results[index]
            legal, compare = [r.best, r.chosen], True
        elif self._queue:
            index = self._queue.pop(0)
            legal, compare = legal_in(self.states[index], self.legal, index), False
        elif self.lost and self._next_cost() is not None:
            self._start_cost()
            return
        else:
            return
        self._start(HintAdvisor(budget=self.worlds, compare=compare), index, legal, self.seed_for(index))

    def _start(self, bot, index: int, legal: list[Action], seed: int) -> None:
        s = self.states[index]
        if self._thinker is None:
            self._thinker = Thinker(bot, use_process=self.use_process)
        self._thinker.bot = bot
        self._thinker.start(seen_from(s, s.decision.seat), legal, random.Random(seed))
        self._running = index
        self._cost_job = isinstance(bot, EndCost)

    def _next_cost(self) -> int | None:
        if self._costing is None:             # every point is ranked: choose what to play out
            self._costing = cost_candidates(self.results, self.lost)
        if not self._costing and len(self.costs) + len(self._closes) < MAX_PLAYED \
                and sum(1 for c in self.costs.values() if c >= END_MARGIN) < COSTLIEST:
            # too few of them cost anything at the end: the next batch, then the close calls
            done = set(self.costs) | self._closes
            self._costing = cost_candidates(self.results, self.lost, done=done) \
                or close_calls(self.results, self.lost, done=done, states=self.states)
        return self._costing[0] if self._costing else None

    def _start_cost(self) -> None:
        assert self._costing
        index = self._costing.pop(0)
        r = self.results[index]
        other = r.best if r.best != r.chosen else runner_up(r, self.states[index])
        assert other is not None              # close_calls chose only points that have one
        self._start(EndCost(self.playouts), index, [r.chosen, other], self.seed_for(index) ^ 0x5EED)

    def _take(self, result) -> PointResult | None:
        """The finished search's verdict (None while a loss still waits for its second look)."""
        index = self._running
        assert index is not None
        self._running = None
        if self._cost_job:                    # [(chosen, mean margin), (other, mean margin)]
            ranking = as_ranking(result)
            cost = ranking[1][1] - ranking[0][1] if len(ranking) == 2 else 0.0
            r = self.results[index]
            if r.best != r.chosen:
                self.costs[index] = cost
            else:                             # a close call: it counts only if it cost at the end
                self._closes.add(index)
                if cost >= END_MARGIN:        # past the playouts' noise: the runner-up was better
                    self.costs[index] = cost
                    self.alternatives[index] = ranking[1][0]
            return None
        s = self.states[index]
        earlier = self.results.get(index)
        if earlier is not None and not earlier.confirmed:
            r = confirmed(earlier, as_ranking(result))
        else:
            r = result_from_ranking(index, s.decision.seat, self.chosen(index), as_ranking(result), s)
            if r.loss_points >= GOOD_POINTS:
                self.results[index] = r
                self._confirm.insert(0, index)
                return None
        self.results[index] = r
        return r

    def poll(self) -> list[PointResult]:
        """The points finished since the last call (starting the next one); never blocks."""
        return self._collect(None)

    def wait(self, timeout: float | None = None) -> list[PointResult]:
        """Like poll, but blocks up to ``timeout`` seconds for the running point (tests)."""
        return self._collect(timeout if timeout is not None else -1.0)

    def _collect(self, timeout: float | None) -> list[PointResult]:
        out: list[PointResult] = []
        self._start_next()
        if self._running is None or self._thinker is None:
            return out
        try:
            if timeout is None:
                result = self._thinker.poll()
            else:
                result = self._thinker.wait(None if timeout < 0 else timeout)
        except RuntimeError as e:             # a dead worker (Thinker.poll): stop, show what is there
            self.error = str(e) or type(e).__name__
            self._running = None
            return out
        if result is not None:
            taken = self._take(result)
            if taken is not None:
                out.append(taken)
            self._start_next()
        return out

    def run_all(self, timeout_each: float | None = None) -> None:
        """Analyse everything left, blocking (headless use and tests)."""
        while not self.done:
            self.wait(timeout_each)

    def cancel(self) -> None:
        """Stop analysing (a running search is stopped); results so far are kept."""
        self._cancelled = True
        self._queue.clear()
        self._confirm.clear()
        self._costing = []
        self.lost = set()
        if self._thinker is not None:
            self._thinker.cancel()
        self._thinker = None
        self._running = None
