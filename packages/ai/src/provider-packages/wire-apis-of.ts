import type { WireApi } from "../wire-api/wire-api.js";

/**
 * The wire API modules a provider package exports — the one rule for what Kestrel
 * registers from a package: its default export when that is a wire API module, and every
 * named export that is one (a module exported under two names counts once), in export
 * order. A wire API module is an object with a string `api`, a `createProvider` function,
 * a `compat` object schema, an `auth` with a `kind` and a `replayRules` function (see
 * `WireApi`).
 *
 * @throws Error naming the export when an export has `api` and `createProvider` but lacks
 *   another member: a module written against another version of `WireApi`.
 */
export function wireApisOf(namespace: Record<string, unknown>): WireApi[] {
	const found: WireApi[] = [];
	const names = Object.keys(namespace).sort((a, b) => (a === "default" ? -1 : b === "default" ? 1 : 0));
	for (const name of names) {
		const value = namespace[name];
		if (!looksLikeWireApi(value) || found.includes(value as unknown as WireApi)) continue;
		const missing = missingMembers(value);
		if (missing.length > 0) {
			throw new Error(
				`its export "${name}" (api "${value.api}") is not a complete wire API module: it lacks ${missing.join(", ")}. ` +
					"It may be written for another version of @kestrel/ai.",
			);
		}
		found.push(value as unknown as WireApi);
	}
	return found;
}

/** Whether `value` is a wire API module by the rule of {@link wireApisOf}. */
export function isWireApi(value: unknown): value is WireApi {
	return looksLikeWireApi(value) && missingMembers(value).length === 0;
}

function looksLikeWireApi(
	value: unknown,
): value is { api: string; createProvider: unknown } & Record<string, unknown> {
	return (
		typeof value === "object" &&
		value !== null &&
		typeof (value as { api?: unknown }).api === "string" &&
		(value as { api: string }).api !== "" &&
		typeof (value as { createProvider?: unknown }).createProvider === "function"
	);
}

function missingMembers(value: Record<string, unknown>): string[] {
	const missing: string[] = [];
	const compat = value.compat as { properties?: unknown } | undefined;
	if (typeof compat !== "object" || compat === null || typeof compat.properties !== "object")
		missing.push("compat (a TypeBox object schema)");
	const auth = value.auth as { kind?: unknown } | undefined;
	if (typeof auth !== "object" || auth === null || typeof auth.kind !== "string") missing.push("auth");
	if (typeof value.replayRules !== "function") missing.push("replayRules");
	return missing;
}
