import { describe, expect, it } from "vitest";
import {
	createOpenAICompletionsProvider,
	type OpenAISdk,
} from "../../src/providers/openai-completions/index.js";
import { encodeOpenAICompletionsStream } from "../../src/testing/wire-server/openai-completions.js";
import { useClearedEnv } from "../support/env.js";
import { installLine } from "../support/peer-dependencies.js";
import { collectStream } from "../support/wire-fixture.js";
import { collect, provider, testModel, userContext, useWireServer } from "./fixtures.js";

const wire = useWireServer();

const KEY_VARIABLES = [
	"OPENAI_API_KEY",
	"OPENAI_BASE_URL",
	"OPENAI_ORG_ID",
	"OPENAI_PROJECT_ID",
	"OPENAI_CUSTOM_HEADERS",
] as const;
useClearedEnv(KEY_VARIABLES);

describe("openai-completions setup failures", () => {
	it("ends with an auth error, without throwing, when provider openai has no key", async () => {
		const stream = provider.stream(testModel(wire.current), userContext(), {});
		const { events, message } = await collectStream(stream);
		expect(events.at(-1)?.type).toBe("error");
		expect(message.error?.kind).toBe("auth");
		expect(message.errorMessage).toContain("OPENAI_API_KEY");
		expect(wire.current.requests).toHaveLength(0);
	});

	it("calls a keyless local server (ollama) without any Authorization header, even with OPENAI_API_KEY set", async () => {
		process.env.OPENAI_API_KEY = "sk-must-not-leak";
		process.env.OPENAI_ORG_ID = "org-must-not-leak";
		wire.current.enqueue({
			body: encodeOpenAICompletionsStream({ blocks: [{ type: "text", text: "local hi" }] }),
		});
		const model = testModel(wire.current, { provider: "ollama", id: "qwen3:8b" });
		const stream = provider.stream(model, userContext(), {});
		const { message } = await collectStream(stream);

		expect(message.stopReason).toBe("stop");
		expect(message.content).toEqual([{ type: "text", text: "local hi" }]);
		const headers = wire.current.requests.at(-1)?.headers ?? {};
		expect(headers.authorization).toBeUndefined();
		expect(headers["openai-organization"]).toBeUndefined();
	});

	it("sends the headers of OPENAI_CUSTOM_HEADERS to OpenAI only, unless the model or the caller names them", async () => {
		process.env.OPENAI_CUSTOM_HEADERS =
			"X-Gateway-Token: must-not-leak\nX-Team: platform\nAuthorization: Bearer env-token";
		const ok = () => ({ body: encodeOpenAICompletionsStream({ blocks: [{ type: "text", text: "ok" }] }) });
		wire.current.enqueue(ok(), ok());
		await collect(testModel(wire.current));
		const toOpenAI = wire.current.requests.at(-1)?.headers ?? {};
		expect(toOpenAI["x-gateway-token"]).toBe("must-not-leak");

		const groq = testModel(wire.current, { provider: "groq", headers: { "X-Team": "model" } });
		await provider.stream(groq, userContext(), { apiKey: "gsk-test" }).result();
		const toGroq = wire.current.requests.at(-1)?.headers ?? {};
		expect(toGroq["x-gateway-token"]).toBeUndefined();
		expect(toGroq["x-team"]).toBe("model");
		expect(toGroq.authorization).toBe("Bearer gsk-test");
	});

	it("runs with the openai module itself as an app's loadSdk", async () => {
		const ownLoader = createOpenAICompletionsProvider({ loadSdk: () => import("openai") });
		wire.current.enqueue({ body: encodeOpenAICompletionsStream({ blocks: [{ type: "text", text: "ok" }] }) });
		const message = await ownLoader
			.stream(testModel(wire.current), userContext(), { apiKey: "sk-test" })
			.result();
		expect(message.stopReason).toBe("stop");
		expect(message.content).toEqual([{ type: "text", text: "ok" }]);
	});

	it("sends the caller's own Authorization header to a keyless server", async () => {
		wire.current.enqueue({ body: encodeOpenAICompletionsStream({ blocks: [{ type: "text", text: "ok" }] }) });
		const model = testModel(wire.current, { provider: "vllm" });
		await provider
			.stream(model, userContext(), { headers: { Authorization: "Basic dXNlcjpwYXNz" } })
			.result();
		expect(wire.current.requests.at(-1)?.headers.authorization).toBe("Basic dXNlcjpwYXNz");
	});

	it("sends a key given for a keyless server as a bearer token", async () => {
		wire.current.enqueue({ body: encodeOpenAICompletionsStream({ blocks: [{ type: "text", text: "ok" }] }) });
		await collect(testModel(wire.current, { provider: "lmstudio" }));
		expect(wire.current.requests.at(-1)?.headers.authorization).toBe("Bearer sk-test-wire-0123456789");
	});

	it("ends with an error event naming the openai package when the SDK is not installed", async () => {
		const missing = "openai-not-installed-xyz";
		const withoutSdk = createOpenAICompletionsProvider({
			loadSdk: () => import(/* @vite-ignore */ missing) as Promise<OpenAISdk>,
		});
		const stream = withoutSdk.stream(testModel(wire.current), userContext(), { apiKey: "sk-test" });
		const { events, message } = await collectStream(stream);
		expect(events.at(-1)?.type).toBe("error");
		expect(message.stopReason).toBe("error");
		expect(message.errorMessage).toContain(installLine("openai"));
		expect(message.error?.code).toBe("missing_sdk");
	});
});
