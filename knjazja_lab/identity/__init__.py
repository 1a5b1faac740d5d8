"""The identity check of issue 47: hashes and saves from before the split (see saves.py)."""
