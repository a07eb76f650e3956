"""What a live page is sent (director.web.live_patch): only what changed, and a page that applies
it holds exactly the new parts, whatever changed (groups added, removed, reordered, an item's
table moved). The page's JavaScript applies the same events (tests/director/test_page.py)."""
import copy
import json

from hypothesis import given, settings, strategies as st

from director.web.live_patch import GROUPED, apply, diff, event, whole

tile = st.fixed_dictionaries({"table": st.sampled_from(["1", "2", "3", "10", "A"]),
                              "state": st.sampled_from(["waiting", "playing", "result"]),
                              "scores": st.none() | st.lists(st.integers(0, 600), min_size=2, max_size=2)})
group = st.fixed_dictionaries({"division": st.sampled_from(["A", "B", "C", None]),
                               "round": st.none() | st.integers(1, 3),
                               "tiles": st.lists(tile, max_size=4, unique_by=lambda t: t["table"])})
groups = st.lists(group, max_size=3, unique_by=lambda g: g["division"])


@settings(max_examples=300, deadline=None)
@given(groups, groups)
def test_a_page_holding_the_old_parts_holds_the_new_ones_after_the_events(old, new):
    page = {"tiles": copy.deepcopy(old)}
    data = diff("tiles", old, new)
    if data is None:
        assert old == new
    else:
        apply(page, "tiles", json.loads(json.dumps(data)))      # as it travels
    assert page["tiles"] == new


def tiles(*states):
    return [{"division": "A", "round": 1, "tiles": [{"table": str(n), "state": s}
                                                     for n, s in enumerate(states, 1)]}]


def test_one_table_changed_is_one_tile_sent():
    assert diff("tiles", tiles("waiting", "playing", "waiting"), tiles("waiting", "result", "waiting")) == {
        "groups": [{"division": "A", "items": [{"table": "2", "state": "result"}]}]}


def test_a_table_more_sends_its_division_whole_and_a_division_more_sends_every_division():
    assert diff("tiles", tiles("waiting"), tiles("waiting", "playing")) == {
        "groups": [{"division": "A", "group": tiles("waiting", "playing")[0]}]}
    two = tiles("waiting") + [{"division": "B", "round": 1, "tiles": []}]
    assert diff("tiles", tiles("waiting"), two) == {"whole": two}


def test_the_standings_send_only_the_divisions_that_changed_and_other_parts_whole():
    old = [{"division": "A", "html": "<table>a</table>"}, {"division": "B", "html": "<table>b</table>"}]
    new = [old[0], {"division": "B", "html": "<table>b2</table>"}]
    assert diff("standings", old, new) == {"groups": [{"division": "B", "group": new[1]}]}
    assert diff("clock", {"now": 1.0}, {"now": 2.0}) == {"now": 2.0}
    assert diff("event", {"name": "x"}, {"name": "x"}) is None
    assert set(GROUPED) == {"tiles", "results", "standings"}


def test_an_event_is_one_server_sent_event_of_compact_json():
    assert event("results", whole("results", [])) == b'event: results\ndata: {"whole":[]}\n\n'
    assert event("clock", whole("clock", {"now": 1.5})) == b'event: clock\ndata: {"now":1.5}\n\n'
