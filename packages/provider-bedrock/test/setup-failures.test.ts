import { describe, expect, it } from "vitest";
import { createBedrockConverseStreamProvider } from "../src/index.js";
import { HELLO, TEST_ENV, testModel, useWireServer } from "./fixtures.js";

const wire = useWireServer();

describe("setup failures", () => {
	it("the AWS SDK not installed: an error event that names the package to install, and no request", async () => {
		const missing = Object.assign(new Error("Cannot find package '@aws-sdk/client-bedrock-runtime'"), {
			code: "ERR_MODULE_NOT_FOUND",
		});
		const provider = createBedrockConverseStreamProvider({
			env: TEST_ENV,
			loadSdk: () => Promise.reject(missing),
		});
		const message = await provider.stream(testModel(wire.server), HELLO, {}).result();
		expect(message.stopReason).toBe("error");
		expect(message.error).toEqual({ kind: "invalid_request", code: "missing_sdk" });
		expect(message.errorMessage).toContain("npm install @aws-sdk/client-bedrock-runtime@");
		expect(wire.server.requests).toHaveLength(0);
	});

	it("creating the provider loads nothing: the SDK is imported on the first request only", async () => {
		let loads = 0;
		const provider = createBedrockConverseStreamProvider({
			env: TEST_ENV,
			loadSdk: async () => {
				loads += 1;
				throw Object.assign(new Error("not here"), { code: "ERR_MODULE_NOT_FOUND" });
			},
		});
		expect(loads).toBe(0);
		await provider.stream(testModel(wire.server), HELLO, {}).result();
		expect(loads).toBeGreaterThan(0);
	});
});
