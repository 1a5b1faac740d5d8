"""Words that decline: built-in princes by rule, typed names never, cards from their data."""
import pytest

from knjazja.app.wording.i18n import tr
from knjazja.app.wording.words import card_word, decline_russian, prince_names, prince_word, seat_word, word_list
from knjazja.engine.cards import INSTANCES


def card(cid):
    return INSTANCES[cid][0]


@pytest.mark.parametrize("name,gender,forms", [
    ("Ярослав", "m", ("Ярослава", "Ярославу", "Ярослава", "Ярославом", "Ярославе")),
    ("Андрей", "m", ("Андрея", "Андрею", "Андрея", "Андреем", "Андрее")),
    ("Юрий", "m", ("Юрия", "Юрию", "Юрия", "Юрием", "Юрии")),
    ("Ольга", "f", ("Ольги", "Ольге", "Ольгу", "Ольгой", "Ольге")),
    ("Рогнеда", "f", ("Рогнеды", "Рогнеде", "Рогнеду", "Рогнедой", "Рогнеде")),
])
def test_the_declension_rule(name, gender, forms):
    got = decline_russian(name, gender)
    assert (got["gen"], got["dat"], got["acc"], got["ins"], got["prep"]) == forms


def test_every_built_in_prince_declines_and_typed_names_do_not():
    for name in prince_names("ru"):
        w = seat_word(name, "ru")
        assert w.ins != name and not w.ins.startswith("игрок")
    typed = seat_word("Вася", "ru")
    assert (typed.nom, typed.gen, typed.dat, typed.ins) == ("Вася", "игрока Вася", "игроку Вася", "игроком Вася")
    assert seat_word("Ольга", "ru").gender == "f"
    assert seat_word("Olga", "en").refl == "herself" and seat_word("Bob", "en").refl == "themselves"


def test_card_words_know_case_gender_and_number():
    walls = card_word(card("wall.wooden"), "ru")
    assert (walls.nom, walls.ins, walls.gender) == ("«Деревянные стены»", "«Деревянными стенами»", "pl")
    assert format(walls.g, "уходит|уходит|уходит|уходят") == "уходят"
    tmu = card_word(card("city.tmutarakan"), "ru")
    assert (tmu.nom, tmu.prep, format(tmu.g, "пал|пала|пало|пали")) == ("Тмутаракань", "Тмутаракани", "пала")
    assert card_word(card("city.vladimir"), "ru").forms["in"] == "во\u00a0Владимире"
    assert card_word(card("city.kiev"), "ru").forms["in"] == "в\u00a0Киеве"
    assert card_word(card("troop.druzhina.7"), "ru").acc == "«Дружину 7»"
    assert card_word(card("troop.poles"), "en").The == "The Poles 5"
    assert card_word(card("bld.church"), "en").a == "a Church"


def test_tokens_carry_the_case():
    w = card_word(card("ev.ambush"), "ru", tokens=True)
    assert w.acc == f"«{{card:{card('ev.ambush')}:acc}}»"


def test_lists_join_and_agree_in_the_plural():
    both = word_list([card_word(card("troop.militia"), "ru"), card_word(card("troop.poles"), "ru")], "ru")
    assert both.ins == "«Ополчением» и «Поляками 5»" and both.gender == "pl"
    assert tr("log.attack", lang="ru", seat=seat_word("Ольга", "ru"), cards=both, value=9).replace("\u00a0", " ") \
        == "Ольга атакует «Ополчением» и «Поляками 5»: Сила 9"


def test_a_built_in_name_follows_the_table_language_and_a_typed_one_stays():
    from knjazja.app.wording.words import localise_name
    assert localise_name("Ярослав", "en") == "Yaroslav"
    assert localise_name("Olga", "ru") == "Ольга"
    assert localise_name("Yaroslav", "en") == "Yaroslav"
    assert localise_name("Вася", "en") == "Вася"


def test_names_are_listed_with_and():
    from knjazja.app.wording.words import join_names
    assert join_names(["Ольга", "Ярослав", "Вася"], "ru") == "Ольга, Ярослав и Вася"
    assert join_names(["Olga", "Bob"], "en") == "Olga and Bob"
    assert join_names(["Olga"], "en") == "Olga"


def test_a_seat_outside_the_names_is_a_question_mark_not_an_error():
    names = ["Ольга", "Вася"]
    assert prince_word(names, 0, "ru") == seat_word("Ольга", "ru")
    assert prince_word(names, 1, "ru").gen == seat_word("Вася", "ru").gen
    for seat in (-1, 2, 99):
        assert str(prince_word(names, seat, "ru")) == "?" and str(prince_word(names, seat, "en")) == "?"



def test_a_network_seat_named_player_n_declines_its_own_word():
    """A free network seat is called «Игрок 2»: «у Игрока 2», never «у игрока Игрок 2»."""
    for name in (tr("net.seat_name", lang="ru", n=2), "Игрок 2"):
        w = seat_word(name, "ru")
        assert (w.nom, w.gen, w.ins) == (name, "Игрока\u00a02", "Игроком\u00a02")
    assert seat_word("Игроки 2", "ru").gen.replace("\u00a0", " ") == "игрока Игроки 2"    # only that pattern


def test_english_possessive_pronouns_follow_the_name():
    assert [seat_word(n, "en").their for n in ("Yaroslav", "Olga", "Sam")] == ["his", "her", "their"]
    told = tr("act.event_chronicle_self_3", lang="en", card=card_word(card("ev.poisoner"), "en"),
              seat=seat_word("Olga", "en"), target=card_word(card("chr.vasilko"), "en"))
    assert told == "Play the Poisoner Adviser and discard her own Blinding of Vasilko"
