#!/usr/bin/env node
// The `kestrel` command. `pnpm build` writes the bundle this imports (scripts/bundle.mjs).
import "../bundle/kestrel.js";
