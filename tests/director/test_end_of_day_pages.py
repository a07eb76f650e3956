"""The end of the day on the director's page (issue 37 items 1, 3, 4, 5), over real HTTP from a
real director holding the real NASPA 2023 division A: the prize table, the pairings sheet and
the wall chart, each page's numbers the same as its CSV's; the prize settings changed on the
page (refused naming the key when the players cannot satisfy them, nothing kept); a
``[prizes.DIVISION]`` for no division refused on the page and in the CSV naming the key; and
the public view's wall chart and prize table (only once the last round is in), without a
session."""
from __future__ import annotations

import csv
import io
import json
import urllib.error
import urllib.request
from html.parser import HTMLParser

import pytest

from director.event import counted
from director.files.imports import Upload, import_files
from tests.support.director_harness import Director

A = "naspa-2023-division-a"


class Tables(HTMLParser):
    """Every <table>'s body rows as lists of cell texts, by the table's class; a cell spanning
    rows (rowspan) repeated in the rows under it, as a reader reads it."""

    def __init__(self, html: str):
        super().__init__()
        self.tables: dict[str, list[list[str]]] = {}
        self.current, self.row, self.cell, self.spans, self.in_head = None, None, None, {}, False
        self.feed(html)

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "table":
            self.current = self.tables.setdefault(attrs.get("class", ""), [])
        elif tag == "thead":
            self.in_head = True
        elif tag == "tr" and self.current is not None and not self.in_head:
            self.row, self.column = [], 0
        elif tag in ("td", "th") and self.row is not None:
            self._fill()
            self.cell, self.rowspan = [], int(attrs.get("rowspan", 1))

    def _fill(self):
        while self.column in self.spans and self.spans[self.column][0] > 0:
            left, text = self.spans[self.column]
            self.row.append(text)
            self.spans[self.column] = (left - 1, text)
            self.column += 1

    def handle_endtag(self, tag):
        if tag == "thead":
            self.in_head = False
        elif tag in ("td", "th") and self.cell is not None and self.row is not None:
            text = " ".join("".join(self.cell).split())
            self.row.append(text)
            if self.rowspan > 1:
                self.spans[self.column] = (self.rowspan - 1, text)
            self.column += 1
            self.cell = None
        elif tag == "tr" and self.row is not None:
            self._fill()
            self.current.append(self.row)
            self.row = None
        elif tag == "table":
            self.current, self.spans = None, {}

    def handle_data(self, data):
        if self.cell is not None:
            self.cell.append(data)


@pytest.fixture
def running(tmp_path, shared):
    made = []

    def start(**settings) -> Director:
        director = Director(tmp_path / f"d{len(made)}.sqlite", settings=settings).start()
        import_files(director.db, [Upload(f"{A}.t", (shared.tsh / f"{A}.t").read_bytes())])
        made.append(director)
        return director
    yield start
    for director in made:
        director.stop()


def page(director, path: str) -> str:
    return director.download(path)[0].decode()


def csv_rows(director, path: str) -> list[dict]:
    return list(csv.DictReader(io.StringIO(director.download(path)[0].decode())))


def test_the_prize_tables_page_and_csv_have_the_same_prizes_players_and_values(running):
    director = running(**{"prizes.lucky_stiff": 3, "prizes.class_places": 1})
    body = page(director, "/prizes")
    rows = Tables(body).tables["prizes"]
    shown = [(r[0].replace(" (tie)", ""), r[1].replace("no one", ""), r[2]) for r in rows]
    from_csv = [(r["prize"], r["player"], r["value"]) for r in csv_rows(director, "/export/prizes.csv")]
    assert shown == from_csv and len(shown) >= 12
    assert {r["division"] for r in csv_rows(director, "/export/prizes.csv")} == {A}
    assert ("Class B 1st place", "Kramer, Agnes", "13-10 +480") in shown
    assert 'id="print"' in body and 'href="/export/prizes.csv"' in body and "prize-form" in body


def test_prize_settings_changed_on_the_page_refused_naming_the_key_or_kept(running):
    director = running()
    refused = director.request("POST", "/api/prizes/settings",
                               json.dumps({"division": A, "bands": ["2100+"]}).encode())
    assert refused.code == 409 and refused.body["error"].startswith(f"the page: prizes.{A}.bands: "
                                                                    "the band 2100+ holds no player")
    assert director.rows("prize_choices") == []
    bad = director.request("POST", "/api/prizes/settings", b'{"division": "A", "places": 99}')
    assert bad.code == 400 and "places" in bad.body["error"]
    done = director.request("POST", "/api/prizes/settings",
                            json.dumps({"division": A, "places": 5, "high_word": False}).encode())
    assert done.code == 200
    prizes = [r["prize"] for r in csv_rows(director, "/export/prizes.csv")]
    assert prizes[:5] == ["1st place", "2nd place", "3rd place", "4th place", "5th place"]
    assert "High word" not in prizes and "set on this page" in page(director, "/prizes")
    assert director.request("POST", "/api/prizes/forget", json.dumps({"division": A}).encode()).code == 200
    assert "as the config sets them" in page(director, "/prizes") and director.rows("prize_choices") == []


def test_a_prize_table_for_no_division_is_refused_on_the_page_and_in_the_csv(running):
    director = running(**{"prizes.bands": ["1800+"], "prizes.Z": {"places": 1}})   # [prizes.Z]
    assert "prizes.Z: no division &#x27;Z&#x27;" in page(director, "/prizes")
    with pytest.raises(urllib.error.HTTPError) as refused:
        director.download("/export/prizes.csv")
    assert refused.value.code == 409
    assert "prizes.Z: no division 'Z'" in json.loads(refused.value.read())["error"]


def test_the_pairings_sheet_by_name_and_by_table_is_its_csv(running):
    director = running()
    body = page(director, "/pairings?round=5")
    tables = Tables(body).tables
    by_name = tables["pairings by-name"]
    rows = csv_rows(director, "/export/pairings.csv?round=5")
    assert [[r["name"], r["table"] or "–", r["opponent"], r["starts"]] for r in rows] == by_name
    assert [r[0] for r in by_name] == sorted((r[0] for r in by_name), key=str.casefold)
    view = counted.load(director.db, director.config.rules, director.config.tournament, A)
    games = [p for p in view.round_pairings(5) if p.players[1]]
    assert len(tables["pairings by-table"]) == len(games) + len(view.round_pairings(5)) - len(games)
    names = {p.number: p.name for p in view.players}
    for pairing in games:
        first = pairing.players[pairing.first] if pairing.first is not None else pairing.players[0]
        second = pairing.players[1 - pairing.players.index(first)]
        assert [pairing.table, names[first], names[second]] in tables["pairings by-table"]
    assert "Division naspa-2023-division-a, round 5: by name" in body
    missing = director.request("GET", "/pairings?round=99")
    assert missing.code == 404 and "no pairings for round 99" in missing.body["error"]


def test_the_wall_chart_is_its_csv_and_ends_on_the_standings(running):
    director = running()
    body = page(director, "/wallchart")
    rows = csv_rows(director, "/export/wallchart.csv")
    assert len(rows) == 26 * 23
    view = counted.load(director.db, director.config.rules, director.config.tournament, A)
    last = {int(r["number"]): r for r in rows if r["round"] == "23"}
    for s in view.standings:
        r = last[s.player.number]
        assert (float(r["wins"]), float(r["losses"]), int(r["total_spread"])) == (s.wins, s.losses, s.spread)
    chart = [row for name, table in Tables(body).tables.items() if name == "wall" for row in table]
    by_player = {}
    for row in chart:
        by_player.setdefault(row[1], []).extend(row[2:])
    for r in rows:
        cell = by_player[r["name"]][int(r["round"]) - 1]
        if r["score"]:
            assert f'{r["score"]}-{r["opponent_score"]}' in cell and f'#{r["opponent"]}' in cell
        assert cell.endswith(f'{r["wins"]}-{r["losses"]} {int(r["total_spread"]):+d}'.replace("+0", "0"))
    assert "wallchart.css" in body


def test_the_public_view_has_the_wall_chart_and_the_prizes_once_the_last_round_is_in(running):
    waiting = running()
    with urllib.request.urlopen(waiting.url + "/live/prizes") as answer:
        text = answer.read().decode()
    assert "The prize table shows here once its last round is in (after round 23 now)" in text
    with urllib.request.urlopen(waiting.url + "/live/wallchart") as answer:
        assert answer.status == 200 and "Smylie, Jackson" in answer.read().decode()
    over = running(**{"draw.rounds": 23})
    with urllib.request.urlopen(over.url + "/live/prizes") as answer:
        text = answer.read().decode()
    assert "Sokol, Joshua" in text and "prize-form" not in text and "csrf" not in text
    seats = over.request("GET", "/api/state").body["seats"]
    assert seats[0]["final"] is True and seats[0]["round"] == 23
