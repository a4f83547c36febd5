import type { HarnessEvent } from "@kestrel/harness";
import { describe, expect, it } from "vitest";
import { renderSessionHtml, sessionExportData } from "../../src/export/render-session-html.js";
import { itemsOfMessage } from "../../src/interactive/format/message-items.js";
import { applyHarnessEvent, type EventView } from "../../src/interactive/harness-event-view.js";
import { formatProviderFailure } from "../../src/modes/format-run-error.js";
import { memorySession, assistant as sessionAssistant, user } from "../export/session-builders.js";
import { assistant } from "./support/assistant-message.js";

const idle: EventView = { live: undefined, tools: [], working: false };

/** `@kestrel/ai` reports the provider's own message; provider, status and code are data. */
const overloaded = { kind: "overloaded", status: 529, code: "overloaded_error" } as const;

describe("provider failures on screen: provider and status come from the error's data", () => {
	it("words a retry notice with the describer the CLI passes (provider, status, code)", () => {
		const event: HarnessEvent = {
			type: "retry_start",
			attempt: 1,
			maxAttempts: 3,
			delayMs: 2_000,
			error: overloaded,
			errorMessage: "Overloaded",
		};
		const effect = applyHarnessEvent(idle, event, undefined, (failure) =>
			formatProviderFailure({ provider: "anthropic", ...failure }),
		);
		expect(effect.items).toEqual([
			{ kind: "notice", text: "anthropic: 529 overloaded_error: Overloaded — retry 1/3 in 2 s" },
		]);
	});

	it("shows a failed message of a resumed session with its provider and status", () => {
		const failed = assistant([], { stopReason: "error", errorMessage: "Overloaded", error: overloaded });
		expect(itemsOfMessage(failed, true)).toEqual([
			{ kind: "assistant", text: "", thinking: "", error: "wire: 529 overloaded_error: Overloaded" },
		]);
	});

	it("shows a message saved with the old prefix once, not twice", () => {
		const saved = "wire (anthropic-messages) HTTP 529 overloaded_error: Overloaded";
		const failed = assistant([], { stopReason: "error", errorMessage: saved, error: overloaded });
		expect(itemsOfMessage(failed, true)).toEqual([
			{ kind: "assistant", text: "", thinking: "", error: saved },
		]);
	});

	it("puts the status and code into an exported session's error line; the heading names the provider", async () => {
		const session = await memorySession();
		session.appendMessage(user("hi"));
		session.appendMessage({
			...sessionAssistant([]),
			stopReason: "error",
			errorMessage: "Overloaded",
			error: overloaded,
		});
		const html = renderSessionHtml(sessionExportData(session));
		expect(html).toContain("Assistant · anthropic/claude-test");
		expect(html).toContain('<div class="error">Error: 529 overloaded_error: Overloaded</div>');
	});
});
