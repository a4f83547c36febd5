import { isDeepStrictEqual } from "node:util";
import { makeWriteArguments } from "./arguments.js";
import { type BenchConfig, readConfig } from "./config.js";
import { floorResult } from "./floor.js";
import { kestrelResult } from "./kestrel-client.js";
import { cpuMs, median } from "./measure.js";
import { runPiAi } from "./pi-client.js";
import { makeReplyText } from "./reply-text.js";
import { formatTable, type SizeResult, type Verdict } from "./report.js";
import { type BenchApi, type BenchScenario, supportsScenario } from "./scenario.js";
import { ServerProcess } from "./server-client.js";
import type { ResponseSpec } from "./server-protocol.js";

/** Reads one response and returns its final tool-call arguments or its final text. */
type Client = (spec: ResponseSpec, serverUrl: string) => Promise<unknown>;

interface Case {
	sizeKb: number;
	/** What every client must return: the original arguments object, or the reply text. */
	expected: unknown;
	spec: ResponseSpec;
}

function makeCase(api: BenchApi, scenario: BenchScenario, sizeKb: number): Case {
	if (scenario === "text") {
		const text = makeReplyText(sizeKb);
		return { sizeKb, expected: text, spec: { api, scenario, key: `${sizeKb}`, payload: text } };
	}
	const expected = makeWriteArguments(sizeKb);
	return { sizeKb, expected, spec: { api, scenario, key: `${sizeKb}`, payload: JSON.stringify(expected) } };
}

const log = (line: string) => process.stderr.write(`${line}\n`);

/** One request on a fresh server; the argument check happens after the measurement. */
async function measureOnce(
	server: ServerProcess,
	config: BenchConfig,
	item: Case,
	client: Client,
	label: string,
) {
	const { url, wireBytes } = await server.serve([item.spec], config.chunkBytes);
	try {
		const { cpuMs: used, value } = await cpuMs(() => client(item.spec, url));
		if (!isDeepStrictEqual(value, item.expected)) {
			const what = item.spec.scenario === "tool-call" ? "arguments" : "text";
			throw new Error(
				`${label} ${item.spec.api} ${item.spec.scenario} ${item.sizeKb} KB: the final ${what} differ from the original`,
			);
		}
		return { cpuMs: used, wireBytes: wireBytes[0]! };
	} finally {
		await server.close(url);
	}
}

/**
 * Kestrel and the floor on every size of one API and scenario. Warm-up rounds go over every size
 * first, so the JIT (whose compiler threads count in process.cpuUsage) has seen all of
 * them; measured rounds then go over every size in turn, floor and Kestrel alternating,
 * so that drift in machine load or JIT state hits every size and both clients alike.
 */
async function measureClients(
	server: ServerProcess,
	config: BenchConfig,
	cases: readonly Case[],
): Promise<SizeResult[]> {
	for (let round = 0; round < config.warmUps; round++) {
		for (const item of cases) {
			await measureOnce(server, config, item, floorResult, "floor");
			await measureOnce(server, config, item, kestrelResult, "Kestrel");
		}
	}
	const floor = cases.map((): number[] => []);
	const kestrel = cases.map((): number[] => []);
	const wireBytes = cases.map(() => 0);
	for (let round = 0; round < config.runs; round++) {
		for (const [index, item] of cases.entries()) {
			floor[index]!.push((await measureOnce(server, config, item, floorResult, "floor")).cpuMs);
			const measured = await measureOnce(server, config, item, kestrelResult, "Kestrel");
			kestrel[index]!.push(measured.cpuMs);
			wireBytes[index] = measured.wireBytes;
		}
	}
	return cases.map((item, index) => {
		const runs = (values: number[]) => values.map((ms) => ms.toFixed(1)).join(" ");
		log(
			`  ${item.spec.api} ${item.spec.scenario} ${item.sizeKb} KB: Kestrel ${runs(kestrel[index]!)} | floor ${runs(floor[index]!)}`,
		);
		return {
			sizeKb: item.sizeKb,
			payloadBytes: Buffer.byteLength(item.spec.payload),
			wireBytes: wireBytes[index]!,
			kestrelMs: median(kestrel[index]!),
			floorMs: median(floor[index]!),
			pi: undefined,
		};
	});
}

async function measurePi(
	server: ServerProcess,
	config: BenchConfig,
	warmUp: Case,
	item: Case,
): Promise<SizeResult["pi"]> {
	const { url } = await server.serve([warmUp.spec, item.spec], config.chunkBytes);
	try {
		const outcome = await runPiAi(
			{
				api: item.spec.api,
				scenario: item.spec.scenario,
				url,
				warmUpPayload: warmUp.spec.payload,
				expectedPayload: item.spec.payload,
			},
			config.piCapMs,
		);
		const shown = outcome.kind === "measured" ? `${outcome.cpuMs.toFixed(0)} ms CPU` : outcome.kind;
		log(
			`  pi-ai ${item.spec.api} ${item.spec.scenario} ${item.sizeKb} KB: ${shown}${outcome.kind === "failed" ? `: ${outcome.message}` : ""}`,
		);
		return outcome;
	} finally {
		await server.close(url);
	}
}

/** pi-ai on every size, smallest first; once one run hits the cap, larger sizes are skipped. */
async function measurePiSizes(
	server: ServerProcess,
	config: BenchConfig,
	cases: readonly Case[],
	rows: SizeResult[],
): Promise<void> {
	const first = cases[0];
	if (!first) return;
	const warmUp = makeCase(first.spec.api, first.spec.scenario, 4);
	let cappedAt: number | undefined;
	for (const row of rows) {
		const item = cases.find((candidate) => candidate.sizeKb === row.sizeKb)!;
		row.pi =
			cappedAt === undefined
				? await measurePi(server, config, warmUp, item)
				: { kind: "skipped", reason: `skipped (capped at ${cappedAt} KB)` };
		if (row.pi?.kind === "capped") cappedAt ??= row.sizeKb;
	}
}

/** The streaming suite: every scenario on every API that has it, each as one table. */
async function streamingSuite(
	server: ServerProcess,
	config: BenchConfig,
): Promise<{ tables: string[]; verdicts: Verdict[] }> {
	const tables: string[] = [];
	const verdicts: Verdict[] = [];
	for (const scenario of config.scenarios) {
		const sizes = scenario === "tool-call" ? config.sizes : config.textSizes;
		for (const api of config.apis) {
			if (!supportsScenario(api, scenario)) continue;
			const cases = sizes.map((sizeKb) => makeCase(api, scenario, sizeKb));
			const rows = await measureClients(server, config, cases);
			if (config.piCapMs > 0) await measurePiSizes(server, config, cases, rows);
			const table = formatTable(api, scenario, rows, config.runs);
			tables.push(table.text);
			verdicts.push(...table.verdicts);
		}
	}
	return { tables, verdicts };
}

async function main(): Promise<number> {
	const config = readConfig();
	log(
		`bench: ${config.scenarios.join(", ")} on ${config.apis.join(", ")}; tool-call sizes ${config.sizes.join(", ")} KB, ` +
			`text sizes ${config.textSizes.join(", ")} KB; ${config.warmUps} warm-up + ${config.runs} measured runs, ` +
			`pi-ai cap ${config.piCapMs ? `${config.piCapMs / 1000} s` : "off"}, ` +
			`server writes ${config.chunkBytes ? `${config.chunkBytes} B` : "whole body"}`,
	);
	const server = ServerProcess.start();
	const tables: string[] = [];
	const verdicts: Verdict[] = [];
	try {
		const streaming = await streamingSuite(server, config);
		tables.push(...streaming.tables);
		verdicts.push(...streaming.verdicts);
	} finally {
		server.stop();
	}
	console.log(
		"\nCPU time of the client process only: the wire server runs in a child process, pi-ai in another (capped by wall clock).\n",
	);
	console.log(tables.join("\n\n"));
	console.log("\nTargets:");
	for (const verdict of verdicts) console.log(`  ${verdict.pass ? "PASS" : "FAIL"}  ${verdict.name}`);
	console.log("\nFinal arguments and texts of Kestrel and the floor equal the originals in every run.");
	const failed = verdicts.some((verdict) => !verdict.pass);
	return failed && config.strict ? 1 : 0;
}

main().then(
	(code) => {
		process.exitCode = code;
	},
	(error: unknown) => {
		console.error(error instanceof Error ? (error.stack ?? error.message) : error);
		process.exitCode = 1;
	},
);
