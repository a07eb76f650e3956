"""Issue 28: what real .TOU and tsh files hold, in lines shaped as real files write them (the
ratings programs' archive of .TOU files, tsh's team files): each imported into a director's
database and exported back byte for byte, or refused naming the line and what to do."""
import datetime as dt

import pytest

from director.event.db import DirectorDB
from director.event.model import GameResult, Player
from director.event.tournament import imported_results, pairings, players
from director.files.exports import export_t, export_tou
from director.files.imports import FileRefused, Upload, import_files
from director.files.tou import TouDivision, format_tou
from common.presets import load_preset

RULES = load_preset("aspa")
HIGH_WORD = "Tanasak Supaphibunk GRANITES        140"
ZERO = " " * 38 + "0"


@pytest.fixture
def event(tmp_path):
    with DirectorDB.open(tmp_path / "event.sqlite") as db:
        yield db


def tou(*lines: str, newline: str = "\r\n") -> bytes:
    return newline.join(lines).encode("cp1252")


def comes_back(event, name: str, data: bytes) -> list[str]:
    """Import a .TOU file, export the event's .TOU: the same bytes. Returns the messages."""
    messages = import_files(event, [Upload(name, data)])
    left_out: list[str] = []
    assert export_tou(event, RULES, "T", dt.date(1999, 1, 1), left_out) == data and left_out == []
    return messages


# 1. AUPAIR's high-word line: a name, the event's high word, its score; not a player
def test_the_high_word_line_after_each_division_line_is_no_player_and_is_written_back(event):
    data = tou("*M24.06.2007 22nd Brand's Kings Cup",
               "*OPEN",
               HIGH_WORD,
               "Alastair Richards     356  +2 2396   3",
               "Amnuay Ploysangngam  2415   1 2001  +2",
               "Antonio Malonzo      2001  +3  337  +1",
               "*YOUTH",
               "Paul Richards AUS   CODE  AS        163",      # no 0 line: the word where it is
               "Naravit Nathapukdi   2369  +2",
               "Ezekiel Markwei       300   1",
               "*** END OF FILE ***", "")
    comes_back(event, "kc07r.tou", data)
    assert [p.name for p in players(event, "OPEN")] == [
        "Alastair Richards", "Amnuay Ploysangngam", "Antonio Malonzo"]
    assert [p.name for p in players(event, "YOUTH")] == ["Naravit Nathapukdi", "Ezekiel Markwei"]
    assert GameResult(1, "", (1, 2), (356, 415), first=0) in imported_results(event, "OPEN")


# 4. Windows-1252: an apostrophe a Windows ratings program wrote as \x92
def test_a_windows_1252_name_is_read_and_written_back_as_its_bytes(event):
    data = tou("*M12.01.2015 iGATE International", "*A", ZERO,
               "Lennie D\u2019Souza       2400  +2",
               "Chris Imison          354   1", "*** END OF FILE ***", "")
    assert b"D\x92Souza" in data
    comes_back(event, "IGATE15.tou", data)
    assert players(event, "A")[0].name == "Lennie D\u2019Souza"


# 5. division lines as written, *N team files, penalty scores, a bye written against oneself
def test_division_lines_of_several_words_or_a_colon_keep_their_line(event):
    data = tou("*M03.12.2006 Gulf Scrabble Tournament  ",      # trailing spaces kept too
               "*BAHRA  2006", ZERO,
               "Akshay Bhandarkar    2404   2", "Mohamed Rizwan        380   1",
               "*AUS:NZ   ", ZERO,
               "Helen Hynes          2371  +2", "Dunx Keet             341   1",
               "*** END OF FILE ***", "")
    messages = comes_back(event, "gst2006.tou", data)
    assert [m.split(":")[1].strip() for m in messages[:2]] == ["division BAHRA_2006", "division AUS_NZ"]
    assert [p.name for p in players(event, "AUS_NZ")] == ["Helen Hynes", "Dunx Keet"]


def test_a_results_only_team_file_opens_with_its_n_line(event):
    data = tou("*N03.12.2006 Home International", "*TEAMS", ZERO,
               "Brett Smitheram      2350   2 2350   3", "Craig Beevers         300   1 2350  +4",
               "Adam Philpotts       2350  +4  300   1", "Andrew Fisher         300   3  300   2",
               "*** END OF FILE ***", "")
    messages = comes_back(event, "HOME2006.tou", data)
    assert messages[-1] == "HOME2006.tou: event Home International, dated 03.12.2006"


def test_penalty_scores_and_a_bye_written_as_a_score_against_oneself_stand_as_written(event):
    data = tou("*M25.11.2012 Thailand Princess Cup ", "*A", ZERO,
               "Breda O'Brien        2-10   2 1350   1",         # won scoring -10; a tie v herself
               "Okey Okoro            -30   1 2455  +3",
               "Amnuay Ploysangngam  1350   3  100   2",         # a tie v himself; lost scoring 100
               "*** END OF FILE ***", "")
    comes_back(event, "prcup12.tou", data)
    games = imported_results(event, "A")
    assert GameResult(1, "", (1, 2), (-10, -30)) in games
    assert GameResult(2, "", (2, 3), (455, 100), first=0) in games
    assert {r.players[0]: r.no_game for r in games if r.players[1] == 0} == {1: True, 3: True}


def test_a_division_line_naming_nothing_is_refused_naming_the_line_and_what_to_do(event):
    data = tou("*M01.03.2020 Open", "*::", ZERO, "Ann Smith            2400   2",
               "Bob Jones             300   1", "*** END OF FILE ***", "")
    with pytest.raises(FileRefused, match=r"x\.tou:2: the division line '\*::' names no division: "
                                          r"import the file naming one \(--division NAME"):
        import_files(event, [Upload("x.tou", data)])
    import_files(event, [Upload("x.tou", data)], division="Open")
    assert [p.name for p in players(event, "Open")] == ["Ann Smith", "Bob Jones"]


def test_only_the_datas_own_errors_are_refused_each_naming_its_line(event):
    head = ("*M24.06.2016 Atlanta, GA Collins", "*S", ZERO)
    disagree = tou(*head, "John O'Laughlin      2536   2 2401  +3", "David Koenig          425   1 2536  +3",
                   "Steve Polatnick      2386   1  353   2", "*** END OF FILE ***", "")
    with pytest.raises(FileRefused, match=r"atlant16\.tou:4: John O'Laughlin, round 2: the two lines "
                                          r"disagree on who played whom: .* line 3 \(Steve Polatnick, "
                                          r"line 6 of the file\) .* which has line 2"):
        import_files(event, [Upload("atlant16.tou", disagree)])
    contradiction = tou(*head, "John O'Laughlin       404   2", "David Koenig          440   1",
                        "*** END OF FILE ***", "")
    with pytest.raises(FileRefused, match=r"x\.tou:4: John O'Laughlin, round 1: the results \(' ', ' '\) "
                                          r"do not agree with the scores 404-440"):
        import_files(event, [Upload("x.tou", contradiction)])
    assert players(event) == []


# 6. past line 99: AUPAIR's 9 characters a block, one more for an opponent past 99
def test_a_division_of_over_99_players_is_written_in_aupairs_blocks(event):
    roster = [Player(n, f"Player {n:03}") for n in range(1, 121)]
    results = [GameResult(1, "", (n, n + 60), (400, 350), first=0) for n in range(1, 61)]
    lines = format_tou("WESPA World Championship", dt.date(2015, 11, 7),
                       [TouDivision("WESPAC", roster, results)]).split("\r\n")
    assert lines[3] == "Player 001           2400 +61"                  # 9 characters
    assert lines[3 + 39] == "Player 040           2400 +100"              # one more for line 100
    assert lines[3 + 44] == "Player 045           2400 +105"
    assert lines[3 + 104] == "Player 105            350  45"
    assert lines[3 + 119] == "Player 120            350  60"
    # and AUPAIR's own lines read back and come back as written
    data = tou("*M07.11.2015 WESPA World Championship - Perth", "*WESPAC", ZERO,
               *[f"Player {n:03}" + " " * 10 + (f" 2400 +{n + 60}" if n <= 60 else f"  350 {n - 60:>3}")
                 for n in range(1, 121)], "*** END OF FILE ***", "")
    assert b"Player 045           2400 +105\r\n" in data
    comes_back(event, "wsc2015.tou", data)


def test_line_ends_and_trailing_spaces_are_kept(event):
    data = tou("*M13.07.2006 Saxon", "*OPEN", ZERO, "Zafar Mahmood         271  +2  ",
               "Pam Morris           2318   1 ", "*** END OF FILE ***", "", newline="\n")
    comes_back(event, "SAXON.tou", data)
    assert players(event, "OPEN")[0].name == "Zafar Mahmood"


# 2. tsh's team ratings and decimals; 3. names with a word of digits
TEAMS = ("St. Patrick's 3 Blue   1500+1400 2 3; 412; board 1 1; class A\n"     # round 2 paired,
         "DC Deal 1 Wildcats     1600+1350 1 4; 380; board 1 2\n"              # not yet scored
         "Player Seven Juniors   0+0+0 4 1; 350; board 2 1\n"
         "Team Four              1500.5 3 2; 390; board 2 2\n")


def test_team_and_decimal_ratings_read_as_tsh_reads_them_mid_event(event):
    import_files(event, [Upload("teams.t", TEAMS.encode("iso-8859-1"))])
    assert [(p.name, p.rating) for p in players(event, "teams")] == [
        ("St. Patrick's 3 Blue", 1450), ("DC Deal 1 Wildcats", 1475),
        ("Player Seven Juniors", 0), ("Team Four", 1500)]
    assert sorted(p.players for p in pairings(event, "teams") if p.round == 2) == [(1, 3), (2, 4)]
    assert export_t(event, RULES, "T") == TEAMS.encode("iso-8859-1")
    done = TEAMS.replace("; 412;", "; 412 401;").replace("; 380;", "; 380 366;").replace(
        "; 350;", "; 350 377;").replace("; 390;", "; 390 402;")       # round 2 scored
    import_files(event, [Upload("teams.t", done.encode("iso-8859-1"))])
    assert len(imported_results(event, "teams")) == 4 and export_t(event, RULES, "T") == done.encode("iso-8859-1")


def test_a_name_tsh_would_read_otherwise_is_refused_on_export_naming_the_player(event):
    import_files(event, [Upload("a.tou", tou("*M01.03.2020 Open", "*A", ZERO, "Player 7             2400   2",
                                              "Player 8              300   1", "*** END OF FILE ***", ""))])
    with pytest.raises(FileRefused, match=r"player 1: the name 'Player 7' ends in a word of digits, so "
                                          r"tsh would read the line's name as 'Player' rated 7: rename"):
        export_t(event, RULES, "T", "A")
