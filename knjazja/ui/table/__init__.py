"""The game table: what a player sees and plays with the mouse.

What a click means, whose hand is shown and when bots move is decided without pygame by
``knjazja.app.table.controller.TableController``; this package draws it and forwards the input:

    scene     TableScene, the screen a game is played on
    layout    where everything goes for a window size and number of players
    board     every player area, the piles and the centre: geometry, hit-tests, one cached layer
    areas     each player's area: info box, cities with their buildings, chronicles
    hand      the viewer's hand as a fan
    warstack  the war in the centre (the engine's war record), or the card being played
    log       the game log panel with hoverable card names
    prompt    the prompt banner, toasts, the choice panel
    controls  the buttons (pygame-gui)
    steps     engine events → animation steps (anim: the tweens)
    overlays  card zoom, the dragged card, the discard browser
    sprites   cached card faces/backs, badges, icons and text surfaces
    warmup    card faces rendered before they are needed
"""
