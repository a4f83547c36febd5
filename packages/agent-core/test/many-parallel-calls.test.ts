import { fauxText, fauxToolCall } from "@kestrel/ai/testing";
import { afterEach, describe, expect, it } from "vitest";
import { createHarness, textResult, tool } from "./helpers.js";

describe("a batch of many parallel tool calls", () => {
	const warnings: Error[] = [];
	const onWarning = (warning: Error) => warnings.push(warning);
	afterEach(() => {
		process.off("warning", onWarning);
		warnings.length = 0;
	});

	// Node 24 no longer limits AbortSignal listeners; on Node 22 (and 20) this failed before
	// the loop raised the limit of its signal.
	it("prints no MaxListenersExceededWarning when every call listens to the signal", async () => {
		process.on("warning", onWarning);
		const harness = createHarness();
		const calls = 25;
		// Like the bash tool: one abort listener per running call, removed when it ends.
		const listening = tool("listen", async (_args, signal) => {
			const onAbort = () => {};
			signal.addEventListener("abort", onAbort, { once: true });
			await new Promise((resolve) => setTimeout(resolve, 20));
			signal.removeEventListener("abort", onAbort);
			return textResult("ok");
		});
		harness.faux.enqueue(
			{ content: Array.from({ length: calls }, (_, index) => fauxToolCall("listen", {}, `call_${index}`)) },
			{ content: [fauxText("done")] },
		);
		const { messages } = await harness.run([listening]);
		expect(messages.filter((message) => message.role === "toolResult")).toHaveLength(calls);
		// Warnings are emitted on the next tick.
		await new Promise((resolve) => setImmediate(resolve));
		expect(warnings.map((warning) => warning.name)).not.toContain("MaxListenersExceededWarning");
	});
});
