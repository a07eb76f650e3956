"""The tables: enrolling a table (its key and config lines), the documents coming in from them
(ingest, every result verified, refusals kept), the serial line's poller, the uses of the
director's menu a result carries. Imports the event room only."""
