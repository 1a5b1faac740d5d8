"""Journeys from the main menu: start and quit; the settings (language, window size, full
screen); the statistics; the rules, the card gallery and F1 at the table."""
from __future__ import annotations

import pygame
import pytest

from conftest import VARIANTS
from knjazja.app.wording.i18n import LANGUAGE_NAMES, tr


@pytest.mark.parametrize("size, lang", VARIANTS)
def test_start_and_quit(window, size, lang):
    w = window("start_quit", size, lang)
    w.frames(2)
    w.see("the menu", scene="MenuScene",
          words=[tr("menu.title"), tr("menu.subtitle"), tr("menu.new_game"), tr("menu.join"), tr("menu.learn"),
                 tr("menu.quit"), tr("menu.offer.title")])
    assert w.app.size == size
    w.press("#menu_quit", tr("menu.quit"))
    assert not w.app.running, "Quit left the window open"
    w.close()


@pytest.mark.parametrize("size, lang", VARIANTS)
def test_settings_language_size_and_full_screen(window, size, lang):
    other = "en" if lang == "ru" else "ru"
    w = window("settings", size, lang)
    w.frames(2)
    w.press("#menu_settings", tr("menu.settings"))
    w.see("the settings", scene="SettingsScene", words=[tr("settings.title"), tr("settings.language")])
    w.choose("#language", LANGUAGE_NAMES[other])
    w.press("#save", tr("common.save"))
    w.frames(2)
    assert w.app.settings.language == other
    w.see("the menu in the other language", scene="MenuScene",
          words=[tr("menu.new_game", lang=other), tr("menu.subtitle", lang=other)])
    w.press("#menu_settings")
    bigger = (1600, 900) if size != (1600, 900) else (1280, 720)
    w.choose("#window_size", tr("settings.window_size.value", w=bigger[0], h=bigger[1]))
    w.press("#save")
    w.frames(2)
    assert w.app.size == bigger, f"the window is {w.app.size}, not {bigger}"
    w.see("the menu at the new size", scene="MenuScene", words=[tr("menu.title")])
    w.press("#menu_settings")
    w.click(w.widget("#fullscreen").rect.center)
    w.press("#save")
    w.frames(2)
    assert w.app.fullscreen, "Full screen was ticked and saved, the window is not full screen"
    w.see("the menu full screen", scene="MenuScene", words=[tr("menu.new_game")])
    w.key(pygame.K_F11)
    w.frames(2)
    assert not w.app.fullscreen and w.app.size == bigger
    w.see("back in a window", scene="MenuScene", words=[tr("menu.new_game")])
    w.resize(size)
    assert w.app.size == size
    w.press("#menu_settings")
    w.choose("#language", LANGUAGE_NAMES[lang])
    w.press("#save")
    w.frames(2)
    w.see("the menu as it was", scene="MenuScene", words=[tr("menu.new_game", lang=lang)])


@pytest.mark.parametrize("size, lang", VARIANTS)
def test_statistics(window, size, lang):
    from knjazja.app.store import stats
    stats.record_game([{"name": "Ольга", "kind": "human"}, {"name": "Игорь", "kind": "easy"}], [14, 9], [0])
    w = window("statistics", size, lang)
    w.frames(2)
    w.press("#menu_stats", tr("menu.stats"))
    w.see("the statistics", scene="StatsScene", words=[tr("stats.title"), tr("stats.level.easy")])
    w.key(pygame.K_ESCAPE)
    w.see("the menu again", scene="MenuScene", words=[tr("menu.stats")])


@pytest.mark.parametrize("size, lang", VARIANTS)
def test_rules_gallery_and_f1(window, size, lang):
    w = window("rules", size, lang)
    w.frames(2)
    w.press("#menu_rules", tr("menu.rules"))
    w.see("the rules", scene="RulesScene", words=[tr("rules.title"), tr("book.tab.gallery")])
    w.press("#tab_gallery", tr("book.tab.gallery"))
    w.see("the card gallery", scene="GalleryScene", words=[tr("book.tab.rules")])
    w.press("#book_back")
    w.until(lambda: w.top_is("MenuScene"), "came back to the menu", 5)
    w.press("#menu_new_game", tr("menu.new_game"))
    w.press("#start", tr("setup.start"))
    w.until(lambda: w.top_is("TableScene") and w.flow.table.controller.can_act(), "had the table's turn", 300)
    w.key(pygame.K_F1)
    w.see("F1: the rules at the decision", scene="RulesScene", words=[tr("rules.title")])
    w.key(pygame.K_ESCAPE)
    w.see("the table again", scene="TableScene", words=[tr("table.button.draw")])
    w.press("#table_help")
    w.see("?: the rules", scene="RulesScene")
    w.key(pygame.K_ESCAPE)
    w.press("#table_menu", tr("table.button.menu"))
    w.see("the pause menu", scene="PauseScene", words=[tr("pause.title"), tr("pause.rules")])
    w.press("#pause_menu", tr("pause.menu"))
    w.see("the menu, the game kept", scene="MenuScene", words=[tr("menu.continue")])
