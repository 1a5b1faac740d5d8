"""A player's name — typed at the setup, sent by a friend's program, read from a save — draws
in every face names are set in: emoji, "zalgo" marks and scripts the faces lack are left out
(an accent they lack keeps its letter), so nothing draws as missing-glyph boxes."""
import json
from pathlib import Path

import pygame
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from font_cmap import coverage
from knjazja.app.wording.names import NAME_CHARS, clean_name
from knjazja.ui.art.resources import FONT_FILES

FONTS = Path(__file__).resolve().parents[2] / "assets" / "fonts"
EMOJI, ZALGO = "😀👑🎉", "Z̷̢̛a̸͎͝l̴̰̊g̸̱͐o̵̪͆"


def test_every_character_a_name_may_hold_is_in_every_face():
    faces = {name: coverage(FONTS / name) for name in set(FONT_FILES.values())}
    for name, chars in faces.items():
        missing = sorted(c for c in NAME_CHARS if ord(c) not in chars)
        assert not missing, (name, missing)


@pytest.mark.parametrize("typed, shown", [
    ("Ольга", "Ольга"), (f"{EMOJI}Игорь{EMOJI}", "Игорь"), (ZALGO, "Zalgo"), ("Doğan", "Dogan"),
    ("Łukasz Żółć", "Łukasz Żółć"), ("Ёжик", "Ёжик"), ("日本", ""), ("{card:5}", "card:5"),
    ("  Вася\t\nПупкин  ", "Вася Пупкин"), ("й", "й"),
])
def test_a_name_keeps_what_draws(typed, shown):
    assert clean_name(typed) == shown


@settings(max_examples=300, deadline=None, derandomize=True, database=None)
@given(st.text(max_size=80))
def test_any_text_becomes_a_name_that_draws(text):
    name = clean_name(text)
    assert set(name) <= NAME_CHARS and len(name) <= 24 and name == name.strip()


def test_the_setup_screen_cleans_a_name_and_refuses_to_type_an_emoji(make_app):
    from knjazja.ui.scenes.setup import SetupScene
    app = make_app((960, 540))
    setup = app.stack.push(SetupScene())
    app.step([])
    setup.seats[0]["name"] = f"{ZALGO}{EMOJI}"
    assert setup.current_setup()["seats"][0]["name"] == "Zalgo"
    entry = setup.name_entries[1]
    entry.focus()
    entry.set_text("")
    app.step([pygame.event.Event(pygame.TEXTINPUT, text="😀"), pygame.event.Event(pygame.TEXTINPUT, text="Я")])
    assert entry.get_text() == "Я"


def test_a_friends_program_cannot_seat_an_undrawable_name():
    from knjazja.tools.netbench import ScriptedSeat
    from knjazja.net.host import Host, Limits
    from knjazja.net.protocol import join_message
    host = Host(limits=Limits(rate=1e9, burst=10**9))
    table = host.create_table("fri", ["remote", "remote"], seed=1)
    a, b = ScriptedSeat(host, "a"), ScriptedSeat(host, "b")
    a.send(join_message("fri", name=f"{EMOJI}Ольга{ZALGO}"))
    b.send(join_message("fri", name=EMOJI))
    assert [s.name for s in table.session.seats] == ["ОльгаZalgo", "Player 2"]
    assert json.dumps(b.inbox[0]["seats"], ensure_ascii=False).count("😀") == 0
