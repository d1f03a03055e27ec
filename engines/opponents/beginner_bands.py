"""How often beginners err, by band of lichess ratings: the rates a beginner opponent
(:mod:`engines.opponents.beginner`) errs at, and the names a pool entry declares them by.

Apart from the choice of a move, and free of the engine library, so that a pool entry's
``beginner`` key (:class:`engines.opponents.opponent.Opponent`) is read before any engine loads.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum


@dataclass(frozen=True)
class BeginnerErrors:
    """How often people of one rating band err, as this opponent errs."""

    band: tuple[int, int]
    """The lichess ratings of the people measured, lowest included, highest not."""
    blunder_rate: float
    """The chance that a move is a blunder where one can be: where a move of weight loses
    :data:`~engines.opponents.beginner.ERROR_LOSS` and the network's most likely move does
    not. Set so that the opponent's blunders, the network's own included, come as often as
    the band's people's."""
    mistake_rate: float
    """The chance that a move no blunder was drawn for is a mistake where one can be: where a
    move of weight loses :data:`~engines.opponents.beginner.MISTAKE_LOSS` (but less than a
    blunder) and the network's most likely move loses less. Set, like the blunder rate, so
    that the mistakes come as often as the band's people's."""
    mate_miss_rate: float
    """The chance that a mate in one, where there is one, is missed."""
    measured: bool = True
    """False for a band no people were measured in: its rates carry on the measured bands'."""

    @property
    def name(self) -> str:
        """The band as a pool entry names it: ``"600-800"``."""
        return f"{self.band[0]}-{self.band[1]}"

    @property
    def players(self) -> str:
        """The band in words, for a provenance: "lichess players 600–799"."""
        return f"lichess players {self.band[0]}–{self.band[1] - 1}"


BANDS: tuple[BeginnerErrors, ...] = (
    BeginnerErrors((600, 800), blunder_rate=0.200, mistake_rate=0.175, mate_miss_rate=0.61),
    BeginnerErrors((800, 1000), blunder_rate=0.149, mistake_rate=0.181, mate_miss_rate=0.52),
    BeginnerErrors((1000, 1200), blunder_rate=0.109, mistake_rate=0.126, mate_miss_rate=0.44),
)
"""The bands measured: ``benchmarks/beginner_errors.py --positions 600`` (2026-12-02, seed 1,
the judge at depth 10, maia-1100) on 12,477 public lichess games (2014–2022) with a player
under 1200 and two players' exports, their owners left out (docs/engine-pool.md, *How
beginners err*). The blunder rate is its table's "all" row: by phase it differs by less than
its own uncertainty (±0.1), the endings' fewer blunders coming from fewer blunders to make.
The mistake rate is the same table's (its second half), from a later run of the benchmark on
the two samples it could be read from again (``ahmed-under1200.pgn`` and ``cubic.pgn``, 450,
600 and 600 positions, 2026-12-02), with these blunder rates planned first; its bands'
600–800 and 800–1000 rates lie within each other's uncertainty (about ±0.05).
The mate misses are those of every move of the band's players with a mate in one
(``--scan-moves 10000000``: 381, 5,143 and 5,727 positions). No player under 600 is in the
games, so a weaker opponent takes the 600–800 band's."""

BELOW_THE_DATA = BeginnerErrors(
    (400, 600), blunder_rate=0.245, mistake_rate=0.200, mate_miss_rate=0.70, measured=False
)
"""Not measured: no player under 600 is in the samples. The measured rates carried one band
further down, by their mean step a band (blunders: 0.109, 0.149, 0.200, a step of 0.046;
mistakes: 0.126 to 0.175, a step of 0.025; mates missed: 0.44, 0.52, 0.61, a step of 0.085),
for the weakest step of the ladder. The
calibration measures where it plays; people under 600 are the sample that would test it (a
lichess database month, ``docs/engine-pool.md``)."""


class BeginnerBand(StrEnum):
    """The bands a pool entry may take a beginner's errors from (its ``beginner`` key)."""

    UNDER_600 = BELOW_THE_DATA.name
    FROM_600 = BANDS[0].name
    FROM_800 = BANDS[1].name
    FROM_1000 = BANDS[2].name

    @property
    def errors(self) -> BeginnerErrors:
        return next(e for e in (BELOW_THE_DATA, *BANDS) if e.name == self.value)


def errors_for(rating: float) -> BeginnerErrors:
    """The measured band nearest ``rating`` (its own where it has one)."""
    return min(
        BANDS,
        key=lambda e: (
            0
            if e.band[0] <= rating < e.band[1]
            else min(abs(rating - e.band[0]), abs(rating - e.band[1]))
        ),
    )
