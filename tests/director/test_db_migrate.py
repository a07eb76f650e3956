"""A database written by the previous director (schema 1: one division) opens in this one as an
event of one division, with every player, pairing, imported result, round, result, status, audit
row and rejection it had, and the same standings."""
import json
import sqlite3

import pytest

from director.config import load_rules
from director.event.db import SCHEMA_VERSION, DirectorDB, DirectorDBError
from director.event.divisions import divisions
from director.event.rounds import assignment, current_round
from director.event.tournament import standings
from tests.support.director_harness import TOURNAMENT, result_doc

# schema 1 as the previous director declared it (director/event/db.py before divisions)
V1 = {
    "meta": ({"key": str, "value": str}, "key"),
    "players": ({"number": int, "name": str, "rating": int, "division": str}, "number"),
    "pairings": ({"id": int, "round": int, "table_name": str, "player0": int, "player1": int,
                  "first": int, "revision": int}, "id"),
    "imported_results": ({"id": int, "round": int, "table_name": str, "player0": int, "player1": int,
                          "score0": int, "score1": int, "first": int, "kind": str, "winner": int}, "id"),
    "rounds": ({"round": int, "started_wall": float, "ended_wall": float, "revision": int}, "round"),
    "results": ({"tournament": str, "round": int, "table_name": str, "game_id": str, "revision": int,
                 "player0": str, "player1": str, "first": int, "score0": int, "score1": int,
                 "spread": int, "winner": int, "end_reason": str, "document": str, "signature": str,
                 "sha256": str, "received_wall": float, "source": str},
                ("tournament", "round", "table_name")),
    "results_audit": ({"id": int, "tournament": str, "round": int, "table_name": str, "game_id": str,
                       "revision": int, "document": str, "signature": str, "sha256": str,
                       "received_wall": float, "audited_wall": float, "reason": str,
                       "by_revision": int}, "id"),
    "status": ({"table_name": str, "tournament": str, "round": int, "game_id": str, "phase": str,
                "document": str, "sent_wall": float, "received_wall": float, "source": str},
               "table_name"),
    "rejections": ({"id": int, "table_name": str, "path": str, "code": int, "reason": str,
                    "size": int, "received_wall": float, "source": str}, "id"),
}


def schema_1_file(path, label="club-night"):
    """A schema 1 database as a tsh import and a night's play left it."""
    from sqlite_utils import Database
    db = Database(sqlite3.connect(str(path)))
    for name, (columns, pk) in V1.items():
        db.create_table(name, columns, pk=pk)
    db["pairings"].create_index(["round", "table_name"], unique=True)
    db["pairings"].create_index(["round", "player0"])
    db["results_audit"].create_index(["tournament", "round", "table_name"])
    db["rejections"].create_index(["received_wall"])
    db["players"].insert_all([{"number": n, "name": name, "rating": 1500 - n, "division": label}
                              for n, name in enumerate(["Ann", "Bob", "Cat"], 1)])
    db["meta"].insert_all([{"key": "revision", "value": "7"},
                           {"key": "tsh_extras", "value": json.dumps({"1": [["class", "A"]]})}])
    db["pairings"].insert_all([
        {"round": 1, "table_name": "1", "player0": 1, "player1": 2, "first": 0, "revision": 3},
        {"round": 1, "table_name": "9", "player0": 3, "player1": 0, "first": None, "revision": 3},
        {"round": 2, "table_name": "1", "player0": 3, "player1": 1, "first": None, "revision": 4}])
    db["imported_results"].insert({"round": 1, "table_name": "1", "player0": 1, "player1": 2,
                                   "score0": 400, "score1": 350, "first": 0, "kind": "game",
                                   "winner": None})
    db["rounds"].insert_all([{"round": 1, "started_wall": 1e9, "ended_wall": 1e9 + 3000, "revision": 5},
                             {"round": 2, "started_wall": 1e9 + 3600, "ended_wall": None, "revision": 6}])
    document = result_doc(1, round_number=2, players=("Cat", "Ann"), scores=(300, 280))
    db["results"].insert({"tournament": TOURNAMENT, "round": 2, "table_name": "1", "game_id": "g",
                          "revision": 1, "player0": "Cat", "player1": "Ann", "first": 0,
                          "score0": document["result"]["final"][0],
                          "score1": document["result"]["final"][1],
                          "spread": document["result"]["spread"], "winner": 0, "end_reason": "out",
                          "document": json.dumps(document), "signature": "s", "sha256": "h",
                          "received_wall": 1e9 + 4000, "source": "http"})
    db["status"].insert({"table_name": "1", "tournament": TOURNAMENT, "round": 2, "game_id": "g",
                         "phase": "confirmed", "document": "{}", "sent_wall": 1.0,
                         "received_wall": 2.0, "source": "http"})
    db["rejections"].insert({"table_name": "4", "path": "results", "code": 403, "reason": "forged",
                             "size": 10, "received_wall": 3.0, "source": "http"})
    db.execute("PRAGMA user_version=1")
    db.conn.commit()
    db.close()


def test_a_schema_1_file_opens_as_one_division_with_everything_it_had(tmp_path):
    path = tmp_path / "old.sqlite"
    schema_1_file(path)
    with DirectorDB.open(path) as db:
        assert db.db.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION == 12
        [division] = divisions(db)
        assert (division.name, division.table_offset) == ("club-night", 0)
        with db.locked() as conn:
            players = list(conn.query("SELECT division, number, name, tsh_tags FROM players ORDER BY number"))
            pairings = list(conn.query("SELECT division, round, table_name, player1 FROM pairings ORDER BY id"))
            assert conn["results"].count == conn["status"].count == conn["rejections"].count == 1
            assert next(conn.query("SELECT division FROM results"))["division"] == "club-night"
            rejection = next(conn.query("SELECT reason, sha256, document FROM rejections"))
            assert rejection == {"reason": "forged", "sha256": None, "document": None}
        assert players[0] == {"division": "club-night", "number": 1, "name": "Ann",
                              "tsh_tags": json.dumps([["class", "A"]])}
        assert pairings[1] == {"division": "club-night", "round": 1, "table_name": None, "player1": 0}
        assert current_round(db) == 2 and db.next_revision() == 8
        assert assignment(db, "1", TOURNAMENT)["division"] == "club-night"
        table, problems = standings(db, load_rules("aspa", "test"), TOURNAMENT)
        assert problems == []
        # Ann beat Bob (imported), Cat had the bye of started round 1 and beat Ann in round 2
        assert [(s.player.name, s.wins, s.losses) for s in table] == [("Cat", 2, 0), ("Ann", 1, 1), ("Bob", 0, 1)]
    with DirectorDB.open(path) as again:                            # opened again: as it is
        assert again.db.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
        with again.locked() as conn:                                # enrollment by code (5)
            assert conn["enrollment_codes"].count == conn["enrolled"].count == 0
            assert conn["challenges"].count == 0                   # the judge station's (7)
            assert conn["taken_once"].count == 0                   # its documents taken once (8)


def test_players_with_no_common_division_label_become_division_a(tmp_path):
    path = tmp_path / "old.sqlite"
    schema_1_file(path, label="")
    with DirectorDB.open(path) as db:
        assert [d.name for d in divisions(db)] == ["A"]


def test_a_file_from_a_newer_director_is_still_refused(tmp_path):
    path = tmp_path / "new.sqlite"
    DirectorDB.open(path).close()
    raw = sqlite3.connect(path)
    raw.execute(f"PRAGMA user_version={SCHEMA_VERSION + 1}")
    raw.commit()
    raw.close()
    with pytest.raises(DirectorDBError, match=rf"written by a newer director \(schema {SCHEMA_VERSION + 1}\)"):
        DirectorDB.open(path)


def test_a_schema_2_file_keeps_its_rejections_and_can_keep_refused_results(tmp_path):
    path = tmp_path / "v2.sqlite"
    DirectorDB.open(path).close()
    raw = sqlite3.connect(path)                 # schema 2's rejections: no sha256, no document
    raw.execute("DROP INDEX idx_rejections_sha256")
    raw.execute("DROP INDEX idx_rejections_table_name_path_code")
    for column in ("document", "sha256", "repeats", "last_wall"):
        raw.execute(f"ALTER TABLE rejections DROP COLUMN {column}")
    raw.execute("INSERT INTO rejections (table_name, path, code, reason, size, received_wall, "
                "source) VALUES ('4', 'results', 403, 'forged', 10, 3.0, 'http')")
    raw.execute("PRAGMA user_version=2")
    raw.commit()
    raw.close()
    with DirectorDB.open(path) as db:
        assert db.db.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
        with db.transaction() as conn:
            conn["rejections"].insert({"table_name": "5", "path": "results", "code": 422,
                                       "reason": "result.final", "size": 9, "received_wall": 4.0,
                                       "source": "http", "sha256": "ab", "document": "{}"})
            assert [(r["reason"], r["sha256"], r["repeats"], r["last_wall"])
                    for r in conn["rejections"].rows] == [
                ("forged", None, 0, 3.0), ("result.final", "ab", None, None)]
            indexes = [i.columns for i in conn["rejections"].indexes]
            assert ["sha256"] in indexes and ["table_name", "path", "code"] in indexes


def test_a_schema_5_file_gains_corrections_and_the_tsh_layout_and_keeps_its_division(tmp_path):
    path = tmp_path / "v5.sqlite"
    with DirectorDB.open(path) as db:
        with db.transaction() as conn:
            conn["divisions"].insert({"name": "A", "position": 0, "tsh_file": "a.t", "table_offset": 0})
            conn["players"].insert({"division": "A", "number": 1, "name": "Ann", "rating": 1500})
    raw = sqlite3.connect(path)                 # schema 5: no corrections, no divisions.tsh_layout
    raw.execute("DROP TABLE corrections")
    raw.execute("ALTER TABLE divisions DROP COLUMN tsh_layout")
    raw.execute("PRAGMA user_version=5")
    raw.commit()
    raw.close()
    with DirectorDB.open(path) as db:
        assert db.db.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION == 12
        with db.locked() as conn:
            assert conn["corrections"].count == 0
            assert list(conn.query("SELECT name, tsh_file, tsh_layout FROM divisions")) == [
                {"name": "A", "tsh_file": "a.t", "tsh_layout": None}]
            assert [i.columns for i in conn["corrections"].indexes] != []


def _nzasp_document(table: str, round_number: int, players: tuple[str, str], lines: list[dict]) -> dict:
    from common.replay import replay_lines
    from common.wire.document import result_document
    replayed = replay_lines(json.dumps(line) for line in
                            [{"preset": "nzasp", "round": round_number, "players": list(players)}, *lines])
    return result_document(replayed.state, replayed.events, 200 * 10**9, tournament=TOURNAMENT,
                           table=table, game_id=f"t{table}-r{round_number}")


def _schema_7_file(path):
    """An event as the director of schema 7 left it: NZASP tables' results (bonus words, a
    director's forfeit), the event's settings, the assignments' revision, the draw chosen, proposed
    and published, the imported tsh config's lines and a .TOU's layout, all in ``meta``; the results
    without the columns counting now reads. Made with this director, then taken back to schema 7
    as it wrote the file: every value ``meta`` held as it held it, written from what this one reads.
    Returns what the file says through the director's own readers."""
    from director.event import divisions, next_round, proposals
    from director.event.model import EventSettings, Pairing, Player
    from director.event.rounds import start_round, store_pairings, store_players
    from director.files import tou_layout
    from director.files.imports import tsh_config_lines
    from director.tables.ingest import receive
    from tests.support.director_harness import KEY, signed_bytes

    rules = load_rules("nzasp", "test")
    names = ["Ann Lee", "Bob Hall", "Cat Ng", "Dan Roe"]
    games = {("1", 1): ((0, 1), [{"t": 0, "cmd": "start", "first": 0},
                                 {"t": 20, "cmd": "play", "player": 0, "score": 82, "placed": 7},
                                 {"t": 40, "cmd": "play", "player": 1, "score": 30, "placed": 0},
                                 {"t": 60, "cmd": "out", "player": 0, "score": 10},
                                 {"t": 62, "cmd": "accept", "player": 1},
                                 {"t": 70, "cmd": "rack", "player": 1, "tiles": "AE"},
                                 {"t": 75, "cmd": "confirm", "player": 0},
                                 {"t": 76, "cmd": "confirm", "player": 1}]),
             ("2", 1): ((2, 3), [{"t": 0, "cmd": "start", "first": 1},
                                 {"t": 20, "cmd": "play", "player": 1, "score": 40, "placed": 0},
                                 {"t": 30, "cmd": "forfeit", "player": 0}])}
    with DirectorDB.open(path) as db:
        store_players(db, [Player(n, name, 1600 - 100 * n) for n, name in enumerate(names, 1)])
        store_pairings(db, [Pairing(1, "1", (1, 2), 0), Pairing(1, "2", (3, 4), 1)])
        start_round(db, 1, 1e9)
        for (table, round_number), ((a, b), lines) in games.items():
            document = _nzasp_document(table, round_number, (names[a], names[b]), lines)
            reply = receive(db, table, "results", signed_bytes(document), KEY.encode(), 1e9, rules=rules)
            assert reply.code == 200, reply
        divisions.store_event_settings(db, EventSettings("Club Night", "2026-11-21", (150, 100)))
        divisions.choose_draw(db, "A", {"system": "swiss", "king_of_the_hill": 0,
                                        "seeding": "rating", "rounds": 3})
        event = next_round.Event(rules, TOURNAMENT)
        next_round.propose(db, event, "A", 2e9)
        next_round.swap(db, "A", 1, 3)
        proposals.store_published(db, "A", {"round": 1, "basis": "0123456789abcdef", "changed": True})
        with db.transaction() as conn:
            conn["tsh_config"].insert({"id": 1, "lines": json.dumps(["event_name = 'Club Night'"])})
        with db.transaction() as conn:
            conn["tou_layout"].insert({"id": 1, "layout": json.dumps({"newline": "\n"}),
                                       "event_line_each": 1})
        said = {"settings": divisions.event_settings(db), "revision": db.next_revision(),
                "draw": divisions.draw_choice(db, "A"), "proposal": next_round.proposal(db, "A"),
                "published": proposals.published(db, "A"), "tsh_config": tsh_config_lines(db),
                "tou": (tou_layout.load(db), tou_layout.event_line_each(db))}
        with db.locked() as conn:
            documents = [json.loads(r[0]) for r in conn.execute("SELECT document FROM results")]
    raw = sqlite3.connect(path)
    raw.execute("CREATE TABLE meta (key TEXT PRIMARY KEY NOT NULL, value TEXT)")
    settings = said["settings"]
    stored = {"event_name": settings.name, "event_date": settings.date,
              "spread_caps": json.dumps(list(settings.spread_caps)),
              "revision": str(said["revision"]), "draw.A": json.dumps(said["draw"]),
              "proposal.A": json.dumps(said["proposal"]), "drawn.A": json.dumps(said["published"]),
              "tsh_config": json.dumps(said["tsh_config"]),
              "tou_layout": json.dumps(said["tou"][0]), "tou_event_line_each": "1"}
    raw.executemany("INSERT INTO meta VALUES (?, ?)", stored.items())
    for table in ("event_settings", "assignments_revision", "tsh_config", "tou_layout",
                  "draw_choices", "proposals", "proposed_games", "published_draws"):
        raw.execute(f"DROP TABLE {table}")
    raw.execute("DROP INDEX idx_results_counting")
    for column in ("forfeit", "forfeit_each", "bonus0", "bonus1"):
        raw.execute(f"ALTER TABLE results DROP COLUMN {column}")
    raw.execute("UPDATE results SET score0 = 0, score1 = 0, winner = NULL")   # schema 7 counted the documents
    raw.execute("PRAGMA user_version=7")
    raw.commit()
    raw.close()
    return rules, said, documents


def test_a_schema_7_file_counts_from_its_results_columns_and_keeps_what_meta_held(tmp_path):
    """Schema 7 counted every result from its document and kept the event's settings and the draw
    in ``meta``: brought forward, each result's columns say what its document says (read this
    once), the standings and the bonus words are what counting the documents gave, and every
    value ``meta`` held reads as it did from its own table."""
    from director.event import divisions, next_round, proposals
    from director.event.aggregates import compute_aggregates
    from director.event.model import games_from_document
    from director.event.standings import compute_standings
    from director.event.tournament import counted_results, players
    from director.files import tou_layout
    from director.files.imports import tsh_config_lines

    path = tmp_path / "v7.sqlite"
    rules, said, documents = _schema_7_file(path)
    with DirectorDB.open(path) as db:
        assert db.db.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
        with db.locked() as conn:
            assert "meta" not in conn.table_names()
            assert "idx_results_counting" in [i.name for i in conn["results"].indexes]
        roster = players(db, "A")
        from_documents = [g for d in documents for g in games_from_document(d, roster)]
        counting = divisions.counting_rules(db, rules)
        assert tuple(counting.result.spread_caps) == (150, 100)
        table, problems = standings(db, rules, TOURNAMENT)
        assert problems == [] and table == compute_standings(roster, from_documents, counting,
                                                             counting.result.ranking)
        results = counted_results(db, rules, TOURNAMENT).results
        assert sorted(results, key=str) == sorted(from_documents, key=str)
        assert {r.kind for r in results} == {"game", "forfeit"}
        assert compute_aggregates(roster, results, rules) == compute_aggregates(roster, from_documents, rules)
        assert compute_aggregates(roster, results, rules)[1].bonus_words == 1
        assert divisions.event_settings(db) == said["settings"]
        assert divisions.draw_choice(db, "A") == said["draw"]
        assert next_round.proposal(db, "A") == said["proposal"]
        assert said["proposal"]["adjusted"] == ["players 1 and 3 swapped"]
        assert proposals.published(db, "A") == said["published"]
        assert tsh_config_lines(db) == said["tsh_config"]
        assert (tou_layout.load(db), tou_layout.event_line_each(db)) == said["tou"]
        assert db.next_revision() == said["revision"] + 1


def test_a_schema_8_file_keeps_its_challenges_and_takes_each_document_once_from_then_on(tmp_path):
    path = tmp_path / "v8.sqlite"
    with DirectorDB.open(path) as db:
        with db.transaction() as conn:
            conn["challenges"].insert({"id": "g7:turn-3:1", "tournament": "T", "round": 1,
                                       "table_name": "7", "game_id": "g7", "player": 0, "turn": 3,
                                       "words": "[]", "state": "open", "opened_wall": 1.0,
                                       "updated_wall": 1.0})
    raw = sqlite3.connect(path)                 # schema 8: no taken_once, prize_choices, division_tables
    raw.execute("DROP TABLE taken_once")
    raw.execute("DROP TABLE prize_choices")
    raw.execute("DROP TABLE division_tables")
    raw.execute("PRAGMA user_version=8")
    raw.commit()
    raw.close()
    with DirectorDB.open(path) as db:
        assert db.db.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION == 12
        with db.locked() as conn:
            assert [r["state"] for r in conn.query("SELECT state FROM challenges")] == ["open"]
            assert conn["taken_once"].count == 0
            assert conn["taken_once"].pks == ["kind", "sender"]


def test_a_schema_9_file_gains_the_prize_tables_choices_empty_and_keeps_its_players(tmp_path):
    path = tmp_path / "v9.sqlite"
    with DirectorDB.open(path) as db:
        with db.transaction() as conn:
            conn["divisions"].insert({"name": "A", "position": 0, "tsh_file": "a.t", "table_offset": 0})
            conn["players"].insert({"division": "A", "number": 1, "name": "Ann", "rating": 1500})
    raw = sqlite3.connect(path)                 # schema 9: no prize_choices, division_tables
    raw.execute("DROP TABLE prize_choices")
    raw.execute("DROP TABLE division_tables")
    raw.execute("PRAGMA user_version=9")
    raw.commit()
    raw.close()
    with DirectorDB.open(path) as db:
        assert db.db.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION == 12
        with db.locked() as conn:
            assert conn["prize_choices"].count == 0
            assert [r["name"] for r in conn["players"].rows] == ["Ann"]


def test_a_schema_11_file_keeps_its_draw_and_proposal_and_gains_gibsonization_and_reasons(
        tmp_path):
    from director.event import divisions, proposals
    from director.event.model import Player
    from director.event.rounds import store_players

    path = tmp_path / "v11.sqlite"
    with DirectorDB.open(path) as db:
        store_players(db, [Player(n, f"P{n}", 1500 - n) for n in range(1, 5)])
        divisions.choose_draw(db, "A", {"system": "swiss", "king_of_the_hill": 0,
                                        "seeding": "rating", "rounds": 5})
        proposals.store_proposal(db, "A", {"round": 1, "made_wall": 1.0, "basis": "0" * 16,
                                           "pairings": [["1", 1, 3, 0], ["2", 2, 4, 1]],
                                           "adjusted": []})
    raw = sqlite3.connect(path)                 # schema 11: neither column
    for table, column in (("draw_choices", "gibson"), ("proposed_games", "why")):
        raw.execute(f"ALTER TABLE {table} DROP COLUMN {column}")
    raw.execute("PRAGMA user_version=11")
    raw.commit()
    raw.close()
    with DirectorDB.open(path) as db:
        assert db.db.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION == 12
        assert divisions.draw_choice(db, "A") == {"system": "swiss", "king_of_the_hill": 0,
                                                  "seeding": "rating", "rounds": 5, "gibson": 0}
        kept = proposals.proposal(db, "A")
        assert kept["pairings"] == [["1", 1, 3, 0], ["2", 2, 4, 1]] and kept["why"] == [None, None]
