import { spawn } from "node:child_process";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { startWireServer, type WireServer } from "@kestrel/ai/testing";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { encodeBedrockStream } from "../src/testing/index.js";

/**
 * The proof that a provider package plugs into `kestrel` with no change to it: the
 * workspace's built `kestrel` binary, this package named by path in the user's settings,
 * a models.json provider on its API pointed at the loopback server, and the real AWS SDK
 * speaking Bedrock's binary event stream. (turbo builds the CLI before these tests.)
 */
const KESTREL = fileURLToPath(new URL("../../cli/bin/kestrel.js", import.meta.url));
const PACKAGE = fileURLToPath(new URL("..", import.meta.url));

let root: string;
let server: WireServer;
let env: NodeJS.ProcessEnv;

beforeEach(async () => {
	root = await mkdtemp(join(tmpdir(), "kestrel-bedrock-"));
	const home = join(root, "home");
	const kestrelHome = join(root, "kestrel-home");
	await Promise.all([mkdir(home), mkdir(kestrelHome), mkdir(join(root, "work"))]);
	server = await startWireServer();
	await writeFile(join(kestrelHome, "settings.json"), JSON.stringify({ providers: [PACKAGE] }));
	const models = {
		providers: {
			"bedrock-loopback": {
				baseUrl: server.url,
				api: "bedrock-converse-stream",
				compat: { region: "us-east-1" },
				models: [{ id: "amazon.nova-micro-v1:0", contextWindow: 128_000, maxTokens: 5_000 }],
			},
		},
	};
	await writeFile(join(kestrelHome, "models.json"), JSON.stringify(models));
	env = {
		PATH: process.env.PATH,
		HOME: home,
		KESTREL_HOME: kestrelHome,
		KESTREL_LOCAL_SERVER_PORTS: "1",
		AWS_ACCESS_KEY_ID: "AKIDKESTRELCLITEST01",
		AWS_SECRET_ACCESS_KEY: "kestrel-cli-test-secret-access-key-0000",
		AWS_EC2_METADATA_DISABLED: "true",
	};
});

afterEach(async () => {
	await server.close();
	await rm(root, { recursive: true, force: true });
});

function kestrel(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
	const child = spawn(process.execPath, [KESTREL, ...args], {
		cwd: join(root, "work"),
		env,
		stdio: ["ignore", "pipe", "pipe"],
	});
	let stdout = "";
	let stderr = "";
	child.stdout.on("data", (chunk: Buffer) => {
		stdout += chunk.toString("utf8");
	});
	child.stderr.on("data", (chunk: Buffer) => {
		stderr += chunk.toString("utf8");
	});
	return new Promise((resolve) => child.on("close", (code) => resolve({ code, stdout, stderr })));
}

describe("kestrel with @kestrel/provider-bedrock named in its settings", () => {
	it("answers through Bedrock's ConverseStream, signed with the AWS credentials of the environment", async () => {
		server.enqueue(encodeBedrockStream({ blocks: [{ type: "text", text: "Hello from Bedrock." }] }));
		const result = await kestrel(["-p", "Say hello.", "--model", "bedrock-loopback/amazon.nova-micro-v1:0"]);
		expect(result.stderr).toBe("");
		expect(result.code).toBe(0);
		expect(result.stdout.trim()).toBe("Hello from Bedrock.");
		const [request] = server.requests;
		expect(request?.path).toBe("/model/amazon.nova-micro-v1%3A0/converse-stream");
		expect(String(request?.headers.authorization)).toContain("Credential=AKIDKESTRELCLITEST01/");
		// The prompt, with Bedrock's cache point after it; kestrel's tools as Bedrock's tool config.
		expect(request?.body).toMatchObject({
			messages: [{ role: "user", content: [{ text: "Say hello." }, { cachePoint: { type: "default" } }] }],
			toolConfig: {
				tools: expect.arrayContaining([
					expect.objectContaining({ toolSpec: expect.objectContaining({ name: "bash" }) }),
				]),
			},
		});
	});

	it("lists the package's catalogue models and the loopback provider", async () => {
		const result = await kestrel(["--list-models"]);
		expect(result.code).toBe(0);
		expect(result.stdout).toContain("amazon-bedrock");
		expect(result.stdout).toContain("global.anthropic.claude-sonnet-4-6");
		expect(result.stdout).toContain("bedrock-loopback");
	});

	it("without AWS credentials, says how to provide them", async () => {
		delete env.AWS_ACCESS_KEY_ID;
		delete env.AWS_SECRET_ACCESS_KEY;
		env.AWS_CONFIG_FILE = join(root, "no-config");
		env.AWS_SHARED_CREDENTIALS_FILE = join(root, "no-credentials");
		const result = await kestrel(["-p", "Say hello.", "--model", "bedrock-loopback/amazon.nova-micro-v1:0"]);
		expect(result.code).not.toBe(0);
		expect(result.stderr).toMatch(/AWS_ACCESS_KEY_ID|AWS_PROFILE|AWS_BEARER_TOKEN_BEDROCK/);
		expect(server.requests).toHaveLength(0);
	});
});
