#!/usr/bin/env bash
# Packs every published package (packages/*) into one folder, as `pnpm publish` would pack
# it (`workspace:` ranges become versions), and prints the tarballs' paths.
#   bash scripts/pack-all.sh [folder]    default folder: packed/ at the repository root
# Build first: `pnpm pack-all [folder]` builds, then runs this. Install the tarballs into
# another project with npm, all in one command (see each package's README).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
dest="${1:-$root/packed}"
mkdir -p "$dest"
dest="$(cd "$dest" && pwd)"
cd "$root"
pnpm --filter "./packages/*" pack --pack-destination "$dest" --json |
	node -e 'let json = ""; process.stdin.on("data", (chunk) => { json += chunk; }).on("end", () => { for (const tarball of JSON.parse(json)) console.log(tarball.filename); });'
