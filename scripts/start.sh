#!/usr/bin/env bash
# Sets up a fresh machine and runs the main job: the `kestrel` agent, in the folder this
# script was started from, with the arguments given (`bash scripts/start.sh -p "hi"`).
set -euo pipefail
START_DIR="$(pwd)"
SCRIPTS="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
source "$SCRIPTS/bootstrap.sh"
pnpm exec turbo run build --filter=@kestrel/cli... --output-logs=errors-only >&2
cd "$START_DIR"
exec node "$KESTREL_ROOT/packages/cli/bin/kestrel.js" "$@"
