"""The protocol's schema (common.wire.schema) in words: the tables of docs/sync-protocol.md,
made from the types themselves (msgspec's own description of them), so that the page says what
the door checks and nothing else. ``python -m common.wire.schema_doc`` prints them;
tests/test_docs.py holds the page's block to ``markdown()``."""
from __future__ import annotations

import sys

import msgspec
from msgspec import inspect

from common.wire import schema, schema_receipt

#: The objects described, each with what it is; every struct they hold is described after them.
DOCUMENTS = [
    (schema.SignedResult, "`POST /api/tables/{table}/results`, a serial DATA `results`"),
    (schema.SignedStatus, "`POST /api/tables/{table}/status`, a serial DATA `status`"),
    (schema.SignedAssignment, "`GET /api/tables/{table}/assignment`, a serial POLL's body"),
    (schema.Answer, "the director's answer to a document (HTTP, or an ACK's body)"),
    (schema_receipt.Receipt, "the director's receipt for a result, in its answer to the result "
     "(`receipt`, common/wire/schema_receipt.py): the table counts the result stored on it alone"),
    (schema_receipt.StationReceipt, "the director's receipt for a judge station's document, in "
     "its answer to a table's `challenge` (under the table's key) or a station's `verdict` "
     "(under the station's key): neither counts it taken without it"),
    (schema.EnrollStart, "`POST /api/enroll/start` (a table enrolling by its code)"),
    (schema.EnrollConfirm, "`POST /api/enroll/confirm` (a table enrolling by its code)"),
]
SKIPPED = {"Rules", *(cls.__name__ for cls in schema.SECTION_TYPES.values()),
           *(cls.__name__ for cls in schema.EVENTS.values())}


def _words(t, structs: list) -> str:
    """One type in words, the structs it names added to ``structs``."""
    if isinstance(t, inspect.Metadata):
        described = (t.extra_json_schema or {}).get("description")
        return described if described and not isinstance(t.type, inspect.FloatType) \
            else _words(t.type, structs)
    if isinstance(t, inspect.StrType):
        size = (f"{t.min_length or 0} to {t.max_length} characters" if t.max_length is not None
                else "text")
        return f"text, {size}" if t.pattern is None else f"text ({size})"
    if isinstance(t, inspect.IntType):
        return f"integer {t.ge} to {t.le}" if t.ge is not None else "integer"
    if isinstance(t, inspect.FloatType):
        return f"number {t.ge:,.0f} to {t.le:,.0f}" if t.ge is not None else "number"
    if isinstance(t, inspect.BoolType):
        return "true or false"
    if isinstance(t, inspect.NoneType):
        return "null"
    if isinstance(t, inspect.LiteralType):
        return " or ".join(f"`{msgspec.json.encode(v).decode()}`" for v in t.values)
    if isinstance(t, inspect.UnionType):
        return " or ".join(dict.fromkeys(_words(member, structs) for member in t.types))
    if isinstance(t, inspect.TupleType):
        items = [_words(item, structs) for item in t.item_types]
        return f"two: {items[0]}" if len(items) == 2 and items[0] == items[1] else f"[{', '.join(items)}]"
    if isinstance(t, inspect.ListType):
        most = f" (at most {t.max_length:,})" if t.max_length is not None else ""
        return f"a list{most} of {_words(t.item_type, structs)}"
    if isinstance(t, inspect.DictType):
        return f"an object of {_words(t.key_type, structs)}: {_words(t.value_type, structs)}"
    if isinstance(t, inspect.StructType):
        name = t.cls.__name__
        if name in ("ResultDocument",) or name not in SKIPPED:
            if t.cls not in structs:
                structs.append(t.cls)
            return f"`{name}`"
        return "an event (below)" if name in {c.__name__ for c in schema.EVENTS.values()} else \
            f"`{name}` (the preset's settings: [the reference](reference.md#presets))"
    if isinstance(t, inspect.RawType):
        return "a document"
    return type(t).__name__


def _table(cls, structs: list) -> list[str]:
    lines = ["| field | required | what it may be |", "|---|---|---|"]
    for field in inspect.type_info(cls).fields:
        lines.append(f"| `{field.name}` | {'yes' if field.required else 'no'} | "
                     f"{_words(field.type, structs).replace('|', '/')} |")
    return lines


def markdown() -> str:
    """Every object on the wire, a table of its fields each; then the events, one line each."""
    out: list[str] = []
    structs = [cls for cls, _ in DOCUMENTS]
    said = dict((cls, what) for cls, what in DOCUMENTS)
    done = 0
    while done < len(structs):
        cls = structs[done]
        done += 1
        out += ["", f"**`{cls.__name__}`**" + (f": {said[cls]}" if cls in said else ""), ""]
        out += _table(cls, structs)
    out += ["", "**Events** (`events`, each `{\"schema\": 1, \"type\": ..., \"at_ns\": ...}` and "
                "its fields; common/game/events.py defines them):", ""]
    for name, cls in schema.EVENTS.items():
        fields = [f"{f.name} ({_words(f.type, [])})" for f in inspect.type_info(cls).fields
                  if f.name not in ("schema", "at_ns")]
        out.append(f"- `{name}`" + (": " + "; ".join(fields) if fields else ""))
    return "\n".join(out).strip()


if __name__ == "__main__":
    sys.stdout.write(markdown() + "\n")
