"""Hints and the review say why in words; a forced move gets no win chance; the review marks
only real mistakes (never a move that gained at once what the best move gained)."""
import random

from knjazja.app.advice.analysis import (MISTAKE_POINTS, PointResult, biggest_mistakes, confirmed,
                                  result_from_ranking)
from knjazja.app.table.controller import TableController
from knjazja.app.advice.explain import effect, gained_as_much, why_better, why_good
from knjazja.app.session import GameSession, Seat
from knjazja.engine import Action, legal_actions, new_game, apply
from knjazja.engine.cards import INSTANCES, CARDS

NAMES = ["Olga", "Igor", "Oleg"]


def plain(text: str) -> str:
    return text.replace("\xa0", " ")


def with_hand(cards: list[str], seed: int = 5):
    s = new_game(3, seed, first_player=0)
    wanted = [INSTANCES[c][0] for c in cards]
    for zone in s.hands + [s.deck]:
        for c in wanted:
            if c in zone:
                zone.remove(c)
    s.deck[:0] = s.hands[0]
    s.hands[0] = wanted
    s.edited()
    return s


def test_a_city_founded_is_glory_at_once_and_a_draw_is_a_card_for_later():
    s = with_hand(["city.kiev", "city.murom"])
    kiev, murom = INSTANCES["city.kiev"][0], INSTANCES["city.murom"][0]
    found_kiev = Action("play_city", card=kiev, seat=0)
    found_murom = Action("play_city", card=murom, seat=0)
    draw = Action("draw")
    e = effect(s, 0, found_kiev)
    assert e.certain and e.glory == CARDS[kiev].glory and e.cities == 1
    assert plain(why_good(s, 0, found_kiev, 0.4, NAMES, "en")).startswith("Kiev brings 3 Glory at once; ")
    assert "card" in why_good(s, 0, draw, 0.4, NAMES, "en")
    assert "Славы" in why_good(s, 0, found_kiev, 0.4, NAMES, "ru")
    # the review: Kiev (3 Glory) gained what Murom (1) or a draw would have; not the other way
    assert gained_as_much(s, 0, found_kiev, draw) and gained_as_much(s, 0, found_kiev, found_murom)
    assert not gained_as_much(s, 0, found_murom, found_kiev) and not gained_as_much(s, 0, draw, found_kiev)
    line = plain(why_better(s, 0, found_kiev, found_murom, NAMES, "en"))
    assert "+3" in line and "+1" in line and "\n" not in line


def test_a_move_that_gained_as_much_is_never_a_mistake():
    s = with_hand(["city.kiev", "city.murom"])
    kiev = INSTANCES["city.kiev"][0]
    chosen = Action("play_city", card=kiev, seat=0)
    ranking = [(Action("draw"), 0.34), (chosen, 0.17)]          # the search's noisy estimate
    r = result_from_ranking(3, 0, chosen, ranking, s)
    assert r.loss_points == 0 and r.best == chosen
    assert result_from_ranking(3, 0, chosen, ranking).loss_points > 16    # without the position: a loss


def test_a_loss_stands_only_when_the_second_search_confirms_it():
    r = PointResult(7, 0, Action("draw"), 0.17, Action("pass"), 0.34)
    assert confirmed(r, [(Action("pass"), 0.31), (Action("draw"), 0.30)]).loss_points < MISTAKE_POINTS
    again = confirmed(r, [(Action("pass"), 0.40), (Action("draw"), 0.20)])
    assert again.confirmed and round(again.loss_points) == 20
    results = {7: again, 8: PointResult(8, 0, Action("draw"), 0.5, Action("pass"), 0.56)}
    assert biggest_mistakes(results) == [7]                 # 6 points: an inaccuracy, not marked


def test_a_forced_move_gets_no_win_chance():
    """Play a seeded game of humans until a decision has one legal move: the Hint names it
    at once, with no percentage and no search."""
    rng = random.Random(2)
    s = new_game(2, seed=2)
    for _ in range(3000):
        legal = legal_actions(s)
        if len(legal) == 1 and not s.over:
            break
        apply(s, rng.choice(legal))
    else:
        raise AssertionError("no forced move found")
    session = GameSession([Seat("A", "human"), Seat("B", "human")], state=s)
    c = TableController(session, viewer_policy=s.decision.seat, sync_bots=True)
    assert c.can_act() and c.ask_hint()
    assert not c.hints.thinking and "%" not in c.news.texts()[-1]
    assert "Only one move" in c.news.texts()[-1]


def test_building_in_a_rivals_city_is_told_as_his_gain():
    from knjazja.engine.state import City
    s = with_hand(["bld.church"])
    kiev = INSTANCES["city.kiev"][0]
    for zone in s.hands[1:] + [s.deck]:
        if kiev in zone:
            zone.remove(kiev)
    s.cities[kiev] = City(kiev, 1)
    s.owned_ever[1].add(kiev)
    s.edited()
    build = next((a for a in legal_actions(s) if a.kind == "build" and a.city == kiev), None)
    if build is None:
        return                                        # the rules forbid it: nothing to explain
    assert not gained_as_much(s, 0, build, Action("draw"))
    assert "Igor" in why_better(s, 0, Action("draw"), build, NAMES, "en")


def test_setting_the_end_while_ahead_is_told():
    from knjazja.engine.prepared import prepared_game
    s = prepared_game(3, hands={0: ["ev.tatar_invasion"]}, cities={"city.kiev": (0, [])})
    invasion = next(a for a in legal_actions(s) if a.kind == "event")
    assert plain(why_good(s, 0, invasion, 0.7, NAMES, "en")).startswith(
        "the game ends after your next turn, and you lead by 3 Glory; ")
