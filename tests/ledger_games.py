"""Games written straight into a ledger, for tests that need a ledger with known games and no
engine: one helper, where several test files each had a near-copy."""

from __future__ import annotations

from profiles.laws.endings import GameResult, Termination
from profiles.laws.time_control import TimeControl
from profiles.ledger.ledger import GameRecord, Ledger, Profile


def open_game(
    ledger: Ledger,
    profile: Profile,
    *,
    opponent_rating: float = 1500,
    opponent: str = "sf",
    title: str = "Stockfish",
    time_control: str = "5+3",
) -> GameRecord:
    """A new pending game, as a rated game writes it before its first move."""
    return ledger.open_game(
        profile,
        opponent_name=opponent,
        opponent_title=title,
        opponent_rating=opponent_rating,
        time_control=TimeControl.parse(time_control),
        rating_before=None,
    )


def record_game(
    ledger: Ledger,
    profile: Profile,
    score: float | None = 1.0,
    *,
    opponent_rating: float = 1500,
    opponent: str = "sf",
    title: str = "Stockfish",
    time_control: str = "5+3",
    moves: tuple[str, ...] = (),
    pgn: str = "",
    termination: Termination | None = None,
) -> int:
    """A game opened, its ``moves`` (UCI) recorded, and closed with the player's ``score``
    (None: void) and ``termination`` (by default checkmate for a decisive game, a draw agreed
    for a draw; an abandoned game is closed as the loss the session writes); returns its id."""
    game = open_game(
        ledger,
        profile,
        opponent_rating=opponent_rating,
        opponent=opponent,
        title=title,
        time_control=time_control,
    )
    for ply, uci in enumerate(moves, start=1):
        ledger.record_move(game.id, ply, uci, None)
    if score is None:
        void = GameResult(None, Termination.ENGINE_FAILURE, game.player_color)
        ledger.close_game(game.id, void, pgn=pgn, rating_after=None)
        return game.id
    winner = {1.0: game.player_color, 0.0: not game.player_color}.get(score)
    if termination is None:
        termination = Termination.CHECKMATE if winner is not None else Termination.DRAW_AGREED
    result = GameResult(winner, termination, game.player_color)
    ledger.close_game(game.id, result, pgn=pgn, rating_after=None)
    return game.id
