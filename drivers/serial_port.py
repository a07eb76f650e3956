"""A serial port (pyserial) that only moves bytes: the kiosk's end of the serial link to the director.

``SerialPort(url)`` opens a device path (``/dev/ttyAMA0``, ``/dev/ttyUSB0``, a pseudo-terminal) or
any pyserial URL (``loop://``, ``socket://host:port``, ``rfc2217://...``) with ``serial_for_url``:
8 data bits, no parity, one stop bit, no flow control, at ``baud``. ``read()`` waits up to
``read_timeout_s`` for the first byte and returns whatever has arrived (b"" if nothing did), so
a reading thread notices a stop request promptly; ``write(data)`` sends and waits until sent.

``rs485=True`` asks the kernel's UART driver to switch an RS-485 transceiver's direction with
RTS (the ``TIOCSRS485`` ioctl; on a Raspberry Pi a UART overlay with an RTS pin). Transceivers
that switch direction by themselves (most RS-485 HATs and USB adapters) need no such mode.

A port that cannot be opened or configured raises ``SerialPortError`` naming it and the reason.
A port that fails while in use (a USB adapter pulled out) raises it too, once, and is closed;
the next ``read`` or ``write`` opens it again (and raises again while it is still gone).
Framing and protocol live elsewhere (``common.wire.framing``); drivers never import ``kiosk``.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Callable

if TYPE_CHECKING:
    import serial

# pyserial itself (``serial``) is loaded by the first SerialPort, not with this module: the
# kiosk's config reads DEFAULT_BAUD here on every start, serial link or none.

DEFAULT_BAUD = 115200
READ_TIMEOUT_S = 0.05
WRITE_TIMEOUT_S = 10.0
MIN_BAUD, MAX_BAUD = 300, 4_000_000


class SerialPortError(RuntimeError):
    """The serial port cannot be used: missing, busy, no permission, or a mode it refuses."""


class SerialPort:
    def __init__(self, url: str, baud: int = DEFAULT_BAUD, *, rs485: bool = False,
                 read_timeout_s: float = READ_TIMEOUT_S, write_timeout_s: float = WRITE_TIMEOUT_S,
                 opener: Callable[..., serial.SerialBase] | None = None):
        import serial
        opener = opener or serial.serial_for_url
        if not isinstance(url, str) or not url.strip():
            raise SerialPortError(f"serial port: expected a device path or pyserial URL; got {url!r}")
        if isinstance(baud, bool) or not isinstance(baud, int) or not MIN_BAUD <= baud <= MAX_BAUD:
            raise SerialPortError(f"{url}: baud rate: expected a whole number from {MIN_BAUD} to "
                                  f"{MAX_BAUD} (115200 is usual); got {baud!r}")
        self.url, self.baud, self.rs485 = url, baud, rs485
        self._open = lambda: opener(url, baudrate=baud, bytesize=serial.EIGHTBITS,
                                    parity=serial.PARITY_NONE, stopbits=serial.STOPBITS_ONE,
                                    timeout=read_timeout_s, write_timeout=write_timeout_s)
        self._port: serial.SerialBase | None = None
        self.reopened, self.closed = 0, False
        self._connect()

    def _connect(self) -> serial.SerialBase:
        import serial.rs485
        url = self.url
        try:
            port = self._open()
        except (serial.SerialException, ValueError, OSError) as exc:
            raise SerialPortError(
                f"cannot open the serial port {url}: {exc}. Check the device exists (ls -l {url}), "
                "that this user may use it (the dialout group) and, on a Raspberry Pi, that the UART "
                "is enabled (enable_uart=1 in config.txt, the serial console off)") from exc
        if self.rs485:
            try:
                port.rs485_mode = serial.rs485.RS485Settings(
                    rts_level_for_tx=True, rts_level_for_rx=False)
            except (serial.SerialException, ValueError, OSError, AttributeError) as exc:
                port.close()
                raise SerialPortError(
                    f"{url}: the UART driver refuses RS-485 mode ({exc}); use a transceiver that "
                    "switches direction by itself and leave RS-485 mode off") from exc
        self._port = port
        return port

    def _ready(self) -> serial.SerialBase:
        if self.closed:
            raise SerialPortError(f"{self.url}: the port was closed")
        if self._port is None:
            self._connect()
            self.reopened += 1
        return self._port

    def _failed(self, doing: str, exc: Exception) -> SerialPortError:
        port, self._port = self._port, None
        try:
            port.close()
        except Exception:                                   # noqa: BLE001 - it is broken already
            pass
        return SerialPortError(f"{self.url}: {doing} failed: {exc}; it will be opened again")

    def read(self) -> bytes:
        """What has arrived: waits up to the read timeout for a first byte; b"" if none came."""
        import serial
        port = self._ready()
        try:
            data = port.read(1)
            if data:
                waiting = port.in_waiting
                if waiting:
                    data += port.read(waiting)
            return data
        except (serial.SerialException, OSError) as exc:
            raise self._failed("reading", exc) from exc

    def write(self, data: bytes) -> None:
        """Send ``data`` and wait until it has left (on a half-duplex line the answer follows)."""
        import serial
        port = self._ready()
        try:
            port.write(data)
            port.flush()
        except (serial.SerialException, OSError) as exc:
            raise self._failed("writing", exc) from exc

    def close(self) -> None:
        self.closed = True
        if self._port is not None:
            self._port.close()

    def __enter__(self) -> "SerialPort":
        return self

    def __exit__(self, *exc) -> None:
        self.close()
