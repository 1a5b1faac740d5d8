"""The game being played, without pygame, by job: the session and its one event feed (here),
``table`` (what a click means, undo, the view the animations have shown), ``wording`` (every
word the game says), ``store`` (every file it keeps), ``tutorial`` (the lessons) and ``advice``
(the review and the Hint's reasons).  ``knjazja.ui`` draws it; tests drive it directly.
Nothing here imports pygame.
"""
# Every module, so `import knjazja.app` proves the whole package loads without pygame.
from knjazja.app import feed, session  # noqa: F401
from knjazja.app.advice import (advicesample, analysis, audit, auditfacts, auditrun, explain, facts,  # noqa: F401
                                marks, movefacts, reviewbench, verdict)
from knjazja.app.store import autosave, crash, files, notices, series_store, settings, stats, storage  # noqa: F401
from knjazja.app.table import answers, clicks, controller, hints, interaction, prompts, table_view, undo  # noqa: F401
from knjazja.app.tutorial import lesson_pointer, lesson_progress, lesson_session, lessons  # noqa: F401
from knjazja.app.wording import (card_names, glory, glossary, help_topics, i18n, names, narrate,  # noqa: F401
                                 rulebook, save_errors, typography, wordcheck, wordlines, wordpatterns,
                                 wordsample, words)
