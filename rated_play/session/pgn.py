"""The PGN of a rated game: full headers, the moves, and each move's clock reading."""

from __future__ import annotations

import datetime as dt
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

import chess
import chess.pgn

from profiles.data_directory import archive_name_before_numbers
from profiles.laws.time_control import TimeControl
from profiles.ledger.records import GameRecord, RecordedMove
from profiles.openings.names import Opening, opening_of
from profiles.written_file import write_durably
from rated_play.session.outcome import GameOutcome

EVENT = "rated-play rated game"


@dataclass(frozen=True)
class PlayedMove:
    move: chess.Move
    clock: float | None
    """The mover's clock after the move, increment included; None without a clock."""

    def recorded(self, ply: int) -> RecordedMove:
        """The move as the ledger keeps it, at ``ply`` (1 for White's first move)."""
        clock_ms = None if self.clock is None else round(self.clock * 1000)
        return RecordedMove(ply, self.move.uci(), clock_ms)


@dataclass(frozen=True)
class GameRecordHeaders:
    """What the PGN says about the players and the game besides the moves."""

    player: str
    player_color: chess.Color
    player_rating: float | None
    """None while provisional: the PGN then carries no Elo for the player."""
    opponent: str
    """The opponent's name where room is short ("Person-like ≈1800"): the name a GUI, or
    lichess's import, shows as a player's."""
    opponent_title: str
    """The opponent in full ("A person-like opponent, about 1800: Maia-1 of lichess players
    1100–1199, …"), in its own tag."""
    opponent_rating: float
    time_control: TimeControl
    started_at: dt.datetime
    number: int
    """The game's number among the player's games: the PGN's Round."""
    stake: int = 0
    """Virtual money the game was played for, doublings included (0: none)."""
    doublings: int = 0


def game_pgn(
    headers: GameRecordHeaders,
    moves: Sequence[PlayedMove],
    outcome: GameOutcome | None,
    *,
    named: Callable[[Sequence[chess.Move]], Opening | None] = opening_of,
) -> str:
    """The game as PGN text; ``outcome`` None gives result ``*`` (a game still in progress).
    ``named`` names the opening (a closing passes one that survives a damaged table)."""
    game = chess.pgn.Game()
    player_is_white = headers.player_color == chess.WHITE
    white, black = (
        (headers.player, headers.opponent)
        if player_is_white
        else (headers.opponent, headers.player)
    )
    player_elo = "" if headers.player_rating is None else str(round(headers.player_rating))
    opponent_elo = str(round(headers.opponent_rating))
    game.headers["Event"] = EVENT
    game.headers["Site"] = "rated-play"
    game.headers["Date"] = headers.started_at.strftime("%Y.%m.%d")
    game.headers["Round"] = str(headers.number)
    game.headers["White"] = tag_string(white)
    game.headers["Black"] = tag_string(black)
    game.headers["Result"] = "*" if outcome is None else outcome.result
    elos = {"WhiteElo": player_elo, "BlackElo": opponent_elo}
    if not player_is_white:
        elos = {"WhiteElo": opponent_elo, "BlackElo": player_elo}
    for tag, elo in elos.items():
        if elo:  # a provisional player has no rating to publish yet
            game.headers[tag] = elo
    game.headers["WhiteType"] = "human" if player_is_white else "program"
    game.headers["BlackType"] = "program" if player_is_white else "human"
    game.headers["TimeControl"] = headers.time_control.pgn
    opening = named([played.move for played in moves])
    if opening is not None:  # the tags lichess writes (a game's PGN export there)
        game.headers["ECO"] = opening.eco
        game.headers["Opening"] = tag_string(opening.name)
    game.headers["UTCDate"] = headers.started_at.strftime("%Y.%m.%d")
    game.headers["UTCTime"] = headers.started_at.strftime("%H:%M:%S")
    game.headers["Termination"] = "unterminated" if outcome is None else outcome.termination.pgn
    game.headers["PlyCount"] = str(len(moves))
    # Not a standard tag either: the opponent's whole name, which is no player's name.
    game.headers["Opponent"] = tag_string(headers.opponent_title)
    if headers.stake:
        # Not among the standard's tags; PGN allows any (Edwards, 1994: section 8.1).
        game.headers["Stake"] = str(headers.stake)
        game.headers["Doublings"] = str(headers.doublings)
    if outcome is not None:
        game.headers["EndReason"] = outcome.description
    node: chess.pgn.GameNode = game
    for played in moves:
        node = node.add_variation(played.move)
        if played.clock is not None:
            # Whole seconds, as lichess and ChessBase write %clk (python-chess would write
            # the fraction); cut, never rounded up, as the clock on the screen reads.
            node.set_clock(math.floor(played.clock))
    exporter = chess.pgn.StringExporter(headers=True, variations=False, comments=True)
    return game.accept(exporter) + "\n"


def tag_string(text: str) -> str:
    """``text`` as the inside of a PGN tag's string token.

    The PGN standard (Edwards, 1994: section 7, "Tokens") escapes a quote
    as ``\\"`` and a backslash as ``\\\\`` inside a string, and allows no newline or other
    control character there; python-chess writes tag values as they are, so a name holding a
    quote would end the string early and break every game after it.
    """
    printable = "".join(c if c.isprintable() else " " for c in text)
    return printable.replace("\\", "\\\\").replace('"', '\\"')


def archive_path(archive_dir: Path, player: str, record: GameRecord) -> Path:
    """Where a finished game's PGN is kept: one file per game, by player, date and number, as
    the game's row names it (a game from before games were numbered, by its ledger id)."""
    name = record.archive_name or archive_name_before_numbers(player, record.id, record.started_at)
    return archive_dir / name


def write_archive(path: Path, pgn: str) -> None:
    """Write the PGN durably: a temporary file, synced, then renamed into place.

    The temporary file's name is this writer's own, so two processes archiving the same game
    at once (two copies of the app closing one abandoned game) never share it; whichever
    renames last leaves the same text. A write that fails leaves no temporary file behind.
    """
    write_durably(path, pgn)
