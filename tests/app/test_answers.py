"""The table's dialog (``app.table.answers``, issue 58): whenever the viewer must answer, it
lists every legal answer he holds as its own choice beside giving up, each choice is exactly one
legal action (pressing it plays that action), and its title says what is asked — or, when
nothing in hand answers, says so — grammatically for every city, in both languages."""
import pytest

from answer_positions import POSITIONS, _war_on_me, defend_condemnation_plunder, defend_nothing
from knjazja.app.session import GameSession, Seat
from knjazja.app.table import answers
from knjazja.app.table.controller import TableController
from knjazja.app.table.interaction import Squad
from knjazja.engine import Action
from knjazja.engine.actions import (AMBUSH, BRIBE, CONDEMN, DEFEND, KEEP, NO_BID, REACT, WAR_DEFEND, YIELD,
                                    YIELD_PLUNDER)
from knjazja.engine.cards import CARD_ID, CARDS, INSTANCES
from knjazja.engine.kinds import CardKind

D = "troop.druzhina."
CITIES = sorted(cid for cid in INSTANCES if CARDS[INSTANCES[cid][0]].kind == CardKind.CITY)
GIVE_UP = {"war_defend": {YIELD}, "war_counter": {"accept"}, "war_attack": {"end_war"}, "reaction": {"decline"},
           "dowry_bid": {NO_BID}, "congress": {KEEP}}


def controller(state, lang="ru"):
    seats = [Seat("Вася" if lang == "ru" else "Vasya", "human"), Seat("Ольга", "easy"), Seat("Ярослав", "easy")]
    c = TableController(GameSession(seats, state=state), lang=lang, sync_bots=True)
    assert c.can_act()
    return c


def plain(text):
    return text.replace("\u00a0", " ")          # the typography's no-break spaces


@pytest.mark.parametrize("name", sorted(POSITIONS))
def test_the_dialog_offers_every_legal_answer_and_giving_up(name):
    c = controller(POSITIONS[name]())
    asked = answers.dialog(c)
    legal = c.session.legal()
    assert asked is not None and asked.title
    offered = asked.actions()
    assert len(offered) == len(set(offered)), "an answer offered twice"
    assert set(offered) == set(legal), (set(legal) - set(offered), set(offered) - set(legal))
    assert all(ch.enabled for ch in asked.choices)
    kind = c.session.state.decision.kind
    assert GIVE_UP.get(kind, set()) <= {a.kind for a in offered}
    # the answers come first, giving up last (its own row on the table)
    flags = [ch.answer for ch in asked.choices]
    assert flags == sorted(flags, reverse=True), [ch.label for ch in asked.choices]


@pytest.mark.parametrize("name", sorted(POSITIONS))
def test_each_choice_plays_exactly_its_action(name):
    for ch in answers.dialog(controller(POSITIONS[name]())).choices:
        c = controller(POSITIONS[name]())          # a fresh table for each choice
        before = len(c.session.state.history)
        c.pointer.choose(ch.payload)
        assert c.session.state.history[before:] == [ch.payload], ch.label


def test_issue_58_the_condemnation_is_offered_beside_surrender():
    """Strength 1 on an unwalled Smolensk, the Condemnation and Plunder in hand."""
    for lang in ("ru", "en"):
        c = controller(defend_condemnation_plunder(), lang)
        asked = answers.dialog(c)
        kinds = [a.kind for a in asked.actions()]
        assert kinds == [CONDEMN, YIELD, YIELD_PLUNDER]
        labels = [plain(ch.label) for ch in asked.choices]
        if lang == "ru":
            assert plain(asked.title) == "Смоленск атакован «Дружиной 1» (Сила 1): чем ответить?"
            assert labels[0] == "Остановить войну «Митрополичьим осуждением»"
            assert labels[2] == "Сыграть «Разграбление» и сдать Смоленск без построек"
        else:
            assert plain(asked.title) == "The Druzhina 1 attacks Smolensk (Strength 1): how will you answer?"
            assert labels[0] == "Stop the war with the Metropolitan's Condemnation"
        c.pointer.choose(asked.choices[0].payload)
        assert c.session.state.war is None and c.session.state.decision.kind != WAR_DEFEND


def test_with_no_answer_the_title_says_so():
    ru = answers.dialog(controller(defend_nothing(), "ru"))
    en = answers.dialog(controller(defend_nothing(), "en"))
    assert plain(ru.title) == "Смоленск атакован «Дружиной 4» (Сила 4), а ответить нечем"
    assert plain(en.title) == "The Druzhina 4 attacks Smolensk (Strength 4), and nothing in your hand answers"
    assert [a.kind for a in ru.actions()] == [YIELD]
    assert plain(ru.choices[0].label) == "Не отвечать и сдать Смоленск"


def test_every_kind_of_defence_is_named():
    c = controller(POSITIONS["defend_many"](), "ru")
    labels = {a.kind if a.kind != DEFEND else CARD_ID[a.cards[0]]: plain(ch.label)
              for ch in answers.dialog(c).choices for a in [ch.payload]}
    assert labels["troop.militia"] == "Защищаться «Ополчением» (Сила 6)"
    assert labels[D + "6"] == "Защищаться «Дружиной 6» (Сила 6)"
    assert labels[AMBUSH] == "Отбить атаку «Засадой»"
    assert labels[BRIBE] == "Подкупить «Поляков 5» и забрать их себе на руку"
    assert D + "2" not in labels                    # too weak to hold: not an answer


@pytest.mark.parametrize("city", CITIES)
def test_the_title_agrees_with_every_city(city):
    s_ru = _war_on_me(["ev.ambush"], [D + "7"], city=city)
    ru = plain(answers.dialog(controller(s_ru, "ru")).title)
    name = CARDS[INSTANCES[city][0]]
    from knjazja.app.wording.words import card_word
    word = card_word(INSTANCES[city][0], "ru")
    participle = {"m": "атакован", "f": "атакована", "n": "атаковано", "pl": "атакованы"}[word.gender]
    assert ru == f"{word.nom} {participle} «Дружиной 7» (Сила 7): чем ответить?", (name, ru)
    en = plain(answers.dialog(controller(_war_on_me(["ev.ambush"], [D + "7"], city=city), "en")).title)
    assert en == f"The Druzhina 7 attacks {card_word(INSTANCES[city][0], 'en').nom} (Strength 7): how will you answer?"


def test_a_squad_of_the_poles_and_a_druzhina_is_named_in_the_plural():
    def squad():
        return _war_on_me(["ev.ambush"], [D + "3", "troop.poles"], attacker_chronicles=["chr.voivode"])
    assert plain(answers.dialog(controller(squad(), "en")).title).startswith("The Druzhina 3 and the Poles 5 attack ")
    s = squad()
    assert plain(answers.dialog(controller(s, "ru")).title).startswith("Смоленск атакован «Дружиной 3» и «Поляками 5»")


def _squad_state():
    """The Wise Voivode with four small Druzhinas against 6: no troop holds alone, many squads do."""
    return _war_on_me([D + "2", D + "3", D + "4", D + "5"], [D + "6"], chronicles=["chr.voivode"])


def test_many_squads_lead_to_putting_one_together():
    c = controller(_squad_state(), "ru")
    asked = answers.dialog(c)
    assert [a.kind for a in asked.actions()] == [YIELD]
    step = next(ch for ch in asked.choices if ch.payload == answers.SQUAD)
    assert plain(step.label) == "Собрать отряд («Мудрый воевода»)…"
    c.pointer.choose(answers.SQUAD)
    assert c.pointer.mode == Squad(())
    asked = answers.dialog(c)
    assert not asked.choices[0].enabled and asked.choices[1].payload == answers.CLEAR
    hand = c.session.state.hands[0]
    for cid in (D + "2", D + "4"):
        c.pointer.click_hand_card(next(t for t in hand if CARD_ID[t] == cid))
    squad = answers.dialog(c).choices[0]
    assert squad.enabled and plain(squad.label) == "Защищаться «Дружиной 2» и «Дружиной 4» (Сила 6)"
    c.pointer.choose(squad.payload)
    assert c.session.state.history[-1] == squad.payload


def test_a_reaction_title_tells_whether_anything_cancels():
    ru = answers.dialog(controller(POSITIONS["reaction_watch"](), "ru"))
    assert plain(ru.title) == "Отменить «Пожар» «Городской стражей»?"
    assert [a.kind for a in ru.actions()][0] == REACT
    none = answers.dialog(controller(POSITIONS["reaction_none"](), "ru"))
    assert plain(none.title) == "Отменить «Предательство» нечем"
    en = answers.dialog(controller(POSITIONS["reaction_none"](), "en"))
    assert plain(en.title) == "Nothing in your hand cancels Treachery"


def test_the_attackers_titles():
    again = answers.dialog(controller(POSITIONS["attack_again"](), "ru"))
    assert plain(again.title) == "Атака на Новгород отбита: что дальше?"
    first = answers.dialog(controller(POSITIONS["attack_first"](), "en"))
    assert plain(first.title) == "You have declared war on Novgorod: what will you attack with?"
    counter = answers.dialog(controller(POSITIONS["counter_bribe"](), "ru"))
    assert plain(counter.title) == "Атаку отбили «Венгры 6» (Сила 6): чем ответить?"


def test_no_dialog_for_a_bots_decision_or_while_a_card_is_held():
    s = defend_condemnation_plunder()
    seats = [Seat("Вася", "easy"), Seat("Ольга", "human"), Seat("Ярослав", "easy")]
    c = TableController(GameSession(seats, state=s), lang="ru", sync_bots=True)
    assert answers.dialog(c) is None                # seat 0, a bot, decides: the viewer is asked nothing
    c = controller(POSITIONS["defend_many"]())
    bribe = next(t for t in c.session.state.hands[0] if CARD_ID[t] == "ev.bribe")
    c.pointer.click_hand_card(bribe)                # picked up: its target lies under the dialog
    assert c.pointer.held == bribe and answers.dialog(c) is None
    c.pointer.cancel()
    assert answers.dialog(c) is not None


def test_a_question_raised_by_a_click_is_the_dialog_too():
    c = controller(POSITIONS["defend_many"]())
    from knjazja.app.table.interaction import Choosing, Holding
    legal = [a for a in c.session.legal() if a.kind in (AMBUSH, CONDEMN)]
    c.pointer.mode = Choosing(tuple(legal), Holding(legal[0].card))
    asked = answers.dialog(c)
    assert asked.actions() == legal and asked.choices[-1].payload == answers.CANCEL
    assert all(isinstance(a, Action) for a in asked.actions())


def test_hot_seat_the_defender_gets_the_dialog_once_he_has_the_device():
    """Two people at one screen: seat 1 attacked seat 0; seat 0 is asked once the device is his."""
    seats = [Seat("Вася", "human"), Seat("Ольга", "human"), Seat("Ярослав", "easy")]
    c = TableController(GameSession(seats, state=defend_condemnation_plunder()), lang="ru", sync_bots=True,
                        handover_screens=True)
    assert c.policy == "hotseat" and c.viewer == 0 and c.handover_pending
    assert answers.dialog(c) is None                # the screen waits for Вася: nothing asked yet
    c.claimed()
    assert [a.kind for a in answers.dialog(c).actions()] == [CONDEMN, YIELD, YIELD_PLUNDER]


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_the_attacker_without_a_bribe_is_not_asked_to_bribe(lang):
    """The engine asks a repulsed attacker even when he holds no Bribe (so the question tells
    no one what he holds); his banner then offers only accepting the repulse."""
    from scenario import play, scenario
    D = "troop.druzhina."
    s = scenario(3, hands={0: [D + "5", D + "2"], 1: ["troop.hungarians"]}, current=0,
                 cities={"city.novgorod": (1, []), "city.kiev": (0, []), "city.pskov": (2, [])})
    play(s, "war", by=0, city="city.novgorod")
    play(s, "attack", by=0, cards=[D + "5"])
    play(s, "defend", by=1, cards=["troop.hungarians"])
    without, mine = controller(s, lang).prompt()
    with_bribe = controller(POSITIONS["counter_bribe"](), lang).prompt()[0]
    assert mine
    bribe = "подкупите" if lang == "ru" else "bribe a foreign defender"
    assert bribe in plain(with_bribe) and bribe not in plain(without)
    assert ("«Подкупа» у вас нет" if lang == "ru" else "you hold no Bribe") in plain(without)
