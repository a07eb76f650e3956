# Two commands on a fresh machine: `make run` (the kiosk with simulated hardware and a demo game;
# without a display it plays the game by itself, headless) and `make test`. Each builds the venv first.
# Another Python in a venv of its own: make test PYTHON=python3.13 VENV=.venv-3.13
PYTHON ?= python3
VENV ?= .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed

# Python's bytecode cache kept (__pycache__/, ignored by git) whatever the shell says
# (PYTHONDONTWRITEBYTECODE, set on this machine): the tests start four workers and some hundred
# Python processes, and without it each compiles the program, and each worker rewrites the
# tests' asserts, again (13 s of a worker's start, 3 s with the cache).
unexport PYTHONDONTWRITEBYTECODE

.PHONY: run test check bench director rehearsal lexicon screenshots lock wheelhouse pi-check clean

# The venv installs the dev lock (install/lock/dev.txt: the table's and the director's packages as
# the fleet's locks have them, and the test tools), every file checked against its hash, then the
# program itself alone, built with the lock's setuptools; the packages' bytecode compiled over
# every core (pip compiles file by file: 7 s more on the 2-core machine).
$(STAMP): pyproject.toml install/lock/dev.txt
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --no-compile --require-hashes -r install/lock/dev.txt
	$(PY) -m pip install --quiet --no-compile --no-deps --no-build-isolation -e .
	$(PY) -m compileall -q -j 0 $$($(PY) -c 'import sysconfig; print(sysconfig.get_path("purelib"))') >/dev/null
	touch $(STAMP)

# The program's bytecode, compiled over every core before the tests' workers start (each would
# compile what it imports at once: four times the work); at once when nothing changed.
BYTECODE := common kiosk director drivers table_input bench tests/support

run: $(STAMP)
	$(PY) -m kiosk demo

# The whole set-up on a fresh machine: the system programs the tests drive (install/test-packages.sh:
# installed as root, or one line naming the command to run), the venv, then every test, spread
# over TEST_WORKERS pytest-xdist workers, the slow ones first (conftest.py), an idle worker
# taking the tests still queued at another (worksteal). More workers than cores: the slow tests
# spend most of their time waiting on the processes they start (the rehearsals' kiosks, the
# demos played in real time, the killed tables). docs/development.md has the figures.
TEST_WORKERS ?= 6
test:
	PYTHON=$(PYTHON) bash install/test-packages.sh
	$(MAKE) --no-print-directory $(STAMP)
	$(PY) -m compileall -q -j 0 $(BYTECODE) >/dev/null
	SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy $(PY) -m pytest -n $(TEST_WORKERS) --dist worksteal

# The tests not marked slow: those in pytest's own process (none starts a Python or a shell:
# conftest.py fails one that does unmarked; no killed processes, whole demo, lossy line,
# browser, benchmarks or hypothesis runs), spread over 4 workers: under two minutes on the
# 2-core machine from a fresh clone, the venv built first; for work in progress. make test
# runs every test.
check: $(STAMP)
	$(PY) -m compileall -q -j 0 $(BYTECODE) >/dev/null
	SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy $(PY) -m pytest -m "not slow" -n 4

director: $(STAMP)
	$(PY) -m director --config config/director.example.toml --host 127.0.0.1 --port 8080

# The rehearsal before the doors open (docs/director.md): a director and 30 real kiosks driven by
# game scripts, 3 rounds started at once, a power cut, the director killed, a table without
# network, a table on a serial line; every result and the standings checked; a short report.
rehearsal: $(STAMP)
	$(PY) -m director rehearse --tables 30 --rounds 3

bench: $(STAMP)
	$(PY) -m bench

# The screenshots of the README and the guides (docs/images/), made again: the clock screen from
# the headless demo (its sixth turn being entered), the director's page from its Playwright test
# of an event with two divisions and the public view on a phone, every screen of the table from
# the layout test (keyboard-*.png and screen-*.png: the guides' at 800x480 and 1920x1080, every one
# at 720x1280, the Touch Display 2 standing; game-*.png: a whole game with long names, NZASP's entry
# among them). Every screen at every size the test draws, and each
# verdict as a deuteranope sees it, go to var/screens.
screenshots: $(STAMP)
	rm -rf var/doc-shots var/screens
	SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy $(PY) -m kiosk demo --headless --shots var/doc-shots
	cp "$$(ls var/doc-shots/*-entry.png | sed -n 6p)" docs/images/clock.png
	TABLEKEEPER_DOCS_IMAGES=docs/images $(PY) -m pytest -q -p no:cacheprovider \
		tests/director/test_page.py -k two_divisions
	TABLEKEEPER_DOCS_IMAGES=docs/images TABLEKEEPER_SHOTS=var/screens $(PY) -m pytest -q -p no:cacheprovider \
		tests/director/test_login_and_live.py tests/director/test_phone_view.py
	TABLEKEEPER_DOCS_IMAGES=docs/images TABLEKEEPER_SHOTS=var/screens SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy \
		$(PY) -m pytest -q -p no:cacheprovider tests/ui/test_ui_keyboard_screens.py tests/ui/test_ui_colour_vision.py \
		tests/ui/test_ui_whole_game.py

# The bundled ENABLE list (kiosk/lexicon/data/enable2k.lex), compiled again from the public-domain
# text beside the repository; tests/lexicon/test_lexicon_bundled.py checks it holds those words.
lexicon: $(STAMP)
	$(PY) -m kiosk lexicon import ../shared/lexicons/enable2k.txt --name enable2k \
		--out kiosk/lexicon/data/enable2k.lex --force

# The lock files (install/lock/*.txt; install/lockfile.py says what each holds) made again from
# pyproject.toml's pins with uv, which install/lock.sh keeps in .venv-lock/: after a pin changes
# (other locked versions stay), or UPGRADE=1 for the newest indirect packages the pins allow.
# tests/install/test_lock.py fails until the locks agree with pyproject.toml.
lock:
	bash install/lock.sh --python $(PYTHON) $(if $(UPGRADE),--upgrade)

# Every Python package a Pi needs (aarch64 wheels for Python 3.11 bookworm and 3.13 trixie), in
# wheelhouse/: copy the checkout with it to a USB stick, and sudo install/pi-install.sh on the Pi
# installs without internet (install/wheelhouse.sh; docs/install.md).
wheelhouse: $(STAMP)
	bash install/wheelhouse.sh --python $(PY) wheelhouse

# The Pi before a Pi (tests/pi/check.py; docs/development.md): arm64 Debian roots (bookworm and
# trixie) under qemu-user emulation, kept as tarballs in /var/cache/tablekeeper-pi-check; in each,
# the real install/pi-install.sh (a table, the director on the same machine, again from the
# wheelhouse with no network), the demo, the golden scenarios, a table enrolled by code playing a
# game to the director's page, the self-test and tests/core, each step timed. As root (it installs
# qemu-user-static, debootstrap and binfmt-support when missing; a machine that cannot run arm64
# says SKIPPED and why). One release: make pi-check PI_RELEASES=bookworm
PI_RELEASES ?= bookworm trixie
pi-check: $(STAMP)
	$(PY) -m tests.pi.check $(foreach r,$(PI_RELEASES),--release $(r))

clean:
	rm -rf $(VENV) *.egg-info
