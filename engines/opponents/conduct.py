"""An opponent's conduct off the board over one game: whether it resigns, when it claims a draw
and when it offers one, from the judge's view of each of its turns.

The rules are in :mod:`engines.opponents.resignation`, :mod:`engines.opponents.draw_claim` and
:mod:`engines.opponents.draw_offer`; this keeps what they need across a game (the views so far,
the move of the last offer, whether this game's opponent is one to resign) and is asked once a
turn. A rated game and a calibration
game both ask it, so an opponent is measured as it plays.
"""

from __future__ import annotations

import random
from enum import Enum

import chess
import chess.engine

from engines.opponents import draw_claim, draw_offer, resignation


class Act(Enum):
    """What the opponent does on its turn besides, or instead of, its move."""

    MOVE = "move"
    RESIGN = "resign"
    """Instead of moving."""
    CLAIM_DRAW = "claim a draw"
    """Instead of moving, in the position on the board (FIDE Laws, articles 9.2 and 9.3: the
    player having the move claims)."""
    OFFER_DRAW = "offer a draw"
    """With its move (FIDE Laws, article 9.1.2.1: the offer is made after making a move)."""


class Conduct:
    """One opponent's conduct in one game; make a new one for each game."""

    def __init__(self, rating: float, rng: random.Random) -> None:
        self.rating = rating
        self.resigns = resignation.resigns_lost_games(rating, rng)
        """Drawn at the start: whether this game's opponent resigns a lost game at all, or plays
        it to mate, as people of its rating do (:data:`resignation.RESIGNING_SHARE`)."""
        self.willingness = rng.random()
        """Drawn at the start: how readily this game's opponent takes a draw offered, 0 the
        readiest (:func:`draw_offer.accepts_draw`). Drawn once, so that an offer refused is
        refused again in the same position, as a person's would be."""
        self._rng = rng
        """Draws, on each lost turn of one to resign, whether it resigns there, and on each
        turn whether it offers a draw."""
        self._judged: list[chess.engine.Score | None] = []
        self._last_offer: int | None = None

    def needs_judge(self, board: chess.Board) -> bool:
        """Whether the judge's view of this turn could matter: for one to resign, every turn;
        otherwise only a turn on which it may claim a draw, or one that may bring a draw offer
        (from :data:`draw_offer.FROM_MOVE`). A turn not judged counts as judged no view at
        all."""
        return self.resigns or draw_claim.may_claim(board) or draw_offer.may_offer(board)

    def act(
        self, board: chess.Board, view: chess.engine.PovScore | None, seconds: float | None = None
    ) -> Act:
        """What the opponent does in ``board`` (its turn), given the judge's ``view`` of it
        (None: the judge gave none, or was not asked) and its own clock (``seconds``; None in a
        game without one): one to resign resigns a lost turn with the hazard's chance
        (:func:`resignation.resign_chance`); a draw it may claim it claims unless it is better
        (:func:`draw_claim.claims_draw`; a turn it may claim is never resigned, as it cannot
        lose the game); else it may offer one with its move, as often as people's agreements
        say (:func:`draw_offer.offers_draw`)."""
        self._judged.append(None if view is None else view.pov(board.turn))
        if self.resigns:
            lost = resignation.lost_turn(board, self._judged, seconds, self.rating)
            if lost is not None and self._rng.random() < resignation.resign_chance(lost):
                return Act.RESIGN
        if draw_claim.claims_draw(board, self._judged[-1]):
            return Act.CLAIM_DRAW
        view_now = self._judged[-1]
        if draw_offer.offers_draw(board, view_now, self._last_offer, self.rating, self._rng):
            self._last_offer = board.fullmove_number
            return Act.OFFER_DRAW
        return Act.MOVE

    def accepts_draw(self, board: chess.Board, score: chess.engine.Score) -> bool:
        """Whether the opponent, to move in ``board`` with its own view ``score`` of it,
        accepts the draw offered with the last move (:func:`draw_offer.accepts_draw`, against
        this game's :attr:`willingness`)."""
        return draw_offer.accepts_draw(score, board, self.rating, self.willingness)
