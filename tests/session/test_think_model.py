"""The think-time model: what it reads of a turn, the network's view of how sure a person would
be, the fit file it refuses, and the log-normal it draws from (rated_play/session/think_model)."""

from __future__ import annotations

import dataclasses
import math

import chess
import pytest

from profiles.laws.time_control import TimeClass, TimeControl
from rated_play.session.think_model import (
    FEATURES,
    FITTED_CLASSES,
    ClassFit,
    ThinkModel,
    ThinkModelError,
    ThinkTimeFit,
    Turn,
    features,
    read_fit,
    shipped_model,
    sureness,
)

BLITZ = TimeControl(180, 2)


def turn(board: chess.Board, move: str, **changes: object) -> Turn:
    made = Turn(
        board=board,
        move=chess.Move.from_uci(move),
        left=150.0,
        opponent_left=120.0,
        time_control=BLITZ,
        rating=1700.0,
    )
    return dataclasses.replace(made, **changes)


def named(values: list[float]) -> dict[str, float]:
    return dict(zip(FEATURES, values, strict=True))


def test_the_features_read_the_position_the_move_and_the_clocks() -> None:
    board = chess.Board("r1bqkb1r/pppp1ppp/2n2n2/8/3pP3/2N2N2/PPP2PPP/R1BQKB1R w KQkq - 0 5")
    board.push_uci("f3d4")
    board.push_uci("c6d4")
    read = named(features(turn(board, "d1d4", own_last=4.0, opponent_last=None)))
    assert len(read) == len(FEATURES)
    assert read["recaptures"] == read["captures"] == read["after a capture"] == 1.0
    assert read["only move"] == read["in check"] == read["gives check"] == 0.0
    assert read["move 6"] == 1.0 and read["move 5"] == 0.0
    assert read["log clock over the opponent's"] == pytest.approx(math.log(150 / 120))
    assert read["log share of the game's time left"] == pytest.approx(math.log(150 / 260))
    assert read["log budget"] == pytest.approx(math.log(150 / 34 + 1.6))
    assert read["rating"] == pytest.approx(0.5)
    assert read["material ahead"] == pytest.approx(-0.3), "a knight down before taking back"
    assert read["log own last think"] == pytest.approx(math.log(4.5))
    assert read["no own last think"] == 0.0 and read["no opponent's last think"] == 1.0


def test_the_first_move_counts_as_the_second_and_a_forced_reply_is_one() -> None:
    first = named(features(turn(chess.Board(), "e2e4")))
    assert first["move 2"] == 1.0, "people's first moves are never timed: the second stands in"
    forced = named(features(turn(chess.Board("6k1/8/8/8/8/8/5PP1/r5K1 w - - 0 8"), "g1h2")))
    assert forced["only move"] == forced["in check"] == 1.0
    assert forced["log legal moves"] == 0.0
    assert forced["policy entropy"] == pytest.approx(0.0, abs=1e-9)
    assert forced["log likeliest move's share"] == pytest.approx(0.0, abs=1e-9)


def test_the_network_says_how_sure_a_person_would_be() -> None:
    """A queen hanging to a pawn is taken by nearly everyone; the opening's first move is
    split between a few; the share of the move played is its own."""
    hanging = chess.Board("rnb1kbnr/pppp1ppp/8/4q3/3P4/8/PPP1PPPP/RNBQKBNR w KQkq - 0 3")
    obvious, opening, odd = sureness(
        [
            (hanging, chess.Move.from_uci("d4e5")),
            (chess.Board(), chess.Move.from_uci("e2e4")),
            (chess.Board(), chess.Move.from_uci("g1h3")),
        ]
    )
    assert opening.entropy > obvious.entropy
    assert opening.likeliest < 0.8
    assert odd.played < 0.05 < opening.played
    assert obvious.likeliest > 0.8 and obvious.played == obvious.likeliest
    assert obvious.value > 0.3, "a queen up for White, the side to move"


def _fit(**changes: object) -> ThinkTimeFit:
    fitted = ClassFit(location=(0.0,) * len(FEATURES), scale=0.5, moves=1000)
    fit = ThinkTimeFit(
        source="test",
        method="by hand",
        features=tuple(FEATURES),
        classes={time_class.value: fitted for time_class in FITTED_CLASSES},
    )
    return dataclasses.replace(fit, **changes)


def test_a_fit_made_with_other_features_or_missing_a_class_is_refused() -> None:
    with pytest.raises(ThinkModelError, match="refit"):
        ThinkModel(_fit(features=(*FEATURES[:-1], "something else")))
    with pytest.raises(ThinkModelError, match="blitz"):
        ThinkModel(_fit(classes={"bullet": _fit().classes["bullet"]}))


def test_the_seconds_are_the_log_normal_of_the_class_and_classical_takes_rapids() -> None:
    constant = [1.0 if name == "constant" else 0.0 for name in FEATURES]
    classes = {
        name.value: ClassFit(location=tuple(c * level for c in constant), scale=0.5, moves=1)
        for name, level in zip(FITTED_CLASSES, (0.0, 1.0, 2.0), strict=True)
    }
    model = ThinkModel(_fit(classes=classes))
    values = features(turn(chess.Board(), "e2e4"))
    assert model.seconds_of(values, TimeControl(60, 0)) == pytest.approx(1.0)
    assert model.seconds_of(values, BLITZ) == pytest.approx(math.e)
    assert model.seconds_of(values, TimeControl(5400, 30)) == pytest.approx(math.e**2)
    assert TimeControl(5400, 30).time_class is TimeClass.CLASSICAL
    assert model.seconds_of(values, BLITZ, 2.0) == pytest.approx(math.e ** (1 + 2 * 0.5))


def test_the_shipped_fit_is_whole() -> None:
    from rated_play.session.think_model import SHIPPED_FIT  # noqa: PLC0415

    fit = read_fit(SHIPPED_FIT)
    assert fit.features == tuple(FEATURES)
    for time_class in FITTED_CLASSES:
        fitted = fit.classes[time_class.value]
        assert 0.3 < fitted.scale < 2.0, "people's times spread about as widely as measured"
        assert fitted.moves >= 1000
    assert shipped_model().fit == fit
