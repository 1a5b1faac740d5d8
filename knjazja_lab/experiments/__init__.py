"""Diagnostics that read the bots and change none: run from a checkout as
`python -m knjazja_lab.experiments.NAME` (see docs/BOTS.md)."""
