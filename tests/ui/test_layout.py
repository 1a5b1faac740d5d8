"""Table geometry: every player count at every common window size."""
from itertools import combinations

import pytest
from pygame import Rect

from knjazja.engine import observation
from knjazja.ui.table.layout import BUTTON_NAMES, clockwise_positions, table_layout

SIZES = [(960, 540), (1280, 720), (1920, 1080), (2560, 1440), (3840, 2160)]
PLAYERS = range(2, 9)


def all_layouts():
    for size in SIZES:
        for n in PLAYERS:
            for seat in sorted({0, n - 1}):
                yield size, n, seat


@pytest.mark.parametrize("size,n,seat", list(all_layouts()))
def test_layout_fits_and_does_not_overlap(size, n, seat):
    lay = table_layout(size, n, seat)
    window = Rect((0, 0), size)
    top = lay.top_level()
    assert len(lay.player_areas) == n
    assert set(lay.buttons) == set(BUTTON_NAMES)
    for name, rect in top.items():
        assert rect.width > 0 and rect.height > 0, name
        assert window.contains(rect), (name, rect)
    for (a, ra), (b, rb) in combinations(top.items(), 2):
        assert not ra.colliderect(rb), (a, ra, b, rb)
    for area in lay.player_areas:
        subs = area.sub_rects()
        for name, sub in subs.items():
            assert sub.width > 0 and sub.height > 0, (area.seat, name)
            assert area.rect.contains(sub), (area.seat, name, sub, area.rect)
        for (a, ra), (b, rb) in combinations(subs.items(), 2):
            assert not ra.colliderect(rb), (area.seat, a, b)
        # a city card fits its row
        assert area.cities.height >= area.card_size[1]
        assert area.cities.width >= 2 * area.card_size[0]


@pytest.mark.parametrize("n", PLAYERS)
def test_cards_readable_at_smallest_window(n):
    lay = table_layout((1280, 720), n, 0)
    assert lay.card_size[0] >= 60
    assert lay.small_card_size[0] >= 40
    assert lay.hand.height >= lay.card_size[1]
    assert lay.deck.height >= lay.card_size[1] and lay.deck.width >= lay.card_size[0]
    assert lay.war_stack.width >= 3 * lay.card_size[0]
    assert lay.war_stack.height >= lay.card_size[1]


@pytest.mark.parametrize("size", SIZES)
def test_card_ratio_is_five_to_seven(size):
    lay = table_layout(size, 5, 0)
    for w, h in (lay.card_size, lay.small_card_size):
        assert w * 7 == h * 5


def test_cards_grow_with_the_window():
    widths = [table_layout(size, 4, 0).card_size[0] for size in SIZES]
    assert widths == sorted(widths) and widths[0] < widths[-1]


def test_viewer_sits_at_the_bottom_and_others_go_clockwise():
    lay = table_layout((1920, 1080), 6, 2)
    assert lay.player_areas[2].side == "bottom"
    assert lay.player_areas[2].rect.bottom > max(a.rect.bottom for a in lay.player_areas if a.seat != 2)
    order = [seat for seat, _ in clockwise_positions(6, 2)]
    assert order == [2, 3, 4, 5, 0, 1]
    # seat 3 (next after the viewer) is on the left, the last one before the viewer on the right
    assert lay.player_areas[3].side == "left"
    assert lay.player_areas[1].side == "right"
    assert lay.player_areas[3].rect.centerx < lay.player_areas[1].rect.centerx


def test_no_human_puts_seat_zero_at_the_bottom():
    lay = table_layout((1600, 900), 3, None)
    assert lay.viewer == 0 and lay.player_areas[0].side == "bottom"


@pytest.mark.parametrize("bad", [1, 9])
def test_rejects_bad_player_counts(bad):
    with pytest.raises(ValueError):
        table_layout((1600, 900), bad, 0)



@pytest.mark.parametrize("n", PLAYERS)
def test_smallest_window_shows_piles_prompt_and_last_played(n):
    """960×540, the smallest window: the deck and discard pile hold a whole card, the prompt
    covers neither, and the card under "Last played" lies below that line, not on it."""
    from knjazja.app.table.table_view import TableView
    from knjazja.engine import new_game
    from knjazja.ui.table.context import DrawContext
    from knjazja.ui.table.sprites import Sprites, TextCache
    from knjazja.ui.table.warstack import centre_geometry, header_height

    lay = table_layout((960, 540), n, 0)
    for pile in (lay.deck, lay.discard):
        assert pile.width >= lay.card_size[0] and pile.height >= lay.card_size[1], pile
        assert not pile.colliderect(lay.prompt)
    assert lay.prompt.height >= 54                   # three lines of the smallest type
    view = TableView(observation(new_game(n, 1), 0))
    view.recent = (1, 0)
    ctx = DrawContext(Sprites(), TextCache(), "ru", [f"Князь {i}" for i in range(n)], [False] * n, lay.unit, 0)
    g = centre_geometry(view, lay.war_stack, lay.card_size, ctx, ctx.names)
    assert g.header
    line = Rect(lay.war_stack.left, lay.war_stack.top, lay.war_stack.width, header_height(ctx))
    card = g.cards[0].rect
    assert lay.war_stack.contains(card), (card, lay.war_stack)
    assert not card.colliderect(line), (card, line)
    assert not card.colliderect(lay.prompt)


@pytest.mark.parametrize("size", SIZES[1:])
def test_building_tabs_are_big_enough_to_tell_apart(size):
    """From 1280×720 up, the tabs under an opponent's city are at least 18 px and their
    counts ("×2") set in at least 10 px."""
    from knjazja.ui.table.areas import tab_height, tab_label_size
    for n in PLAYERS:
        lay = table_layout(size, n, 0)
        th = tab_height(lay.small_card_size[1])
        assert th >= 18 and tab_label_size(th) >= 11, (size, n, th)


def _war_state(n: int):
    """A seeded random game stopped in a war with an attack standing."""
    import random

    from knjazja.engine import apply, legal_actions, new_game
    for seed in range(1, 200):
        s, rng = new_game(n, seed), random.Random(seed)
        for _ in range(400):
            if s.over:
                break
            if s.war is not None and s.war.record.attacks and s.war.record.city in s.cities:
                return s
            legal = legal_actions(s)
            fight = [a for a in legal if a.kind in ("war", "attack")]
            apply(s, rng.choice(fight) if fight and rng.random() < 0.6 else rng.choice(legal))
    raise AssertionError("no war found")


def _captured(w):
    """The war ``w`` ended: its earlier attacks repelled, the last one unanswered, the city taken."""
    from dataclasses import replace

    from knjazja.engine.kinds import AnswerKind, AttackResult, WarEnd
    from knjazja.engine.records import Answer
    done = tuple(replace(a, result=a.result or AttackResult.REPELLED) for a in w.attacks[:-1])
    fell = replace(w.attacks[-1], answers=w.attacks[-1].answers + (Answer(AnswerKind.YIELD, w.defender),),
                   result=AttackResult.FELL)
    return replace(w, attacks=done + (fell,), outcome=WarEnd.CAPTURED, raid_troop=-1)


def _three_attacks(w):
    """``w`` with two attacks held off by troops before the last one."""
    from dataclasses import replace

    from knjazja.engine.cards import KIND
    from knjazja.engine.kinds import AnswerKind, AttackResult, CardKind
    from knjazja.engine.records import Answer, AttackRecord
    troops = [c for c in range(len(KIND)) if KIND[c] == CardKind.TROOP][:4]
    held = tuple(AttackRecord((troops[k],), 5, (Answer(AnswerKind.DEFEND, w.defender, troops=(troops[k + 2],),
                                                      strength=6),), AttackResult.REPELLED) for k in (0, 1))
    return replace(w, attacks=held + w.attacks[-1:])


@pytest.mark.parametrize("lang", ["ru", "en"])
@pytest.mark.parametrize("size", [(960, 540), (1280, 720), (1600, 900), (1920, 1080), (2560, 1440)])
def test_the_wars_outcome_keeps_off_its_stamps_and_cards(size, lang):
    """«Киев взят!» was drawn over «Без ответа / Город взят»: the outcome's band covers no
    label, badge or card of the war stack, holds its words and stays in the centre; no two
    labels touch («Без стен» ran into «Город взят» on a stack made low by a question)."""
    from knjazja.app.table.table_view import TableView
    from knjazja.ui.table.context import DrawContext
    from knjazja.ui.table.sprites import Sprites, TextCache
    from knjazja.app.wording import i18n
    from knjazja.ui.table.warstack import centre_geometry, label_rect
    i18n.set_language(lang)
    for n, attacks, question in ((4, 1, False), (8, 1, False), (4, 3, True), (8, 3, True)):
        lay = table_layout(size, n, 0)
        view = TableView(observation(_war_state(n), 0))
        view.war = _captured(_three_attacks(view.war) if attacks == 3 else view.war)
        ctx = DrawContext(Sprites(), TextCache(), lang, ["Мстислав", "Всеволод", "Ярослав Мудрый", "Олег",
                                                         "Ольга", "Игорь", "Изяслав", "Ростислав"][:n],
                          [True] + [False] * (n - 1), lay.unit, 0)
        stack = Rect(lay.war_stack)
        if question:                         # a question stands on the prompt: the stack ends above it
            stack.height = max(40, stack.height - lay.unit * 7)
        g = centre_geometry(view, stack, lay.card_size, ctx, ctx.names)
        labels = [label_rect(lb, ctx) for lb in g.labels]
        touching = [(g.labels[i][0], g.labels[j][0]) for i, a in enumerate(labels) for j, b in enumerate(labels)
                    if i < j and a.colliderect(b)]
        assert not touching, (size, lang, n, attacks, touching)
        (text, band, _, fsize), = g.ribbons
        drawn = {f"label {lb[0]!r}": label_rect(lb, ctx) for lb in g.labels}
        drawn.update({f"badge {b[1]}": Rect(b[2][0] - b[3] // 2, b[2][1] - b[3] // 2, b[3], b[3]) for b in g.badges})
        drawn.update({f"card {pc.card}": pc.rect for pc in g.cards})
        if g.city is not None:
            drawn["city"] = g.city.rect
        assert any(k.startswith("label") for k in drawn), drawn
        assert g.rect.contains(band), (band, g.rect)
        assert ctx.texts.font("title", fsize).size(text)[0] <= band.width and fsize >= 10
        hit = {k: r for k, r in drawn.items() if band.colliderect(r)}
        assert not hit, (size, lang, n, text, band, hit)


@pytest.mark.parametrize("lang", ["ru", "en"])
@pytest.mark.parametrize("size", [(960, 540), (1280, 720), (1600, 900), (1920, 1080), (2560, 1440)])
def test_the_piles_keep_off_their_names(size, lang):
    """At 960×540 the deck covered its «Колода» label (at 1280×720 its lowest backs still
    touched it): a full deck's stack, the discard pile with its badge and the turns left
    keep off the piles' names, inside the centre and off the prompt."""
    from knjazja.app.wording import i18n
    from knjazja.ui.table.context import DrawContext
    from knjazja.ui.table.piles import pile_geometry
    from knjazja.ui.table.sprites import Sprites, TextCache
    i18n.set_language(lang)
    texts = TextCache()
    for n in PLAYERS:
        L = table_layout(size, n, 0)
        ctx = DrawContext(Sprites(), texts, lang, [str(i) for i in range(n)], [True] * n, L.unit, 0)
        g = pile_geometry(L, ctx, 84, i18n.tr("table.turns_left", n=10))
        felt = Rect(L.deck.left, L.war_stack.top, L.war_stack.right - L.deck.left, L.war_stack.height)
        where = f"{lang} {size} {n}p"
        assert len(g.deck_layers) >= 4, where                      # a full deck looks thick
        for label in (g.deck_label, g.discard_label, g.turns_left):
            assert felt.contains(label) and not label.colliderect(L.prompt), (where, label)
        pile = {"deck": list(g.deck_layers), "discard": [g.discard_card, g.discard_under, g.discard_badge]}
        for name, label in (("deck", g.deck_label), ("discard", g.discard_label)):
            hit = [r for r in pile[name] if r.colliderect(label)]
            assert not hit, (where, name, label, hit)
        hit = [r for r in pile["deck"] + pile["discard"] + [g.deck_label, g.discard_label]
               if r.colliderect(g.turns_left)]
        assert not hit, (where, g.turns_left, hit)
