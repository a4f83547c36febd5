#!/usr/bin/env node
// The `kestrel` command. Only argument parsing is loaded up front, so that `--version`
// and `--help` stay fast; settings, models, provider SDKs and the harness are imported
// after parsing, when a mode needs them.
import { readFileSync } from "node:fs";
import { holdKeys, looksForKeys } from "./secrets/key-handover.js";
import { providerPackageSecretVariables } from "./secrets/key-variables.js";

const { version } = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8")) as {
	version: string;
};

async function main(): Promise<number> {
	// First of all: on Linux this may re-execute kestrel without its keys in /proc (see holdKeys),
	// the secret variables of configured provider packages included.
	const argv = process.argv.slice(2);
	const packageVariables = looksForKeys(argv) ? await providerPackageSecretVariables(argv) : [];
	const held = holdKeys(argv, process.env, packageVariables);
	if (held.warning) process.stderr.write(`${held.warning}\n`);
	// Imported after holdKeys: a re-execution then costs no argument parser loaded for nothing.
	const { parseArgs } = await import("./args/parse-args.js");
	const options = parseArgs(held.argv, version);
	if (held.apiKey !== undefined) options.apiKey = held.apiKey;
	try {
		const { run } = await import("./run.js");
		return await run(options);
	} catch (error) {
		const { CliError } = await import("./cli-error.js");
		if (error instanceof CliError) {
			process.stderr.write(`${error.message}\n`);
			return error.exitCode;
		}
		process.stderr.write(`kestrel: ${error instanceof Error ? error.message : String(error)}\n`);
		return 1;
	}
}

const code = await main();
// Flush what was written, then leave even if an HTTP keep-alive socket is still open.
process.stdout.write("", () => process.exit(code));
