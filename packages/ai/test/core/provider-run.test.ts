import { afterEach, describe, expect, it } from "vitest";
import type { ProviderKeySource } from "../../src/provider-keys.js";
import { runProviderStream } from "../../src/provider-run.js";
import { createFauxProvider, fauxText } from "../../src/testing/faux-provider.js";

const hostedModel = createFauxProvider().model({ provider: "anthropic", api: "custom" });
const savedKey = process.env.ANTHROPIC_API_KEY;
/** What a wire API module that declares `anthropic` hands the kit. */
const anthropicKeys: ProviderKeySource[] = [
	{ auth: { kind: "key" }, providers: { anthropic: { apiKeyVariables: ["ANTHROPIC_API_KEY"] } } },
];

afterEach(() => {
	if (savedKey === undefined) delete process.env.ANTHROPIC_API_KEY;
	else process.env.ANTHROPIC_API_KEY = savedKey;
});

describe("runProviderStream", () => {
	it("ends with kind auth and names the variable when a hosted provider has no key", async () => {
		delete process.env.ANTHROPIC_API_KEY;
		let bodyRan = false;
		const message = await runProviderStream(
			hostedModel,
			{},
			async () => {
				bodyRan = true;
			},
			{ keySources: anthropicKeys },
		).result();
		expect(bodyRan).toBe(false);
		expect(message.stopReason).toBe("error");
		expect(message.error?.kind).toBe("auth");
		expect(message.errorMessage).toContain("ANTHROPIC_API_KEY");
	});

	it("reads the key from the environment when the options carry none", async () => {
		process.env.ANTHROPIC_API_KEY = "from-env";
		let seen: string | undefined;
		await runProviderStream(
			hostedModel,
			{},
			async (run) => {
				seen = run.apiKey;
				run.assembler.finish();
			},
			{ keySources: anthropicKeys },
		).result();
		expect(seen).toBe("from-env");
	});

	it("prefers the caller's key, and reads no environment without key sources (the registry resolved it)", async () => {
		process.env.ANTHROPIC_API_KEY = "from-env";
		const seen: (string | undefined)[] = [];
		const body = async (run: { apiKey: string | undefined; assembler: { finish(): void } }) => {
			seen.push(run.apiKey);
			run.assembler.finish();
		};
		await runProviderStream(hostedModel, { apiKey: "from-caller" }, body, {
			keySources: anthropicKeys,
		}).result();
		const message = await runProviderStream(hostedModel, {}, body).result();
		expect(message.stopReason).toBe("stop");
		expect(seen).toEqual(["from-caller", undefined]);
	});

	it("reports a body that returns without finishing as a truncated stream (kind network)", async () => {
		const message = await runProviderStream(hostedModel, { apiKey: "k" }, async (run) => {
			run.assembler.beginText(0);
			run.assembler.appendText(0, "cut");
		}).result();
		expect(message.error?.kind).toBe("network");
		expect(message.content).toEqual([{ type: "text", text: "cut" }]);
	});

	it("turns a thrown value into an error event and never rejects", async () => {
		const stream = runProviderStream(hostedModel, { apiKey: "k" }, async () => {
			throw new Error("socket hang up");
		});
		const types: string[] = [];
		for await (const event of stream) types.push(event.type);
		expect(types).toEqual(["start", "error"]);
		expect((await stream.result()).error?.kind).toBe("network");
	});

	it("ends with aborted without running the body when the signal is already aborted", async () => {
		const controller = new AbortController();
		controller.abort();
		let bodyRan = false;
		const message = await runProviderStream(
			hostedModel,
			{ apiKey: "k", signal: controller.signal },
			async () => {
				bodyRan = true;
			},
		).result();
		expect(bodyRan).toBe(false);
		expect(message.stopReason).toBe("aborted");
	});

	it("passes the body through onPayload and sends what it returns", async () => {
		let sent: unknown;
		await runProviderStream(
			hostedModel,
			{ apiKey: "k", onPayload: (payload) => ({ ...(payload as object), extra: true }) },
			async (run) => {
				sent = await run.preparePayload({ model: "m" });
				run.assembler.finish();
			},
		).result();
		expect(sent).toEqual({ model: "m", extra: true });
	});

	it("ends a stream that goes quiet between events with kind timeout", async () => {
		const faux = createFauxProvider({ deltaSize: 1, deltaDelayMs: 400 });
		faux.enqueue({ content: [fauxText("slow reply")] });
		const message = await faux.provider
			.stream(faux.model(), { messages: [] }, { idleTimeoutMs: 100 })
			.result();
		expect(message.stopReason).toBe("error");
		expect(message.error?.kind).toBe("timeout");
		expect(message.errorMessage).toContain("100 ms");
	});

	it("ends a request that never sends a first event with kind timeout", async () => {
		const message = await runProviderStream(hostedModel, { apiKey: "k", firstByteTimeoutMs: 80 }, (run) => {
			return new Promise((_resolve, reject) => {
				run.signal.addEventListener("abort", () => reject(new Error("aborted by watchdog")));
			});
		}).result();
		expect(message.error?.kind).toBe("timeout");
		expect(message.errorMessage).toContain("before the first stream event");
	});
});
