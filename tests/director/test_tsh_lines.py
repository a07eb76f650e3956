"""A .t file as tsh writes it comes back byte for byte: lines made by this suite's own copy of
tsh's FormatLine (tests/support/tsh_writer.py: ``sprintf("%-22s %5s %s; %s", ...)`` then ``;
tag words`` per tag), read by the director and written again, through its database too. Long
names push their own line only, a player with no games is ``1575 ; ; class A``, older tsh's
``%4s`` and Woogles' one space are kept, a tag's escaped ``\\;`` stays one tag; names in a
dozen scripts (UTF-8, as tsh reads them with ``config tfile_encoding = 'utf8'``)."""
import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from common.presets import load_preset
from director.event.db import DirectorDB
from director.files.exports import export_t
from director.files.imports import Upload, import_files
from director.files.tsh import format_t, parse_t
from tests.support import tsh_writer

RULES = load_preset("aspa")


#: Twelve players as tsh writes them mid-event: rounds 1-2 played, round 3 paired; a bye, a
#: forfeit, a withdrawn player, a late entry without games, names of 23 and 31 characters,
#: a five-digit rating, a team's and a decimal rating, names in several scripts.
DIVISION = [
    ("Kowalczyk, Małgorzata", "1875", [2, 3, 4], [402, 388], [("board", "1 2 1"), ("p12", "1 2 1"), ("class", "A")]),
    ("Te Whatu-Ngāpuhi, Aroha", "1820", [1, 5, 6], [377, 421], [("board", "1 3 2"), ("p12", "2 1 2"), ("class", "A")]),
    ("Müller-Lüdenscheidt, Hans-Jürgen", "1790", [6, 1, 5], [355, 401], [("board", "2 2 3"), ("p12", "2 2 1"), ("class", "A"), ("note", "late\\; train")]),
    ("Иванов, Дмитрий", "1755", [5, 6, 1], [430, 365], [("board", "3 1 1"), ("p12", "1 1 2"), ("class", "B")]),
    ("Παπαδοπούλου, Ελένη", "1702.5", [4, 2, 3], [399, 360], [("board", "3 3 3"), ("p12", "2 2 2"), ("class", "B")]),
    ("王伟", "10250", [3, 4, 2], [420, 380], [("board", "2 1 2"), ("p12", "1 2 1"), ("class", "B")]),
    ("김민준", "1500+1400", [0, 0], [50, -50], [("class", "C"), ("off", "1"), ("p12", "0 0")]),
    ("やまだ たろう", "0", [9, 9], [333, 300], [("board", "4 4"), ("p12", "1 2")]),
    ("כהן, דוד", "1200", [8, 8], [350, 402], [("board", "4 4"), ("p12", "2 1")]),
    ("राज कुमार", "1100", [], [], [("class", "C")]),
    ("สมชาย ใจดี", "950", [], [], []),
    ("محمد عبد الله", "900", [], [], [("class", "C")]),
]


def tsh_file(players=DIVISION, **formats) -> str:
    return tsh_writer.tsh_file(players, **formats)


def test_tshs_own_lines_are_what_this_test_writes():
    lines = tsh_file().splitlines(keepends=True)
    assert lines[0] == "Kowalczyk, Małgorzata" + " " * 3 + "1875 2 3 4; 402 388; board 1 2 1; class A; p12 1 2 1\n"
    assert lines[2].startswith("Müller-Lüdenscheidt, Hans-Jürgen  1790 6 1 5;")   # its own line pushed
    assert lines[9] == "राज कुमार" + " " * 15 + "1100 ; ; class C\n"               # no games yet
    assert lines[10] == "สมชาย ใจดี" + " " * 15 + "950 ; \n"


def test_a_file_tsh_wrote_comes_back_byte_for_byte():
    text = tsh_file()
    division = parse_t(text, division="A")
    assert division.players[2].name == "Müller-Lüdenscheidt, Hans-Jürgen"
    assert dict(division.extras[3])["note"] == "late\\; train"               # one tag, as tsh reads it
    assert division.players[6].withdrawn and [p.rating for p in division.players[4:7]] == [1702, 10250, 1450]
    assert format_t(division.players, division.pairings, division.results, extras=division.extras,
                    layout=division.layout) == text


@pytest.mark.parametrize("formats", [{"rating_format": "%4s"}, {"name_format": "%s", "rating_format": "%s"}],
                         ids=["older tsh's %4s", "Woogles' one space"])
def test_older_tshs_and_woogles_layouts_come_back_byte_for_byte(formats):
    text = tsh_file(**formats)
    division = parse_t(text, division="A")
    assert format_t(division.players, division.pairings, division.results, extras=division.extras,
                    layout=division.layout) == text


def test_through_the_database_a_tsh_file_comes_back_byte_for_byte(tmp_path):
    text = tsh_file()
    with DirectorDB.open(tmp_path / "event.sqlite") as db:
        import_files(db, [Upload("a.t", text.encode("utf-8"))])
        assert export_t(db, RULES, "T", "a").decode("utf-8") == text


def test_a_line_edited_by_hand_is_written_as_tsh_writes_it_when_it_saves_the_file():
    text = tsh_file()
    edited = text.replace("Иванов, Дмитрий          1755 5 6 1", "  Иванов, Дмитрий 1755  5 6   1")
    division = parse_t(edited, division="A")
    assert format_t(division.players, division.pairings, division.results, extras=division.extras,
                    layout=division.layout) == text


NAMES = st.text(st.sampled_from("abcłęāéšØЖжΩλ王伟김민やアد ,-'"), min_size=1, max_size=34).map(str.strip).filter(
    lambda n: n and n[0].isalpha() and not n.endswith(",") and "  " not in n)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.filter_too_much])
@given(names=st.lists(NAMES, min_size=2, max_size=8, unique=True),
       ratings=st.lists(st.integers(0, 99999), min_size=8, max_size=8),
       played=st.booleans(), rating_format=st.sampled_from(["%5s", "%4s"]))
def test_any_file_of_tshs_comes_back_byte_for_byte(names, ratings, played, rating_format):
    """A round robin's first round between neighbours, or no games yet, any names and widths."""
    players = []
    for i, name in enumerate(names, 1):
        opponent = i + 1 if i % 2 else i - 1
        opponent = 0 if opponent > len(names) else opponent
        games = ([opponent], [350 + i if opponent else 50]) if played else ([], [])
        first = str(i % 2 + 1) if opponent else "0"                 # tsh's p12: 0 for a bye
        players.append((name, str(ratings[i - 1]), *games, [("p12", first)] if played else []))
    text = tsh_file(players, rating_format=rating_format)
    division = parse_t(text, division="A")
    assert format_t(division.players, division.pairings, division.results, extras=division.extras,
                    layout=division.layout) == text
