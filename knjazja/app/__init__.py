"""The game being played, without pygame: the session (undo, autosave, bots in the background),
the table's controller (what a click means, the event queue, bot pacing), narration and UI
strings, the rules document, review analysis, statistics, series, settings and storage.
``knjazja.ui`` draws it; tests drive it directly.  Nothing here imports pygame.
"""
# Every module, so `import knjazja.app` proves the whole package loads without pygame.
from knjazja.app import (analysis, autosave, card_names, clicks, controller, crash, glory, glossary,  # noqa: F401
                         help_topics, hints, i18n, interaction, lesson_pointer, lesson_progress,
                         files, lesson_session, lessons, names, narrate, notices, prompts, rulebook,
                         reviewbench, save_errors, series_store, session, settings, stats, storage,
                         table_view, typography, wordcheck, words)
