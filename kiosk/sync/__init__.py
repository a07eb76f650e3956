"""What the kiosk sends to the director and how: result and status documents, their
signatures (pure), and the transports that carry them (the HTTP link: http_client, sender,
table_link)."""
