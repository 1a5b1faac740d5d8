"""The table without pygame: the controller composed of its jobs — who sees and the device
passing (``seating``), the game's own motion (``pacing``), what the mouse means (``pointer``,
with ``interaction``'s states and ``clicks``' matching), who may take a move back (``undo``) —
the news it tells its scene (``news``), the view the animations have shown, the banner's
words, the dialog's question and answers (``answers``), the Hint's request.
"""
