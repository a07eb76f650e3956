"""CSV imports of players and pairings (bad rows named by file, line, column) and the standings export."""
import csv

import pytest

from director.files.csv_io import (CsvError, parse_pairings_csv, parse_players_csv, read_pairings_csv,
                             read_players_csv, write_standings_csv)
from director.event.model import GameResult, Pairing, Player
from director.event.standings import compute_standings

PLAYERS_CSV = "Name,Rating,Division\nAnn Smith,1800,A\nBob Jones,,A\n\nCat Lee,1500,A\n"


def test_players_are_numbered_in_file_order_unless_numbered():
    # a blank line is skipped; Bob has no rating: 0
    assert parse_players_csv(PLAYERS_CSV) == [
        Player(1, "Ann Smith", 1800, "A"), Player(2, "Bob Jones", 0, "A"), Player(3, "Cat Lee", 1500, "A")]
    assert parse_players_csv("number,name\n7,Ann\n3,Bob\n") == [Player(7, "Ann"), Player(3, "Bob")]


def test_a_spreadsheets_file_with_a_bom_and_crlf_reads_the_same(tmp_path):
    path = tmp_path / "players.csv"
    path.write_bytes(b"\xef\xbb\xbf" + PLAYERS_CSV.replace("\n", "\r\n").encode("utf-8"))
    assert read_players_csv(path) == parse_players_csv(PLAYERS_CSV)


@pytest.mark.parametrize("text, message", [
    ("name,rating\nAnn,12x\n", r"p\.csv:2: column 'rating': expected a whole number from 0; got '12x'"),
    ("name,rating\nAnn,-5\n", r"p\.csv:2: column 'rating': expected a whole number from 0; got '-5'"),
    ("name,ratng\nAnn,1500\n", r"p\.csv:1: column 2 'ratng': unknown; expected some of number, name"),
    ("rating\n1500\n", r"p\.csv:1: no column 'name'"),
    ("name,rating\nAnn,1500\n,1400\n", r"p\.csv:3: column 'name': expected a name; got nothing"),
    ("name,rating\nAnn,1500\nann ,1400\n", r"p\.csv:3: column 'name': 'ann' is already on line 2"),
    ("name,rating\nAnn,1500,x\n", r"p\.csv:2: 3 fields; the header has 2"),
    ("number,name\n1,Ann\n,Bob\n", r"p\.csv:3: column 'number': give every player a number or none"),
    ("number,name\n1,Ann\n1,Bob\n", r"p\.csv:3: column 'number': 1 is already on line 2"),
    ("", r"p\.csv: empty; expected a header row with name"),
])
def test_a_bad_players_row_is_named_by_file_line_and_column(text, message):
    with pytest.raises(CsvError, match=message):
        parse_players_csv(text, source="p.csv")


PLAYERS = parse_players_csv(PLAYERS_CSV)


def test_pairings_name_players_by_number_or_name_with_byes_and_who_starts(tmp_path):
    path = tmp_path / "pairings.csv"
    path.write_text("round,table,player1,player2,first\n"
                    "1,1,1,BOB  jones,2\n"       # Ann v Bob, Bob (player2) starts
                    "1,,3,bye,\n"                # Cat's bye
                    "2,4,Cat Lee,1,ann smith\n"  # Cat v Ann, Ann starts: the pairing's index 1
                    "2,,2,0,\n", encoding="utf-8")
    assert read_pairings_csv(path, PLAYERS) == [
        Pairing(1, "1", (1, 2), 1, "A"), Pairing(1, "", (3, 0), None, "A"),
        Pairing(2, "4", (3, 1), 1, "A"), Pairing(2, "", (2, 0), None, "A")]


TWO_DIVISIONS = parse_players_csv("name,division\nAnn,A\nBob,A\nCat,B\nDan,B\nAnn,B\n")


def test_players_of_several_divisions_are_numbered_within_their_division():
    assert [(p.division, p.number, p.name) for p in TWO_DIVISIONS] == [
        ("A", 1, "Ann"), ("A", 2, "Bob"), ("B", 1, "Cat"), ("B", 2, "Dan"), ("B", 3, "Ann")]


def test_a_pairing_row_finds_its_division_by_column_import_or_names():
    text = "round,player1,player2,division\n1,Ann,Bob,a\n1,1,2,B\n"
    assert parse_pairings_csv(text, TWO_DIVISIONS) == [
        Pairing(1, "", (1, 2), None, "A"), Pairing(1, "", (1, 2), None, "B")]
    assert parse_pairings_csv("round,player1,player2\n1,Cat,Ann\n", TWO_DIVISIONS) == [
        Pairing(1, "", (1, 3), None, "B")]                     # only B has both Cat and Ann
    assert parse_pairings_csv("round,player1,player2\n1,1,2\n", TWO_DIVISIONS, division="B") == [
        Pairing(1, "", (1, 2), None, "B")]
    with pytest.raises(CsvError, match=r"q\.csv:2: column 'division': the event has divisions A, B"):
        parse_pairings_csv("round,player1,player2\n1,1,2\n", TWO_DIVISIONS, source="q.csv")
    with pytest.raises(CsvError, match=r"q\.csv:2: column 'division': no players in division 'C'"):
        parse_pairings_csv("round,player1,player2,division\n1,1,2,C\n", TWO_DIVISIONS, source="q.csv")


@pytest.mark.parametrize("row, message", [
    ("x,1,1,2,", r"q\.csv:2: column 'round': expected a whole number from 1; got 'x'"),
    ("1,1,9,2,", r"q\.csv:2: column 'player1': no player number 9"),
    ("1,1,1,Dora,", r"q\.csv:2: column 'player2': player 'Dora' is not one of the director's players"),
    ("1,1,1,1,", r"q\.csv:2: column 'player2': the same player as player1"),
    ("1,1,1,2,Cat Lee", r"q\.csv:2: column 'first': expected 1 \(player1\), 2 \(player2\) or the name"),
])
def test_a_bad_pairings_row_is_named_by_file_line_and_column(row, message):
    with pytest.raises(CsvError, match=message):
        parse_pairings_csv("round,table,player1,player2,first\n" + row + "\n", PLAYERS, source="q.csv")


def test_a_player_paired_twice_in_a_round_is_refused_naming_both_lines():
    text = "round,player1,player2\n1,1,2\n1,3,1\n"
    with pytest.raises(CsvError, match=r"q\.csv:3: column 'player2': player 1 is already paired in "
                                       r"round 1 \(line 2\)"):
        parse_pairings_csv(text, PLAYERS, source="q.csv")


def test_the_standings_csv_file_reads_back_row_by_row(tmp_path):
    # Ann beats Bob 400-350 (+50); Cat beats Ann 390-380 (+10): Cat 1-0 +10, Ann 1-1 +40, Bob 0-1 -50
    results = [GameResult(1, "1", (1, 2), (400, 350)), GameResult(2, "4", (3, 1), (390, 380))]
    path = tmp_path / "standings.csv"
    write_standings_csv(path, compute_standings(PLAYERS, results))
    with path.open(newline="", encoding="utf-8") as f:
        rows = list(csv.reader(f))
    assert rows == [["division", "rank", "number", "name", "rating", "wins", "losses", "spread", "games"],
                    ["A", "1", "3", "Cat Lee", "1500", "1", "0", "+10", "1"],
                    ["A", "2", "1", "Ann Smith", "1800", "1", "1", "+40", "2"],
                    ["A", "3", "2", "Bob Jones", "0", "0", "1", "-50", "1"]]
