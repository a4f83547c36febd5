import { describe, expect, it } from "vitest";
import { BEDROCK_SECRET_VARIABLES, bedrockConverseStream } from "../src/index.js";
import { encodeBedrockStream } from "../src/testing/index.js";
import { useAwsFiles } from "./aws-config.js";
import { collect, testModel, useWireServer } from "./fixtures.js";

const wire = useWireServer();
const awsFiles = useAwsFiles();
const REGION = { AWS_REGION: "us-east-1" };

async function authorization(env: NodeJS.ProcessEnv, apiKey?: string) {
	wire.server.enqueue(encodeBedrockStream({ blocks: [{ type: "text", text: "ok" }] }));
	const { message } = await collect(testModel(wire.server), undefined, apiKey ? { apiKey } : {}, { env });
	expect(message.stopReason, message.errorMessage).toBe("stop");
	const headers = wire.server.requests.at(-1)?.headers ?? {};
	return { authorization: String(headers.authorization), token: headers["x-amz-security-token"] };
}

describe("credentials, in order", () => {
	it("the apiKey option is a Bedrock API key, sent as a bearer token (ahead of everything else)", async () => {
		await awsFiles({});
		const env = {
			...REGION,
			AWS_BEARER_TOKEN_BEDROCK: "from-env",
			AWS_ACCESS_KEY_ID: "AKIDENV",
			AWS_SECRET_ACCESS_KEY: "s",
		};
		expect((await authorization(env, "bedrock-api-key-123")).authorization).toBe(
			"Bearer bedrock-api-key-123",
		);
	});

	it("AWS_BEARER_TOKEN_BEDROCK comes before access keys", async () => {
		await awsFiles({});
		const env = {
			...REGION,
			AWS_BEARER_TOKEN_BEDROCK: "from-env",
			AWS_ACCESS_KEY_ID: "AKIDENV",
			AWS_SECRET_ACCESS_KEY: "s",
		};
		expect((await authorization(env)).authorization).toBe("Bearer from-env");
	});

	it("access keys in the environment sign with SigV4, the session token sent along", async () => {
		await awsFiles({});
		const env = {
			...REGION,
			AWS_ACCESS_KEY_ID: "AKIDENV",
			AWS_SECRET_ACCESS_KEY: "s",
			AWS_SESSION_TOKEN: "tok",
		};
		const sent = await authorization(env);
		expect(sent.authorization).toMatch(/^AWS4-HMAC-SHA256 Credential=AKIDENV\//);
		expect(sent.token).toBe("tok");
	});

	it("AWS_PROFILE wins over access keys: the chain reads the profile from the shared credentials file", async () => {
		await awsFiles({ credentials: "[work]\naws_access_key_id = AKIDPROFILE\naws_secret_access_key = p\n" });
		const env = { ...REGION, AWS_PROFILE: "work", AWS_ACCESS_KEY_ID: "AKIDENV", AWS_SECRET_ACCESS_KEY: "s" };
		expect((await authorization(env)).authorization).toMatch(/^AWS4-HMAC-SHA256 Credential=AKIDPROFILE\//);
	});

	it("without a profile, the chain's default profile is used", async () => {
		await awsFiles({
			credentials: "[default]\naws_access_key_id = AKIDDEFAULT\naws_secret_access_key = d\n",
		});
		expect((await authorization(REGION)).authorization).toMatch(/^AWS4-HMAC-SHA256 Credential=AKIDDEFAULT\//);
	});

	it("no credentials anywhere: an auth error that says how to provide them, and no request", async () => {
		await awsFiles({});
		const { message, events } = await collect(testModel(wire.server), undefined, {}, { env: REGION });
		expect(events.map((event) => event.type)).toEqual(["start", "error"]);
		expect(message.error).toEqual({ kind: "auth", code: "missing_credentials" });
		expect(message.errorMessage).toMatch(/^No AWS credentials for Amazon Bedrock/);
		expect(message.errorMessage).toContain("AWS_BEARER_TOKEN_BEDROCK");
		expect(message.errorMessage).toContain("AWS_PROFILE");
		expect(wire.server.requests).toHaveLength(0);
	});

	it("a named profile that does not exist is named in the error", async () => {
		await awsFiles({});
		const { message } = await collect(
			testModel(wire.server),
			undefined,
			{},
			{ env: { ...REGION, AWS_PROFILE: "nope" } },
		);
		expect(message.error?.kind).toBe("auth");
		expect(message.errorMessage).toContain('profile "nope"');
	});
});

describe("the module's auth", () => {
	it("is a credential chain whose resolve says how to provide credentials, and names its secret variables", async () => {
		await awsFiles({});
		const auth = bedrockConverseStream.auth;
		if (auth.kind !== "credentials") throw new Error("expected credentials auth");
		expect(auth.secretVariables).toEqual(BEDROCK_SECRET_VARIABLES);
		const request = {
			model: testModel(wire.server),
			apiKey: undefined,
			signal: new AbortController().signal,
		};
		await expect(auth.resolve({ ...request, env: {} })).rejects.toThrow(
			/No AWS credentials for Amazon Bedrock/,
		);
		await expect(
			auth.resolve({ ...request, env: { AWS_ACCESS_KEY_ID: "AKID", AWS_SECRET_ACCESS_KEY: "s" } }),
		).resolves.toEqual({
			kind: "aws",
			credentials: { accessKeyId: "AKID", secretAccessKey: "s" },
			source: "environment",
		});
	});
});
