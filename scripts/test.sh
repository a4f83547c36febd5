#!/usr/bin/env bash
# Sets up a fresh machine and runs the whole suite: lint, type-check and every
# package's tests, through turbo.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/bootstrap.sh"
pnpm test
