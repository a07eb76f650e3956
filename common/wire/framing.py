"""Serial frames between the director and the tables (docs/sync-protocol.md, Serial): pure, no I/O.

On the wire a frame is ``COBS(payload + CRC32(payload), 4 bytes big-endian)`` then one ``0x00``.
The payload is ``version (1) | type (1) | address (1) | seq (2, big-endian) | body``. COBS
(consistent overhead byte stuffing) removes every zero byte from the encoded frame, so ``0x00``
marks a frame's end unambiguously and a receiver that joins the line mid-frame, or loses bytes,
finds the next frame at the next zero.

``FrameReader`` takes the bytes as they come (any chunks) and gives the good frames; a frame
with bad COBS, a bad CRC, an unknown version or type, or over ``MAX_FRAME`` bytes is dropped
and counted (``reader.dropped``), never raised: line noise is normal on a serial line.
"""
from __future__ import annotations

import struct
import zlib
from dataclasses import dataclass
from typing import Iterator

VERSION = 1
POLL, DATA, IDLE, ACK = b"P"[0], b"D"[0], b"I"[0], b"A"[0]
TYPES = {POLL: "POLL", DATA: "DATA", IDLE: "IDLE", ACK: "ACK"}
MIN_ADDRESS, MAX_ADDRESS = 1, 254          # 0 and 255 are reserved
MAX_SEQ = 0xFFFF
#: The largest body: a document of up to 1 MiB (the director's limit) and room for its path.
MAX_BODY = (1 << 20) + 64
_HEADER = struct.Struct(">BBBH")
_CRC = struct.Struct(">I")
#: The largest encoded frame (without its 0x00): COBS adds one byte per 254, at most.
MAX_FRAME = MAX_BODY + _HEADER.size + _CRC.size + (MAX_BODY + 300) // 254 + 1


class FrameError(ValueError):
    """Bytes that are not a good frame (bad COBS, bad CRC, too short, unknown version or type)."""


@dataclass(frozen=True)
class Frame:
    """One message: ``type`` (POLL, DATA, IDLE, ACK), the table's ``address`` (1-254),
    ``seq`` (0-65535) and the ``body`` bytes."""
    type: int
    address: int
    seq: int
    body: bytes = b""

    def __post_init__(self):
        if self.type not in TYPES:
            raise FrameError(f"frame type: expected one of {', '.join(TYPES.values())}; got {self.type!r}")
        if not MIN_ADDRESS <= self.address <= MAX_ADDRESS:
            raise FrameError(f"frame address: expected {MIN_ADDRESS}-{MAX_ADDRESS}; got {self.address!r}")
        if not 0 <= self.seq <= MAX_SEQ:
            raise FrameError(f"frame seq: expected 0-{MAX_SEQ}; got {self.seq!r}")
        if len(self.body) > MAX_BODY:
            raise FrameError(f"frame body: at most {MAX_BODY} bytes; got {len(self.body)}")

    @property
    def name(self) -> str:
        return TYPES[self.type]


def cobs_encode(data: bytes) -> bytes:
    """COBS: the same bytes with no zero among them (one code byte per run of up to 254)."""
    out = bytearray()
    start = 0
    while True:
        zero = data.find(0, start, start + 254)
        if zero < 0:
            block = data[start:start + 254]
            out.append(len(block) + 1)
            out += block
            start += len(block)
            if len(block) < 254:          # the end of the data: no zero follows
                return bytes(out)
            if start == len(data):        # a full block ends the data exactly
                out.append(1)
                return bytes(out)
        else:
            out.append(zero - start + 1)
            out += data[start:zero]
            start = zero + 1


def cobs_decode(encoded: bytes) -> bytes:
    """The bytes ``cobs_encode`` was given; FrameError if ``encoded`` is not valid COBS."""
    out = bytearray()
    i, n = 0, len(encoded)
    while i < n:
        code = encoded[i]
        if code == 0:
            raise FrameError("bad COBS: a zero byte inside a frame")
        end = i + code
        if end > n:
            raise FrameError("bad COBS: a block runs past the frame's end")
        block = encoded[i + 1:end]
        if 0 in block:
            raise FrameError("bad COBS: a zero byte inside a frame")
        out += block
        i = end
        if code < 0xFF and i < n:
            out.append(0)
    if n == 0:
        raise FrameError("bad COBS: an empty frame")
    return bytes(out)


def encode(frame: Frame) -> bytes:
    """The frame's bytes on the wire, its closing 0x00 included."""
    payload = _HEADER.pack(VERSION, frame.type, frame.address, frame.seq) + frame.body
    return cobs_encode(payload + _CRC.pack(zlib.crc32(payload))) + b"\x00"


def decode(encoded: bytes) -> Frame:
    """The frame in ``encoded`` (without its closing 0x00); FrameError if it is not a good one."""
    if len(encoded) > MAX_FRAME:
        raise FrameError(f"frame too long: {len(encoded)} bytes, at most {MAX_FRAME}")
    data = cobs_decode(encoded)
    if len(data) < _HEADER.size + _CRC.size:
        raise FrameError(f"frame too short: {len(data)} bytes")
    payload, (crc,) = data[:-_CRC.size], _CRC.unpack(data[-_CRC.size:])
    if zlib.crc32(payload) != crc:
        raise FrameError("bad CRC")
    version, kind, address, seq = _HEADER.unpack_from(payload)
    if version != VERSION:
        raise FrameError(f"frame version {version}; this end speaks {VERSION}")
    return Frame(kind, address, seq, payload[_HEADER.size:])


class FrameReader:
    """Bytes in, good frames out. ``feed(chunk)`` yields each frame completed by the chunk;
    bad frames are counted in ``dropped`` (with the last reason in ``last_error``)."""

    def __init__(self):
        self._buffer = bytearray()
        self._skipping = False          # inside an over-long frame: discard to its 0x00
        self.frames = 0
        self.dropped = 0
        self.last_error: str | None = None

    @property
    def partial(self) -> bool:
        """A frame has begun and not ended (the caller may wait a little longer for it)."""
        return bool(self._buffer) or self._skipping

    def feed(self, chunk: bytes) -> Iterator[Frame]:
        start = 0
        while start < len(chunk):
            end = chunk.find(0, start)
            piece = chunk[start:] if end < 0 else chunk[start:end]
            if not self._skipping:
                self._buffer += piece
                if len(self._buffer) > MAX_FRAME:
                    self._drop(f"frame too long: over {MAX_FRAME} bytes")
                    self._buffer.clear()
                    self._skipping = True
            if end < 0:
                return
            start = end + 1
            if self._skipping:
                self._skipping = False
                continue
            encoded = bytes(self._buffer)
            self._buffer.clear()
            if not encoded:
                continue                # a 0x00 alone (line idle, or two in a row): no frame
            try:
                frame = decode(encoded)
            except FrameError as exc:
                self._drop(str(exc))
                continue
            self.frames += 1
            yield frame

    def _drop(self, reason: str) -> None:
        self.dropped += 1
        self.last_error = reason
