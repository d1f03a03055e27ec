"""Recording a finished rated game: the rating it gives, the PGN, the archive copy, the ledger
row closed with the real result, and the report the result screen shows.

Playing and recording are apart: :mod:`rated_play.session.game` keeps the rules while the game
is on and hands the ending here; a game left by a process that died is closed here too
(:mod:`rated_play.session.abandoned`), so every game is recorded the same way.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from profiles.laws.time_control import TimeClass, TimeControl
from profiles.ledger.ledger import Ledger, LedgerWriteError
from profiles.ledger.records import GameRecord, Profile
from profiles.player.card import ClassCard, class_card
from profiles.player.purse import purse, settlement
from profiles.ratings import GameScore
from profiles.ratings.from_ledger import class_scores
from profiles.written_file import PGN, ForeignFileError, check_writable
from rated_play.session.decoration import Decorating
from rated_play.session.outcome import GameOutcome
from rated_play.session.pgn import (
    GameRecordHeaders,
    PlayedMove,
    archive_path,
    game_pgn,
    write_archive,
)


@dataclass(frozen=True)
class GameReport:
    """What the result screen shows once the game is in the ledger."""

    game_id: int
    outcome: GameOutcome
    time_class: TimeClass
    rating_before: float | None
    """The rating shown before the game; None while provisional."""
    rating_after: float | None
    """The rating shown after the game; None while still provisional."""
    games_until_rated: int
    pgn_path: Path | None
    stake: int = 0
    """What the game was played for, doublings included."""
    purse_before: int = 0
    purse_after: int = 0
    notes: tuple[str, ...] = ()
    """What could not be added to the recorded game (the opening's name, the PGN), one
    sentence each: the result stands without it."""

    @property
    def rating_change(self) -> float | None:
        if self.rating_before is None or self.rating_after is None:
            return None
        return self.rating_after - self.rating_before


def class_state_rating(ledger: Ledger, profile: Profile, time_class: TimeClass) -> float | None:
    """The default system's current value in a class (provisional included), or None."""
    card = _class_card_with(ledger, profile, time_class, None)
    return None if card.state is None else card.state.rating


def _class_card_with(
    ledger: Ledger,
    profile: Profile,
    time_class: TimeClass,
    extra: GameScore | None,
    *,
    closing: int | None = None,
) -> ClassCard:
    """The class card from the ledger's rated games but the one ``closing`` (a stale game
    reads as a loss already), plus ``extra`` as the latest game."""
    games = [g for g in ledger.games(profile.id) if g.id != closing]
    scores = class_scores(games, time_class)
    if extra is not None:
        scores.append(extra)
    return class_card(time_class, scores)


@dataclass(frozen=True)
class Closing:
    """How a pending game is to be closed: computed from the ledger, nothing written yet."""

    pgn: str
    before: ClassCard
    after: ClassCard
    purse_before: int
    purse_after: int


def closing(
    ledger: Ledger,
    *,
    record: GameRecord,
    profile: Profile,
    outcome: GameOutcome,
    moves: list[PlayedMove],
    decorating: Decorating | None = None,
) -> Closing:
    """The PGN and ratings of a pending game closed with ``outcome``. The PGN is decoration
    (:mod:`rated_play.session.decoration`): a table that cannot name the opening leaves its
    tags out, and a PGN that cannot be written at all is left empty, noted in
    ``decorating``; the ratings are the result's own."""
    decorated = decorating or Decorating(ledger.directory.root)
    time_class = TimeClass(record.time_class)
    before = _class_card_with(ledger, profile, time_class, None, closing=record.id)
    score = outcome.player_score
    after = before
    if score is not None:
        after = _class_card_with(
            ledger,
            profile,
            time_class,
            GameScore(record.opponent_rating, score, played_on=record.started_at.date()),
            closing=record.id,
        )
    headers = GameRecordHeaders(
        player=profile.name,
        player_color=record.player_color,
        player_rating=before.rating,
        opponent=record.opponent_short,
        opponent_title=record.opponent_title,
        opponent_rating=record.opponent_rating,
        time_control=TimeControl.from_pgn(record.time_control),
        started_at=record.started_at,
        number=record.number,
        stake=record.stake,
        doublings=record.doublings,
    )
    purse_before = purse(ledger.games(profile.id), leaving_out=record.id)
    pgn = decorated.attempt(
        lambda: game_pgn(headers, moves, outcome, named=decorated.opening_of), ""
    )
    return Closing(
        pgn,
        before,
        after,
        purse_before,
        purse_before + settlement(record.stake, score),
    )


def close_game(
    ledger: Ledger,
    *,
    record: GameRecord,
    profile: Profile,
    outcome: GameOutcome,
    moves: list[PlayedMove],
) -> GameReport:
    """Close a pending game with its outcome: ledger row closed, then rating derived and PGN
    written and archived.

    Shared by a game that ends at the board and by an abandoned game closed at the next
    start-up, so both are recorded the same way.
    """
    # The result first: the row is closed with it, and every move, before anything decorates
    # it (the rating after it, the opening's name, the PGN: 0.7 s on a session's first game),
    # so a process that dies meanwhile leaves the game as it ended, not as the pending loss.
    ledger.close_game(
        record.id,
        outcome,
        pgn="",
        rating_after=None,
        moves=[played.recorded(ply) for ply, played in enumerate(moves, start=1)],
    )
    decorating = Decorating(ledger.directory.root)
    closed = closing(
        ledger,
        record=record,
        profile=profile,
        outcome=outcome,
        moves=moves,
        decorating=decorating,
    )
    # Into the ledger next, which only the process that closed the row archives from. A disk
    # too full for them loses nothing: the result is in, and a PGN missing from the row is
    # written again from its moves when it is read (rated_play.session.export).
    try:
        ledger.decorate_game(
            record.id,
            pgn=closed.pgn,
            rating_after=None if closed.after.state is None else closed.after.state.rating,
            purse_after=closed.purse_after,
        )
    except LedgerWriteError as error:
        decorating.note(error)
    path = archive_path(ledger.directory.archive, profile.name, record)
    archived: Path | None = None  # the result screen says "not archived"
    if closed.pgn:
        try:
            check_writable(path, PGN, data_dir=ledger.directory.root, option="the archive file")
            write_archive(path, closed.pgn)
            archived = path
        except (OSError, ForeignFileError):
            pass  # a full disk or a foreign file; export still gives the PGN
        except Exception as error:  # the archive is decoration too
            decorating.note(error)
    return GameReport(
        game_id=record.id,
        outcome=outcome,
        time_class=TimeClass(record.time_class),
        rating_before=closed.before.rating,
        rating_after=closed.after.rating,
        games_until_rated=closed.after.games_until_rated,
        pgn_path=archived,
        stake=record.stake,
        purse_before=closed.purse_before,
        purse_after=closed.purse_after,
        notes=tuple(decorating.notes),
    )
