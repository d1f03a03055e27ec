"""The engine pool: discovery, opponent definitions, strength mapping, the engine player with
crash recovery, calibration and the rating fit.

Headless: this package never imports Textual or ``rated_play``.
"""
