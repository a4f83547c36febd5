import { describe, expect, it } from "vitest";
import { describeFailure, formatProviderFailure, formatRunError } from "../../src/modes/format-run-error.js";

describe("formatRunError", () => {
	it("names the provider, the status and the code from the error's data and says which key to check", () => {
		const line = formatRunError(
			{
				kind: "error",
				message: "invalid x-api-key",
				error: { kind: "auth", status: 401, code: "authentication_error" },
			},
			"anthropic",
			{ kind: "env", variable: "ANTHROPIC_API_KEY" },
		);
		expect(line).toBe(
			"anthropic: 401 authentication_error: invalid x-api-key — check ANTHROPIC_API_KEY or pass --api-key",
		);
	});

	it("sends the user to the provider's billing page when the account cannot pay, not to the key", () => {
		const line = formatRunError(
			{
				kind: "error",
				message: "You exceeded your current quota, please check your plan and billing details.",
				error: { kind: "billing", status: 429, code: "insufficient_quota" },
			},
			"openai",
			{ kind: "env", variable: "OPENAI_API_KEY" },
		);
		expect(line).toBe(
			"openai: 429 insufficient_quota: You exceeded your current quota, please check your plan and billing details. — the account is out of credit or over its quota; check billing at the provider",
		);
	});

	it("gives the flags that shrink the prompt when the window is too small for it, without naming the provider", () => {
		const message =
			"The system prompt and the definitions of 7 tools take about 9,100 tokens, more than the 2,048 tokens that the 8,192-token context window of ollama/qwen3:0.6b leaves for them, so not even a first message fits. Enable fewer tools (or none), shorten the context files (AGENTS.md, CLAUDE.md), or pick a model with a larger context window.";
		const line = formatRunError(
			{ kind: "error", message, error: { kind: "invalid_request", code: "context_too_small" } },
			"ollama",
			{ kind: "none" },
		);
		expect(line).toBe(
			`${message} With kestrel: --tools <names> enables only those (e.g. --tools read,edit,bash), --no-tools enables none, and --model <provider/id> picks a model with a larger window (kestrel --list-models shows each window).`,
		);
	});

	it("says a local failure is local, not the provider's, with the failing hook's code", () => {
		const line = formatRunError(
			{
				kind: "error",
				message: "getApiKey failed: the vault is locked",
				error: { kind: "local", code: "agent_hook:getApiKey" },
			},
			"anthropic",
			{ kind: "env", variable: "ANTHROPIC_API_KEY" },
		);
		expect(line).toBe(
			"local failure (not from anthropic): agent_hook:getApiKey: getApiKey failed: the vault is locked " +
				"— code running in kestrel failed; it was not retried",
		);
	});

	it("passes on the harness's compaction_ineffective message with kestrel's ways out, without naming the provider", () => {
		const message =
			"The context is still 190000 tokens after two compactions (limit 180000 of a 200000-token window); the recent messages alone do not fit: start a new session, switch to a model with a larger window, or lower compaction.keepRecentTokens.";
		const line = formatRunError(
			{ kind: "error", message, error: { kind: "unknown", code: "compaction_ineffective" } },
			"anthropic",
			{ kind: "env", variable: "ANTHROPIC_API_KEY" },
		);
		expect(line).toBe(
			`${message} With kestrel: /new (or a run without -c or -r) starts a new session, and --model <provider/id> picks a model with a larger window.`,
		);
		expect(line).not.toContain("anthropic");
	});

	it("says a failed session write is kestrel's storage, with the system error and the folder flag", () => {
		const line = formatRunError(
			{ kind: "error", message: "no space left on device, write", error: { kind: "local", code: "ENOSPC" } },
			"anthropic",
			{ kind: "env", variable: "ANTHROPIC_API_KEY" },
		);
		expect(line).toBe(
			"kestrel could not write the session: ENOSPC: no space left on device, write — the run stopped; " +
				"check free space and permissions of the session folder (--session-dir)",
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

	it("says what to do when the conversation no longer fits", () => {
		const line = formatRunError(
			{
				kind: "error",
				message: "prompt is too long: 210000 tokens > 200000 maximum",
				error: { kind: "overflow", status: 400, code: "invalid_request_error" },
			},
			"anthropic",
			{ kind: "none" },
		);
		expect(line).toBe(
			"anthropic: 400 invalid_request_error: prompt is too long: 210000 tokens > 200000 maximum — the conversation no longer fits the model's window; start a new session or compact",
		);
	});
});

describe("describeFailure", () => {
	it("puts the status and the code before the provider's message", () => {
		expect(
			describeFailure({
				message: "Overloaded",
				error: { kind: "overloaded", status: 529, code: "overloaded_error" },
			}),
		).toBe("529 overloaded_error: Overloaded");
		expect(describeFailure({ message: "Bad gateway", error: { kind: "network", status: 502 } })).toBe(
			"502 Bad gateway",
		);
		expect(
			describeFailure({ message: "Overloaded", error: { kind: "overloaded", code: "overloaded_error" } }),
		).toBe("overloaded_error: Overloaded");
	});

	it("does not repeat a status or a code the message already says, and never prints an empty message", () => {
		expect(
			describeFailure({ message: "429 status code (no body)", error: { kind: "rate_limit", status: 429 } }),
		).toBe("429 status code (no body)");
		expect(
			describeFailure({
				message: "The provider's content filter stopped the response (finish_reason content_filter).",
				error: { kind: "invalid_request", code: "content_filter" },
			}),
		).toBe("The provider's content filter stopped the response (finish_reason content_filter).");
		expect(describeFailure({ message: "  ", error: { kind: "unknown", status: 500 } })).toBe(
			"500 the request failed",
		);
	});
});

describe("formatProviderFailure", () => {
	it("names the provider once", () => {
		expect(
			formatProviderFailure({
				provider: "openai",
				api: "openai-completions",
				message: "Rate limit reached for gpt-4.1 on requests per min (RPM).",
				error: { kind: "rate_limit", status: 429, code: "rate_limit_exceeded" },
			}),
		).toBe("openai: 429 rate_limit_exceeded: Rate limit reached for gpt-4.1 on requests per min (RPM).");
	});

	it("shows a message saved by an earlier version, which names provider and API itself, as it is", () => {
		const saved = "anthropic (anthropic-messages) HTTP 529 overloaded_error: Overloaded";
		expect(
			formatProviderFailure({
				provider: "anthropic",
				api: "anthropic-messages",
				message: saved,
				error: { kind: "overloaded", status: 529, code: "overloaded_error" },
			}),
		).toBe(saved);
	});
});
