"""Adjudications are journaled with each word's validity, which only the director's export
returns: the table's view of a verdict is the same whichever word failed."""
from __future__ import annotations

import json
from dataclasses import asdict, fields, replace

import pytest

from common.game import commands as c
from common.game.game import decide
from common.game.judge import Adjudication, adjudicate
from kiosk.lexicon import BUNDLED_LEXICON, open_lexicon
from kiosk.store import StoreError, UnknownRecord
from kiosk.store.adjudications import (TableAdjudication, adjudications_for_director,
                                       adjudications_for_table, record_adjudication)
from kiosk.session import GameSetup, Session

ENABLE = BUNDLED_LEXICON                # the ENABLE list the kiosk ships
WORDS = ("JOEY", "ZAX", "QUA")


@pytest.fixture(scope="module")
def enable():
    return open_lexicon(ENABLE)


class Without:
    """The ENABLE lexicon with one word taken out, so that any position can be the bad one."""

    def __init__(self, lexicon, word):
        self.lexicon, self.word = lexicon, word

    def __contains__(self, word):
        return word != self.word and word in self.lexicon


def challenged_game(kiosk, enable, missing_word):
    """Bob challenges Ann's 41; the verdict comes from ENABLE without ``missing_word``."""
    k = kiosk().opening()
    k.at(99, c.Challenge(1))
    verdict = adjudicate(WORDS, Without(enable, missing_word))
    with k.journal.transaction():                     # the record and the ruling: one commit
        record_adjudication(k.journal, verdict, lexicon=enable.name,
                            lexicon_fingerprint=enable.fingerprint, table=7, at_ns=k.ns(110),
                            game_id=k.game_id, challenger_side=1, wall=k.wall(110))
        k.at(110, c.Rule(verdict.words, verdict.valid))
    return k


def test_all_three_words_are_good_in_enable(enable):
    assert adjudicate(WORDS, enable).per_word == (True, True, True)


def test_the_director_sees_which_word_failed(kiosk, enable):
    k = challenged_game(kiosk, enable, "ZAX")
    [row] = adjudications_for_director(k.journal, k.game_id)
    assert row["words"] == [{"word": "JOEY", "valid": True}, {"word": "ZAX", "valid": False},
                            {"word": "QUA", "valid": True}]
    assert (row["valid"], row["challenger"], row["challenger_side"], row["table"]) == (
        False, "Bob", 1, "7")
    assert (row["lexicon"], row["lexicon_fingerprint"]) == ("enable2k", enable.fingerprint)
    assert (row["at_ns"], row["wall"]) == (k.ns(110), k.wall(110))
    json.dumps(row)                                    # ready for the result document


def test_the_table_view_is_identical_whichever_word_failed(kiosk, enable):
    views, events = [], []
    for position, word in enumerate(WORDS):
        k = challenged_game(kiosk, enable, word)
        [view] = adjudications_for_table(k.journal, k.game_id)
        assert view.valid is False and view.words == WORDS and view.challenger == "Bob"
        views.append(replace(view, id=0, game_id=0))
        events.append(k.journal.load(k.game_id)[1])
        director = adjudications_for_director(k.journal, k.game_id)[0]["words"]
        assert [w["valid"] for w in director].index(False) == position
    assert views[0] == views[1] == views[2]
    assert repr(views[0]) == repr(views[2])
    assert events[0] == events[1] == events[2]         # the game's journal says no more either
    assert "per_word" not in {f.name for f in fields(TableAdjudication)}
    assert not any(isinstance(v, (list, tuple)) and all(isinstance(x, bool) for x in v) and v
                   for v in asdict(views[0]).values())


def test_an_adjudication_and_its_ruling_commit_together_or_not_at_all(kiosk, enable):
    k = kiosk().opening()
    k.at(99, c.Challenge(1))
    verdict = adjudicate(("JOEY",), enable)
    with pytest.raises(RuntimeError):
        with k.journal.transaction():
            record_adjudication(k.journal, verdict, lexicon="enable2k", lexicon_fingerprint="f",
                                table=7, at_ns=k.ns(100), game_id=k.game_id, challenger_side=1)
            raise RuntimeError("power cut before the ruling was journaled")
    assert adjudications_for_table(k.journal, k.game_id) == []


def test_a_shared_station_journals_the_table_entered_with_each_challenge(journal, enable):
    for table, words in (("14", ("ZAX",)), ("3", ("JOEY", "ZZXQ"))):
        record_adjudication(journal, adjudicate(words, enable), lexicon=enable.name,
                            lexicon_fingerprint=enable.fingerprint, table=table, at_ns=5,
                            challenger="Cy")
    views = adjudications_for_table(journal, None)
    assert [(v.table, v.words, v.valid, v.game_id) for v in views] == [
        ("14", ("ZAX",), True, None), ("3", ("JOEY", "ZZXQ"), False, None)]
    assert [w["valid"] for w in adjudications_for_director(journal, None)[1]["words"]] == [True, False]


def test_inconsistent_or_unlabelled_adjudications_are_refused(journal, kiosk, enable):
    k = kiosk()
    good = adjudicate(("JOEY", "ZAX"), enable)
    label = {"lexicon": "enable2k", "lexicon_fingerprint": enable.fingerprint, "table": 7, "at_ns": 1}
    with pytest.raises(StoreError, match="verdict that agrees"):
        record_adjudication(journal, Adjudication(good.words, True, (True, False)), **label)
    with pytest.raises(StoreError, match="one validity per word"):
        record_adjudication(journal, Adjudication(good.words, True, (True,)), **label)
    with pytest.raises(StoreError, match="names its lexicon and its fingerprint"):
        record_adjudication(journal, good, **{**label, "lexicon_fingerprint": ""})
    with pytest.raises(StoreError, match="side is 0 or 1"):
        record_adjudication(journal, good, **label, game_id=k.game_id, challenger_side=2)
    with pytest.raises(UnknownRecord):
        record_adjudication(journal, good, **label, game_id=404)
    assert journal.db["adjudications"].count == 0


def test_the_session_commits_a_ruling_with_its_adjudication(kiosk, enable):
    k = kiosk()
    setup = GameSetup(k.state.rules, 3, ("Ann", "Bob"), "7")
    bound = Session(k.journal, setup, lexicon=enable)     # the kiosk's one writer of events
    assert bound.start(k.ns(0)).game_id == k.game_id      # the game set up alike, not replaced
    k.opening()
    verdict = adjudicate(("JOEY", "ZZXQ"), enable)
    made = decide(k.state, c.Challenge(1, verdict.words, verdict.valid), k.ns(101))
    with pytest.raises(StoreError, match="is before the game's last instant"):
        bound.append([replace(e, at_ns=k.ns(90)) for e in made], adjudication=verdict)
    assert adjudications_for_table(k.journal, k.game_id) == []     # nothing half-written
    with pytest.raises(StoreError, match="with the one ruling it decided"):
        bound.append(made[:1], adjudication=verdict)
    bound.append(made, adjudication=verdict)
    [view] = adjudications_for_table(k.journal, k.game_id)
    assert (view.challenger_side, view.challenger, view.valid) == (1, "Bob", False)
    assert view.at_ns == k.ns(101)
    assert k.journal.load(k.game_id)[1][-len(made):] == made
