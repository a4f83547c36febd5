import { dirname, join } from "node:path";
import {
	getModels,
	getProviderDefaults,
	getProviders,
	knownWireApis,
	localServers,
	MODELS_FILE_EXAMPLE,
} from "@kestrel/ai";

/**
 * The message for a machine with no model configured: every way to configure one. The
 * providers, key variables and local servers it names come from the wire API modules
 * that are registered (the built-ins and any provider package), not from a list here.
 */
export function noModelMessage(
	modelsFilePath: string,
	probed: readonly { name: string; port: number }[],
): string {
	const hosted = getProviders().filter((provider) => {
		const defaults = getProviderDefaults(provider);
		return defaults !== undefined && !defaults.local && defaults.apiKeyVariables.length > 0;
	});
	const variables = [
		...new Set(hosted.flatMap((provider) => getProviderDefaults(provider)?.apiKeyVariables[0] ?? [])),
	];
	const [firstVariable = "<PROVIDER>_API_KEY", ...otherVariables] = variables;
	const example = hosted.find((provider) => getModels(provider).length > 0);
	const exampleModel = example ? `${example}/${getModels(example)[0]?.id}` : "<provider>/<model>";
	const credentialLines = knownWireApis().flatMap((module) =>
		module.auth.kind === "credentials"
			? [`     ${module.title} (${Object.keys(module.providers ?? {}).join(", ")}): ${module.auth.describe}`]
			: [],
	);
	const servers = localServers();
	const home = dirname(modelsFilePath);
	const probedText = probed.length > 0 ? probed.map((server) => server.port).join(", ") : "none";
	return [
		"No model is configured, and no API key or local model server was found. Configure one of these:",
		"",
		"  1. An API key in the provider's environment variable, for example:",
		...wrap(`export ${firstVariable}=...`, otherVariables, "   (or ", ")").map((line) => `       ${line}`),
		...(credentialLines.length > 0
			? ["     Or the credentials of a provider that uses them:", ...credentialLines]
			: []),
		"  2. A model and key on the command line:",
		`       kestrel --model ${exampleModel} --api-key ... -p 'hello'`,
		`  3. A custom provider (any OpenAI-compatible server) in ${modelsFilePath}:`,
		...MODELS_FILE_EXAMPLE.split("\n").map((line) => `       ${line}`),
		`  4. A local model server on its default port: ${servers.map((server) => `${server.name} (${server.port})`).join(", ")}`,
		`     (ports probed now: ${probedText})`,
		`  5. A provider package: npm install --prefix ${home} <package>, then name it in the "providers" setting`,
		`     of ${join(home, "settings.json")}, e.g. "providers": ["@kestrel/provider-bedrock"]`,
		"",
		"Run kestrel --list-models to see the models you can use.",
		"To try Kestrel first without any of these, run kestrel --demo: a built-in scripted model (not an AI) tours it in this folder.",
	].join("\n");
}

/** `head` followed by `items` in parentheses, wrapped at about 100 columns under the opening parenthesis. */
function wrap(head: string, items: readonly string[], open: string, close: string): string[] {
	if (items.length === 0) return [head];
	const indent = " ".repeat(head.length + open.length);
	const lines: string[] = [];
	let line = `${head}${open}`;
	items.forEach((item, index) => {
		const piece = `${item}${index === items.length - 1 ? close : ","}`;
		if (line.length + piece.length + 1 > 100 && line.trim() !== "") {
			lines.push(line.trimEnd());
			line = indent;
		}
		line += line.endsWith(open) || line === indent ? piece : ` ${piece}`;
	});
	lines.push(line);
	return lines;
}
