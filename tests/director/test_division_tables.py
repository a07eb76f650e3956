"""Issue 36 items 2 and 4: a division's tables are its own, and the draw's proposals of several
divisions never collide, whichever the director draws or publishes first; *Set table* takes
only the event's tables (a typo refused with the reason, nothing stored), so the .t download
still works. A real database (director.event.next_round, director.event.venue), the config's
``[divisions.NAME] tables`` and the page's route over real HTTP."""
import json

import pytest

from common.game.errors import ConfigError
from common.presets import load_preset
from director.config import load_config
from director.event import next_round
from director.event.db import DirectorDB
from director.event.model import Player
from director.event.rounds import RoundError, store_players
from director.event.tournament import pairings
from director.files.exports import export_t
from tests.support.director_harness import TOURNAMENT

RULES = load_preset("aspa")
SWISS = {"system": "swiss", "king_of_the_hill": 0, "seeding": "rating", "rounds": 3}


def event(tables=(), own=None) -> next_round.Event:
    return next_round.Event(RULES, TOURNAMENT, {"": SWISS}, tuple(tables), own or {})


@pytest.fixture
def db(tmp_path):
    """Division A of 6 players (3 games), division B of 8 (4 games), nothing drawn."""
    with DirectorDB.open(tmp_path / "event.sqlite") as opened:
        store_players(opened, [Player(n, f"Ann {chr(64 + n)}", 1800 - n, "A") for n in range(1, 7)]
                      + [Player(n, f"Bo {chr(64 + n)}", 1500 - n, "B") for n in range(1, 9)])
        yield opened


def tables_of(made: dict) -> list[str]:
    return [row[0] for row in made["pairings"] if row[0]]


def published(db, name, round_number=1) -> set[str]:
    return {p.table for p in pairings(db, name) if p.round == round_number and p.table}


@pytest.mark.parametrize("drawn", [("A", "B"), ("B", "A")])
@pytest.mark.parametrize("venue", [(), tuple(map(str, range(1, 31)))], ids=["numbers", "1-30"])
def test_both_round_ones_drawn_before_either_is_published_never_collide(db, drawn, venue):
    """Without tables of their own, each division takes the venue's after those the divisions
    before it need: A 1-3, B 4-7, whichever is drawn first; published in either order."""
    made = {name: next_round.propose(db, event(venue), name, 1e9) for name in drawn}
    assert tables_of(made["A"]) == ["1", "2", "3"] and tables_of(made["B"]) == ["4", "5", "6", "7"]
    for name in reversed(drawn):
        next_round.publish(db, name)
    assert published(db, "A") == {"1", "2", "3"} and published(db, "B") == {"4", "5", "6", "7"}


def test_a_division_drawn_again_keeps_clear_of_the_others_proposal(db):
    """A proposal drawn again (a late entry makes A's round one game bigger) takes no table of
    B's proposal: it goes past them."""
    next_round.propose(db, event(), "A", 1e9)
    next_round.propose(db, event(), "B", 1e9)
    store_players(db, [Player(n, f"Ann {chr(64 + n)}", 1800 - n, "A") for n in range(1, 9)])   # two more
    again = next_round.propose(db, event(), "A", 1e9 + 60)
    assert tables_of(again) == ["1", "2", "3", "8"]
    next_round.publish(db, "B")
    next_round.publish(db, "A")
    assert published(db, "A").isdisjoint(published(db, "B"))


def test_a_divisions_own_tables_from_the_config(db, tmp_path):
    path = tmp_path / "director.toml"
    path.write_text('[tournament]\nkey = "a-long-enough-key-123"\ntables = "1-30"\n'
                    '[divisions.A]\ntables = "21-23"\n[divisions.B]\ntables = "1-4, 10"\n')
    config = load_config(path)
    assert config.division_tables == {"A": ("21", "22", "23"), "B": ("1", "2", "3", "4", "10")}
    own = event(config.tables, config.division_tables)
    b = next_round.propose(db, own, "B", 1e9)
    a = next_round.propose(db, own, "A", 1e9)
    assert tables_of(a) == ["21", "22", "23"] and tables_of(b) == ["1", "2", "3", "4"]
    shown = next_round.state(db, own, "B")
    assert (shown["tables"], shown["tables_source"]) == ("1-4, 10", "config")
    with pytest.raises(RoundError, match=r"table 5 is not one of division B's own tables "
                                         r"\(1-4, 10, given in the config's \[divisions.B\]\)"):
        next_round.set_table(db, "B", 1, "5", own)
    with pytest.raises(RoundError, match=r"table 21 is division A's own \(its tables: 21-23\)"):
        next_round.set_table(db, "B", 1, "21", own)
    moved = next_round.set_table(db, "B", 1, "10", own)
    assert "10" in tables_of(moved)
    next_round.publish(db, "A")
    next_round.publish(db, "B")


def test_too_few_tables_of_its_own_is_said_on_the_page_not_drawn_elsewhere(db):
    own = event(own={"B": ("1", "2", "3")})
    next_round.refresh(db, own, 1e9)
    with pytest.raises(Exception, match="4 games but the division has 3 tables"):
        next_round.propose(db, own, "B", 1e9)


@pytest.mark.parametrize("typed, why", [
    ("99", "table '99' is not one of the event's tables (1-30)"),
    ("1 2", "table '1 2' is not one of the event's tables (1-30)"),
    ("1O", "table '1O' is not one of the event's tables (1-30) (did you mean 10?)"),
    ("", "a table is needed"),
])
def test_set_table_takes_only_the_events_tables_and_stores_nothing_else(db, typed, why):
    venue = event(map(str, range(1, 31)))
    before = next_round.propose(db, venue, "A", 1e9)
    with pytest.raises(RoundError) as refused:
        next_round.set_table(db, "A", before["pairings"][0][1], typed, venue)
    assert str(refused.value) == why
    assert next_round.proposal(db, "A") == before                     # nothing stored
    next_round.publish(db, "A")
    assert export_t(db, RULES, TOURNAMENT, "A")                       # the .t download works


def test_set_table_refuses_a_table_another_divisions_proposal_holds(db):
    a = next_round.propose(db, event(), "A", 1e9)
    next_round.propose(db, event(), "B", 1e9)
    with pytest.raises(RoundError, match="table 4 is proposed for division B's round 1"):
        next_round.set_table(db, "A", a["pairings"][0][1], "4", event())
    with pytest.raises(RoundError, match="table 'x7' is not a table number from 1 to 999"):
        next_round.set_table(db, "A", a["pairings"][0][1], "x7", event())
    moved = next_round.set_table(db, "A", a["pairings"][0][1], "12", event())
    assert tables_of(moved)[0] == "12"


@pytest.mark.parametrize("text, message", [
    ('[divisions.A]\ntables = "1-10"\n[divisions.B]\ntables = "10-20"\n',
     "divisions.B.tables: expected tables no other division has; got table 10, which is division A's too"),
    ('[tournament]\ntables = "1-12"\n[divisions.B]\ntables = "10-14"\n',
     "divisions.B.tables: expected the venue's tables (tournament.tables); got table 13, which is not one of them"),
    ('[divisions.B]\ntables = 15\n', "divisions.B.tables: expected the division's own tables"),
    ('[divisions.B]\ntables = ""\n', "divisions.B.tables: expected the division's own tables"),
    ('[divisions.B]\ntabels = "1-4"\n', "divisions.B.tabels: expected one of [divisions.B]'s keys, "
                                        "most likely divisions.B.tables"),
    ('[divisions]\ntables = "1-4"\n', "divisions.tables: expected one of the config's keys, most "
                                      "likely tournament.tables"),
])
def test_a_bad_divisions_tables_is_refused_naming_the_key(tmp_path, text, message):
    path = tmp_path / "t.toml"
    path.write_text(text)
    with pytest.raises(ConfigError) as refused:
        load_config(path, {"tournament.key": "a-long-enough-key-123"})
    assert str(refused.value).startswith(f"{path}: {message}"), str(refused.value)


def test_the_page_gives_a_division_its_own_tables(director):
    store_players(director.db, [Player(n, f"Ann {chr(64 + n)}", 1800 - n, "A") for n in range(1, 7)]
                  + [Player(n, f"Bo {chr(64 + n)}", 1500 - n, "B") for n in range(1, 9)])

    def post(what, body):
        return director.request("POST", f"/api/draw/{what}", json.dumps(body).encode())
    answer = post("tables", {"division": "B", "tables": "11-14"})
    assert answer.code == 200 and answer.body["message"] == "division B: its own tables are 11-14"
    refused = post("tables", {"division": "A", "tables": "9-12"})
    assert refused.code == 409 and refused.body["error"] == "table 11 is division B's own"
    assert post("tables", {"division": "A", "tables": "1-2 x"}).code == 200     # a name is a table
    assert post("tables", {"division": "A", "tables": ""}).body["message"] == (
        "division A: its tables are the venue's, shared")
    assert post("settings", {"division": "B", **SWISS}).code == 200
    made = post("propose", {"division": "B"})
    assert made.code == 200, made.body
    (stored,) = director.rows("proposals")
    games = [r["table_name"] for r in director.rows("proposed_games") if r["table_name"]]
    assert stored["division"] == "B" and games == ["11", "12", "13", "14"]
    typo = post("table", {"division": "B", "player": 1, "table": "1O"})
    assert typo.code == 409 and typo.body["error"] == (
        "table '1O' is not one of the event's tables (11-14)")
    assert [r["table_name"] for r in director.rows("proposed_games") if r["table_name"]] == games


def test_a_schema_10_file_gains_the_divisions_own_tables(tmp_path):
    import sqlite3
    path = tmp_path / "v10.sqlite"
    DirectorDB.open(path).close()
    raw = sqlite3.connect(path)
    raw.execute("DROP TABLE division_tables")
    raw.execute("PRAGMA user_version=10")
    raw.commit()
    raw.close()
    with DirectorDB.open(path) as db:
        assert db.db.execute("PRAGMA user_version").fetchone()[0] == 12
        with db.locked() as conn:
            assert conn["division_tables"].count == 0 and conn["division_tables"].pks == ["division"]
