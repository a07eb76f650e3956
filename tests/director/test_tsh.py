"""tsh .t files: real files read and written back field by field; exports of our own results."""
import re
from dataclasses import replace

import pytest

from director.event.model import GameResult, Pairing, Player, bye, forfeit
from director.event.standings import compute_standings
from director.files.tsh import TshError, format_t, parse_t, read_t, write_t
from director.files.tsh_config import parse_config

REAL = ["naspa-2023-division-a.t", "naspa-2023-division-b.t"]     # in ../shared/formats/tsh


def fields(text):
    """A .t file as the test reads it, independently of director.files.tsh: per line the name, the
    rating, the opponents, the scores and every tag with its values."""
    out = []
    for line in text.splitlines():
        head, scores, *groups = line.split(";")
        name, rating, opponents = re.match(r"^(.*?\S)\s+(\d+)((?:\s+\d+)*)\s*$", head).groups()
        tags = {g.split()[0]: g.split()[1:] for g in groups if g.strip()}
        out.append({"name": name, "rating": rating, "opponents": opponents.split(),
                    "scores": scores.split(), "tags": tags})
    return out


def test_the_real_files_are_there(shared):
    assert sorted(p.name for p in shared.tsh.glob("*.t")) == REAL


@pytest.mark.parametrize("name", REAL)
def test_a_real_file_written_back_has_every_field_of_every_line(shared, name, tmp_path):
    path = shared.tsh / name
    division = read_t(path)
    out = tmp_path / path.name
    write_t(out, division.players, division.pairings, division.results, extras=division.extras,
            layout=division.layout)
    original = fields(path.read_text(encoding="iso-8859-1"))
    written = fields(out.read_text(encoding="iso-8859-1"))
    assert len(written) == len(original)
    for before, after in zip(original, written):
        assert after == before        # name, rating, opponents, scores, p12, board, off, ...
    assert read_t(out) == division


@pytest.mark.parametrize("name", REAL)
def test_a_real_file_comes_back_byte_for_byte(shared, name):
    # division a was written by a tsh whose ratings end at column 28, division b's at 27
    path = shared.tsh / name
    division = read_t(path)
    assert division.layout == {"naspa-2023-division-a.t": 28, "naspa-2023-division-b.t": 27}[name]
    assert format_t(division.players, division.pairings, division.results, extras=division.extras,
                    layout=division.layout) == path.read_text(encoding="iso-8859-1")


def test_p12_as_written_comes_back_and_later_rounds_are_written_from_the_games():
    # round 1: both say they went first (1 and 1); round 2: tsh's 3; round 3 unscored, no p12 yet
    text = ("Ann Able               1500 2 2 2; 400 380; p12 1 3\n"
            "Bob Baker              1400 1 1 1; 350 390; p12 1 3\n")
    division = parse_t(text, division="A")
    assert division.results[0].first == 0                    # the lower number's word counts
    again = format_t(division.players, division.pairings, division.results, extras=division.extras,
                     layout=division.layout)
    assert again == text                                     # kept, not repaired, not 0
    # round 3 played since, Bob first: written from the game after the kept values
    later = [*division.results, GameResult(3, "", (1, 2), (410, 300), first=1)]
    lines = format_t(division.players, division.pairings, later, extras=division.extras,
                     layout=division.layout).splitlines()
    assert lines[0].endswith("; 400 380 410; p12 1 3 2") and lines[1].endswith("; p12 1 3 1")


def test_a_game_a_bye_and_a_forfeit_are_read_as_the_file_says(shared):
    b = read_t(shared.tsh / "naspa-2023-division-b.t")
    assert b.players[0] == Player(1, "Edley, Joe", 2007, "naspa-2023-division-b")
    # line 1 round 1: Edley (1) v Scott (87, line 87), 363 to 342 (line 87's first score);
    # Edley's p12 is 2, so Scott (the result's side 1) went first; board 1.
    assert b.results[0] == GameResult(1, "1", (1, 87), (363, 342), first=1)
    # line 10, Lerman: round 2 opponent 0, score 50, p12 0, board 0 (no table): a bye of +50
    assert GameResult(2, "", (10, 0), (50, 0), None, "bye") in b.results
    a = read_t(shared.tsh / "naspa-2023-division-a.t")
    keras = a.players[15]
    assert (keras.number, keras.name) == (16, "Keras, Lydia")
    # Keras withdrew ("off -50"): rounds 20 to 23 against 0 with -50; p12 for round 20 is 1
    # (she is side 0, so first=0); her board list ends at round 21 (board 13 in round 20), but a
    # forfeit takes no table: the list is kept as it was written, verbatim
    r20 = [r for r in a.results if r.round == 20 and 16 in r.players]
    assert r20 == [GameResult(20, "", (16, 0), (0, 50), 0, "forfeit")]
    assert r20[0].winner == 1 and r20[0].spread == -50
    assert ("off", "-50") in a.extras[16]
    assert dict(a.extras[16])["board"].split()[19:] == ["13", "12"]


def test_two_byes_of_a_round_take_no_table_though_tsh_gave_both_board_13(shared):
    a = read_t(shared.tsh / "naspa-2023-division-a.t")
    byes = [p for p in a.pairings if p.round == 20 and p.players[1] == 0]
    assert [(p.players[0], p.table) for p in byes] == [(16, ""), (26, "")]       # Keras, Sealy
    tables = [(p.round, p.table) for p in a.pairings if p.table]
    assert len(tables) == len(set(tables))              # every game of a round at its own table


def went_off(division, tags):
    """Each withdrawn player's (tsh's ``off``) first round of the run of forfeits that ends their
    line: tsh ranked them no more from that round on."""
    rounds = {}
    for player in division.players:
        if "off" not in tags[player.number]:
            continue
        own = sorted((r for r in division.results if player.number in r.players), key=lambda r: r.round)
        first = len(own) + 1
        while first > 1 and own[first - 2].players[1] == 0 and own[first - 2].spread < 0:
            first -= 1
        rounds[player.number] = first
    return rounds


def test_every_rank_after_every_round_is_tshs_own(shared):
    """tsh kept each player's rank after every round in the 'rrank' tag (rrank[r]: after round r;
    rrank[0] is the seeding by rating before the event). A withdrawn player (Keras, 'off -50'
    from round 20) is ranked no more from the round she went off, and her own list stops there;
    every other value of every list is compared."""
    division = read_t(shared.tsh / "naspa-2023-division-a.t")
    tags = {n: dict(t) for n, t in division.extras.items()}
    rrank = {p.number: [int(x) for x in tags[p.number]["rrank"].split()] for p in division.players}
    off = went_off(division, tags)
    assert off == {16: 20}
    last = max(r.round for r in division.results)
    compared = 0
    for round_ in range(1, last + 1):
        players = [replace(p, withdrawn=round_ >= off.get(p.number, last + 1)) for p in division.players]
        standings = compute_standings(players, [r for r in division.results if r.round <= round_])
        for s in standings:
            if s.rank is None:
                assert s.player.number == 16 and round_ >= 20
                continue
            assert (round_, s.player.name, s.rank) == (round_, s.player.name, rrank[s.player.number][round_])
            compared += 1
    assert compared == 26 * 23 - 4          # Keras's rounds 20 to 23 are not ranked
    final = compute_standings(division.players, division.results)      # Keras read as withdrawn
    top, keras = final[0], final[-1]
    assert (top.rank, top.player.name, top.wins, top.losses, top.spread) == (1, "Sokol, Joshua", 17, 6, 736)
    assert (keras.rank, keras.player.name, keras.wins, keras.losses) == (None, "Keras, Lydia", 5, 18)


def test_the_woogles_archive_reads_as_two_divisions_without_p12(shared):
    archive = parse_config((shared.tsh / "woogles-export-archive.tsh").read_text(), source="woogles")
    assert list(archive.files) == ["CSW.t", "NWL.t"]
    csw = parse_t(archive.files["CSW.t"].text, source="woogles (CSW.t)", division="CSW")
    assert csw.players[0] == Player(1, "jellomochas", 1111111, "CSW")
    # jellomochas v nchagti (4) in round 1: 473 to 309; nobody's p12 is known
    assert csw.results[0] == GameResult(1, "", (1, 4), (473, 309), None)
    text = format_t(csw.players, csw.pairings, csw.results)
    assert fields(text) == [
        {"name": "jellomochas", "rating": "1111111", "opponents": ["4", "3", "2", "4"],
         "scores": ["473", "561", "478", "460"], "tags": {}},
        {"name": "xeroexpert", "rating": "239842", "opponents": ["3", "4", "1", "3"],
         "scores": ["258", "251", "358", "170"], "tags": {}},
        {"name": "curtis_smith", "rating": "8008", "opponents": ["2", "1", "4", "2"],
         "scores": ["359", "294", "393", "370"], "tags": {}},
        {"name": "nchagti", "rating": "90", "opponents": ["1", "2", "3", "1"],
         "scores": ["309", "437", "453", "327"], "tags": {}}]


PLAYERS = [Player(1, "Ann Smith", 1800), Player(2, "Bob Jones", 1650), Player(3, "Cat Lee", 1500)]


def test_our_results_are_written_as_tsh_lines():
    """tsh's FormatLine: the name in 22 columns, a space, the rating right-aligned in 5."""
    results = [
        GameResult(1, "1", (1, 2), (420, 380), first=1),     # Bob went first; Ann won by 40
        bye(1, 3, 50),                                         # Cat's bye: opponent 0, +50
        forfeit(2, "1", 3, 1, 50),                             # Ann forfeits to Cat: both v 0
        bye(2, 2, 50),
    ]
    pairings = [Pairing(3, "2", (2, 3), first=0)]            # round 3 paired, not played yet
    assert format_t(PLAYERS, pairings, results) == (
        "Ann Smith               1800 2 0; 420 -50; board 1 1; p12 2 0\n"
        "Bob Jones               1650 1 0 3; 380 50; board 1 0 2; p12 1 0 1\n"
        "Cat Lee                 1500 0 0 2; 50 50; board 0 1 2; p12 0 0 2\n")


def test_what_a_t_file_cannot_hold_is_refused_with_the_player_and_round():
    with pytest.raises(TshError, match=r"player 2 \(Bob Jones\): no result in round 1 but one in round 2"):
        format_t(PLAYERS, [Pairing(1, "1", (1, 2))], [GameResult(2, "1", (2, 3), (300, 310))])
    with pytest.raises(TshError, match=r"player 3 \(Cat Lee\): no pairing in round 1 but one in round 2"):
        format_t(PLAYERS, [], [GameResult(1, "1", (1, 2), (1, 2)), GameResult(2, "1", (1, 3), (1, 2))])
    with pytest.raises(TshError, match="player 9 is not one of the players"):
        format_t(PLAYERS, [], [GameResult(1, "1", (1, 9), (300, 200))])
    with pytest.raises(TshError, match=r"player 1: the name 'Team 42' ends in a word of digits, so "
                                       r"tsh would read the line's name as 'Team' rated 42: rename"):
        format_t([Player(1, "Team 42")], [], [])     # it would read as 'Team', rating 42
    with pytest.raises(TshError, match="numbered 1 to n"):
        format_t([Player(2, "Bob")], [], [])


def test_a_name_latin1_cannot_hold_is_refused_naming_it(tmp_path):
    players = [Player(1, "Zoë Ng"), Player(2, "Łukasz Wiśniewski")]
    with pytest.raises(TshError, match=r"line 2: 'Ł' cannot be written in iso-8859-1"):
        write_t(tmp_path / "a.t", players, [], [])
    write_t(tmp_path / "a.t", players, [], [], encoding="utf-8")
    assert read_t(tmp_path / "a.t", encoding="utf-8").players[1].name == "Łukasz Wiśniewski"


def test_bad_files_are_refused_naming_the_file_line_and_field():
    with pytest.raises(TshError, match=r"d\.t:2: scores: expected whole numbers; got '300 x'"):
        parse_t("Ann 1500 2; 310\nBob 1400 1; 300 x\n", source="d.t")
    with pytest.raises(TshError, match=r"d\.t:1: round 1: opponent 2 \(Bob\) does not have player 1"):
        parse_t("Ann 1500 2; 310\nBob 1400 0; 300\n", source="d.t")
    with pytest.raises(TshError, match=r"d\.t:1: round 1: opponent 5 is not another player"):
        parse_t("Ann 1500 5\nBob 1400 0\n", source="d.t")
    with pytest.raises(TshError, match=r"d\.t:1: expected 'name rating opponents"):
        parse_t("Ann; 310\n", source="d.t")
    with pytest.raises(TshError, match=r"d\.t:1: 2 scores for 1 rounds paired"):
        parse_t("Ann 1500 0; 50 50\n", source="d.t")
