"""Headless scenes: click through the menu into a new game, edit settings, resize."""
import json

import pygame
import pygame_gui
import pytest

from knjazja.app.wording import i18n
from knjazja.app.store.settings import Settings, load_settings, settings_path
from knjazja.ui.scenes import MenuScene, SettingsScene, SetupScene


def click(app, element, button=1):
    """Press and release the left mouse button over a widget, through App.step."""
    pos = element.rect.center
    app.step([pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)),
              pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button),
              pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button)])


def choose(app, menu, option_id):
    """Pick an option of a drop-down (the event pygame-gui posts when one is clicked)."""
    text = next(t for t, i in menu.options_list if i == option_id)
    app.step([pygame.event.Event(pygame_gui.UI_DROP_DOWN_MENU_CHANGED, text=text,
                                 selected_option_id=option_id, ui_element=menu)])


def inside(rect, size):
    return pygame.Rect((0, 0), size).contains(rect)


def test_new_game_flow_hands_the_setup_to_on_start(make_app):
    app = make_app((1280, 720))
    started = []
    menu = app.stack.push(MenuScene(on_start=started.append))
    app.step([])
    click(app, menu.buttons["new_game"])
    setup = app.stack.top
    assert isinstance(setup, SetupScene)
    assert len(setup.seats) == 4  # the default: you and three bots
    click(app, setup.add_button)
    assert len(setup.seats) == 5
    click(app, setup.start_button)
    assert len(started) == 1
    result = started[0]
    assert len(result["seats"]) == 5
    assert result["seats"][0]["kind"] == "human"
    assert all(s["name"] for s in result["seats"])
    assert result["first_player"] == "random"
    assert result["options"] == {"strict_defence": False, "invasion_first_round": False}
    # remembered for next time, on disk
    assert load_settings().last_setup == result


def test_setup_edits_reach_the_callback(make_app):
    app = make_app((1920, 1080))
    started = []
    app.settings.last_setup = {"seats": [{"name": "Ольга", "kind": "human"},
                                         {"name": "Игорь", "kind": "hard"},
                                         {"name": "", "kind": "easy"}],
                               "first_player": 1, "options": {"strict_defence": True,
                                                              "invasion_first_round": False}}
    scene = app.stack.push(SetupScene(on_start=started.append))
    app.step([])
    # a built-in prince's name follows the table's language (English here); a typed one stays
    assert [e.get_text() for e in scene.name_entries][:2] == ["Olga", "Игорь"]
    assert scene.name_entries[2].get_text()  # a default name filled in
    assert scene.option_boxes["strict_defence"].is_checked
    click(app, scene.remove_buttons[0])          # remove Olga: first player moves to index 0
    assert [s["name"] for s in scene.seats][0] == "Игорь" and scene.first_player == 0
    choose(app, scene.kind_menus[1], "normal")
    click(app, scene.option_boxes["invasion_first_round"])
    choose(app, scene.first_menu, "random")
    entry = scene.name_entries[0]
    entry.set_text("Игорь Святославич")
    app.step([pygame.event.Event(pygame_gui.UI_TEXT_ENTRY_CHANGED, text=entry.get_text(), ui_element=entry)])
    click(app, scene.start_button)
    assert started == [{"seats": [{"name": "Игорь Святославич", "kind": "hard"},
                                  {"name": scene.seats[1]["name"], "kind": "normal"}],
                        "first_player": "random",
                        "options": {"strict_defence": True, "invasion_first_round": True}}]


def test_seat_count_limits(make_app):
    app = make_app()
    app.settings.last_setup = {"seats": [{"name": "", "kind": "human"}, {"name": "", "kind": "easy"}],
                               "first_player": "random", "options": {}}
    scene = app.stack.push(SetupScene())
    app.step([])
    assert all(not b.is_enabled for b in scene.remove_buttons)
    for _ in range(10):
        click(app, scene.add_button)
    assert len(scene.seats) == 8 and not scene.add_button.is_enabled
    names = [s["name"] for s in scene.seats]
    assert len(set(names)) == 8  # default names are all different


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080), (3840, 2160)])
@pytest.mark.parametrize("lang", ["en", "ru"])
def test_widgets_fit_the_window(make_app, size, lang):
    app = make_app(size, Settings(language=lang), persist=False)
    menu = app.stack.push(MenuScene())
    app.step([])
    assert all(inside(b.rect, size) for b in menu.buttons.values())
    app.settings.last_setup = {"seats": [{"name": "", "kind": "normal"}] * 8,
                               "first_player": "random", "options": {}}
    setup = app.stack.push(SetupScene())
    app.step([])
    panel = setup._panel
    assert inside(panel, size)
    widgets = (setup.name_entries + setup.kind_menus + setup.remove_buttons +
               [setup.add_button, setup.start_button, setup.back_button, setup.first_menu])
    for w in widgets:
        assert panel.contains(w.rect), w
    for box in setup.option_boxes.values():
        assert panel.contains(box.text_label.rect), box.text
    settings = app.stack.push(SettingsScene())
    app.step([])
    for w in list(settings.widgets.values()) + [settings.save_button, settings.cancel_button]:
        assert settings._panel.contains(w.rect), w


def test_continue_and_rules_follow_their_callbacks(make_app):
    app = make_app()
    saves = {"any": False}
    continued = []
    menu = app.stack.push(MenuScene(has_saves=lambda: saves["any"], on_continue=lambda: continued.append(1)))
    app.step([])
    assert not menu.buttons["continue"].is_enabled and not menu.buttons["rules"].is_enabled
    click(app, menu.buttons["continue"])
    assert continued == []
    saves["any"] = True
    app.stack.push(SettingsScene())
    app.stack.pop()  # coming back re-asks has_saves()
    assert menu.buttons["continue"].is_enabled
    click(app, menu.buttons["continue"])
    assert continued == [1]


def test_settings_scene_saves_to_the_file_and_relabels(make_app):
    app = make_app((1600, 900))
    menu = app.stack.push(MenuScene())
    app.step([])
    click(app, menu.buttons["settings"])
    scene = app.stack.top
    assert isinstance(scene, SettingsScene)
    choose(app, scene.widgets["language"], "ru")
    choose(app, scene.widgets["reaction_prompting"], "always")
    click(app, scene.widgets["mute"])
    click(app, scene.widgets["confirm_end_war"])
    slider = scene.widgets["animation_speed"]
    slider.set_current_value(2.1)
    app.step([pygame.event.Event(pygame_gui.UI_HORIZONTAL_SLIDER_MOVED, value=2.1, ui_element=slider)])
    click(app, scene.save_button)
    assert app.stack.top is menu
    assert i18n.get_language() == "ru"
    assert menu.buttons["new_game"].text == "Новая партия"  # the menu was rebuilt in Russian
    data = json.loads(settings_path().read_text(encoding="utf-8"))
    assert data["language"] == "ru" and data["mute"] is True and data["confirm_end_war"] is False
    assert data["reaction_prompting"] == "always" and data["animation_speed"] == 2.0
    assert load_settings() == app.settings


def test_settings_cancel_changes_nothing(make_app):
    app = make_app()
    app.stack.push(MenuScene())
    scene = app.stack.push(SettingsScene())
    app.step([])
    choose(app, scene.widgets["language"], "ru")
    app.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="", scancode=0)])
    assert isinstance(app.stack.top, MenuScene)
    assert app.settings.language == "en" and i18n.get_language() == "en"
    assert not settings_path().exists()


def test_window_resize_relayouts_and_keeps_the_minimum(make_app):
    app = make_app((1280, 720))
    menu = app.stack.push(MenuScene())
    app.step([])
    old = menu.buttons["new_game"].rect.copy()
    setup = app.stack.push(SetupScene())
    app.step([])
    assert not menu.buttons                 # covered by a whole screen: its widgets went
    setup.seats[0]["name"] = "Всеволод"  # state survives the rebuild
    app.step([pygame.event.Event(pygame.VIDEORESIZE, size=(1920, 1080), w=1920, h=1080)])
    assert app.size == (1920, 1080) and app.settings.window_size == (1920, 1080)
    assert setup.name_entries[0].get_text() == "Всеволод"
    assert setup.ui.window_resolution == (1920, 1080)
    app.stack.pop()
    app.step([])
    assert menu.buttons["new_game"].rect != old          # the covered scene laid out anew
    assert inside(menu.buttons["new_game"].rect, (1920, 1080))
    assert menu.ui.window_resolution == (1920, 1080)
    app.stack.push(SetupScene())
    app.step([pygame.event.Event(pygame.VIDEORESIZE, size=(800, 500), w=800, h=500)])
    assert app.size == (960, 540)           # the minimum (settings.MIN_WINDOW_SIZE)


def test_quit_event_stops_the_app(make_app):
    app = make_app()
    app.stack.push(MenuScene())
    assert app.step([]) is True
    assert app.step([pygame.event.Event(pygame.QUIT)]) is False


def test_quit_button_stops_the_app(make_app):
    app = make_app()
    menu = app.stack.push(MenuScene())
    app.step([])
    click(app, menu.buttons["quit"])
    assert app.running is False


def test_run_loop_exits_when_the_window_closes(make_app):
    app = make_app(persist=False)
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    app.run(MenuScene())
    assert not app.running and len(app.stack) == 0


def test_f11_toggles_full_screen_and_back(make_app):
    app = make_app((1600, 900), persist=False)
    menu = app.stack.push(MenuScene())
    app.step([])
    f11 = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F11, mod=0, unicode="", scancode=0)
    app.step([f11])
    assert app.fullscreen and app.settings.fullscreen
    assert menu.ui.window_resolution == app.size
    app.step([f11])
    assert not app.fullscreen and not app.settings.fullscreen
    assert app.size == (1600, 900)


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_the_pause_menu_buttons_share_one_font(make_app, lang):
    """«Вернуться к столу» is the main action but set in the same type as the others."""
    from knjazja.ui.scenes.pause import PauseScene
    app = make_app((1280, 720), persist=False)
    app.set_language(lang)
    scene = app.stack.push(PauseScene([("resume", lambda: None), ("save", lambda: None),
                                       ("settings", lambda: None), ("menu", lambda: None)]))
    app.step([])
    fonts = {key: b.font for key, b in scene.buttons.items()}
    sizes = {key: (f.point_size if hasattr(f, "point_size") else f.size("Ж")) for key, f in fonts.items()}
    assert len({id(f) for f in fonts.values()}) == 1, sizes
    i18n.set_language("en")


def test_every_seat_kind_has_a_colour_in_the_seating_preview():
    """The preview once had no colour for a remote seat: choosing one crashed the window."""
    from knjazja.app.store.settings import PLAYER_KINDS
    from knjazja.ui.scenes.setup import SEAT_COLOURS

    assert set(PLAYER_KINDS) <= set(SEAT_COLOURS)


@pytest.mark.parametrize("kind", ["remote", "hard", "easy"])
def test_choosing_a_seat_kind_draws_the_preview(make_app, kind):
    app = make_app((1280, 720))
    setup = app.stack.push(SetupScene())
    app.step([])
    choose(app, setup.kind_menus[1], kind)
    app.step([])     # the frame that drew the preview with that seat
    assert setup.seats[1]["kind"] == kind


MENU_SIZES = [(960, 540), (1280, 720), (1600, 900), (1920, 1080), (2560, 1440)]


def _suggestion():
    """The menu's tallest card: a game saved, three buttons."""
    return (i18n.tr("menu.suggest.title"), i18n.tr("menu.suggest.text_saved"),
            [(i18n.tr("menu.suggest.continue"), lambda: None), (i18n.tr("menu.suggest.play"), lambda: None),
             (i18n.tr("menu.suggest.dismiss"), lambda: None)])


@pytest.mark.parametrize("lang", ["ru", "en"])
@pytest.mark.parametrize("size", MENU_SIZES)
def test_the_menu_panel_keeps_off_the_subtitle_and_every_label_fits(make_app, size, lang):
    """The first screen: the panel behind the buttons once covered the subtitle at every
    size, and «Присоединиться к партии» ran past its button at 960×540."""
    app = make_app(size, Settings(language=lang), persist=False)
    menu = app.stack.push(MenuScene(banner=_suggestion))
    app.step([])
    lay, window = menu.layout, pygame.Rect((0, 0), size)
    header = [lay.title_rect, lay.subtitle_rect, lay.divider]
    for part in header + [lay.panel, menu.banner_rect]:
        assert window.contains(part), (part, size)
    for part in (lay.panel, menu.banner_rect):
        assert not any(part.colliderect(h) for h in header), (part, header)
    assert not lay.panel.colliderect(menu.banner_rect)
    assert not lay.title_ink.colliderect(lay.subtitle_rect)
    margin = menu.px(24)                     # each side
    for key, b in menu.buttons.items():
        w, h = b.font.size(b.text)
        assert lay.panel.contains(b.rect), key
        assert w + 2 * margin <= b.rect.width and h <= b.rect.height, (key, b.text, (w, h), b.rect)
    for b, _ in menu.banner_buttons:
        assert menu.banner_rect.contains(b.rect) and b.font.size(b.text)[0] + 8 <= b.rect.width, b.text


@pytest.mark.parametrize("lang", ["ru", "en"])
@pytest.mark.parametrize("size", [(960, 540), (1920, 1080)])
def test_the_pause_menu_labels_fit_their_buttons(make_app, size, lang):
    from knjazja.ui.scenes.pause import PauseScene
    app = make_app(size, Settings(language=lang), persist=False)
    keys = ["resume", "save", "load", "rules", "settings", "restart_lesson", "skip_lesson", "lessons", "menu"]
    scene = app.stack.push(PauseScene([(k, lambda: None) for k in keys]))
    app.step([])
    for key, b in scene.buttons.items():
        w, h = b.font.size(b.text)
        assert w + 2 * scene.px(24) <= b.rect.width and h <= b.rect.height, (key, b.text, w, b.rect)
        assert scene._panel.contains(b.rect) and pygame.Rect((0, 0), size).contains(scene._panel), key


def _open(menu) -> list:
    """Open a drop-down as a click does; its list's item buttons."""
    menu.current_state.should_transition = True
    menu.update(0.0)
    return [item["button_element"] for item in menu.current_state.options_selection_list.item_list]


@pytest.mark.parametrize("lang", ["ru", "en"])
@pytest.mark.parametrize("size", MENU_SIZES)
def test_every_seat_kind_reads_whole_closed_and_open(make_app, size, lang):
    """The seat list once read «Игрок за другим к…» / "Player on another c"."""
    from knjazja.app.store.settings import PLAYER_KINDS
    app = make_app(size, Settings(language=lang), persist=False)
    kinds = list(PLAYER_KINDS) + ["remote", "human", "normal"]
    app.settings.last_setup = {"seats": [{"name": "", "kind": k} for k in kinds[:8]],
                               "first_player": "random", "options": {}}
    setup = app.stack.push(SetupScene())
    app.step([])
    pad = setup.px(12)                       # the theme's padding, each side
    for menu in setup.kind_menus:
        shown = menu.menu_states["closed"].selected_option_button
        assert shown.font.size(shown.text)[0] + 2 * pad <= shown.rect.width, (shown.text, shown.rect)
        assert setup._panel.contains(menu.rect)
    for item in _open(setup.kind_menus[1]):
        assert item.font.size(item.text)[0] + 2 * pad <= item.rect.width, (item.text, item.rect)
    entry = setup.name_entries[0]
    assert entry.font.size("Ярослав Мудрый")[0] + setup.px(16) <= entry.rect.width, entry.rect


def test_a_scene_covered_by_a_whole_screen_lets_its_backdrop_go(make_app):
    """A menu under a table keeps no full-window picture of itself (it is not drawn there);
    under an overlay it is drawn, and keeps it."""
    from knjazja.ui.scenes.base import GuiScene
    from knjazja.ui.scenes.menu import MenuScene

    class Whole(GuiScene):
        pass

    class Overlay(GuiScene):
        is_overlay = True

    app = make_app((1280, 720))
    menu = MenuScene(has_saves=lambda: False)
    app.stack.push(menu)
    app.step([], 1 / 60)
    assert menu._backdrop is not None
    app.stack.push(Overlay())
    app.step([], 1 / 60)
    assert menu._backdrop is not None
    app.stack.pop()
    app.stack.push(Whole())
    app.step([], 1 / 60)
    assert menu._backdrop is None
    app.stack.pop()
    app.step([], 1 / 60)
    assert menu._backdrop is not None and menu._backdrop.get_size() == app.screen.get_size()


def test_a_table_keeps_one_layer_and_lets_it_go_under_a_whole_screen(make_app):
    """The table's layer is drawn over in place (one window-sized surface, not a new copy each
    change) and, with the backdrop, let go while a whole screen covers the table."""
    from knjazja.app.session import GameSession, Seat
    from knjazja.ui.scenes.base import GuiScene
    from knjazja.ui.table.scene import TableScene

    app = make_app((1280, 720), persist=False)
    table = TableScene(GameSession([Seat("A", "human"), Seat("B", "normal")], seed=3), sync_bots=True)
    app.stack.push(table)
    app.step([], 1 / 60)
    layer = table.board._layer
    assert layer is not None and layer.get_size() == app.screen.get_size()
    table.board._layer_key = None           # something changed: drawn again...
    app.step([], 1 / 60)
    assert table.board._layer is layer      # ... over the same surface
    app.stack.push(GuiScene())
    app.step([], 1 / 60)
    assert table.board._layer is None and table._backdrop is None
    app.stack.pop()
    app.step([], 1 / 60)
    assert table.board._layer is not None and table._backdrop is not None
    app.stack.pop()                         # closed: whoever still holds it holds no picture
    assert table.board._layer is None and table._backdrop is None


def test_only_one_full_window_surface_of_each_kind_at_the_table(make_app):
    """At the table: the window, the table-top picture, the table's backdrop and its layer;
    the menu under it keeps no picture of its own."""
    from knjazja.app.session import GameSession, Seat
    from knjazja.ui.scenes.menu import MenuScene
    from knjazja.ui.table.scene import TableScene

    app = make_app((1280, 720), persist=False)
    menu = MenuScene(has_saves=lambda: False)
    app.stack.push(menu)
    app.step([], 1 / 60)
    table = TableScene(GameSession([Seat("A", "human"), Seat("B", "normal")], seed=3), sync_bots=True)
    app.stack.push(table)
    for _ in range(3):
        app.step([], 1 / 60)
    assert menu._backdrop is None
    whole = [s for s in (app.screen, table._backdrop, table.board._layer) if s is not None]
    assert len({id(s) for s in whole}) == 3 and all(s.get_size() == app.screen.get_size() for s in whole)


def test_a_whole_screen_over_an_overlay_hides_the_scenes_under_both(make_app):
    """The review pushed over the results (an overlay over the table): the table, no longer
    drawn, is told so and lets its drawings go; an overlay pushed hides nothing."""
    from knjazja.ui.scene_stack import Scene

    class Told(Scene):
        def __init__(self, overlay: bool) -> None:
            super().__init__()
            self.is_overlay, self.times_hidden = overlay, 0

        def hidden(self) -> None:
            self.times_hidden += 1

    app = make_app((960, 540), persist=False)
    table, results = Told(False), Told(True)
    app.stack.push(table)
    app.stack.push(results)
    app.stack.push(Told(True))               # another overlay: the table is still drawn
    assert table.times_hidden == 0 and results.times_hidden == 0
    app.stack.pop()
    app.stack.push(Told(False))              # the review: a whole screen
    assert table.times_hidden == 1 and not table.covered_by_overlay
    assert results.times_hidden == 0 and results.paused and not results.covered_by_overlay   # told by pause()


def test_a_hidden_table_keeps_only_its_last_frames_drawings_and_asks_for_its_faces_again(make_app):
    """Hidden under a whole screen, the table keeps the faces, sprites and texts its last
    frames drew (no more than HIDDEN_KEEP_MB each), asks the face worker for nothing, and
    asks for its plan again when it is drawn again."""
    from knjazja.app.session import GameSession, Seat
    from knjazja.engine.cards import SPECS
    from knjazja.ui.scenes.base import GuiScene
    from knjazja.ui.table import scene as table_scene
    from knjazja.ui.table.scene import TableScene

    app = make_app((1280, 720), persist=False)
    table = TableScene(GameSession([Seat("A", "human"), Seat("B", "normal")], seed=3), sync_bots=True)
    app.stack.push(table)
    app.step([], 1 / 60)
    for size in ((90, 126), (120, 168), (150, 210)):        # faces drawn long ago
        for spec in SPECS:
            table.sprites.face_id(spec.id, size, "ru")
    for _ in range(2):
        app.step([], 1 / 60)                                 # the last frames' faces, drawn last
    last = list(table.sprites._faces)[-3:]
    assert table.sprites._faces.bytes > table_scene.HIDDEN_KEEP_MB * 2**20
    asked: list = []
    table.warmer.plan = lambda *args: asked.append(args)     # type: ignore[method-assign]
    app.stack.push(GuiScene())
    app.step([], 1 / 60)
    faces = table.sprites._faces
    assert faces.bytes <= table_scene.HIDDEN_KEEP_MB * 2**20 and all(k in faces for k in last)
    assert table.texts._cache.bytes <= table_scene.HIDDEN_KEEP_MB * 2**20
    assert not table.sprites.prefetching and asked == []
    app.stack.pop()
    app.step([], 1 / 60)
    assert asked and asked[0][0] is table.layout        # built again: a plan for its new layout


def test_a_menu_under_the_table_lets_its_widgets_go_and_builds_them_again(make_app):
    """Under a whole screen the menu keeps no widgets and no manager (their pictures were
    ~18 MB at 1920×1080); back on top, its buttons are built again for the window of now
    and work."""
    import gc
    import weakref

    from knjazja.app.session import GameSession, Seat
    from knjazja.ui.table.scene import TableScene

    app = make_app((1280, 720), persist=False)
    started = []
    menu = app.stack.push(MenuScene(has_saves=lambda: False, on_start=started.append))
    app.step([], 1 / 60)
    old_button, old_manager = weakref.ref(menu.buttons["new_game"]), weakref.ref(menu.ui)
    assert len(menu._fan_cache) > 0         # the fan of cards, drawn
    app.stack.push(TableScene(GameSession([Seat("A", "human"), Seat("B", "normal")], seed=3),
                                      sync_bots=True))
    app.step([], 1 / 60)
    assert menu.ui is None and not menu.buttons and len(menu._fan_cache) == 0
    gc.collect()
    assert old_manager() is None and old_button() is None     # gone, with their pictures
    app.resize((960, 540))                  # resized while hidden
    app.stack.pop()
    app.step([], 1 / 60)
    button = menu.buttons["new_game"]
    assert button.alive() and inside(button.rect, (960, 540)) and len(menu._fan_cache) > 0
    click(app, button)
    assert isinstance(app.stack.top, SetupScene)


def test_a_button_keeps_one_picture_per_state_and_a_text_entry_still_types(make_app):
    """pygame-gui's picture-before-text and text-alone copies are let go for every shape whose
    text cannot be edited (``ui.gui_lean``); a text entry keeps them and still shows what is
    typed."""
    app = make_app((1280, 720), persist=False)
    menu = app.stack.push(MenuScene(has_saves=lambda: False))
    for _ in range(30):                     # every state drawn (pygame-gui draws some later)
        app.step([], 1 / 60)
    states = menu.buttons["new_game"].drawable_shape.states
    assert len(states) >= 2
    assert all(s.pre_text_surface is None and s.text_surface is None for s in states.values())
    assert states["normal"].surface.get_width() > 0
    entry = pygame_gui.elements.UITextEntryLine(pygame.Rect(10, 10, 300, 40), menu.ui)
    entry.focus()
    before = entry.image.copy()
    app.step([pygame.event.Event(pygame.TEXTINPUT, text="Ж")])
    for _ in range(3):
        app.step([], 1 / 60)
    assert entry.get_text() == "Ж"
    assert entry.drawable_shape.states["normal"].text_surface is not None
    assert pygame.image.tobytes(entry.image, "RGBA") != pygame.image.tobytes(before, "RGBA")


def test_a_manager_caches_its_shapes_on_a_small_sheet(make_app):
    """pygame-gui's sheet of cached shapes, 4 MB by default per manager, is 1 MB at up to
    2048 pixels wide (``ui.gui_lean``), and the menu's shapes are cached on it."""
    from knjazja.ui import gui_lean

    app = make_app((1280, 720), persist=False)
    menu = app.stack.push(MenuScene(has_saves=lambda: False))
    for _ in range(30):
        app.step([], 1 / 60)
    cache = menu.ui.ui_theme.shape_cache
    assert cache.cache_surface_size == (gui_lean.SHEET_SIDE,) * 2
    assert [s["surface"].get_size() for s in cache.cache_surfaces] == [cache.cache_surface_size]
    assert cache.cache_long_term_lookup                  # in use
