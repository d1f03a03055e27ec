"""An lc0 weights file, read into the arrays of :mod:`engines.maia.network`.

The file is a gzipped protocol-buffer ``Net`` message, as lc0's schema ``proto/net.proto`` (in
the LeelaChessZero/lczero-common repository) declares it; the field numbers below are that
file's. What this reader takes:

- **16-bit linear quantisation.** Every layer is ``min_val``, ``max_val`` and ``params``, an
  array of little-endian 16-bit integers ``q``; the weight is ``min + (max - min) * q / 65535``
  (the ``LINEAR16`` encoding).
- **Batch normalisation folded into the convolution.** A convolution block holds its weights,
  maybe biases, and the batch norm's means, variances (the field is called ``bn_stddivs`` but
  holds the variance: lc0's ``network_legacy.cc`` takes ``1 / sqrt(x + 1e-5)`` of it), gammas
  and betas. With ``s = gamma / sqrt(variance + 1e-5)``, the block is the convolution with
  weights ``W * s`` and bias ``(bias - mean) * s + beta``, which is what is kept.
- **Squeeze-excitation units** (Hu et al., 2018): two fully connected layers per residual
  block, the second giving a scale and a shift for every channel.

Only the format the Maia networks use is taken: the classical 112 input planes, a residual tower
with or without squeeze-excitation, the convolutional policy head and a win/draw/loss or single
value head. Any other file gets one sentence saying what it is not.
"""

from __future__ import annotations

import gzip
import io
import math
import zlib
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import numpy.typing as npt

from engines.maia import wire
from profiles.errors import UserError
from profiles.input_file import InputFileError, read_file

Array = npt.NDArray[np.float32]

WEIGHTS_MAGIC = 0x1C0
"""The ``magic`` lc0 writes into every weights file."""
BATCH_NORM_EPSILON = 1e-5
"""The epsilon lc0 adds to a batch norm's variance (``network_legacy.cc``)."""
INPUT_PLANES = 112
POLICY_PLANES = 80
"""The convolutional policy head's output channels: 73 move kinds per square, padded to 80."""
MAX_FILE_BYTES = 256 * 1024 * 1024
"""A weights file larger than this, unpacked, is no network this reader will hold in memory."""

# NetworkFormat's values this reader takes (net.proto's enums).
LINEAR16 = 1
INPUT_CLASSICAL_112_PLANE = 1
NETWORK_CLASSICAL_WITH_HEADFORMAT = 3
NETWORK_SE_WITH_HEADFORMAT = 4
POLICY_CONVOLUTION = 2
VALUE_CLASSICAL = 1
VALUE_WDL = 2


class NetworkFileError(UserError, ValueError):
    """A weights file that cannot be read or is not a network this reader runs."""


@dataclass(frozen=True)
class Convolution:
    """A convolution with its batch norm folded in: ``weights`` is ``(out, k * k * in)`` with
    the columns in ``(row, column, in)`` order (lc0 stores a kernel in ``(in, row, column)``
    order; :func:`_convolution` reorders it once, as it loads)."""

    weights: Array
    bias: Array
    kernel: int

    @property
    def outputs(self) -> int:
        return int(self.weights.shape[0])

    @property
    def inputs(self) -> int:
        return int(self.weights.shape[1]) // (self.kernel * self.kernel)


@dataclass(frozen=True)
class Dense:
    """A fully connected layer: ``weights`` is ``(out, in)``."""

    weights: Array
    bias: Array


@dataclass(frozen=True)
class SqueezeExcitation:
    squeeze: Dense
    """Channels to the unit's few, followed by a ReLU."""
    excite: Dense
    """The few to twice the channels: the first half are the scales (through a sigmoid), the
    second half the shifts."""


@dataclass(frozen=True)
class ResidualBlock:
    first: Convolution
    second: Convolution
    excitation: SqueezeExcitation | None


@dataclass(frozen=True)
class NetworkWeights:
    """Everything a forward pass needs, as float32 arrays."""

    input: Convolution
    tower: tuple[ResidualBlock, ...]
    policy_hidden: Convolution
    """lc0's ``policy1``: a 3×3 convolution over the tower's channels, then a ReLU."""
    policy: Convolution
    """lc0's ``policy``: a 3×3 convolution to :data:`POLICY_PLANES` channels, no activation."""
    value_conv: Convolution
    value_hidden: Dense
    value_out: Dense
    wdl: bool
    """Whether the value head gives win/draw/loss (three outputs) or one value in [-1, 1]."""

    @property
    def filters(self) -> int:
        return self.input.outputs


def load_network(path: Path) -> NetworkWeights:
    """The network in the weights file at ``path``."""
    try:
        # Read whole first, and only from a regular file: a named pipe given as the weights
        # waited for a writer for ever, and a device never ends.
        raw = read_file(path, MAX_FILE_BYTES, "a network file (.pb.gz)")
        with gzip.GzipFile(fileobj=io.BytesIO(raw), mode="rb") as packed:
            data = packed.read(MAX_FILE_BYTES + 1)
    except InputFileError as error:
        raise NetworkFileError(str(error)) from None
    except OSError as error:
        if isinstance(error, gzip.BadGzipFile):
            raise NetworkFileError(
                f"{path} is not a gzipped lc0 weights file (.pb.gz); give a network file"
            ) from None
        raise NetworkFileError(
            f"{path} cannot be read ({error.strerror or error}); check the path"
        ) from error
    except (EOFError, zlib.error):
        raise NetworkFileError(f"{path} is cut short or damaged; fetch the network again") from None
    if len(data) > MAX_FILE_BYTES:
        raise NetworkFileError(f"{path} is far larger than any network this engine runs")
    try:
        return parse_network(data)
    except (wire.WireFormatError, NetworkFileError) as error:
        raise NetworkFileError(f"{path} is not a network this engine can run: {error}") from None


def parse_network(data: bytes) -> NetworkWeights:
    """The network in the bytes of an (unpacked) weights file."""
    net = wire.by_number(data)
    if _first(net, 1) != WEIGHTS_MAGIC:
        raise NetworkFileError("it lacks lc0's magic number")
    file_format = wire.by_number(_message(net, 4))
    if _first(file_format, 1) != LINEAR16:
        raise NetworkFileError("its layers are not 16-bit linear")
    network_format = wire.by_number(_message(file_format, 2))
    _require(network_format, 1, {INPUT_CLASSICAL_112_PLANE}, "its input planes are not lc0's 112")
    _require(
        network_format,
        3,
        {NETWORK_CLASSICAL_WITH_HEADFORMAT, NETWORK_SE_WITH_HEADFORMAT},
        "it is not a residual network with its head formats given",
    )
    _require(network_format, 4, {POLICY_CONVOLUTION}, "its policy head is not convolutional")
    _require(network_format, 5, {VALUE_CLASSICAL, VALUE_WDL}, "its value head is of a newer kind")
    weights = wire.by_number(_message(net, 10))
    first = _convolution(_message(weights, 1), INPUT_PLANES)
    filters = first.outputs
    network = NetworkWeights(
        input=first,
        tower=tuple(_residual(_bytes(block), filters) for block in weights.get(2, [])),
        policy_hidden=_convolution(_message(weights, 11), filters),
        policy=_convolution(_message(weights, 3), filters),
        value_conv=_convolution(_message(weights, 6), filters),
        value_hidden=_dense(_message(weights, 7), _message(weights, 8)),
        value_out=_dense(_message(weights, 9), _message(weights, 10)),
        wdl=_first(network_format, 5) == VALUE_WDL,
    )
    _check_shapes(network)
    return network


def _check_shapes(network: NetworkWeights) -> None:
    filters = network.filters
    for block in network.tower:
        if block.first.outputs != filters or block.second.outputs != filters:
            raise NetworkFileError("its residual blocks do not keep the channel count")
        if block.excitation is not None and (
            block.excitation.squeeze.weights.shape[1] != filters
            or block.excitation.excite.weights.shape
            != (2 * filters, len(block.excitation.squeeze.bias))
        ):
            raise NetworkFileError("its squeeze-excitation units do not fit the channels")
    if network.policy_hidden.outputs != filters or network.policy.outputs != POLICY_PLANES:
        raise NetworkFileError(f"its policy head does not give {POLICY_PLANES} planes")
    takes_the_squares = network.value_hidden.weights.shape[1] == network.value_conv.outputs * 64
    takes_the_hidden = network.value_out.weights.shape[1] == len(network.value_hidden.bias)
    if not (takes_the_squares and takes_the_hidden):
        raise NetworkFileError("its value head's layers do not fit together")
    if network.value_out.weights.shape[0] != (3 if network.wdl else 1):
        raise NetworkFileError("its value head gives the wrong number of outputs")


def _residual(message: bytes, filters: int) -> ResidualBlock:
    block = wire.by_number(message)
    excitation = None
    if 3 in block:
        unit = wire.by_number(_message(block, 3))
        excitation = SqueezeExcitation(
            squeeze=_dense(_message(unit, 1), _message(unit, 2)),
            excite=_dense(_message(unit, 3), _message(unit, 4)),
        )
    return ResidualBlock(
        first=_convolution(_message(block, 1), filters),
        second=_convolution(_message(block, 2), filters),
        excitation=excitation,
    )


def _convolution(message: bytes, inputs: int) -> Convolution:
    """A ``ConvBlock`` (weights 1, biases 2, bn_means 3, bn_stddivs 4, bn_gammas 5, bn_betas
    6) over ``inputs`` channels, with its batch norm folded in. Its size is read off the
    layers: the outputs from the bias or the batch norm, the kernel (3×3 or 1×1) from what is
    left."""
    block = wire.by_number(message)
    weights = _layer(_message(block, 1))
    bias = _optional_layer(block, 2)
    means = _optional_layer(block, 3)
    variances = _optional_layer(block, 4)
    gammas = _optional_layer(block, 5)
    betas = _optional_layer(block, 6)
    sized_by = next((layer for layer in (bias, means, betas) if layer is not None), None)
    if sized_by is None:
        raise NetworkFileError("a convolution has neither a bias nor a batch norm")
    outputs = len(sized_by)
    if len(weights) % outputs:
        raise NetworkFileError("a convolution's weights do not fit its outputs")
    per_output = len(weights) // outputs
    if per_output not in (inputs, inputs * 9):
        raise NetworkFileError("a convolution's weights fit neither a 3×3 nor a 1×1 kernel")
    kernel = 3 if per_output == inputs * 9 else 1
    for layer in (bias, means, variances, gammas, betas):
        if layer is not None and len(layer) != outputs:
            raise NetworkFileError("a convolution's batch norm does not fit its outputs")
    zeros = np.zeros(outputs, np.float32)
    ones = np.ones(outputs, np.float32)
    bias = zeros if bias is None else bias
    if means is None or variances is None:
        scale, shift = ones, bias
    else:
        if (variances + BATCH_NORM_EPSILON <= 0).any():
            raise NetworkFileError("a batch norm has a variance below zero")
        gamma = ones if gammas is None else gammas
        beta = zeros if betas is None else betas
        scale = gamma / np.sqrt(variances + BATCH_NORM_EPSILON)
        shift = (bias - means) * scale + beta
    folded = weights.reshape(outputs, per_output) * scale[:, None]
    # lc0 stores a kernel's inputs in (channel, row, column) order; kept in (row, column,
    # channel) order, a 3×3 convolution's columns are the nine shifted boards stacked as they
    # are, with no transposing copy (engines.maia.network._convolve).
    inputs = per_output // (kernel * kernel)
    folded = folded.reshape(outputs, inputs, kernel, kernel).transpose(0, 2, 3, 1)
    return Convolution(
        np.ascontiguousarray(folded.reshape(outputs, per_output), dtype=np.float32),
        shift.astype(np.float32),
        kernel,
    )


def _dense(weights_message: bytes, bias_message: bytes) -> Dense:
    weights = _layer(weights_message)
    bias = _layer(bias_message)
    if len(bias) == 0 or len(weights) % len(bias):
        raise NetworkFileError("a fully connected layer's weights do not fit its bias")
    return Dense(weights.reshape(len(bias), -1), bias)


def _layer(message: bytes) -> Array:
    """A ``Layer``: min_val 1, max_val 2, params 3, dequantised."""
    layer = wire.by_number(message)
    low = wire.as_float(_first(layer, 1, 0))
    high = wire.as_float(_first(layer, 2, 0))
    if not (math.isfinite(low) and math.isfinite(high)):
        raise NetworkFileError("a layer's range is not a pair of finite numbers")
    params = _bytes(_first(layer, 3, b""))
    if len(params) % 2:
        raise NetworkFileError("a layer's 16-bit values have an odd number of bytes")
    quantised = np.frombuffer(params, dtype="<u2").astype(np.float32)
    return np.float32(low) + quantised * np.float32((high - low) / 0xFFFF)


def _optional_layer(block: dict[int, list[wire.Value]], number: int) -> Array | None:
    if number not in block:
        return None
    layer = _layer(_message(block, number))
    return layer if len(layer) else None


def _require(
    message: dict[int, list[wire.Value]], number: int, allowed: set[int], otherwise: str
) -> None:
    if _first(message, number, 0) not in allowed:
        raise NetworkFileError(otherwise)


def _first(
    message: dict[int, list[wire.Value]], number: int, default: wire.Value | None = None
) -> wire.Value:
    values = message.get(number)
    if values:
        return values[-1]  # a repeated scalar field: the last one counts
    if default is None:
        raise NetworkFileError(f"field {number} is missing")
    return default


def _message(message: dict[int, list[wire.Value]], number: int) -> bytes:
    values = message.get(number)
    if not values:
        raise NetworkFileError(f"part {number} of the network is missing")
    return _bytes(values[-1])  # given twice, the last counts, as for a scalar (lc0 never does)


def _bytes(value: wire.Value) -> bytes:
    if not isinstance(value, bytes):
        raise NetworkFileError("a part of the network is a number where data should be")
    return value
