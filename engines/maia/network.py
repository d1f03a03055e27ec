"""The forward pass of an lc0 residual network in numpy: from the input planes to the policy
over lc0's 1,858 moves and the value.

The layers are lc0's (``src/neural/backends/blas/network_blas.cc`` computes the same): a 3×3
convolution from the 112 planes, a tower of residual blocks (3×3 convolution, ReLU, 3×3
convolution, the squeeze-excitation unit, the block's input added back, ReLU), then two heads.
The policy head is a 3×3 convolution and ReLU, then a 3×3 convolution to 80 planes, read in
policy order (:mod:`engines.maia.policy`). The value head is a 1×1 convolution and ReLU, a fully
connected layer and ReLU, and a last layer giving win/draw/loss (a softmax) or one value (tanh).

A 3×3 convolution over an 8×8 board is one matrix product: the nine shifted copies of the
padded input stacked as rows (``im2col``) times the folded weights; a batch of boards puts
their squares side by side in the columns, so a search's leaves are one product per layer.
For the Maia networks (six blocks of 64 filters) a position takes a few milliseconds;
``benchmarks/maia.py`` measures it.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from engines.maia.policy import CONV_CELLS
from engines.maia.weights import Convolution, Dense, NetworkWeights, ResidualBlock

Array = npt.NDArray[np.float32]


@dataclass(frozen=True)
class Evaluation:
    """What the network says of one position."""

    policy_logits: Array
    """One logit per policy move (lc0's 1,858), before any softmax or legality."""
    win: float
    draw: float
    loss: float
    """For the side to move; a single-value network gives no draws: ``win - loss`` is its
    value."""


def evaluate(network: NetworkWeights, planes: Array) -> Evaluation:
    """The network's policy and value for the ``(112, 8, 8)`` input ``planes``."""
    return evaluate_batch(network, planes[None])[0]


def evaluate_batch(network: NetworkWeights, planes: Array) -> list[Evaluation]:
    """The network's policy and value for each of the ``(n, 112, 8, 8)`` input ``planes``, in
    one pass: every layer is one matrix product over the ``n`` boards at once, so a search
    that gathers its leaves pays numpy's overhead per layer once, not once per position
    (``benchmarks/maia.py`` gives the positions a second)."""
    # Inside, activations are (channels, boards, 8, 8): a convolution's columns are then the
    # boards' 64 squares side by side, and every product stays one BLAS call.
    x = _relu(_convolve(network.input, planes.transpose(1, 0, 2, 3)))
    for block in network.tower:
        x = _residual(block, x)
    policy = _convolve(network.policy, _relu(_convolve(network.policy_hidden, x)))
    boards = x.shape[1]
    logits = policy.transpose(1, 0, 2, 3).reshape(boards, -1)[:, CONV_CELLS]
    value = _relu(_convolve(network.value_conv, x))
    value = value.transpose(1, 0, 2, 3).reshape(boards, -1).T
    out = _dense(network.value_out, _relu(_dense(network.value_hidden, value)))
    return [_evaluation(logits[board], out[:, board], network.wdl) for board in range(boards)]


def _evaluation(logits: Array, out: Array, wdl: bool) -> Evaluation:
    if wdl:
        shifted = np.exp(out - out.max())
        win, draw, loss = (float(p) for p in shifted / shifted.sum())
    else:
        q = float(np.tanh(out[0]))
        win, draw, loss = (1 + q) / 2, 0.0, (1 - q) / 2
    return Evaluation(logits, win, draw, loss)


def _residual(block: ResidualBlock, x: Array) -> Array:
    y = _convolve(block.second, _relu(_convolve(block.first, x)))
    if block.excitation is not None:
        pooled = y.mean(axis=(2, 3))
        hidden = _relu(_dense(block.excitation.squeeze, pooled))
        excited = _dense(block.excitation.excite, hidden)
        channels = y.shape[0]
        scale: Array = np.reciprocal(1 + np.exp(-excited[:channels]))
        y = y * scale[:, :, None, None] + excited[channels:, :, None, None]
    return _relu(y + x)


def _convolve(convolution: Convolution, x: Array) -> Array:
    """``x`` is ``(channels, boards, 8, 8)``; the result ``(outputs, boards, 8, 8)``."""
    channels, boards = x.shape[0], x.shape[1]
    if convolution.kernel == 1:
        columns = x.reshape(channels, boards * 64)
    else:
        # The nine shifted boards, in the kernel's (row, column, channel) order
        # (engines.maia.weights.Convolution), each written once into zeros: the border a
        # shift uncovers is the padding.
        shifted = np.zeros((3, 3, channels, boards, 8, 8), dtype=np.float32)
        for row in range(3):
            for column in range(3):
                ranks, files = _window(row), _window(column)
                shifted[row, column, :, :, ranks[0], files[0]] = x[:, :, ranks[1], files[1]]
        columns = shifted.reshape(9 * channels, boards * 64)
    out = convolution.weights @ columns + convolution.bias[:, None]
    return out.reshape(-1, boards, 8, 8)


def _window(offset: int) -> tuple[slice, slice]:
    """For a kernel's row (or column) ``offset`` (0–2), the squares of the output that see the
    board and the squares of the board they see: offset 0 looks one rank down, so output ranks
    1–7 see board ranks 0–6."""
    if offset == 0:
        return slice(1, 8), slice(0, 7)
    if offset == 1:
        return slice(0, 8), slice(0, 8)
    return slice(0, 7), slice(1, 8)


def _dense(layer: Dense, x: Array) -> Array:
    """``x`` is ``(inputs, boards)``."""
    result: Array = layer.weights @ x + layer.bias[:, None]
    return result


def _relu(x: Array) -> Array:
    return np.maximum(x, 0, dtype=np.float32)
