"""The editors behind the screens: what each key does to what is typed."""
import pytest

from common.game.commands import Rack, Record
from kiosk.ui.widgets.entry import DigitsEntry, EntryError, RackEntry, TurnEntry, WordsEntry


def typed(editor, keys):
    for key in keys:
        editor.key(key)
    return editor


def test_a_play_is_digits_then_blank_letters():
    entry = typed(TurnEntry(), ["0", "3", "5", "e", "s", "x"])
    assert entry.text() == "SCORE 35  blank E/S"
    assert entry.command(1) == Record(1, "play", score=35, blanks="ES")


def test_backspace_takes_blanks_then_digits():
    entry = typed(TurnEntry(), ["4", "2", "q", "Backspace", "Backspace"])
    assert entry.command(0) == Record(0, "play", score=4)


def test_tab_cycles_play_exchange_pass():
    entry = typed(TurnEntry(), ["Tab", "9", "3"])
    assert entry.text() == "EXCHANGE 3 TILES"
    assert entry.command(0) == Record(0, "exchange", tiles=3)
    typed(entry, ["Tab", "x"])
    assert entry.text() == "PASS" and entry.command(0) == Record(0, "pass")
    typed(entry, ["Tab"])
    assert entry.text() == "SCORE _"


def test_a_play_without_a_score_is_not_recorded():
    with pytest.raises(EntryError, match="score"):
        TurnEntry().command(0)
    with pytest.raises(EntryError, match="tiles"):
        typed(TurnEntry(), ["Tab"]).command(0)


def test_a_zero_score_and_a_four_digit_limit():
    assert typed(TurnEntry(), ["0"]).command(0).score == 0
    assert typed(TurnEntry(), list("123456")).command(0).score == 1234


def test_rack_letters_and_blanks():
    entry = typed(RackEntry(), ["q", "u", "?", ".", "3", " ", "z", "z", "z", "z"])
    assert entry.command(1) == Rack(1, "QU??ZZZ")     # seven tiles at most; digits ignored


def test_words_are_cleaned_as_typed():
    entry = typed(WordsEntry(8), list("qi, x-u") + ["Enter"] + list("Zà9a"))
    assert entry.words == ("QI", "XU", "ZA")
    assert entry.done == ["QI", "XU"] and entry.current == "ZA"


def test_space_and_enter_separate_words_and_repeats_do_nothing():
    entry = typed(WordsEntry(8), ["a", "a", " ", " ", "Enter", "b", "a"])
    assert entry.words == ("AA", "BA")


def test_backspace_goes_back_into_the_previous_word():
    entry = typed(WordsEntry(8), ["q", "i", " ", "Backspace", "Backspace", "n"])
    assert entry.words == ("QN",)


def test_word_and_count_limits_are_said():
    entry = typed(WordsEntry(2), list("aa ba "))
    entry.key("c")
    assert entry.words == ("AA", "BA") and "at most 2 words" in entry.problem
    long = typed(WordsEntry(8), list("a" * 15))
    long.key("a")
    assert long.words == ("A" * 15,) and "15 letters" in long.problem


def test_digits_entry():
    entry = typed(DigitsEntry(3), list("1a234") + ["Backspace"])
    assert entry.digits == "12"


def test_a_play_out_is_only_a_play():
    entry = typed(TurnEntry(play_only=True), ["Tab", "1", "2"])
    assert entry.text() == "SCORE 12" and entry.command(0) == Record(0, "play", score=12)


def test_bonus_is_a_toggle_under_rules_that_count_bonus_words():
    """NZASP 9.2 counts bonus words: one tap (BONUS, or ``*`` on a keyboard) says the play used
    all seven tiles, a second unsays it; the play is recorded with 7 tiles placed."""
    entry = TurnEntry(bonus=True)
    assert any(k.label == "BONUS OFF" for k in entry.keyboard().grid)
    typed(entry, ["8", "2", "*"])
    assert entry.text() == "SCORE 82  BONUS"
    assert any(k.label == "BONUS ON" for k in entry.keyboard().grid)
    assert entry.command(0) == Record(0, "play", score=82, placed=7)
    typed(entry, ["*"])
    assert entry.text() == "SCORE 82" and entry.command(0) == Record(0, "play", score=82)
    typed(entry, ["*", "Tab"])                     # an exchange is no bonus word
    assert not entry.all_seven and not any(k.key == "*" for k in entry.keyboard().grid)


def test_no_bonus_key_where_the_rules_count_none():
    entry = TurnEntry()
    assert not any(k.key == "*" for k in entry.keyboard().grid)
    assert not entry.key("*") and typed(entry, ["9", "*"]).command(1) == Record(1, "play", score=9)
