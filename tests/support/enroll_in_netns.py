"""Run inside a network namespace of the test's own (tests/sync/test_enroll_mdns.py): the
director's service on the namespace's loopback, announced over multicast DNS; a code made with
``python -m director enroll``; ``python -m kiosk enroll`` without an address, finding the
director by DNS-SD. Prints one JSON line: what each step said."""
import json
import re
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
folder, port = Path(sys.argv[1]), sys.argv[2]
run = dict(cwd=ROOT, capture_output=True, text=True, timeout=120)
config = folder / "director.toml"
config.write_text('[tournament]\nname = "Newcomer Open"\nkey = "mdns-test-key-0123456"\n'
                  f'[service]\nhost = "127.0.0.1"\nport = {port}\ndb = "{folder / "d.sqlite"}"\n'
                  f'password_file = "{folder / "none.password"}"\nannounce = true\n')
log = open(folder / "director.log", "wb")
director = subprocess.Popen([sys.executable, "-m", "director", "--config", str(config)], cwd=ROOT,
                            stdout=log, stderr=subprocess.STDOUT)
report = {}
try:
    deadline = time.monotonic() + 60
    while True:
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/live", timeout=2).read()
            break
        except OSError:
            if time.monotonic() > deadline or director.poll() is not None:
                raise SystemExit(print(json.dumps({"error": (folder / "director.log").read_text()})))
            time.sleep(0.1)
    made = subprocess.run([sys.executable, "-m", "director", "enroll", "7", "--config", str(config)], **run)
    code = re.search(r"code (\d{3}) (\d{3})", made.stdout)
    code = code[1] + code[2]
    kiosk = folder / "kiosk.toml"
    kiosk.write_text(f'[hardware]\nbuttons = "sim"\n[kiosk]\nenrollment = "{folder / "enrollment.toml"}"\n')
    enrolled = subprocess.run([sys.executable, "-m", "kiosk", "enroll", "--config", str(kiosk),
                               "--table", "7", "--code", code, "--interface", "127.0.0.1",
                               "--wait", "5"], **run)
    report = {"enrolled": enrolled.returncode, "stdout": enrolled.stdout, "stderr": enrolled.stderr}
finally:
    director.terminate()
    director.wait(60)
    log.close()
report["director_log"] = (folder / "director.log").read_text()
print(json.dumps(report))
