"""Players who come and go (director/event/entries.py), on a real database with results as the
tables send them: a withdrawal after the next round was proposed draws it again without the
player, and the page says why; a late entry is paired with the rounds missed written as tsh
writes them; a player absent for one round misses that round only; a withdrawn player comes
back; a published round not started is repaired around a player who leaves or arrives; the
.t export reads back with tsh's off tag, as NASPA's real file holds it."""
import json

import pytest

from director.event import entries, next_round, published, roster
from director.event.db import DirectorDB
from director.event.roster import RosterError
from director.event.rounds import RoundError, assignment, end_round, start_round
from director.event.tournament import pairings, players, standings
from director.files import tsh
from director.files.exports import export_t
from director.files.imports import Upload, import_files
from director.tables.ingest import receive
from common.presets import load_preset
from common.replay import replay_lines
from common.wire.document import result_document
from tests.support.director_harness import KEY, TOURNAMENT, game_script, signed_bytes

RULES = load_preset("aspa")
NAMES = ["Ó Dálaigh, Siobhán", "Bob Baker", "Cat Cole", "Dan Dale", "Eve Ellis", "Fay Ford",
         "Gus Grant"]
PLAYERS = ("name,rating\n" + "".join(f"\"{n}\",{1800 - 100 * i}\n" for i, n in enumerate(NAMES))).encode()
SWISS = {"": {"system": "swiss", "king_of_the_hill": 0, "seeding": "rating", "rounds": 4}}
EVENT = next_round.Event(RULES, TOURNAMENT, SWISS)
WALL = 1e9


@pytest.fixture
def db(tmp_path):
    with DirectorDB.open(tmp_path / "event.sqlite") as opened:
        import_files(opened, [Upload("players.csv", PLAYERS)])
        yield opened


def games(db, round_number):
    return [p for p in pairings(db, "A") if p.round == round_number]


def result_doc(table, round_number, players, scores, preset):
    """A table's result of a game played under ``preset`` (the tournament's book)."""
    replayed = replay_lines(json.dumps(line) for line in game_script(round_number, players, scores, preset))
    return result_document(replayed.state, replayed.events, 80 * 10**9, tournament=TOURNAMENT,
                           table=table, game_id=f"t{table}-r{round_number}", revision=1)


def play(db, round_number, event=EVENT):
    """Every game of the round played at its table (the lower number wins by 40), results as
    the tables send them; the round ended."""
    start_round(db, round_number, WALL + round_number)
    roster = {p.number: p.name for p in players(db, "A")}
    for p in games(db, round_number):
        if p.players[1] == 0:
            continue
        reply = receive(db, p.table, "results", signed_bytes(result_doc(
            p.table, round_number, players=(roster[p.players[0]], roster[p.players[1]]),
            scores=(420, 380), preset=event.rules.name)), KEY.encode(), WALL + round_number + 60,
            rules=event.rules)
        assert reply.code == 200, reply.body
    end_round(db, round_number, WALL + round_number + 120)
    next_round.refresh(db, event, WALL + round_number + 120)


def paired(db, round_number):
    """Who plays the round: its games and its bye (not the rounds missed)."""
    rows, _ = published.rows_of(db, "A", round_number)
    return {n for row in rows for n in row[1:3] if n}


def name_of(db, number):
    return next(p.name for p in players(db, "A") if p.number == number)


def proposed_players(db):
    stored = next_round.proposal(db, "A")
    return {n for row in stored["pairings"] for n in row[1:3] if n}


def first_round(db, event=EVENT):
    next_round.propose(db, event, "A", WALL)
    next_round.publish(db, "A", event, WALL)
    play(db, 1, event)
    assert next_round.proposal(db, "A")["round"] == 2


def test_a_withdrawal_after_the_proposal_draws_it_again_without_the_player_and_says_why(db):
    first_round(db)
    assert 3 in proposed_players(db)
    done = entries.withdraw(db, EVENT, "A", "Cat Cole", now_wall=WALL + 500)
    assert done[0] == ("division A: Cat Cole (3) withdrawn from round 2: not paired again and "
                       "not ranked (tsh's off 0: each round missed is no game)")
    assert done[-1] == "division A: round 2 proposed (drawn again: Cat Cole (3) withdrawn)"
    stored = next_round.proposal(db, "A")
    assert 3 not in proposed_players(db) and stored["adjusted"] == ["drawn again: Cat Cole (3) withdrawn"]
    shown = next_round.state(db, EVENT, "A")
    assert shown["proposal"]["adjusted"] == ["drawn again: Cat Cole (3) withdrawn"]
    next_round.publish(db, "A", EVENT, WALL + 600)
    assert 3 not in paired(db, 2)
    rows = [p for p in games(db, 2) if 3 in p.players]
    assert [p.players for p in rows] == [(3, 0)]                # the round they miss, as tsh writes it
    table, _ = standings(db, RULES, TOURNAMENT, "A")
    cat = next(s for s in table if s.player.number == 3)
    assert cat.rank is None and cat.games == 1                  # not ranked; the missed round no game


def test_a_proposal_that_no_longer_pairs_who_plays_is_never_published(db):
    first_round(db)
    own = roster.tags_of(db, "A").get(5, [])
    roster.store_tags(db, "A", 5, roster.with_tag(own, roster.OFF, "0"))    # tsh's off, by a file
    with pytest.raises(RoundError, match=r"round 2's proposal no longer pairs who plays it .*"
                                         "drawn again; check it and publish it"):
        next_round.publish(db, "A", EVENT, WALL + 600)
    assert games(db, 2) == [] and next_round.proposal(db, "A")["adjusted"] == [
        "drawn again: Eve Ellis (5) withdrawn"]
    next_round.publish(db, "A", EVENT, WALL + 700)
    assert 5 not in paired(db, 2)


def test_a_late_entry_after_the_proposal_is_paired_with_the_rounds_missed_written_as_tsh_does(db):
    first_round(db)
    done = entries.late_entry(db, EVENT, "A", "Hana Ito", 1650, now_wall=WALL + 500)
    assert done[:2] == ["division A: Hana Ito (8) entered late",
                        "round 1 missed (no game), as tsh writes them"]
    assert "drawn again: Hana Ito (8) entered late" in done[-1]
    assert 8 in proposed_players(db) and len(proposed_players(db)) == 8
    next_round.publish(db, "A", EVENT, WALL + 600)
    assert 8 in paired(db, 2)
    line = export_t(db, RULES, TOURNAMENT, "A").decode(tsh.ENCODING).splitlines()[7]
    read = tsh.parse_t(export_t(db, RULES, TOURNAMENT, "A").decode(tsh.ENCODING), division="A")
    assert line.startswith("Hana Ito") and " 0 " in line.split(";")[0] and line.split(";")[1].split()[0] == "0"
    hana = [r for r in read.results if 8 in r.players]
    assert [(r.round, r.players, r.spread) for r in hana] == [(1, (8, 0), 0)]    # no game


def test_absp_3_1_4_a_late_entrys_missed_rounds_as_forfeit_losses_are_minus_75(db):
    event = next_round.Event(load_preset("absp"), TOURNAMENT, SWISS)
    first_round(db, event)
    entries.late_entry(db, event, "A", "Hana Ito", 1650, missed="forfeit", now_wall=WALL + 500)
    text = export_t(db, event.rules, TOURNAMENT, "A").decode(tsh.ENCODING)
    assert text.splitlines()[7].split(";")[1].split() == ["-75"]
    table, _ = standings(db, event.rules, TOURNAMENT, "A")
    hana = next(s for s in table if s.player.number == 8)
    assert (hana.wins, hana.losses, hana.spread) == (0, 1, -75)


def test_a_player_absent_for_the_next_round_only_misses_it_and_is_drawn_again_after(db):
    first_round(db)
    done = entries.absent(db, EVENT, "A", "2", now_wall=WALL + 500)
    assert done[0] == "division A: Bob Baker (2) absent from round 2 only (no game); paired again from round 3"
    assert next_round.proposal(db, "A")["adjusted"] == ["drawn again: Bob Baker (2) absent from round 2"]
    next_round.publish(db, "A", EVENT, WALL + 600)
    assert 2 not in paired(db, 2) and [p.players for p in games(db, 2) if 2 in p.players] == [(2, 0)]
    table, _ = standings(db, RULES, TOURNAMENT, "A")
    assert next(s for s in table if s.player.number == 2).rank is not None     # still ranked
    play(db, 2)
    assert 2 in proposed_players(db)                            # round 3 pairs them again
    assert entries.shown(db, "A") == {"withdrawn": [], "absent": []}


def test_a_withdrawn_player_comes_back_from_the_next_round(db):
    first_round(db)
    entries.withdraw(db, EVENT, "A", "4", missed="forfeit", now_wall=WALL + 500)
    assert entries.shown(db, "A")["withdrawn"] == [
        {"number": 4, "name": "Dan Dale", "missed": "a forfeit loss, -50"}]
    next_round.publish(db, "A", EVENT, WALL + 600)
    play(db, 2)
    done = entries.come_back(db, EVENT, "A", "Dan Dale", now_wall=WALL + 900)
    assert done[0] == "division A: Dan Dale (4) back from round 3: paired and ranked again"
    assert "drawn again: Dan Dale (4) is back" in done[-1]
    assert 4 in proposed_players(db)
    line = export_t(db, RULES, TOURNAMENT, "A").decode(tsh.ENCODING).splitlines()[3]
    assert line.split(";")[1].split()[1] == "-50" and "; off" not in line


def test_a_withdrawal_from_a_published_round_not_started_pairs_the_opponent_with_the_bye(db):
    first_round(db)
    next_round.publish(db, "A", EVENT, WALL + 600)               # seven players: a bye
    bye = next(p.players[0] for p in games(db, 2) if p.players[1] == 0)
    game = next(p for p in games(db, 2) if p.players[1] and bye not in p.players)
    leaving, staying = game.players
    done = entries.withdraw(db, EVENT, "A", str(leaving), now_wall=WALL + 700)
    assert done[1].endswith(f"plays {NAMES[bye - 1]} ({bye}), who had the bye, at table "
                            f"{game.table} in round 2")
    now = {p.table: set(p.players) for p in games(db, 2) if p.players[1]}
    assert now[game.table] == {staying, bye} and (leaving, 0) in [p.players for p in games(db, 2)]
    sent = assignment(db, game.table, TOURNAMENT)
    assert set(sent["players"]) == {NAMES[staying - 1], NAMES[bye - 1]}


def test_with_no_bye_the_opponent_of_a_withdrawn_player_has_it(db):
    entries.late_entry(db, EVENT, "A", "Hana Ito", 1650, now_wall=WALL)      # eight: no bye
    first_round(db)
    next_round.publish(db, "A", EVENT, WALL + 600)
    game = games(db, 2)[0]
    done = entries.absent(db, EVENT, "A", str(game.players[0]), now_wall=WALL + 700)
    assert done[1] == (f"{name_of(db, game.players[1])} ({game.players[1]}) has the bye in round 2 "
                       f"(table {game.table} is free)")
    assert (game.players[1], 0) in [p.players for p in games(db, 2)]


def test_a_late_entry_to_a_published_round_not_started_plays_its_bye(db):
    first_round(db)
    next_round.publish(db, "A", EVENT, WALL + 600)
    bye = next(p.players[0] for p in games(db, 2) if p.players[1] == 0)
    done = entries.late_entry(db, EVENT, "A", "Hana Ito", 1650, now_wall=WALL + 700)
    assert done[2].startswith(f"Hana Ito (8) plays {NAMES[bye - 1]} ({bye}), who had the bye, at table")
    game = next(p for p in games(db, 2) if 8 in p.players)
    assert set(game.players) == {8, bye} and game.table and game.first in (0, 1)
    assert assignment(db, game.table, TOURNAMENT)["round"] == 2


def test_a_round_under_way_is_not_withdrawn_from(db):
    first_round(db)
    next_round.publish(db, "A", EVENT, WALL + 600)
    start_round(db, 2, WALL + 700)
    with pytest.raises(RosterError, match="round 2 has started .*say it from round 3"):
        entries.withdraw(db, EVENT, "A", "1", from_round=2)
    with pytest.raises(RosterError, match="round 5 is not the next to be paired"):
        entries.withdraw(db, EVENT, "A", "1", from_round=5)
    done = entries.withdraw(db, EVENT, "A", "1")                # from round 3: round 2 stands
    assert "withdrawn from round 3" in done[0] and 1 in paired(db, 2)


def test_a_players_csv_again_keeps_the_tags_it_does_not_name_off_included(db):
    first_round(db)
    entries.withdraw(db, EVENT, "A", "3", now_wall=WALL + 500)
    clubs = ("name,club\n" + "".join(f"\"{n}\",C{i}\n" for i, n in reversed(list(enumerate(NAMES))))).encode()
    said = import_files(db, [Upload("clubs.csv", clubs)])
    assert said == ["clubs.csv: 7 players"]
    table, _ = standings(db, RULES, TOURNAMENT, "A")
    by = {s.player.number: s.player for s in table}
    assert by[3].withdrawn and by[3].club == "C2" and by[1].rating == 1800    # numbers, ratings kept
    assert [p.number for p in sorted(by.values(), key=lambda p: p.number)] == list(range(1, 8))
    text = export_t(db, RULES, TOURNAMENT, "A").decode(tsh.ENCODING)
    cat = text.splitlines()[2]
    assert cat.startswith("Cat Cole") and "; club C2" in cat and "; off 0" in cat and "; p12 " in cat
    next_round.refresh(db, EVENT, WALL + 800)
    assert 3 not in proposed_players(db)                        # still not drawn


def test_a_new_name_in_a_players_csv_after_round_one_is_a_late_entry(db):
    first_round(db)
    more = PLAYERS + b"\"Hana Ito\",1650\n"
    said = import_files(db, [Upload("players.csv", more)])
    assert said == ["players.csv: 8 players; late entries in division A: 8 Hana Ito (round 1 "
                    "missed: no game, as tsh writes them; python -m director back pairs one with a "
                    "published round's bye)"]
    next_round.refresh(db, EVENT, WALL + 800)
    assert 8 in proposed_players(db)
    assert [p.players for p in games(db, 1) if 8 in p.players] == [(8, 0)]


def test_the_t_export_of_a_withdrawal_reads_back_as_tshs_off_does(db):
    first_round(db)
    entries.withdraw(db, EVENT, "A", "7", missed="forfeit", now_wall=WALL + 500)
    next_round.publish(db, "A", EVENT, WALL + 600)
    play(db, 2)
    text = export_t(db, RULES, TOURNAMENT, "A").decode(tsh.ENCODING)
    gus = text.splitlines()[6]
    head, scores, *tags = gus.split(";")
    assert head.split()[-1] == "0" and scores.split()[-1] == "-50" and " off -50" in tags
    read = tsh.parse_t(text, division="A")
    assert read.players[6].withdrawn and dict(read.extras[7])["off"] == "-50"
    assert import_files(db, [Upload("A.t", text.encode(tsh.ENCODING))], division="A")
    assert export_t(db, RULES, TOURNAMENT, "A").decode(tsh.ENCODING) == text


def test_an_absence_mark_survives_a_t_file_imported_again(db):
    first_round(db)
    entries.absent(db, EVENT, "A", "6", now_wall=WALL + 500)
    text = export_t(db, RULES, TOURNAMENT, "A")
    assert b"absent" not in text                                # the director's own, not tsh's
    import_files(db, [Upload("A.t", text)], division="A")
    assert entries.shown(db, "A")["absent"] == [
        {"number": 6, "name": "Fay Ford", "round": 2, "missed": "no game"}]


def test_a_published_round_not_started_is_taken_back_as_it_was_published(db):
    first_round(db)
    stored = next_round.proposal(db, "A")
    next_round.publish(db, "A", EVENT, WALL + 600)
    assert published.shown(db, "A")["round"] == 2
    words = published.take_back(db, EVENT, "A", 2, WALL + 700)
    assert words.startswith("division A: round 2 taken back from the tables: it is the proposal again")
    back = next_round.proposal(db, "A")
    assert back["pairings"] == stored["pairings"] and games(db, 2) == []
    assert back["adjusted"] == ["taken back from the tables after it was published"]
    next_round.refresh(db, EVENT, WALL + 800)
    assert next_round.proposal(db, "A")["pairings"] == stored["pairings"]     # not drawn again
    next_round.publish(db, "A", EVENT, WALL + 900)
    start_round(db, 2, WALL + 1000)
    with pytest.raises(RoundError, match="round 2 has started: its pairings stand"):
        published.take_back(db, EVENT, "A", 2, WALL + 1100)


def test_one_game_of_a_published_round_repaired_tells_only_its_tables(db):
    first_round(db)
    next_round.publish(db, "A", EVENT, WALL + 600)
    one, two = [p for p in games(db, 2) if p.players[1]][:2]
    words = published.swap(db, "A", one.players[0], two.players[0], 2)
    assert words == (f"division A: players {one.players[0]} and {two.players[0]} swapped in round 2 "
                     f"as published: tables {one.table} and {two.table} have their new games")
    now = {p.table: set(p.players) for p in games(db, 2)}
    assert now[one.table] == {two.players[0], one.players[1]}
    sent = assignment(db, one.table, TOURNAMENT)
    assert set(sent["players"]) == {NAMES[two.players[0] - 1], NAMES[one.players[1] - 1]}


def test_a_withdrawn_players_line_is_kept_whole_for_tsh(db):
    """Every round after the withdrawal is on the line (a .t line cannot skip a round)."""
    first_round(db)
    entries.withdraw(db, EVENT, "A", "5", now_wall=WALL + 500)
    for r in (2, 3):
        next_round.publish(db, "A", EVENT, WALL + 100 * r)
        play(db, r)
    line = export_t(db, RULES, TOURNAMENT, "A").decode(tsh.ENCODING).splitlines()[4]
    head, scores, *tags = line.split(";")
    assert head.split()[-2:] == ["0", "0"] and scores.split()[1:] == ["0", "0"]
