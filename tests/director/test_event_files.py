"""The real tsh files through the director and back: the two NASPA divisions into one event, the
Woogles archive into another, a config.tsh with its .t files beside it. What comes out is read by
this test's own reader (not director.files.tsh): every player's opponents, scores and tags (board, p12,
class, rtime, off...) as the original has them, the same wins, losses and spread, one .TOU with a
block per division mirroring the games, and a standings CSV with a division column."""
import csv
import datetime as dt
import io
import re

import pytest

from director.config import load_rules
from director.event.db import DirectorDB
from director.files.exports import export_archive, export_standings_csv, export_t, export_tou
from director.files.imports import FileRefused, Upload, import_files
from director.event.tournament import standings

NASPA = {"naspa-2023-division-a": "naspa-2023-division-a.t",
         "naspa-2023-division-b": "naspa-2023-division-b.t"}
ARCHIVE = "woogles-export-archive.tsh"
RULES = load_rules("aspa", "test")
TOURNAMENT = "Test Open"


def lines_of(text):
    """A .t text as this test reads it: per player line, the name, rating, opponents, scores and
    every ``; tag values`` group."""
    out = []
    for line in text.splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        head, scores, *groups = line.split(";")
        name, rating, opponents = re.match(r"^(.*?\S)\s+(\d+)((?:\s+\d+)*)\s*$", head).groups()
        out.append({"name": name, "rating": rating, "opponents": [int(o) for o in opponents.split()],
                    "scores": [int(s) for s in scores.split()],
                    "tags": {g.split()[0]: g.split()[1:] for g in groups if g.strip()}})
    return out


def record(players, cap=None):
    """Each player's (wins, losses, spread) as tsh counts them: a tie is half a win and half a
    loss; against opponent 0 the score is the spread, and 0 is no game at all (tsh counts a
    result only with an opponent or a spread); with tsh's ``spread_cap`` (``cap``), no game's
    spread counts more than it."""
    out = []
    for p in players:
        wins = losses = spread = 0
        for round_, (opponent, own) in enumerate(zip(p["opponents"], p["scores"])):
            if opponent == 0 and own == 0:
                continue
            margin = own if opponent == 0 else own - players[opponent - 1]["scores"][round_]
            spread += margin if cap is None else max(-cap, min(cap, margin))
            wins += 1 if margin > 0 else 0.5 if margin == 0 else 0
            losses += 1 if margin < 0 else 0.5 if margin == 0 else 0
        out.append((p["name"], wins, losses, spread))
    return out


def archive_files(text):
    """The files inside a tsh archive, by name, as this test reads them."""
    return dict(re.findall(r"^#begin_file name=(\S+)\n(.*?)^#end_file", text, flags=re.M | re.S))


@pytest.fixture
def event(tmp_path):
    db = DirectorDB.open(tmp_path / "event.sqlite")
    yield db
    db.close()


def upload(path):
    return Upload(path.name, path.read_bytes())


def test_both_naspa_divisions_go_into_one_event_and_come_back_line_for_line(shared, event):
    messages = import_files(event, [upload(shared.tsh / name) for name in NASPA.values()])
    assert [m.split(":")[1].strip() for m in messages] == ["division naspa-2023-division-a",
                                                           "division naspa-2023-division-b"]
    assert messages[1].endswith("its boards at tables 14 onwards")   # A has tables 1 to 13
    with event.locked() as conn:
        tables = conn.execute("SELECT division, round, table_name FROM pairings "
                              "WHERE table_name IS NOT NULL").fetchall()
        byes = conn.execute("SELECT COUNT(*) FROM pairings WHERE player1 = 0 AND table_name IS "
                            "NOT NULL").fetchone()[0]
    assert len({(r, t) for _, r, t in tables}) == len(tables)         # a table, one game a round
    assert min(int(t) for d, _, t in tables if d.endswith("b")) == 14 and byes == 0
    for division, name in NASPA.items():
        original = lines_of((shared.tsh / name).read_text(encoding="iso-8859-1"))
        exported = lines_of(export_t(event, RULES, TOURNAMENT, division).decode("iso-8859-1"))
        assert len(exported) == len(original)
        for before, after in zip(original, exported):
            assert after == before          # name, rating, opponents, scores, board, p12, class, off...
        assert record(exported) == record(original)
    keras = lines_of((shared.tsh / NASPA["naspa-2023-division-a"]).read_text(encoding="iso-8859-1"))[15]
    assert keras["tags"]["off"] == ["-50"] and keras["tags"]["board"][19] == "13"   # her forfeit's


def test_the_standings_and_the_csv_are_the_originals(shared, event):
    import_files(event, [upload(shared.tsh / name) for name in NASPA.values()])
    rows = list(csv.DictReader(io.StringIO(export_standings_csv(event, RULES, TOURNAMENT).decode())))
    for division, name in NASPA.items():
        original = {n: (w, l, s) for n, w, l, s in
                    record(lines_of((shared.tsh / name).read_text(encoding="iso-8859-1")))}
        table, problems = standings(event, RULES, TOURNAMENT, division)
        assert problems == [] and len(table) == len(original)
        assert {s.player.name: (s.wins, s.losses, s.spread) for s in table} == original
        mine = [r for r in rows if r["division"] == division]
        assert {r["name"]: (float(r["wins"]), float(r["losses"]), int(r["spread"].replace("+", "")))
                for r in mine} == original
    assert [r["division"] for r in rows] == ["naspa-2023-division-a"] * 26 + ["naspa-2023-division-b"] * 109
    top = rows[0]
    assert (top["rank"], top["name"], top["wins"], top["spread"]) == ("1", "Sokol, Joshua", "17", "+736")


def test_one_tou_holds_a_block_per_division_game_for_game(shared, event):
    import_files(event, [upload(shared.tsh / name) for name in NASPA.values()])
    text = export_tou(event, RULES, TOURNAMENT, dt.date(2023, 2, 19)).decode("ascii")
    lines = text.split("\r\n")
    assert lines[0] == "*M19.02.2023 Test Open" and lines[-2:] == ["*** END OF FILE ***", ""]
    assert [line for line in lines if line.startswith("*")][1:3] == [
        "*naspa-2023-division-a", "*naspa-2023-division-b"]
    for division, name in NASPA.items():
        players = lines_of((shared.tsh / name).read_text(encoding="iso-8859-1"))
        start = lines.index("*" + division) + 2                      # after the high-word line
        for row, player in zip(lines[start:start + len(players)], players):
            # AUPAIR's 9 characters a block, one more for an opponent past line 99
            blocks = re.findall(r" [ \d]{4} (?:[ +]\d{3}|[ +\d]{2}\d)", row[20:])
            assert "".join(blocks) == row[20:]
            assert len(blocks) == len(player["opponents"])
            for round_, (block, opponent, own) in enumerate(zip(blocks, player["opponents"], player["scores"])):
                value, against = int(block[:5]), int(block[5:].replace("+", ""))
                if opponent == 0:                                      # bye or forfeit: v oneself
                    assert against == players.index(player) + 1 and value in (2001, 0)
                    assert (value == 2001) == (own > 0)
                    continue
                theirs = players[opponent - 1]["scores"][round_]
                assert against == opponent and value % 1000 == own
                assert value // 1000 == (2 if own > theirs else 1 if own == theirs else 0)


def test_the_archive_goes_into_another_event_and_comes_back_file_for_file(shared, event, tmp_path):
    original = (shared.tsh / ARCHIVE).read_text(encoding="iso-8859-1")
    messages = import_files(event, [upload(shared.tsh / ARCHIVE)])
    assert messages == [f"{ARCHIVE} (CSW.t): division CSW: 4 players, 4 rounds of pairings, 8 results",
                        f"{ARCHIVE} (NWL.t): division NWL: 8 players, 4 rounds of pairings, 16 results"]
    exported = export_archive(event, RULES, TOURNAMENT).decode("iso-8859-1")
    assert exported.split("#begin_file")[0] == original.split("#begin_file")[0]     # its config, as it was
    before, after = archive_files(original), archive_files(exported)
    assert list(after) == list(before) == ["CSW.t", "NWL.t"]
    for name in before:
        assert lines_of(after[name]) == lines_of(before[name])     # no tag invented (no board, no p12)
        assert record(lines_of(after[name])) == record(lines_of(before[name]))
    for division in ("CSW", "NWL"):
        assert lines_of(export_t(event, RULES, TOURNAMENT, division).decode()) == lines_of(before[f"{division}.t"])
    with DirectorDB.open(tmp_path / "again.sqlite") as again:        # the export imports as it is
        import_files(again, [Upload("again.tsh", exported.encode("iso-8859-1"))])
        assert export_archive(again, RULES, TOURNAMENT).decode("iso-8859-1") == exported


def test_a_config_with_its_files_sets_the_events_name_date_and_spread_cap(shared, event):
    config = ('# the event\ndivision A a.t\ndivision B b.t\nconfig event_name = "Winter Open"\n'
              'config event_date = "February 17-19, 2023"\nconfig spread_cap = [100]\n'
              '# config event_name = "a comment, not a setting"\n')
    files = {"a.t": (shared.tsh / NASPA["naspa-2023-division-a"]).read_bytes(),
             "b.t": (shared.tsh / NASPA["naspa-2023-division-b"]).read_bytes()}
    messages = import_files(event, [Upload("config.tsh", config.encode())],
                            beside=lambda config_name, file: files.get(file))
    assert messages[-1] == "config.tsh: event Winter Open, dated February 17-19, 2023, spread cap 100"
    assert export_tou(event, RULES, TOURNAMENT, dt.date(2030, 1, 1)).startswith(b"*M17.02.2023 Winter Open\r\n")
    players = lines_of(files["a.t"].decode("iso-8859-1"))
    table, _ = standings(event, RULES, TOURNAMENT, "A")
    smylie = next(s for s in table if s.player.name == "Smylie, Jackson")
    capped = sum(max(-100, min(100, own if opp == 0 else own - players[opp - 1]["scores"][r]))
                 for r, (opp, own) in enumerate(zip(players[0]["opponents"], players[0]["scores"])))
    assert smylie.spread == capped != record(players)[0][3]
    # the .t file holds the scores as written (the cap is the standings', as tsh's spread_cap):
    # tsh, with the archive's spread_cap, counts every player as the page does
    assert export_t(event, RULES, TOURNAMENT, "A") == files["a.t"]
    exported = lines_of(export_t(event, RULES, TOURNAMENT, "A").decode("iso-8859-1"))
    page = {s.player.name: (s.wins, s.losses, s.spread) for s in table}
    assert {name: rest for name, *rest in record(exported, cap=100)} == {n: list(v) for n, v in page.items()}
    assert record(exported) != record(exported, cap=100)
    assert "config spread_cap = [100]" in export_archive(event, RULES, TOURNAMENT).decode("iso-8859-1")


@pytest.mark.parametrize("name, text, expected", [
    ("e.tsh", "division A a.t\n#begin_file name=a.t\nAnn 1500 0; 50\n", "e.tsh:2: #begin_file name=a.t has no #end_file"),
    ("e.tsh", "division A a.t\n#begin_file name=a.t\nAnn 1500 2; 50\n#end_file\n",
     "e.tsh (a.t):3: round 1: opponent 2 is not another player"),
    ("config.tsh", "division A a.t\ndivision B b.t\n", "config.tsh:2: division B: its file b.t is not in the archive"),
    ("e.tsh", "division A a.t\nconfig spread_cap = [lots]\n#begin_file name=a.t\n#end_file\n",
     "e.tsh:2: spread_cap: expected a whole number from 1 or a list"),
    ("e.tsh", "division A a.t\nconfig spread_cap = [100, 0]\n#begin_file name=a.t\n#end_file\n",
     "e.tsh:2: spread_cap: expected a whole number from 1 or a list"),
    ("e.tsh", "division A\n", "e.tsh:1: expected 'division NAME FILE'"),
])
def test_a_bad_config_or_archive_is_refused_naming_the_line_and_nothing_changes(shared, event, name, text, expected):
    import_files(event, [upload(shared.tsh / ARCHIVE)])
    before = export_archive(event, RULES, TOURNAMENT)
    files = {"a.t": b"Ann 1500 0; 50\n"}
    with pytest.raises(FileRefused) as refused:
        import_files(event, [Upload(name, text.encode())], beside=lambda c, f: files.get(f))
    assert str(refused.value).startswith(expected), str(refused.value)
    assert export_archive(event, RULES, TOURNAMENT) == before


def test_one_division_named_for_several_t_files_is_refused(shared, event):
    with pytest.raises(FileRefused, match=r"division X: one division for 2 files"):
        import_files(event, [upload(shared.tsh / name) for name in NASPA.values()], division="X")
    with event.locked() as conn:
        assert conn["players"].count == 0


def test_tshs_standings_spread_cap_caps_the_standings_when_there_is_no_spread_cap():
    from director.files.tsh_config import parse_config
    config = parse_config("division A a.t\nconfig standings_spread_cap = [200, 300]\n")
    assert config.settings.spread_caps == (200, 300)
    both = parse_config("division A a.t\nconfig standings_spread_cap = 200\nconfig spread_cap = 400\n")
    assert both.settings.spread_caps == (400,)
