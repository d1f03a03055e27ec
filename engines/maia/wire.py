"""The protocol-buffer wire format, read: enough of it for lc0's weights file.

A reader of our own rather than the ``protobuf`` package: that package would need the schema
compiled into generated code (or a ``protoc`` at build time) for the sake of four wire types, and
the weights file uses only a handful of fields (:mod:`engines.maia.weights` names them). The large
fields are byte strings, which numpy reads directly, so pure Python is fast enough here (a
network loads in tens of milliseconds, ``benchmarks/maia.py``).

It reads the four wire types a message can hold today (varint, 64-bit, length-delimited and
32-bit; the two group types are long deprecated). The format is Google's public description,
"Encoding" in the Protocol Buffers documentation (protobuf.dev/programming-guides/encoding): a
message is a run of fields, each a key (a varint holding ``field number << 3 | wire type``) and a
value whose wire type says how long it is.
"""

from __future__ import annotations

import struct
from collections.abc import Iterator

from profiles.errors import UserError

VARINT = 0
FIXED64 = 1
LENGTH_DELIMITED = 2
FIXED32 = 5

Value = int | bytes
"""A field's value as read: a varint or a fixed-width number as an ``int``, a length-delimited
field (a string, bytes or a nested message) as its ``bytes``."""


class WireFormatError(UserError, ValueError):
    """Bytes that are not a protocol-buffer message."""


def fields(message: bytes) -> Iterator[tuple[int, int, Value]]:
    """Each field of ``message`` in order: its number, its wire type and its value."""
    position = 0
    end = len(message)
    while position < end:
        key, position = _varint(message, position)
        number, wire_type = key >> 3, key & 7
        if number == 0:
            raise WireFormatError("a field numbered 0")
        value: Value
        if wire_type == VARINT:
            value, position = _varint(message, position)
        elif wire_type == FIXED64:
            value, position = _fixed(message, position, 8)
        elif wire_type == FIXED32:
            value, position = _fixed(message, position, 4)
        elif wire_type == LENGTH_DELIMITED:
            length, position = _varint(message, position)
            if position + length > end:
                raise WireFormatError("a field runs past the end of its message")
            value, position = message[position : position + length], position + length
        else:
            raise WireFormatError(f"wire type {wire_type}, which this reader does not know")
        yield number, wire_type, value


def by_number(message: bytes) -> dict[int, list[Value]]:
    """The fields of ``message`` grouped by number, repeated ones in order."""
    grouped: dict[int, list[Value]] = {}
    for number, _, value in fields(message):
        grouped.setdefault(number, []).append(value)
    return grouped


def as_float(value: Value) -> float:
    """A ``float`` field (wire type 5: four little-endian bytes, read here as an int)."""
    if not isinstance(value, int) or value >= 1 << 32:
        raise WireFormatError("a float field that is not four bytes")
    result: float = struct.unpack("<f", value.to_bytes(4, "little"))[0]
    return result


def _varint(data: bytes, position: int) -> tuple[int, int]:
    result = shift = 0
    while True:
        if position >= len(data):
            raise WireFormatError("a number cut off at the end of the data")
        byte = data[position]
        position += 1
        result |= (byte & 0x7F) << shift
        if byte < 0x80:
            return result, position
        shift += 7
        if shift >= 64:
            raise WireFormatError("a number longer than ten bytes")


def _fixed(data: bytes, position: int, width: int) -> tuple[int, int]:
    if position + width > len(data):
        raise WireFormatError("a number cut off at the end of the data")
    return int.from_bytes(data[position : position + width], "little"), position + width
