"""What kind of player an opponent is, and how a person-like one is named.

The kind is declared on each entry of the pool (``kind`` in ``pool.toml``, read by
:mod:`engines.opponents.catalog`) and stored with each game (the ledger's ``opponent_kind``):
it is here, below both, because the ledger may not import the engines.

A person-like opponent is named by what it plays, not by where it comes from: the rating its
games measured, rounded to :data:`ABOUT` ("about 1450"), then its provenance (the network and
the players it learnt from, "Maia-1 of lichess players 1500–1599"). The number of a network is
the rating of the people whose games trained it, on lichess's scale; on ours it plays a few
hundred points off that, and two neighbours can even swap (Maia 1400 measured below Maia
1300). A name that showed that number would tell the player the wrong strength.
"""

from __future__ import annotations

from enum import StrEnum


class OpponentKind(StrEnum):
    ENGINE = "engine"
    """An engine weakened by its own settings or a search limit."""
    PERSON_LIKE = "person-like"
    """Plays like a person: a network trained on people's games chooses its moves."""
    UNLEASHED = "unleashed"
    """An engine at full strength, limited only by the clock."""


ABOUT = 50
"""A person-like opponent's rating is said to the nearest this many points: its standard error
is about half of it, so the next digit would claim more than the games measured."""


def about(rating: float) -> int:
    """``rating`` to the nearest :data:`ABOUT` points."""
    return round(rating / ABOUT) * ABOUT


def person_like_title(rating: float, provenance: str) -> str:
    """The whole name: "A person-like opponent, about 1450: Maia-1 of lichess players
    1500–1599"."""
    return f"A person-like opponent, about {about(rating)}: {provenance}"


def person_like_short(rating: float) -> str:
    """The name where room is short (a table's cell, a clock's border): "Person-like ≈1450"."""
    return f"Person-like ≈{about(rating)}"


def against(
    kind: OpponentKind | None, title: str, rating: float | None, provenance: str = ""
) -> str:
    """The opponent after "against", with its rating unless it is None (said beside it):
    "Stockfish 15.1 at UCI_Elo 1500 (1368)". A person-like opponent's title says a rating
    already, so it is named by the exact one, with its provenance when known: "a person-like
    opponent rated 1448 (Maia-1 of lichess players 1500–1599)"."""
    if kind is OpponentKind.PERSON_LIKE:
        named = "a person-like opponent" + ("" if rating is None else f" rated {rating:.0f}")
        return f"{named} ({provenance})" if provenance else named
    return title if rating is None else f"{title} ({rating:.0f})"
