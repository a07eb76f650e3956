"""What the kiosk sends to the director: result documents, their signatures, and (later) the
HTTP and serial transports that carry them."""
