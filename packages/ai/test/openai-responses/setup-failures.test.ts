import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createOpenAIResponsesProvider, type OpenAISdk } from "../../src/providers/openai-responses/index.js";
import { encodeOpenAIResponsesStream } from "../../src/testing/wire-server/openai-responses.js";
import type { AssistantMessageEvent } from "../../src/types.js";
import { collect, provider, testModel, userContext, useWireServer } from "./fixtures.js";

const wire = useWireServer();

const VARIABLES = ["OPENAI_API_KEY", "OPENAI_BASE_URL", "OPENAI_ORG_ID", "OPENAI_PROJECT_ID"] as const;
let savedEnv: Partial<Record<(typeof VARIABLES)[number], string>> = {};

beforeEach(() => {
	savedEnv = {};
	for (const name of VARIABLES) {
		if (process.env[name] !== undefined) savedEnv[name] = process.env[name];
		delete process.env[name];
	}
});

afterEach(() => {
	for (const name of VARIABLES) {
		if (savedEnv[name] === undefined) delete process.env[name];
		else process.env[name] = savedEnv[name];
	}
});

async function eventsOf(stream: AsyncIterable<AssistantMessageEvent>): Promise<AssistantMessageEvent[]> {
	const events: AssistantMessageEvent[] = [];
	for await (const event of stream) events.push(event);
	return events;
}

describe("openai-responses setup failures", () => {
	it("ends with an auth error, without throwing or sending, when provider openai has no key", async () => {
		const stream = provider.stream(testModel(wire.server), userContext(), {});
		const events = await eventsOf(stream);
		const message = await stream.result();
		expect(events.at(-1)?.type).toBe("error");
		expect(message.error?.kind).toBe("auth");
		expect(message.errorMessage).toContain("OPENAI_API_KEY");
		expect(wire.server.requests).toHaveLength(0);
	});

	it("uses OPENAI_API_KEY from the environment when no key is passed", async () => {
		process.env.OPENAI_API_KEY = "sk-from-env";
		wire.server.enqueue({ body: encodeOpenAIResponsesStream({ blocks: [{ type: "text", text: "ok" }] }) });
		const message = await provider.stream(testModel(wire.server), userContext(), {}).result();
		expect(message.stopReason).toBe("stop");
		expect(wire.server.requests.at(-1)?.headers.authorization).toBe("Bearer sk-from-env");
	});

	it("calls a keyless local server without any Authorization header, even with OPENAI_API_KEY set", async () => {
		process.env.OPENAI_API_KEY = "sk-must-not-leak";
		process.env.OPENAI_ORG_ID = "org-must-not-leak";
		wire.server.enqueue({
			body: encodeOpenAIResponsesStream({ blocks: [{ type: "text", text: "local hi" }] }),
		});
		const model = testModel(wire.server, { provider: "ollama", id: "gpt-oss:20b" });
		const message = await provider.stream(model, userContext(), {}).result();

		expect(message.stopReason).toBe("stop");
		const headers = wire.server.requests.at(-1)?.headers ?? {};
		expect(headers.authorization).toBeUndefined();
		expect(headers["openai-organization"]).toBeUndefined();
	});

	it("ends with an error event naming the openai package when the SDK is not installed", async () => {
		const missing = "openai-not-installed-xyz";
		const withoutSdk = createOpenAIResponsesProvider({
			loadSdk: () => import(/* @vite-ignore */ missing) as Promise<OpenAISdk>,
		});
		const stream = withoutSdk.stream(testModel(wire.server), userContext(), { apiKey: "sk-test" });
		const events = await eventsOf(stream);
		const message = await stream.result();
		expect(events.at(-1)?.type).toBe("error");
		expect(message.stopReason).toBe("error");
		expect(message.errorMessage).toContain("openai-responses");
		expect(message.errorMessage).toContain("npm install openai");
		expect(message.error?.code).toBe("missing_sdk");
	});

	it("ends with a network error when the base URL is unreachable", async () => {
		const { events, message } = await collect(testModel("http://127.0.0.1:1/v1"));
		expect(events.at(-1)?.type).toBe("error");
		expect(message.error?.kind).toBe("network");
	});
});
