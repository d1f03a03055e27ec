"""How beginners err, measured on their games, and the beginner opponent beside them.

People's games (lichess ratings, ``people_games.BEGINNER_BANDS``: under 600, 600–800, 800–1000,
1000–1200), the owner of an export left out with ``--skip-player``:

- **Every move** of every game whose mover is in a band (no engine): how often a mate in one
  is missed where there is one, how often a side a rook or more ahead (``profiles.material``)
  stalemates where it can, and of the games a side reached an ending (``people_games.phase_of``) a
  rook or more ahead, how many it stalemated.
- **Positions** (``--positions`` a band, one a game, a random ply from ``FIRST_PLY`` to the
  game's end; ``people_games.sample_positions``): the judge (Stockfish at full strength, fixed
  ``--depth``, so the figures do not depend on the machine) scores its best move, the move
  played, and every move the network (``--network``, ``maia-1100``) gives 1% or more, one line
  each. A move's loss is in centipawns on lichess's ceiling (±1000, a mate as the ceiling:
  ``beginner.loss``). By band: the share of moves losing 100, 300 and 500 or more, by phase and
  by the mover's material lead; where the moves losing 300 or more stand in the network's
  ranking and weight; how many leave a piece hanging (a knight or more attacked and
  undefended, or attacked by a lesser piece, after a move losing 200 or more).
- **The model's parameters** (``engines/opponents/beginner.py``): by band and phase, the rate
  that makes the network's blunders and the model's together as frequent as people's.
- **Ours beside people's** (unless ``--no-model``): ``beginner.choose`` plays each position
  with the judge and the network, with the shipped parameters of the band: its share of the
  person's move and its losses on the same yardstick, and beside it the network's likeliest
  move alone; on up to ``--special`` positions a band with a mate in one, or a stalemate in
  reach a rook ahead, how often each misses the mate and gives the stalemate.

Every share has its 95% interval (Wilson). The games are not shipped (``docs/engine-pool.md``
names the samples and where they come from).

Run: nice .venv/bin/python benchmarks/beginner_errors.py --games A.pgn [B.pgn ...]
     [--skip-player NAME ...] [--positions 300] [--depth 10] [--special 300] [--json]
It prints figures; it asserts nothing.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import statistics
import sys
import time
from collections import defaultdict
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

import chess
import chess.engine
import chess.pgn

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # run as a script from anywhere

import engines.maia  # noqa: F401 - first: it sets numpy's one BLAS thread, as the engine runs
from benchmarks.people_games import (
    BEGINNER_BANDS,
    Band,
    Phase,
    Position,
    band_among,
    band_name,
    people_arguments,
    phase_of,
    player,
    rating,
    read_games,
    sample_positions,
    share_text,
    wilson,
)
from engines.maia.choice import move_probabilities
from engines.maia.network import evaluate
from engines.maia.networks import network_path
from engines.maia.planes import input_planes
from engines.maia.weights import NetworkWeights, load_network
from engines.opponents import beginner
from engines.opponents.beginner import ERROR_LOSS, Kind, loss, mates_in_one
from engines.opponents.beginner_bands import BeginnerErrors, errors_for
from engines.opponents.judge import Judge
from profiles.material import PIECE_POINTS, material_lead

LOSSES = (100, 300, 500)
SCORED_WEIGHT = 0.01
"""The network weight from which a move is scored by the judge (the model draws from
``beginner.WEIGHT_FLOOR``, above it)."""
HANGING_LOSS = 200
"""A hanging piece counts where the move lost this much or more: a piece en prise after a fair
trade, or as bait for a mate, is not one."""
AHEAD = 5
"""Material points (a rook) a side is ahead by for an ending to count as won."""
LEADS = ((-99, -3, "behind 3+"), (-2, 2, "level ±2"), (3, 99, "ahead 3+"))
"""The mover's material lead before the move, in points."""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    people_arguments(parser)
    parser.add_argument("--positions", type=int, default=300, help="positions judged a band")
    parser.add_argument("--depth", type=int, default=beginner.ERROR_DEPTH, help="the judge's")
    parser.add_argument("--network", default="maia-1100")
    parser.add_argument("--special", type=int, default=300, help="mate/stalemate positions")
    parser.add_argument(
        "--scan-moves", type=int, default=25_000, help="moves scanned a band at most"
    )
    parser.add_argument("--no-model", action="store_true", help="people's figures only")
    parser.add_argument("--json", action="store_true", help="the figures as one JSON object")
    parser.add_argument("--seed", type=int, default=1)
    arguments = parser.parse_args()
    games = list(read_games(arguments.games))
    figures = asyncio.run(measure(games, arguments))
    if arguments.json:
        print(json.dumps(figures, indent=1))


@dataclass
class Scan:
    """The engine-free counts over every move of a band."""

    moves: int = 0
    people: set[str] = field(default_factory=set)
    mates: int = 0
    missed: int = 0
    stalemate_chances: int = 0
    stalemated: int = 0
    won_endings: int = 0
    won_endings_stalemated: int = 0
    mate_positions: list[chess.Board] = field(default_factory=list)
    stalemate_positions: list[chess.Board] = field(default_factory=list)
    """With their history, for the model (``--special`` of each at most, drawn at random)."""


def stalemates(board: chess.Board) -> list[chess.Move]:
    found = []
    for move in board.legal_moves:
        board.push(move)
        if board.is_stalemate():
            found.append(move)
        board.pop()
    return found


def scan(
    games: Sequence[chess.pgn.Game],
    skipped: set[str],
    rng: random.Random,
    *,
    special: int,
    most: int,
) -> dict[Band, Scan]:
    """The counts of every move of each band's players, until a band has ``most`` moves (the
    games taken in a random order, so a band cut short is a random sample of its games)."""
    scans = {band: Scan() for band in BEGINNER_BANDS}
    seen: dict[tuple[Band, str], int] = defaultdict(int)
    for game in rng.sample(list(games), len(games)):
        movers: dict[chess.Color, Band] = {}
        for color in chess.COLORS:
            mover_rating = rating(game, color)
            band = None if mover_rating is None else band_among(mover_rating, BEGINNER_BANDS)
            if (
                band is not None
                and player(game, color) not in skipped
                and (scans[band].moves < most)
            ):
                movers[color] = band
                scans[band].people.add(player(game, color))
        if not movers:
            continue
        board = game.board()
        won_ending: set[chess.Color] = set()
        for move in game.mainline_moves():
            band_ = movers.get(board.turn)
            if band_ is not None:
                counts = scans[band_]
                counts.moves += 1
                mates = mates_in_one(board)
                if mates:
                    counts.mates += 1
                    counts.missed += move not in mates
                    _reservoir(
                        counts.mate_positions, board, seen, (band_, "mate"), size=special, rng=rng
                    )
                lead = material_lead(board, board.turn)
                if lead >= AHEAD:
                    if phase_of(board) == Phase.ENDING:
                        won_ending.add(board.turn)
                    if stalemates(board):
                        counts.stalemate_chances += 1
                        board.push(move)
                        counts.stalemated += board.is_stalemate()
                        board.pop()
                        _reservoir(
                            counts.stalemate_positions,
                            board,
                            seen,
                            (band_, "stale"),
                            size=special,
                            rng=rng,
                        )
            board.push(move)
        for color in won_ending & set(movers):
            scans[movers[color]].won_endings += 1
            scans[movers[color]].won_endings_stalemated += (
                board.is_stalemate() and board.turn != color
            )
    return scans


def _reservoir(
    kept: list[chess.Board],
    board: chess.Board,
    seen: dict[tuple[Band, str], int],
    key: tuple[Band, str],
    *,
    size: int,
    rng: random.Random,
) -> None:
    """Keep ``size`` positions drawn evenly from all those offered (Vitter's algorithm R)."""
    seen[key] += 1
    if len(kept) < size:
        kept.append(board.copy())
    elif (slot := rng.randrange(seen[key])) < size:
        kept[slot] = board.copy()


@dataclass(frozen=True)
class Judged:
    """A position of a person's game, as the judge and the network see it."""

    band: Band
    phase: Phase
    lead: int
    """The mover's material lead before the move, in points."""
    played: chess.Move
    weights: dict[chess.Move, float]
    """The network's policy over the legal moves."""
    losses: dict[chess.Move, int]
    """Every scored move's loss against the judge's best."""
    mate_in_one: bool
    hangs: bool
    """The move played loses :data:`HANGING_LOSS` or more and leaves a piece en prise."""

    @property
    def likeliest(self) -> chess.Move:
        return beginner.likeliest(self.weights)

    @property
    def rank(self) -> int:
        """The played move's place in the network's order, 1 for its likeliest."""
        order = sorted(self.weights, key=lambda m: (-self.weights[m], m.uci()))
        return order.index(self.played) + 1


def en_prise(board: chess.Board, color: chess.Color) -> bool:
    """Whether a knight or more of ``color`` is attacked and undefended, or attacked by a
    piece worth less."""
    for square in chess.SquareSet(board.occupied_co[color] & ~board.pawns & ~board.kings):
        piece = board.piece_type_at(square)
        assert piece is not None
        attackers = board.attackers(not color, square)
        if not attackers:
            continue
        if not board.attackers(color, square):
            return True
        least = min(PIECE_POINTS[board.piece_type_at(s) or chess.PAWN] for s in attackers)
        if least < PIECE_POINTS[piece]:
            return True
    return False


def network_weights(network: NetworkWeights, board: chess.Board) -> dict[chess.Move, float]:
    return move_probabilities(board, evaluate(network, input_planes(board)))


async def scores_of(
    judge: Judge, board: chess.Board, moves: Sequence[chess.Move], limit: chess.engine.Limit
) -> tuple[chess.engine.Score, dict[chess.Move, chess.engine.Score]]:
    best = await judge.lines(board, limit, 1)
    lines = dict(await judge.lines(board, limit, len(moves), moves))
    for move in moves:  # a line the multi-line search left out (a rare case): on its own
        if move not in lines:
            lines.update(await judge.lines(board, limit, 1, [move]))
    return best[0][1], lines


async def judge_position(
    judge: Judge, network: NetworkWeights, position: Position, band: Band, depth: int
) -> Judged:
    board = position.board
    weights = network_weights(network, board)
    mates = mates_in_one(board)
    scored = {m for m, w in weights.items() if w >= SCORED_WEIGHT}
    scored |= {position.played, beginner.likeliest(weights), *mates}
    moves = sorted(scored, key=chess.Move.uci)
    best, lines = await scores_of(judge, board, moves, chess.engine.Limit(depth=depth))
    losses = {move: loss(best, score) for move, score in lines.items()}
    after = board.copy(stack=False)
    after.push(position.played)
    hangs = losses[position.played] >= HANGING_LOSS and en_prise(after, board.turn)
    return Judged(
        band,
        phase_of(board),
        material_lead(board, board.turn),
        position.played,
        weights,
        losses,
        bool(mates),
        hangs,
    )


@dataclass(frozen=True)
class Derived:
    """A band and phase's rate of one kind of error for the model (a blunder, a mistake),
    from people's and the network's."""

    positions: int
    people: float
    """People's share of moves that are errors of the kind (``beginner.ERROR_LOSSES``)."""
    network: float
    """The network's likeliest move's share."""
    open: float
    """The share of positions where the likeliest loses less than the kind's least (and there
    is no mate in one): those where the model may err of this kind."""
    reach: float
    """Of those, the share with a move of weight that is an error of the kind."""
    taken: float = 0.0
    """Of those, the share a blunder is planned in first (for a mistake: the band's blunder
    rate), where no mistake is drawn: a blunder is planned before the judge says whether one
    is there to make, and where none is the likeliest move stands."""

    @property
    def rate(self) -> float:
        room = self.open * (1 - self.taken) * self.reach
        if room <= 0:
            return 0.0
        return max(0.0, min(1.0, (self.people - self.network) / room))


def derive(judged: Sequence[Judged], kind: Kind = Kind.BLUNDER, taken: float = 0.0) -> Derived:
    """The rate of errors of ``kind`` that makes the model's, the network's own included, as
    frequent as people's: rate = (p − q) / (o (1 − t) a), p people's share, q the likeliest
    move's, o the share of positions open to such an error, a the share of those with one
    among the moves of weight, t the share a blunder is planned in first."""
    if not judged:
        return Derived(0, 0.0, 0.0, 0.0, 0.0)
    least = beginner.ERROR_LOSSES[kind][0]
    people = sum(beginner.loses_as(kind, j.losses[j.played]) for j in judged) / len(judged)
    network = sum(beginner.loses_as(kind, j.losses[j.likeliest]) for j in judged) / len(judged)
    open_ = [j for j in judged if j.losses[j.likeliest] < least and not j.mate_in_one]
    reach = sum(
        any(
            beginner.loses_as(kind, j.losses[m])
            for m in beginner.weighted(j.weights, but=j.likeliest)
        )
        for j in open_
    ) / max(1, len(open_))
    return Derived(len(judged), people, network, len(open_) / len(judged), reach, taken)


async def measure(games: list[chess.pgn.Game], arguments: argparse.Namespace) -> dict[str, object]:
    rng = random.Random(arguments.seed)
    skipped = set(arguments.skip_player)
    out: dict[str, object] = {"network": arguments.network, "depth": arguments.depth}
    say = _printer(arguments.json)
    started = time.perf_counter()
    scans = scan(games, skipped, rng, special=arguments.special, most=arguments.scan_moves)
    print(f"scanned every move in {time.perf_counter() - started:.0f} s", file=sys.stderr)
    out["every_move"] = every_move(scans, say)
    positions = sample_positions(
        games, arguments.positions, rng, skipped, bands=BEGINNER_BANDS, last_ply=None
    )
    network = load_network(network_path(arguments.network))
    judge = Judge()
    await judge.start()
    try:
        judged: dict[Band, list[Judged]] = {}
        for band in BEGINNER_BANDS:
            judged[band] = [
                await judge_position(judge, network, p, band, arguments.depth)
                for p in positions[band]
            ]
            print(f"{band_name(band)}: {len(judged[band])} judged", file=sys.stderr)
        out["losses"] = loss_tables(judged, say)
        out["ranking"] = ranking(judged, say)
        out["parameters"] = parameters(judged, say)
        if not arguments.no_model:
            out["model"] = await ours_beside_people(
                judged, positions, scans, judge=judge, network=network, arguments=arguments, say=say
            )
    finally:
        await judge.close()
    return out


def _printer(quiet: bool) -> Callable[[str], None]:
    return (lambda _: None) if quiet else print


def _share(hits: int, trials: int) -> dict[str, float | int]:
    low, high = wilson(hits, trials) if trials else (0.0, 0.0)
    return {"hits": hits, "of": trials, "low": round(low, 4), "high": round(high, 4)}


def every_move(scans: dict[Band, Scan], say: Callable[[str], None]) -> dict[str, object]:
    say("every move of the bands' players (no engine), 95% intervals (Wilson)")
    say(
        f"{'band':10}{'people':>7}{'moves':>8}  {'mate in 1 missed':22}"
        f"{'stalemate given, a rook up':28}{'won endings stalemated':22}"
    )
    figures: dict[str, object] = {}
    for band, s in scans.items():
        say(
            f"{band_name(band):10}{len(s.people):>7}{s.moves:>8}  "
            f"{_cell(s.missed, s.mates):22}{_cell(s.stalemated, s.stalemate_chances):28}"
            f"{_cell(s.won_endings_stalemated, s.won_endings):22}"
        )
        figures[band_name(band)] = {
            "people": len(s.people),
            "moves": s.moves,
            "mate_in_one_missed": _share(s.missed, s.mates),
            "stalemate_given": _share(s.stalemated, s.stalemate_chances),
            "won_endings_stalemated": _share(s.won_endings_stalemated, s.won_endings),
        }
    say("cells: share [interval] of n: missed of the positions with a mate in one; stalemating")
    say("moves of the positions a rook or more up where one stalemates; games stalemated of")
    say("those where the player reached an ending a rook or more up\n")
    return figures


def _cell(hits: int, trials: int) -> str:
    return f"{share_text(hits, trials)} /{trials}" if trials else "—"


def _groups(
    judged: dict[Band, list[Judged]],
) -> Iterable[tuple[str, str, list[Judged]]]:
    for band, rows in judged.items():
        yield band_name(band), "all", rows
        for phase in Phase:
            yield band_name(band), phase.value, [j for j in rows if j.phase == phase]
        for low, high, name in LEADS:
            yield band_name(band), name, [j for j in rows if low <= j.lead <= high]


def loss_tables(judged: dict[Band, list[Judged]], say: Callable[[str], None]) -> object:
    say("people's moves losing 100, 300, 500 centipawns or more (the judge's best against the")
    say("move played, capped at ±1000), by band, by phase and by the mover's material lead;")
    say("hanging: a knight or more left en prise by a move losing 200 or more")
    say(
        f"{'band':10}{'of':12}{'n':>5}  "
        + "".join(f"{'≥' + str(c):15}" for c in LOSSES)
        + "hanging"
    )
    figures = []
    for band, group, rows in _groups(judged):
        n = len(rows)
        hits = [sum(j.losses[j.played] >= c for j in rows) for c in LOSSES]
        hanging = sum(j.hangs for j in rows)
        say(
            f"{band:10}{group:12}{n:>5}  "
            + "".join(f"{share_text(h, n):15}" for h in hits)
            + share_text(hanging, n)
        )
        figures.append(
            {"band": band, "of": group, "n": n, "hanging": _share(hanging, n)}
            | {f"loss_{c}": _share(h, n) for c, h in zip(LOSSES, hits, strict=True)}
        )
    say("")
    return figures


RANKS = ((1, 1, "1st"), (2, 2, "2nd"), (3, 3, "3rd"), (4, 5, "4–5th"), (6, 999, "6th+"))
WEIGHTS = (0.05, 0.02, 0.01)


def ranking(judged: dict[Band, list[Judged]], say: Callable[[str], None]) -> object:
    say(f"people's moves losing {ERROR_LOSS} or more: their place in the network's ranking and")
    say("their weight; last, how often the network's likeliest move loses that much too")
    say(
        f"{'band':10}{'n':>4}  "
        + "".join(f"{name:14}" for _, _, name in RANKS)
        + "".join(f"{'w≥' + format(w, '.0%'):14}" for w in WEIGHTS)
        + f"{'median w':>9}  likeliest errs"
    )
    figures = {}
    for band, rows in judged.items():
        errs = [j for j in rows if j.losses[j.played] >= ERROR_LOSS]
        n = len(errs)
        ranks = [sum(lo <= j.rank <= hi for j in errs) for lo, hi, _ in RANKS]
        weights = [sum(j.weights[j.played] >= w for j in errs) for w in WEIGHTS]
        both = sum(j.losses[j.likeliest] >= ERROR_LOSS for j in errs)
        median = statistics.median(j.weights[j.played] for j in errs) if errs else 0.0
        say(
            f"{band_name(band):10}{n:>4}  "
            + "".join(f"{share_text(r, n):14}" for r in ranks)
            + "".join(f"{share_text(w, n):14}" for w in weights)
            + f"{median:>9.1%}  {share_text(both, n)}"
        )
        figures[band_name(band)] = {
            "errors": n,
            "rank": {name: _share(r, n) for (_, _, name), r in zip(RANKS, ranks, strict=True)},
            "weight_at_least": {
                str(w): _share(c, n) for w, c in zip(WEIGHTS, weights, strict=True)
            },
            "median_weight": median,
            "likeliest_errs_too": _share(both, n),
        }
    say("")
    return figures


def parameters(judged: dict[Band, list[Judged]], say: Callable[[str], None]) -> object:
    say(f"the model's rates by band and phase: a blunder loses {ERROR_LOSS}+, a mistake")
    say(f"{beginner.MISTAKE_LOSS}–{ERROR_LOSS - 1}; p people's share of such moves, q the")
    say("network's likeliest move's, o the share of positions where the likeliest loses less")
    say("and no mate in one stands, a the share of those with such a move of weight")
    say(f"≥{beginner.WEIGHT_FLOOR:.0%},")
    say("t (mistakes) the band's shipped blunder rate, planned first; rate = (p − q) /")
    say("(o (1 − t) a), the chance a move is such an error where one can be; the model takes a")
    say('band\'s "all" row (beginner.BANDS), its phases within their noise')
    say(f"{'':27}{'blunders':^35}  │{'mistakes':^42}")
    say(
        f"{'band':10}{'phase':12}{'n':>5}"
        + "".join(f"{c:>7}" for c in ("p", "q", "o", "a", "rate"))
        + "  │"
        + "".join(f"{c:>7}" for c in ("p", "q", "o", "a", "t", "rate"))
    )
    figures = []
    for band, rows in judged.items():
        for phase in (None, *Phase):
            group = rows if phase is None else [j for j in rows if j.phase == phase]
            b = derive(group, Kind.BLUNDER)
            m = derive(group, Kind.MISTAKE, taken=errors_for(sum(band) / 2).blunder_rate)
            name = "all" if phase is None else phase.value
            say(
                f"{band_name(band):10}{name:12}{b.positions:>5}"
                + "".join(f"{v:>7.1%}" for v in (b.people, b.network, b.open, b.reach))
                + f"{b.rate:>7.3f}  │"
                + "".join(f"{v:>7.1%}" for v in (m.people, m.network, m.open, m.reach, m.taken))
                + f"{m.rate:>7.3f}"
            )
            figures.append(
                {"band": band_name(band), "phase": name, "positions": b.positions}
                | {
                    kind: {"people": d.people, "network": d.network, "open": d.open}
                    | {"reach": d.reach, "taken": d.taken, "rate": d.rate}
                    for kind, d in (("blunder", b), ("mistake", m))
                }
            )
    say("")
    return figures


async def ours_beside_people(
    judged: dict[Band, list[Judged]],
    positions: dict[Band, list[Position]],
    scans: dict[Band, Scan],
    *,
    judge: Judge,
    network: NetworkWeights,
    arguments: argparse.Namespace,
    say: Callable[[str], None],
) -> object:
    rng = random.Random(arguments.seed)
    limit = chess.engine.Limit(depth=arguments.depth)
    say("ours beside people's, on the same positions: the share of the person's move, and of")
    say(f"moves losing 100, 300 ({ERROR_LOSS}: the model's blunders), 500 or more; then on the")
    say("positions with a mate in one, or a stalemate in reach a rook up, the share missed or")
    say(f"given (--special {arguments.special} a band at most). network: {arguments.network}'s")
    say("likeliest move; model: beginner.choose with the band's shipped parameters")
    say(
        f"{'band':10}{'who':9}{'n':>5}  {'person move':14}"
        + "".join(f"{'≥' + str(c):14}" for c in LOSSES)
        + f"{'mate 1 missed':20}{'stalemate given':20}"
    )
    figures = []
    for band, rows in judged.items():
        errors = errors_for((band[0] + band[1]) / 2)
        if not rows:
            continue
        model_moves = []
        kinds: dict[Kind, int] = defaultdict(int)
        for j, position in zip(rows, positions[band], strict=True):
            choice = await beginner.choose(position.board, j.weights, judge, errors, rng)
            model_moves.append(choice.move)
            kinds[choice.kind] += 1
            if choice.move not in j.losses:
                best, lines = await scores_of(judge, position.board, [choice.move], limit)
                j.losses[choice.move] = loss(best, lines[choice.move])
        special = await _special(scans[band], network, judge, errors, rng)
        people_special = (
            (scans[band].missed, scans[band].mates),
            (scans[band].stalemated, scans[band].stalemate_chances),
        )
        for who, moves, specials in (
            ("people", [j.played for j in rows], people_special),
            ("network", [j.likeliest for j in rows], special["network"]),
            ("model", model_moves, special["model"]),
        ):
            n = len(rows)
            same = sum(m == j.played for m, j in zip(moves, rows, strict=True))
            hits = [sum(j.losses[m] >= c for m, j in zip(moves, rows, strict=True)) for c in LOSSES]
            say(
                f"{band_name(band) if who == 'people' else '':10}{who:9}{n:>5}  "
                f"{share_text(same, n) if who != 'people' else '':14}"
                + "".join(f"{share_text(h, n):14}" for h in hits)
                + "".join(f"{_cell(h, t):20}" for h, t in specials)
            )
            figures.append(
                {
                    "band": band_name(band),
                    "who": who,
                    "n": n,
                    "person_move": _share(same, n) if who != "people" else None,
                }
                | {f"loss_{c}": _share(h, n) for c, h in zip(LOSSES, hits, strict=True)}
                | {"mate_in_one_missed": _share(*specials[0])}
                | {"stalemate_given": _share(*specials[1])}
            )
        say(f"{'':10}model's moves: " + ", ".join(f"{k.value} {v}" for k, v in kinds.items()))
    say("people's mate and stalemate cells count every move of the band (the first table)")
    return figures


async def _special(
    counts: Scan,
    network: NetworkWeights,
    judge: Judge,
    errors: BeginnerErrors,
    rng: random.Random,
) -> dict[str, tuple[tuple[int, int], tuple[int, int]]]:
    """The network's likeliest and the model's moves on the kept mate-in-one and
    stalemate-in-reach positions: (missed, of) and (stalemated, of) for each."""
    tallies = {"network": [[0, 0], [0, 0]], "model": [[0, 0], [0, 0]]}
    for index, boards in enumerate((counts.mate_positions, counts.stalemate_positions)):
        for board in boards:
            weights = network_weights(network, board)
            model = await beginner.choose(board, weights, judge, errors, rng)
            for who, move in (("network", beginner.likeliest(weights)), ("model", model.move)):
                after = board.copy()
                after.push(move)
                tallies[who][index][0] += (
                    not after.is_checkmate() if index == 0 else after.is_stalemate()
                )
                tallies[who][index][1] += 1
    return {who: ((t[0][0], t[0][1]), (t[1][0], t[1][1])) for who, t in tallies.items()}


if __name__ == "__main__":
    main()
