"""The lessons: their data, a session held to a lesson's path, what the guide points at, the
progress kept.
"""
from pathlib import Path

# the lessons' files (read by lessons.py; the menu only looks whether there are any)
LESSONS_DIR = Path(__file__).parents[1] / "data" / "lessons"
