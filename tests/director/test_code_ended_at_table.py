"""A code whose three tries a table spent has ended there, as the table says ("the code has
ended: ask the director for a new one"): the tables page says so too, never "open (7 tries
left)" (issue 36); a new code opens it again. The real service's enrollment by code over HTTP,
each try a real start of the exchange (common.wire.code_exchange) from this address."""
import json
import urllib.request

from common.wire import code_exchange as protocol


def start(director, table: str, code: str) -> dict:
    request = urllib.request.Request(f"{director.url}/api/enroll/start",
                                     data=protocol.TableExchange(table, code).start_body(),
                                     method="POST", headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=30) as answer:
        return json.loads(answer.read())


def row(director, table: str) -> dict:
    listing = director.request("GET", "/api/tables").body
    (found,) = [r for r in listing["tables"] if r["table"] == table]
    return found


def test_the_tables_page_says_a_code_ended_where_its_tries_were_spent(director):
    made = director.request("POST", "/api/enroll", json.dumps({"table": "7"}).encode()).body
    wrong = f"{(int(made['code']) + 1) % 10**6:06d}"
    assert row(director, "7")["enrollment"] == f"code open ({10} tries left)"
    left = [protocol.parse_start_answer(json.dumps(start(director, "7", wrong)).encode()).tries_left
            for _ in range(protocol.TRIES)]
    assert left == [2, 1, 0]                      # the table says: the code has ended
    shown = row(director, "7")
    assert shown["enrollment"] == ("code ended at 127.0.0.1 (its 3 tries there spent, as the "
                                   "table says): make a new one")
    assert (shown["code"], shown["code_until"], shown["enrolled"]) == ("", None, False)
    director.request("POST", "/api/enroll", json.dumps({"table": "7"}).encode())
    assert row(director, "7")["enrollment"] == "code open (10 tries left)"
