import { readFile } from "node:fs/promises";
import { parseArgs } from "node:util";
import {
	CONVERSATION_PROVIDER,
	type ConversationRequestLog,
	startConversationServer,
} from "./conversation-server.js";
import { describeReply } from "./encode-reply.js";
import { ConversationScriptError, parseConversationScript } from "./parse-script.js";

const USAGE = `Usage: kestrel-wire <script.json> [--port N] [--host 127.0.0.1]

Serves a conversation script as a model server in the script's wire API, prints the
models.json that points kestrel at it, and logs each request on stderr. Ctrl-C stops it.`;

const SCRIPT_HINT = `A script looks like:
  { "api": "anthropic-messages", "model": "scripted",
    "replies": [ { "toolCalls": [{ "name": "read", "arguments": { "path": "README.md" } }] },
                 { "when": { "toolResultMatches": "kestrel" }, "text": "It is about kestrel." } ],
    "fallback": { "text": "I have nothing scripted for that." } }
See the @kestrel/ai README, "A scripted model server".`;

/** Where the bin writes, and what stops it (SIGINT or SIGTERM by default). */
export interface KestrelWireIo {
	stdout: (text: string) => void;
	stderr: (text: string) => void;
	/** Resolves when the server should stop. */
	stopped: Promise<unknown>;
}

/**
 * The `kestrel-wire` command: `args` are the arguments after the command name. Resolves
 * with the exit code: 0 once stopped, 1 when the server cannot listen, 2 for bad
 * arguments or a bad script.
 */
export async function runKestrelWire(
	args: readonly string[],
	io: KestrelWireIo = processIo(),
): Promise<number> {
	let parsed: ReturnType<typeof parseFlags>;
	try {
		parsed = parseFlags(args);
	} catch (error) {
		io.stderr(`kestrel-wire: ${error instanceof Error ? error.message : String(error)}\n\n${USAGE}\n`);
		return 2;
	}
	if (parsed.help) {
		io.stdout(`${USAGE}\n\n${SCRIPT_HINT}\n`);
		return 0;
	}
	const { file, port, host } = parsed;
	let text: string;
	try {
		text = await readFile(file, "utf8");
	} catch (error) {
		const reason = (error as NodeJS.ErrnoException).code === "ENOENT" ? "no such file" : String(error);
		io.stderr(`kestrel-wire: cannot read the script ${file}: ${reason}.\n`);
		return 2;
	}
	let script: ReturnType<typeof parseConversationScript>;
	try {
		script = parseConversationScript(text, file);
	} catch (error) {
		if (!(error instanceof ConversationScriptError)) throw error;
		io.stderr(`kestrel-wire: ${error.message}\n${SCRIPT_HINT}\n`);
		return 2;
	}
	let served: Awaited<ReturnType<typeof startConversationServer>>;
	try {
		served = await startConversationServer(script, {
			...(port === undefined ? {} : { port }),
			...(host === undefined ? {} : { host }),
			onRequest: (log) => io.stderr(`kestrel-wire: ${describeRequest(log)}\n`),
		});
	} catch (error) {
		const code = (error as NodeJS.ErrnoException).code;
		const where = `${host ?? "127.0.0.1"}:${port ?? 0}`;
		const reason =
			code === "EADDRINUSE"
				? `port ${port} is in use on ${host ?? "127.0.0.1"}; pick another --port, or leave it out for a free one`
				: `cannot listen on ${where}: ${error instanceof Error ? error.message : String(error)}`;
		io.stderr(`kestrel-wire: ${reason}.\n`);
		return 1;
	}
	io.stdout(
		[
			JSON.stringify(served.modelsJson(), null, 2),
			"",
			`Serving ${file} as ${script.api} on ${served.server.url} (Ctrl-C stops it).`,
			`Write the JSON above to ~/.kestrel/models.json ($KESTREL_HOME/models.json), or add its "${CONVERSATION_PROVIDER}" provider to yours, then run:`,
			`  kestrel --model ${CONVERSATION_PROVIDER}/${served.model} -p "hello"`,
			"",
		].join("\n"),
	);
	await io.stopped;
	await served.close();
	io.stderr("kestrel-wire: stopped.\n");
	return 0;
}

function parseFlags(args: readonly string[]): { help: boolean; file: string; port?: number; host?: string } {
	const { values, positionals } = parseArgs({
		args: [...args],
		allowPositionals: true,
		options: {
			port: { type: "string" },
			host: { type: "string" },
			help: { type: "boolean", short: "h" },
		},
	});
	if (values.help) return { help: true, file: "" };
	if (positionals.length !== 1) {
		throw new Error(
			positionals.length === 0 ? "name the script file." : `one script file, not ${positionals.length}.`,
		);
	}
	const port = values.port === undefined ? undefined : Number(values.port);
	if (port !== undefined && !(Number.isInteger(port) && port >= 0 && port <= 65535)) {
		throw new Error(`--port "${values.port}" is not a port; give a number from 0 to 65535.`);
	}
	return {
		help: false,
		file: positionals[0] as string,
		...(port === undefined ? {} : { port }),
		...(values.host === undefined ? {} : { host: values.host }),
	};
}

/** `#2 POST /v1/messages, turn 2 → replies[1]: text`. */
function describeRequest(log: ConversationRequestLog): string {
	const head = `#${log.number} ${log.method} ${log.path}${log.turn === undefined ? "" : `, turn ${log.turn}`}`;
	if (log.chosen) {
		const from = log.chosen.source === "fallback" ? "fallback" : `replies[${log.chosen.index}]`;
		return `${head} → ${from}: ${describeReply(log.chosen.reply)}`;
	}
	if (log.errorStatus === 404) return `${head} → 404: not the route this API streams from`;
	return `${head} → ${log.errorStatus ?? 500}: no reply matches (add one, or a "fallback")`;
}

function processIo(): KestrelWireIo {
	return {
		stdout: (text) => process.stdout.write(text),
		stderr: (text) => process.stderr.write(text),
		stopped: new Promise((resolve) => {
			process.once("SIGINT", resolve);
			process.once("SIGTERM", resolve);
		}),
	};
}
