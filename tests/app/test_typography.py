"""No-break spaces where a line break would strand a word, and a real minus sign."""
from knjazja.app.wording.typography import NBSP, typeset


def test_short_words_and_dashes_stay_with_their_neighbours():
    assert typeset("Ольга строит «Церковь» в Киеве — и это всё", "ru") == \
        f"Ольга строит «Церковь» в{NBSP}Киеве{NBSP}— и{NBSP}это всё"
    assert typeset("— Ходит Ольга —", "ru") == f"—{NBSP}Ходит Ольга{NBSP}—"


def test_numbers_stay_with_their_words():
    assert typeset("Сила 7, 4 Славы", "ru") == f"Сила{NBSP}7, 4{NBSP}Славы"


def test_a_hyphen_before_a_number_is_a_minus():
    assert typeset("Слава -4", "ru") == f"Слава{NBSP}−4"
    assert typeset("Половцы 1-4", "ru") == "Половцы\u00a01-4"


def test_tokens_are_left_alone():
    assert typeset("{card:-1} и {card:12:acc}", "ru") == f"{{card:-1}} и{NBSP}{{card:12:acc}}"


def test_english_keeps_articles_with_their_nouns():
    assert typeset("Build a Church in Kiev — 3 Glory", "en") == f"Build a{NBSP}Church in Kiev{NBSP}— 3{NBSP}Glory"


def test_particles_lean_on_the_word_before():
    assert typeset("хотя бы одно войско", "ru") == f"хотя{NBSP}бы{NBSP}одно войско"


def test_a_formula_stays_on_one_line():
    assert typeset("Vladimir: (2×2 + 3) × 3 = 21", "en") == \
        f"Vladimir: (2×2{NBSP}+{NBSP}3){NBSP}×{NBSP}3{NBSP}={NBSP}21"
    assert typeset("Слава 2 + 1 = 3.", "ru") == f"Слава{NBSP}2{NBSP}+{NBSP}1{NBSP}={NBSP}3."
