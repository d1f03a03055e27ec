"""A profile's rated games as one PGN text, as ``rated-play export`` writes them."""

from __future__ import annotations

from profiles.ledger import GameStatus, Ledger, Profile
from rated_play.session.abandoned import abandoned_pgn


def exported_games(ledger: Ledger, profile: Profile) -> list[str]:
    """The PGN of every closed game of ``profile``, in the order played: void ones too (their
    Result is ``*``), since the archive hides nothing, and a game left by a dead process as the
    loss it will be closed as, moves and all. A game still being played is not in it."""
    return [
        abandoned_pgn(ledger, game, profile)
        if not game.pgn and game.status is GameStatus.ABANDONED
        else game.pgn
        for game in ledger.games(profile.id)
        if game.status is not GameStatus.PENDING
    ]


def pgn_text(games: list[str]) -> str:
    """Games as one PGN file: each ends with one newline, and a blank line parts them."""
    return "\n".join(game.rstrip("\n") + "\n" for game in games)
