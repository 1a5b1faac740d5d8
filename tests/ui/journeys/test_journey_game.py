"""A whole game against a bot, from the setup to the results and the review, by clicks; and
hot seat with a hand-over and an undo taken back from the hand-over screen."""
from __future__ import annotations

import random

import pygame
import pytest

from conftest import VARIANTS
from driver import JourneyFailed, Window
from knjazja.app.wording.i18n import tr
from play import Player, hand_on_screen


def set_up(w: Window, kinds: list[str]) -> None:
    """From the menu: New game, as many seats as ``kinds`` (the first is the default's
    Human), each set to its kind through its drop-down."""
    w.press("#menu_new_game", tr("menu.new_game"))
    w.see("the setup", scene="SetupScene", words=[tr("setup.title"), tr("setup.start")])
    while len(w.top.seats) > len(kinds):
        w.press(f"#seat_{len(w.top.seats) - 1}_remove")
    while len(w.top.seats) < len(kinds):
        w.press("#add_seat", tr("setup.add_player"))
    for i, kind in enumerate(kinds):
        if w.top.seats[i]["kind"] != kind:
            w.choose(f"#seat_{i}_kind", tr(f"setup.kind.{kind}"))
    assert [s["kind"] for s in w.top.seats] == kinds


def play_out(w: Window, player: Player, limit: int = 200) -> None:
    """This screen's player moves whenever the table waits for him, to the end of the game."""
    for _ in range(limit):
        player.settle()
        table = w.flow.table
        if table.session.over and table.controller.finished:
            return
        if player.my_move():
            player.take_turn()
    raise JourneyFailed(f"{w.where()}: the game did not end in {limit} moves")


@pytest.mark.parametrize("size, lang", VARIANTS)
def test_a_whole_game_against_a_bot_to_the_results_and_the_review(window, size, lang):
    w = window("game", size, lang)
    w.frames(2)
    set_up(w, ["human", "easy"])
    w.see("two princes, the second an Easy bot", scene="SetupScene", words=[tr("setup.kind.easy")])
    w.press("#start", tr("setup.start"))
    player = Player(w, random.Random(5), invade_after=1)
    player.settle()
    table = w.flow.table
    inks = w.see("the table: my turn, my hand", scene="TableScene",
                 words=[tr("table.prompt.your_turn"), tr("table.button.draw")])
    hand = table.session.state.hands[table.controller.viewer]
    assert hand_on_screen(w, inks) == len(hand), "the hand on the screen is not the hand dealt"
    player.take_turn()
    w.see(f"after my first move ({player.moves[-1].kind})", scene="TableScene")
    play_out(w, player)
    assert any(a.kind == "event" for a in player.moves), "the Tatar Invasion was never laid"
    w.until(lambda: w.has_widget("#table_results"), "showed the Results button", 20)
    w.frame()
    w.see("the final board", scene="TableScene", words=[tr("table.button.results")])
    w.press("#table_results", tr("table.button.results"))
    state = table.session.state
    from knjazja.engine import final_scores, winners
    names = [s.name for s in table.session.seats]
    win = winners(state)
    w.see("the results", scene="ResultsScene",
          words=[f"1. {names[win[0]]}", tr("results.glory", n=final_scores(state)[0]), tr("results.review")])
    w.press("#results_review", tr("results.review"))
    review = w.top
    w.until(lambda: review.analysis is not None and review.analysis.done, "finished the review", 600)
    w.see("the review", scene="ReviewScene", words=[tr("review.title")])
    w.key(pygame.K_ESCAPE)
    w.see("the results again", scene="ResultsScene")
    w.press("#results_menu", tr("results.menu"))
    w.see("the menu: the game counted", scene="MenuScene", words=[tr("menu.new_game")])
    from knjazja.app.store.stats import load_stats
    assert load_stats()["games"] == 1


@pytest.mark.parametrize("size, lang", VARIANTS)
def test_hot_seat_hands_over_and_takes_a_move_back(window, size, lang):
    w = window("hotseat", size, lang)
    w.frames(2)
    set_up(w, ["human", "human"])
    names = [s["name"] for s in w.top.seats]
    w.press("#start", tr("setup.start"))
    w.frame()
    first = w.flow.table.session.state.decision.seat
    w.see("the device goes to the first player", scene="PassDeviceScene",
          words=[tr("handover.hint")], check=lambda: w.flow.table.controller.faces_hidden())
    w.press("#handover_ready")
    player = Player(w, random.Random(7))
    player.settle()
    w.see("his hand", scene="TableScene", words=[tr("table.prompt.your_turn"), names[first]])
    before = len(w.flow.table.session.state.history)
    player.take_turn()
    w.until(lambda: w.top_is("PassDeviceScene"), "handed the device over", 50)
    w.frame()
    w.see("the hand-over offers an undo", scene="PassDeviceScene", words=[tr("handover.undo")])
    w.press("#handover_undo", tr("handover.undo"))
    player.settle()
    assert len(w.flow.table.session.state.history) == before, "Undo did not take the move back"
    w.see("the move taken back, his turn again", scene="TableScene", words=[tr("table.prompt.your_turn")])
    player.take_turn()
    w.until(lambda: w.top_is("PassDeviceScene"), "handed the device over", 50)
    w.press("#handover_ready")
    player.settle()
    second = w.flow.table.controller.viewer
    assert second != first
    w.see("the other player's hand", scene="TableScene", words=[names[second]])
    w.press("#table_menu")
    w.press("#pause_menu")
    w.see("the menu", scene="MenuScene", words=[tr("menu.continue")])
