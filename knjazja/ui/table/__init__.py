"""The game table: what a player sees and plays with the mouse.

The scene itself is :class:`knjazja.ui.scenes.table.TableScene`; this package holds its
parts, each small and testable on its own:

    sprites   cached card faces/backs, badges, icons and text surfaces
    view      the view model the table draws (lags the real state while animations run)
    areas     each player's area: info box, cities with their buildings, chronicles
    hand      the viewer's hand as a fan
    warstack  the war in the centre (and the card being played)
    log       the game log panel with hoverable card names
    prompt    the prompt banner, texts of what is being decided, toasts
    anim      the animation queue built from engine events
    input     mapping clicks on cards and targets onto legal actions, and refusal reasons
    overlays  card zoom and the discard browser
"""
