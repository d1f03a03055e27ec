"""Small lc0 networks written by the tests in lc0's file format, and a slow, obvious forward pass
to hold the real one to.

The writer is the format read the other way: protocol-buffer fields by hand (Google's "Encoding"
page), every layer 16-bit linear-quantised, the batch norm stored unfolded (means, variances,
gammas, betas) as lc0's training code stores it. The reference keeps the raw layers and computes
every output with loops over squares and channels, the batch norm applied as written, so nothing
it does is shared with ``engines.maia.network``.
"""

from __future__ import annotations

import gzip
import math
import struct
from dataclasses import dataclass, field
from pathlib import Path

import chess
import numpy as np

from engines.maia.policy import POLICY_MOVES

EPSILON = 1e-5


def _varint(value: int) -> bytes:
    out = bytearray()
    while True:
        byte = value & 0x7F
        value >>= 7
        if value:
            out.append(byte | 0x80)
        else:
            out.append(byte)
            return bytes(out)


def _field(number: int, wire_type: int, payload: bytes) -> bytes:
    return _varint(number << 3 | wire_type) + payload


def message(number: int, body: bytes) -> bytes:
    return _field(number, 2, _varint(len(body)) + body)


def varint_field(number: int, value: int) -> bytes:
    return _field(number, 0, _varint(value))


def float_field(number: int, value: float) -> bytes:
    return _field(number, 5, struct.pack("<f", value))


def fixed32_field(number: int, value: int) -> bytes:
    return _field(number, 5, struct.pack("<I", value))


@dataclass
class RawNetwork:
    """The layers as lc0's trainer stores them, each already through the 16-bit quantisation
    (so the reference sees exactly what the file holds)."""

    filters: int
    blocks: int
    se_channels: int
    value_channels: int
    value_hidden: int
    wdl: bool
    layers: dict[str, np.ndarray] = field(default_factory=dict)
    encoded: dict[str, bytes] = field(default_factory=dict)


def random_network(
    seed: int,
    *,
    filters: int = 6,
    blocks: int = 2,
    se_channels: int = 3,
    value_channels: int = 2,
    value_hidden: int = 5,
    wdl: bool = True,
) -> RawNetwork:
    rng = np.random.default_rng(seed)
    net = RawNetwork(filters, blocks, se_channels, value_channels, value_hidden, wdl)

    def layer(name: str, size: int, low: float = -0.3, high: float = 0.3) -> None:
        values = rng.uniform(low, high, size)
        lo, hi = float(np.float32(values.min())), float(np.float32(values.max()))
        span = hi - lo if hi > lo else 1.0  # one value: stored as the minimum itself
        quantised = np.round((values - lo) / span * 0xFFFF).astype(np.uint16)
        # What a reader gets back, computed in float64 from the float32 bounds.
        net.layers[name] = lo + (hi - lo) * quantised.astype(np.float64) / 0xFFFF
        params = quantised.astype("<u2").tobytes()
        net.encoded[name] = float_field(1, lo) + float_field(2, hi) + message(3, params)

    def conv_block(name: str, inputs: int, outputs: int, kernel: int) -> None:
        layer(f"{name}.weights", outputs * inputs * kernel * kernel)
        layer(f"{name}.means", outputs, -0.2, 0.2)
        layer(f"{name}.variances", outputs, 0.5, 1.5)
        layer(f"{name}.gammas", outputs, 0.5, 1.5)
        layer(f"{name}.betas", outputs, -0.2, 0.2)

    conv_block("input", 112, filters, 3)
    for block in range(blocks):
        conv_block(f"res{block}.conv1", filters, filters, 3)
        conv_block(f"res{block}.conv2", filters, filters, 3)
        layer(f"res{block}.se.w1", se_channels * filters)
        layer(f"res{block}.se.b1", se_channels)
        layer(f"res{block}.se.w2", 2 * filters * se_channels)
        layer(f"res{block}.se.b2", 2 * filters)
    conv_block("policy1", filters, filters, 3)
    layer("policy.weights", 80 * filters * 9)
    layer("policy.biases", 80)
    conv_block("value", filters, value_channels, 1)
    layer("ip1_val_w", value_hidden * value_channels * 64)
    layer("ip1_val_b", value_hidden)
    outputs = 3 if wdl else 1
    layer("ip2_val_w", outputs * value_hidden)
    layer("ip2_val_b", outputs)
    return net


def network_bytes(net: RawNetwork, magic: int = 0x1C0, input_format: int = 1) -> bytes:
    """The ``Net`` message of ``net``, as lc0 writes it (before gzip); another ``magic`` or
    ``input_format`` makes a file this reader must refuse."""
    enc = net.encoded

    def conv(name: str) -> bytes:
        return (
            message(1, enc[f"{name}.weights"])
            + message(3, enc[f"{name}.means"])
            + message(4, enc[f"{name}.variances"])
            + message(5, enc[f"{name}.gammas"])
            + message(6, enc[f"{name}.betas"])
        )

    residual = b""
    for block in range(net.blocks):
        se = b"".join(
            message(number, enc[f"res{block}.se.{part}"])
            for number, part in ((1, "w1"), (2, "b1"), (3, "w2"), (4, "b2"))
        )
        body = message(1, conv(f"res{block}.conv1")) + message(2, conv(f"res{block}.conv2"))
        residual += message(2, body + message(3, se))
    weights = (
        message(1, conv("input"))
        + residual
        + message(11, conv("policy1"))
        + message(3, message(1, enc["policy.weights"]) + message(2, enc["policy.biases"]))
        + message(6, conv("value"))
        + message(7, enc["ip1_val_w"])
        + message(8, enc["ip1_val_b"])
        + message(9, enc["ip2_val_w"])
        + message(10, enc["ip2_val_b"])
    )
    value_format = 2 if net.wdl else 1
    network_format = (
        varint_field(1, input_format)  # 1: the classical 112 planes
        + varint_field(2, value_format)
        + varint_field(3, 4)  # a residual tower with squeeze-excitation, head formats given
        + varint_field(4, 2)  # a convolutional policy head
        + varint_field(5, value_format)
    )
    file_format = varint_field(1, 1) + message(2, network_format)  # LINEAR16
    return fixed32_field(1, magic) + message(4, file_format) + message(10, weights)


def write_network(net: RawNetwork, path: Path) -> Path:
    path.write_bytes(gzip.compress(network_bytes(net)))
    return path


# The reference forward pass: loops, float64, the batch norm as written.


def _convolve(
    net: RawNetwork, name: str, x: np.ndarray, kernel: int, batch_norm: bool
) -> np.ndarray:
    weights = net.layers[f"{name}.weights"]
    inputs = x.shape[0]
    outputs = len(weights) // (inputs * kernel * kernel)
    weights = weights.reshape(outputs, inputs, kernel, kernel)
    half = kernel // 2
    out = np.zeros((outputs, 8, 8))
    for o in range(outputs):
        for rank in range(8):
            for file in range(8):
                total = 0.0
                for i in range(inputs):
                    for dy in range(kernel):
                        for dx in range(kernel):
                            r, f = rank + dy - half, file + dx - half
                            if 0 <= r < 8 and 0 <= f < 8:
                                total += weights[o, i, dy, dx] * x[i, r, f]
                out[o, rank, file] = total
        if batch_norm:
            mean = net.layers[f"{name}.means"][o]
            variance = net.layers[f"{name}.variances"][o]
            gamma = net.layers[f"{name}.gammas"][o]
            beta = net.layers[f"{name}.betas"][o]
            out[o] = gamma * (out[o] - mean) / math.sqrt(variance + EPSILON) + beta
        else:
            out[o] += net.layers[f"{name}.biases"][o]
    return out


def _dense(weights: np.ndarray, bias: np.ndarray, x: np.ndarray) -> np.ndarray:
    outputs = len(bias)
    matrix = weights.reshape(outputs, len(x))
    return np.array(
        [sum(matrix[o, i] * x[i] for i in range(len(x))) + bias[o] for o in range(outputs)]
    )


def _relu(x: np.ndarray) -> np.ndarray:
    return np.where(x > 0, x, 0.0)


def _plane_and_square(move: str) -> tuple[int, int]:
    """Where a policy move stands in the 80×64 output, worked out from the move itself."""
    origin, target = chess.parse_square(move[:2]), chess.parse_square(move[2:4])
    files = chess.square_file(target) - chess.square_file(origin)
    ranks = chess.square_rank(target) - chess.square_rank(origin)
    if len(move) == 5:
        return 64 + (files + 1) * 3 + "rbq".index(move[4]), origin
    knight = [(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)]
    if (files, ranks) in knight:
        return 56 + knight.index((files, ranks)), origin
    distance = max(abs(files), abs(ranks))
    unit = (files // distance if files else 0, ranks // distance if ranks else 0)
    directions = [(0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1), (-1, 0), (-1, 1)]
    return directions.index(unit) * 7 + distance - 1, origin


def reference_evaluate(net: RawNetwork, planes: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The policy logits (1,858) and the value outputs (win/draw/loss probabilities, or the
    single value through tanh) of ``net`` for ``planes``."""
    x = _relu(_convolve(net, "input", planes.astype(np.float64), 3, True))
    for block in range(net.blocks):
        y = _relu(_convolve(net, f"res{block}.conv1", x, 3, True))
        y = _convolve(net, f"res{block}.conv2", y, 3, True)
        pooled = np.array([y[c].sum() / 64 for c in range(net.filters)])
        hidden = _relu(
            _dense(net.layers[f"res{block}.se.w1"], net.layers[f"res{block}.se.b1"], pooled)
        )
        excited = _dense(net.layers[f"res{block}.se.w2"], net.layers[f"res{block}.se.b2"], hidden)
        for c in range(net.filters):
            scale = 1 / (1 + math.exp(-excited[c]))
            y[c] = y[c] * scale + excited[net.filters + c]
        x = _relu(y + x)
    hidden_policy = _relu(_convolve(net, "policy1", x, 3, True))
    policy = _convolve(net, "policy", hidden_policy, 3, False)
    logits = np.array(
        [
            policy[plane].reshape(64)[square]
            for plane, square in map(_plane_and_square, POLICY_MOVES)
        ]
    )
    value = _relu(_convolve(net, "value", x, 1, True)).reshape(-1)
    value = _relu(_dense(net.layers["ip1_val_w"], net.layers["ip1_val_b"], value))
    out = _dense(net.layers["ip2_val_w"], net.layers["ip2_val_b"], value)
    if net.wdl:
        exp = np.exp(out - out.max())
        return logits, exp / exp.sum()
    return logits, np.tanh(out)
