"""The table kiosk with ``director.serial``: a whole kiosk (kiosk.app.Kiosk, its store, screens
and loop) on one end of a pseudo-terminal line, a real ``python -m director --serial PORT
--addresses 7`` on the other. The director's assignment reaches the table in its polls, the
locked result reaches the director's database, and the top line says so."""
import json

from common.game import commands as cmd
from bench.rigs.linked_kiosk import LinkedKiosk
from bench.rigs.sync_kiosks import KEY, TOURNAMENT
from bench.rigs.lossy_proxy import LossyLine
from tests.support.wait import wait_until

WAIT_S = 120.0


def test_a_kiosk_on_a_serial_line_gets_its_assignment_and_delivers_its_locked_result(
        tmp_path, director_process):
    line = LossyLine(1, drop=0, corrupt=0, duplicate=0).start()      # a clean line
    kiosk = director = None
    try:
        director = director_process(key=KEY, tournament=TOURNAMENT, pairings={3: {"7": ("Cy", "Di", 0)}},
                                    started=False, args=("--serial", line.director_port, "--addresses", "7"))
        kiosk = LinkedKiosk(tmp_path / "kiosk.sqlite", serial=line.table_ports[0], tournament="")

        def step_until(check, what):
            return wait_until(lambda: kiosk.step() is not None and check(), WAIT_S, what)

        step_until(lambda: (kiosk.state.round, kiosk.state.players) == (3, ("Cy", "Di")),
                   "the assignment over the serial line")
        for command, at in ((cmd.Start(0), 1), (cmd.Play(0, 30), 20), (cmd.Out(1, 24), 40),
                            (cmd.Accept(0), 45), (cmd.Rack(0, "AE"), 50), (cmd.Confirm(0), 60),
                            (cmd.Confirm(1), 61)):
            assert kiosk.submit(command, at), command
        assert kiosk.state.phase == "confirmed"
        director.round_action("start", 3)                 # the result counts once its round has
        step_until(lambda: kiosk.view.top.endswith("result sent to director"),
                   "the result acknowledged on the top line")
        [row] = director.rows("results")
        assert (row["source"], row["table_name"], row["round"], row["player0"], row["player1"]) == (
            "serial", "7", 3, "Cy", "Di")
        assert (row["tournament"], row["score0"], row["score1"]) == ("Link Open", 30 - 2, 24 + 2)
        status = wait_until(lambda: [json.loads(r["document"]) for r in director.rows("status")
                                     if json.loads(r["document"])["phase"] == "confirmed"],
                            WAIT_S, "the status of the locked game")
        assert status[0]["table"] == "7" and status[0]["players"] == ["Cy", "Di"]
    finally:
        if kiosk is not None:
            kiosk.close()
        if director is not None:
            director.stop()
        line.stop()
