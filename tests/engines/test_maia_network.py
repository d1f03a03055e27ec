"""The numpy forward pass of lc0's network format, held to a slow, obvious reference on
networks the tests write themselves in that format, and the reader's refusals."""

from __future__ import annotations

import gzip
from pathlib import Path

import chess
import numpy as np
import pytest

from engines.maia.network import evaluate
from engines.maia.planes import input_planes
from engines.maia.weights import NetworkFileError, load_network, parse_network
from tests.engines.maia_nets import (
    float_field,
    network_bytes,
    random_network,
    reference_evaluate,
    varint_field,
    write_network,
)


def _game(*sans: str) -> chess.Board:
    board = chess.Board()
    for san in sans:
        board.push_san(san)
    return board


@pytest.mark.parametrize("wdl", [True, False])
def test_the_forward_pass_equals_the_reference_on_a_written_network(
    tmp_path: Path, wdl: bool
) -> None:
    raw = random_network(seed=7 if wdl else 8, wdl=wdl)
    network = load_network(write_network(raw, tmp_path / "tiny.pb.gz"))
    for board in (
        _game("e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Ba4", "Nf6", "O-O"),
        _game("d4", "d5", "c4", "e6"),  # Black to move: the planes are mirrored
    ):
        planes = input_planes(board)
        ours = evaluate(network, planes)
        logits, value = reference_evaluate(raw, planes)
        np.testing.assert_allclose(ours.policy_logits, logits, rtol=1e-5, atol=1e-5)
        if wdl:
            np.testing.assert_allclose([ours.win, ours.draw, ours.loss], value, atol=1e-5)
        else:
            assert ours.draw == 0.0
            assert ours.win - ours.loss == pytest.approx(float(value[0]), abs=1e-5)


def test_a_file_that_is_not_a_network_gets_one_sentence(tmp_path: Path) -> None:
    text = tmp_path / "notes.pb.gz"
    text.write_text("not gzip")
    with pytest.raises(NetworkFileError, match="not a gzipped lc0 weights file"):
        load_network(text)
    with pytest.raises(NetworkFileError, match="cannot be read"):
        load_network(tmp_path / "missing.pb.gz")
    whole = network_bytes(random_network(seed=1))
    cut = tmp_path / "cut.pb.gz"
    cut.write_bytes(gzip.compress(whole[: len(whole) // 2]))
    with pytest.raises(NetworkFileError, match="not a network this engine can run"):
        load_network(cut)
    truncated = tmp_path / "truncated.pb.gz"
    truncated.write_bytes(gzip.compress(whole)[:-20])
    with pytest.raises(NetworkFileError, match="cut short or damaged"):
        load_network(truncated)


@pytest.mark.parametrize(
    ("layer", "replacement", "said"),
    [
        # A float field sent as a varint too large for four bytes.
        ("input.means", varint_field(1, 2**40), "a float field that is not four bytes"),
        # Three gammas for a convolution of six outputs, in the input block and in the tower.
        ("input.gammas", None, "batch norm does not fit its outputs"),
        ("res0.conv1.betas", None, "batch norm does not fit its outputs"),
        # Variances from -2 to -1.
        ("input.variances", float_field(1, -2.0) + float_field(2, -1.0), "variance below zero"),
    ],
)
def test_a_hostile_network_file_is_refused_in_one_sentence(
    tmp_path: Path, layer: str, replacement: bytes | None, said: str
) -> None:
    raw = random_network(seed=3)
    if replacement is None:  # a layer of another size: the value head's last bias (3 values)
        raw.encoded[layer] = raw.encoded["ip2_val_b"]
    else:  # the layer's own range (its first ten bytes) replaced
        raw.encoded[layer] = replacement + raw.encoded[layer][10:]
    with pytest.raises(NetworkFileError, match=said):
        load_network(write_network(raw, tmp_path / "hostile.pb.gz"))


def test_a_network_of_another_format_is_refused_by_name() -> None:
    raw = random_network(seed=2)
    with pytest.raises(NetworkFileError, match="input planes are not lc0's 112"):
        parse_network(network_bytes(raw, input_format=3))
    with pytest.raises(NetworkFileError, match="magic"):
        parse_network(network_bytes(raw, magic=0x1234))
