"""Rating estimates on the standings (issue 37 item 2's rest): with ``ratings.system`` set, the
printable standings and the live standings (the director's page's and the public view's one
part) show each player's estimate in a last column, marked as an estimate, the same numbers as
``python -m director ratings`` gives (rating_report's CSV); a division the system gives none
for says why under its table; without the key the standings are as they were."""
from __future__ import annotations

import csv
import io
import re
import urllib.request

import pytest

from director.event import ratings
from director.files import rating_report
from director.files.imports import Upload, import_files
from tests.support.director_harness import Director


@pytest.fixture
def running(tmp_path):
    made = []

    def start(**settings) -> Director:
        director = Director(tmp_path / f"d{len(made)}.sqlite", settings=settings).start()
        made.append(director)
        return director
    yield start
    for director in made:
        director.stop()


def naspa(director, shared) -> None:
    import_files(director.db, [Upload(f"{n}.t", (shared.tsh / f"naspa-2023-division-{n.lower()}.t")
                                      .read_bytes()) for n in ("A", "B")])


def estimates_of(html: str, division_rows: int | None = None) -> dict[str, str]:
    """Each row's name and its estimate cell, from a standings table's HTML."""
    rows = re.findall(r'<tr data-player="\d+"><td>[^<]*</td><td>\d+</td><td>([^<]*)</td>.*?'
                      r'<td class="estimate"[^>]*>([^<]*)</td></tr>', html)
    return {name.replace("&#x27;", "'"): shown for name, shown in rows}


def command_estimates(director) -> dict[str, str]:
    made = rating_report.report(director.db, director.config.rules, director.config.tournament,
                                "A", "csv", ratings.system("naspa"), None)
    return {r["player"]: f'{r["new"]} ({int(r["new"]) - int(r["old"]):+d})'
            for r in csv.DictReader(io.StringIO(made.text))}


def test_the_printable_and_live_standings_show_the_commands_estimates_marked_as_such(running, shared):
    director = running(**{"ratings.system": "naspa"})
    naspa(director, shared)
    expected = command_estimates(director)
    assert len(expected) == 26
    page, _ = director.download("/standings")
    page = page.decode()
    division_a, division_b = page.split("<h2>Division B")
    assert estimates_of(division_a) == expected
    assert '<th class="estimate" title="an estimate, not the published rating">Estimate</th>' in division_a
    assert "an estimate, not the published rating." in division_a
    assert "No rating estimates (NASPA ratings): division B: no estimate: the rated games before " \
           "the event of" in division_b and "ratings.list" in division_b
    assert '<td class="estimate"' not in division_b
    live = {g["division"]: g["html"] for g in director.request("GET", "/api/state").body["standings"]}
    assert estimates_of(live["A"]) == expected                   # the director's page and the phones'
    with urllib.request.urlopen(director.url + "/live") as answer:
        assert answer.status == 200                              # the public view reads that part


def test_without_a_system_the_standings_are_as_they_were(running, shared):
    director = running()
    naspa(director, shared)
    page, _ = director.download("/standings")
    assert b"estimate" not in page
    live = director.request("GET", "/api/state").body["standings"]
    assert all("estimate" not in g["html"] for g in live)


def test_a_ratings_list_that_cannot_be_read_is_said_under_the_table(running, shared, tmp_path):
    director = running(**{"ratings.system": "naspa", "ratings.list": str(tmp_path / "none.csv")})
    naspa(director, shared)
    page, _ = director.download("/standings?division=A")
    assert f"No rating estimates: the ratings list {tmp_path / 'none.csv'}" in page.decode()


def test_the_configs_systems_are_those_estimated_and_another_is_refused_naming_the_key():
    from common.game.errors import ConfigError
    from director.config import RATING_SYSTEMS, load_config
    for name in ratings.NAMES:
        try:
            ratings.system(name)
            assert name in RATING_SYSTEMS, name
        except ratings.SystemRefused:
            assert name not in RATING_SYSTEMS, name
    with pytest.raises(ConfigError) as refused:
        load_config(None, {"ratings.system": "wespa"}, need_key=False)
    assert refused.value.key == "ratings.system"
