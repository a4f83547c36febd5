#!/usr/bin/env bash
# Sets up a fresh machine and runs the whole suite: lint, type-check and every package's
# tests, through turbo (`pnpm test`, scripts/run-tests.mjs), then lists what failed
# (scripts/test-summary.mjs). Exits with the status of the run.
set -euo pipefail
SCRIPTS="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
source "$SCRIPTS/bootstrap.sh"
source "$SCRIPTS/test-tools.sh"
started="$(node -p 'Date.now()')"
status=0
pnpm test || status=$?
node "$SCRIPTS/test-summary.mjs" --since "$started" || true
exit "$status"
