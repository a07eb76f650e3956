"""A division's draw in the director's config: ``[draw]`` for every division, ``[draw.DIVISION]``
for one (its keys over ``[draw]``'s); a bad value stops the director naming the file, the key
and the values it takes."""
import pytest

from director.config import DRAW_SEEDINGS, DRAW_SYSTEMS, load_config
from director.event import draw
from director.event.model import Player
from common.game.errors import ConfigError

KEY = '[tournament]\nkey = "a-key-of-sixteen-or-more"\n'


def config(tmp_path, text):
    path = tmp_path / "director.toml"
    path.write_text(KEY + text, encoding="utf-8")
    return load_config(path), path


def test_every_division_and_one_division_have_their_draw(tmp_path):
    made, _ = config(tmp_path, '[draw]\nsystem = "swiss"\nking_of_the_hill = 1\nrounds = 7\n'
                               '[draw.B]\nsystem = "round_robin"\nseeding = "file"\n'
                               'king_of_the_hill = 0\n')
    assert made.draw[""] == {"system": "swiss", "king_of_the_hill": 1, "seeding": "rating", "rounds": 7,
                             "gibson": 0}
    assert made.draw["B"] == {"system": "round_robin", "king_of_the_hill": 0, "seeding": "file",
                              "rounds": 7, "gibson": 0}
    assert draw.DrawSettings(**made.draw["B"]).system == "round_robin"


def test_without_a_draw_the_pairings_come_from_tsh(tmp_path):
    made, _ = config(tmp_path, "")
    assert made.draw == {"": {"system": "tsh", "king_of_the_hill": 0, "seeding": "rating", "rounds": 0,
                              "gibson": 0}}


def test_a_swiss_without_its_rounds_has_a_round_robins_and_gibson_is_the_prize_places(tmp_path):
    made, _ = config(tmp_path, '[draw]\nsystem = "swiss"\ngibson = 3\n')
    settings = draw.DrawSettings(**made.draw[""])
    assert (settings.rounds, settings.gibson) == (0, 3)
    players = [Player(n, f"P{n}", 1500) for n in range(1, 11)]
    assert draw.round_count(settings, players) == 9


@pytest.mark.parametrize("text, key, expected", [
    ('[draw]\nsystem = "swis"\n', "draw.system", '"round_robin", "double_round_robin", "swiss", "tsh"'),
    ('[draw.A]\nsystem = "knockout"\n', "draw.A.system", '"swiss"'),
    ('[draw.A]\nking_of_the_hill = -1\n', "draw.A.king_of_the_hill", "0 to 99"),
    ('[draw]\nseeding = "random"\n', "draw.seeding", '"rating", "file"'),
    ('[draw.A]\nrounds = "seven"\n', "draw.A.rounds", "0 to 99"),
    ('[draw.A]\npairing = "swiss"\n', "draw.A.pairing", "system, king_of_the_hill, seeding, rounds"),
    ('[draw]\ngibson = 1.5\n', "draw.gibson", "prize places from 0 to 99"),
    ('[draw.A]\nsystem = "double_round_robin"\ngibson = 3\n', "draw.A.gibson",
     "0 for a double round robin"),
    ('[draw.A]\nsystem = "round_robin"\nking_of_the_hill = 2\nrounds = 5\n',
     "draw.A.king_of_the_hill", "0 for a round robin"),
    ('[draw.A]\nsystem = "swiss"\nking_of_the_hill = 4\nrounds = 3\n', "draw.A.rounds",
     "at least king_of_the_hill (4)"),
])
def test_a_bad_draw_names_the_file_the_key_and_what_it_takes(tmp_path, text, key, expected):
    with pytest.raises(ConfigError) as refused:
        config(tmp_path, text)
    message = str(refused.value)
    assert message.startswith(f"{tmp_path / 'director.toml'}: {key}: expected ") and expected in message


def test_the_configs_systems_are_the_draws():
    assert DRAW_SYSTEMS == draw.SYSTEMS
    assert set(DRAW_SEEDINGS) == {draw.DrawSettings(seeding=s).seeding for s in DRAW_SEEDINGS}
