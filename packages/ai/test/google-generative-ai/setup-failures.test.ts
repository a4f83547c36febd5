import { afterEach, describe, expect, it, vi } from "vitest";
import {
	createGoogleGenerativeAIProvider,
	type GoogleGenAISdk,
} from "../../src/providers/google-generative-ai/index.js";
import { encodeGeminiStream } from "../../src/testing/wire-server/google-generative-ai.js";
import { useClearedEnv } from "../support/env.js";
import { installLine } from "../support/peer-dependencies.js";
import {
	API_KEY,
	baseOptions,
	collect,
	provider,
	run,
	testModel,
	userSays,
	useWireServer,
} from "./fixtures.js";

const server = useWireServer();

const VARIABLES = [
	"GEMINI_API_KEY",
	"GOOGLE_API_KEY",
	"GOOGLE_GEMINI_BASE_URL",
	"GOOGLE_GENAI_USE_VERTEXAI",
	"GOOGLE_GENAI_USE_ENTERPRISE",
	"GOOGLE_GENAI_API_VERSION",
	"GOOGLE_CLOUD_PROJECT",
	"GOOGLE_CLOUD_LOCATION",
] as const;
useClearedEnv(VARIABLES);

afterEach(() => {
	vi.restoreAllMocks();
});

const ok = () => ({ body: encodeGeminiStream({ blocks: [{ type: "text", text: "ok" }] }) });

describe("google-generative-ai: setup failures never throw", () => {
	it("ends with kind auth naming both variables when there is no key, without sending a request", async () => {
		const stream = provider.stream(testModel(server.current), userSays(), { maxRetries: 0 });
		const { events, message } = await collect(stream);
		expect(events.map((event) => event.type)).toEqual(["start", "error"]);
		expect(message.error?.kind).toBe("auth");
		expect(message.errorMessage).toContain("GEMINI_API_KEY or GOOGLE_API_KEY");
		expect(server.current.requests).toHaveLength(0);
	});

	it("sends the key from GEMINI_API_KEY in x-goog-api-key when no apiKey is given", async () => {
		process.env.GEMINI_API_KEY = "AIza-from-env";
		server.current.enqueue(ok());
		const { message } = await run(testModel(server.current), userSays(), { maxRetries: 0 });
		expect(message.stopReason).toBe("stop");
		expect(server.current.requests[0]?.headers["x-goog-api-key"]).toBe("AIza-from-env");
	});

	it("ends with an error naming @google/genai when the SDK is not installed", async () => {
		const missing = "@google/genai-not-installed-xyz";
		const withoutSdk = createGoogleGenerativeAIProvider({
			loadSdk: () => import(/* @vite-ignore */ missing) as Promise<GoogleGenAISdk>,
		});
		const { events, message } = await collect(
			withoutSdk.stream(testModel(server.current), userSays(), baseOptions()),
		);
		expect(events.at(-1)?.type).toBe("error");
		expect(message.stopReason).toBe("error");
		expect(message.errorMessage).toContain(installLine("@google/genai"));
		expect(message.error?.code).toBe("missing_sdk");
		expect(server.current.requests).toHaveLength(0);
	});

	it("sends no environment key or cloud credentials to an app-defined keyless provider", async () => {
		process.env.GEMINI_API_KEY = "AIza-must-not-leak";
		process.env.GOOGLE_API_KEY = "AIza-must-not-leak-either";
		// The SDK warns that both variables are set whenever it is constructed; that is not ours.
		const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
		server.current.enqueue(ok());
		const local = testModel(server.current, { provider: "my-gemini-proxy" });
		const { message } = await run(local, userSays(), { maxRetries: 0 });
		expect(message.stopReason).toBe("stop");
		const headers = server.current.requests[0]?.headers ?? {};
		expect(JSON.stringify(headers)).not.toContain("must-not-leak");
		expect(JSON.stringify(headers)).not.toContain("kestrel-keyless");
		expect(headers["x-goog-api-key"] ?? "").toBe("");
		expect(headers.authorization).toBeUndefined();
		expect(warn).not.toHaveBeenCalledWith(expect.stringContaining("API key should be set"));
	});

	it("sends the caller's own x-goog-api-key header to a keyless provider", async () => {
		server.current.enqueue(ok());
		const local = testModel(server.current, { provider: "my-gemini-proxy" });
		await run(local, userSays(), { maxRetries: 0, headers: { "x-goog-api-key": "proxy-key" } });
		expect(server.current.requests[0]?.headers["x-goog-api-key"]).toBe("proxy-key");
	});

	it("ignores GOOGLE_GENAI_USE_VERTEXAI, GOOGLE_GENAI_USE_ENTERPRISE, GOOGLE_GEMINI_BASE_URL and GOOGLE_GENAI_API_VERSION: the model's base URL and v1beta are used", async () => {
		process.env.GOOGLE_GENAI_USE_VERTEXAI = "true";
		process.env.GOOGLE_GENAI_USE_ENTERPRISE = "true";
		process.env.GOOGLE_GENAI_API_VERSION = "v1";
		process.env.GOOGLE_CLOUD_PROJECT = "some-project";
		process.env.GOOGLE_CLOUD_LOCATION = "us-central1";
		process.env.GOOGLE_GEMINI_BASE_URL = "http://127.0.0.1:1";
		server.current.enqueue(ok());
		const { message } = await run(testModel(server.current), userSays());
		expect(message.stopReason).toBe("stop");
		expect(server.current.requests[0]?.path).toBe(
			"/v1beta/models/gemini-2.5-flash:streamGenerateContent?alt=sse",
		);
		expect(server.current.requests[0]?.headers["x-goog-api-key"]).toBe(API_KEY);
	});
});
