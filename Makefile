# Two commands: `make run` sets up and starts the app; `make test` sets up and runs every test.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
HOST ?= 0.0.0.0
PORT ?= 5000
# `make test` also runs the tests on the oldest and newest supported Python it finds (scripts/find-pythons), each in
# .venv-X.Y, the browser tests once, on the newest; if the newest is older than this, it says so loudly and runs on
# what there is.
NEWEST_PYTHON ?= 3.13

.PHONY: run test quick lint bench clean messages lock

# The catalogues: extract every message of the code and templates into the template (messages.pot), then add the
# new ones to each language's messages.po for translating. The app compiles a .po when it starts.
messages: $(VENV)/.run
	$(VENV)/bin/pybabel extract -F babel.cfg --no-wrap --no-location --sort-output --omit-header -o scorekeeper/translations/messages.pot .
	$(VENV)/bin/pybabel update --no-wrap --ignore-obsolete --no-fuzzy-matching -i scorekeeper/translations/messages.pot -d scorekeeper/translations

# The lock: requirements.in and requirements-dev.in say what the project asks for; `make lock` resolves them with
# pip-tools into requirements.txt and requirements-dev.txt, every package pinned, those they need included, so that
# every machine installs exactly what was tested. Run it after changing a .in file, and commit all four.
lock:
	$(PYTHON) -m venv .venv-lock
	.venv-lock/bin/pip install --quiet --disable-pip-version-check pip-tools
	.venv-lock/bin/pip-compile --quiet --strip-extras --allow-unsafe --no-emit-index-url --no-emit-find-links --output-file requirements.txt requirements.in
	.venv-lock/bin/pip-compile --quiet --strip-extras --allow-unsafe --no-emit-index-url --no-emit-find-links --output-file requirements-dev.txt requirements-dev.in

# The venv rules also make the other Pythons' venvs: `make VENV=.venv-3.13 PYTHON=/path/to/python3 .venv-3.13/.dev`.
$(VENV)/.run: requirements.txt
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --disable-pip-version-check -r requirements.txt
	touch $@

$(VENV)/.dev: $(VENV)/.run requirements-dev.txt
	$(PY) -m pip install --quiet --disable-pip-version-check -r requirements-dev.txt
	touch $@

run: $(VENV)/.run
	$(PY) -m scorekeeper.serve --host $(HOST) --port $(PORT)

test: $(VENV)/.dev
	scripts/install-browser
	scripts/install-axe
	scripts/install-proxies
	$(PY) -m ruff check .
	$(PY) -m mypy
	MAKE="$(MAKE)" scripts/test-each-python $(PYTHON) $(NEWEST_PYTHON)

# The quick loop while working: `make quick` runs, on the default Python only and over every core, the tests that
# need no browser and are not marked slow (pytest.mark.slow, for a test of many seconds). `make test` runs them all,
# as CI does. One file or one test: .venv/bin/python -m pytest tests/test_api.py -k keeper (add -n 2 for a big file).
# The browser tests alone, spread over three browsers: .venv/bin/python -m pytest -m browser -n 3
quick: $(VENV)/.dev
	$(PY) -m pytest -m "not browser and not slow" -n auto --dist loadfile -q

lint: $(VENV)/.dev
	$(PY) -m ruff check .
	$(PY) -m ruff format --check .
	$(PY) -m mypy

bench: $(VENV)/.dev
	$(PY) -m bench.moves
	$(PY) -m bench.checker
	$(PY) -m bench.web
	$(PY) -m bench.groups
	$(PY) -m bench.ratings
	$(PY) -m bench.events
	$(PY) -m bench.budget
	$(PY) -m bench.cold

clean:
	rm -rf $(VENV) $(VENV)-* .venv-lock .pytest_cache .hypothesis .mypy_cache .axe
