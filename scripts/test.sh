#!/usr/bin/env bash
# Sets up a fresh machine and runs the whole suite: lint, type-check and every
# package's tests, through turbo.
set -euo pipefail
SCRIPTS="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
source "$SCRIPTS/bootstrap.sh"
source "$SCRIPTS/test-tools.sh"
pnpm test
