"""The wire protocol both ends speak: the one schema of every body (schema.py, with its tallies,
receipts and decoders), the result and status documents (document.py, status.py), their HMAC
signatures (signing.py), serial frames (framing.py) and enrolling a table by a one-time code
(enrollment.py). Pure: no sockets, no files; the transports are the table's (kiosk/link) and the
director's (director/tables)."""
