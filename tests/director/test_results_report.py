"""The results an NZASP tournament forwards, against the book's words (NZASP Rules of Play, 2022):
a grade of five players with clubs and teams from the players' file, two rounds played at real
(signed, recomputed) tables with bonus words, a bye each round and a forfeit, through the
director's own import, ingest, aggregates and report."""
import csv
import io
import json

import pytest

from director.event.aggregates import compute_aggregates, unequal_byes
from director.event.db import DirectorDB
from director.event.model import GameResult, Player, bye, forfeit
from director.event.rounds import start_round
from director.event.tournament import counted_results, players, standings, store_imported_results
from director.files.exports import export_t
from director.files.imports import Options, Upload, import_files
from director.files.results_report import COLUMNS, report
from director.tables.ingest import receive
from common.presets import load_preset
from common.replay import replay_lines
from common.wire.document import result_document
from tests.support.director_harness import KEY, TOURNAMENT, signed_bytes
from tests.support import cli

NZASP = load_preset("nzasp")
PLAYERS_CSV = ("name,rating,club,team\n"
               "\"Lee, Ann\",1500,WLG,Kiwis\n"
               "Bob Hall,1400,AKL,Kiwis\n"
               "Cat Ng,1300,WLG,Tuis\n"
               "Dan Roe,1200,CHC,Tuis\n"
               "Eve Fox,1100,AKL,\n")
# round 1: Ann-Bob at 1, Cat-Dan at 2, Eve a bye; round 2: Ann-Cat at 1, Bob-Eve at 2 (Bob
# forfeits), Dan a bye: Dan and Eve one bye each, the others none (unequal: NZASP 9.2)
PAIRINGS_CSV = ("round,table,player1,player2\n"
                "1,1,\"Lee, Ann\",Bob Hall\n1,2,Cat Ng,Dan Roe\n1,,Eve Fox,bye\n"
                "2,1,\"Lee, Ann\",Cat Ng\n2,2,Bob Hall,Eve Fox\n2,,Dan Roe,bye\n")


def nzasp_game(table, round_number, players, plays):
    """A signed NZASP result: ``plays`` are (player, score, placed) turns (placed 7: a bonus
    word; 0: the tiles not entered, so the table does not count the bag), in turn from player 0;
    then the player to move goes out with 10, the other's rack (AE) counting double (NZASP 8.3)."""
    lines = [{"preset": "nzasp", "round": round_number, "players": list(players)},
             {"t": 0, "cmd": "start", "first": 0}]
    t = 0
    for player, score, placed in plays:
        t += 20
        lines.append({"t": t, "cmd": "play", "player": player, "score": score, "placed": placed})
    out = len(plays) % 2                                 # the players take turns, 0 first
    lines += [{"t": t + 20, "cmd": "out", "player": out, "score": 10},
              {"t": t + 25, "cmd": "accept", "player": 1 - out},
              {"t": t + 30, "cmd": "rack", "player": 1 - out, "tiles": "AE"},
              {"t": t + 35, "cmd": "confirm", "player": 0}, {"t": t + 36, "cmd": "confirm", "player": 1}]
    replayed = replay_lines(json.dumps(line) for line in lines)
    return result_document(replayed.state, replayed.events, (t + 40) * 10**9, tournament=TOURNAMENT,
                           table=table, game_id=f"t{table}-r{round_number}")


@pytest.fixture
def grade(tmp_path):
    db = DirectorDB.open(tmp_path / "event.sqlite")
    import_files(db, [Upload("players.csv", PLAYERS_CSV.encode())], division="A")
    import_files(db, [Upload("pairings.csv", PAIRINGS_CSV.encode())], division="A")
    games = {1: [("1", ("Lee, Ann", "Bob Hall"), [(0, 82, 7), (1, 30, 0), (0, 74, 7)]),
                 ("2", ("Cat Ng", "Dan Roe"), [(0, 20, 0), (1, 90, 7)])],
             2: [("1", ("Lee, Ann", "Cat Ng"), [(0, 40, 0), (1, 85, 7)])]}
    for round_number, tables in games.items():
        start_round(db, round_number, 1e9, "A")
        for table, names, plays in tables:
            document = nzasp_game(table, round_number, names, plays)
            reply = receive(db, table, "results", signed_bytes(document), KEY.encode(), 1e9, rules=NZASP)
            assert reply.code == 200, reply
    store_imported_results(db, [forfeit(2, "2", 5, 2, 50)], division="A")      # Bob forfeits to Eve
    yield db
    db.close()


def by_name(db):
    return {p.name: p for p in players(db, "A")}


def test_the_players_file_gives_each_player_a_club_and_a_team_and_the_t_file_keeps_them(grade):
    """NZASP 11.4 forwards each player's club; 11.2 ranks teams: both come from the players' file
    and a tsh .t file keeps them as tags (``; club WLG``; ``; team Kiwis``)."""
    named = by_name(grade)
    assert (named["Lee, Ann"].club, named["Lee, Ann"].team) == ("WLG", "Kiwis")
    assert (named["Eve Fox"].club, named["Eve Fox"].team) == ("AKL", "")
    text = export_t(grade, NZASP, TOURNAMENT, "A").decode("iso-8859-1")
    ann = next(line for line in text.splitlines() if line.startswith("Lee, Ann"))
    assert "; club WLG" in ann and "; team Kiwis" in ann
    import_files(grade, [Upload("A.t", text.encode("iso-8859-1"))], division="A",    # read back
                 options=Options(replace=True))
    assert by_name(grade)["Lee, Ann"].club == "WLG" and by_name(grade)["Cat Ng"].team == "Tuis"


def test_a_tables_result_carries_its_bonus_words_to_the_aggregates(grade):
    """NZASP 9.2's "bonus words" are the tables' plays of all seven tiles: Ann played two in round 1
    and none in round 2, so 2 in 2 games; her aggregate score is her two final scores."""
    results = counted_results(grade, NZASP, TOURNAMENT, "A").results
    sums = compute_aggregates(players(grade, "A"), results, NZASP)
    ann = sums[1]
    game1 = next(r for r in results if r.round == 1 and 1 in r.players)
    game2 = next(r for r in results if r.round == 2 and 1 in r.players)
    assert game1.bonus == (2, 0) and game2.bonus == (0, 1)
    own = game1.scores[game1.players.index(1)] + game2.scores[game2.players.index(1)]
    assert (ann.games, ann.points, ann.bonus_words, ann.credits) == (2, own, 2, 0)
    assert ann.average_points == own / 2 and ann.average_bonus_words == 1.0


def test_a_bye_with_unequal_byes_and_a_forfeit_win_add_the_averages(grade):
    """NZASP 9.2: "When players in a grade receive an unequal number of byes, the bye shall count
    as a win, with the player's average score, +50 spread points and average bonus words for the
    Tournament added to the player's aggregate score, spread points and bonus words."
    NZASP 10.2: "The forfeited game shall count as a win to the scheduled opponent, with the
    player's average game score, +50 spread points and average bonus words ..."
    NZASP 10.3: the player who forfeits: "a loss ... no points or bonus words for that round and
    -50 spread points"."""
    results = counted_results(grade, NZASP, TOURNAMENT, "A").results
    roster = players(grade, "A")
    assert unequal_byes(roster, results)                 # Dan and Eve one each, the others none
    sums = compute_aggregates(roster, results, NZASP)
    dan, eve, bob = sums[4], sums[5], sums[2]
    assert (dan.games, dan.credits, dan.bonus_words) == (1, 1, 1)      # his game and his bye
    assert dan.aggregate_points == dan.points + dan.average_points
    assert dan.aggregate_bonus_words == 2.0                            # 1 + his average, 1
    assert (eve.games, eve.credits, eve.points) == (0, 2, 0)           # a bye and a forfeit win
    assert (bob.games, bob.credits) == (1, 0)                          # the forfeit adds nothing
    table = {s.player.name: s for s in standings(grade, NZASP, TOURNAMENT, "A")[0]}
    assert (table["Eve Fox"].wins, table["Eve Fox"].spread) == (2, 100)  # +50 each (9.2, 10.2)
    assert table["Bob Hall"].spread == sum(                          # -50 for the forfeit (10.3)
        r.spread if r.players[0] == 2 else -r.spread for r in results if 2 in r.players and r.round == 1) - 50
    assert compute_aggregates(roster, results, load_preset("aspa"))[5].credits == 0  # ASPA: none


def test_equal_byes_are_not_credited():
    """NZASP 9.2 credits a bye "When players in a grade receive an unequal number of byes"."""
    roster = [Player(1, "A"), Player(2, "B"), Player(3, "C")]
    results = [GameResult(1, "1", (1, 2), (400, 300)), bye(1, 3, 50),
               GameResult(2, "1", (1, 3), (350, 360)), bye(2, 2, 50),
               GameResult(3, "1", (2, 3), (300, 310)), bye(3, 1, 50)]
    assert not unequal_byes(roster, results)
    assert all(a.credits == 0 for a in compute_aggregates(roster, results, NZASP).values())


def test_the_results_csv_has_exactly_the_columns_of_11_4(grade):
    """NZASP 11.4: "The content of the results forwarded must include grade, player's full name,
    club, number of wins, total spread, average points per game." In placings' order (11.1: wins,
    then total spread)."""
    rows = list(csv.reader(io.StringIO(report(grade, NZASP, TOURNAMENT, "A", "csv"))))
    assert tuple(rows[0]) == COLUMNS == ("grade", "full name", "club", "wins", "total spread",
                                         "average points per game")
    table = standings(grade, NZASP, TOURNAMENT, "A")[0]
    sums = compute_aggregates(players(grade, "A"), counted_results(grade, NZASP, TOURNAMENT, "A").results, NZASP)
    assert len(rows) == 1 + len(table)
    for row, s in zip(rows[1:], table):
        assert row[0] == "A" and row[2] == s.player.club
        assert row[3] == f"{s.wins:g}" and row[4] == (f"{s.spread:+d}" if s.spread else "0")
        assert row[5] == f"{sums[s.player.number].average_points:.1f}"
    assert "Ann Lee" in [row[1] for row in rows]          # full name, given name first


def test_a_grade_not_played_as_a_round_robin_has_its_draw(grade):
    """NZASP 11.4: "Where a grade or grades are not played as round robins, a copy of the draw for
    the grade must be included." Two rounds of five players are no round robin."""
    page = report(grade, NZASP, TOURNAMENT, "A", "html")
    assert "The draw for grade A (not a round robin)" in page
    draw = list(csv.reader(io.StringIO(report(grade, NZASP, TOURNAMENT, "A", "draw"))))
    assert draw[0] == ["grade", "round", "table", "player", "opponent"]
    assert ["A", "1", "", "Eve Fox", "bye"] in draw and ["A", "2", "2", "Bob Hall", "Eve Fox"] in draw
    assert len(draw) == 1 + 6


def test_team_standings_combine_the_members_wins_and_spread(grade):
    """NZASP 11.2: "In Teams' events the winner will be decided on the combined wins and spread of
    the team members in the same manner as Rule 11.1." """
    table = {s.player.name: s for s in standings(grade, NZASP, TOURNAMENT, "A")[0]}
    rows = list(csv.DictReader(io.StringIO(report(grade, NZASP, TOURNAMENT, "A", "teams"))))
    teams = {r["team"]: r for r in rows}
    assert set(teams) == {"Kiwis", "Tuis"}                   # Eve plays for no team
    for team, members in (("Kiwis", ("Lee, Ann", "Bob Hall")), ("Tuis", ("Cat Ng", "Dan Roe"))):
        wins = sum(table[m].wins for m in members)
        spread = sum(table[m].spread for m in members)
        assert (teams[team]["wins"], int(teams[team]["spread"])) == (f"{wins:g}", spread)
    assert teams["Kiwis"]["members"] == "Ann Lee & Bob Hall"
    first, second = rows
    assert (float(first["wins"]), int(first["spread"])) >= (float(second["wins"]), int(second["spread"]))


def test_a_team_of_two_is_listed_with_both_members(tmp_path):
    """School: "Students play in teams of two": a side is a team, its name and both members."""
    with DirectorDB.open(tmp_path / "school.sqlite") as db:
        import_files(db, [Upload("teams.csv", b"name,members\nLincoln A,Ann Lee & Bo Chan\n"
                                              b"Hudson B,Cy Dee & Di Eng\n")], division="A")
        rows = list(csv.reader(io.StringIO(report(db, load_preset("school"), TOURNAMENT, "A", "csv"))))
    assert {r[1] for r in rows[1:]} == {"Lincoln A (Ann Lee & Bo Chan)", "Hudson B (Cy Dee & Di Eng)"}


def test_python_m_director_results_writes_the_report(grade, tmp_path):
    out = tmp_path / "results.csv"
    done = cli.run("director", "results", "--db", grade.path, "--preset", "nzasp", "--tournament",
                   TOURNAMENT, "--format", "csv", "-o", out)
    assert done.returncode == 0, done.stderr
    assert out.read_text().splitlines()[0] == ",".join(COLUMNS)


def test_the_page_downloads_the_results_to_forward(director):
    """The page's downloads (a division's *results* and *results CSV* links): the same report."""
    director.request("POST", "/api/import?kind=players-csv&name=players.csv", PLAYERS_CSV.encode(),
                     headers={"Content-Type": "application/octet-stream"})
    data, headers = director.download("/export/results.csv?division=A")
    assert headers["Content-Type"].startswith("text/csv")
    assert data.decode() == report(director.db, director.config.rules, director.config.tournament, "A", "csv")
    assert data.decode().splitlines()[0] == ",".join(COLUMNS)
    page, headers = director.download("/export/results.html")
    assert headers["Content-Type"].startswith("text/html") and "<h2>Grade A</h2>" in page.decode()
    teams, _ = director.download("/export/teams.csv")
    assert {row["team"] for row in csv.DictReader(io.StringIO(teams.decode()))} == {"Kiwis", "Tuis"}
