#!/usr/bin/env bash
# The system programs the test suite drives: Chromium (the HTML export is checked in a
# headless browser) and tmux (the interactive mode is driven through a real
# pseudo-terminal). Installed from Debian's packages when missing; sourced by test.sh.
set -euo pipefail

# The tests run Debian's binaries at these paths (packages/cli/test), so those are checked.
missing=()
[ -x /usr/bin/chromium ] || missing+=(chromium)
[ -x /usr/bin/tmux ] || missing+=(tmux)
if [ "${#missing[@]}" -gt 0 ]; then
	echo "Installing ${missing[*]} from Debian's packages (needed by the CLI's tests)..."
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
