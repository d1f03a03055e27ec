"""The result screen's line about the archive says plainly that the PGN went nowhere (an archive
folder full or read-only at the game's end) and where it is found all the same; where it went is
said by the path line (tests/ui/test_game.py reads it on a whole game's result screen)."""

from __future__ import annotations

from rated_play.ui.screens.result import not_archived_text


def test_a_pgn_the_archive_could_not_take_is_said_not_archived_and_where_to_find_it() -> None:
    text = not_archived_text("Magnus")
    assert "archived at" not in text
    assert text.startswith("PGN not archived") and "rated-play export Magnus" in text
