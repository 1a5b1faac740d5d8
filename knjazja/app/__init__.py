"""The game being played, without pygame: the session (undo, autosave, bots in the background),
narration and UI strings, the rules document, review analysis, statistics, series, settings and
storage.  ``knjazja.ui`` draws it; tests drive it directly.  Nothing here imports pygame.
"""
# Every module, so `import knjazja.app` proves the whole package loads without pygame.
from knjazja.app import (analysis, card_names, hints, i18n, narrate, rulebook,  # noqa: F401
                         series_store, session, settings, stats, storage, typography, words)
