"""The director's service with its results not read back from their events: the baseline of
``make bench``'s ingest figure (bench.director), which measures the real service beside it.

``python -m bench.rigs.director_without_readback --config FILE --port P --db FILE --key KEY
--tournament NAME`` serves as ``python -m director`` does (the same config loader, database and
app), except that ``director.web.app.create_app`` is asked not to recompute each result: every other
check stands. Its page's password is made for the run and never shown (the bench logs in nowhere).
Never a way to run a tournament: the service itself has no such option.
"""
from __future__ import annotations

import argparse
import sys


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

    from director.web.app import create_app
    from director.web.connections import server_config
    from director.config import load_config
    from director.event.db import DirectorDB
    from director.web.password import hash_password, one_time

    config = load_config(args.config, {"service.port": args.port, "service.db": args.db,
                                "tournament.key": args.key, "tournament.name": args.tournament})
    db = DirectorDB.open(config.db)
    try:
        app = create_app(db, config, password_hash=hash_password(one_time()), recompute=False)
        uvicorn.Server(server_config(app, config.limits, host="127.0.0.1", port=config.port,
                                     log_level=args.log_level)).run()
    finally:
        db.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
