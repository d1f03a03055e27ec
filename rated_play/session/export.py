"""A profile's rated games as one PGN text, as ``rated-play export`` writes them."""

from __future__ import annotations

from profiles.ledger.ledger import Ledger
from profiles.ledger.records import GameRecord, GameStatus, Profile
from profiles.player.past_games import between_games
from rated_play.session.abandoned import abandoned_pgn, recorded_pgn
from rated_play.session.decoration import Decorating


def exported_games(
    ledger: Ledger, profile: Profile, decorating: Decorating | None = None
) -> list[str]:
    """The PGN of every closed game of ``profile``, in the order played: void ones too (their
    Result is ``*``), since the archive hides nothing, and a game left by a dead process as the
    loss it will be closed as, moves and all. Refused while one of its games is played, as
    every look at its past games is (:func:`profiles.player.past_games.between_games`)."""
    between_games(ledger, profile.id)
    return [
        archived_pgn(ledger, game, profile, decorating)
        for game in ledger.games(profile.id)
        if game.status is not GameStatus.PENDING
    ]


def archived_pgn(
    ledger: Ledger, game: GameRecord, profile: Profile, decorating: Decorating | None = None
) -> str:
    """The PGN of a game that is over, as the archive keeps it; a game left by a dead process
    (pending in its row, or read as abandoned) as the loss it will be closed as. The caller
    knows that no process plays ``game``."""
    if not game.pgn and game.status in (GameStatus.ABANDONED, GameStatus.PENDING):
        return abandoned_pgn(ledger, game, profile, decorating)
    return game.pgn or recorded_pgn(ledger, game, profile, decorating)


def pgn_text(games: list[str]) -> str:
    """Games as one PGN file: each ends with one newline, and a blank line parts them."""
    return "\n".join(game.rstrip("\n") + "\n" for game in games)
