"""The rated game: the one place the rules of a rated game live.

The UI, the command line and the tests all drive this object. It has no takeback, no pause, no
hint and no evaluation: those are not forbidden here, they do not exist. What it does have is
every way a game can end, and a ledger entry that scores the game as a loss from before the
first move until the game really ends.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Coroutine
from typing import Any

import chess

from engines.errors import EngineUnavailableError
from engines.opponents.engine_player import EngineCrashError
from engines.opponents.opponent import Opponent
from engines.opponents.seated import SeatedOpponent, seat_engine
from engines.opponents.turn import ClockReading, Turn, TurnResult
from profiles.errors import UserError
from profiles.laws.clock import GameClock, TimeSource
from profiles.laws.endings import Ending, Termination, claimable_draw
from profiles.laws.time_control import TimeControl
from profiles.ledger.ledger import Ledger, LedgerWriteError
from profiles.ledger.records import GameRecord, Profile
from profiles.player.move_times import move_times
from profiles.player.purse import STAKE
from rated_play.session.moves import board_move, move_words, parse_move
from rated_play.session.outcome import GameOutcome, automatic_outcome, time_forfeit
from rated_play.session.pgn import PlayedMove
from rated_play.session.record import GameReport, class_state_rating, close_game
from rated_play.session.thinking import ThinkingPace

MAX_RESTARTS = 3
"""Restarts of a failed opponent in one game before the game is declared void."""
ANSWER_LIMIT = 3.0
"""Seconds the opponent may take to answer the player's offer of a draw or a double: past them
(a judge that hangs) it answers as when it cannot judge."""
ANSWER_GRACE = 1.0
"""Seconds of the player's clock an answer may take: its judge's search takes a fraction of
one. A longer answer is the judge failing (hung, or started again), and the player's clock is
put back where it stood: the player never loses a second, nor on time, to the judge."""


class RatedGameError(UserError):
    """An action the rules do not allow now; the message is for the player."""


class NotYourTurnError(RatedGameError):
    pass


class GameOverError(RatedGameError):
    pass


class DrawClaimError(RatedGameError):
    pass


class DrawOfferError(RatedGameError):
    pass


class DoublingError(RatedGameError):
    pass


class RatedGame:
    """One rated game between a profile and an opponent. Start it with :meth:`start`."""

    def __init__(
        self,
        *,
        ledger: Ledger,
        profile: Profile,
        opponent: Opponent,
        time_control: TimeControl,
        record: GameRecord,
        seated: SeatedOpponent,
        clock: GameClock,
        doubling: bool = False,
        pace: ThinkingPace | None = None,
    ) -> None:
        self._ledger = ledger
        self.profile = profile
        self.opponent = opponent
        """Who the opponent is: the pool's entry, its name and calibrated rating."""
        self.time_control = time_control
        self.game_id = record.id
        self.player_color: chess.Color = record.player_color
        self._seated = seated
        """The opponent across the board: it takes its turns and answers offers."""
        self.clock = clock
        self._board = chess.Board()
        self._san: list[str] = []
        self._san_board = chess.Board()
        """The position after the moves in ``_san``, which :meth:`san_moves` extends."""
        self._moves: list[PlayedMove] = []
        self._outcome: GameOutcome | None = None
        self._report: GameReport | None = None
        self._draw_offered_this_move = False
        self._saved_moves = 0  # how many moves the ledger has (fewer while the disk is full)
        self.doubling = doubling
        """Doubling was ticked at setup: either side may offer to double the stake."""
        self.stake = record.stake
        self.doublings = record.doublings
        self._doubling_right: chess.Color | None = None
        """Who may double next: either side (None) until a double is accepted, then the side
        that accepted it, as with the doubling cube of backgammon."""
        self._doubled_this_move = False
        self._double_offered_to_player = False
        self._pace = pace
        """Believable thinking (on a clock only): None answers as fast as the opponent does."""
        self._ended = asyncio.Event()
        """Set when the game ends: the opponent's turn, and a wait for believable thinking,
        end with it."""
        self._draw_offered_to_player = False

    # -- starting ------------------------------------------------------------------------

    @classmethod
    async def start(
        cls,
        ledger: Ledger,
        profile: Profile,
        opponent: Opponent,
        time_control: TimeControl,
        *,
        now: TimeSource | None = None,
        start_clock: bool = True,
        doubling: bool = False,
        stake: int = STAKE,
        pace: ThinkingPace | None = None,
        seated: SeatedOpponent | None = None,
    ) -> RatedGame:
        """Start the opponent, then write the game as a pending loss, then start White's clock.

        The opponent starts first so that an engine that cannot start costs the player
        nothing: :class:`EngineUnavailableError` is raised and the ledger is unchanged. A
        screen that must draw the board first passes ``start_clock=False`` and calls
        :meth:`start_clock` once the player can see the position: no time is charged while it
        is being drawn. With a ``pace`` the opponent takes a person's time over its moves on a
        clock (see :mod:`rated_play.session.thinking`); without one it answers as fast as it
        thinks. ``seated`` plays the opponent's side: by default the opponent's own engine
        (see :mod:`engines.opponents.seated`).
        """
        seated = seat_engine(opponent) if seated is None else seated
        await seated.start()
        try:
            before = class_state_rating(ledger, profile, time_control.time_class)
            record = ledger.open_game(
                profile,
                opponent_name=opponent.name,
                opponent_title=opponent.title,
                opponent_kind=opponent.kind,
                opponent_rating=opponent.rating,
                time_control=time_control,
                rating_before=before,
                stake=stake,
            )
        except BaseException:
            await seated.close()
            raise
        clock = GameClock(time_control, now)
        game = cls(
            ledger=ledger,
            profile=profile,
            opponent=opponent,
            time_control=time_control,
            record=record,
            seated=seated,
            clock=clock,
            doubling=doubling,
            pace=pace,
        )
        if start_clock:
            game.start_clock()
        return game

    def start_clock(self) -> None:
        """Start White's clock, once, before the first move; later calls change nothing."""
        if self.clock.running is None and not self._moves and self._outcome is None:
            self.clock.start(chess.WHITE)

    @property
    def clock_started(self) -> bool:
        return self.clock.running is not None or bool(self._moves) or self._outcome is not None

    @property
    def ledger(self) -> Ledger:
        """The ledger the game is written to (where its analysis goes once it is over)."""
        return self._ledger

    # -- what the board shows -------------------------------------------------------------

    @property
    def board(self) -> chess.Board:
        """A copy of the position (with its move stack): changing it changes nothing here."""
        return self._board.copy()

    @property
    def opponent_color(self) -> chess.Color:
        return not self.player_color

    @property
    def is_player_turn(self) -> bool:
        return self._outcome is None and self._board.turn == self.player_color

    @property
    def outcome(self) -> GameOutcome | None:
        return self._outcome

    @property
    def is_over(self) -> bool:
        return self._outcome is not None

    @property
    def report(self) -> GameReport | None:
        return self._report

    @property
    def last_move(self) -> chess.Move | None:
        return self._board.peek() if self._board.move_stack else None

    @property
    def unsaved_moves(self) -> int:
        """Moves played that the ledger could not take yet (a full disk); usually 0."""
        return len(self._moves) - self._saved_moves

    @property
    def opponent_restarts(self) -> int:
        return self._seated.restarts

    def san_moves(self) -> list[str]:
        # Written out once per move, not for the whole game after each move: the move list
        # asks after every move, and SAN needs the legal moves of each position.
        for move in self._board.move_stack[len(self._san) :]:
            self._san.append(self._san_board.san(move))
            self._san_board.push(move)
        return list(self._san)

    def parse_move(self, text: str) -> chess.Move:
        """The player's typed move (SAN or UCI); raises a :class:`MoveInputError` that says
        what is wrong. Reading a move changes nothing."""
        self._require_player_turn()
        return parse_move(self._board, text)

    def board_move(self, move: chess.Move) -> chess.Move:
        """The player's move picked on the board; raises a :class:`MoveInputError` that says,
        naming the move as a player would, why it cannot be played. Changes nothing."""
        self._require_player_turn()
        return board_move(self._board, move)

    # -- the player's actions ---------------------------------------------------------------

    async def play(self, move: chess.Move) -> None:
        """Play the player's move; the clock is pressed and the move is in the ledger."""
        self._require_player_turn()
        self._require_double_answered()
        if move not in self._board.legal_moves:
            raise RatedGameError(f"{move_words(self._board, move)} is not legal in this position")
        if self.check_flag():
            return
        self._push(move)

    async def offer_draw(self) -> bool:
        """Offer a draw; the opponent answers from its own evaluation (the player's clock runs).

        One offer per move: repeated offers would turn the opponent's answers into a hint. An
        offer while the opponent's own stands accepts that one (the two agree).
        """
        self.check_draw_offer()
        if self._draw_offered_to_player:
            self.answer_draw(accept=True)
            return self._outcome is not None
        self._draw_offered_this_move = True
        accepted = await self._answer(
            self._seated.accepts_draw(self._board, self.opponent_color), otherwise=False
        )
        if self.check_flag() or self._outcome is not None or not accepted:
            return False
        self._end(Termination.DRAW_AGREED, None, draw_offered_by=self.player_color)
        return True

    @property
    def draw_offered_to_player(self) -> bool:
        """The opponent offered a draw with its last move: the player may accept it
        (:meth:`answer_draw`), or decline it, by saying so or by playing a move (FIDE Laws,
        article 9.1.2.3 has a move decline an offer)."""
        return self._draw_offered_to_player

    def answer_draw(self, accept: bool) -> None:
        """The player's answer to the opponent's draw offer: accepting draws the game, declining
        plays on (and the opponent offers again only some moves later)."""
        self._require_not_over()
        if not self._draw_offered_to_player:
            raise DrawOfferError("no draw has been offered to you")
        self._draw_offered_to_player = False
        if self.check_flag() or not accept:
            return
        self._end(Termination.DRAW_AGREED, None, draw_offered_by=self.opponent_color)

    def check_draw_offer(self) -> None:
        """Raise the error :meth:`offer_draw` would, without offering: a screen asks the player
        to confirm only an offer the rules allow."""
        self._require_player_turn()
        self._require_double_answered()
        if self._draw_offered_this_move:
            raise DrawOfferError("you have offered a draw this move already; play a move first")

    # -- doubling the stake ------------------------------------------------------------------

    def may_double(self, color: chess.Color) -> bool:
        """Whether ``color`` holds the right to double now (on its own turn or not)."""
        return self.doubling and self._outcome is None and self._doubling_right in (None, color)

    @property
    def double_offered_to_player(self) -> bool:
        """The opponent offered to double with its last move and waits for
        :meth:`answer_double`; the player moves only once it is answered."""
        return self._double_offered_to_player

    async def offer_double(self) -> bool:
        """Offer the opponent to double the stake, on the player's turn; True when it accepts.

        The opponent answers from its own evaluation. Refusing resigns the game for it, so the
        player wins on the spot; accepting doubles the stake and gives the opponent the right
        to double next. One offer per move, so its answers are never a hint.
        """
        self.check_double_offer()
        self._doubled_this_move = True
        accepted = await self._answer(
            self._seated.accepts_double(self._board, self.opponent_color), otherwise=True
        )
        if self.check_flag() or self._outcome is not None:
            return False
        if not accepted:
            self._end(Termination.DOUBLE_REFUSED, self.player_color)
            return False
        self._double(accepted_by=self.opponent_color)
        return True

    async def _answer(self, asking: Coroutine[Any, Any, bool], *, otherwise: bool) -> bool:
        """The opponent's answer to the player's offer, or ``otherwise`` (what it answers when
        it cannot judge) once :data:`ANSWER_LIMIT` or all but a moment of the player's clock
        has passed; an answer that took longer than :data:`ANSWER_GRACE` is not charged."""
        before = self.clock.remaining(self.player_color)
        limit = ANSWER_LIMIT if before is None else min(ANSWER_LIMIT, max(before - 0.1, 0.0))
        try:
            return await asyncio.wait_for(asking, limit)
        except TimeoutError:
            return otherwise
        finally:
            left = self.clock.remaining(self.player_color)
            if before is not None and left is not None and before - left > ANSWER_GRACE:
                self.clock.set_remaining(self.player_color, before)

    def check_double_offer(self) -> None:
        """Raise the error :meth:`offer_double` would, without offering."""
        self._require_player_turn()
        self._require_double_answered()
        self._require_player_may_double()
        if self._doubled_this_move:
            raise DoublingError("you have offered a double this move already; play a move first")

    def answer_double(self, accept: bool) -> None:
        """The player's answer to the opponent's double: accepting doubles the stake and gives
        the player the right to double next; refusing resigns the game."""
        self._require_not_over()
        if not self._double_offered_to_player:
            raise DoublingError("no double has been offered to you")
        self._double_offered_to_player = False
        if accept:
            self._double(accepted_by=self.player_color)
        else:
            self._end(Termination.DOUBLE_REFUSED, self.opponent_color)

    def _require_player_may_double(self) -> None:
        if not self.doubling:
            raise DoublingError("this game is played without doubling: tick it at setup")
        if not self.may_double(self.player_color):
            # The right is the side's that accepted the last double: the opponent took it.
            raise DoublingError(
                "the right to double is your opponent's: it accepted your last double"
            )

    def _require_double_answered(self) -> None:
        if self._double_offered_to_player:
            raise DoublingError("answer the offer to double first: accept it, or refuse")

    def _double(self, *, accepted_by: chess.Color) -> None:
        record = self._ledger.record_doubling(self.game_id)
        self.stake, self.doublings = record.stake, record.doublings
        self._doubling_right = accepted_by

    async def claim_draw(self, move: chess.Move | None = None) -> None:
        """Claim a draw by threefold repetition or the fifty-move rule, in the position now or
        (as the Laws allow) with the move ``move`` that would bring it about.

        An unfounded claim raises :class:`DrawClaimError` and changes nothing.
        """
        self._require_player_turn()
        if self.check_flag():
            return
        termination = self.claim_grounds(move)
        if move is not None:
            self._push(move, end_automatically=False)
        self._end(termination, None, draw_claimed_by=self.player_color)

    def claim_grounds(self, move: chess.Move | None = None) -> Termination:
        """The draw the player may claim now (with ``move``, if given); raises
        :class:`DrawClaimError`, changing nothing, when there is none."""
        self._require_player_turn()
        self._require_double_answered()
        position = self._board.copy()
        with_move = ""
        if move is not None:
            if move not in position.legal_moves:
                raise DrawClaimError(f"{move_words(position, move)} is not legal in this position")
            with_move = f" after {position.san(move)}"
            position.push(move)
        termination = claimable_draw(position)
        if termination is None:
            # Four lines of the game screen's 40 columns at most, where it is said.
            raise DrawClaimError(
                f"no draw to claim{with_move}: the position has not occurred three times, nor "
                "fifty moves passed without a capture or a pawn move"
                + ("" if move is not None else ". To claim with a move, type it first")
            )
        return termination

    def resign(self) -> None:
        """Resign: the game is lost. Allowed at any moment, even while the opponent thinks."""
        self._require_not_over()
        self._end(Termination.RESIGNATION, self.opponent_color)

    def abandon(self) -> None:
        """Leave the game: scored as a loss by abandonment, like the pending entry said."""
        if self._outcome is not None:
            return
        self._finish(GameOutcome.abandonment(self.player_color))

    def check_flag(self) -> bool:
        """End the game if the side to move has run out of time; True when that just happened.

        The UI calls this on every clock tick, so a flag falls when it falls, not at the next
        move.
        """
        if self._outcome is not None:
            return False
        flagged = self.clock.flagged()
        if flagged is None:
            return False
        self._finish(time_forfeit(self._board, flagged, self.player_color))
        return True

    # -- the opponent's turn -----------------------------------------------------------------

    async def opponent_turn(self) -> chess.Move | None:
        """Give the opponent its turn on the real clock and play the move it makes, with the
        draw offer or the double it makes with it; with a pace, the move is made once a
        person's think time over it has passed (see :meth:`_take_thinking_time`).

        Returns None when the game ended instead: the opponent resigned or claimed a draw,
        its flag fell, the player resigned, or the opponent failed for good (the game is then
        void). A crashed or hung opponent is restarted and given the same turn again, with the
        same clocks; so is one that claimed a draw the position gives no grounds for.
        """
        self._require_not_over()
        if self._board.turn != self.opponent_color:
            raise NotYourTurnError("it is the player's turn, not the opponent's")
        turn_began = self.clock.remaining(self.opponent_color)
        while self._outcome is None:
            turn = Turn(
                self._board.copy(),
                ClockReading.of(self.clock),
                may_double=self.may_double(self.opponent_color),
            )
            opponent_left = self.clock.remaining(self.opponent_color)
            try:
                result = await self._take_turn(turn, opponent_left)
            except EngineCrashError:
                if self._outcome is not None:
                    return None
                if not await self._restart_opponent():
                    return None
                if opponent_left is not None:
                    self.clock.set_remaining(self.opponent_color, opponent_left)
                continue
            except TimeoutError:
                self.check_flag()
                return None
            if self._outcome is not None or self.check_flag():
                return None
            if result.draw_claimed:
                grounds = claimable_draw(self._board)
                assert grounds is not None  # judged in _take_turn
                self._end(grounds, None, draw_claimed_by=self.opponent_color)
                return None
            if result.move is None:
                self._end(Termination.RESIGNATION, self.player_color)
                return None
            await self._take_thinking_time(result.move, turn_began)
            if self._outcome is not None or self.check_flag():
                return None
            self._push(result.move)
            # The offers stand once the move is on the board, unless the move ended the game.
            self._double_offered_to_player = (
                result.doubled and turn.may_double and self._outcome is None
            )
            self._draw_offered_to_player = result.draw_offered and self._outcome is None
            return result.move
        return None

    async def _take_turn(self, turn: Turn, opponent_left: float | None) -> TurnResult:
        taking = self._seated.take_turn(turn, self._ended)
        if opponent_left is None:
            result = await taking
        else:
            # The opponent's flag falls when its time is up, whatever it is doing then.
            result = await asyncio.wait_for(taking, timeout=max(opponent_left, 0.0) + 0.05)
        if result.draw_claimed and claimable_draw(turn.board) is None:
            # The arbiter's refusal (FIDE Laws, 9.5.3) would leave it to move, and it would
            # claim again: it failed, as an engine that answers an illegal move fails.
            raise EngineCrashError(
                f"{self.opponent.title} claimed a draw at move {turn.board.fullmove_number} "
                "that the position gives no grounds for"
            )
        return result

    async def _take_thinking_time(self, move: chess.Move, turn_began: float | None) -> None:
        """Wait until the opponent has spent a person's think time over ``move`` since its
        turn began (on its running clock); no wait without a pace or a clock. The wait ends
        the moment the game does (a resignation, a flag, leaving the game)."""
        if self._pace is None or turn_began is None or self.clock.untimed:
            return
        own_last, opponent_last = self._last_thinks()
        # In a thread: the network's view of the position takes milliseconds (its first load
        # a few tenths of a second), which the board on the screen need not wait for.
        wanted = await asyncio.to_thread(
            self._pace.think_time,
            self._board.copy(),
            move,
            turn_began,
            float(self.time_control.increment_seconds),
            base=float(self.time_control.base_seconds),
            rating=self.opponent.rating,
            opponent_left=self.clock.remaining(self.player_color),
            own_last=own_last,
            opponent_last=opponent_last,
        )
        left = self.clock.remaining(self.opponent_color)
        if left is None or self._outcome is not None:
            return
        rest = wanted - (turn_began - left)
        if rest > 0:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._ended.wait(), timeout=rest)

    def _last_thinks(self) -> tuple[float | None, float | None]:
        """The opponent's time over its previous move and the player's over the move just made,
        from the clocks kept with the moves; None for a side's first move, which the servers
        people's games come from do not time (the think-time model learnt it so)."""
        recorded = [played.recorded(ply) for ply, played in enumerate(self._moves, start=1)]
        times = move_times(recorded, self.time_control)

        def timed(index: int) -> float | None:
            return times[index] if index >= 2 else None  # plies 1 and 2: first moves

        return timed(len(times) - 2), timed(len(times) - 1)

    async def _restart_opponent(self) -> bool:
        restarts = self._seated.restarts
        if restarts >= MAX_RESTARTS:
            # The engine's own words say why, where it gave any (a network it cannot load).
            said = self._seated.last_words
            why = "" if said is None else f"; it said: {said}"
            self._void(f"the engine failed again after {_restarts(restarts)}{why}")
            return False
        try:
            await self._seated.restart()
        except EngineUnavailableError as error:
            restarted = f" after {_restarts(restarts)}" if restarts else ""
            self._void(f"the engine failed and could not be restarted{restarted} ({error})")
            return False
        return True

    def _void(self, reason: str) -> None:
        outcome = GameOutcome(Ending(Termination.ENGINE_FAILURE, None), self.player_color, reason)
        self._finish(outcome)

    async def close(self) -> None:
        """Stop the opponent (its engine process). A game still going on is abandoned first.

        A result the ledger could not take earlier is tried once more; if it still cannot be
        written, the game stays in the ledger as the loss it was written as.
        """
        try:
            if self._outcome is not None and self._report is None:
                self._save_result()
            else:
                self.abandon()
        except LedgerWriteError:
            # The game stays the loss it was written as; once this process is gone nobody
            # plays it, and the next start closes it as abandoned, with the moves it has.
            self._ledger.let_go(self.game_id)
        finally:
            await self._seated.close()

    # -- keeping the record ------------------------------------------------------------------

    def _push(self, move: chess.Move, *, end_automatically: bool = True) -> None:
        clock_after = self.clock.press()
        self._board.push(move)
        self._moves.append(PlayedMove(move, clock_after))
        self._draw_offered_this_move = False
        self._draw_offered_to_player = False  # a move declines an offer standing (9.1.2.3)
        self._doubled_this_move = False
        ending = automatic_outcome(self._board, self.player_color) if end_automatically else None
        try:
            self._save_moves()
        finally:
            # A move that ends the game ends it even when the ledger could not take the move.
            if ending is not None:
                self._finish(ending)

    def _save_moves(self) -> None:
        """Write the moves the ledger lacks. A write that fails (a full disk, an I/O error)
        raises a :class:`LedgerWriteError` and leaves the game as it is; the next write
        catches up."""
        while self._saved_moves < len(self._moves):
            move = self._moves[self._saved_moves].recorded(self._saved_moves + 1)
            self._ledger.record_move(self.game_id, move.ply, move.uci, move.clock_ms)
            self._saved_moves += 1

    def catch_up(self) -> bool:
        """Write what the ledger refused earlier: the moves, or the result of a game that
        ended meanwhile (with every move, in one transaction). True once the ledger holds
        the game as played; a write refused again raises :class:`LedgerWriteError`."""
        if self._outcome is not None:
            if self._report is None:
                self._save_result()
        else:
            self._save_moves()
        return True

    def _end(
        self,
        termination: Termination,
        winner: chess.Color | None,
        *,
        draw_offered_by: chess.Color | None = None,
        draw_claimed_by: chess.Color | None = None,
    ) -> None:
        """End the game off the board (an agreement, a claim, a resignation, a refused double)."""
        ending = Ending(termination, winner, draw_offered_by, draw_claimed_by)
        self._finish(GameOutcome(ending, self.player_color))

    def _finish(self, outcome: GameOutcome) -> None:
        """Record how the game ended: the ledger entry is closed and the PGN archived.

        When the ledger cannot be written (a full disk, an I/O error) the game is over all the
        same and :class:`LedgerWriteError` says so; the ledger still holds it as a loss, with
        the moves it took, and :meth:`catch_up` (or :meth:`close`) writes the result and every
        move together once it can.
        """
        self._outcome = outcome
        self._ended.set()
        self.clock.stop()
        self._save_result()

    def _save_result(self) -> None:
        assert self._outcome is not None
        self._report = close_game(
            self._ledger,
            record=self._ledger.game(self.game_id),
            profile=self.profile,
            outcome=self._outcome,
            moves=self._moves,
        )
        self._saved_moves = len(self._moves)  # written with the result

    def _require_not_over(self) -> None:
        if self._outcome is not None:
            raise GameOverError(f"the game is over: {self._outcome.description}")

    def _require_player_turn(self) -> None:
        self._require_not_over()
        if self._board.turn != self.player_color:
            raise NotYourTurnError("wait for the engine's move")


def _restarts(count: int) -> str:
    return "1 restart" if count == 1 else f"{count} restarts"
