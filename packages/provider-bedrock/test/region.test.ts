import type { Model } from "@kestrel/ai";
import { describe, expect, it } from "vitest";
import { DEFAULT_BASE_URL, planTarget, regionInUrl, resolveCompat } from "../src/index.js";
import { encodeBedrockStream } from "../src/testing/index.js";
import { useAwsFiles } from "./aws-config.js";
import { collect, testModel, useWireServer } from "./fixtures.js";

const wire = useWireServer();
const awsFiles = useAwsFiles();
const KEYS = { AWS_ACCESS_KEY_ID: "AKIDREGION", AWS_SECRET_ACCESS_KEY: "s" };

describe("regionInUrl", () => {
	it.each([
		["https://bedrock-runtime.eu-central-1.amazonaws.com", "eu-central-1"],
		["https://bedrock-runtime-fips.us-gov-west-1.amazonaws.com/", "us-gov-west-1"],
		["https://vpce-0a1b2c-xyz.bedrock-runtime.ap-southeast-2.vpce.amazonaws.com", "ap-southeast-2"],
		["https://bedrock-runtime.cn-north-1.amazonaws.com.cn", "cn-north-1"],
		["https://gateway.example.com/bedrock", undefined],
		["http://127.0.0.1:4000", undefined],
		["not a url", undefined],
	])("%s → %s", (url, region) => {
		expect(regionInUrl(url)).toBe(region);
	});
});

describe("planTarget: the precedence of the region", () => {
	const model = (baseUrl: string, region?: string): Model => ({
		...testModel({ url: "http://x" } as never),
		baseUrl,
		...(region ? { compat: { "bedrock-converse-stream": { region } } } : {}),
	});
	const plan = (m: Model, env: NodeJS.ProcessEnv) => planTarget(m, env, resolveCompat(m));

	it("the compat flag first, then the base URL's region, then AWS_REGION, then AWS_DEFAULT_REGION", () => {
		const url = "https://bedrock-runtime.eu-west-1.amazonaws.com";
		const env = { AWS_REGION: "us-west-2", AWS_DEFAULT_REGION: "ap-south-1" };
		expect(plan(model(url, "ca-central-1"), env)).toMatchObject({ endpoint: url, region: "ca-central-1" });
		expect(plan(model(url), env)).toMatchObject({ endpoint: url, region: "eu-west-1" });
		expect(plan(model("https://gw.example.com"), env)).toMatchObject({ region: "us-west-2" });
		expect(plan(model("https://gw.example.com"), { AWS_DEFAULT_REGION: "ap-south-1" })).toMatchObject({
			region: "ap-south-1",
		});
	});

	it("the default base URL follows the AWS configuration, with the region's standard endpoint, us-east-1 last", () => {
		expect(plan(model(DEFAULT_BASE_URL), { AWS_REGION: "eu-west-3" })).toEqual({
			endpoint: undefined,
			region: "eu-west-3",
			fallback: { region: "us-east-1" },
		});
		expect(plan(model(`${DEFAULT_BASE_URL}/`), {})).toMatchObject({ endpoint: undefined, region: undefined });
	});

	it("a base URL without a region and no configuration falls back to an error that says what to set", () => {
		const target = plan(model("https://gw.example.com"), {});
		expect(target.region).toBeUndefined();
		expect(target.fallback).toEqual({ error: expect.stringMatching(/AWS_REGION.*"region"/) });
	});
});

describe("the region a request is signed for", () => {
	async function scope(model: Model, env: NodeJS.ProcessEnv) {
		wire.server.enqueue(encodeBedrockStream({ blocks: [{ type: "text", text: "ok" }] }));
		const { message } = await collect(model, undefined, {}, { env: { ...KEYS, ...env } });
		expect(message.stopReason, message.errorMessage).toBe("stop");
		return /Credential=AKIDREGION\/\d{8}\/([a-z0-9-]+)\/bedrock\//.exec(
			String(wire.server.requests.at(-1)?.headers.authorization),
		)?.[1];
	}

	it("the compat flag, else AWS_REGION, else AWS_DEFAULT_REGION, else the profile's region", async () => {
		await awsFiles({ config: "[default]\nregion = sa-east-1\n[profile work]\nregion = eu-north-1\n" });
		const loopback = testModel(wire.server);
		const flagged = testModel(wire.server, {
			compat: { "bedrock-converse-stream": { region: "ca-central-1" } },
		});
		expect(await scope(flagged, { AWS_REGION: "us-west-2" })).toBe("ca-central-1");
		expect(await scope(loopback, { AWS_REGION: "us-west-2", AWS_DEFAULT_REGION: "ap-south-1" })).toBe(
			"us-west-2",
		);
		expect(await scope(loopback, { AWS_DEFAULT_REGION: "ap-south-1" })).toBe("ap-south-1");
		expect(await scope(loopback, {})).toBe("sa-east-1");
	});

	it("no region for a base URL that names none: invalid_request saying what to set, and no request", async () => {
		await awsFiles({});
		const { message } = await collect(testModel(wire.server), undefined, {}, { env: KEYS });
		expect(message.error).toEqual({ kind: "invalid_request", code: "missing_region" });
		expect(message.errorMessage).toContain("AWS_REGION");
		expect(wire.server.requests).toHaveLength(0);
	});
});
