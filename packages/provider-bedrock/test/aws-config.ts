import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, vi } from "vitest";

/** Process variables the AWS SDK's credential chain and region loader read. */
const AWS_PROCESS_VARIABLES = [
	"AWS_ACCESS_KEY_ID",
	"AWS_SECRET_ACCESS_KEY",
	"AWS_SESSION_TOKEN",
	"AWS_PROFILE",
	"AWS_REGION",
	"AWS_DEFAULT_REGION",
	"AWS_BEARER_TOKEN_BEDROCK",
	"AWS_CONTAINER_CREDENTIALS_RELATIVE_URI",
	"AWS_CONTAINER_CREDENTIALS_FULL_URI",
	"AWS_WEB_IDENTITY_TOKEN_FILE",
	"AWS_ROLE_ARN",
] as const;

/**
 * Points the SDK's shared config and credentials files at a temporary folder (with the
 * given contents), clears the AWS variables of the process and turns the instance
 * metadata service off, so that the chain reads only what the test wrote and never
 * reaches the network. Undone after each test.
 */
export function useAwsFiles(): (files: { config?: string; credentials?: string }) => Promise<void> {
	const folders: string[] = [];
	afterEach(async () => {
		vi.unstubAllEnvs();
		await Promise.all(folders.splice(0).map((folder) => rm(folder, { recursive: true, force: true })));
	});
	return async (files) => {
		const folder = await mkdtemp(join(tmpdir(), "kestrel-bedrock-aws-"));
		folders.push(folder);
		for (const name of AWS_PROCESS_VARIABLES) vi.stubEnv(name, undefined);
		vi.stubEnv("AWS_EC2_METADATA_DISABLED", "true");
		const config = join(folder, "config");
		const credentials = join(folder, "credentials");
		await writeFile(config, files.config ?? "");
		await writeFile(credentials, files.credentials ?? "");
		vi.stubEnv("AWS_CONFIG_FILE", config);
		vi.stubEnv("AWS_SHARED_CREDENTIALS_FILE", credentials);
	};
}
