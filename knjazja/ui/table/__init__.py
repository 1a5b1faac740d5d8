"""The game table: what a player sees and plays with the mouse.

    scene     TableScene, the screen a game is played on
    layout    where everything goes for a window size and number of players
    sprites   cached card faces/backs, badges, icons and text surfaces
    view      the view model the table draws (lags the real state while animations run)
    board     every player area, the piles and the centre: geometry, hit-tests, one cached layer
    areas     each player's area: info box, cities with their buildings, chronicles
    hand      the viewer's hand as a fan
    warstack  the war in the centre (and the card being played)
    log       the game log panel with hoverable card names
    prompt    the prompt banner, texts of what is being decided, toasts, the choice panel
    controls  the buttons (pygame-gui)
    anim      tweens; steps turns engine events into them
    input     mapping clicks on cards and targets onto legal actions, and refusal reasons
    overlays  card zoom and the discard browser
"""
