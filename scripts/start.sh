#!/usr/bin/env bash
# Sets up a fresh machine and runs the main job. Until the `kestrel` CLI lands this is
# the hello example: an agent turn against the scripted provider, no key needed.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/bootstrap.sh"
pnpm start "$@"
