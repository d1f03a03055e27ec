"""The command line read the quick way for the app (no subcommand loaded) and the whole way
for everything else, with the same result."""

from __future__ import annotations

import argparse
import importlib
import subprocess
import sys

import pytest

from rated_play.cli import app_arguments, build_parser, parse_arguments
from rated_play.commands import CommandError


@pytest.mark.parametrize(
    "argv",
    [[], ["--ascii"], ["--data-dir", "x"], ["--data-dir=x", "--ascii"], ["--data-dir", "engines"]],
)
def test_the_app_s_command_line_reads_as_the_whole_parser_reads_it(argv: list[str]) -> None:
    assert app_arguments(argv) == build_parser().parse_args(argv)


@pytest.mark.parametrize(
    "argv",
    [["engines"], ["-h"], ["--help"], ["--data-dir"], ["--bogus"], ["--ascii", "table"],
     ["--data-dir", "x", "calc", "--rating", "1500"], ["--", "engines"]],
)  # fmt: skip
def test_every_other_command_line_is_left_to_the_whole_parser(argv: list[str]) -> None:
    assert app_arguments(argv) is None


@pytest.mark.parametrize("command", ["calc", "rate"])
def test_the_help_names_the_default_k_that_is_used(
    command: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """The help's "default" is :data:`DEFAULT_K` itself, not a number typed beside it."""
    module = importlib.import_module(f"rated_play.commands.{command}")
    monkeypatch.setattr(module, "DEFAULT_K", 24.0)
    with pytest.raises(SystemExit):
        build_parser().parse_args([command, "--help"])
    assert "(default 24)" in " ".join(capsys.readouterr().out.split())


def commands_of(parser: argparse.ArgumentParser) -> set[str]:
    """The subcommands ``parser`` has registered."""
    assert parser._subparsers is not None
    (action,) = parser._subparsers._group_actions
    assert isinstance(action.choices, dict)
    return set(action.choices)


COMMAND_LINES = [
    ["analyse", "7", "--json"],
    ["calc", "--rating", "1500", "--opponent", "1600", "--result", "win"],
    ["--data-dir", "x", "engines", "--json", "check"],
    ["export", "Magnus", "--out", "games.pgn"],
    ["games", "Magnus", "--json"],
    ["history", "Magnus", "--class", "blitz"],
    ["leaderboard"],
    ["profile", "Magnus", "--data-dir", "profile"],
    ["--ascii", "rate", "--results", "results.txt"],
    ["table"],
]
"""A line of every subcommand, some with the app's own options before or after it."""


def test_every_command_module_registers_the_command_of_its_name_alone() -> None:
    """What lets a line that names its command load that module alone."""
    every = commands_of(build_parser())
    assert every == {word for line in COMMAND_LINES for word in line} & every
    for command in every:
        assert commands_of(build_parser([command])) == {command}


@pytest.mark.parametrize("argv", COMMAND_LINES, ids=" ".join)
def test_a_line_reads_the_same_with_its_command_alone(argv: list[str]) -> None:
    read = parse_arguments(argv)
    assert read == build_parser().parse_args(argv)
    assert read.command in argv


@pytest.mark.parametrize(
    "argv", [["profile"], ["games", "Magnus", "--bogus"], ["calc", "--rating", "x"]]
)
def test_a_wrong_line_that_names_its_command_is_told_the_same(argv: list[str]) -> None:
    with pytest.raises(CommandError) as alone:
        parse_arguments(argv)
    with pytest.raises(CommandError) as whole:
        build_parser().parse_args(argv)
    assert str(alone.value) == str(whole.value)


def _loaded_reading(argv: list[str]) -> set[str]:
    """The modules loaded by reading ``argv``, in a process of its own, as the command line
    starts."""
    program = (
        "import sys; from rated_play.cli import parse_arguments; "
        f"parse_arguments({argv!r}); "
        "print(' '.join(sorted(sys.modules)))"
    )
    done = subprocess.run(
        [sys.executable, "-c", program], capture_output=True, text=True, check=True
    )
    return set(done.stdout.split())


def test_a_line_that_names_its_command_loads_no_other_command() -> None:
    """Reading ``profile``'s line loads no other command's module, and so none of what they
    import (the game session)."""
    loaded = _loaded_reading(["profile", "Magnus"])
    commands = {name for name in loaded if name.startswith("rated_play.commands.")}
    assert commands <= {"rated_play.commands.profile", "rated_play.commands._ledger",
                        "rated_play.commands._system"}, commands  # fmt: skip
    assert "rated_play.commands.profile" in commands
    assert not any(name.startswith("rated_play.session") for name in loaded)


def test_a_line_that_names_an_action_loads_no_other_action() -> None:
    """Reading ``engines uci NAME``, the line a GUI starts an opponent with, loads neither the
    other actions nor the calibration they run; the listing, the command's own handler, loads."""
    loaded = _loaded_reading(["engines", "--data-dir", "x", "uci", "maia-1100"])
    actions = {name for name in loaded if name.startswith("rated_play.commands.engines.")}
    assert actions == {"rated_play.commands.engines.uci", "rated_play.commands.engines._listing",
                       "rated_play.commands.engines._options"}, actions  # fmt: skip
    assert "engines.calibration.calibrate" not in loaded
