#!/usr/bin/env bash
# Makes a fresh machine ready: the pinned pnpm (installed with npm if missing or of
# another version), then the workspace dependencies. Sourced by the other scripts so
# that a pnpm installed under $HOME/.local is on PATH for them.
set -euo pipefail

KESTREL_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
PNPM_VERSION="$(node -p "require('$KESTREL_ROOT/package.json').packageManager.split('@')[1].split('+')[0]")"
export TURBO_TELEMETRY_DISABLED=1
export PATH="$HOME/.local/bin:$PATH"

if [ "$(pnpm --version 2>/dev/null || true)" != "$PNPM_VERSION" ]; then
	echo "Installing pnpm $PNPM_VERSION with npm..."
	if ! npm install -g "pnpm@$PNPM_VERSION" >/dev/null 2>&1; then
		npm install -g --prefix "$HOME/.local" "pnpm@$PNPM_VERSION" >/dev/null
	fi
	hash -r
fi
if [ "$(pnpm --version)" != "$PNPM_VERSION" ]; then
	echo "Expected pnpm $PNPM_VERSION on PATH but found $(pnpm --version)." >&2
	exit 1
fi

cd "$KESTREL_ROOT"
pnpm install --frozen-lockfile
