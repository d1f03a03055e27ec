"""An opponent: an engine, the settings that set its strength, and its calibrated rating."""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from pathlib import PurePath
from types import MappingProxyType
from typing import TYPE_CHECKING

from engines.opponents.beginner_bands import BeginnerBand
from engines.schema import (
    FLAG,
    Kind,
    ListOf,
    Plain,
    Record,
    TableOf,
    choice,
    key,
    number,
    positive,
    text,
    whole,
)
from profiles.marks import Mark
from profiles.opponent_kind import OpponentKind, against, person_like_short, person_like_title
from profiles.ratings.base import RATING_RANGE

if TYPE_CHECKING:
    import chess.engine

NODE_JITTER = 0.1
"""How far a node budget varies from one move to the next (a fraction of it)."""

OptionValue = str | int | bool
NETWORK_ENGINE = "rated-play-maia"
JUDGE_COMMAND = JUDGE_PACKAGE = "stockfish"
"""The judge's engine and its Debian package (:mod:`engines.opponents.judge`): declared here, as
an entry with a veto needs it as much as its own engine, and the pool checks both before the
engines' libraries load."""
"""The engine that plays a network trained on people's games (:mod:`engines.maia.engine`),
installed with rated-play."""
BEGINNER_OPTION = "BeginnerErrors"
"""The option of :data:`NETWORK_ENGINE` that plays a beginner's errors of a band
(:attr:`Opponent.beginner`), which the engine advertises as a combo of the bands' names."""

_NAME = text(blank=False)
_RATING = number(*RATING_RANGE)
_BANDS = [f'"{band.value}"' for band in BeginnerBand]
_BANDS_SAID = f"{', '.join(_BANDS[:-1])} or {_BANDS[-1]}"
_OPTION: Kind[OptionValue] = Plain(
    "a string, an integer or true/false",
    lambda value: isinstance(value, str | int),  # bool is an int
    lambda value: value,
)


class Protocol(StrEnum):
    UCI = "uci"
    XBOARD = "xboard"


@dataclass(frozen=True)
class SearchLimit:
    """Search limits that weaken an opponent, on top of the real clock it is always given."""

    nodes: int | None = field(default=None, metadata=key(whole(1)))
    depth: int | None = field(default=None, metadata=key(whole(1)))
    movetime: float | None = field(
        default=None, metadata=key(positive("a positive number of seconds"))
    )
    """Seconds per move; used as the whole budget when there is no clock."""

    def limit(self) -> chess.engine.Limit:
        """The limits for one move. A node budget varies by up to ±10% from move to move:
        a fixed budget makes a deterministic engine replay the same game move for move,
        and a player could learn one win by heart and repeat it."""
        import chess.engine  # noqa: PLC0415 - not at import: the app's first screen needs no engine

        nodes = self.nodes
        if nodes is not None:
            nodes = max(1, round(nodes * random.uniform(1 - NODE_JITTER, 1 + NODE_JITTER)))
        return chess.engine.Limit(nodes=nodes, depth=self.depth, time=self.movetime)

    @property
    def is_empty(self) -> bool:
        return self.nodes is None and self.depth is None and self.movetime is None


@dataclass(frozen=True)
class Calibration:
    """Where a rating comes from: which games, on what machine, at what time control. The
    ``provenance`` of a calibration file (:mod:`engines.calibration.stored`), declared here."""

    time_control: str = field(metadata=key(text()))
    """The PGN TimeControl of the calibration games, e.g. ``"10+0.1"``."""
    machine: str = field(metadata=key(text()))
    """The CPU the games were played on."""
    engines: Mapping[str, str] = field(
        default_factory=dict, metadata=key(TableOf(text(), "a table of engine versions"))
    )
    """Engine name → version string as the engine reported it."""
    date: str = field(default="", metadata=key(text()))
    """ISO date of the calibration."""
    games: int = field(default=0, metadata=key(whole()))
    """Games played in the whole calibration."""
    anchors: Mapping[str, float] = field(
        default_factory=dict, metadata=key(TableOf(number(), "a table of ratings"))
    )
    """Opponent name → the rating it was pinned to."""


MINUS = "\N{MINUS SIGN}"
"""The typographic minus, which a short name may be typed with; every opponent name says -4."""


@dataclass(frozen=True)
class Need:
    """A program an entry cannot play without."""

    command: str
    """The executable, found as an entry's :attr:`Opponent.command` is."""
    package: str
    """The Debian package that provides it ("" when none is known)."""
    purpose: str
    """What the entry needs it for, after "for": "its moves", "its veto of blunders"."""


@dataclass(frozen=True)
class Opponent:
    """One entry of the pool: a playable engine at one strength.

    The fields with a key are the keys of an ``[[opponent]]`` table in a pool file
    (:mod:`engines.opponents.catalog`); the rest come from the calibration."""

    name: str = field(metadata=key(_NAME, example='"..."'))
    """A unique, stable identifier such as ``"stockfish-elo-1500"``; it is stored in the ledger."""
    title: str = field(metadata=key(text(), default_from="name"))
    """What the player sees, e.g. ``"Stockfish 15.1 at UCI_Elo 1500"``; the name if left out.
    A person-like entry's is derived from its rating and :attr:`provenance` (see
    :mod:`profiles.opponent_kind`), never declared: it follows the calibration."""
    command: str = field(metadata=key(_NAME, example='"..."'))
    """The engine's executable, a name looked up on PATH and in /usr/games, or a path."""
    rating: float = field(metadata=key(_RATING, example="<a rating such as 1500>"))
    """The calibrated rating; in a pool file, the nominal guess used until calibrated."""
    rating_error: float = 0.0
    """The standard error of :attr:`rating`, in rating points."""
    protocol: Protocol = field(
        default=Protocol.UCI, metadata=key(choice(Protocol, '"uci" or "xboard"'))
    )
    args: tuple[str, ...] = field(default=(), metadata=key(ListOf(text(), "a list of strings")))
    """Extra command-line arguments for the engine."""
    options: Mapping[str, OptionValue] = field(
        default_factory=lambda: MappingProxyType({}),
        metadata=key(TableOf(_OPTION, "a table such as { Threads = 1, Hash = 16 }")),
    )
    """UCI or XBoard options that set the strength (UCI_Elo, Skill Level, Threads, Hash…)."""
    search: SearchLimit = field(
        default_factory=SearchLimit,
        metadata=key(Record(SearchLimit, "a table such as { nodes = 2000 }")),
    )
    nominal: str = field(default="", metadata=key(text()))
    """The strength label the engine's authors give this setting, for comparison."""
    package: str = field(default="", metadata=key(text()))
    """The Debian package that provides the engine, to tell the player what to install."""
    chooses_by: str = field(default="", metadata=key(text()))
    """How the engine picks its move other than by its search alone, e.g. ``"a neural
    network's choice"``: ``rated-play engines uci`` says so with each move, as the GUI's
    evaluation is then not what chose it. Left out, :attr:`move_choice` tells it for the
    engines whose own weakening is random."""
    veto: Mark | None = field(
        default=None, metadata=key(choice(Mark, '"inaccuracy", "mistake" or "blunder"'))
    )
    """The judge vetoes a move of the opponent's that earns this mark or a worse one, and the
    opponent chooses again (:mod:`engines.opponents.veto`); None: no veto."""
    veto_drop: float | None = field(default=None, metadata=key(number(0.0, 2.0)))
    """Where the veto starts below :attr:`veto`'s own drop in winning chances (−1 to 1) and
    above the next milder mark's: it vetoes every move of the mark and the worse of the milder
    one, for a strength between two marks' (the catalog checks it lies between them); None:
    from the mark's own drop."""
    beginner: BeginnerBand | None = field(
        default=None,
        metadata=key(choice(BeginnerBand, f"a band of lichess ratings: {_BANDS_SAID}")),
    )
    """The band of lichess ratings whose beginners' errors it plays: the network's likeliest
    move, but for a blunder or a missed mate in one at that band's rate
    (:mod:`engines.opponents.beginner`), each blunder judged by a full-strength Stockfish that
    :data:`NETWORK_ENGINE` runs beside it; None: no such errors. Only a person-like entry of
    :data:`NETWORK_ENGINE` without a veto, a temperature or a search has them
    (:mod:`engines.opponents.catalog` says so)."""
    short: str = field(default="", metadata=key(text()))
    """The name where room is short, e.g. ``"Stockfish UCI_Elo 1500"`` (see
    :attr:`short_title`). A person-like entry's is derived, as its title is ("Person-like
    ≈1450")."""
    kind: OpponentKind = field(
        default=OpponentKind.ENGINE,
        metadata=key(choice(OpponentKind, '"engine", "person-like" or "unleashed"')),
    )
    """What kind of player it is; an engine if left out."""
    provenance: str = field(default="", metadata=key(text()))
    """Where a person-like entry's play comes from, e.g. ``"Maia-1 of lichess players
    1500–1599"``: the network and the people it learnt from, said after its rating."""
    offered: bool = field(default=True, metadata=key(FLAG))
    """False keeps the entry off the setup's slider (:mod:`engines.opponents.choice`) while it
    stays in the pool, for the calibration, ``rated-play engines uci`` and past games: a
    network whose strength is not distinct from its neighbours' adds no step to the ladder."""
    calibrated: bool = False
    """True once :attr:`rating` was measured, not just taken from the nominal label."""
    rating_games: int = 0
    """How many calibration games this opponent played; 0 while the rating is nominal."""
    calibration: Calibration | None = None
    """Where the measured :attr:`rating` comes from; None while it is nominal."""

    def __post_init__(self) -> None:
        # Derived at every construction, so a rating applied by replace() (the calibration's)
        # renames a person-like entry too.
        if self.person_like:
            provenance = self.provenance or self.name
            object.__setattr__(self, "title", person_like_title(self.rating, provenance))
            object.__setattr__(self, "short", person_like_short(self.rating))
        elif MINUS in self.short:
            # A skill level's sign as the title and the engine's own setting write it ("Skill
            # Level -4"): a short name typed with the minus sign said "Skill −4 is thinking…"
            # beside a title that said -4.
            object.__setattr__(self, "short", self.short.replace(MINUS, "-"))

    @property
    def needs(self) -> tuple[Need, ...]:
        """The programs it cannot play without: its engine, and the judge's Stockfish for an
        entry with a :attr:`veto`, the veto being its strength (without it the entry would play
        weaker than it is rated), or with a :attr:`beginner`'s errors, which its engine has the
        judge choose (without it the engine ends, as a crash)."""
        own = Need(self.command, self.package, "its moves")
        if self.veto is not None:
            return own, Need(JUDGE_COMMAND, JUDGE_PACKAGE, f"its veto of {self.veto.plural}")
        if self.beginner is not None:
            return own, Need(JUDGE_COMMAND, JUDGE_PACKAGE, "judging its beginner's errors")
        return (own,)

    @property
    def engine_options(self) -> Mapping[str, OptionValue]:
        """The options its engine is started with: :attr:`options`, and the band of a
        :attr:`beginner`'s errors as :data:`NETWORK_ENGINE` takes it."""
        if self.beginner is None:
            return self.options
        return MappingProxyType({**self.options, BEGINNER_OPTION: self.beginner.value})

    @property
    def short_title(self) -> str:
        """The name where room is short (a table's cell, a clock's border, a sentence at the
        board): :attr:`short`, else the title."""
        return self.short or self.title

    def against(self, *, rated: bool = True) -> str:
        """The opponent after "against" (:func:`profiles.opponent_kind.against`), with its
        rating unless ``rated`` is False: "Stockfish 15.1 at UCI_Elo 1500 (1368)", "a
        person-like opponent rated 1448 (Maia-1 of lichess players 1500–1599)"."""
        return against(self.kind, self.title, self.rating if rated else None, self.provenance)

    @property
    def person_like(self) -> bool:
        """True for an entry declared to play like a person (a network trained on people's
        games chooses its moves)."""
        return self.kind is OpponentKind.PERSON_LIKE

    @property
    def plays_its_network_alone(self) -> bool:
        """True for a person-like entry that plays its network's own choice: no search, no
        veto, no temperature (the time a move a calibration gives an entry without limits
        changes no network's choice). Nothing it does depends on whom it faces, and people's
        moves match its moves more often than any other entry's, so these entries link the
        ratings against engines to those against person-like opponents
        (:mod:`profiles.ratings.by_kind`)."""
        return (
            self.person_like
            and self.veto is None
            and self.beginner is None
            and self.search.nodes is None
            and self.search.depth is None
            and set(self.options) <= {"WeightsFile"}
        )

    @property
    def family(self) -> str:
        """The engine and its way of being weak, e.g. ``"stockfish nodes"``: entries of one
        family go wrong in the same ways, so a rating that holds against other families too
        is one number for the entry, not an artefact of whom it met."""
        engine = PurePath(self.command).name
        if self.person_like:
            way = "network"
        elif self.options.get("UCI_LimitStrength") is True:
            way = "UCI_Elo"
        elif "Skill Level" in self.options:
            way = "Skill Level"
        elif self.search.nodes is not None:
            way = "nodes"
        elif self.search.depth is not None:
            way = "depth"
        else:
            way = "full strength"
        return f"{engine} {way}"

    @property
    def varies_by_itself(self) -> bool:
        """True when the engine's own choice is random: Stockfish's UCI_LimitStrength and a
        Skill Level below 20 pick among the best moves with a random generator seeded at start,
        and a network draws its opening moves from its own policy."""
        return self._random_weakening is not None or self.person_like

    @property
    def move_choice(self) -> str | None:
        """How the engine's move is picked when its search alone does not pick it, in a few
        words (:attr:`chooses_by`, a network's choice, or its random weakening); None when its
        search does."""
        if self.beginner is not None and not self.chooses_by:
            return (
                "a neural network's choice, no search: the move people of its rating play "
                f"most, but for the errors of {self.beginner.errors.players}, drawn at their "
                "rate among the moves it gives weight to, a full-strength search judging them"
            )
        return (
            self.chooses_by
            or (_network_choice() if self.person_like else None)
            or (self._random_weakening)
        )

    @property
    def _random_weakening(self) -> str | None:
        if self.options.get("UCI_LimitStrength") is True:
            return "a random pick among its best lines (UCI_LimitStrength)"
        skill = self.options.get("Skill Level")
        if isinstance(skill, int) and not isinstance(skill, bool) and skill < 20:
            return f"a random pick among its best lines (Skill Level {skill})"
        return None


def _network_choice() -> str:
    """What ``rated-play engines uci`` says of a network's move (engines/maia/choice.py)."""
    # Not at import: the variation's module loads the engine library, which the app's first
    # screen does not need.
    from engines.opponents.variation import VARIED_MOVES  # noqa: PLC0415

    return (
        "a neural network's choice, no search: the move people of its rating play most "
        f"(through move {VARIED_MOVES}, drawn among those they often play)"
    )
