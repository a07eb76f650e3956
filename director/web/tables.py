"""The director's tables page, as data: every table the director knows of and whether it is ready.

``tables_view(db, config, now)`` gives one row per table: those the config expects
(``tournament.tables``), those enrolled or with a code made, those heard from, those paired in a
current round. For each: its enrollment (how and when, or its code's state and, while it is
open, the wall time it ends: ``code_until``), when it was last
heard from (``never`` for a table expected and not heard from), its software's version, its
lexicon's name and fingerprint (one name for one fingerprint, however each table labels it:
``_labels``; the table's own label is ``lexicon_table``; ``lexicon_differs``: not the director's
word list when the config names one, ``tournament.lexicon_fingerprint``; else not the
fingerprint most tables have), its
last self-test, its link (network or serial line), its game as its last status has it (a table
heard from that no current round pairs, at its setup screen, is ``WAITING`` for its round), the
results it sent again because this director lacked them (``taken_back``: restored from a
backup), why it refused the director's last assignment (``assignment_refused``, as its last
status says: it plays the one it had), and, only when ``pins`` asks for them, its own
director's PIN (the page asks while its "show PINs" box is ticked: a refresh does not carry
every table's PIN otherwise). ``ready`` counts the tables heard from in
the last ``RECENT_S``.

``card_tables(...)``: the tables a sheet of printable table cards is made for
(director.web.cards).
"""
from __future__ import annotations

import json
from collections import Counter

from common.game.vocabulary import Phase
from common.wire.code_exchange import TRIES

from director.config import DirectorConfig
from director.event.db import DirectorDB
from director.tables import codes
from director.tables.enroll import pin
from director.tables.ingest import AGAIN
from .view import table_order

RECENT_S = 60.0


def _paired_tables(db: DirectorDB) -> set[str]:
    with db.locked() as conn:
        return {r[0] for r in conn.execute(
            "SELECT DISTINCT p.table_name FROM pairings p WHERE p.table_name IS NOT NULL AND "
            "NOT EXISTS (SELECT 1 FROM rounds r WHERE r.division = p.division AND r.round = "
            "p.round AND r.ended_wall IS NOT NULL) AND p.round = (SELECT MIN(q.round) FROM "
            "pairings q WHERE q.division = p.division AND NOT EXISTS (SELECT 1 FROM rounds r2 "
            "WHERE r2.division = q.division AND r2.round = q.round AND r2.ended_wall IS NOT NULL))")}


def _statuses(db: DirectorDB) -> dict[str, dict]:
    with db.locked() as conn:
        return {r["table_name"]: r for r in conn.query(
            "SELECT table_name, document, received_wall, source FROM status")}


def _enrollment(table: str, enrolled: dict, code: dict | None, now: float,
                ended_at: dict) -> tuple[str, str]:
    """(state, words): enrolled, code, none. A code open whose tries an address spent has
    ended there, as the table at that address says: the director makes a new one."""
    if table in enrolled:
        row = enrolled[table]
        how = {"code": "by its code", "stick": "by USB stick", "files": "by hand"}.get(row["how"], row["how"])
        return "enrolled", f"{how}{' from ' + row['source'] if row['source'] else ''}"
    if code is not None:
        spent = ended_at.get((table, code["code"]))
        if code["state"] == "open" and now < code["expires_wall"] and spent:
            return "none", (f"code ended at {', '.join(spent)} (its {TRIES} tries there spent, "
                            "as the table says): make a new one")
        if code["state"] == "open" and now < code["expires_wall"]:
            return "code", f"code open ({code['tries_left']} tries left)"
        why = "expired" if code["state"] == "open" else code["state"]
        return "none", f"code {why}: make a new one"
    return "none", ""


def tables_view(db: DirectorDB, config: DirectorConfig, now: float, *, pins: bool = False,
                ended_at: dict | None = None) -> dict:
    """``ended_at``: the codes an address spent its tries of (director.tables.exchange's
    ``Exchanges.ended_at``)."""
    statuses, enrolled, made = _statuses(db), codes.enrolled(db), codes.codes(db)
    taken = _taken_back(db)
    paired = _paired_tables(db)
    names = set(config.tables) | set(enrolled) | set(made) | set(statuses) | paired
    documents = {t: json.loads(r["document"]) for t, r in statuses.items()}
    prints = Counter(d.get("about", {}).get("lexicon_sha256") for d in documents.values()
                     if d.get("about", {}).get("lexicon_sha256"))
    # the director's word list when the config names it (every assignment carries it), else the
    # fingerprint most tables have
    usual = config.lexicon_fingerprint or (prints.most_common(1)[0][0] if prints else None)
    labels = _labels(documents.values(), config)
    rows = []
    for table in sorted(names, key=table_order):
        status, document = statuses.get(table), documents.get(table, {})
        about = document.get("about") or {}
        state, words = _enrollment(table, enrolled, made.get(table), now, ended_at or {})
        heard = status["received_wall"] if status else None
        fingerprint = about.get("lexicon_sha256", "")
        rows.append({
            "table": table, "expected": table in config.tables, "enrolled": state == "enrolled",
            "enrollment": words, "code": made[table]["code"] if state == "code" else "",
            "code_until": made[table]["expires_wall"] if state == "code" else None,
            "heard_wall": heard, "recent": heard is not None and now - heard <= RECENT_S,
            "software": about.get("software", ""),
            "lexicon": labels.get(fingerprint) or about.get("lexicon", ""),
            "lexicon_table": about.get("lexicon", ""), "lexicon_sha256": fingerprint,
            "lexicon_differs": bool(fingerprint and usual and fingerprint != usual),
            "selftest": about.get("selftest", ""),
            "link": ("serial line" if status["source"] == "serial" else "network") if status else "",
            "game": _game(document, table in paired) if document else "",
            "assignment_refused": document.get("assignment_refused", ""),
            "taken_back": taken.get(table, ""),
        })
        if pins:
            rows[-1]["pin"] = _pin(config, table)
    return {"tables": rows, "ready": sum(r["recent"] for r in rows), "count": len(rows),
            "expected": len(config.tables), "now": now}


def _labels(documents, config: DirectorConfig) -> dict[str, str]:
    """Fingerprint -> the one name the page gives that word list, however each table labels it
    (its own name, "(official)" or not, as its config has it): the director's name for the
    director's list (``tournament.lexicon``), else the label most of its tables give."""
    said: dict[str, Counter] = {}
    for document in documents:
        about = document.get("about") or {}
        if about.get("lexicon_sha256"):
            said.setdefault(about["lexicon_sha256"], Counter())[about.get("lexicon", "")] += 1
    labels = {fingerprint: min(counts, key=lambda label: (-counts[label], label))
              for fingerprint, counts in said.items()}
    if config.lexicon:
        labels[config.lexicon_fingerprint] = config.lexicon
    return labels


def _taken_back(db: DirectorDB) -> dict[str, str]:
    """table -> the rounds whose results it sent again to this director ("round 1, round 3")."""
    with db.locked() as conn:
        rows = conn.execute("SELECT table_name, round FROM results WHERE source LIKE ? "
                            "ORDER BY round", [f"%{AGAIN}"]).fetchall()
    taken: dict[str, list[str]] = {}
    for table, round_number in rows:
        taken.setdefault(table, []).append(f"round {round_number}")
    return {table: ", ".join(rounds) for table, rounds in taken.items()}


def _pin(config: DirectorConfig, table: str) -> str:
    try:
        return pin(config, table)
    except ValueError:
        return ""


WAITING = "waiting for its round: no division pairs it yet"


def _game(document: dict, paired: bool) -> str:
    """The table's game as its last status has it; a table no current round pairs, before any
    game (its setup screen), is waiting for its round (``WAITING``)."""
    if not paired and document.get("phase") == Phase.SETUP:
        return WAITING
    players = " - ".join(document.get("players") or [])
    scores = "-".join(str(s) for s in document.get("scores") or [])
    return f"round {document.get('round')}: {players} {scores} ({document.get('phase')})"


def card_tables(db: DirectorDB, config: DirectorConfig) -> list[str]:
    """The tables to print a card for: the expected ones, else every table the director knows."""
    if config.tables:
        return list(config.tables)
    return [row["table"] for row in tables_view(db, config, 0.0)["tables"]]
