import { Type } from "typebox";
import { describe, expect, it } from "vitest";
import { encodeAnthropicStream } from "../../src/testing/wire-server/anthropic-messages.js";
import type { AssistantMessage, Context, StreamOptions } from "../../src/types.js";
import { zeroUsage } from "../../src/usage.js";
import { baseOptions, run, testModel, userSays, useWireServer } from "./fixtures.js";

const server = useWireServer();

const okStream = () => ({ body: encodeAnthropicStream({ blocks: [{ type: "text", text: "ok" }] }) });

/** The JSON body the server received, typed as far as the assertions read it. */
interface Body {
	[field: string]: unknown;
	system?: { cache_control?: unknown }[];
	tools?: { cache_control?: unknown }[];
	messages: { role: string; content: string | Record<string, unknown>[] }[];
}

function blocksOf(message: Body["messages"][number] | undefined): Record<string, unknown>[] {
	return Array.isArray(message?.content) ? message.content : [];
}

async function sentBody(
	context: Context,
	options: StreamOptions = {},
	model = testModel(server.current),
): Promise<Body> {
	server.current.enqueue(okStream());
	const { message } = await run(model, context, baseOptions(options));
	expect(message.stopReason).toBe("stop");
	return server.current.requests.at(-1)?.body as Body;
}

const toolContext: Context = {
	systemPrompt: "You are terse.",
	messages: [{ role: "user", content: "List files.", timestamp: 1 }],
	tools: [
		{ name: "ls", description: "List a folder", parameters: Type.Object({ path: Type.String() }) },
		{ name: "read", description: "Read a file", parameters: Type.Object({ path: Type.String() }) },
	],
};

function assistant(
	content: AssistantMessage["content"],
	extra: Partial<AssistantMessage> = {},
): AssistantMessage {
	return {
		role: "assistant",
		content,
		api: "anthropic-messages",
		provider: "anthropic",
		model: "claude-test-4-5",
		usage: zeroUsage(),
		stopReason: "toolUse",
		timestamp: 2,
		...extra,
	};
}

describe("anthropic-messages: request body", () => {
	it("posts to /v1/messages with the model, max_tokens, stream and a bearer key", async () => {
		const body = await sentBody(toolContext);
		const request = server.current.requests.at(-1);
		expect(request?.path).toBe("/v1/messages");
		expect(request?.headers.authorization).toBe("Bearer sk-ant-test");
		expect(body).toMatchObject({ model: "claude-test-4-5", max_tokens: 64_000, stream: true });
		expect(body.tools).toEqual([
			{ name: "ls", description: "List a folder", input_schema: toolContext.tools?.[0]?.parameters },
			expect.objectContaining({ name: "read", input_schema: toolContext.tools?.[1]?.parameters }),
		]);
	});

	it("sends no cache_control anywhere with cacheRetention none", async () => {
		const body = await sentBody(toolContext, { cacheRetention: "none" });
		expect(JSON.stringify(body)).not.toContain("cache_control");
		expect(body.system).toEqual([{ type: "text", text: "You are terse." }]);
	});

	it.each([
		["short", { type: "ephemeral" }],
		["long", { type: "ephemeral", ttl: "1h" }],
	] as const)(
		"marks the system prompt, the last tool and the last user block with cacheRetention %s",
		async (retention, marker) => {
			const body = await sentBody(toolContext, { cacheRetention: retention });
			expect(body.system).toEqual([{ type: "text", text: "You are terse.", cache_control: marker }]);
			expect(body.tools?.[0]?.cache_control).toBeUndefined();
			expect(body.tools?.[1]?.cache_control).toEqual(marker);
			expect(body.messages).toEqual([
				{ role: "user", content: [{ type: "text", text: "List files.", cache_control: marker }] },
			]);
			expect(JSON.stringify(body).split("cache_control").length - 1).toBe(3);
		},
	);

	it("defaults to short caching", async () => {
		const body = await sentBody(toolContext);
		expect(body.system?.[0]?.cache_control).toEqual({ type: "ephemeral" });
	});

	it("sends a thinking budget for a reasoning level and leaves out temperature", async () => {
		const body = await sentBody(userSays(), { reasoning: "medium", temperature: 0.2 });
		expect(body.thinking).toEqual({ type: "enabled", budget_tokens: 8192 });
		expect(body.max_tokens).toBe(64_000);
		expect(body.temperature).toBeUndefined();
	});

	it("raises max_tokens above the budget when the requested limit is too small", async () => {
		const body = await sentBody(userSays(), { reasoning: "high", maxTokens: 4_000 });
		expect(body.thinking).toEqual({ type: "enabled", budget_tokens: 16_384 });
		expect(body.max_tokens).toBe(16_384 + 1_024);
	});

	it("sends adaptive thinking with an effort for models whose compat says adaptive", async () => {
		const model = testModel(server.current, {
			compat: { "anthropic-messages": { thinkingMode: "adaptive" } },
		});
		const body = await sentBody(userSays(), { reasoning: "xhigh" }, model);
		expect(body.thinking).toEqual({ type: "adaptive" });
		expect(body.output_config).toEqual({ effort: "max" });
	});

	it("sends no thinking for reasoning off or a model without reasoning", async () => {
		expect((await sentBody(userSays(), { reasoning: "off" })).thinking).toBeUndefined();
		const plain = testModel(server.current, { reasoning: false });
		expect((await sentBody(userSays(), { reasoning: "high" }, plain)).thinking).toBeUndefined();
	});

	it("sends temperature only when an API version before 2026-10-21 is pinned", async () => {
		expect((await sentBody(userSays(), { temperature: 0.3 })).temperature).toBeUndefined();
		const pinned = await sentBody(userSays(), {
			temperature: 0.3,
			headers: { "anthropic-version": "2023-06-01" },
		});
		expect(pinned.temperature).toBe(0.3);
		expect(server.current.requests.at(-1)?.headers["anthropic-version"]).toBe("2023-06-01");
	});

	it("sends the session id as metadata.user_id and the caller's headers", async () => {
		const body = await sentBody(userSays(), { sessionId: "session-123", headers: { "x-trace": "t1" } });
		expect(body.metadata).toEqual({ user_id: "session-123" });
		expect(server.current.requests.at(-1)?.headers["x-trace"]).toBe("t1");
	});

	it("merges consecutive tool results into one user message and sanitises a long id with | the same way in call and result", async () => {
		const longId = `call_${"a".repeat(40)}|fc_${"b".repeat(40)}`;
		const context: Context = {
			messages: [
				{ role: "user", content: "Do two things.", timestamp: 1 },
				assistant([
					{ type: "toolCall", id: longId, name: "ls", arguments: { path: "." } },
					{ type: "toolCall", id: "toolu_ok", name: "read", arguments: { path: "a" } },
				]),
				{
					role: "toolResult",
					toolCallId: longId,
					toolName: "ls",
					content: [{ type: "text", text: "a\nb" }],
					isError: false,
					timestamp: 3,
				},
				{
					role: "toolResult",
					toolCallId: "toolu_ok",
					toolName: "read",
					content: [{ type: "text", text: "no such file" }],
					isError: true,
					timestamp: 4,
				},
			],
		};
		const body = await sentBody(context, { cacheRetention: "none" });
		const [user, call, results] = body.messages;
		expect(body.messages).toHaveLength(3);
		expect(user?.role).toBe("user");
		const sanitised = String(blocksOf(call)[0]?.id);
		expect(sanitised).toMatch(/^[a-zA-Z0-9_-]{1,64}$/);
		expect(call).toEqual({
			role: "assistant",
			content: [
				{ type: "tool_use", id: sanitised, name: "ls", input: { path: "." } },
				{ type: "tool_use", id: "toolu_ok", name: "read", input: { path: "a" } },
			],
		});
		expect(results).toEqual({
			role: "user",
			content: [
				{ type: "tool_result", tool_use_id: sanitised, content: [{ type: "text", text: "a\nb" }] },
				{
					type: "tool_result",
					tool_use_id: "toolu_ok",
					content: [{ type: "text", text: "no such file" }],
					is_error: true,
				},
			],
		});
	});

	it("sends the body that onPayload returns instead of the built one", async () => {
		let seen: unknown;
		const body = await sentBody(userSays("original"), {
			onPayload: (payload) => {
				seen = payload;
				return { ...(payload as Body), messages: [{ role: "user", content: "replaced" }], max_tokens: 77 };
			},
		});
		expect(blocksOf((seen as Body).messages[0])[0]?.text).toBe("original");
		expect(body.messages).toEqual([{ role: "user", content: "replaced" }]);
		expect(body.max_tokens).toBe(77);
		expect(body.stream).toBe(true);
	});
});
