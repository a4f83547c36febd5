import { isDeepStrictEqual } from "node:util";
import { makeWriteArguments } from "./arguments.js";
import { type BenchConfig, readConfig } from "./config.js";
import { floorToolArguments } from "./floor.js";
import { kestrelToolArguments } from "./kestrel-client.js";
import { cpuMs, median } from "./measure.js";
import { runPiAi } from "./pi-client.js";
import { formatTable, type SizeResult, type Verdict } from "./report.js";
import type { BenchApi } from "./scenario.js";
import { ServerProcess } from "./server-client.js";
import type { ResponseSpec } from "./server-protocol.js";

type Client = (api: BenchApi, serverUrl: string) => Promise<unknown>;

interface Case {
	sizeKb: number;
	expected: unknown;
	spec: ResponseSpec;
}

function makeCase(api: BenchApi, sizeKb: number): Case {
	const expected = makeWriteArguments(sizeKb);
	return { sizeKb, expected, spec: { api, key: `${sizeKb}`, argumentsJson: JSON.stringify(expected) } };
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
		const { cpuMs: used, value } = await cpuMs(() => client(item.spec.api, url));
		if (!isDeepStrictEqual(value, item.expected)) {
			throw new Error(
				`${label} ${item.spec.api} ${item.sizeKb} KB: the final arguments differ from the original`,
			);
		}
		return { cpuMs: used, wireBytes: wireBytes[0]! };
	} finally {
		await server.close(url);
	}
}

/**
 * Kestrel and the floor on every size of one API. Warm-up rounds go over every size
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
			await measureOnce(server, config, item, floorToolArguments, "floor");
			await measureOnce(server, config, item, kestrelToolArguments, "Kestrel");
		}
	}
	const floor = cases.map((): number[] => []);
	const kestrel = cases.map((): number[] => []);
	const wireBytes = cases.map(() => 0);
	for (let round = 0; round < config.runs; round++) {
		for (const [index, item] of cases.entries()) {
			floor[index]!.push((await measureOnce(server, config, item, floorToolArguments, "floor")).cpuMs);
			const measured = await measureOnce(server, config, item, kestrelToolArguments, "Kestrel");
			kestrel[index]!.push(measured.cpuMs);
			wireBytes[index] = measured.wireBytes;
		}
	}
	return cases.map((item, index) => {
		const runs = (values: number[]) => values.map((ms) => ms.toFixed(1)).join(" ");
		log(
			`  ${item.spec.api} ${item.sizeKb} KB: Kestrel ${runs(kestrel[index]!)} | floor ${runs(floor[index]!)}`,
		);
		return {
			sizeKb: item.sizeKb,
			argumentBytes: Buffer.byteLength(item.spec.argumentsJson),
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
				url,
				warmUpJson: warmUp.spec.argumentsJson,
				expectedJson: item.spec.argumentsJson,
			},
			config.piCapMs,
		);
		const shown = outcome.kind === "measured" ? `${outcome.cpuMs.toFixed(0)} ms CPU` : outcome.kind;
		log(
			`  pi-ai ${item.spec.api} ${item.sizeKb} KB: ${shown}${outcome.kind === "failed" ? `: ${outcome.message}` : ""}`,
		);
		return outcome;
	} finally {
		await server.close(url);
	}
}

async function main(): Promise<number> {
	const config = readConfig();
	log(
		`bench: sizes ${config.sizes.join(", ")} KB, ${config.warmUps} warm-up + ${config.runs} measured runs, pi-ai cap ${config.piCapMs ? `${config.piCapMs / 1000} s` : "off"}, ` +
			`server writes ${config.chunkBytes ? `${config.chunkBytes} B` : "whole body"}`,
	);
	const server = ServerProcess.start();
	const tables: string[] = [];
	const verdicts: Verdict[] = [];
	try {
		for (const api of config.apis) {
			const cases = config.sizes.map((sizeKb) => makeCase(api, sizeKb));
			const rows = await measureClients(server, config, cases);
			if (config.piCapMs > 0) {
				const warmUp = makeCase(api, 4);
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
			const table = formatTable(api, rows, config.runs);
			tables.push(table.text);
			verdicts.push(...table.verdicts);
		}
	} finally {
		server.stop();
	}
	console.log(
		"\nCPU time of the client process only: the wire server runs in a child process, pi-ai in another (capped by wall clock).\n",
	);
	console.log(tables.join("\n\n"));
	console.log("\nTargets:");
	for (const verdict of verdicts) console.log(`  ${verdict.pass ? "PASS" : "FAIL"}  ${verdict.name}`);
	console.log("\nFinal arguments of Kestrel and the floor equal the original object in every run.");
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
