"""Attack: a result played under other rules than the tournament's (a kiosk set to another
preset, or to other overrides: a looser spread cap, more challenge points). Refused 409 naming
the first setting that differs, kept in the rejections and listed on the page, nothing stored."""
import pytest

from tests.security.conftest import assert_refused_and_nothing_stored, played
from tests.support.director_harness import signed_bytes


@pytest.mark.parametrize("document, reason", [
    (played(preset="absp"),
     "rules: name: the document's is \"absp\"; the tournament's (aspa, with the config's overrides) "
     "is \"aspa\""),
    (played(overrides={"result.spread_caps": [1000]}),
     "rules: result.spread_caps: the document's is [1000]; the tournament's (aspa, with the "
     "config's overrides) is []"),
    (played(overrides={"challenge": {"points": 25}}),
     "rules: challenge.points: the document's is 25; the tournament's (aspa, with the config's "
     "overrides) is 0"),
], ids=["another preset", "a spread cap", "challenge points"])
def test_a_result_under_other_rules_is_refused(paired_director, document, reason):
    answer = paired_director.post(5, "results", signed_bytes(document))
    assert_refused_and_nothing_stored(paired_director, answer, 409, reason)


def test_rules_edited_in_the_document_alone_are_refused(paired_director):
    """The rules the document carries, not only the game's: a setting changed after the game."""
    document = played()
    document["rules"]["clock"]["overtime_penalty_points"] = 0
    answer = paired_director.post(5, "results", signed_bytes(document))
    assert_refused_and_nothing_stored(paired_director, answer, 409,
                                      "rules: clock.overtime_penalty_points: the document's is 0; "
                                      "the tournament's (aspa, with the config's overrides) is 10")
