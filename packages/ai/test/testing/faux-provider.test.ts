import { describe, expect, it } from "vitest";
import { ProviderRegistry } from "../../src/registry.js";
import { createFauxProvider, fauxText, fauxThinking, fauxToolCall } from "../../src/testing/faux-provider.js";
import type { Context } from "../../src/types.js";

const context: Context = { messages: [{ role: "user", content: "hi", timestamp: 0 }] };

function setup(options?: Parameters<typeof createFauxProvider>[0]) {
	const faux = createFauxProvider(options);
	const registry = new ProviderRegistry();
	registry.register(faux.provider);
	return { faux, registry };
}

describe("faux provider", () => {
	it("streams queued replies in order with the unified events", async () => {
		const { faux, registry } = setup({ deltaSize: 2 });
		faux.enqueue(
			{
				content: [fauxThinking("plan", "sig"), fauxText("hello"), fauxToolCall("read", { path: "a" }, "c1")],
			},
			{ content: [fauxText("second")] },
		);
		const stream = registry.stream(faux.model(), context);
		const types: string[] = [];
		for await (const event of stream) types.push(event.type);
		expect(types.filter((type) => type.endsWith("_delta")).length).toBeGreaterThan(3);
		expect(types.at(0)).toBe("start");
		expect(types.at(-1)).toBe("done");
		const first = await stream.result();
		expect(first.stopReason).toBe("toolUse");
		expect(first.content).toEqual([
			{ type: "thinking", thinking: "plan", thinkingSignature: "sig" },
			{ type: "text", text: "hello" },
			{ type: "toolCall", id: "c1", name: "read", arguments: { path: "a" } },
		]);
		const second = await registry.complete(faux.model(), context);
		expect(second.content).toEqual([{ type: "text", text: "second" }]);
		expect(faux.pending).toBe(0);
		expect(faux.requests).toHaveLength(2);
	});

	it("builds a reply from the request when given a function", async () => {
		const { faux, registry } = setup();
		faux.enqueue(({ context }) => ({ content: [fauxText(`you said ${context.messages.length} thing(s)`)] }));
		const message = await registry.complete(faux.model(), context);
		expect(message.content).toEqual([{ type: "text", text: "you said 1 thing(s)" }]);
	});

	it("reports a scripted failure with its kind after the content", async () => {
		const { faux, registry } = setup();
		faux.enqueue({
			content: [fauxText("so far")],
			error: { kind: "overloaded", message: "busy", retryAfterMs: 50 },
		});
		const message = await registry.complete(faux.model(), context);
		expect(message).toMatchObject({ stopReason: "error", errorMessage: "busy" });
		expect(message.error).toEqual({ kind: "overloaded", retryAfterMs: 50 });
		expect(message.content).toEqual([{ type: "text", text: "so far" }]);
	});

	it("ends with an error, not a throw, when the queue is empty", async () => {
		const { faux, registry } = setup();
		const message = await registry.complete(faux.model(), context);
		expect(message.stopReason).toBe("error");
		expect(message.errorMessage).toContain("no scripted reply");
	});

	it("honours abort mid-stream and keeps the partial text", async () => {
		const { faux, registry } = setup({ deltaSize: 1, deltaDelayMs: 5 });
		faux.enqueue({ content: [fauxText("a long answer that will be cut")] });
		const controller = new AbortController();
		const stream = registry.stream(faux.model(), context, { signal: controller.signal });
		for await (const event of stream) {
			if (event.type === "text_delta" && event.partial.content[0]?.type === "text") {
				if (event.partial.content[0].text.length >= 3) controller.abort();
			}
		}
		const message = await stream.result();
		expect(message.stopReason).toBe("aborted");
		const text = message.content[0]?.type === "text" ? message.content[0].text : "";
		expect(text.length).toBeGreaterThanOrEqual(3);
		expect(text.length).toBeLessThan("a long answer that will be cut".length);
	});

	it("records a copy of the messages so later mutation does not rewrite history", async () => {
		const { faux, registry } = setup();
		faux.enqueue({ content: [fauxText("ok")] });
		const messages = [...context.messages];
		await registry.complete(faux.model(), { messages });
		messages.push({ role: "user", content: "later", timestamp: 1 });
		expect(faux.requests[0]?.context.messages).toHaveLength(1);
	});

	it("keeps no copies when recordRequests is off, and still passes the request to reply functions", async () => {
		const { faux, registry } = setup({ recordRequests: false });
		faux.enqueue(({ context }) => ({ content: [fauxText(`${context.messages.length}`)] }));
		const message = await registry.complete(faux.model(), context);
		expect(message.content).toEqual([{ type: "text", text: "1" }]);
		expect(faux.requests).toHaveLength(0);
	});
});
