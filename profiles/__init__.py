"""The bottom package: the laws every game obeys (time control, clock, endings), and the
players: the durable game ledger, profiles, and the rating systems (pure math).

Headless: this package never imports Textual or ``rated_play``.
"""
