"""A compiled lexicon as the judge's lexicon, and its official / NOT official label."""
from __future__ import annotations

import json

import pytest

from common.game.judge import adjudicate
from common.game.lexicon_check import NOT_OFFICIAL, OFFICIAL, UNKNOWN, check_official
from kiosk.lexicon import import_word_list, open_lexicon
from common.replay import ScriptError, replay_lines

PLAY = ["XU", "ZYZZYVA", "JOKE", "OX", "AA", "QUIXOTIC", "QAT", "STRENGTHS"]  # all in ENABLE


@pytest.fixture(scope="module")
def enable_lex(tmp_path_factory, enable_words):
    folder = tmp_path_factory.mktemp("judge")
    source = folder / "enable.txt"
    source.write_text("".join(w + "\n" for w in enable_words), encoding="ascii")
    return open_lexicon(import_word_list(source, "ENABLE", folder / "ENABLE.lex").path)


def test_all_good_words_are_acceptable(enable_lex):
    verdict = adjudicate(PLAY, enable_lex)

    assert verdict.valid and verdict.per_word == (True,) * 8


@pytest.mark.parametrize("position", range(8))
def test_one_phony_anywhere_makes_the_play_unacceptable(enable_lex, position):
    words = PLAY[:]
    words[position] = "ZYZZYVAX"

    verdict = adjudicate(words, enable_lex)

    assert not verdict.valid
    assert verdict.per_word == tuple(i != position for i in range(8))


def test_typed_words_are_upper_cased_before_the_lexicon_is_asked(enable_lex):
    assert adjudicate("xu zax Jo", enable_lex, max_words=3).valid is True   # XU ZAX JO
    assert adjudicate("qi zax jo", enable_lex, max_words=3).valid is False  # QI: not in ENABLE


@pytest.mark.parametrize("word", ["QI9", "za-x", "JO'", "X U"])
def test_a_word_with_anything_but_letters_is_refused_as_input_not_judged(enable_lex, word):
    with pytest.raises(ValueError, match=f"^a challenged word is letters A-Z only: {word!r}$"):
        adjudicate(["XU", word], enable_lex)


def test_the_compiled_and_plain_lexicons_judge_alike(enable_lex, clean_list):
    plain = open_lexicon(clean_list)
    plays = [["CAT", "DOG"], ["CAT", "DOGX"], ["QAT", "XU"], ["XU", "ZA", "KI"], ["QI"]]

    expected = [(True, True), (True, False), (True, True), (True, False, False), (False,)]
    assert [adjudicate(p, plain).per_word for p in plays] == expected
    assert [adjudicate(p, enable_lex).per_word for p in plays] == expected


# -- official or not -------------------------------------------------------------------------

def test_the_real_import_is_official_when_its_fingerprint_is_configured(enable_lex,
                                                                         enable_fingerprint):
    status = check_official(enable_lex, {"ENABLE": enable_fingerprint})

    assert status.status == OFFICIAL
    assert status.label == "ENABLE (official)"


def test_a_messy_copy_of_the_same_words_is_official_too(messy_list, enable_fingerprint,
                                                        tmp_path):
    messy = open_lexicon(import_word_list(messy_list, "ENABLE", tmp_path / "m.lex").path)

    assert check_official(messy, {"ENABLE": enable_fingerprint}).label == "ENABLE (official)"


def test_one_word_missing_is_not_the_official_list(tmp_path, enable_words, enable_fingerprint):
    source = tmp_path / "short.txt"
    source.write_text("\n".join(w for w in enable_words if w != "ZAX"), encoding="ascii")
    short = open_lexicon(import_word_list(source, "ENABLE", tmp_path / "short.lex").path)

    status = check_official(short, {"ENABLE": enable_fingerprint})

    assert status.status == NOT_OFFICIAL
    assert status.label == "ENABLE \u2014 NOT the official list"


def test_no_fingerprint_for_the_name_is_unknown(enable_lex, enable_fingerprint):
    status = check_official(enable_lex, {"CSW21": enable_fingerprint})

    assert status.status == UNKNOWN
    assert status.label == "ENABLE (official status unknown)"
    assert check_official(enable_lex, {}).status == UNKNOWN


def test_names_and_hex_digits_compare_without_case(enable_lex, enable_fingerprint):
    assert check_official(enable_lex, {"enable": enable_fingerprint.upper()}).status == OFFICIAL


@pytest.mark.parametrize("bad", ["", "abc", "g" * 64, "0" * 63, None])
def test_a_malformed_configured_fingerprint_is_a_clear_error(enable_lex, bad):
    with pytest.raises(ValueError, match="official fingerprint of CSW21: expected 64 hex digits"):
        check_official(enable_lex, {"CSW21": bad})


@pytest.mark.parametrize("valid", [False, None])         # the verdict given, or asked of the lexicon
def test_a_replay_refuses_a_challenged_word_with_a_digit_as_the_table_does(enable_lex, valid):
    lines = [{"preset": "aspa", "players": ["Ann", "Bob"]}, {"t": 0, "cmd": "start", "first": 0},
             {"t": 30, "cmd": "play", "player": 0, "score": 22},
             {"t": 35, "cmd": "challenge", "player": 1, "words": ["QI9"], "valid": valid}]
    with pytest.raises(ScriptError, match=r"^line 4: a challenged word is letters A-Z only: 'QI9'$"):
        replay_lines((json.dumps(line) for line in lines), lexicon=enable_lex)
