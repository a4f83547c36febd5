#!/usr/bin/env bash
# Makes a fresh machine ready, then installs the workspace dependencies. Sourced by the
# other scripts, so what it puts on PATH holds for them:
#   1. Node: when `node` is missing or older than the floor (22.12), Node 24 LTS is
#      installed from the npm registry (the node-linux-<arch> package ships the binary;
#      the version is in .node-version)
#      into $KESTREL_NODE_DIR (default ~/.local/share/kestrel/node-<version>) and put first
#      on PATH. Nothing outside the home folder and the repository is touched.
#   2. pnpm: the version pinned in package.json's packageManager, installed with npm
#      into ~/.local (its bin folder goes first on PATH).
#   3. `pnpm install --frozen-lockfile`.
# Everything it prints goes to stderr, so `bash scripts/start.sh -p … > answer.txt` stays
# clean.
set -euo pipefail

KESTREL_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
KESTREL_NODE_VERSION="$(cat "$KESTREL_ROOT/.node-version")"
export TURBO_TELEMETRY_DISABLED=1
export PATH="$HOME/.local/bin:$PATH"

# Prints the major and minor of the `node` on PATH as "major minor", or nothing.
node_version() {
	command -v node >/dev/null 2>&1 || return 0
	node -p 'process.versions.node.split(".").slice(0, 2).join(" ")' 2>/dev/null || true
}

node_is_recent() {
	local major minor
	read -r major minor <<<"$(node_version)"
	[ -n "${major:-}" ] || return 1
	[ "$major" -gt 22 ] || { [ "$major" -eq 22 ] && [ "$minor" -ge 12 ]; }
}

install_node() {
	local arch os dir package
	os="$(uname -s)"
	case "$(uname -m)" in
	x86_64 | amd64) arch=x64 ;;
	aarch64 | arm64) arch=arm64 ;;
	*) arch="" ;;
	esac
	if [ "$os" != "Linux" ] || [ -z "$arch" ]; then
		echo "Kestrel needs Node.js 22.12 or newer; found $(node --version 2>/dev/null || echo none)." >&2
		echo "Install Node 24 LTS (https://nodejs.org or your package manager), then run this again." >&2
		exit 1
	fi
	package="node-linux-$arch"
	dir="${KESTREL_NODE_DIR:-$HOME/.local/share/kestrel/node-$KESTREL_NODE_VERSION}"
	if [ ! -x "$dir/node_modules/$package/bin/node" ]; then
		command -v npm >/dev/null 2>&1 || {
			echo "Kestrel needs Node.js 22.12 or newer and found none; npm is needed to fetch it." >&2
			exit 1
		}
		echo "Node $(node --version 2>/dev/null || echo "(none)") is older than 22.12: installing Node $KESTREL_NODE_VERSION from the npm registry ($package) into $dir" >&2
		mkdir -p "$dir"
		npm install --prefix "$dir" --no-save --no-package-lock --no-audit --no-fund --loglevel=error \
			"$package@$KESTREL_NODE_VERSION" >&2
	elif [ -z "${KESTREL_NODE_ANNOUNCED:-}" ]; then
		echo "Using Node $KESTREL_NODE_VERSION from $dir (the system's Node is older than 22.12)." >&2
	fi
	export PATH="$dir/node_modules/$package/bin:$PATH"
	export KESTREL_NODE_ANNOUNCED=1
	hash -r
}

node_is_recent || install_node
if ! node_is_recent; then
	echo "Expected Node 22.12 or newer on PATH but found $(node --version)." >&2
	exit 1
fi

PNPM_VERSION="$(node -p "require('$KESTREL_ROOT/package.json').packageManager.split('@')[1].split('+')[0]")"
if [ "$(pnpm --version 2>/dev/null || true)" != "$PNPM_VERSION" ]; then
	echo "Installing pnpm $PNPM_VERSION with npm into $HOME/.local..." >&2
	npm install -g --prefix "$HOME/.local" --no-audit --no-fund --loglevel=error "pnpm@$PNPM_VERSION" >&2
	hash -r
fi
if [ "$(pnpm --version 2>/dev/null || true)" != "$PNPM_VERSION" ]; then
	echo "Expected pnpm $PNPM_VERSION on PATH but found $(pnpm --version 2>/dev/null || echo none)." >&2
	exit 1
fi

cd "$KESTREL_ROOT"
pnpm install --frozen-lockfile >&2
