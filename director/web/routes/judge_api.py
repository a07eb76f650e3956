"""The judge station's relay (director.tables.challenges; public: each is signed by or for its
table or station, director.web.guard):

- ``tables.challenge``: ``POST /api/tables/{table}/challenge``, a challenge a table sends to
  the judge station; ``tables.verdict``: ``GET /api/tables/{table}/verdict``, the station's
  verdict on it, signed with the table's key (404 while there is none);
- ``stations.challenges``: ``GET /api/stations/{station}/challenges``, the challenges open,
  signed with the station's key, to the request with its key's proof (``X-Station-Proof``,
  common.wire.signing.station_proof; 401 without); ``stations.verdicts``: ``POST
  /api/stations/{station}/verdicts``, the station's verdict.
"""
from __future__ import annotations

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from common.wire.signing import STATION_PROOF, station_key, station_proof
from director.tables import challenges
from ..guard import refusal
from ..service import service_of
from ..sessions import same_secret
from .base import read_limited


async def post_challenge(request: Request) -> Response:
    service, table = service_of(request), request.path_params["table"]
    raw, _ = await read_limited(request, challenges.MAX_BODY)
    reply = await run_in_threadpool(challenges.receive_challenge, service.db, table, raw,
                                    service.config.key, service.now())
    return JSONResponse(reply.body, status_code=reply.code)


async def verdict(request: Request) -> Response:
    service, table = service_of(request), request.path_params["table"]
    signed = await run_in_threadpool(challenges.verdict_for, service.db, table,
                                     service.config.tournament, service.config.key)
    if signed is None:
        return JSONResponse({"error": f"no verdict for table {table}"}, status_code=404)
    return JSONResponse(signed)


async def station_challenges(request: Request) -> Response:
    service, station = service_of(request), request.path_params["station"]
    proof = station_proof(station_key(service.config.key, station), station)
    if not same_secret(request.headers.get(STATION_PROOF), proof):
        return refusal(401, f"the challenges open are judge station {station[:20]}'s only: "
                            f"ask with its key's proof ({STATION_PROOF})")
    signed = await run_in_threadpool(challenges.open_challenges, service.db, station,
                                     service.config.tournament, service.config.key, service.now())
    return JSONResponse(signed)


async def post_verdict(request: Request) -> Response:
    service, station = service_of(request), request.path_params["station"]
    raw, _ = await read_limited(request, challenges.MAX_BODY)
    reply = await run_in_threadpool(challenges.receive_verdict, service.db, station, raw,
                                    service.config.key, service.now())
    return JSONResponse(reply.body, status_code=reply.code)


routes = [
    Route("/api/tables/{table}/challenge", post_challenge, methods=["POST"],
          name="tables.challenge"),
    Route("/api/tables/{table}/verdict", verdict, methods=["GET"], name="tables.verdict"),
    Route("/api/stations/{station}/challenges", station_challenges, methods=["GET"],
          name="stations.challenges"),
    Route("/api/stations/{station}/verdicts", post_verdict, methods=["POST"],
          name="stations.verdicts"),
]
