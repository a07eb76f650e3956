"""A table whose game the director voided at the table shows as void on the page, not waiting."""
from director.web.view import tile_state


def status(phase):
    return {"round": 1, "phase": phase, "alerts": {}}


def test_a_voided_game_is_its_own_tile_state():
    assert tile_state(status("void"), has_result=False, round_number=1) == "void"
    assert tile_state(status("confirmed"), has_result=False, round_number=1) == "finished"
    assert tile_state(status("setup"), has_result=False, round_number=1) == "waiting"
