"""One writer at a time (issue 36 item 5): the draw's changes read the proposal and store it in
one transaction, so a swap racing a publish is either in the round published or answered that
it was not made, never "done" and in neither round. A real server on 127.0.0.1; the page's
requests as the page sends them (the round it shows in each)."""
import json
from concurrent.futures import ThreadPoolExecutor

from director.event import next_round
from director.event.tournament import pairings

NAMES = [f"Player {chr(65 + i)}{chr(97 + i)}" for i in range(20)]
PLAYERS = ("name,rating\n" + "".join(f"{n},{2000 - 10 * i}\n" for i, n in enumerate(NAMES))).encode()
SWISS = json.dumps({"division": "A", "system": "swiss", "king_of_the_hill": 0,
                    "seeding": "rating", "rounds": 3}).encode()


def proposed_round_one(director):
    director.request("POST", "/api/import?name=players.csv", PLAYERS,
                     headers={"Content-Type": "application/octet-stream"})
    assert director.request("POST", "/api/draw/settings", SWISS).code == 200
    assert director.request("POST", "/api/draw/propose", b'{"division": "A"}').code == 200
    return next_round.proposal(director.db, "A")


def ask(director, what, **body):
    return director.request("POST", f"/api/draw/{what}", json.dumps({"division": "A", **body}).encode())


def test_a_swap_of_a_round_published_meanwhile_is_not_made_and_says_so(director):
    stored = proposed_round_one(director)
    (_, a, _, _), (_, c, _, _) = stored["pairings"][:2]
    done = ask(director, "swap", players=[a, c], round=1)
    assert done.body == {"message": f"division A: players {a} and {c} swapped in the proposal of round 1"}
    assert ask(director, "publish", round=1).code == 200
    before = [p for p in pairings(director.db, "A") if p.round == 1]
    late = ask(director, "swap", players=[a, c], round=1)          # the page still shows round 1
    assert late.code == 409 and late.body["error"] == (
        "division A: round 1 was published meanwhile: the swap was not made (change it in the "
        "published round, which has not started)")
    assert [p for p in pairings(director.db, "A") if p.round == 1] == before
    assert next_round.proposal(director.db, "A") is None
    again = ask(director, "publish", round=1)
    assert again.code == 409 and "round 1 was published meanwhile: nothing was published" in again.body["error"]
    repaired = ask(director, "swap", players=[a, c], round=1, published=True)
    assert repaired.code == 200 and repaired.body["message"].startswith(
        f"division A: players {a} and {c} swapped in round 1 as published")


def test_swaps_racing_a_publish_are_each_in_the_round_or_answered_not_made(director):
    stored = proposed_round_one(director)
    games = [row for row in stored["pairings"] if row[2]]
    swaps = [(games[2 * i][1], games[2 * i + 1][1]) for i in range(len(games) // 2)]   # disjoint
    with ThreadPoolExecutor(max_workers=len(swaps) + 1) as pool:
        asked = [pool.submit(ask, director, "swap", players=list(pair), round=1) for pair in swaps]
        asked.insert(len(asked) // 2, pool.submit(ask, director, "publish", round=1))
        answers = [f.result() for f in asked]
    assert sum(a.code == 200 and "published" in a.body.get("message", "") for a in answers) == 1
    played = {frozenset(p.players) for p in pairings(director.db, "A") if p.round == 1}
    opponents = {n: next(iter(pair - {n}), None) for pair in played for n in pair}
    proposed = {row[1]: row[2] for row in games} | {row[2]: row[1] for row in games}
    for (a, c), answer in zip(swaps, [a for a in answers if "published (" not in a.body.get("message", "")]):
        if answer.code == 200:
            assert answer.body["message"].endswith("swapped in the proposal of round 1")
            assert opponents[a] == proposed[c] and opponents[c] == proposed[a]
        else:
            assert answer.code == 409 and answer.body["error"].startswith(
                "division A: round 1 was published meanwhile: the swap was not made")
            assert opponents[a] == proposed[a] and opponents[c] == proposed[c]
