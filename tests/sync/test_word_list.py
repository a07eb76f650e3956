"""The director names the word list (issue 22 item 7): every assignment carries its name and
fingerprint, and whether the round is rated; a table on another list refuses to start a rated
game, and says why (both lists by name and fingerprint), until the director loads the right one."""
from common.game import commands as cmd
from kiosk.lexicon import BUNDLED_LEXICON, open_lexicon
from kiosk.link.assignment import AssignmentFormatError, check, word_list_refusal
import pytest

from tests.sync.test_table_link import linked, until  # noqa: F401 - the fixture and the stepping

ENABLE = open_lexicon(BUNDLED_LEXICON).fingerprint
OTHER = "ab" * 32


def assignment(**fields):
    return {"schema": 1, "kind": "assignment", "tournament": "T", "division": "A", "table": "7",
            "revision": 0, "round": 1, "players": ["Ann", "Bob"], "first": None,
            "round_started_wall": None, "round_ended_wall": None} | fields


def test_the_refusal_names_both_lists_only_for_a_rated_round_on_another_list():
    csw = {"name": "CSW21", "fingerprint": OTHER}
    refusal = word_list_refusal(assignment(lexicon=csw, rated=True), "enable2k", ENABLE)
    assert refusal.startswith(f"word list enable2k is not the director's CSW21 (fingerprint {ENABLE[:8]}, "
                              f"not {OTHER[:8]}): a rated game cannot start")
    assert word_list_refusal(assignment(lexicon=csw, rated=False), "enable2k", ENABLE) == ""
    assert word_list_refusal(assignment(lexicon={"name": "ENABLE", "fingerprint": ENABLE}, rated=True),
                             "enable2k", ENABLE) == ""
    assert word_list_refusal(assignment(), "enable2k", ENABLE) == ""       # the director names none


@pytest.mark.parametrize("field, value", [("lexicon", {"name": "CSW21"}), ("lexicon", {"name": "", "fingerprint": OTHER}),
                                          ("lexicon", {"name": "CSW21", "fingerprint": "xyz"}), ("rated", "yes")])
def test_a_malformed_word_list_is_refused_naming_the_field(field, value):
    with pytest.raises(AssignmentFormatError, match=f"assignment refused: {field}[.:]"):
        check(assignment(**{field: value}))


def director_config(tmp_path, fingerprint: str, rated: bool = True):
    path = tmp_path / "director.toml"
    path.write_text(f'[tournament]\nlexicon = "CSW21"\nlexicon_fingerprint = "{fingerprint}"\n'
                    f'rated = {"true" if rated else "false"}\n', encoding="utf-8")
    return path


def test_a_table_on_another_word_list_does_not_start_a_rated_game(tmp_path, real_director, linked):
    director = real_director({1: {"7": ("Ann", "Bob", None)}}, config=director_config(tmp_path, OTHER))
    k = linked(director.url)
    until(k, lambda: k.link.sender.link.assignment, "the assignment")
    until(k, lambda: k.kiosk.table.start_refusal, "the refusal")
    k.press("right", at=5)                              # Bob, second, would start Ann's clock
    assert k.state.phase == "setup" and k.state.first is None
    assert k.view.error.startswith("word list enable2k is not the director's CSW21")
    assert not k.submit(cmd.Start(0), at=6)


def test_the_directors_own_word_list_or_an_unrated_round_starts(tmp_path, real_director, linked):
    director = real_director({1: {"7": ("Ann", "Bob", None)}}, config=director_config(tmp_path, ENABLE))
    k = linked(director.url)
    until(k, lambda: k.link.sender.link.assignment, "the assignment")
    assert k.link.sender.link.assignment["lexicon"] == {"name": "CSW21", "fingerprint": ENABLE}
    k.press("right", at=5)
    assert k.state.phase == "playing" and k.kiosk.table.start_refusal == ""


def test_the_tables_page_flags_a_table_on_another_list_than_the_directors(tmp_path):
    """With the director's word list named, a table differs from it, not from the others."""
    import time
    from director.web.tables import tables_view
    from tests.support.director_harness import Director, signed_bytes, status_doc
    director = Director(tmp_path / "director.sqlite", settings={
        "tournament.lexicon": "CSW21", "tournament.lexicon_fingerprint": OTHER}).start()
    try:
        for table, fingerprint in ((3, ENABLE), (4, ENABLE), (5, OTHER)):
            director.post(table, "status", signed_bytes({**status_doc(table), "about": {
                "software": "0.1.0", "lexicon": "x", "lexicon_sha256": fingerprint, "selftest": ""}}))
        rows = {row["table"]: row["lexicon_differs"] for row in tables_view(director.db, director.config,
                                                                             time.time())["tables"]}
        assert rows == {"3": True, "4": True, "5": False}       # the two on ENABLE, not the one on CSW21
    finally:
        director.stop()
