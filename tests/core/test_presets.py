"""Presets as data: every setting present, the four rule books' values exact, overrides checked."""
import pytest

from common.game.rules import RulesError, SECTIONS, describe_settings, rules_from_preset
from common.presets import load_preset, load_rules, preset_names


def test_the_four_presets_exist_and_load():
    assert {"aspa", "absp", "nzasp", "school"} <= set(preset_names())
    for name in preset_names():
        assert load_preset(name).name == name


@pytest.mark.parametrize("name, seconds", [("aspa", 1500), ("absp", 1500), ("nzasp", 1500), ("school", 1320)])
def test_time_per_side(name, seconds):
    assert load_preset(name).clock.time_per_side_s == seconds


def test_a_preset_must_give_every_setting():
    data = load_preset("aspa").to_dict()
    del data["hold"]["lapse_s"]
    with pytest.raises(RulesError) as err:
        rules_from_preset(data, "config/presets/mine.toml")
    assert str(err.value) == ("config/presets/mine.toml: hold.lapse_s: expected an integer >= 0; missing")


def test_round_trip_through_dict():
    for name in preset_names():
        rules = load_preset(name)
        assert rules_from_preset(rules.to_dict(), "dict") == rules


@pytest.mark.parametrize("overrides, message", [
    ({"clock": {"time_per_side_s": "25:00"}},
     "t.toml: clock.time_per_side_s: expected an integer >= 1; got '25:00'"),
    ({"challenge": {"outcome_valid": "fine"}},
     "t.toml: challenge.outcome_valid: expected one of 'none', 'points_per_challenge', "
     "'points_per_word', 'challenger_loses_turn'; got 'fine'"),
    ({"zero_run.counts": ["pass", "bingo"]},
     "t.toml: zero_run.counts: expected a list drawn from 'pass', 'exchange', 'phony', 'lost', "
     "'zero_play'; got ['pass', 'bingo']"),
    ({"clok": {"x": 1}}, "t.toml: clok: expected a section: clock, hold, challenge, zero_run, end, "
                         "late, result; unknown setting"),
    ({"end": {"out_bonus": 2}}, "t.toml: end.out_bonus: expected one of out_bonus_multiplier, "
                                "opponent_minus_own, accept_window_s, full_racks; unknown setting"),
    ({"hold": {"lapse_s": True}}, "t.toml: hold.lapse_s: expected an integer >= 0; got True"),
])
def test_a_bad_override_names_the_file_the_key_and_what_was_expected(overrides, message):
    with pytest.raises(RulesError) as err:
        load_rules("aspa", overrides, "t.toml")
    assert str(err.value) == message


def test_any_setting_may_be_overridden_nested_or_dotted():
    rules = load_rules("absp", {"challenge": {"outcome_valid": "points_per_challenge", "points": 10},
                                "result.spread_caps": [200]})
    assert rules.challenge.outcome_valid == "points_per_challenge"
    assert rules.challenge.points == 10
    assert rules.spread_cap(7) == 200
    assert load_preset("absp").challenge.points == 0       # the preset itself is untouched


def test_an_unknown_preset_is_refused_with_the_choices():
    with pytest.raises(RulesError) as err:
        load_rules("wespa2")
    assert "one of" in str(err.value) and "aspa" in str(err.value)


def test_every_setting_is_documented_in_the_schema():
    rows = describe_settings()
    assert len(rows) == sum(len(cls.__dataclass_fields__) for cls in SECTIONS.values())
    assert all(help_text and expected for _, expected, help_text in rows)


def test_a_game_stored_before_the_issue_19_settings_keeps_the_reading_it_was_played_under():
    """A kiosk's journal keeps each game's rules; one stored before a setting existed is read
    back with that setting's legacy value (the core's reading then), never refused."""
    data = load_preset("nzasp").to_dict()
    del data["cite"]
    for section, name in [("clock", "overtime_counts"), ("clock", "blank_send_back"),
                          ("late", "charge_limit_s"), ("late", "forfeit_margin"),
                          ("result", "forfeit_margin"), ("challenge", "false_blank")]:
        del data[section][name]
    with pytest.raises(RulesError, match="clock.overtime_counts: .*; missing"):
        rules_from_preset(data, "a preset file")           # a preset file must give them all
    rules = rules_from_preset(data, "a stored game", stored=True)
    assert rules.clock.overtime_counts == "whole_seconds" and rules.clock.blank_send_back is False
    assert (rules.late.charge_limit_s, rules.late.forfeit_margin) == (0, "at_least")
    assert rules.result.forfeit_margin == "at_least" and rules.cites == ()


def test_a_cite_names_a_setting_and_a_rule():
    data = load_preset("absp").to_dict()
    assert load_preset("absp").cite("late.elect_forfeit_under_s") == "ABSP 3.1.3"
    with pytest.raises(RulesError, match="cite.late.forfeit: expected a setting"):
        rules_from_preset(data | {"cite": {"late.forfeit": "ABSP 3.1.4"}}, "p.toml")
    with pytest.raises(RulesError, match="cite.late.forfeit_spread: expected the rule's name"):
        rules_from_preset(data | {"cite": {"late.forfeit_spread": ""}}, "p.toml")
