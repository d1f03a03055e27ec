"""The people's games the human-likeness benchmarks read: bands, endings, and the sampling of
positions by band (benchmarks/people_games.py)."""

from __future__ import annotations

import io
import random
from pathlib import Path

import chess
import chess.pgn

from benchmarks.people_games import (
    BANDS,
    BEGINNER_BANDS,
    FIRST_PLY,
    LAST_PLY,
    Ending,
    Phase,
    band_among,
    band_of,
    decisive,
    phase_of,
    read_games,
    sample_positions,
    wilson,
)


def _game(
    white_elo: str, black_elo: str, *, plies: int = 40, seed: int = 0, **headers: str
) -> chess.pgn.Game:
    """A game of ``plies`` random legal moves (fewer if it ends), with these ratings."""
    rng = random.Random(seed)
    board = chess.Board()
    while len(board.move_stack) < plies and not board.is_game_over():
        board.push(rng.choice(sorted(board.legal_moves, key=lambda move: move.uci())))
    game = chess.pgn.Game.from_board(board)
    game.headers.update(
        White=headers.pop("White", f"white{seed}"),
        Black=headers.pop("Black", f"black{seed}"),
        WhiteElo=white_elo,
        BlackElo=black_elo,
        **headers,
    )
    return game


def _read(text: str) -> chess.pgn.Game:
    game = chess.pgn.read_game(io.StringIO(text))
    assert game is not None
    return game


def test_bands_split_at_1200_1600_2000() -> None:
    assert band_of(0) == band_of(1199) == BANDS[0]
    assert band_of(1200) == band_of(1599) == BANDS[1]
    assert band_of(1600) == band_of(1999) == BANDS[2]
    assert band_of(2000) == band_of(2850) == BANDS[3]


def test_a_decisive_game_ends_by_mate_resignation_or_time() -> None:
    mate = _read('[Result "0-1"]\n[Termination "Normal"]\n\n1. f3 e5 2. g4 Qh4# 0-1')
    resigned = _read('[Result "1-0"]\n[Termination "Normal"]\n\n1. e4 e5 2. Qh5 Nc6 1-0')
    flagged = _read('[Result "0-1"]\n[Termination "Time forfeit"]\n\n1. e4 e5 0-1')
    abandoned = _read('[Result "0-1"]\n[Termination "Abandoned"]\n\n1. e4 e5 0-1')
    over_the_board = _read('[Result "0-1"]\n\n1. e4 e5 2. Ke2 0-1')
    drawn = _read('[Result "1/2-1/2"]\n[Termination "Normal"]\n\n1. e4 e5 1/2-1/2')

    ended = [decisive(game) for game in (mate, resigned, flagged, abandoned, over_the_board)]
    assert [e.ending if e else None for e in ended] == [
        Ending.MATE,
        Ending.RESIGNATION,
        Ending.TIME,
        Ending.OTHER,
        Ending.RESIGNATION,
    ]
    assert [e.loser if e else None for e in ended[:2]] == [chess.WHITE, chess.BLACK]
    assert decisive(drawn) is None


def test_a_chess_com_game_says_how_it_ended_in_words() -> None:
    tags = {
        "Kamiklari won by resignation": Ending.RESIGNATION,
        "Kamiklari won on time": Ending.TIME,
        "Kamiklari won - game abandoned": Ending.OTHER,
        "Kamiklari won by checkmate": Ending.MATE,
    }
    for tag, ending in tags.items():
        moves = "1. f3 e5 2. g4 Qh4#" if ending is Ending.MATE else "1. e4 e5"
        ended = decisive(_read(f'[Result "0-1"]\n[Termination "{tag}"]\n\n{moves} 0-1'))
        assert ended is not None and ended.ending is ending, tag


def test_the_sample_fills_each_band_from_the_games_that_can_fill_it() -> None:
    games = [_game("1000", "1700", seed=n) for n in range(10)]
    games += [_game("2100", "1300", seed=n) for n in range(10, 16)]

    chosen = sample_positions(games, 3, random.Random(1))

    assert {band: len(positions) for band, positions in chosen.items()} == dict(
        zip(BANDS, (3, 3, 3, 3), strict=True)
    )
    seen: list[str] = []
    for band, positions in chosen.items():
        for position in positions:
            assert band_of(position.rating) == band
            ply = len(position.board.move_stack) + 1
            assert FIRST_PLY <= ply <= LAST_PLY
            game = next(
                g
                for g in games
                if list(g.mainline_moves())[: ply - 1] == position.board.move_stack
                and int(g.headers["WhiteElo" if ply % 2 else "BlackElo"]) == position.rating
            )
            assert list(game.mainline_moves())[ply - 1] == position.played
            seen.append(game.headers["White"])
    assert len(seen) == len(set(seen)), "one position a game"


def test_a_skipped_player_never_moves_in_the_sample() -> None:
    games = [_game("1000", "1700", seed=n, White="owner") for n in range(8)]

    chosen = sample_positions(games, 10, random.Random(2), skipped={"owner"})

    assert len(chosen[band_of(1700)]) == 8
    assert not chosen[band_of(1000)]


def test_the_sample_from_a_rating_takes_no_weaker_mover_and_fills_the_bands_above() -> None:
    games = [_game("1000", "1700", seed=n) for n in range(10)]
    games += [_game("2100", "1300", seed=n) for n in range(10, 16)]

    chosen = sample_positions(games, 3, random.Random(1), lowest=1600)

    assert {band: len(positions) for band, positions in chosen.items()} == dict(
        zip(BANDS, (0, 0, 3, 3), strict=True)
    )
    assert all(p.rating >= 1600 for positions in chosen.values() for p in positions)


def test_the_beginners_bands_cut_the_first_band_finer_and_hold_no_one_above_it() -> None:
    assert BEGINNER_BANDS[0][0] == BANDS[0][0] and BEGINNER_BANDS[-1][1] == BANDS[0][1]
    assert [band_among(r, BEGINNER_BANDS) for r in (0, 599, 600, 799, 800, 1199)] == [
        (0, 600),
        (0, 600),
        (600, 800),
        (600, 800),
        (800, 1000),
        (1000, 1200),
    ]
    assert band_among(1200, BEGINNER_BANDS) is None


def test_the_beginners_sample_keeps_to_its_bands_and_may_reach_a_games_end() -> None:
    games = [_game("700", "1500", plies=120, seed=n) for n in range(30)]
    games += [_game("1900", "1100", plies=120, seed=n) for n in range(30, 40)]

    chosen = sample_positions(games, 40, random.Random(4), bands=BEGINNER_BANDS, last_ply=None)

    assert set(chosen) == set(BEGINNER_BANDS)
    assert len(chosen[600, 800]) == 30 and len(chosen[1000, 1200]) == 10
    assert all(p.rating in (700, 1100) for positions in chosen.values() for p in positions)
    plies = [len(p.board.move_stack) + 1 for ps in chosen.values() for p in ps]
    assert min(plies) >= FIRST_PLY and max(plies) > LAST_PLY  # past ply 80, to the end


def test_unrated_players_and_short_games_give_no_position() -> None:
    games = [_game("?", "1500", seed=1), _game("1500", "1500", plies=FIRST_PLY - 1, seed=2)]

    chosen = sample_positions(games, 10, random.Random(3))

    assert all(position.board.turn == chess.BLACK for position in chosen[band_of(1500)])
    assert sum(len(positions) for positions in chosen.values()) == 1


def test_only_standard_games_from_the_start_are_read(tmp_path: Path) -> None:
    standard = _game("1500", "1500", seed=1)
    chess960 = _game("1500", "1500", seed=2, Variant="Chess960")
    set_up = _game("1500", "1500", seed=3)
    set_up.headers["FEN"] = chess.STARTING_FEN
    set_up.headers["SetUp"] = "1"
    path = tmp_path / "games.pgn"
    path.write_text("\n\n".join(str(game) for game in (standard, chess960, set_up)) + "\n")

    assert [game.headers["White"] for game in read_games([path])] == ["white1"]


def test_the_wilson_interval_holds_the_share_and_stays_in_0_to_1() -> None:
    low, high = wilson(0, 10)
    assert low == 0.0 or abs(low) < 1e-12
    assert 0.2 < high < 0.35
    low, high = wilson(50, 100)
    assert low < 0.5 < high
    assert abs((0.5 - low) - (high - 0.5)) < 1e-9


def test_the_phase_follows_lichesss_divider_on_the_position_alone() -> None:
    assert phase_of(chess.Board()) is Phase.OPENING
    late = chess.Board()
    late.fullmove_number = 16
    assert phase_of(late) is Phase.MIDDLEGAME  # every piece on, but past the opening's moves
    thinned = chess.Board("r3k2r/pppqbppp/2nppn2/1b6/1B6/2NPPN2/PPPQBPPP/R3K2R w KQkq - 0 8")
    assert phase_of(thinned) is Phase.MIDDLEGAME  # 14 pieces, but three on each back rank
    traded = chess.Board("rnbqk3/pppppppp/8/8/8/8/PPPPPPPP/RNBQK3 w - - 0 5")
    assert phase_of(traded) is Phase.MIDDLEGAME  # 8 majors and minors: not yet an ending
    assert phase_of(chess.Board("4k3/8/8/8/8/8/8/RNB1KBNR w - - 0 30")) is Phase.ENDING


def test_a_draws_kind_is_read_from_the_words_or_the_last_position() -> None:
    from benchmarks.draws_people import DrawKind, draw_kind  # noqa: PLC0415

    def drawn(moves: str, **tags: str) -> chess.pgn.Game:
        headers = "".join(f'[{name} "{value}"]\n' for name, value in tags.items())
        return _read(f'[Result "1/2-1/2"]\n{headers}\n{moves} 1/2-1/2')

    shuffle = "1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8"
    assert draw_kind(drawn(shuffle, Termination="Normal")) is DrawKind.REPETITION
    assert draw_kind(drawn("1. e4 e5", Termination="Normal")) is DrawKind.AGREEMENT
    assert draw_kind(drawn("1. e4 e5", EndReason="draw agreed")) is DrawKind.AGREEMENT
    assert draw_kind(drawn("1. e4 e5", Termination="Time forfeit")) is DrawKind.FLAG_NO_MATERIAL
    said = drawn("1. e4 e5", Termination="Game drawn by stalemate")
    assert draw_kind(said) is DrawKind.STALEMATE
    stalemate = _read(
        '[Result "1/2-1/2"]\n[FEN "7k/8/8/8/8/8/8/5QK1 w - - 0 1"]\n[SetUp "1"]\n\n1. Qf7 1/2-1/2'
    )
    assert draw_kind(stalemate) is DrawKind.STALEMATE
    assert draw_kind(_read('[Result "1-0"]\n\n1. e4 e5 1-0')) is None
