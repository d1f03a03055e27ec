"""What a rated game forbids, in the words the player reads: one home for them (the help
screen shows them, the README says the same in one line)."""

from __future__ import annotations

RATED_GAME_RULES: tuple[str, ...] = (
    "No takebacks: a move played stays played.",
    "No pause and no saving to resume later: the clocks run from the first move to the end.",
    "No hints, no evaluation and no engine analysis while the game is on: a finished game "
    "can be analysed.",
    "Leaving before the game ends (the quit key, Ctrl+C, closing the terminal) scores it as a "
    "loss by abandonment, as a rated game left unfinished always is.",
    "Colours alternate from one rated game to the next.",
)
"""The rules of a rated game that a player might look for a way around."""
