"""The prize table (issue 37 item 1) from real events: the NASPA 2023 division A as tsh wrote it
(26 players, 23 rounds, classes A and B), its 109-player division B, the Woogles archive's two
divisions, and a division played at real tables (each game's turns in its signed document,
words noted at the table). Every prize checked against the games themselves, read straight
from the files' lines (``t_games``) or the documents: places, classes, bands, high win, loss,
game and combined, the biggest upset, lucky stiff and high word; ties shown as ties; one prize
each, or several when the config says so; what decided each said."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from common.presets import load_preset
from director.event import prizes
from director.event.correct import Ask, correct
from director.event.db import DirectorDB
from director.event.model import GameResult, Player
from director.event.prizes import PrizeEvent, PrizeInput, PrizeSettings, prize_table
from director.event.standings import compute_standings
from director.files.imports import Upload, import_files
from tests.support.director_harness import TOURNAMENT
from tests.support.played_event import best_turns, play_division

RULES = load_preset("aspa")
A = "naspa-2023-division-a"
B = "naspa-2023-division-b"


def t_games(path: Path) -> tuple[dict[int, tuple[str, int, str]], list[tuple]]:
    """A .t file's players (number -> name, rating, class) and games (round, a, b, score a,
    score b), read from its lines as tsh writes them, without the director's reader."""
    people, rows = {}, {}
    for number, line in enumerate(path.read_text("iso-8859-1").splitlines(), 1):
        head, scores, *tags = line.split(";")
        match = re.match(r"(.*?)\s+(\d+)((?:\s+\d+)*)\s*$", head)
        tags = dict(t.strip().split(" ", 1) for t in tags if t.strip())
        people[number] = (match[1].strip(), int(match[2]), tags.get("class", ""))
        rows[number] = ([int(x) for x in match[3].split()], [int(x) for x in scores.split()])
    games = []
    for a, (opponents, scores) in rows.items():
        for r, (b, score) in enumerate(zip(opponents, scores), 1):
            if b and a < b:
                games.append((r, a, b, score, rows[b][1][r - 1]))
    return people, games


def event(prize_keys: dict | None = None, **divisions) -> PrizeEvent:
    return PrizeEvent(RULES, TOURNAMENT, {"": prize_keys or {}, **divisions})


@pytest.fixture
def naspa(shared, tmp_path):
    with DirectorDB.open(tmp_path / "naspa.sqlite") as db:
        import_files(db, [Upload(f"{A}.t", (shared.tsh / f"{A}.t").read_bytes()),
                          Upload(f"{B}.t", (shared.tsh / f"{B}.t").read_bytes())])
        yield db


def by_prize(table) -> dict[str, prizes.Award]:
    return {award.prize: award for award in table.awards}


def names(award) -> list[str]:
    return [w.player.name for w in award.winners]


def test_the_real_divisions_high_games_upset_and_lucky_stiff_are_the_files_own(naspa, shared):
    people, games = t_games(shared.tsh / f"{A}.t")
    table = prizes.load(naspa, event({"lucky_stiff": 3, "one_each": False}), A)
    got = by_prize(table)
    sides = [(s, p, o, r) for r, a, b, sa, sb in games for s, p, o in ((sa, a, sb), (sb, b, sa))]
    won = max(s for s, p, o, r in sides if s > o)
    lost = max(s for s, p, o, r in sides if s < o)
    assert (got["High win"].value, names(got["High win"])) == (
        str(won), [people[p][0] for s, p, o, r in sides if s == won and s > o])
    assert got["High win"].value == "666" and names(got["High win"]) == ["Panitch, Max"]
    assert "round 17" in got["High win"].winners[0].detail and "Popadynec, Andre" in got["High win"].winners[0].detail
    assert got["High loss"].value == str(lost)
    assert names(got["High loss"]) == sorted({people[p][0] for s, p, o, r in sides if s == lost and s < o})
    assert got["High game"].value == str(max(s for s, *_ in sides))
    combined = max(sa + sb for *_, sa, sb in games)
    assert got["High combined"].value == str(combined)
    pair = next((a, b) for r, a, b, sa, sb in games if sa + sb == combined)
    assert names(got["High combined"]) == [people[n][0] for n in pair]
    upsets = [(people[l][1] - people[w][1], w) for r, a, b, sa, sb in games if sa != sb
              for w, l in [((a, b) if sa > sb else (b, a))] if people[w][1] and people[l][1] > people[w][1]]
    assert got["Biggest upset"].value == str(max(upsets)[0]) == "618"
    assert names(got["Biggest upset"]) == ["Kirsch, Richard"]
    losses: dict[int, list[int]] = {}
    for r, a, b, sa, sb in games:
        if sa != sb:
            losses.setdefault(a if sa < sb else b, []).append(abs(sa - sb))
    sums = {p: sum(sorted(m)[:3]) for p, m in losses.items() if len(m) >= 3}
    assert got["Lucky stiff"].value == str(min(sums.values()))
    assert names(got["Lucky stiff"]) == [people[p][0] for p, v in sums.items() if v == min(sums.values())]
    assert got["High word"].winners == () and "results from files have none" in got["High word"].decided


def test_places_classes_and_bands_follow_the_standings_one_prize_each(naspa, shared):
    people, _ = t_games(shared.tsh / f"{A}.t")
    table = prizes.load(naspa, event({"class_places": 2, "bands": ["1800+", "0-1499"],
                                      "band_places": 1}), A)
    got = by_prize(table)
    from director.event import counted
    standing = [s for s in counted.load(naspa, RULES, TOURNAMENT, A).standings if s.rank]
    top = [s.player.name for s in standing]
    assert [names(got[f"{p} place"]) for p in ("1st", "2nd", "3rd")] == [[n] for n in top[:3]]
    assert got["1st place"].value == "17-6 +736" and "on wins (17 to 16)" in got["1st place"].decided
    assert "on spread (+1028 to +296)" in got["2nd place"].decided
    taken = set(top[:3])
    for name in ("A", "B"):
        members = [n for n in top if people[next(k for k, v in people.items() if v[0] == n)][2] == name]
        eligible = [n for n in members if n not in taken]
        assert names(got[f"Class {name} 1st place"]) == eligible[:1]
        assert names(got[f"Class {name} 2nd place"]) == eligible[1:2]
        taken |= set(eligible[:2])
        skipped = [n for n in members[:members.index(eligible[0])]]
        for n in skipped:
            assert f"{n} (" in got[f"Class {name} 1st place"].decided
        if skipped:
            assert got[f"Class {name} 1st place"].decided.endswith("one prize each")
    rating = {v[0]: v[1] for v in people.values()}
    low = [n for n in top if rating[n] <= 1499 and n not in taken]
    assert names(got["Rating 0-1499 1st place"]) == low[:1]
    winners = [n for a in table.awards if a.kind != "high_combined" for n in names(a)]
    assert len(winners) == len(set(winners))                    # one prize each


def test_several_prizes_a_player_when_the_config_says_so(naspa):
    one = by_prize(prizes.load(naspa, event(), A))
    several = by_prize(prizes.load(naspa, event({"one_each": False}), A))
    assert names(one["High game"]) != names(several["High game"]) == names(several["High win"])
    assert "took High win: one prize each" in one["High game"].decided
    assert "one prize each" not in several["High game"].decided


def test_division_b_of_109_players_and_a_division_of_its_own_settings(naspa, shared):
    people, games = t_games(shared.tsh / f"{B}.t")
    table = prizes.load(naspa, event({"places": 10}, **{B: {"places": 5, "high_word": False,
                                                               "one_each": False}}), B)
    places = [a for a in table.awards if a.kind == "place"]
    assert sum(len(a.winners) for a in places) >= 5 and places[0].prize == "1st place"
    assert table.settings.keys["places"] == f"prizes.{B}.places"
    assert "High word" not in by_prize(table)
    assert by_prize(table)["High game"].value == str(max(max(sa, sb) for *_, sa, sb in games))


def test_the_woogles_archive_two_divisions_each_its_own_table(shared, tmp_path):
    with DirectorDB.open(tmp_path / "woogles.sqlite") as db:
        import_files(db, [Upload("woogles-export-archive.tsh",
                                 (shared.tsh / "woogles-export-archive.tsh").read_bytes())])
        made = prizes.load_all(db, event({"one_each": False}))
        assert [t.division for t in made] == ["CSW", "NWL"]
        csw = by_prize(made[0])
        assert names(csw["1st place"]) == ["jellomochas"] and csw["High game"].value == "561"
        assert all(t.done == 4 and not t.final for t in made)      # tsh's draw: its last round unknown


def test_ties_are_shared_and_say_so():
    people = [Player(n, name, rating) for n, name, rating in
              ((1, "Ann Able", 1500), (2, "Bob Baker", 1600), (3, "Cat Cole", 1700), (4, "Dan Drake", 1800))]
    results = [GameResult(1, "1", (1, 2), (400, 350)), GameResult(1, "2", (3, 4), (400, 350)),
               GameResult(2, "1", (1, 3), (380, 380)), GameResult(2, "2", (2, 4), (390, 380))]
    standings = compute_standings(people, results, RULES)
    given = PrizeInput("A", people, standings, results, {})
    got = by_prize_list(prize_table(given, PrizeSettings(places=3, upset=False)))
    shared = got["1st and 2nd place"]                  # Ann and Cat: 1.5-0.5 +50 each
    assert names(shared) == ["Cat Cole", "Ann Able"] and shared.tied and shared.value == "1.5-0.5 +50"
    assert shared.decided == ("tied on wins, losses and spread: the prize is shared; ahead of "
                              "Bob Baker on wins (1.5 to 1)")
    assert names(got["3rd place"]) == ["Bob Baker"]
    assert got["High win"].winners == () and "took an earlier prize" in got["High win"].decided
    assert names(got["High loss"]) == ["Dan Drake"] and got["High loss"].value == "380"
    several = by_prize_list(prize_table(given, PrizeSettings(places=3, one_each=False)))
    for prize in ("High win", "High game"):
        assert names(several[prize]) == ["Ann Able", "Cat Cole"] and several[prize].value == "400"
        assert several[prize].tied and "tied at 400: the prize is shared" in several[prize].decided
    assert names(several["Biggest upset"]) == ["Bob Baker"] and several["Biggest upset"].value == "200"


def by_prize_list(awards) -> dict[str, prizes.Award]:
    return {a.prize: a for a in awards}


def test_a_tie_over_the_last_place_shares_it():
    people = [Player(n, f"P{n}", 1500) for n in range(1, 5)]
    results = [GameResult(1, "1", (1, 2), (400, 300)), GameResult(1, "2", (3, 4), (400, 300))]
    got = by_prize_list(prize_table(PrizeInput("A", people, compute_standings(people, results, RULES),
                                               results, {}), PrizeSettings(places=1)))
    assert names(got["1st place"]) == ["P1", "P3"] and got["1st place"].tied
    assert "the prize is shared" in got["1st place"].decided


def test_high_word_is_the_highest_turn_a_table_recorded_with_its_word_when_noted(tmp_path):
    with DirectorDB.open(tmp_path / "played.sqlite") as db:
        played = play_division(db, count=8, rounds=3)
        names_of = {p.number: p.name for p in played.players}
        turns = [(score, r, t, side) for (r, t), d in played.documents.items()
                 for side, score in best_turns(d).items()]
        best = max(turns)[0]
        top = [(r, t, side) for score, r, t, side in turns if score == best]
        plain = by_prize(prizes.load(db, event({"one_each": False})))["High word"]
        assert plain.value == str(best)
        pairing = {(p.round, p.table): p.players for p in played.pairings}
        assert sorted(names(plain)) == sorted({names_of[pairing[(r, t)][side]] for r, t, side in top})
        assert all("no word noted: round " in w.detail for w in plain.winners)
    r, t, side = top[0]
    with DirectorDB.open(tmp_path / "words.sqlite") as db:
        noted = play_division(db, count=8, rounds=3, words={(r, t): {side: "QUARTZ"}})
        award = by_prize(prizes.load(db, event({"one_each": False})))["High word"]
        winner = next(w for w in award.winners if w.player.name == names_of[pairing[(r, t)][side]])
        assert award.value == str(best) and winner.detail == (
            f"QUARTZ: round {r} table {t}, against {names_of[pairing[(r, t)][1 - side]]}")
        assert {k: v for k, v in noted.documents[(r, t)]["result"]["turns"][0].items() if k != "word"} \
            == played.documents[(r, t)]["result"]["turns"][0]
        # the director voids that game: its turns no longer count
        correct(db, RULES, TOURNAMENT, Ask(r, "void", "to be replayed", division="A", table=t),
                now_wall=1.0, source="test")
        after = by_prize(prizes.load(db, event({"one_each": False})))["High word"]
        others = max(score for score, *where in turns if tuple(where[:2]) != (r, t))
        assert after.value == str(others)
        assert all(f"round {r} table {t}," not in w.detail for w in after.winners)


def test_byes_and_forfeits_are_no_game_for_any_prize():
    people = [Player(n, f"P{n}", 1500 + n) for n in range(1, 4)]
    results = [GameResult(1, "", (1, 0), (100, 0), kind="bye", winner=0),
               GameResult(1, "2", (2, 3), (100, 0), kind="forfeit", winner=0),
               GameResult(2, "1", (1, 2), (350, 340))]
    got = by_prize_list(prize_table(PrizeInput("A", people, compute_standings(people, results, RULES),
                                               results, {}), PrizeSettings(places=0, one_each=False,
                                                                           lucky_stiff=1)))
    assert got["High win"].value == "350" and got["High loss"].value == "340"
    assert got["High combined"].value == "690" and names(got["Lucky stiff"]) == ["P2"]
    assert got["Biggest upset"].value == "1"            # P1 (1501) beat P2 (1502): not the bye
