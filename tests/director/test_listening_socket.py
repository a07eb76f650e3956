"""The service's socket (director.web.connections.listening_socket): each connection it accepts
has Nagle's delay off, so that a table's request on a kept-alive connection is answered at once
(made with protocol 0, asyncio left the delay on, and every such answer waited some 40 ms for
the acknowledgement of the one before)."""
import asyncio
import socket

from director.web.connections import listening_socket


def test_each_connection_the_services_socket_accepts_has_nagles_delay_off():
    async def main():
        sock = listening_socket("127.0.0.1", 0)
        seen = asyncio.get_running_loop().create_future()

        def accepted(reader, writer):
            conn = writer.get_extra_info("socket")
            seen.set_result(conn.getsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY))
            writer.close()

        server = await asyncio.start_server(accepted, sock=sock)
        async with server:
            _, writer = await asyncio.open_connection(*sock.getsockname()[:2])
            nodelay = await asyncio.wait_for(seen, 60)
            writer.close()
        return nodelay

    assert asyncio.run(main()) != 0
