#!/bin/sh
# ctest console_browser / console_browser_accounts: runs one test file (default
# console.test.mjs). FINIMPORT_EXE FINIMPORT_PLUGIN_DIR FINIMPORT_SOURCE_DIR are set by ctest.
# playwright-core comes from `npm ci` (make test runs it; tests/console/package-lock.json).
set -e
cd "$(dirname "$0")"
if [ ! -d node_modules/playwright-core ]; then
  echo "tests/console: node_modules missing; run: make console-deps (make test does)" >&2
  exit 1
fi
exec node --test --test-concurrency=1 "${1:-console.test.mjs}"
