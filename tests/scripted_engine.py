"""A UCI engine that plays a game's moves from a script: ``python scripted_engine.py UCI...``
with the whole game's moves (both sides') in UCI, from the starting position.

In a position the script reached it plays the script's next move; anywhere else (past the
script's end, or off it) its first legal move in UCI order. It lets a test bring a rated game,
through the opponent, to a position no real engine could be relied on to reach (a dead draw at
move 49, a side hopelessly lost), while the judge beside it stays the real Stockfish. It
declares ``UCI_LimitStrength`` (and ignores it): an opponent set so chooses its own moves, so
the judge never varies its opening moves (engines.opponents.variation).
"""

from __future__ import annotations

import sys

import chess


def main(script: list[str]) -> None:
    board = chess.Board()
    for line in sys.stdin:
        words = line.split()
        if not words:
            continue
        if words[0] == "uci":
            print("id name scripted")
            print("option name UCI_LimitStrength type check default false")
            print("uciok", flush=True)
        elif words[0] == "isready":
            print("readyok", flush=True)
        elif words[0] == "position":
            board = chess.Board() if words[1] == "startpos" else chess.Board(" ".join(words[2:8]))
            if "moves" in words:
                for move in words[words.index("moves") + 1 :]:
                    board.push_uci(move)
        elif words[0] == "go":
            played = [move.uci() for move in board.move_stack]
            ply = len(played)
            scripted = ply < len(script) and played == script[:ply]
            move = script[ply] if scripted else min(m.uci() for m in board.legal_moves)
            print("info depth 1 score cp 0")
            print(f"bestmove {move}", flush=True)
        elif words[0] == "quit":
            return


if __name__ == "__main__":
    main(sys.argv[1:])
