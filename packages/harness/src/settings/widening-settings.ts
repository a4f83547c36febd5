import type { Settings } from "./settings-schema.js";

/**
 * A setting a project file asked for and did not get, because the folder is not trusted.
 */
export interface WithheldSetting {
	/** Dotted path of the key, e.g. `approve` or `session.dir`. */
	keyPath: string;
	/** The project settings file that sets it. */
	file: string;
}

/** `ask` < `edits` < `all`: how much runs without a question. */
const APPROVE_RANK = { ask: 0, edits: 1, all: 2 } as const;

/**
 * Splits a project file's settings into what applies in an untrusted folder and what is
 * withheld. Any cloned repository can ship `.kestrel/settings.json`, so a key that lets a
 * project skip a question, run code or move data ("widening") applies only once the user
 * trusts the folder; everything else (the model, compaction, retries, a stricter
 * `approve`) always applies. Add a key here when it widens what Kestrel does unasked:
 *
 * - `approve`: applies when it asks at least as much as the global setting (default
 *   `ask`); a looser value is withheld.
 * - `session.dir`, `session.store`: withheld (they move the transcript, tool output
 *   included, elsewhere: another folder, another machine's database).
 * - `providers`, `toolPacks`: withheld (loading a package runs its code).
 * - the tool packs' keys in `extraWidening` (`settingsShape(extraKeys).widening`, e.g. MCP's
 *   `mcpServers`, which starts processes): withheld whole.
 *
 * Pure: `global` is the already-read global settings, `file` is used in the result only.
 */
export function withholdWideningSettings(
	global: Settings,
	project: Settings,
	file: string,
	extraWidening: ReadonlySet<string> = new Set(),
): { allowed: Settings; withheld: WithheldSetting[] } {
	const allowed: Settings = { ...project };
	const withheld: WithheldSetting[] = [];
	if (
		project.approve !== undefined &&
		APPROVE_RANK[project.approve] > APPROVE_RANK[global.approve ?? "ask"]
	) {
		delete allowed.approve;
		withheld.push({ keyPath: "approve", file });
	}
	if (project.session?.dir !== undefined || project.session?.store !== undefined) {
		const { dir, store, ...session } = project.session;
		allowed.session = session;
		if (dir !== undefined) withheld.push({ keyPath: "session.dir", file });
		if (store !== undefined) withheld.push({ keyPath: "session.store", file });
	}
	if (project.providers !== undefined) {
		delete allowed.providers;
		withheld.push({ keyPath: "providers", file });
	}
	if (project.toolPacks !== undefined) {
		delete allowed.toolPacks;
		withheld.push({ keyPath: "toolPacks", file });
	}
	for (const key of extraWidening) {
		if ((project as Record<string, unknown>)[key] === undefined) continue;
		delete (allowed as Record<string, unknown>)[key];
		withheld.push({ keyPath: key, file });
	}
	return { allowed, withheld };
}
