"""Bonus words at the table: NZASP 9.2 and 10.2 credit a bye or a forfeit win with "the player's
average score, +50 spread points and average bonus words for the Tournament added to the
player's aggregate score, spread points and bonus words", so a table playing under NZASP counts
each player's bonus words (plays of all seven tiles) in its result. A preset without the setting
(``result.bonus_words``) reads and writes as it did before it existed."""
from common.game import commands as c
from common.game.rules import rules_from_preset
from common.presets import load_rules


def test_nzasp_counts_each_players_plays_of_all_seven_tiles(table):
    """NZASP 9.2: 'average bonus words for the Tournament': the table counts them, a play of all
    seven tiles (placed 7) being one."""
    t = table("nzasp")
    t.start()
    t.play(10, 0, 82, placed=7)
    t.play(20, 1, 12, placed=2)
    t.play(30, 0, 74, placed=7)
    t.play(40, 1, 90, placed=7)
    result = t.result()
    assert result.bonus_words == (2, 1)
    assert result.to_dict()["bonus_words"] == [2, 1]


def test_a_seven_tile_play_challenged_off_is_no_bonus_word(table):
    """A play found unacceptable comes off the board (NZASP 6.16): no word, so no bonus word."""
    t = table("nzasp")
    t.start()
    t.play(10, 0, 82, placed=7)
    t.at(15, c.Challenge(1, ("QXZTAEI",), valid=False))
    assert t.result().bonus_words == (0, 0)


def test_presets_without_bonus_words_carry_none(table):
    """ASPA, ABSP and school count no bonus words: the result and the rules as data are what they
    were before the setting existed (the golden scenarios stay as they were)."""
    for preset in ("aspa", "absp", "school"):
        t = table(preset)
        t.start()
        t.play(10, 0, 82, placed=7)
        assert t.result().bonus_words is None
        assert "bonus_words" not in t.result().to_dict()
        rules = load_rules(preset).to_dict()
        assert "bonus_words" not in rules["result"] and "average_credit" not in rules["result"]
        assert rules_from_preset(rules, preset) == load_rules(preset)


def test_nzasp_rules_say_both_settings_and_read_back():
    rules = load_rules("nzasp")
    assert rules.result.bonus_words and rules.result.average_credit
    data = rules.to_dict()
    assert data["result"]["bonus_words"] is True and data["result"]["average_credit"] is True
    assert rules_from_preset(data, "nzasp") == rules


def test_no_more_bonus_words_than_a_set_of_100_tiles_holds(table):
    """A set has 100 tiles: fourteen plays of seven are 98 on the board, and a fifteenth cannot
    be (a BONUS pressed once too often); the table says so and records nothing. A play taken off
    gives its tiles back, so the board has room again."""
    from common.game.errors import BadTurn
    import pytest
    t = table("nzasp")
    t.start()
    for n in range(14):
        t.play(10 * (n + 1), n % 2, 60, placed=7)
    with pytest.raises(BadTurn, match="the set has 100 tiles and the plays on the board placed 98: "
                                      "this play cannot place 7 more"):
        t.play(150, 0, 60, placed=7)
    assert t.result().bonus_words == (7, 7)
    t.play(150, 0, 4, placed=2)
    assert t.state.tiles_on_board() == 100
