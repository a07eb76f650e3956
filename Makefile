# Two commands on a fresh machine: `make run` (the kiosk with simulated hardware and a demo game;
# without a display it plays the game by itself, headless) and `make test`. Each builds the venv first.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed

.PHONY: run test bench director clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[test,director]'
	touch $(STAMP)

run: $(STAMP)
	$(PY) -m kiosk demo

test: $(STAMP)
	SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy $(PY) -m pytest

director: $(STAMP)
	$(PY) -m director --config config/director.example.toml --host 127.0.0.1 --port 8080

bench: $(STAMP)
	$(PY) -m bench

clean:
	rm -rf $(VENV) *.egg-info
