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
#   3. `pnpm install --frozen-lockfile`, skipped when nothing that decides the installed
#      packages changed since the last install that succeeded (see `install_fingerprint`).
# Everything it prints goes to stderr, so `bash scripts/start.sh -p … > answer.txt` stays
# clean.
set -euo pipefail

KESTREL_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
KESTREL_NODE_VERSION="$(cat "$KESTREL_ROOT/.node-version")"
export TURBO_TELEMETRY_DISABLED=1
export PATH="$HOME/.local/bin:$PATH"

# Whether the `node` on PATH is 22.12 or newer; its version (`v24.22.3`) is left in
# KESTREL_NODE_FOUND. (`node --version` answers without starting JavaScript: a warm start
# pays milliseconds for it.)
node_is_recent() {
	KESTREL_NODE_FOUND=""
	command -v node >/dev/null 2>&1 || return 1
	KESTREL_NODE_FOUND="$(node --version 2>/dev/null || true)"
	[[ "$KESTREL_NODE_FOUND" =~ ^v([0-9]+)\.([0-9]+)\. ]] || return 1
	local major="${BASH_REMATCH[1]}" minor="${BASH_REMATCH[2]}"
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

if ! node_is_recent; then
	install_node
	if ! node_is_recent; then
		echo "Expected Node 22.12 or newer on PATH but found $(node --version 2>/dev/null || echo none)." >&2
		exit 1
	fi
fi

# package.json's "packageManager": "pnpm@<version>+sha512...".
[[ "$(<"$KESTREL_ROOT/package.json")" =~ \"packageManager\":[[:space:]]*\"pnpm@([^\"+]+) ]] || {
	echo "package.json names no pnpm version in packageManager." >&2
	exit 1
}
PNPM_VERSION="${BASH_REMATCH[1]}"

# Puts the pinned pnpm on PATH, installing it when missing. `pnpm --version` alone takes a
# moment, so a caller that may not need pnpm (scripts/start.sh on a warm start) sets
# KESTREL_PNPM_WHEN_NEEDED and calls this itself before using pnpm.
ensure_pnpm() {
	[ -z "${KESTREL_PNPM_READY:-}" ] || return 0
	if [ "$(pnpm --version 2>/dev/null || true)" != "$PNPM_VERSION" ]; then
		echo "Installing pnpm $PNPM_VERSION with npm into $HOME/.local..." >&2
		npm install -g --prefix "$HOME/.local" --no-audit --no-fund --loglevel=error "pnpm@$PNPM_VERSION" >&2
		hash -r
	fi
	if [ "$(pnpm --version 2>/dev/null || true)" != "$PNPM_VERSION" ]; then
		echo "Expected pnpm $PNPM_VERSION on PATH but found $(pnpm --version 2>/dev/null || echo none)." >&2
		exit 1
	fi
	KESTREL_PNPM_READY=1
}
[ -n "${KESTREL_PNPM_WHEN_NEEDED:-}" ] || ensure_pnpm

# What decides node_modules: the lockfile, every package.json of the workspace (the
# folders pnpm-workspace.yaml names), the workspace file, .npmrc and the Node and pnpm
# versions. Its hash is written to node_modules/.kestrel/install-stamp after an install
# succeeds (removing node_modules removes it too); while the two agree, `pnpm install`
# (seconds even when everything is up to date) is not run.
install_fingerprint() {
	local sum
	if command -v sha256sum >/dev/null 2>&1; then sum="sha256sum"; else sum="shasum -a 256"; fi
	local file files=()
	for file in pnpm-lock.yaml pnpm-workspace.yaml .npmrc package.json packages/*/package.json \
		examples/*/package.json bench/package.json packaging/package.json; do
		if [ -f "$file" ]; then files+=("$file"); fi
	done
	# One hash per file (with its name), then the hash of those and the versions.
	{
		echo "node $KESTREL_NODE_FOUND pnpm $PNPM_VERSION"
		$sum "${files[@]}"
	} | $sum | cut -d' ' -f1
}

cd "$KESTREL_ROOT"
KESTREL_STAMPS="$KESTREL_ROOT/node_modules/.kestrel"
install_wanted="$(install_fingerprint)"
if [ "$(cat "$KESTREL_STAMPS/install-stamp" 2>/dev/null || true)" != "$install_wanted" ]; then
	if [ -f node_modules/.modules.yaml ]; then
		echo "kestrel: the lockfile or a package.json changed since the last install: running pnpm install..." >&2
	else
		echo "kestrel: installing dependencies (first run, about a minute)..." >&2
	fi
	# The built bundle may hold the old dependencies: scripts/start.sh builds again.
	rm -f "$KESTREL_STAMPS/install-stamp" "$KESTREL_STAMPS/build-stamp"
	ensure_pnpm
	pnpm install --frozen-lockfile >&2
	mkdir -p "$KESTREL_STAMPS"
	echo "$install_wanted" >"$KESTREL_STAMPS/install-stamp"
fi
unset install_wanted
