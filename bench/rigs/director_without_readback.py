"""The director's service with its results not read back from their events: the baseline of
``make bench``'s ingest figure (bench.director), which measures the real service beside it.

``python -m bench.rigs.director_without_readback --config FILE --port P --db FILE --key KEY
--tournament NAME`` serves as ``python -m director`` does (the same config loader, database and
app), except that in this process the third of the checks every result passes
(director.tables.verify.check_recomputed: its events read back through the core) is left out:
every other check stands. The service has no such option: this rig, its own process, puts
``not_read_back`` in its place for as long as it serves. Its page's password is made for the
run and never shown (the bench logs in nowhere). Never a way to run a tournament.
"""
from __future__ import annotations

import argparse
import sys
from unittest import mock


def not_read_back(rules, document, events) -> None:
    """The read-back left out: every result's events are taken as giving its result."""


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.rigs.director_without_readback")
    parser.add_argument("--config")
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--db", required=True)
    parser.add_argument("--key", required=True)
    parser.add_argument("--tournament", required=True)
    parser.add_argument("--log-level", default="warning")
    args = parser.parse_args(argv)
    import uvicorn

    from director.config import load_config
    from director.event.db import DirectorDB
    from director.tables import verify
    from director.web.app import create_app
    from director.web.connections import server_config
    from director.web.password import hash_password, one_time

    config = load_config(args.config, {"service.port": args.port, "service.db": args.db,
                                "tournament.key": args.key, "tournament.name": args.tournament})
    db = DirectorDB.open(config.db)
    try:
        with mock.patch.object(verify, "check_recomputed", not_read_back):
            app = create_app(db, config, password_hash=hash_password(one_time()))
            uvicorn.Server(server_config(app, config.limits, host="127.0.0.1", port=config.port,
                                         log_level=args.log_level)).run()
    finally:
        db.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
