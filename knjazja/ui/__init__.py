"""The desktop UI: pygame-ce draws, pygame-gui supplies widgets.

``app.App`` owns the window and the frame loop, ``scene.SceneStack`` the screens,
``layout.table_layout`` the table geometry, ``i18n.tr`` the strings and ``settings`` the
player's preferences.  Card and table art live in ``ui.art``.
"""
