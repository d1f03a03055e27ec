"""A message meant for a person, as a screen says it: a sentence."""

from __future__ import annotations

import pytest

from profiles.errors import sentence


@pytest.mark.parametrize(
    ("message", "said"),
    [
        (
            "you have offered a draw this move already; play a move first",
            "You have offered a draw this move already; play a move first.",
        ),
        ("no draw to claim: see 9.2.", "No draw to claim: see 9.2."),
        # A move or a square it begins with keeps its file's small letter.
        ("e4 is not legal in this position", "e4 is not legal in this position."),
        ("exd5: there is no pawn on e4", "exd5: there is no pawn on e4."),
        ("g1f3 is not legal in this position", "g1f3 is not legal in this position."),
        ("'xyz' is not a move", "'xyz' is not a move."),
        ("Your move?", "Your move?"),
        ("", ""),
    ],
)
def test_a_message_is_said_as_a_sentence(message: str, said: str) -> None:
    assert sentence(message) == said
