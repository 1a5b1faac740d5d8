"""Every file the game keeps: where they live, atomic writes and the background autosave,
settings, statistics, series, crash reports, the notices told once.
"""
