import { describe, expect, it } from "vitest";
import { createOpenAIResponsesProvider, type OpenAISdk } from "../../src/providers/openai-responses/index.js";
import { encodeOpenAIResponsesStream } from "../../src/testing/wire-server/openai-responses.js";
import { useClearedEnv } from "../support/env.js";
import { installLine } from "../support/peer-dependencies.js";
import { collectStream } from "../support/wire-fixture.js";
import { provider, testModel, userContext, useWireServer } from "./fixtures.js";

const wire = useWireServer();

const VARIABLES = ["OPENAI_API_KEY", "OPENAI_BASE_URL", "OPENAI_ORG_ID", "OPENAI_PROJECT_ID"] as const;
useClearedEnv(VARIABLES);

describe("openai-responses setup failures", () => {
	it("ends with an auth error, without throwing or sending, when provider openai has no key", async () => {
		const stream = provider.stream(testModel(wire.current), userContext(), {});
		const { events, message } = await collectStream(stream);
		expect(events.at(-1)?.type).toBe("error");
		expect(message.error?.kind).toBe("auth");
		expect(message.errorMessage).toContain("OPENAI_API_KEY");
		expect(wire.current.requests).toHaveLength(0);
	});

	it("uses OPENAI_API_KEY from the environment when no key is passed", async () => {
		process.env.OPENAI_API_KEY = "sk-from-env";
		wire.current.enqueue({ body: encodeOpenAIResponsesStream({ blocks: [{ type: "text", text: "ok" }] }) });
		const message = await provider.stream(testModel(wire.current), userContext(), {}).result();
		expect(message.stopReason).toBe("stop");
		expect(wire.current.requests.at(-1)?.headers.authorization).toBe("Bearer sk-from-env");
	});

	it("calls a keyless local server without any Authorization header, even with OPENAI_API_KEY set", async () => {
		process.env.OPENAI_API_KEY = "sk-must-not-leak";
		process.env.OPENAI_ORG_ID = "org-must-not-leak";
		wire.current.enqueue({
			body: encodeOpenAIResponsesStream({ blocks: [{ type: "text", text: "local hi" }] }),
		});
		const model = testModel(wire.current, { provider: "ollama", id: "gpt-oss:20b" });
		const message = await provider.stream(model, userContext(), {}).result();

		expect(message.stopReason).toBe("stop");
		const headers = wire.current.requests.at(-1)?.headers ?? {};
		expect(headers.authorization).toBeUndefined();
		expect(headers["openai-organization"]).toBeUndefined();
	});

	it("ends with an error event naming the openai package when the SDK is not installed", async () => {
		const missing = "openai-not-installed-xyz";
		const withoutSdk = createOpenAIResponsesProvider({
			loadSdk: () => import(/* @vite-ignore */ missing) as Promise<OpenAISdk>,
		});
		const stream = withoutSdk.stream(testModel(wire.current), userContext(), { apiKey: "sk-test" });
		const { events, message } = await collectStream(stream);
		expect(events.at(-1)?.type).toBe("error");
		expect(message.stopReason).toBe("error");
		expect(message.errorMessage).toContain("openai-responses");
		expect(message.errorMessage).toContain(installLine("openai"));
		expect(message.error?.code).toBe("missing_sdk");
	});
});
