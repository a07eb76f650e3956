"""The page's imports and downloads over real HTTP: a real tsh .t file in and out again, CSV
players and pairings (a game without a table gets one), refusals that store nothing, and the
.TOU and standings CSV of the results the tables sent."""
import csv
import io

import pytest

from director.event.rounds import current_round
from director.event.standings import standings_csv
from director.files.tou import parse_tou
from director.event.tournament import standings
from director.files.tsh import parse_t, read_t
from tests.support.director_harness import KEY, result_doc, signed_bytes
from common.wire.signing import table_key, verify

PLAYERS_CSV = "name,rating\nAnn Able,1500\nBob Baker,1400\nCat Cole,1300\nDan Dale,1200\nEve Eyre,1100\n"
PAIRINGS_CSV = ("round,table,player1,player2,first\n1,5,Ann Able,Bob Baker,1\n"
                "1,,Cat Cole,Dan Dale,\n1,,Eve Eyre,bye,\n")


def upload(director, kind, name, data: bytes):
    return director.request("POST", f"/api/import?kind={kind}&name={name}", data,
                            headers={"Content-Type": "application/octet-stream"})


def download(director, path):
    return director.download(path)


def test_a_tsh_file_goes_in_and_comes_out_with_the_same_players_and_results(shared, director):
    original = shared.tsh / "naspa-2023-division-b.t"
    assert original.is_file(), f"the shared formats are missing: {original.resolve()}"
    answer = upload(director, "tsh", original.name, original.read_bytes())
    division = read_t(original)
    assert answer.code == 200, answer.body
    assert answer.body["message"] == (f"{original.name}: division {division.name}: "
                                      f"{len(division.players)} players, 14 rounds of pairings, "
                                      f"{len(division.results)} results")
    data, headers = download(director, "/export/division.t")
    assert headers["Content-Disposition"].endswith(".t")
    again = parse_t(data.decode("iso-8859-1"), division=division.name)
    assert again.players == division.players
    assert sorted(again.results, key=repr) == sorted(division.results, key=repr)
    assert again.extras == division.extras
    # every round has its results: the last round stays the current one
    assert current_round(director.db) == 14


def test_csv_players_and_pairings_give_every_game_a_table(director):
    assert upload(director, "players-csv", "players.csv", PLAYERS_CSV.encode()).body == {
        "message": "players.csv: 5 players"}
    answer = upload(director, "pairings-csv", "round1.csv", PAIRINGS_CSV.encode())
    assert answer.body == {"message": "round1.csv: 3 pairings for round(s) 1"}
    first = verify(director.request("GET", "/api/tables/5/assignment").body, table_key(KEY.encode(), "5"))
    assert (first["players"], first["first"]) == (["Ann Able", "Bob Baker"], 0)
    second = verify(director.request("GET", "/api/tables/1/assignment").body, table_key(KEY.encode(), "1"))
    assert (second["players"], second["first"]) == (["Cat Cole", "Dan Dale"], None)
    assert director.request("GET", "/api/tables/2/assignment").code == 404    # Eve's bye: no table


@pytest.mark.parametrize("kind, data, expected", [
    ("players-csv", b"name,rating\nAnn,1500\nBob,lots\n", "players.csv:3: column 'rating'"),
    ("pairings-csv", b"round,player1,player2\n1,Ann Able,Zed\n", "players.csv:2: column 'player2'"),
    ("tsh", b"Smith, Ann 1500 2; 400\n", "players.csv"),
    ("players-csv", b"name\n\xff\xfe\n", "players.csv: not UTF-8 text"),
    ("spreadsheet", b"name\nAnn\n", "kind: expected one of tsh, tsh-config, tou, players-csv, pairings-csv"),
])
def test_a_bad_file_is_refused_naming_where_and_nothing_is_stored(director, kind, data, expected):
    upload(director, "players-csv", "first.csv", PLAYERS_CSV.encode())
    before = director.rows("players"), director.rows("pairings")
    answer = upload(director, kind, "players.csv", data)
    assert answer.code == 400 and answer.body["error"].startswith(expected), answer.body
    assert (director.rows("players"), director.rows("pairings")) == before


def test_the_ratings_and_standings_files_hold_the_tables_results(director):
    upload(director, "players-csv", "players.csv", PLAYERS_CSV.encode())
    upload(director, "pairings-csv", "round1.csv", PAIRINGS_CSV.encode())
    director.request("POST", "/api/rounds/start", b"{}")
    director.post(5, "results", signed_bytes(result_doc(5, players=("Ann Able", "Bob Baker"), scores=(400, 300))))
    director.post(1, "results", signed_bytes(result_doc(1, players=("Cat Cole", "Dan Dale"), scores=(300, 350))))
    table, problems = standings(director.db, director.config.rules, director.config.tournament)
    assert problems == []
    data, headers = download(director, "/export/standings.csv")
    assert headers["Content-Type"].startswith("text/csv")
    assert data.decode() == standings_csv(table)
    rows = list(csv.DictReader(io.StringIO(data.decode())))
    assert [r["name"] for r in rows][:2] == ["Ann Able", "Eve Eyre"]          # a big win, then the bye
    tou, _ = download(director, "/export/ratings.TOU")
    (section,) = parse_tou(tou.decode("ascii"))
    by_name = {row.name.strip(): row.entries[0] for row in section.rows}
    ann = next(r for r in director.rows("results") if r["player0"] == "Ann Able")
    # who went first is the game's (Ann started), not the pairing's suggestion (Bob)
    assert (by_name["Ann Able"].outcome, by_name["Ann Able"].score, by_name["Ann Able"].first) == ("2", ann["score0"], True)
    assert (by_name["Bob Baker"].outcome, by_name["Bob Baker"].first) == (" ", False)
    assert by_name["Eve Eyre"].opponent == 5                                  # a bye: against herself
