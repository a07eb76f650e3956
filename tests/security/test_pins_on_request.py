"""Attack: every table's own director's PIN rode on each refresh of the tables page
(``GET /api/tables`` every 3 s) and the "show PINs" box only hid them: whoever reads the page's
traffic (a screen shared, a proxy's log, the browser's network panel, an open Wi-Fi) had every
PIN without asking. The list carries no PIN; they come only when asked (``?pins=1``, the box
ticked), behind the director's session like the rest: 401 without it, and nothing changes."""
from common.wire.code_exchange import table_pin
from tests.support.director_harness import KEY, signed_bytes, status_doc


def test_the_tables_list_carries_no_pin_unless_asked(director):
    for table in (3, 4):
        assert director.post(table, "status", signed_bytes(status_doc(table))).code == 200
    before = director.stored()
    listed = director.request("GET", "/api/tables")
    assert listed.code == 200 and [t["table"] for t in listed.body["tables"]] == ["3", "4"]
    assert all("pin" not in t for t in listed.body["tables"])
    text = str(listed.body)
    assert table_pin(KEY.encode(), "3") not in text and table_pin(KEY.encode(), "4") not in text
    asked = director.request("GET", "/api/tables?pins=1")
    assert [t["pin"] for t in asked.body["tables"]] == [table_pin(KEY.encode(), "3"),
                                                        table_pin(KEY.encode(), "4")]
    assert director.stored() == before and director.up()


def test_the_pins_are_the_directors_only(director):
    assert director.post(3, "status", signed_bytes(status_doc(3))).code == 200
    refused = director.request("GET", "/api/tables?pins=1", anonymous=True)
    assert refused.code == 401 and table_pin(KEY.encode(), "3") not in str(refused.body)
    assert director.request("GET", "/api/tables?pins=1", None, {"Cookie": "tablekeeper_session=guessed"},
                            anonymous=True).code == 401
    assert director.up()
