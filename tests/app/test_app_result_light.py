"""The "result sent" status LED speaks of this game: it lights once the director has
acknowledged this game's locked result, even while an older game's result, one the director
refused, is still in the outbox (MockFactory pins, the real kiosk on its SQLite store)."""
import time

from drivers.leds import StatusLeds
from common.game import commands as cmd
from kiosk.hardware.player_displays import PlayerOutputs
from kiosk.session import RESULT
from tests.support.app_harness import S, T0

SENT_PIN = 19


def test_the_result_sent_light_waits_for_this_games_result_not_an_older_refused_one(kiosks):
    k = kiosks(gpio=True)
    k.kiosk.outputs.close()
    k.kiosk.outputs = PlayerOutputs({}, StatusLeds(k.factory, {"result_sent": SENT_PIN}))
    outbox = k.session.outbox
    older = outbox.put(RESULT, {"document": {"game_id": "table-7-round-2-game-9"}, "signature": "0" * 64},
                       time.time())
    outbox.mark_sent_failed(older, time.time(), "400: refused", at_cap=True)   # refused, stays

    k.press("right", at=1)                                   # Bob, second, starts Ann's clock
    assert k.table.submit(cmd.Forfeit(1, "director"), T0 + 5 * S)
    assert k.table.submit(cmd.Confirm(0), T0 + 6 * S) and k.table.submit(cmd.Confirm(1), T0 + 7 * S)
    assert k.state.phase == "confirmed"
    k.at(8).step()
    assert k.factory.pin(SENT_PIN).state == 0                # this game's result not yet acknowledged
    (mine,) = [d for d in outbox.due(time.time()) if d.body["document"]["game_id"] == k.session.document_id()]
    outbox.ack(mine.id, time.time())                         # the director has it
    k.at(10).step()
    assert outbox.pending() == 1                             # the older one still waits, refused
    assert k.factory.pin(SENT_PIN).state == 1
