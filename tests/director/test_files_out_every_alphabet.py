"""Every file out, downloaded from its link on a real director (127.0.0.1, the page's session) and
read back by this suite's own readers, for an event whose names are in a dozen scripts: the
``.t`` files and the tsh archive in the encoding tsh needs (UTF-8 for all the event's files once
one name needs it, the archive's config saying so to tsh; ISO-8859-1 otherwise), each ``.t``
byte for byte as tsh wrote it; the ``.TOU`` in Windows-1252 read by tests/support/tou_reader.py
(each name in the code page's faithful form, two alike told apart or refused); the standings and
the results with every name as typed; what a link cannot give said, never a raw error page; a
name tsh would misread refused where it is entered. The page's own links are clicked in
headless Chromium at the end."""
import csv
import io
import json
import subprocess
import sys
import urllib.error
import urllib.parse
from pathlib import Path

import pytest

from tests.support import tsh_writer
from tests.support.director_harness import result_doc, signed_bytes
from tests.support.page_browser import TIMEOUT_MS, log_in, new_context
from tests.support.tou_reader import read_tou
from tests.support.tsh_archive import archive_files

UTF8_LINE = "config tfile_encoding = 'utf8'"

#: Division A as tsh wrote it after round 2, round 3 paired: a name in each of a dozen scripts.
A = tsh_writer.tsh_file([
    ("Kowalczyk, Małgorzata", "1875", [2, 3, 4], [402, 388], [("board", "1 1 1"), ("p12", "1 2 1")]),
    ("Te Whatu-Ngāpuhi, Aroha", "1820", [1, 5, 6], [377, 421], [("board", "1 2 2"), ("p12", "2 1 2")]),
    ("Ó Dálaigh, Seán", "1790", [6, 1, 5], [355, 401], [("board", "2 1 3"), ("p12", "2 1 1")]),
    ("Иванов, Дмитрий", "1755", [5, 6, 1], [430, 365], [("board", "3 3 1"), ("p12", "1 2 2")]),
    ("Παπαδοπούλου, Ελένη", "1702", [4, 2, 3], [399, 360], [("board", "3 2 3"), ("p12", "2 2 2")]),
    ("王伟", "1650", [3, 4, 2], [420, 380], [("board", "2 3 2"), ("p12", "1 1 1")]),
    ("김민준", "1600", [8, 9], [380, 390], [("board", "4 4"), ("p12", "1 1")]),
    ("やまだ たろう", "1550", [7, 0], [333, 50], [("board", "4"), ("p12", "2 0")]),
    ("כהן, דוד", "1500", [0, 7], [50, 402], [("board", "0 4"), ("p12", "0 2")]),
    ("राज कुमार", "1450", [], [], [("class", "C")]),
    ("สมชาย ใจดี", "1400", [], [], []),
    ("محمد عبد الله", "1350", [], [], [("class", "C")]),
])
B = tsh_writer.tsh_file([
    ("Ng, Zoë", "1500", [2], [400], [("board", "1"), ("p12", "1")]),
    ("Núñez, José", "1400", [1], [350], [("board", "1"), ("p12", "2")]),
])
ARCHIVE = ("# tsh archive file\ndivision A a.t\ndivision B b.t\n"
           'config event_name = "Ngā Taonga Open"\nconfig event_date = "2026-03-01"\n'
           f"#begin_file name=a.t\n{A}#end_file name=a.t\n#begin_file name=b.t\n{B}#end_file name=b.t\n")

#: Division A's names in the .TOU's name column, given name first: every character Windows-1252
#: lacks romanised, every one it holds kept (Seán Ó Dálaigh).
TOU_NAMES = ["Malgorzata Kowalczyk", "Aroha Te Whatu-Ngapu", "Seán Ó Dálaigh", "Dmitriy Ivanov",
             "Eleni Papadopoyloy", "WangWei", "GimMinJun", "yamada tarou", "dvd khhn", "raj kumar",
             "smchay aichdi", "mhmd `bd llh"]


def upload(director, kind, name, data: bytes):
    return director.request("POST", f"/api/import?kind={kind}&name={urllib.parse.quote(name)}", data,
                            headers={"Content-Type": "application/octet-stream"})


def download(director, path):
    """A link's file and headers, or (None, the error's status and JSON) where it cannot be made."""
    try:
        return director.download(path)
    except urllib.error.HTTPError as error:
        return None, (error.code, json.loads(error.read()))


def note(headers) -> str:
    return urllib.parse.unquote(headers.get("X-Note", ""))


@pytest.fixture
def event(director):
    answer = upload(director, "tsh-config", "event.tsh", ARCHIVE.encode("utf-8"))
    assert answer.code == 200, answer.body
    return director


def test_each_t_file_comes_back_byte_for_byte_in_utf8_and_says_what_tsh_needs(event):
    data, headers = download(event, "/export/division.t?division=A")
    assert headers["Content-Type"] == "text/plain; charset=utf-8"
    assert data.decode("utf-8") == A
    assert UTF8_LINE in note(headers) and "'ł' of 'Kowalczyk, Małgorzata'" in note(headers)
    data, headers = download(event, "/export/division.t?division=B")     # Latin-1 names, but tsh
    assert headers["Content-Type"] == "text/plain; charset=utf-8"          # reads every file alike
    assert data.decode("utf-8") == B
    assert headers["Content-Disposition"].endswith("''b.t")


def test_the_archive_comes_back_with_its_names_and_tells_tsh_it_is_utf8(event):
    data, headers = download(event, "/export/event.tsh")
    assert headers["Content-Type"] == "text/plain; charset=utf-8"
    config, files = archive_files(data.decode("utf-8"))
    assert config == ["# tsh archive file", "division A a.t", "division B b.t",
                      'config event_name = "Ngā Taonga Open"', 'config event_date = "2026-03-01"',
                      UTF8_LINE]
    assert files == {"a.t": A, "b.t": B}
    assert "the archive's config says so to tsh" in note(headers)


def test_asking_for_latin1_where_a_name_needs_more_says_which_name(event):
    data, (status, body) = download(event, "/export/division.t?division=A&encoding=iso-8859-1")
    assert (data, status) == (None, 409)
    assert body["error"].startswith("'ł' (line 1) cannot be written in iso-8859-1: download it "
                                    "in the event's encoding")


def test_the_tou_holds_every_name_in_windows_1252_read_by_an_independent_reader(event):
    data, headers = download(event, "/export/ratings.TOU")
    assert headers["Content-Type"] == "text/plain; charset=windows-1252"
    read = read_tou(data)
    assert (read["event"], read["date"].isoformat()) == ("Nga Taonga Open", "2026-03-01")
    assert [name for name, _ in read["divisions"]["A"]] == TOU_NAMES
    assert [name for name, _ in read["divisions"]["B"]] == ["Zoë Ng", "José Núñez"]
    ma, seán, kim = read["divisions"]["A"][0], read["divisions"]["A"][2], read["divisions"]["A"][6]
    assert ma[1] == [("2", 402, True, 2), (" ", 388, False, 3)]
    assert seán[1] == [(" ", 355, False, 6), ("2", 401, True, 1)]
    assert kim[1] == [("2", 380, True, 8), (" ", 390, True, 9)]
    assert read["divisions"]["A"][8][1][0] == ("2", 1, True, 9)            # a bye: AUPAIR's 2001 +n
    assert {len(blocks) for _, blocks in read["divisions"]["A"]} == {2}     # round 3: no results yet
    assert "Kowalczyk, Małgorzata as Malgorzata Kowalczyk" in note(headers)


def test_the_standings_and_the_results_keep_every_name_as_typed(event):
    typed = [line.split("  ")[0] for line in A.splitlines()] + ["Ng, Zoë", "Núñez, José"]
    data, _ = download(event, "/export/standings.csv")
    rows = list(csv.DictReader(io.StringIO(data.decode("utf-8"))))
    assert sorted(r["name"] for r in rows) == sorted(typed)
    given_first = [" ".join(reversed(n.split(", "))) for n in typed]     # the results' full names
    for path in ("/export/results.csv", "/export/results.html"):
        text = download(event, path)[0].decode("utf-8")
        assert all(name in text for name in given_first[:9]), path


def test_a_table_result_with_the_names_of_every_script_goes_in_and_out(event):
    event.request("POST", "/api/rounds/start", b'{"division": "A"}')
    document = {**result_doc(1, round_number=3, players=("Kowalczyk, Małgorzata", "Иванов, Дмитрий"),
                             scores=(410, 360)), "division": "A"}
    assert event.post(1, "results", signed_bytes(document)).body["outcome"] == "stored"
    [row] = event.rows("results")
    assert (row["player0"], row["player1"]) == ("Kowalczyk, Małgorzata", "Иванов, Дмитрий")
    text = download(event, "/export/division.t?division=A")[0].decode("utf-8")
    assert text.splitlines()[0] == ("Kowalczyk, Małgorzata" + " " * 3 + f"1875 2 3 4; 402 388 {row['score0']}; "
                                    "board 1 1 1; p12 1 2 1")
    assert text.splitlines()[3].startswith("Иванов, Дмитрий" + " " * 9 + f"1755 5 6 1; 430 365 {row['score1']};")
    data, headers = download(event, "/export/ratings.TOU")
    assert urllib.parse.unquote(headers["X-Left-Out"]) == (
        "division A: round 3 (2 of its 3 games without a result yet) left out of the .TOU: only "
        "complete rounds are rated")


def test_a_latin1_event_is_latin1_and_tsh_is_told_nothing(director):
    assert upload(director, "tsh", "b.t", B.encode("iso-8859-1")).code == 200
    data, headers = download(director, "/export/division.t")
    assert (headers["Content-Type"], data) == ("text/plain; charset=iso-8859-1", B.encode("iso-8859-1"))
    assert "X-Note" not in headers
    data, headers = download(director, "/export/event.tsh")
    config, files = archive_files(data.decode("iso-8859-1"))
    assert UTF8_LINE not in config and 'config event_name = "Test Open"' in config
    assert files == {"b.t": B}


def test_a_utf8_tou_with_text_after_its_end_line_goes_out(director):
    tou = ("*M01.03.2024 Łódź Open\r\n*A\r\n" + " " * 38 + "0\r\n"
           "Łukasz Żak           2400  +2\r\nAnna Nowak            300   1\r\n"
           "*** END OF FILE ***\r\nNotatki: Łódź, sala 2\r\n")
    assert upload(director, "tou", "lodz.TOU", tou.encode("utf-8")).code == 200
    data, headers = download(director, "/export/ratings.TOU")
    read = read_tou(data)
    assert read["event"] == "Lódz Open" and read["after"] == "Notatki: Lódz, sala 2\r\n"
    assert read["divisions"]["A"] == [("Lukasz Zak", [("2", 400, True, 2)]),
                                      ("Anna Nowak", [(" ", 300, False, 1)])]


def test_two_long_names_cut_alike_are_told_apart_by_their_initials(director):
    players = 'name,rating\n"Montgomery-Smith, Christopher",1500\n"Montgomery-Smythe, Christopher",1400\n'
    assert upload(director, "players-csv", "players.csv", players.encode()).code == 200
    read = read_tou(download(director, "/export/ratings.TOU")[0])
    assert [name for name, _ in read["divisions"]["A"]] == ["C Montgomery-Smith", "C Montgomery-Smythe"]


def test_two_names_the_same_in_the_tou_are_refused_saying_what_to_do(director):
    players = "name,rating,division\nŁukasz Nowak,1500,A\nLukasz Nowak,1400,B\n"
    assert upload(director, "players-csv", "players.csv", players.encode()).code == 200
    data, (status, body) = download(director, "/export/ratings.TOU")
    assert status == 409
    assert body["error"] == (
        ".TOU export: division A player 1 ('Łukasz Nowak') and division B player 1 ('Lukasz Nowak') "
        "are both 'Lukasz Nowak' in the .TOU's name column: the rating programs would take them "
        "for one player. Rename one as the ratings list knows them (a middle initial, 'Jr', a "
        "second given name), then download again")


def test_a_name_tsh_would_misread_is_refused_where_it_is_entered(director):
    answer = upload(director, "players-csv", "players.csv", b"name,rating\nAnn Lee,1500\nPlayer 7,1400\n")
    assert answer.code == 400
    assert answer.body["error"] == (
        "players.csv:3: column 'name': the name 'Player 7' ends in a word of digits, so tsh would "
        "read it as 'Player' and the digits as the rating: add a word after the number, or write "
        "the number in words ('Player 7' as 'Player Seven' or 'Player 7A')")
    assert director.rows("players") == []


@pytest.mark.slow
def test_the_command_lines_archive_names_the_event_and_tells_tsh_it_is_utf8(tmp_path):
    db = tmp_path / "event.sqlite"
    players = tmp_path / "players.csv"
    players.write_text('name,rating\n"Te Whatu, Ngāio",1500\nZoë Ng,1400\n', encoding="utf-8")
    run = [sys.executable, "-m", "director"]
    root = Path(__file__).resolve().parents[2]
    subprocess.run([*run, "import", "--db", db, players], cwd=root, check=True, capture_output=True)
    out = subprocess.run([*run, "export", "--db", db, "--tournament", "Winter Open", "--format", "tsh"],
                         cwd=root, capture_output=True, timeout=120)
    assert out.returncode == 0, out.stderr
    config, files = archive_files(out.stdout.decode("utf-8"))
    assert 'config event_name = "Winter Open"' in config and UTF8_LINE in config
    assert list(files) == ["a.t"] and "Te Whatu, Ngāio" in files["a.t"]      # as its lone download is named
    assert "the event's tsh files are UTF-8 ('ā' of 'Te Whatu, Ngāio', division A" in out.stderr.decode()


@pytest.mark.slow
def test_every_link_on_the_page_gives_its_file_and_says_what_to_know(browser, event):
    context = new_context(browser, 1200, 900)
    page = context.new_page()
    try:
        log_in(page, event)
        page.wait_for_selector('.division[data-division="A"] .export-t', timeout=TIMEOUT_MS)
        got = {}
        for selector in ['.division[data-division="A"] .export-t', '.division[data-division="B"] .export-t',
                         "#export-tsh", "#export-tou", "#export-csv", "#export-results-csv"]:
            with page.expect_download(timeout=TIMEOUT_MS) as caught:
                page.click(selector)
            got[caught.value.suggested_filename] = Path(caught.value.path()).read_bytes()
            page.wait_for_function("document.querySelector('#message').textContent.includes(':')",
                                   timeout=TIMEOUT_MS)
            if selector.endswith(".export-t"):
                assert UTF8_LINE in page.inner_text("#message")
        assert got["a.t"].decode("utf-8") == A and got["b.t"].decode("utf-8") == B
        assert archive_files(got["Test Open.tsh"].decode("utf-8"))[1] == {"a.t": A, "b.t": B}
        assert [n for n, _ in read_tou(got["Test Open.TOU"])["divisions"]["A"]] == TOU_NAMES
        assert "Иванов, Дмитрий" in got["Test Open standings.csv"].decode("utf-8")
        assert "Дмитрий Иванов" in got["Test Open results.csv"].decode("utf-8")
    finally:
        context.close()


def test_an_imported_configs_encoding_line_is_made_to_say_utf8_where_the_names_need_it(director):
    archive = ARCHIVE.replace('config event_date = "2026-03-01"\n',
                              'config event_date = "2026-03-01"\nconfig tfile_encoding = "isolatin1"\n')
    assert upload(director, "tsh-config", "event.tsh", archive.encode("utf-8")).code == 200
    config, files = archive_files(download(director, "/export/event.tsh")[0].decode("utf-8"))
    assert config[-2:] == ['config event_date = "2026-03-01"', UTF8_LINE]
    assert not any("isolatin1" in line for line in config) and files == {"a.t": A, "b.t": B}


def test_a_config_that_says_utf8_keeps_latin1_names_in_utf8_as_tsh_reads_them(director):
    archive = f"division B b.t\nconfig realm = 'pol'\n#begin_file name=b.t\n{B}#end_file name=b.t\n"
    assert upload(director, "tsh-config", "event.tsh", archive.encode("utf-8")).code == 200
    data, headers = download(director, "/export/division.t")
    assert (headers["Content-Type"], data) == ("text/plain; charset=utf-8", B.encode("utf-8"))
    assert "its tsh config says so" in note(headers)
    assert download(director, "/export/event.tsh")[0].decode("utf-8") == archive    # said already
