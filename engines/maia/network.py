"""The forward pass of an lc0 residual network in numpy: from the input planes to the policy
over lc0's 1,858 moves and the value.

The layers are lc0's (``src/neural/backends/blas/network_blas.cc`` computes the same): a 3×3
convolution from the 112 planes, a tower of residual blocks (3×3 convolution, ReLU, 3×3
convolution, the squeeze-excitation unit, the block's input added back, ReLU), then two heads.
The policy head is a 3×3 convolution and ReLU, then a 3×3 convolution to 80 planes, read in
policy order (:mod:`engines.maia.policy`). The value head is a 1×1 convolution and ReLU, a fully
connected layer and ReLU, and a last layer giving win/draw/loss (a softmax) or one value (tanh).

A 3×3 convolution over an 8×8 board is one matrix product: the nine shifted copies of the
padded input stacked as rows (``im2col``) times the folded weights. For the Maia networks (six
blocks of 64 filters) a position takes a few milliseconds; ``benchmarks/maia.py`` measures it.
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
    x = _relu(_convolve(network.input, planes))
    for block in network.tower:
        x = _residual(block, x)
    policy = _convolve(network.policy, _relu(_convolve(network.policy_hidden, x)))
    value = _relu(_convolve(network.value_conv, x)).reshape(-1)
    value = _relu(_dense(network.value_hidden, value))
    out = _dense(network.value_out, value)
    if network.wdl:
        shifted = np.exp(out - out.max())
        win, draw, loss = (float(p) for p in shifted / shifted.sum())
    else:
        q = float(np.tanh(out[0]))
        win, draw, loss = (1 + q) / 2, 0.0, (1 - q) / 2
    return Evaluation(policy.reshape(-1)[CONV_CELLS], win, draw, loss)


def _residual(block: ResidualBlock, x: Array) -> Array:
    y = _convolve(block.second, _relu(_convolve(block.first, x)))
    if block.excitation is not None:
        pooled = y.mean(axis=(1, 2))
        hidden = _relu(_dense(block.excitation.squeeze, pooled))
        excited = _dense(block.excitation.excite, hidden)
        channels = y.shape[0]
        scale: Array = np.reciprocal(1 + np.exp(-excited[:channels]))
        y = y * scale[:, None, None] + excited[channels:, None, None]
    return _relu(y + x)


def _convolve(convolution: Convolution, x: Array) -> Array:
    """``x`` is ``(channels, 8, 8)``; the result ``(outputs, 8, 8)``."""
    channels = x.shape[0]
    if convolution.kernel == 1:
        columns = x.reshape(channels, 64)
    else:
        padded = np.pad(x, ((0, 0), (1, 1), (1, 1)))
        windows = np.lib.stride_tricks.sliding_window_view(padded, (3, 3), axis=(1, 2))
        # (channels, rank, file, 3, 3) → rows in the kernel's (channel, row, column) order.
        columns = windows.transpose(0, 3, 4, 1, 2).reshape(channels * 9, 64)
    out = convolution.weights @ columns + convolution.bias[:, None]
    return out.reshape(-1, 8, 8)


def _dense(layer: Dense, x: Array) -> Array:
    result: Array = layer.weights @ x + layer.bias
    return result


def _relu(x: Array) -> Array:
    return np.maximum(x, 0, dtype=np.float32)
