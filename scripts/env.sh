# Puts the Node and pnpm that scripts/bootstrap.sh installed first on PATH, for a shell of
# your own: `source scripts/env.sh`. Installs nothing and changes no shell option.
_kestrel_root="$(cd "$(dirname "${BASH_SOURCE[0]:-$0}")/.." && pwd)"
_kestrel_node_dir="${KESTREL_NODE_DIR:-$HOME/.local/share/kestrel/node-$(cat "$_kestrel_root/.node-version")}"
for _kestrel_bin in "$_kestrel_node_dir"/node_modules/node-linux-*/bin; do
	if [ -x "$_kestrel_bin/node" ]; then PATH="$_kestrel_bin:$PATH"; fi
done
PATH="$HOME/.local/bin:$PATH"
export PATH
unset _kestrel_root _kestrel_node_dir _kestrel_bin
