"""The lessons: their data, a session held to a lesson's path, what the guide points at, the
progress kept.
"""
