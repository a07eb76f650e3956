""".TOU files: real AUPAIR and Woogles files read, rebuilt from our results byte for byte; our own
results written in AUPAIR's layout, byes and forfeits as AUPAIR writes them."""
import datetime as dt

import pytest

from director.event.model import GameResult, Player, bye, forfeit
from director.files.tou import TouDivision, TouEntry, TouError, format_tou, parse_tou, write_tou

AUPAIR = "aupair-israeli-open-2020.tou"        # in ../shared/formats/tou
WOOGLES = "woogles-export.TOU"


def as_results(section):
    """Our players and results from a section read back: a game once (from the lower line), a
    win against oneself as a +50 bye, a loss against oneself as a -50 forfeit."""
    players = [Player(i, row.name) for i, row in enumerate(section.rows, 1)]
    results = []
    for i, row in enumerate(section.rows, 1):
        for round_, entry in enumerate(row.entries, 1):
            if entry.opponent == i:
                results.append(bye(round_, i, 50 if entry.outcome == "2" else -50))
            elif i < entry.opponent:
                other = section.rows[entry.opponent - 1].entries[round_ - 1]
                first = 0 if entry.first else (1 if other.first else None)
                results.append(GameResult(round_, "", (i, entry.opponent), (entry.score, other.score), first))
    return TouDivision(section.division, players, results)


def test_the_aupair_file_reads_as_35_players_over_22_rounds_with_consistent_games(shared):
    text = (shared.tou / AUPAIR).read_bytes().decode("ascii")
    assert text.endswith("*** END OF FILE ***\r\n") and "\n" not in text.replace("\r\n", "")
    [section] = parse_tou(text, source=AUPAIR)
    assert (section.date, section.event, section.division) == (
        dt.date(2020, 3, 1), "The Twelfth Israeli Open Tournament", "A")
    assert len(section.rows) == 35 and {len(r.entries) for r in section.rows} == {22}
    # line 1: "Charles Micallef     2478 +19 ..." a win scoring 478, first, against line 19
    assert section.rows[0].name == "Charles Micallef"
    assert section.rows[0].entries[0] == TouEntry("2", 478, True, 19)
    # line 19 round 1: "  367   1": Amos Fabian lost scoring 367 against line 1
    assert section.rows[18].entries[0] == TouEntry(" ", 367, False, 1)
    for i, row in enumerate(section.rows, 1):
        for round_, e in enumerate(row.entries):
            if e.opponent == i:      # against oneself: a bye (2001 +n) or an absence (   0  n)
                assert (e.outcome, e.score, e.first) in (("2", 1, True), (" ", 0, False))
                continue
            o = section.rows[e.opponent - 1].entries[round_]
            assert o.opponent == i and e.first != o.first
            assert {e.outcome, o.outcome} in ({"2", " "}, {"1"})
            assert (e.score > o.score) == (e.outcome == "2") and (e.score == o.score) == (e.outcome == "1")


@pytest.mark.parametrize("name", [AUPAIR, WOOGLES])
def test_a_real_file_rebuilt_from_our_results_is_the_same_file_byte_for_byte(shared, name, tmp_path):
    path = shared.tou / name
    text = path.read_bytes().decode("ascii")
    sections = parse_tou(text, source=path.name)
    out = tmp_path / "again.TOU"
    write_tou(out, sections[0].event, sections[0].date, [as_results(s) for s in sections],
              event_line_each=name == WOOGLES)       # Woogles repeats the event line per division
    assert out.read_bytes() == path.read_bytes()


def test_several_divisions_are_blocks_under_one_event_line_as_aupair_writes_them(shared):
    sections = parse_tou((shared.tou / WOOGLES).read_bytes().decode("ascii"))
    text = format_tou("Woogles Open", dt.date(2025, 11, 30), [as_results(s) for s in sections])
    lines = text.split("\r\n")
    assert [line for line in lines if line.startswith("*")] == [
        "*M30.11.2025 Woogles Open", "*CSW", "*NWL", "*** END OF FILE ***"]
    assert lines[1:3] == ["*CSW", " " * 38 + "0"] and lines[7:9] == ["*NWL", " " * 38 + "0"]
    again = parse_tou(text)
    assert [(s.division, s.event, len(s.rows)) for s in again] == [
        ("CSW", "Woogles Open", 4), ("NWL", "Woogles Open", 8)]
    assert [s.rows for s in again] == [s.rows for s in sections]
    masters = format_tou("Open", dt.date(2025, 1, 2), [TouDivision("Masters", [], [])])
    assert parse_tou(masters)[0].division == "Masters"        # not read as an event line


PLAYERS = [Player(1, "Ann Smith", 1800), Player(2, "Bob Jones", 1650), Player(3, "Cat Lee", 1500)]
RESULTS = [
    GameResult(1, "1", (1, 2), (420, 380), first=1),    # Bob went first; Ann won
    bye(1, 3, 50),
    forfeit(2, "1", 3, 1, 50),                            # Ann forfeits to Cat
    bye(2, 2, 50),
    GameResult(3, "1", (1, 3), (400, 400), first=0),    # a tie, Ann first
    bye(3, 2, -50),                                       # Bob absent: a forfeit loss
]


def test_our_results_in_aupairs_layout():
    text = format_tou("Autumn Open", dt.date(2026, 11, 22), [TouDivision("A", PLAYERS, RESULTS)])
    assert text.split("\r\n") == [
        "*M22.11.2026 Autumn Open",
        "*A",
        "                                      0",
        # Ann: won 420 second v 2; forfeit loss (0 v herself); tie 400 first v 3
        "Ann Smith            2420   2    0   1 1400  +3",
        # Bob: lost 380 first v 1; bye (2001 +himself); absent (0 v himself)
        "Bob Jones             380  +1 2001  +2    0   2",
        # Cat: bye; forfeit win (as a bye, unrated); tie 400 second v 1
        "Cat Lee              2001  +3 2001  +3 1400   1",
        "*** END OF FILE ***",
        ""]
    [section] = parse_tou(text)
    assert [len(r.entries) for r in section.rows] == [3, 3, 3]


def test_names_are_written_in_windows_1252_and_cut_to_the_name_column():
    players = [Player(1, "Zoë Ångström-Fitzwilliam"), Player(2, "Bob")]
    text = format_tou("Open", dt.date(2026, 1, 2), [TouDivision("A", players, [GameResult(1, "1", (1, 2), (400, 300))])])
    assert "\r\nZoë Ångström-Fitzwil 2400   2\r\n" in text       # 20 characters, then the block
    text = format_tou("Open", dt.date(2026, 1, 2), [TouDivision("A", [Player(1, "Łukasz")], [])])
    assert "\r\nLukasz              \r\n" in text                  # what the code page lacks, romanised


def test_over_99_players_take_a_column_more_only_for_an_opponent_past_line_99_as_aupair_does():
    players = [Player(n, f"P{n}") for n in range(1, 101)]
    results = [GameResult(1, "1", (n, n + 1), (400, 350), first=0) for n in range(1, 101, 2)]
    text = format_tou("Big", dt.date(2026, 1, 2), [TouDivision("A", players, results)])
    assert f"\r\n{'P1':<20} 2400  +2\r\n" in text and f"\r\n{'P99':<20} 2400 +100\r\n" in text
    [section] = parse_tou(text)
    assert section.rows[98].entries == (TouEntry("2", 400, True, 100),)
    assert section.rows[99].entries == (TouEntry(" ", 350, False, 99),)


def test_a_player_without_a_result_in_a_round_written_is_absent_and_later_rounds_can_be_left_out():
    text = format_tou("Open", dt.date(2026, 1, 2), [TouDivision("A", PLAYERS, RESULTS[:1])])
    assert text.split("\r\n")[5] == "Cat Lee                 0   3"           # absent in round 1
    two = format_tou("Open", dt.date(2026, 1, 2), [TouDivision("A", PLAYERS, RESULTS, rounds=2)])
    assert [len(r.entries) for r in parse_tou(two)[0].rows] == [2, 2, 2]


def test_what_a_tou_cannot_hold_is_refused_naming_player_and_round():
    with pytest.raises(TouError, match=r"round 1: player 1's score 1000 does not fit"):
        format_tou("Open", dt.date(2026, 1, 2),
                   [TouDivision("A", PLAYERS[:2], [GameResult(1, "1", (1, 2), (1000, 300))])])


def test_a_malformed_file_is_refused_naming_the_line():
    good = "*M01.03.2020 X\r\n*A\r\n" + " " * 38 + "0\r\nAnn" + " " * 17 + " 2400  +1\r\n"
    end = "*** END OF FILE ***\r\n"
    assert parse_tou(good + end)[0].rows[0].entries == (TouEntry("2", 400, True, 1),)
    with pytest.raises(TouError, match=r"t\.tou:4: round 1: block ' 24x0  \+1' is not"):
        parse_tou(good.replace("2400", "24x0") + end, source="t.tou")
    with pytest.raises(TouError, match=r"t\.tou: no '\*\*\* END OF FILE \*\*\*' line"):
        parse_tou(good, source="t.tou")
    with pytest.raises(TouError, match=r"t\.tou:1: expected '\*Mdd\.mm\.yyyy event'"):
        parse_tou("*M2020-03-01 X\r\n", source="t.tou")
