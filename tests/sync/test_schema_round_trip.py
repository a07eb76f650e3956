"""One schema at both ends (issue 27 item 1): whatever the director takes at entry, a table
takes when the director sends it. Names, correction reasons, the tournament's name and the word
list's name are generated (hypothesis: any Unicode text, phones' no-break spaces and every other
space among it, up to past each limit); those the director's own checks accept (a player's name
as an import stores it, a reason as the page, the command line and an import correct with it,
the config's names) go into a real director's database, its assignment is made and signed as
the service sends it, and the table's door (kiosk.link.http_client: signature, table, the
protocol's schema) takes it, over real HTTP where the service sends it, with every value as
the director had it. Whatever a table would refuse, the director refused first."""
from __future__ import annotations

import json
import tempfile
import unicodedata
from pathlib import Path

from hypothesis import HealthCheck, assume, given, settings, strategies as st

from director.config import load_config
from director.event.correct import Ask, correct
from director.event.corrections import CorrectionError
from director.event.model import Pairing, Player, name_refusal
from director.event.rounds import signed_assignment, start_round, store_pairings, store_players
from common.game.errors import ConfigError
from kiosk.link.assignment import correction_words
from kiosk.link.http_client import DirectorClient
from common.wire.schema import MAX_NAME, MAX_REASON, MAX_WORD_LIST
from common.wire.signing import table_key
from tests.support.director_harness import KEY, TOURNAMENT, Director, result_doc, signed_bytes

SPACES = [chr(c) for c in range(0x3001) if unicodedata.category(chr(c)) == "Zs"]  # U+00A0, U+202F...
LETTERS = list("AZaz09 ,.-'()") + list("éßØłñüÅç\u0301李王한شע😀𝒜") + SPACES
REFUSED = list("\t\n\x00\x85\u2028\u200b\ufeff")     # a line, a control, a format character


def text(most: int):
    """Text of any script, short or about ``most`` characters long (past it too), spaces of every
    kind often among it, now and then a character the director refuses."""
    alphabet = st.one_of(st.sampled_from(LETTERS), st.sampled_from(LETTERS), st.sampled_from(REFUSED),
                         st.characters(blacklist_categories=("Cs",)))
    clean = st.sampled_from(LETTERS)
    return st.one_of(st.text(clean, max_size=12), st.text(clean, min_size=most - 2, max_size=most + 2),
                     st.text(alphabet, max_size=most // 3))


def key(table: str) -> bytes:
    return table_key(KEY.encode(), table)


def config_of(tournament: str, lexicon: str):
    """The director's config with these names, if the director takes them; else None."""
    try:
        return load_config(None, {"tournament.name": tournament, "tournament.key": KEY,
                                  "tournament.lexicon": lexicon,
                                  "tournament.lexicon_fingerprint": "ab" * 32 if lexicon else "",
                                  "service.db": str(Path(tempfile.gettempdir()) / "unused.sqlite")})
    except ConfigError:
        return None


def test_what_the_director_takes_every_table_takes(tmp_path):
    director = Director(tmp_path / "director.sqlite", settings={
        "limits.requests_per_s": 100_000, "limits.table_requests_per_s": 100_000}).start()
    try:
        store_players(director.db, [Player(1, "Ann"), Player(2, "Bob"), Player(3, "Cy"), Player(4, "Dee")])
        store_pairings(director.db, [Pairing(1, "7", (1, 2), 0), Pairing(1, "8", (3, 4), None)])
        start_round(director.db, 1, 1.7e9)
        assert director.post(7, "results", signed_bytes(result_doc(7))).body["outcome"] == "stored"
        rounds = iter(range(10**6))
        count = {"assignments": 0, "corrections": 0, "refused reasons": 0}

        @settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.filter_too_much,
                                                                          HealthCheck.too_slow])
        @given(names=st.tuples(text(MAX_NAME), text(MAX_NAME)), reason=text(MAX_REASON),
               tournament=text(MAX_NAME), lexicon=text(MAX_WORD_LIST))
        def round_trip(names, reason, tournament, lexicon):
            left, right = names
            # the director's entry: the names as an import stores them, the config's names
            assume(name_refusal(left) is None and name_refusal(right) is None)
            config = config_of(tournament, lexicon)
            assume(config is not None)
            store_players(director.db, [Player(1, "Ann"), Player(2, "Bob"), Player(3, left),
                                        Player(4, right)])
            signed = signed_assignment(director.db, "8", config.tournament, KEY.encode(), config.word_list)
            taken = DirectorClient("http://127.0.0.1:9", "8", key("8")).check_assignment(
                json.loads(json.dumps(signed, ensure_ascii=False)))
            assert (taken["players"], taken["tournament"]) == ([left, right], tournament)
            assert taken.get("lexicon", {}).get("name", "") == lexicon
            count["assignments"] += 1
            # a correction with the reason, as the page, the command line and an import make it
            n = next(rounds)
            try:
                correct(director.db, director.config.rules, TOURNAMENT,
                        Ask(1, "scores", reason, table="7", scores=(100 + n % 800, 50)),
                        now_wall=1.7e9 + n, source="page")
            except CorrectionError as refused:                  # only ever for its reason
                assert str(refused).startswith("reason: ")
                count["refused reasons"] += 1
                return
            served = DirectorClient(director.url, "7", key("7")).assignment()     # over HTTP
            newest = served["corrections"][-1]
            assert newest["reason"] == reason.strip()
            assert reason.strip() in correction_words(newest)                   # what the table says
            count["corrections"] += 1

        round_trip()
        assert count["assignments"] >= 40 and count["corrections"] >= 20, count
    finally:
        director.stop()
