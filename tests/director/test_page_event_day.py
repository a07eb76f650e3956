"""A whole event day run from the director's page, as issue 36's "done means" asks: one real
``python -m director`` on 127.0.0.1 (bench/rigs/director_process.py), the director at its page
in headless Chromium (Debian's, through Playwright) clicking and typing every action, the tables
simulated as tables are (each reads its signed assignment and posts its signed result over
HTTP). Three divisions: A a round robin, B a Swiss whose last round is king of the hill, C
paired in tsh (its ``.t`` file downloaded, paired "in tsh" by this suite's own line writer and
imported again, round after round). Names in eight scripts (Latin with Polish ł and Māori
macrons, Cyrillic, Greek, Han, Hangul, Arabic, Devanagari, kana). On the way: a late entry and a
withdrawal in B after its round 2 was proposed (the proposal drawn again, the reasons in its
box), an absence from B's round 3, a no-show's forfeit in A's round 2 entered on the page (the
standings on the page after it). At the end every export is downloaded from its link on the page
and read back: the ``.t`` files and the archive by parsing (the names as typed, in the UTF-8 the
page says tsh needs), the ``.TOU`` by tests/support/tou_reader.py, the CSV files by ``csv``.

The day is one module fixture (``day``: the director, the page, what the page said); each file
out is a test of its own on that day. Screenshots go to the folder the test prints."""
from __future__ import annotations

import csv
import io
import json
import re
import urllib.error
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from bench.rigs.director_process import PASSWORD, DirectorProcess
from common.replay import replay_lines
from common.wire.document import result_document
from common.wire.signing import signed_with, table_key
from tests.support import tsh_writer
from tests.support.director_harness import KEY, TOURNAMENT, signed_bytes
from tests.support.page_browser import TIMEOUT_MS, log_in, new_context
from tests.support.tou_reader import read_tou
from tests.support.tsh_archive import archive_files
from tests.support.wait import wait_until

pytestmark = pytest.mark.slow          # a director process and headless Chromium: make check leaves it out

#: The players' CSV the director imports for A and B: (name, rating, division).
PLAYERS = [("Małgorzata Wójcik", 1800, "A"), ("Ngāio Te Whare", 1750, "A"),
           ("Дмитрий Иванов", 1700, "A"), ("Ελένη Παππά", 1650, "A"),
           ("王伟", 1900, "B"), ("김민준", 1850, "B"), ("فاطمة الزهراء", 1800, "B"),
           ("अनन्या शर्मा", 1750, "B"), ("Seán Ó Dálaigh", 1700, "B"), ("Zoë Ng", 1650, "B"),
           ("Łukasz Żółtowski", 1600, "B")]
LATE = ("Tūhoe Pōtae", 1725)            # B's late entry, before round 2
WITHDRAWN = "Zoë Ng"                    # withdrawn from B's round 2 on, once it was proposed
ABSENT = "김민준"                        # absent from B's round 3 only
NO_SHOW = "Дмитрий Иванов"              # never came to their table in A's round 2
#: Division C, paired in tsh: its players ("Surname, Given", as tsh names them) and ratings.
C_PLAYERS = [("Nowak, Łucja", "1600"), ("Петров, Иван", "1550"), ("やまだ, たろう", "1500"),
             ("Hēnare, Wiremu", "1450")]
C_ROUNDS = [{1: 4, 2: 3, 3: 2, 4: 1}, {1: 3, 3: 1, 2: 4, 4: 2}]     # tsh's pairings, by player
ROUNDS = {"A": 3, "B": 3, "C": 2}
#: Their own tables, typed on the page, and as the page says them back; C at tsh's boards 1-2.
TABLES = {"A": ("11-12", "11, 12"), "B": ("21-24", "21-24")}
UTF8_LINE = "config tfile_encoding = 'utf8'"

#: Each player's score in every game they play: distinct, and far enough apart that the table's
#: going-out bonus never turns a game round (the stronger player of a game always wins it).
EVERY_NAME = [n for n, _, _ in PLAYERS] + [LATE[0]] + [n for n, _ in C_PLAYERS]
STRENGTH = {name: 300 + 40 * i for i, name in enumerate(reversed(EVERY_NAME))}


@dataclass
class Day:
    """The event as the page ran it: the director, the page, and what the page showed."""
    director: DirectorProcess
    page: object
    shots: Path
    said: dict[str, str] = field(default_factory=dict)         # what the page said, by step
    played: dict[tuple[str, int], list[dict]] = field(default_factory=dict)   # each round's games
    proposals: dict[str, list[str]] = field(default_factory=dict)  # B's draw box, by step
    standings_after_forfeit: list[list[str]] = field(default_factory=list)
    standings_before_koth: list[list[str]] = field(default_factory=list)


# --- the page, as the director uses it -------------------------------------------------------------

def said(page, words: str) -> str:
    """The page's message once it says ``words`` (what it said instead, if it does not)."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout   # as the browser fixture imports it
    try:
        page.wait_for_function("w => document.getElementById('message').textContent.includes(w)",
                               arg=words, timeout=TIMEOUT_MS)
    except PlaywrightTimeout:
        raise AssertionError(f"the page did not say {words!r}; it says "
                             f"{page.locator('#message').text_content()!r}") from None
    return page.locator("#message").text_content()


def section(page, name: str):
    return page.locator(f'.division[data-division="{name}"]')


def import_files(page, files: list[tuple[str, bytes]], words: str, division: str = "") -> str:
    page.set_input_files("#import-file", files=[{"name": n, "mimeType": "text/plain", "buffer": data}
                                                 for n, data in files])
    page.fill("#import-division", division)
    page.click("#import-button")
    return said(page, words)


def set_draw(page, name: str, system: str, rounds: int, koth: int = 0) -> None:
    box = section(page, name).locator(".draw")
    box.locator(".draw-system").focus()             # as the director's click on it does
    box.locator(".draw-system").select_option(system)
    box.locator(".draw-koth").fill(str(koth))
    box.locator(".draw-rounds").fill(str(rounds))
    box.locator(".draw-save").click()
    said(page, f"division {name}: the draw is {system}")


def set_tables(page, name: str, typed: str, words: str) -> None:
    box = section(page, name).locator(".draw")
    box.locator(".draw-tables").fill(typed)
    box.locator(".draw-tables-save").click()
    said(page, f"division {name}: its own tables are {words}")


def proposal_of(page, name: str, round_number: int):
    box = section(page, name).locator(".draw-proposal")
    box.locator(".draw-title").filter(has_text=f"Round {round_number}, proposed").wait_for(timeout=TIMEOUT_MS)
    return box


def games_shown(box) -> list[str]:
    """A round's box as the director reads it: a line per game (table, who starts, second)."""
    return [" | ".join(td.inner_text() for td in row.locator("td").all()[:3])
            for row in box.locator("tbody tr").all()]


def publish(page, name: str, round_number: int) -> list[str]:
    box = proposal_of(page, name, round_number)
    shown = games_shown(box)
    box.locator(".draw-publish").click()
    said(page, f"division {name}: round {round_number} published")
    return shown


def player_change(page, name: str, what: str, player: str, words: str,
                  round_number: int | None = None) -> str:
    box = section(page, name).locator(".players")
    box.locator(".players-who").fill(player)
    box.locator(".players-round").fill("" if round_number is None else str(round_number))
    box.locator(f".players-{what}").click()
    return said(page, words)


def away(page, name: str, words: str) -> None:
    """The division's list of who is withdrawn or absent, once it says ``words``."""
    section(page, name).locator(".players-away li").filter(has_text=words).wait_for(timeout=TIMEOUT_MS)


def standings_shown(page, name: str) -> list[list[str]]:
    rows = section(page, name).locator(".standings tbody tr").all()
    return [[td.inner_text() for td in row.locator("td").all()] for row in rows]


def start_all(page) -> str:
    page.click("#start-all")
    return said(page, "Started:")


def end_all(page) -> str:
    page.click("#end-all")
    return said(page, "Ended:")


# --- the tables ----------------------------------------------------------------------------------

def assignment(director, table: int) -> dict | None:
    """The table's assignment as its kiosk reads it (signed with the table's own key), or None."""
    try:
        with urllib.request.urlopen(f"{director.url}/api/tables/{table}/assignment", timeout=30) as r:
            signed = json.loads(r.read())
    except urllib.error.HTTPError as error:
        if error.code == 404:
            return None
        raise
    assert signed_with(signed, table_key(KEY.encode(), str(table))), f"table {table}'s assignment"
    return signed["document"]


def tables_play(day: Day, round_number: int, divisions: tuple[str, ...], *, absent: str = "") -> None:
    """Each table that has a game of ``round_number`` in ``divisions`` plays it as its assignment
    says and sends its signed result, as a kiosk does; a table where ``absent`` never came
    sends none (the director forfeits them from the page)."""
    for table in list(range(1, 5)) + list(range(11, 15)) + list(range(21, 26)):
        sent = assignment(day.director, table)
        if not sent or sent["round"] != round_number or sent["division"] not in divisions:
            continue
        players = tuple(sent["players"])
        game = {"table": str(table), "players": players, "first": sent["first"], "final": None}
        day.played.setdefault((sent["division"], round_number), []).append(game)
        if absent in players:
            continue
        document = game_played(sent)
        assert post_result(day.director, table, document)["outcome"] == "stored"
        game["final"] = tuple(document["result"]["final"])


def game_played(sent: dict) -> dict:
    """The game of an assignment as its table plays it (the player the draw says starts
    starts; each plays their strength, the starter goes out, the rack is counted, both
    confirm): the signed result's document, as the kiosk makes it."""
    first, players = sent["first"] or 0, sent["players"]
    script = [{"preset": "aspa", "round": sent["round"], "players": players, "first": first},
              {"t": 0, "cmd": "start", "first": first},
              {"t": 20, "cmd": "play", "player": first, "score": STRENGTH[players[first]]},
              {"t": 40, "cmd": "play", "player": 1 - first, "score": STRENGTH[players[1 - first]]},
              {"t": 60, "cmd": "out", "player": first, "score": 10},
              {"t": 62, "cmd": "accept", "player": 1 - first},
              {"t": 70, "cmd": "rack", "player": 1 - first, "tiles": "AE"},
              {"t": 75, "cmd": "confirm", "player": 0}, {"t": 76, "cmd": "confirm", "player": 1}]
    played = replay_lines(json.dumps(line) for line in script)
    return result_document(played.state, played.events, 80 * 10**9, tournament=TOURNAMENT,
                           table=sent["table"], game_id=f"t{sent['table']}-r{sent['round']}",
                           division=sent["division"])


def post_result(director, table: int, document: dict) -> dict:
    """A table's signed result, posted as its kiosk posts it (no session: its signature)."""
    request = urllib.request.Request(f"{director.url}/api/tables/{table}/results",
                                     data=signed_bytes(document), method="POST",
                                     headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=30) as reply:
        return json.loads(reply.read())


# --- division C, paired in tsh ---------------------------------------------------------------------

T_LINE = re.compile(r"^(?P<name>.+?)\s+(?P<rating>\d+)(?P<opponents>(?:\s+\d+)*)\s*;(?P<scores>[-\d\s]*)(?P<tags>(?:;.*)?)$")


def read_t(text: str) -> list[dict]:
    """A .t file as tsh reads its lines: the name up to the rating, the opponents, ``;``, the
    scores, then ``; tag words`` groups."""
    lines = []
    for line in text.splitlines():
        matched = T_LINE.match(line)
        assert matched, f"not a tsh line: {line!r}"
        tags = {}
        for group in matched["tags"].split(";")[1:]:
            words = group.split()
            tags[words[0]] = " ".join(words[1:])
        lines.append({"name": matched["name"], "rating": matched["rating"],
                      "opponents": [int(w) for w in matched["opponents"].split()],
                      "scores": [int(w) for w in matched["scores"].split()], "tags": tags})
    return lines


def c_round_one() -> bytes:
    """C's .t file as tsh wrote it with round 1 paired (no scores yet)."""
    pairs = C_ROUNDS[0]
    return tsh_writer.tsh_file([
        (name, rating, [pairs[n]], [], [("board", str(board(0, n))), ("p12", "1" if n < pairs[n] else "2")])
        for n, (name, rating) in enumerate(C_PLAYERS, 1)]).encode("utf-8")


def board(index: int, player: int) -> int:
    """The player's board in round ``index + 1`` as tsh numbers them: its games by their
    lower-numbered player, from 1."""
    pairs = C_ROUNDS[index]
    return sorted({min(p, q) for p, q in pairs.items()}).index(min(player, pairs[player])) + 1


def paired_in_tsh(downloaded: str, index: int) -> bytes:
    """The .t file downloaded from the page with round ``index + 1`` paired as tsh pairs it: each
    player's opponent, board and who starts added to their line."""
    pairs = C_ROUNDS[index]
    out = []
    for n, line in enumerate(read_t(downloaded), 1):
        tags = dict(line["tags"])
        tags["board"] = f"{tags.get('board', '')} {board(index, n)}".strip()
        tags["p12"] = f"{tags.get('p12', '')} {'1' if n < pairs[n] else '2'}".strip()
        out.append((line["name"], line["rating"], line["opponents"] + [pairs[n]], line["scores"],
                    sorted(tags.items())))
    return tsh_writer.tsh_file(out).encode("utf-8")


# --- the day -------------------------------------------------------------------------------------

def download(page, link) -> tuple[bytes, str, str]:
    """A link of the page clicked as the director clicks it: the file it downloads, its name,
    and what the page said of it."""
    with page.expect_download(timeout=TIMEOUT_MS) as started:
        link.click()
    got = started.value
    data = Path(got.path()).read_bytes()
    return data, got.suggested_filename, said(page, got.suggested_filename)


def morning(day: Day) -> None:
    """The players imported, the draws and the tables set, each division's round 1 drawn and
    published from the page."""
    page = day.page
    players = "name,rating,division\n" + "".join(f"{n},{r},{d}\n" for n, r, d in PLAYERS)
    day.said["players"] = import_files(page, [("players.csv", players.encode("utf-8"))],
                                        "players.csv: 11 players in divisions A, B")
    day.said["c"] = import_files(page, [("c.t", c_round_one())],
                                  "c.t: division C: 4 players, 1 round of pairings", division="C")
    set_draw(page, "A", "round_robin", ROUNDS["A"])
    set_draw(page, "B", "swiss", ROUNDS["B"], koth=1)
    set_draw(page, "C", "tsh", ROUNDS["C"])
    for name, (typed, words) in TABLES.items():
        set_tables(page, name, typed, words)
    for name in ("A", "B"):
        section(page, name).locator(".draw-propose").filter(has_text="Draw round 1 now").click()
        said(page, f"division {name}: round 1 drawn")
        publish(page, name, 1)
    page.screenshot(path=str(day.shots / "round-1-published.png"), full_page=True)


def round_one(day: Day) -> None:
    page = day.page
    day.said["start 1"] = start_all(page)
    tables_play(day, 1, ("A", "B", "C"))
    box = proposal_of(page, "B", 2)                 # drawn by itself once round 1 was in
    day.proposals["first"] = games_shown(box)
    box = section(page, "B").locator(".players")
    box.locator(".late-name").fill(LATE[0])
    box.locator(".late-rating").fill(str(LATE[1]))
    box.locator(".players-late button").click()
    day.said["late"] = said(page, f"{LATE[0]} (8) entered late")
    section(page, "B").locator(".draw-adjusted li").filter(has_text=f"{LATE[0]} (8) entered late").wait_for(timeout=TIMEOUT_MS)
    day.said["withdraw"] = player_change(page, "B", "withdraw", WITHDRAWN, f"{WITHDRAWN} (6) withdrawn")
    section(page, "B").locator(".draw-adjusted li").filter(has_text=f"drawn again: {WITHDRAWN}").wait_for(timeout=TIMEOUT_MS)
    away(page, "B", f"{WITHDRAWN} (6): withdrawn")
    day.proposals["again"] = games_shown(proposal_of(page, "B", 2))
    day.proposals["reasons"] = [li.inner_text() for li in section(page, "B").locator(".draw-adjusted li").all()]
    page.screenshot(path=str(day.shots / "b-round-2-drawn-again.png"), full_page=True)
    day.said["end 1"] = end_all(page)
    t_file, name, day.said["c.t after 1"] = download(page, section(page, "C").locator(".export-t"))
    assert name == "c.t"
    day.said["c again"] = import_files(page, [("c.t", paired_in_tsh(t_file.decode("utf-8"), 1))],
                                  "c.t: division C: 4 players, 2 rounds of pairings", division="C")


def round_two(day: Day) -> None:
    page = day.page
    day.proposals["published 2"] = publish(page, "B", 2)
    publish(page, "A", 2)
    day.said["start 2"] = start_all(page)
    tables_play(day, 2, ("A", "B", "C"), absent=NO_SHOW)
    noshow = section(page, "A").locator(".players-noshow")
    noshow.locator(".noshow-round").fill("2")
    noshow.locator(".noshow-who").fill(NO_SHOW)
    noshow.locator(".noshow-forfeit").click()
    day.said["no-show"] = said(page, "did not come")
    game = next(g for g in day.played[("A", 2)] if NO_SHOW in g["players"])
    other = next(p for p in game["players"] if p != NO_SHOW)
    wait_until(lambda: any(row[2] == other and row[4] == "2" for row in standings_shown(page, "A")),
               60, f"{other}'s forfeit win on the page's standings")
    day.standings_after_forfeit = standings_shown(page, "A")
    page.screenshot(path=str(day.shots / "a-after-the-forfeit.png"), full_page=True)
    proposal_of(page, "B", 3)
    day.said["absent"] = player_change(page, "B", "absent", ABSENT, f"{ABSENT} (2) absent", 3)
    section(page, "B").locator(".draw-adjusted li").filter(has_text=f"drawn again: {ABSENT} (2) absent from round 3").wait_for(timeout=TIMEOUT_MS)
    away(page, "B", f"{ABSENT} (2): absent from round 3 only")
    day.said["end 2"] = end_all(page)


def round_three(day: Day) -> None:
    page = day.page
    caught_up(day, "B", 2)
    day.standings_before_koth = standings_shown(page, "B")
    day.proposals["published 3"] = publish(page, "B", 3)
    publish(page, "A", 3)
    day.said["start 3"] = start_all(page)
    tables_play(day, 3, ("A", "B"))
    day.said["end 3"] = end_all(page)
    for name in "ABC":
        caught_up(day, name)
    page.screenshot(path=str(day.shots / "the-day-played.png"), full_page=True)


@pytest.fixture(scope="module")
def day(browser, tmp_path_factory):
    folder = tmp_path_factory.mktemp("event-day")
    shots = folder / "screenshots"
    shots.mkdir()
    print(f"screenshots in {shots}")
    director = DirectorProcess(folder / "director.sqlite", KEY.encode(), tournament=TOURNAMENT)
    context = new_context(browser, 1300, 1100)
    try:
        director.start()
        page = context.new_page()
        log_in(page, director, PASSWORD)
        played = Day(director, page, shots)
        morning(played)
        round_one(played)
        round_two(played)
        round_three(played)
        yield played
    finally:
        context.close()
        director.stop()


def on_the_page(day: Day, link: str) -> tuple[bytes, str, str]:
    """One of the main page's export links (a CSS selector), downloaded."""
    return download(day.page, day.page.locator(link))


def from_its_page(day: Day, opens: str, link: str) -> bytes:
    """A file of a printable page: the page opened from the director's page in a tab of its
    own, then its CSV link."""
    tab = day.page.context.new_page()
    try:
        tab.goto(day.director.url + "/")
        tab.wait_for_selector("#link.up", timeout=TIMEOUT_MS)
        tab.click(opens)
        tab.wait_for_selector(link, timeout=TIMEOUT_MS)
        with tab.expect_download(timeout=TIMEOUT_MS) as started:
            tab.click(link)
        return Path(started.value.path()).read_bytes()
    finally:
        tab.close()


# --- what the day should have made of it, from this test's own inputs -----------------------------

def roster(name: str) -> list[str]:
    """The division's players in their numbers' order, as the director entered them."""
    if name == "C":
        return [n for n, _ in C_PLAYERS]
    return [n for n, _, d in PLAYERS if d == name] + ([LATE[0]] if name == "B" else [])


#: Who played no game in a round, though paired: the late entry's round 1, the withdrawn
#: player's rounds from 2, the absence (the no-show forfeited: not a missed round).
MISSED = {("B", 1): {LATE[0]}, ("B", 2): {WITHDRAWN}, ("B", 3): {WITHDRAWN, ABSENT}}


def expected_rounds(day: Day, name: str, last: int = 0) -> dict[str, list[tuple[str, int]]]:
    """Each player's rounds (to ``last``, else all) as tsh's line holds them: (opponent, own
    score), the opponent "" for a round against no one, the score then the spread tsh writes (a
    bye +50, a missed round 0, the no-show's forfeit -50 and their opponent's +50)."""
    out: dict[str, list[tuple[str, int]]] = {n: [] for n in roster(name)}
    for number in range(1, (last or ROUNDS[name]) + 1):
        seated = set()
        for game in day.played[(name, number)]:
            a, b = game["players"]
            seated |= {a, b}
            if game["final"] is None:                        # the no-show's forfeit
                out[a].append(("", -50 if a == NO_SHOW else 50))
                out[b].append(("", -50 if b == NO_SHOW else 50))
            else:
                out[a].append((b, game["final"][0]))
                out[b].append((a, game["final"][1]))
        for player in set(out) - seated:
            out[player].append(("", 0 if player in MISSED.get((name, number), ()) else 50))
    return out


def byes(day: Day, name: str) -> set[tuple[int, str]]:
    """(round, player) of each bye: a player of the round at no table who misses no round."""
    return {(number, player) for number in range(1, ROUNDS[name] + 1) for player in roster(name)
            if player not in {p for g in day.played[(name, number)] for p in g["players"]}
            and player not in MISSED.get((name, number), ())}


def caught_up(day: Day, name: str, last: int = 0) -> None:
    """Once the page's standings count each round to ``last`` (else all): each player's games
    (a bye and a forfeit are games; a round missed is none) as this test played them."""
    wanted = {player: sum(1 for against, own in rounds if against or own)
              for player, rounds in expected_rounds(day, name, last).items()}
    wait_until(lambda: {row[2]: int(row[7]) for row in standings_shown(day.page, name)} == wanted,
               60, f"division {name}'s standings on the page after round {last or ROUNDS[name]}")


def test_the_day_as_the_director_saw_it_on_the_page(day):
    said = day.said
    assert f"{LATE[0]} (8) entered late; round 1 missed (no game)" in said["late"]
    assert f"{WITHDRAWN} (6) withdrawn from round 2" in said["withdraw"]
    assert "round 2 proposed (drawn again:" in said["withdraw"]
    # the proposal drawn again without the withdrawn player, with the late entry, saying why
    assert any(WITHDRAWN in line for line in day.proposals["first"])
    assert not any(WITHDRAWN in line for line in day.proposals["again"])
    assert any(f"{LATE[0]} (8)" in line for line in day.proposals["again"])
    assert f"drawn again: {WITHDRAWN} (6) withdrawn" in day.proposals["reasons"]
    assert day.proposals["published 2"] == day.proposals["again"]
    for number in (2, 3):
        paired = {p for g in day.played[("B", number)] for p in g["players"]}
        assert WITHDRAWN not in paired and LATE[0] in paired
    assert ABSENT not in {p for g in day.played[("B", 3)] for p in g["players"]}
    assert f"{ABSENT} (2) absent from round 3 only" in said["absent"]
    assert f"{NO_SHOW} (3) did not come: Małgorzata Wójcik (1) wins by forfeit, +50" in said["no-show"]
    # the standings on the page once the forfeit was in: a win and a loss
    assert [(row[2], row[4], row[5]) for row in day.standings_after_forfeit] == [
        ("Małgorzata Wójcik", "2", "0"), ("Ngāio Te Whare", "2", "0"),
        (NO_SHOW, "0", "2"), ("Ελένη Παππά", "0", "2")]
    # king of the hill: B's last round pairs its standings' order, first against second...
    ranked = [row[2] for row in day.standings_before_koth if row[0] and row[2] != ABSENT]
    assert ({frozenset(g["players"]) for g in day.played[("B", 3)]}
            == {frozenset(ranked[i:i + 2]) for i in range(0, len(ranked), 2)})
    # each division at its own tables, C at tsh's boards
    tables = {name: {g["table"] for (d, _), games in day.played.items() if d == name for g in games}
              for name in "ABC"}
    assert tables == {"A": {"11", "12"}, "B": {"21", "22", "23"}, "C": {"1", "2"}}
    assert said["c again"] == "c.t: division C: 4 players, 2 rounds of pairings, 2 results"
    assert said["end 3"].startswith("Ended: division A round 3, division B round 3")


def test_each_division_t_file_from_its_link_reads_back_as_played(day):
    for name in "ABC":
        data, filename, message = on_the_page(day, f'.division[data-division="{name}"] .export-t')
        assert filename == f"{name.lower()}.t"
        assert UTF8_LINE in message and "'ł' of 'Małgorzata Wójcik'" in message
        lines = read_t(data.decode("utf-8"))
        assert [line["name"] for line in lines] == roster(name)       # every name as typed
        numbers = {n: i for i, n in enumerate(roster(name), 1)}
        expected = expected_rounds(day, name)
        for line in lines:
            rounds = list(zip(line["opponents"], line["scores"]))
            assert rounds == [(numbers.get(o, 0), score) for o, score in expected[line["name"]]], line
        if name == "B":
            withdrawn = next(line for line in lines if line["name"] == WITHDRAWN)
            assert withdrawn["tags"]["off"] == "0"             # tsh's withdrawal, as tsh writes it


def test_the_tsh_archive_from_its_link_holds_every_division_and_tells_tsh_its_encoding(day):
    data, filename, message = on_the_page(day, "#export-tsh")
    assert filename == f"{TOURNAMENT}.tsh"
    assert "the archive's config says so to tsh" in message
    config, files = archive_files(data.decode("utf-8"))
    named = [line.split()[1:] for line in config if line.startswith("division ")]
    assert [division for division, _ in named] == ["A", "B", "C"]
    assert UTF8_LINE in config
    for name, file in named:
        alone = on_the_page(day, f'.division[data-division="{name}"] .export-t')[0].decode("utf-8")
        assert files[file] == alone


#: The names in the .TOU's 20 columns, given name first, in Windows-1252: each character it lacks
#: romanised, each it holds kept (ó, é, ë, Ó); None: romanised as anyascii's tables have it.
TOU_NAMES = {"A": ["Malgorzata Wójcik", "Ngaio Te Whare", "Dmitriy Ivanov", "Eleni Pappa"],
             "B": ["WangWei", "GimMinJun", None, None, "Seán Ó Dálaigh", "Zoë Ng",
                   "Lukasz Zóltowski", "Tuhoe Potae"],
             "C": ["Lucja Nowak", "Ivan Petrov", "tarou yamada", "Wiremu Henare"]}


def test_the_tou_from_its_link_read_by_an_independent_reader(day):
    data, filename, message = on_the_page(day, "#export-tou")
    assert filename == f"{TOURNAMENT}.TOU"
    assert "Małgorzata Wójcik as Malgorzata Wójcik" in message
    read = read_tou(data)
    assert read["event"] == TOURNAMENT and list(read["divisions"]) == ["A", "B", "C"]
    for name, lines in read["divisions"].items():
        shown = [n for n, _ in lines]
        assert len(shown) == len(roster(name)) and len(set(shown)) == len(shown)
        for got, wanted in zip(shown, TOU_NAMES[name]):
            assert got == wanted or (wanted is None and got.isascii() and got.strip()), shown
        numbers = {n: i for i, n in enumerate(roster(name), 1)}
        expected = expected_rounds(day, name)
        starters = {(g["players"][g["first"] or 0], number) for (d, number), games in day.played.items()
                    if d == name for g in games}
        for player, (_, blocks) in zip(roster(name), lines):
            assert len(blocks) == ROUNDS[name]                 # every round complete
            for number, ((result, score, first, opponent), (against, own)) in enumerate(
                    zip(blocks, expected[player]), 1):
                if against:                                     # a game: its score, its opponent
                    assert (score, opponent) == (own, numbers[against]), (player, number)
                    assert first == ((player, number) in starters), (player, number)   # as drawn
                else:                   # a bye or forfeit win (2001 +n), a loss or absence (0 n)
                    assert (result, opponent) == ("2" if own > 0 else " ", numbers[player]), (player, number)


def test_the_standings_and_results_csv_from_their_links_are_the_page(day):
    data, _, _ = on_the_page(day, "#export-csv")
    rows = list(csv.DictReader(io.StringIO(data.decode("utf-8"))))
    for name in "ABC":
        assert [[r["rank"], r["number"], r["name"], r["rating"], r["wins"], r["losses"], r["spread"],
                 r["games"]] for r in rows if r["division"] == name] == standings_shown(day.page, name)
    assert next(r for r in rows if r["name"] == WITHDRAWN)["rank"] == ""       # not ranked
    data, _, _ = on_the_page(day, "#export-results-csv")
    results = list(csv.DictReader(io.StringIO(data.decode("utf-8"))))
    assert [r["full name"] for r in results if r["grade"] == "C"] == [
        "Łucja Nowak", "Иван Петров", "たろう やまだ", "Wiremu Hēnare"]     # given name first
    assert {r["full name"] for r in results if r["grade"] == "B"} == set(roster("B"))
    data, _, _ = on_the_page(day, '.division[data-division="A"] .export-results-csv')
    assert {r["full name"] for r in csv.DictReader(io.StringIO(data.decode()))} == set(roster("A"))
    data, _, _ = on_the_page(day, "#export-draw")        # the draw of each grade not a round robin
    draw = list(csv.DictReader(io.StringIO(data.decode("utf-8"))))
    assert {r["grade"] for r in draw} == {"B", "C"}
    for name in "BC":
        games = {(r["round"], r["table"], frozenset((r["player"], r["opponent"])))
                 for r in draw if r["grade"] == name and r["opponent"] not in ("bye", "no game")}
        given_first = {n: " ".join(reversed(n.split(", "))) for n in roster(name)}
        assert games == {(str(number), g["table"], frozenset(given_first[p] for p in g["players"]))
                         for (d, number), played in day.played.items() if d == name for g in played}
    against_no_one = {(int(r["round"]), r["player"]): r["opponent"] for r in draw
                      if r["grade"] == "B" and r["opponent"] in ("bye", "no game")}
    assert against_no_one == {**{seat: "bye" for seat in byes(day, "B")},     # a round missed is no bye
                              **{(n, p): "no game" for (_, n), who in MISSED.items() for p in who}}
    data, _, _ = on_the_page(day, "#export-teams")
    assert data.decode("utf-8").splitlines() == ["rank,team,members,wins,spread"]      # no teams


def test_the_results_to_forward_open_as_a_page_from_the_link(day):
    with day.page.context.expect_page(timeout=TIMEOUT_MS) as opened:
        day.page.click("#export-results")
    report = opened.value
    report.wait_for_load_state()
    assert [h.inner_text() for h in report.locator("h2").all()][:3] == ["Grade A", "Grade B", "Grade C"]
    assert LATE[0] in report.inner_text("body")
    report.close()


def test_the_end_of_the_days_files_from_their_pages(day):
    prizes = list(csv.DictReader(io.StringIO(from_its_page(day, "#print-prizes", "#prizes-csv").decode())))
    for name in "ABC":
        first = next(r for r in prizes if r["division"] == name and r["prize"] == "1st place")
        assert first["player"] == standings_shown(day.page, name)[0][2]
    pairings = list(csv.DictReader(io.StringIO(from_its_page(day, "#print-pairings", "#pairings-csv").decode())))
    assert {(r["division"], r["round"]) for r in pairings} == {("A", "3"), ("B", "3"), ("C", "2")}
    for (name, number), games in day.played.items():
        if number == ROUNDS[name]:
            for game in games:
                a, b = game["players"]
                starts = {0: "first", 1: "second"}.get(game["first"], "")
                assert {"division": name, "round": str(number), "name": a, "table": game["table"],
                        "opponent": b, "starts": starts} in pairings, game
    assert {r["name"]: r["opponent"] for r in pairings if r["division"] == "B" and not r["table"]} == {
        WITHDRAWN: "no game", ABSENT: "no game"}                      # no bye in B's round 3
    chart = list(csv.DictReader(io.StringIO(from_its_page(day, "#print-wallchart", "#wallchart-csv").decode())))
    assert len(chart) == sum(len(roster(name)) * ROUNDS[name] for name in "ABC")
    forfeit = {r["name"]: r["result"] for r in chart if r["division"] == "A" and r["round"] == "2"}
    assert (forfeit["Małgorzata Wójcik"], forfeit[NO_SHOW]) == ("FW", "FL")


def test_a_players_phone_finds_their_table_or_that_they_have_no_game(day, browser):
    phone = new_context(browser, 390, 844)              # a player's phone: the public view, no login
    try:
        live = phone.new_page()
        live.goto(day.director.url + "/live")
        for typed, words in ((ABSENT, "Division B round 3: no game"),     # absent: no bye
                             ("tuhoe", "Division B round 3: table 23 against Łukasz Żółtowski"),
                             ("nowak", "Division C round 2: table 1 against やまだ, たろう")):
            live.fill("#find-name", typed)
            live.locator("#find-results li").filter(has_text=words).wait_for(timeout=TIMEOUT_MS)
    finally:
        phone.close()
