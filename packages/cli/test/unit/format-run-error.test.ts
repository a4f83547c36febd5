import { describe, expect, it } from "vitest";
import { formatRunError } from "../../src/modes/format-run-error.js";

describe("formatRunError", () => {
	it("names the provider and status once and says which key to check", () => {
		const line = formatRunError(
			{
				kind: "error",
				message: "anthropic (anthropic-messages) HTTP 401 authentication_error: invalid x-api-key",
				error: { kind: "auth", status: 401 },
			},
			"anthropic",
			{ kind: "env", variable: "ANTHROPIC_API_KEY" },
		);
		expect(line).toBe(
			"anthropic: 401 authentication_error: invalid x-api-key — check ANTHROPIC_API_KEY or pass --api-key",
		);
	});

	it("points at the server for connection failures", () => {
		const line = formatRunError(
			{ kind: "error", message: "Connection error.", error: { kind: "network" } },
			"ollama",
			{ kind: "none" },
		);
		expect(line).toBe(
			"ollama: Connection error. — check that the server is reachable (--base-url, or baseUrl in models.json)",
		);
	});
});
