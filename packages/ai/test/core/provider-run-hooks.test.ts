import { describe, expect, it } from "vitest";
import { defineModel } from "../../src/models/define-model.js";
import { runProviderStream } from "../../src/provider-run.js";

/** An error in the shape of an SDK that `describeThrown` cannot read: no status, no body. */
class VendorError extends Error {
	constructor(
		readonly vendorCode: string,
		readonly httpStatus: number,
	) {
		super(`vendor says ${vendorCode}`);
		this.name = vendorCode;
	}
}

const model = defineModel({ id: "m", baseUrl: "http://127.0.0.1:9/v1", provider: "custom-vendor" });

function failWith(thrown: unknown, describeError?: Parameters<typeof runProviderStream>[3]) {
	return runProviderStream(
		model,
		{ connectRetries: 0 },
		async () => {
			throw thrown;
		},
		describeError,
	).result();
}

describe("runProviderStream hooks", () => {
	it("classifies what the body threw with the provider's describeError", async () => {
		const describeError = (thrown: unknown) =>
			thrown instanceof VendorError
				? { message: "Slow down, please.", status: thrown.httpStatus, code: thrown.vendorCode }
				: undefined;
		const message = await failWith(new VendorError("ThrottlingException", 429), { describeError });
		expect(message.stopReason).toBe("error");
		expect(message.errorMessage).toBe("Slow down, please.");
		expect(message.error).toMatchObject({ kind: "rate_limit", status: 429, code: "ThrottlingException" });

		// Without the hook the same error has nothing to classify by.
		const bare = await failWith(new VendorError("ThrottlingException", 429));
		expect(bare.error?.kind).toBe("unknown");
	});

	it("falls back to describeThrown when the hook returns undefined", async () => {
		const apiError = Object.assign(new Error("overloaded"), {
			status: 529,
			error: { type: "error", error: { type: "overloaded_error", message: "Overloaded" } },
		});
		const message = await failWith(apiError, { describeError: () => undefined });
		expect(message.error).toMatchObject({ kind: "overloaded", status: 529, code: "overloaded_error" });
	});

	it("takes a kind the hook knows, keeping the other facts", async () => {
		const describeError = () => ({
			message: "The model stream failed.",
			code: "ModelStreamErrorException",
			kind: "overloaded" as const,
		});
		const message = await failWith(new VendorError("ModelStreamErrorException", 0), { describeError });
		expect(message.error).toMatchObject({ kind: "overloaded", code: "ModelStreamErrorException" });
	});

	it("retries a failure the hook says came before any response byte, and only that", async () => {
		let attempts = 0;
		const run = (beforeResponse: boolean) =>
			runProviderStream(
				model,
				{ connectRetries: 1 },
				async () => {
					attempts += 1;
					throw new VendorError("ConnectionReset", 0);
				},
				{ describeError: () => ({ message: "reset", kind: "network", beforeResponse }) },
			).result();
		const retried = await run(true);
		expect(attempts).toBe(2);
		expect(retried.error?.kind).toBe("network");
		attempts = 0;
		await run(false);
		expect(attempts).toBe(1);
	});
});
