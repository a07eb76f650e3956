"""Why msgspec: the protocol's schema (common/wire/schema.py) checked by msgspec, pydantic and
jsonschema on the same documents. Not in ``make bench``: it needs pydantic and jsonschema, which
the project does not install. In a venv of its own:

    python3 -m venv /tmp/choice && /tmp/choice/bin/pip install msgspec==0.22.0 pydantic==2.14.3 \
        jsonschema==4.26.0 && /tmp/choice/bin/python -m bench.schema_choice

(from the repository's folder). jsonschema checks msgspec's own JSON Schema of the documents (the
same constraints); pydantic a model of the status document and of the events as strict as the
schema's. Each figure is ms of CPU per body; the hostile bodies are bench/rigs/hostile.py's.
"""
import json
import subprocess
import sys
import time
from typing import Annotated, Literal, Optional, Union

try:
    import jsonschema
    import pydantic
    from pydantic import BaseModel, ConfigDict, Field
except ImportError:
    sys.exit("bench.schema_choice needs pydantic and jsonschema: see its docstring")

from bench.rigs.hostile import shapes                     # noqa: E402
from common.game import events as ev                       # noqa: E402
from common.game.vocabulary import Phase                   # noqa: E402
from common.wire import schema as ms                       # noqa: E402

MiB = 1 << 20
def per_call(fn, arg, n):
    t = time.process_time()
    for _ in range(n):
        try: fn(arg)
        except Exception: pass
    return (time.process_time() - t) / n * 1000

def documents() -> dict[str, bytes]:
    """A status, a short game's result and a long one's (308 events), signed."""
    from common.replay import replay_lines
    from common.wire.document import result_document
    from common.wire.signing import sign
    from common.wire.status import status_document
    lines = [{"preset": "aspa", "round": 1, "players": ["Ann", "Bob"]}, {"t": 0, "cmd": "start", "first": 0}]
    t = 1
    for _ in range(150):
        lines += [{"t": t, "cmd": "play", "player": 0, "score": 1}, {"t": t + 1, "cmd": "play", "player": 1, "score": 1}]
        t += 2
    lines += [{"t": t, "cmd": "out", "player": 0, "score": 1}, {"t": t + 2, "cmd": "accept", "player": 1},
              {"t": t + 4, "cmd": "rack", "player": 1, "tiles": "AE"}, {"t": t + 5, "cmd": "confirm", "player": 0},
              {"t": t + 6, "cmd": "confirm", "player": 1}]
    out = {}
    for name, script in (("result", lines[:8] + lines[-5:]), ("long", lines)):
        r = replay_lines(json.dumps(line) for line in script)
        doc = result_document(r.state, r.events, r.state.last_ns, tournament="T", table="7", game_id="g")
        out[name] = json.dumps(sign(doc, b"k" * 32)).encode()
    r = replay_lines(json.dumps(line) for line in lines[:4])
    status = status_document(r.state, r.state.last_ns, tournament="T", table="7", game_id="g",
                             outbox_pending=0, sent_wall=1e9)
    out["status"] = json.dumps(sign(json.loads(json.dumps(status)), b"k" * 32)).encode()
    return out


docs = documents()
hostile = {k: v for k, v in shapes().items() if k in ("quote then escaped quotes", "deep arrays",
                                                      "a field as long as the body", "half a million numbers")}

# msgspec
def m_status(raw): ms.decode(raw, ms.SignedStatus)
def m_result(raw): ms.decode(raw, ms.SignedResult)

# jsonschema with msgspec's generated JSON Schema (the same constraints)
js_status = jsonschema.Draft202012Validator(ms.json_schema(ms.SignedStatus))
js_result = jsonschema.Draft202012Validator(ms.json_schema(ms.SignedResult))
def j_status(raw): js_status.validate(json.loads(raw))
def j_result(raw): js_result.validate(json.loads(raw))

# pydantic: the status document and the events (the bulk of a result), strict, forbid extras
S = ConfigDict(extra="forbid", strict=True)
Side = Annotated[int, Field(ge=0, le=1)]
Txt = lambda n: Annotated[str, Field(max_length=n, pattern=r"^[^\x00-\x1f\x7f-\x9f\u2028\u2029]*$")]
class Alerts(BaseModel):
    model_config = S
    overtime: Annotated[list[Side], Field(max_length=2)]; hold: Optional[Side]; challenge: Optional[Side]
    neutral: Optional[Txt(40)]; absent: Annotated[list[Side], Field(max_length=2)]
class Status(BaseModel):
    model_config = S
    schema_: Literal[1] = Field(alias="schema"); kind: Literal["status"]; tournament: Txt(100)
    round: Annotated[int, Field(ge=1, le=999)]; table: Txt(20); game_id: Txt(100)
    players: tuple[Txt(100), Txt(100)]; phase: Literal[tuple(str(p) for p in Phase)]
    times_ms: tuple[int, int]; scores: tuple[int, int]; to_move: Optional[Side]; running: Optional[Side]
    alerts: Alerts; outbox_pending: int; sent_wall: float; division: Optional[str] = None
class SignedStatus(BaseModel):
    model_config = S
    document: Status; signature: Annotated[str, Field(pattern="^[0-9a-f]{64}$")]
def event_model(cls):
    fields = {"schema_": (Literal[1], Field(alias="schema")), "type": (Literal[cls.__name__], ...)}
    for f in ev._fields(cls):
        t = {"int": int, "str": Txt(200), "bool": bool, "tuple[int, ...]": list[int], "tuple[str, ...]": list[str]}.get(f.type, str)
        fields[f.name] = (t, ... if f.default is ev.MISSING else f.default)
    return pydantic.create_model(cls.__name__, __config__=S, **fields)
Event = Annotated[Union[tuple(event_model(c) for c in ev.EVENT_TYPES.values())], Field(discriminator="type")]
class Doc(BaseModel):
    model_config = ConfigDict(extra="allow", strict=True)
    events: Annotated[list[Event], Field(max_length=2000)]
class SignedResult(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    document: Doc; signature: str
def p_status(raw): SignedStatus.model_validate_json(raw)
def p_result(raw): SignedResult.model_validate_json(raw)

print(f"{'':28s} {'msgspec':>10s} {'pydantic':>10s} {'jsonschema':>11s}   ms of CPU per body")
for name, raw, fns in [("status (%d B)" % len(docs["status"]), docs["status"], (m_status, p_status, j_status)),
                       ("result (%d B)" % len(docs["result"]), docs["result"], (m_result, p_result, j_result)),
                       ("result, 308 events (%d KB)" % (len(docs["long"]) // 1024), docs["long"], (m_result, p_result, j_result))]:
    n = 2000 if "events" not in name else 50
    print(f"{name:28s} " + " ".join(f"{per_call(f, raw, n if f is not j_result else max(5, n // 20)):10.3f}" for f in fns))
for name, raw in hostile.items():
    print(f"1 MiB {name[:22]:22s} " + " ".join(f"{per_call(f, raw, 5):10.3f}" for f in (m_status, p_status, j_status)))
for mod in ("msgspec", "pydantic", "jsonschema"):
    out = subprocess.run([sys.executable, "-X", "importtime", "-c", f"import {mod}"], capture_output=True, text=True).stderr
    last = [l for l in out.splitlines() if l.rstrip().endswith(f"| {mod}")]
    print(mod, "import:", last[-1].split("|")[1].strip() if last else "?", "us cumulative")
