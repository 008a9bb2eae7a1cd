# Two commands: `make run` sets up and starts the app; `make test` sets up and runs every test.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
HOST ?= 0.0.0.0
PORT ?= 5000

.PHONY: run test lint bench clean

$(VENV)/.run: requirements.txt
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --disable-pip-version-check -r requirements.txt
	touch $@

$(VENV)/.dev: $(VENV)/.run requirements-dev.txt
	$(PY) -m pip install --quiet --disable-pip-version-check -r requirements-dev.txt
	touch $@

run: $(VENV)/.run
	$(PY) -m scorekeeper.web.serve --host $(HOST) --port $(PORT)

test: $(VENV)/.dev
	scripts/install-browser
	$(PY) -m ruff check .
	$(PY) -m pytest

lint: $(VENV)/.dev
	$(PY) -m ruff check .
	$(PY) -m ruff format --check .
	$(PY) -m mypy

bench: $(VENV)/.dev
	$(PY) -m bench.moves
	$(PY) -m bench.web

clean:
	rm -rf $(VENV) .pytest_cache .hypothesis
