"""One word list, one name on the tables page (issue 36): two tables with the same fingerprint,
one configured with the official fingerprints ("CSW21 (official)") and one not ("CSW21
(official status unknown)"), show the same label; the director's own list is called what the
director's config calls it; a table with another list still DIFFERS. Real signed statuses."""
import pytest

from director.web.tables import tables_view
from tests.support.director_harness import Director, signed_bytes, status_doc

CSW = "c" * 64
ENABLE = "e" * 64
SAID = {"1": ("CSW21 (official)", CSW), "2": ("CSW21 (official status unknown)", CSW),
        "3": ("CSW21 (official)", CSW), "4": ("ENABLE2K (official status unknown)", ENABLE)}


@pytest.fixture
def running(tmp_path):
    made = []

    def start(**settings) -> Director:
        director = Director(tmp_path / f"d{len(made)}.sqlite", settings=settings).start()
        made.append(director)
        for table, (label, fingerprint) in SAID.items():
            about = {"software": "1.0", "lexicon": label, "lexicon_sha256": fingerprint, "selftest": ""}
            assert director.post(table, "status", signed_bytes({**status_doc(table), "about": about})).code == 200
        return director
    yield start
    for director in made:
        director.stop()


def rows(director) -> dict[str, dict]:
    return {r["table"]: r for r in tables_view(director.db, director.config, 0.0)["tables"]}


def test_the_same_list_has_one_label_the_most_tables_give(running):
    shown = rows(running())
    assert {shown[t]["lexicon"] for t in "123"} == {"CSW21 (official)"}
    assert shown["2"]["lexicon_table"] == "CSW21 (official status unknown)"    # kept, as a hint
    assert [shown[t]["lexicon_differs"] for t in "1234"] == [False, False, False, True]


def test_the_directors_list_is_called_as_the_director_calls_it(running):
    shown = rows(running(**{"tournament.lexicon": "Collins 2021", "tournament.lexicon_fingerprint": CSW}))
    assert {shown[t]["lexicon"] for t in "123"} == {"Collins 2021"}
    assert shown["4"]["lexicon"] == "ENABLE2K (official status unknown)" and shown["4"]["lexicon_differs"]
