"""The Hint's bubble (a toast) never covers the buttons it talks about: with the choice panel
up (the Congress, a reaction, a Dowry's bids), at three window sizes and in both languages,
every toast box stays clear of every choice button, of the Hint button and of the action
buttons, and inside the window."""
import random

import pytest
from pygame import Rect

from knjazja.app.session import GameSession, Seat
from knjazja.app.store.settings import Settings
from knjazja.engine import apply, legal_actions, new_game
from knjazja.ui.table.scene import TableScene

SIZES = [(1280, 720), (1600, 900), (1920, 1080)]
PANEL_KINDS = ("congress", "reaction", "dowry_bid", "war_counter")
HINT = {"ru": "Совет: отдать Псков, а «Съезд князей» сбросить — у Ярослава 9 карт на руке: Смоленск падёт, "
              "если среди них нет ответа на «Дружину 7», — примерно в 70 % случаев, а это 3 Славы; "
              "впереди Игорь: на 21 Славу больше вас (шанс победы около 12%)",
        "en": "Hint: Give up Pskov and discard the Congress of Princes — Yaroslav holds 9 cards: Smolensk falls "
              "unless one of them answers the Druzhina 7 — about 70% of the time, and it is worth 3 Glory; "
              "Igor leads you by 21 Glory (win chance about 12%)"}


def panel_state(kind_seed: int):
    """A seeded random game stopped where seat 0 decides by the choice panel."""
    rng = random.Random(kind_seed)
    for seed in range(1, 400):
        s = new_game(4, seed)
        for _ in range(700):
            if s.over:
                break
            if s.decision.seat == 0 and s.decision.kind in PANEL_KINDS and len(legal_actions(s)) > 1:
                return s
            apply(s, rng.choice(legal_actions(s)))
    raise AssertionError("no choice-panel decision found")


@pytest.mark.parametrize("lang", ["ru", "en"])
@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("kind_seed", [4, 11])
def test_the_hint_bubble_keeps_clear_of_the_choice_buttons(make_app, size, lang, kind_seed):
    s = panel_state(kind_seed)
    settings = Settings()
    settings.language = lang
    app = make_app(size, settings=settings, persist=False)
    seats = [Seat("Вася", "human")] + [Seat(n, "normal") for n in ("Ольга", "Ярослав", "Игорь")]
    scene = TableScene(GameSession(seats, seed=1, state=s), sync_bots=True)
    app.stack.push(scene)
    for _ in range(3):
        app.step([], 0.1)
    choice = scene.controls.choice
    assert choice.visible, s.decision
    scene.toasts.show("…")
    scene.toasts.show(HINT[lang])
    boxes = [b for b, *_ in scene.toasts.place(scene.layout, choice, scene._ctx())]
    assert len(boxes) == 2
    buttons = [Rect(b.rect) for b, _ in choice.buttons] + [Rect(b.rect) for b in scene.controls.buttons.values()]
    if scene.controls.hint is not None and scene.controls.hint.visible:
        buttons.append(Rect(scene.controls.hint.rect))
    window = Rect((0, 0), size)
    for box in boxes:
        assert window.contains(box), (box, size)
        hit = [b for b in buttons if box.colliderect(b)]
        assert not hit, (box, hit)
    assert not boxes[0].colliderect(boxes[1])


def test_without_a_panel_the_bubble_stands_just_above_the_prompt_over_the_war_stack(make_app):
    app = make_app((1600, 900), settings=Settings(), persist=False)
    seats = [Seat("Vasya", "human")] + [Seat(n, "normal") for n in ("Olga", "Yaroslav", "Igor")]
    scene = TableScene(GameSession(seats, seed=3), sync_bots=True)
    app.stack.push(scene)
    app.step([], 0.1)
    scene.controls.choice.hide()
    scene.toasts.show(HINT["en"])
    L = scene.layout
    (box, *_), = scene.toasts.place(L, scene.controls.choice, scene._ctx())
    assert box.bottom == L.prompt.top - L.unit // 2 and box.centerx == L.war_stack.centerx
    assert not box.colliderect(L.deck) and not box.colliderect(L.discard)       # the piles stay in sight


ALL_SIZES = [(960, 540), (1280, 720), (1600, 900), (1920, 1080), (2560, 1440)]


@pytest.mark.parametrize("lang", ["ru", "en"])
@pytest.mark.parametrize("size", ALL_SIZES)
def test_the_hint_bubble_keeps_off_the_piles_words(size, lang):
    """The bubble was drawn over «Осталось 3 хода» under the piles, then over «Колода» and «Сброс»."""
    from knjazja.app.wording import i18n
    from knjazja.ui.table.context import DrawContext
    from knjazja.ui.table.layout import table_layout
    from knjazja.ui.table.piles import pile_geometry
    from knjazja.ui.table.prompt import ChoicePanel, Toasts
    from knjazja.ui.table.sprites import Sprites, TextCache
    i18n.set_language(lang)
    for n in (2, 4, 6, 8):
        L = table_layout(size, n, 0)
        ctx = DrawContext(Sprites(), TextCache(), lang, [str(i) for i in range(n)], [True] * n, L.unit, 0)
        piles = pile_geometry(L, ctx, 40, i18n.tr("table.turns_left", n=3))
        words = (piles.deck_label, piles.discard_label, piles.turns_left)
        toasts = Toasts()
        for text in ("…", HINT[lang][:60], HINT[lang]):
            toasts.show(text)
            boxes = [b for b, *_ in toasts.place(L, ChoicePanel(), ctx, words)]
            assert not any(b.colliderect(w) for b in boxes for w in words), (size, lang, n, text, words, boxes)
            assert all(Rect((0, 0), size).contains(b) for b in boxes)


def test_the_table_keeps_its_bubbles_off_the_piles_words(make_app):
    """The scene hands the piles' names to the bubbles, and the turns left once the end is near."""
    app = make_app((960, 540), settings=Settings(), persist=False)
    seats = [Seat("Vasya", "human")] + [Seat(n, "normal") for n in ("Olga", "Yaroslav", "Igor")]
    session = GameSession(seats, seed=3)
    scene = TableScene(session, sync_bots=True)
    app.stack.push(scene)
    app.step([], 0.1)
    piles = scene.board.piles
    assert scene.board.bubble_clear() == (piles.deck_label, piles.discard_label)
    session.state.end_turn = session.state.turn_no + 2
    scene.controller.view.end_turn = session.state.end_turn
    scene.controller.view.version += 1
    app.step([], 0.1)
    *names, label = scene.board.bubble_clear()
    assert label == scene.board.piles.turns_left and label.width > 0 and len(names) == 2
