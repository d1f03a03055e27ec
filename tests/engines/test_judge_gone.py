"""A judge that cannot be started is given up at once, said once in the errors log, and every
later question to it fails at once with the same sentence (no engine runs here: its program is
missing)."""

from __future__ import annotations

import logging
from collections.abc import Iterator
from pathlib import Path

import chess
import pytest

from engines import discovery
from engines.opponents.judge import TURN_LIMIT, Judge, JudgeError
from profiles.data_directory import DataDirectory
from profiles.errors import UserError
from rated_play.error_log import log_engine_notices


@pytest.fixture
def engines_log() -> Iterator[None]:
    """The engines' logger as the test found it, whatever the app's set-up adds to it."""
    logger = logging.getLogger("engines")
    handlers, propagate = list(logger.handlers), logger.propagate
    yield
    logger.handlers[:] = handlers
    logger.propagate = propagate


@pytest.mark.usefixtures("engines_log")
async def test_a_judge_that_cannot_start_is_given_up_and_said_once_in_the_log(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(discovery, "GAMES_DIRS", ())
    monkeypatch.setenv("PATH", str(tmp_path))
    log_engine_notices(tmp_path)
    judge = Judge()
    for _ in range(3):
        with pytest.raises(JudgeError) as raised:
            await judge.evaluate(chess.Board(), TURN_LIMIT)
        assert isinstance(raised.value, UserError)
        assert "could not be started" in str(raised.value) and "stockfish" in str(raised.value)
    await judge.close()
    logged = DataDirectory(tmp_path).errors_log.read_text()
    assert logged.count("could not be started") == 1
    assert "on its own judgement now" in logged
