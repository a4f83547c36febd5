#!/usr/bin/env bash
# Sets up a fresh machine and runs the main job: the `kestrel` agent, in the folder this
# script was started from, with the arguments given (`bash scripts/start.sh -p "hi"`).
# Only kestrel writes to stdout: setup, install and build messages go to stderr, so
# `bash scripts/start.sh -p … > answer.txt` and `--mode json|rpc` stay clean.
# A warm start runs neither `pnpm install` (scripts/bootstrap.sh) nor the build: the build
# runs only when a package's sources changed since the last one that succeeded.
set -euo pipefail
START_DIR="$(pwd)"
SCRIPTS="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
KESTREL_PNPM_WHEN_NEEDED=1
source "$SCRIPTS/bootstrap.sh"

# Whether something the CLI's bundle is built from is newer than the build stamp, whose
# time is when the last successful build started. Directories count: removing or adding
# a file changes its folder's time. Editing a package the CLI does not need only costs
# a turbo run that finds it has nothing to do.
needs_build() {
	local stamp="$KESTREL_STAMPS/build-stamp"
	[ -f packages/cli/bundle/kestrel.js ] && [ -f "$stamp" ] || return 0
	[ -n "$(find packages/*/src packages/*/scripts packages/*/package.json packages/*/tsconfig*.json \
		pnpm-lock.yaml -newer "$stamp" -print -quit 2>/dev/null)" ]
}

if needs_build; then
	if [ -f packages/cli/bundle/kestrel.js ]; then
		echo "kestrel: building what changed since the last build..." >&2
	else
		echo "kestrel: building the packages (first run, a few minutes)..." >&2
	fi
	# A build that fails or is interrupted leaves no stamp: the next start builds again.
	rm -f "$KESTREL_STAMPS/build-stamp"
	mkdir -p "$KESTREL_STAMPS"
	ensure_pnpm
	started="$(mktemp "$KESTREL_STAMPS/build-started.XXXXXX")"
	if ! pnpm exec turbo run build --filter=@kestrel/cli... --output-logs=new-only >&2; then
		rm -f "$started"
		exit 1
	fi
	mv "$started" "$KESTREL_STAMPS/build-stamp"
fi
cd "$START_DIR"
exec node "$KESTREL_ROOT/packages/cli/bin/kestrel.js" "$@"
