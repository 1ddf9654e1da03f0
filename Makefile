# One command to run the demo, one to test. Both build the virtual environment on first use.
PYTHON ?= $(shell command -v python3.11 || command -v python3)
VENV := .venv
PY := $(VENV)/bin/python
PORT ?= 8000
HOST ?= 127.0.0.1

.PHONY: run test test-migrations test-fast test-browser perf fuzz stateful lint venv venv-dev lock bench clean-db

# `make test DATABASE_URL=postgres://...` and `make bench DATABASE_URL=...` pass it on.
ifdef DATABASE_URL
export DATABASE_URL
endif

# Two locks: requirements.lock is what the site runs on (make run, production);
# requirements-dev.lock adds the tests, the browser journeys and lint (make test, CI).
venv: $(VENV)/.installed
venv-dev: $(VENV)/.installed-dev

# The build constraint keeps old sdists (XStatic) buildable.
$(VENV)/.installed: requirements.lock build-constraints.txt pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --disable-pip-version-check "pip==26.3"
	$(PY) -m pip install --quiet --build-constraint build-constraints.txt -r requirements.lock
	touch $@

# Rebuilt when either lock changes (through the runtime stamp it depends on).
$(VENV)/.installed-dev: $(VENV)/.installed requirements-dev.lock
	$(PY) -m pip install --quiet --build-constraint build-constraints.txt -r requirements-dev.lock
	touch $@

run: venv
	mkdir -p var
	$(PY) manage.py migrate --noinput
	$(PY) manage.py load_demo
	@echo "Serving on http://$(HOST):$(PORT)/"
	$(PY) manage.py runserver $(HOST):$(PORT)

lint: venv-dev
	$(VENV)/bin/ruff check .

# Two worker processes, a test file each at a time (a module's fixtures stay in one process),
# handed out in the order collected: the heaviest first, as the last run measured them
# (tests/heavy_first.py, tests/module_seconds.json).
# `make test XDIST=` runs in one process.
XDIST ?= -n 2 --dist loadfile --no-loadscope-reorder

# The whole suite, SQLite by default (PostgreSQL when DATABASE_URL names one), on tables made
# from the models; beside it, the tests of the migrations on a database migrated from zero
# (test-migrations, in a process of its own whose output follows the suite's; MIGRATIONS=skip
# leaves them to another step, as CI's SQLite step does). Beside, not after: migrating from
# zero is one process's work, which the suite's two workers leave room for as they wait on
# the database. PYTEST_ARGS narrows the suite only. Fails when either fails.
MIGRATIONS_LOG := $(shell mktemp -u /tmp/boh-test-migrations.XXXXXX)
test: lint
ifneq ($(MIGRATIONS),skip)
	@$(MAKE) --no-print-directory test-migrations >$(MIGRATIONS_LOG) 2>&1 & migrations=$$!; \
	$(PY) -m pytest $(XDIST) --nomigrations $(PYTEST_ARGS); suite=$$?; \
	wait $$migrations; proven=$$?; \
	echo "== the migrations, from zero (make test-migrations, run beside the suite)"; \
	cat $(MIGRATIONS_LOG); rm -f $(MIGRATIONS_LOG); \
	[ $$suite -eq 0 ] && [ $$proven -eq 0 ]
else
	$(PY) -m pytest $(XDIST) --nomigrations $(PYTEST_ARGS)
endif

# The migrations proven: the models and the migrations agree, and the tests that move data
# between them (tests/migrations/, marker migrations) pass on a test database migrated from
# zero (its own: test_<name>, beside the suite's workers' test_<name>_gw0 and _gw1).
test-migrations: venv-dev
	env -u DATABASE_URL $(PY) manage.py makemigrations --check --dry-run
	$(PY) -m pytest -m migrations -p no:cacheprovider tests/migrations

# The everyday loop: no browser journeys, no migrations.
test-fast: lint
	$(PY) -m pytest $(XDIST) -m "not browser" --nomigrations $(PYTEST_ARGS)

# The browser journeys alone (CI runs them once, on PostgreSQL).
test-browser: lint
	$(PY) -m pytest $(XDIST) -m browser --nomigrations $(PYTEST_ARGS)

# The timing assertions (marker perf), left out of every other run: on a quiet machine.
perf: venv-dev
	$(PY) -m pytest -m perf --nomigrations $(PYTEST_ARGS)

# The fuzzing at its full budget (every run of `make test` fuzzes 25 examples a form, with the
# source tree's seed, tests/seeds.py); FUZZ_SEED=N replays a run, FUZZ_SEED=random searches anew.
fuzz: venv-dev
	FUZZ_EXAMPLES=$${FUZZ_EXAMPLES:-200} $(PY) -m pytest tests/trust/test_fuzzing.py $(PYTEST_ARGS)

# The stateful machine at its long budget (every run of `make test` runs it short), with the
# source tree's seed (tests/seeds.py); it also fails when an action a rule declares was never
# carried out. STATEFUL_SEED=N replays a run, STATEFUL_SEED=random searches anew.
stateful: venv-dev
	STATEFUL_EXAMPLES=$${STATEFUL_EXAMPLES:-60} STATEFUL_STEPS=$${STATEFUL_STEPS:-15} \
	STATEFUL_EVERY_ACTION=$${STATEFUL_EVERY_ACTION:-1} $(PY) -m pytest -p no:xdist -s \
	--nomigrations tests/permits/audit/test_stateful.py $(PYTEST_ARGS)

# A large data set in a separate database (var/bench/ or <name>_bench on PostgreSQL), then
# every measurement; prints a table and writes var/bench/latest.json.
bench: venv
	mkdir -p var/bench
	LOG_LEVEL=WARNING $(PY) manage.py bench $(BENCH_ARGS)

# Re-pin after changing pyproject.toml's dependencies: installs what it names, then writes
# the runtime lock (dependencies) and the development lock (the dev extra) from what is
# installed. The project itself is not installed: manage.py and pytest run it from this folder.
lock: venv-dev
	$(PY) -m pip install --quiet --build-constraint build-constraints.txt -e '.[dev]'
	$(PY) -m pip uninstall --quiet --yes stoneham-boh
	$(PY) .ci/pin.py

clean-db:
	rm -f var/db.sqlite3 var/db.sqlite3-wal var/db.sqlite3-shm
