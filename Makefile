# finimport — the public way in. `make run` and `make test` work on a fresh Debian 12 as root.
SHELL := /bin/bash
BUILD_DIR ?= build
ASAN_DIR ?= build-asan
TSAN_DIR ?= build-tsan
JOBS ?= $(shell nproc)
LISTEN ?= 127.0.0.1:3000
DB ?= sqlite:var/finimport.db
FINIMPORT := $(BUILD_DIR)/bin/finimport

# Debian packages (checked with dpkg first; apt only when missing). `make run` needs only the
# first list: the server, the sandbox runner and the plugins. The tests need both: PostgreSQL
# for the _pg suites, clang for the fuzz replays, lintian/dpkg-dev/file for the packages,
# systemd for `systemd-analyze security`, python3-seccomp for the unit's syscall filter in
# package_sandbox_under_unit, CppUnit, curl, the Python checks and clang-format (the repo_format
# check).
RUN_DEB_PACKAGES := cmake ninja-build g++ make pkgconf ccache \
  libpoco-dev libpq-dev libboost-dev libboost-filesystem-dev libicu-dev \
  libfast-float-dev libpoppler-cpp-dev libexpat1-dev
TEST_DEB_PACKAGES := dpkg-dev file libcppunit-dev postgresql-15 clang libclang-rt-14-dev \
  curl lintian python3-yaml python3-jsonschema python3-seccomp systemd chromium clang-format
DEB_PACKAGES := $(RUN_DEB_PACKAGES) $(TEST_DEB_PACKAGES)
# What `make run` builds: no test suites, no benchmarks (same build tree as `make build`).
RUN_CMAKE_FLAGS := -DFINIMPORT_BUILD_TESTS=OFF -DFINIMPORT_BUILD_BENCH=OFF
FULL_CMAKE_FLAGS := -DFINIMPORT_BUILD_TESTS=ON -DFINIMPORT_BUILD_BENCH=ON

# What the benchmarks call besides the build (anchors measured in the same run, and wrk).
BENCH_DEB_PACKAGES := ruby python3-pandas sqlite3 wrk linux-perf
# The benchmark programs `make bench` runs, in order (build/bin/<name>).
BENCHES ?= balance_bench publish_bench reads_bench parse_bench

.PHONY: all deps deps-run configure configure-run build build-run run test console-deps test-asan test-tsan \
  bench bench-deps package format clean

all: build

# install-missing LIST: the dpkg check, then one apt-get for whatever is missing.
define install-missing
	@missing=""; for p in $(1); do \
	  dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q "install ok installed" || missing="$$missing $$p"; \
	done; \
	if [ -n "$$missing" ]; then \
	  echo "deps: installing$$missing"; \
	  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends $$missing; \
	else echo "deps: all present"; fi
endef

deps:
	$(call install-missing,$(DEB_PACKAGES))
	@# The generated-client check (tests/openapi-client, docs/decisions.md D89): Node's npm, then the
	@# pinned openapi-typescript and typescript from the npm registry (again when the lockfile changes).
	@command -v npm >/dev/null 2>&1 || { apt-get update -qq && \
	  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends nodejs npm; }
	@cd tests/openapi-client && { [ node_modules/.package-lock.json -nt package-lock.json ] || \
	  npm ci --no-audit --no-fund --loglevel=error; }

deps-run:
	$(call install-missing,$(RUN_DEB_PACKAGES))

configure: deps
	@cmake -S . -B $(BUILD_DIR) -G Ninja -DCMAKE_BUILD_TYPE=Release $(FULL_CMAKE_FLAGS) >/dev/null

configure-run: deps-run
	@cmake -S . -B $(BUILD_DIR) -G Ninja -DCMAKE_BUILD_TYPE=Release $(RUN_CMAKE_FLAGS) >/dev/null

build: configure
	@cmake --build $(BUILD_DIR) -j $(JOBS)

# The server, the sandbox runner, the plugins and the man page: what serving needs.
build-run: configure-run
	@cmake --build $(BUILD_DIR) -j $(JOBS)

run: build-run
	@scripts/run-demo.sh "$(FINIMPORT)" "$(DB)" "$(LISTEN)"

# The console's browser tests drive Debian's chromium through playwright-core, pinned by
# tests/console/package-lock.json (docs/console.md "Tests"); it never downloads a browser.
# Only `make test` needs them (again when the lockfile changes); `make run` does not. Node.js and
# npm are the machine's (deps installs Debian's when npm is missing); chromium is a DEB_PACKAGE.
console-deps: deps
	@cd tests/console && { [ node_modules/.package-lock.json -nt package-lock.json ] || \
	  PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm ci --no-audit --no-fund --loglevel=error; }

test: build console-deps
	@cd $(BUILD_DIR) && ctest --output-on-failure -j $(JOBS)
	@$(MAKE) --no-print-directory test-asan

# ASan + UBSan build of the unit, sdk, plugin and every HTTP suite (docs/architecture.md habits;
# SQLite only: the _pg reruns are labelled pg). A sanitized build asserts the same answers and skips
# only the Release time/memory budgets (tests/common/Budget.h).
test-asan: deps
	@cmake -S . -B $(ASAN_DIR) -G Ninja -DCMAKE_BUILD_TYPE=Debug -DFINIMPORT_SANITIZE=ON \
	  -DFINIMPORT_BUILD_BENCH=OFF >/dev/null
	@cmake --build $(ASAN_DIR) -j $(JOBS) --target finimport_asan_suites
	@cd $(ASAN_DIR) && ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 \
	  ctest --output-on-failure -j $(JOBS) -L 'unit|sdk|plugin|http' -LE pg

# ThreadSanitizer build of the HTTP suites and the job queue (label tsan). Not part of
# `make test` (it would not fit the CI budget): run it by hand; bench/FUZZING.md has its time.
# -O1 -g1: line tables are all a race report needs, and a TU compiles in about half the CPU
# time of -O2 -g (store/ImportStore.cpp: 4.8 s against 8.7 s).
TSAN_FLAGS := -O1 -g1 -DNDEBUG
test-tsan: deps
	@cmake -S . -B $(TSAN_DIR) -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DFINIMPORT_TSAN=ON \
	  -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="$(TSAN_FLAGS)" -DCMAKE_C_FLAGS_RELWITHDEBINFO="$(TSAN_FLAGS)" \
	  -DFINIMPORT_BUILD_BENCH=OFF >/dev/null
	@cmake --build $(TSAN_DIR) -j $(JOBS) --target finimport_tsan_suites
	@cd $(TSAN_DIR) && TSAN_OPTIONS="halt_on_error=1 second_deadlock_stack=1 suppressions=$(CURDIR)/tests/tsan.supp" \
	  ctest --output-on-failure -j $(JOBS) -L tsan -LE pg

# The import path and the reads at state (docs/decisions.md D80): total entries, entries of the
# big account, rows a file, runs; on SQLite (state cached in build/bench-state/) and PostgreSQL.
STATE_BENCH_ARGS ?= 10000000 1000000 100000 3
# state_reads_bench: total entries, entries of the big account, seconds per wrk run, runs.
STATE_READS_BENCH_ARGS ?= 10000000 1000000 3 3

bench: build
	@for b in $(BENCHES); do echo "== $$b"; $(BUILD_DIR)/bin/$$b || exit 1; done
	@echo "== state_bench sqlite"; $(BUILD_DIR)/bin/state_bench sqlite $(STATE_BENCH_ARGS)
	@echo "== state_reads_bench sqlite"; \
	  $(BUILD_DIR)/bin/state_reads_bench sqlite $(STATE_READS_BENCH_ARGS)
	@# PostgreSQL: one throwaway cluster for both, so the state is built once and copied for
	@# each run (bench/BenchStateCache.h).
	@scripts/pg-test-cluster.sh start $(BUILD_DIR)/bench-pg >/dev/null || exit 1; \
	  url=$$(cat $(BUILD_DIR)/bench-pg/url); \
	  echo "== state_bench pg"; FINIMPORT_BENCH_PG_URL=$$url \
	    $(BUILD_DIR)/bin/state_bench pg $(STATE_BENCH_ARGS) && \
	  echo "== state_reads_bench pg" && FINIMPORT_BENCH_PG_URL=$$url \
	    $(BUILD_DIR)/bin/state_reads_bench pg $(STATE_READS_BENCH_ARGS); \
	  rc=$$?; scripts/pg-test-cluster.sh stop $(BUILD_DIR)/bench-pg >/dev/null; exit $$rc
	@for b in bench/*_bench.py; do echo "== $$b"; BUILD_DIR=$(BUILD_DIR) /usr/bin/python3 $$b || exit 1; done

bench-deps:
	@missing=""; for p in $(BENCH_DEB_PACKAGES); do \
	  dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q "install ok installed" || missing="$$missing $$p"; \
	done; \
	if [ -n "$$missing" ]; then \
	  echo "bench-deps: installing$$missing"; \
	  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends $$missing; \
	else echo "bench-deps: all present"; fi

package: deps
	@cmake -S . -B build-package -G Ninja -DCMAKE_BUILD_TYPE=Release -DCMAKE_INSTALL_PREFIX=/usr \
	  -DFINIMPORT_BUILD_TESTS=OFF -DFINIMPORT_BUILD_BENCH=OFF >/dev/null
	@cmake --build build-package -j $(JOBS) && cd build-package && cpack -G DEB

format:
	@git ls-files '*.c' '*.h' '*.cpp' '*.hpp' | xargs clang-format -i

clean:
	rm -rf $(BUILD_DIR) $(ASAN_DIR) $(TSAN_DIR) build-package
