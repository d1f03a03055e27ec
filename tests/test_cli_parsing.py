"""The command line read the quick way for the app (no subcommand loaded) and the whole way
for everything else, with the same result."""

from __future__ import annotations

import importlib

import pytest

from rated_play.cli import app_arguments, build_parser


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
