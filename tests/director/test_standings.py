"""Standings: wins (ties half), losses, spread with the preset's caps, byes; ranks shared on ties."""
import csv
import io
from html.parser import HTMLParser

import pytest

from director.event.model import GameResult, ModelError, Player, bye, forfeit
from director.event.standings import (CSV_COLUMNS, as_counted, compute_standings, render_standings_html,
                                csv_cell, standings_csv)
from common.presets import load_preset

PLAYERS = [Player(1, "Ann", 1800), Player(2, "Bob", 1700), Player(3, "Cat", 1900),
           Player(4, "Dan", 1500), Player(5, "Eve", 1600)]
RESULTS = [
    # round 1: Ann beats Bob by 150 (a game imported from a file, not capped yet); Cat and Dan
    # tie 400-400; Eve has a bye of +50 (the school preset's result.forfeit_spread)
    GameResult(1, "1", (1, 2), (450, 300), first=0),
    GameResult(1, "2", (3, 4), (400, 400), first=1),
    bye(1, 5, 50),
    # round 2: Cat beats Ann by 40; Bob beats Eve by 10; Dan has a bye
    GameResult(2, "1", (1, 3), (380, 420), first=1),
    GameResult(2, "2", (2, 5), (350, 340), first=0),
    bye(2, 4, 50),
]
SCHOOL_CAPS = load_preset("school")     # result.spread_caps: 100, 150, then 250


def table(standings):
    return [(s.rank, s.player.name, s.wins, s.losses, s.spread, s.games) for s in standings]


def test_wins_ties_half_then_spread_with_the_round_caps():
    # round 1's cap is 100, so Ann's +150 counts +100 and Bob's -150 counts -100.
    # Ann: W (+100), L (-40)          -> 1 - 1,     +60
    # Bob: L (-100), W (+10)          -> 1 - 1,     -90
    # Cat: T (0), W (+40)             -> 1.5 - 0.5, +40
    # Dan: T (0), bye (+50)           -> 1.5 - 0.5, +50
    # Eve: bye (+50), L (-10)         -> 1 - 1,     +40
    # Dan and Cat lead on 1.5 (Dan's spread is higher); then Ann +60, Eve +40, Bob -90.
    assert table(compute_standings(PLAYERS, RESULTS, SCHOOL_CAPS)) == [
        (1, "Dan", 1.5, 0.5, 50, 2),
        (2, "Cat", 1.5, 0.5, 40, 2),
        (3, "Ann", 1.0, 1.0, 60, 2),
        (4, "Eve", 1.0, 1.0, 40, 2),
        (5, "Bob", 1.0, 1.0, -90, 2),
    ]


def test_without_caps_the_full_spread_counts():
    # Ann: +150 - 40 = +110; Bob: -150 + 10 = -140; the rest as with caps.
    rows = {name: spread for _, name, _, _, spread, _ in table(compute_standings(PLAYERS, RESULTS))}
    assert rows == {"Ann": 110, "Bob": -140, "Cat": 40, "Dan": 50, "Eve": 40}


def test_a_game_over_its_rounds_cap_counts_with_the_winners_score_lowered_to_it():
    """School 24: "in Round 2, an actual score of 400-225 will be recorded as 375-225"; the cap is
    the core's Rules.spread_cap (round 1, 2, then the last for every later round)."""
    assert as_counted(GameResult(2, "1", (1, 2), (400, 225)), SCHOOL_CAPS).scores == (375, 225)
    assert as_counted(GameResult(2, "1", (1, 2), (225, 400)), SCHOOL_CAPS).scores == (225, 375)
    assert as_counted(GameResult(9, "1", (1, 2), (100, 400)), SCHOOL_CAPS).scores == (100, 350)
    within = GameResult(1, "1", (1, 2), (400, 300))
    assert as_counted(within, SCHOOL_CAPS) is within and as_counted(within, None) is within
    assert as_counted(bye(1, 5, 150), SCHOOL_CAPS).scores == (100, 0)          # a bye alike
    assert as_counted(forfeit(1, "1", 1, 2, 300), SCHOOL_CAPS).winner == 0
    assert as_counted(GameResult(1, "1", (1, 2), (400, 400)), SCHOOL_CAPS).winner is None
    assert as_counted(GameResult(1, "1", (1, 2), (900, 0)), load_preset("aspa")).scores == (900, 0)


def test_equal_records_share_a_rank_and_the_higher_rating_is_listed_first():
    players = [Player(1, "Ann", 1500), Player(2, "Bob", 1700), Player(3, "Cat", 1600),
               Player(4, "Dan", 1600)]
    # Ann beats Cat by 30 and Bob beats Dan by 30: Ann and Bob 1-0 +30, Cat and Dan 0-1 -30.
    results = [GameResult(1, "1", (1, 3), (400, 370)), GameResult(1, "2", (4, 2), (350, 380))]
    # Bob (1700) before Ann (1500) at rank 1; Cat and Dan both 1600: by name, Cat then Dan, rank 3.
    assert [(s.rank, s.player.name) for s in compute_standings(players, results)] == [
        (1, "Bob"), (1, "Ann"), (3, "Cat"), (3, "Dan")]


def test_fewer_losses_rank_higher_while_a_round_is_incomplete():
    players = [Player(1, "Ann"), Player(2, "Bob"), Player(3, "Cat"), Player(4, "Dan")]
    # round 1: Ann beats Bob by 10, Cat beats Dan by 200; round 2 so far: Cat loses to Dan by 5.
    # Ann 1-0 +10, Cat 1-1 +195: Ann first although Cat's spread is higher.
    results = [GameResult(1, "1", (1, 2), (310, 300)), GameResult(1, "2", (3, 4), (500, 300)),
               GameResult(2, "2", (3, 4), (300, 305))]
    assert [(s.player.name, s.wins, s.losses, s.spread) for s in compute_standings(players, results)] == [
        ("Ann", 1, 0, 10), ("Cat", 1, 1, 195), ("Dan", 1, 1, -195), ("Bob", 0, 1, -10)]


def test_a_forfeit_gives_the_winner_the_win_and_its_margin_and_a_negative_bye_is_a_loss():
    players = [Player(1, "Ann"), Player(2, "Bob"), Player(3, "Cat")]
    # Bob forfeits to Ann (ABSP margin 75): Ann +75 win, Bob -75 loss; Cat absent, -75 forfeit loss.
    results = [forfeit(1, "4", 1, 2, 75), bye(1, 3, -75)]
    assert [(s.player.name, s.wins, s.losses, s.spread) for s in compute_standings(players, results)] == [
        ("Ann", 1, 0, 75), ("Bob", 0, 1, -75), ("Cat", 0, 1, -75)]


def test_results_for_unknown_players_or_twice_in_a_round_are_refused():
    with pytest.raises(ModelError, match="player 9 is not one of the players"):
        compute_standings(PLAYERS, [GameResult(1, "1", (1, 9), (300, 200))])
    with pytest.raises(ModelError, match=r"round 1: player 1 \(Ann\) has two results"):
        compute_standings(PLAYERS, [GameResult(1, "1", (1, 2), (300, 200)), bye(1, 1, 50)])


class Cells(HTMLParser):
    def __init__(self):
        super().__init__()
        self.rows, self._in_cell = [], False

    def handle_starttag(self, tag, attrs):
        if tag == "tr":
            self.rows.append([])
        self._in_cell = tag in ("td", "th")

    def handle_endtag(self, tag):
        self._in_cell = False

    def handle_data(self, data):
        if self._in_cell:
            self.rows[-1].append(data)


def test_the_html_table_shows_every_row_and_escapes_names():
    players = PLAYERS[:4] + [Player(5, "<b>Eve & Co</b>", 1600)]
    standings = compute_standings(players, RESULTS, SCHOOL_CAPS)
    fragment = render_standings_html(standings)
    assert "<b>Eve" not in fragment and "&lt;b&gt;Eve &amp; Co&lt;/b&gt;" in fragment
    parser = Cells()
    parser.feed(fragment)
    assert parser.rows[0] == ["Rank", "Number", "Name", "Rating", "Wins", "Losses", "Spread", "Games"]
    assert parser.rows[1] == ["1", "4", "Dan", "1500", "1.5", "0.5", "+50", "2"]
    assert parser.rows[4] == ["4", "5", "<b>Eve & Co</b>", "1600", "1", "1", "+40", "2"]
    assert parser.rows[5] == ["5", "2", "Bob", "1700", "1", "1", "-90", "2"]


def test_the_csv_reads_back_as_the_standings():
    text = standings_csv(compute_standings(PLAYERS, RESULTS, SCHOOL_CAPS))
    rows = list(csv.reader(io.StringIO(text)))
    assert tuple(rows[0]) == CSV_COLUMNS
    assert rows[0][0] == "division"
    assert rows[1:] == [["", "1", "4", "Dan", "1500", "1.5", "0.5", "+50", "2"],
                        ["", "2", "3", "Cat", "1900", "1.5", "0.5", "+40", "2"],
                        ["", "3", "1", "Ann", "1800", "1", "1", "+60", "2"],
                        ["", "4", "5", "Eve", "1600", "1", "1", "+40", "2"],
                        ["", "5", "2", "Bob", "1700", "1", "1", "-90", "2"]]


def test_a_round_against_no_one_scoring_0_is_no_game_at_all():
    """tsh writes a late entry's or a withdrawn player's missed round as opponent 0, score 0; it
    counts a result only when there is an opponent or a spread: no win, no loss, no tie."""
    players = [Player(1, "Ann", 1500), Player(2, "Bob", 1500), Player(3, "Late", 2000)]
    results = [GameResult(r, "1", (1, 2), (400, 300)) for r in range(1, 10)]
    results += [bye(r, 3, 0) for r in range(1, 10)]          # never played: nine 0-0 rounds
    late = next(s for s in compute_standings(players, results) if s.player.name == "Late")
    assert (late.wins, late.losses, late.spread, late.games) == (0, 0, 0, 0)     # not 4.5-4.5
    assert [s.player.name for s in compute_standings(players, results)] == ["Ann", "Late", "Bob"]
    assert bye(1, 3, 0).no_game and not bye(1, 3, 50).no_game and not bye(1, 3, -50).no_game
    assert not GameResult(1, "1", (1, 2), (0, 0)).no_game          # a 0-0 game is a tie


def test_the_books_order_ranks_on_spread_where_tsh_ranks_on_losses():
    players = [Player(1, "Ann", 1500), Player(2, "Bob", 1500), Player(3, "Cat", 1500)]
    # Ann 1-0 +10 (one game: missed round 2), Bob 1-1 +90, Cat 1-1 -100
    results = [GameResult(1, "1", (1, 3), (310, 300)), bye(1, 2, 0),
               bye(2, 1, 0), GameResult(2, "1", (2, 3), (400, 210)),
               GameResult(3, "1", (3, 2), (400, 300))]
    names = lambda s: [(x.rank, x.player.name) for x in s]
    assert names(compute_standings(players, results)) == [(1, "Ann"), (2, "Bob"), (3, "Cat")]
    assert names(compute_standings(players, results, order="wins_spread")) == [
        (1, "Bob"), (2, "Ann"), (3, "Cat")]
    with pytest.raises(ModelError, match="order 'points'"):
        compute_standings(players, results, order="points")


def test_before_any_game_the_players_rank_by_rating_equal_ratings_sharing_a_rank():
    players = [Player(1, "Ann", 1500), Player(2, "Bob", 1700), Player(3, "Cat", 1500)]
    assert [(s.rank, s.player.name) for s in compute_standings(players, [bye(1, 1, 0)])] == [
        (1, "Bob"), (2, "Ann"), (2, "Cat")]


def test_a_withdrawn_player_is_listed_last_without_a_rank():
    players = [Player(1, "Ann", 1500), Player(2, "Bob", 1500, withdrawn=True), Player(3, "Cat")]
    results = [GameResult(1, "1", (2, 3), (500, 300)), bye(1, 1, 50)]
    standings = compute_standings(players, results)
    assert [(s.rank, s.player.name) for s in standings] == [(1, "Ann"), (2, "Cat"), (None, "Bob")]
    assert standings_csv(standings).splitlines()[-1] == ",,2,Bob,1500,1,0,+200,1"


def test_csv_cells_a_spreadsheet_would_run_are_escaped_and_numbers_stay_numbers():
    evil = ["=HYPERLINK(\"http://x\",\"y\")", "@SUM(A1:A2)", "+cmd|' /C calc'!A0", "-2+3",
            "\tTab", "\rCR"]
    players = [Player(i, name, 1500, division="=A1") for i, name in enumerate(evil, 1)]
    rows = list(csv.reader(io.StringIO(standings_csv(compute_standings(
        players, [GameResult(1, "1", (1, 2), (400, 380))])))))
    assert sorted(r[3] for r in rows[1:]) == sorted("'" + name for name in evil)
    assert {r[0] for r in rows[1:]} == {"'=A1"}
    assert {r[7] for r in rows[1:]} == {"+20", "-20", "0"}         # spreads are numbers still
    assert [csv_cell(v) for v in ("-", "+", "--", "-x")] == ["-", "+", "'--", "'-x"]   # no game: a dash
