"""The serial port driver: opening by path or URL, moving bytes, and clear errors."""
import os
import tty

import pytest

from drivers.serial_port import SerialPort, SerialPortError


def test_bytes_written_come_back_on_a_loopback():
    with SerialPort("loop://", 115200) as port:
        assert port.read() == b""                                  # nothing yet: the timeout
        port.write(b"\x01\x02\x00frame")
        got = b""
        for _ in range(100):
            got += port.read()
            if len(got) == 8:
                break
        assert got == b"\x01\x02\x00frame"


def test_a_pseudo_terminal_carries_bytes_both_ways():
    master, device = os.openpty()
    tty.setraw(device)
    try:
        with SerialPort(os.ttyname(device), 1_000_000) as port:
            os.write(master, b"poll\x00")
            got = b""
            for _ in range(200):
                got += port.read()
                if got.endswith(b"\x00"):
                    break
            assert got == b"poll\x00"
            port.write(b"data\x00")
            assert os.read(master, 100) == b"data\x00"
    finally:
        os.close(master)
        os.close(device)


def test_a_missing_port_is_named_with_what_to_check():
    with pytest.raises(SerialPortError, match=r"/dev/ttyNOSUCH.*dialout"):
        SerialPort("/dev/ttyNOSUCH")


@pytest.mark.parametrize("baud", [0, 50, 10_000_000, "115200", True])
def test_a_bad_baud_rate_is_refused(baud):
    with pytest.raises(SerialPortError, match="baud rate"):
        SerialPort("loop://", baud)


def test_rs485_mode_on_a_port_that_cannot_do_it_is_an_error_not_ignored():
    master, device = os.openpty()
    try:
        with pytest.raises(SerialPortError, match="RS-485"):
            SerialPort(os.ttyname(device), rs485=True)
    finally:
        os.close(master)
        os.close(device)


def test_a_port_that_fails_in_use_is_opened_again():
    import serial
    opened = []

    def opener(url, **settings):
        opened.append(serial.serial_for_url(url, **settings))
        return opened[-1]

    port = SerialPort("loop://", opener=opener)
    opened[0].close()                                       # the adapter is pulled out
    with pytest.raises(SerialPortError, match="loop://: reading failed.*opened again"):
        port.read()
    port.write(b"back\x00")                                 # opens it again
    assert port.read() == b"back\x00" and port.reopened == 1 and len(opened) == 2
    port.close()
    with pytest.raises(SerialPortError, match="closed"):
        port.read()
