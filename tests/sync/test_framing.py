"""Serial frames: COBS and CRC round trips, and a reader that survives any line noise."""
import zlib

import pytest
from hypothesis import given, settings, strategies as st

from common.wire.framing import (ACK, DATA, IDLE, MAX_FRAME, POLL, Frame, FrameError, FrameReader,
                                cobs_decode, cobs_encode, decode, encode)

frames = st.builds(Frame, st.sampled_from([POLL, DATA, IDLE, ACK]), st.integers(1, 254),
                   st.integers(0, 0xFFFF), st.binary(max_size=700))


@given(st.binary(max_size=2000))
def test_cobs_round_trips_and_leaves_no_zero_byte(data):
    encoded = cobs_encode(data)
    assert 0 not in encoded
    assert len(encoded) <= len(data) + len(data) // 254 + 1
    assert cobs_decode(encoded) == data


def test_cobs_at_the_254_byte_block_edges():
    for data in (b"\x01" * 254, b"\x01" * 254 + b"\x00", b"\x00" + b"\x02" * 254 + b"\x00\x03",
                 b"\x05" * 508, b"\x00" * 300):
        assert cobs_decode(cobs_encode(data)) == data


def test_the_wire_bytes_are_as_the_protocol_says():
    wire = encode(Frame(POLL, 3, 258, b""))
    payload = bytes([1, ord("P"), 3, 1, 2])
    assert wire[-1] == 0 and 0 not in wire[:-1]
    assert cobs_decode(wire[:-1]) == payload + zlib.crc32(payload).to_bytes(4, "big")


@given(frames)
def test_frames_round_trip(frame):
    wire = encode(frame)
    assert wire.endswith(b"\x00") and 0 not in wire[:-1]
    assert decode(wire[:-1]) == frame


@given(st.lists(frames, max_size=6), st.data())
def test_the_reader_finds_every_frame_however_the_bytes_are_split(sent, data):
    wire = b"".join(encode(f) for f in sent)
    cuts = sorted(data.draw(st.lists(st.integers(0, len(wire)), max_size=10)))
    reader = FrameReader()
    got = []
    for a, b in zip([0] + cuts, cuts + [len(wire)]):
        got += reader.feed(wire[a:b])
    assert got == sent and reader.dropped == 0 and not reader.partial


@given(frames, st.data())
def test_any_corrupted_byte_is_detected(frame, data):
    wire = bytearray(encode(frame))
    at = data.draw(st.integers(0, len(wire) - 2))        # any byte but the closing 0x00
    wire[at] ^= data.draw(st.integers(1, 255))
    reader = FrameReader()
    got = list(reader.feed(bytes(wire)))
    assert got == []                                       # never a wrong frame
    assert reader.dropped >= 1


@given(frames, st.data())
def test_a_frame_cut_short_or_lengthened_is_detected(frame, data):
    wire = encode(frame)[:-1]
    cut = data.draw(st.integers(0, len(wire) - 1))
    extra = data.draw(st.binary(min_size=1, max_size=5).filter(lambda b: 0 not in b))
    for bad in (wire[:cut], wire + extra):
        reader = FrameReader()
        assert list(reader.feed(bad + b"\x00")) == []


@settings(max_examples=300)
@given(st.lists(st.binary(max_size=300), max_size=10))
def test_garbage_never_raises(chunks):
    reader = FrameReader()
    for chunk in chunks:
        for frame in reader.feed(chunk):
            assert isinstance(frame, Frame)      # garbage may only ever yield a CRC-checked frame


@given(st.binary(max_size=200), frames, st.binary(max_size=200))
def test_a_good_frame_after_noise_is_found(noise, frame, tail):
    reader = FrameReader()
    got = list(reader.feed(noise + b"\x00" + encode(frame) + tail))
    assert frame in got


def test_an_over_long_frame_is_dropped_and_the_next_one_read():
    reader = FrameReader()
    assert list(reader.feed(b"\x01" * (MAX_FRAME + 10))) == []
    assert list(reader.feed(b"\x01" * 100)) == []
    good = Frame(ACK, 9, 7, b'{"code": 200}')
    assert list(reader.feed(b"\x00" + encode(good))) == [good]
    assert reader.dropped == 1 and "too long" in reader.last_error


def test_bad_fields_are_refused_with_the_field_named():
    with pytest.raises(FrameError, match="address"):
        Frame(POLL, 0, 1)
    with pytest.raises(FrameError, match="seq"):
        Frame(DATA, 1, 70000)
    with pytest.raises(FrameError, match="type"):
        Frame(0x51, 1, 1)
    with pytest.raises(FrameError, match="CRC"):
        payload = bytes([1, ord("P"), 3, 0, 1])
        decode(cobs_encode(payload + b"\x00\x00\x00\x00"))
    with pytest.raises(FrameError, match="version"):
        payload = bytes([2, ord("P"), 3, 0, 1])
        decode(cobs_encode(payload + zlib.crc32(payload).to_bytes(4, "big")))
