import { afterEach, describe, expect, it, vi } from "vitest";
import {
	type AnthropicSdk,
	createAnthropicMessagesProvider,
} from "../../src/providers/anthropic-messages/index.js";
import { encodeAnthropicStream } from "../../src/testing/wire-server/anthropic-messages.js";
import { installLine } from "../support/peer-dependencies.js";
import { baseOptions, collect, provider, run, testModel, userSays, useWireServer } from "./fixtures.js";

const server = useWireServer();
const savedKey = process.env.ANTHROPIC_API_KEY;

afterEach(() => {
	if (savedKey === undefined) delete process.env.ANTHROPIC_API_KEY;
	else process.env.ANTHROPIC_API_KEY = savedKey;
	vi.restoreAllMocks();
});

describe("anthropic-messages: setup failures never throw", () => {
	it("ends with kind auth when there is no key, without sending a request", async () => {
		delete process.env.ANTHROPIC_API_KEY;
		const stream = provider.stream(testModel(server.current), userSays(), { maxRetries: 0 });
		const { events, message } = await collect(stream);
		expect(events.map((event) => event.type)).toEqual(["start", "error"]);
		expect(message.error?.kind).toBe("auth");
		expect(message.errorMessage).toContain("ANTHROPIC_API_KEY");
		expect(server.current.requests).toHaveLength(0);
	});

	it("ends with an error naming @anthropic-ai/sdk when the SDK is not installed", async () => {
		const missing = createAnthropicMessagesProvider({
			// @ts-expect-error: the module does not exist, which is the point.
			loadSdk: () => import("@anthropic-ai/sdk-not-installed-xyz") as Promise<AnthropicSdk>,
		});
		const { events, message } = await collect(
			missing.stream(testModel(server.current), userSays(), baseOptions()),
		);
		expect(events.at(-1)?.type).toBe("error");
		expect(message.stopReason).toBe("error");
		expect(message.errorMessage).toContain(installLine("@anthropic-ai/sdk"));
		expect(message.error?.code).toBe("missing_sdk");
	});

	it("sends no credentials to an app-defined keyless provider, even with ANTHROPIC_API_KEY set", async () => {
		process.env.ANTHROPIC_API_KEY = "sk-ant-must-not-leak";
		server.current.enqueue({ body: encodeAnthropicStream({ blocks: [{ type: "text", text: "ok" }] }) });
		const local = testModel(server.current, { provider: "my-local-proxy" });
		const { message } = await run(local, userSays(), { maxRetries: 0 });
		expect(message.stopReason).toBe("stop");
		const headers = server.current.requests[0]?.headers ?? {};
		expect(headers.authorization).toBeUndefined();
		expect(headers["x-api-key"]).toBeUndefined();
		expect(JSON.stringify(headers)).not.toContain("must-not-leak");
	});
});
