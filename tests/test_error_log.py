"""The errors log is appended to only when it is a regular file: nothing else in its place is
written through or waited on."""

from __future__ import annotations

import os
from pathlib import Path

from profiles.data_directory import DataDirectory
from rated_play.error_log import log_unexpected


def test_the_traceback_is_appended_to_the_log(tmp_path: Path) -> None:
    try:
        raise KeyError("white_clock")
    except KeyError as error:
        said = log_unexpected(tmp_path, error)
    log = DataDirectory(tmp_path).errors_log
    assert str(log) in said and "KeyError" in said
    assert "Traceback (most recent call last)" in log.read_text(encoding="utf-8")


def test_a_link_in_the_logs_place_is_not_followed(tmp_path: Path) -> None:
    elsewhere = tmp_path / "not-ours.txt"
    elsewhere.write_text("someone's notes\n", encoding="utf-8")
    data_dir = tmp_path / "data"
    data_dir.mkdir()
    (DataDirectory(data_dir).errors_log).symlink_to(elsewhere)
    said = log_unexpected(data_dir, KeyError("white_clock"))
    assert "could not be written" in said
    assert elsewhere.read_text(encoding="utf-8") == "someone's notes\n"


def test_a_fifo_in_the_logs_place_is_not_waited_on(tmp_path: Path) -> None:
    os.mkfifo(DataDirectory(tmp_path).errors_log)
    said = log_unexpected(tmp_path, KeyError("white_clock"))
    assert "could not be written" in said
