# One command to run the demo, one to test. Both build the virtual environment on first use.
PYTHON ?= $(shell command -v python3.11 || command -v python3)
VENV := .venv
PY := $(VENV)/bin/python
PORT ?= 8000
HOST ?= 127.0.0.1

.PHONY: run test lint venv lock bench clean-db

# `make test DATABASE_URL=postgres://...` and `make bench DATABASE_URL=...` pass it on.
ifdef DATABASE_URL
export DATABASE_URL
endif

venv: $(VENV)/.installed

# The lock file pins every package; the build constraint keeps old sdists (XStatic) buildable.
$(VENV)/.installed: requirements.lock build-constraints.txt pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --disable-pip-version-check "pip==26.3"
	$(PY) -m pip install --quiet --build-constraint build-constraints.txt -r requirements.lock
	touch $@

run: venv
	mkdir -p var
	$(PY) manage.py migrate --noinput
	$(PY) manage.py load_demo
	@echo "Serving on http://$(HOST):$(PORT)/"
	$(PY) manage.py runserver $(HOST):$(PORT)

lint: venv
	$(VENV)/bin/ruff check .

# SQLite by default; PostgreSQL when DATABASE_URL names one.
test: lint
	$(PY) -m pytest $(PYTEST_ARGS)

# A large data set in a separate database (var/bench/ or <name>_bench on PostgreSQL), then
# every measurement; prints a table and writes var/bench/latest.json.
bench: venv
	mkdir -p var/bench
	LOG_LEVEL=WARNING $(PY) manage.py bench $(BENCH_ARGS)

# Re-pin after changing pyproject.toml's dependencies.
# The project itself is not installed: manage.py and pytest run it from this folder.
lock: venv
	$(PY) -m pip install --quiet --build-constraint build-constraints.txt -e '.[dev]'
	$(PY) -m pip freeze --exclude-editable | grep -v '^-e' > requirements.lock
	$(PY) -m pip uninstall --quiet --yes stoneham-boh

clean-db:
	rm -f var/db.sqlite3 var/db.sqlite3-wal var/db.sqlite3-shm
