"""lichess's opening table as shipped (profiles/openings/data) and the names games get from it."""

from __future__ import annotations

import io

import chess
import chess.pgn

from profiles.openings.names import (
    ECO_CODE,
    TABLE_DIR,
    named_positions,
    opening_of,
    openings_by_ply,
    table_files,
    table_lines,
)


def played(sans: str) -> list[chess.Move]:
    board = chess.Board()
    return [board.push_san(san) for san in sans.split()]


def test_every_line_of_the_table_reads_with_python_chess() -> None:
    """Each line's PGN, read by python-chess's own PGN reader (not the table's), gives legal
    moves, as many as the line lists, and its ECO code is a volume letter and two digits in
    that volume's file."""
    lines = list(table_lines())
    assert len(lines) > 3000
    for line in lines:
        pgn = " ".join(line.sans)
        game = chess.pgn.read_game(io.StringIO(pgn))
        assert game is not None, line.where
        assert not game.errors, (line.where, game.errors)
        assert len(list(game.mainline_moves())) == len(line.sans), line.where
        assert ECO_CODE.fullmatch(line.opening.eco), line.where
        assert line.where.startswith(f"{line.opening.eco[0].lower()}.tsv:"), line.where
        assert line.opening.name and line.opening.name.isprintable(), line.where


def test_the_table_names_each_position_once() -> None:
    """A position with two names would be named by whichever line came last."""
    assert len(named_positions()) == len(list(table_lines()))


def test_the_source_and_licence_are_beside_the_table() -> None:
    readme = (TABLE_DIR / "README.md").read_text(encoding="utf-8")
    assert "https://github.com/lichess-org/chess-openings" in readme
    assert "CC0" in readme
    assert "CC0 1.0 Universal" in (TABLE_DIR / "COPYING.txt").read_text(encoding="utf-8")
    assert [path.name for path in table_files()] == ["a.tsv", "b.tsv", "c.tsv", "d.tsv", "e.tsv"]


def test_a_game_is_named_by_the_last_named_position_it_reached() -> None:
    berlin = opening_of(played("e4 e5 Nf3 Nc6 Bb5 Nf6"))
    assert berlin is not None
    assert (berlin.eco, berlin.name) == ("C65", "Ruy Lopez: Berlin Defense")
    assert berlin.label == "C65 Ruy Lopez: Berlin Defense"
    # Moves out of the table keep the name the game had.
    assert opening_of(played("e4 e5 Nf3 Nc6 Bb5 Nf6 a3 a6 h3 h6")) == berlin


def test_a_transposition_gets_the_name_of_the_position() -> None:
    """The table has the Nimzo-Indian by 1. d4 only; reached from 1. c4 it is named the same."""
    by_d4 = opening_of(played("d4 Nf6 c4 e6 Nc3 Bb4"))
    assert by_d4 is not None and by_d4.name == "Nimzo-Indian Defense"
    assert opening_of(played("c4 e6 Nc3 Nf6 d4 Bb4")) == by_d4


def test_each_ply_has_the_opening_reached_by_then() -> None:
    names = openings_by_ply(played("e4 e5 Nf3"))
    assert names[0] is None  # the starting position
    assert [opening.name for opening in names[1:] if opening] == [
        "King's Pawn Game",
        "King's Pawn Game",
        "King's Knight Opening",
    ]
    assert opening_of([]) is None
