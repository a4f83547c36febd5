/**
 * A deterministic coding-agent transcript, independent of any session format: the items
 * that both writers (`session-files.ts`) turn into entries of their own format, one entry
 * per item, with the same ids.
 *
 * A transcript is a run of turns: a user prompt, one to four rounds of an assistant
 * message (sometimes a thinking block, a short text, one or two tool calls, with usage)
 * each answered by its tool results (200 B to 4 KB of code-like text), then a final
 * assistant reply. A long transcript also changes model twice and the thinking level
 * once, and is compacted once, at a turn boundary near the middle, keeping the last ~4 %
 * of the entries before it.
 */
import type {
	AssistantContent,
	AssistantMessage,
	Message,
	ThinkingLevel,
	ToolCall,
	ToolResultMessage,
	Usage,
} from "@kestrel/ai";
import { random } from "../random.js";

export type TranscriptItem =
	| { kind: "message"; message: Message }
	| { kind: "model_change"; provider: string; modelId: string; api: string }
	| { kind: "thinking_level_change"; thinkingLevel: ThinkingLevel }
	| {
			kind: "compaction";
			summary: string;
			/** Index of the first kept item (a user message before this one). */
			firstKept: number;
			tokensBefore: number;
			tokensAfter: number;
			files: { read: string[]; modified: string[] };
	  }
	/** The session's display name (Kestrel: an annotation; pi: a `session_info` entry). */
	| { kind: "name"; name: string };

export interface Transcript {
	items: TranscriptItem[];
	/** ISO time of the session's creation; item `i` is timestamped `startMs + (i + 1) s`. */
	startMs: number;
}

/**
 * ~64 KB of code and prose to cut text from: newlines, tabs, double quotes, backslashes,
 * accented letters and CJK, so that both parsers meet escapes, as in real tool output.
 */
function buildCorpus(): string {
	const parts: string[] = [];
	let length = 0;
	for (let index = 0; length < 64 * 1024; index++) {
		const part =
			`export function handler${index}(input: string): Result<${index}> {\n` +
			`\tconst value = parse("key \\"${index}\\"", { path: "src/module-${index % 37}/file-${index}.ts" });\n` +
			`\tif (!value.ok) throw new Error(\`bad input: \${input}\`); // côté serveur, 処理 ${index}\n` +
			`\treturn { ok: true, value: value.items.map((item) => item.name.trim()) };\n}\n\n` +
			`Le module ${index} lit la configuration, vérifie les entrées et écrit le résultat — 設定を読む.\n`;
		parts.push(part);
		length += part.length;
	}
	return parts.join("");
}

const CORPUS = buildCorpus();

const PROVIDERS = [
	{ provider: "anthropic", modelId: "claude-sonnet-4-5", api: "anthropic-messages" },
	{ provider: "openai", modelId: "gpt-5.1-codex", api: "openai-responses" },
	{ provider: "anthropic", modelId: "claude-opus-4-5", api: "anthropic-messages" },
] as const;

const TOOLS = ["read", "bash", "edit", "write", "grep"] as const;

class Writer {
	private readonly corpus = CORPUS;
	readonly items: TranscriptItem[] = [];
	readonly rng: () => number;
	model: (typeof PROVIDERS)[number] = PROVIDERS[0];
	private calls = 0;
	readonly read = new Set<string>();
	readonly modified = new Set<string>();

	constructor(
		seed: number,
		readonly startMs: number,
	) {
		this.rng = random(seed);
	}

	int(min: number, max: number): number {
		return min + Math.floor(this.rng() * (max - min + 1));
	}

	/** `length` characters of the corpus from a random offset. */
	text(length: number): string {
		const start = Math.floor(this.rng() * (this.corpus.length - length - 1));
		return this.corpus.slice(start, start + length);
	}

	/** A size skewed towards the small end: most results are a few hundred bytes. */
	skewed(min: number, max: number): number {
		const r = this.rng();
		return min + Math.floor(r * r * (max - min));
	}

	get nextTimestamp(): number {
		return this.startMs + (this.items.length + 1) * 1000;
	}

	usage(): Usage {
		const input = this.int(200, 4000);
		const output = this.int(50, 1500);
		const cacheRead = this.int(5000, 120_000);
		const cacheWrite = this.int(0, 3000);
		const cost = {
			input: input * 3e-6,
			output: output * 15e-6,
			cacheRead: cacheRead * 3e-7,
			cacheWrite: cacheWrite * 3.75e-6,
			total: 0,
		};
		cost.total = cost.input + cost.output + cost.cacheRead + cost.cacheWrite;
		return {
			input,
			output,
			cacheRead,
			cacheWrite,
			totalTokens: input + output + cacheRead + cacheWrite,
			cost,
		};
	}

	push(item: TranscriptItem): void {
		this.items.push(item);
	}

	user(): void {
		this.push({
			kind: "message",
			message: { role: "user", content: this.text(this.int(80, 600)), timestamp: this.nextTimestamp },
		});
	}

	toolCall(): ToolCall {
		const name = TOOLS[this.int(0, TOOLS.length - 1)]!;
		const path = `src/module-${this.int(0, 36)}/file-${this.int(0, 500)}.ts`;
		const id = `toolu_${(++this.calls).toString(36).padStart(8, "0")}${this.int(0, 1e9).toString(36)}`;
		let args: Record<string, unknown>;
		switch (name) {
			case "read":
				this.read.add(path);
				args = { path };
				break;
			case "bash":
				args = { command: `cd packages/app && npx vitest run ${path} --reporter=dot`, timeout: 120 };
				break;
			case "edit":
				this.modified.add(path);
				args = { path, oldText: this.text(this.int(40, 300)), newText: this.text(this.int(40, 400)) };
				break;
			case "write":
				this.modified.add(path);
				args = { path, content: this.text(this.int(300, 2500)) };
				break;
			default:
				args = { pattern: "handler\\d+\\(", path: "src", glob: "*.ts" };
		}
		return { type: "toolCall", id, name, arguments: args };
	}

	assistant(content: AssistantContent[], stopReason: "toolUse" | "stop"): AssistantMessage {
		return {
			role: "assistant",
			content,
			api: this.model.api,
			provider: this.model.provider,
			model: this.model.modelId,
			responseId: `msg_${this.int(0, 2 ** 30).toString(36)}${this.items.length.toString(36)}`,
			usage: this.usage(),
			stopReason,
			timestamp: this.nextTimestamp,
		};
	}

	thinking(): AssistantContent[] {
		if (this.rng() < 0.5) return [];
		return [
			{
				type: "thinking",
				thinking: this.text(this.int(100, 800)),
				thinkingSignature: Buffer.from(this.text(150)).toString("base64"),
			},
		];
	}

	/** One assistant message with one or two tool calls, then their results. */
	round(): void {
		const calls = this.rng() < 0.3 ? [this.toolCall(), this.toolCall()] : [this.toolCall()];
		const content: AssistantContent[] = [
			...this.thinking(),
			{ type: "text", text: this.text(this.int(30, 300)) },
		];
		this.push({ kind: "message", message: this.assistant([...content, ...calls], "toolUse") });
		for (const call of calls) {
			const result: ToolResultMessage = {
				role: "toolResult",
				toolCallId: call.id,
				toolName: call.name,
				content: [{ type: "text", text: this.text(this.skewed(200, 4000)) }],
				isError: this.rng() < 0.05,
				timestamp: this.nextTimestamp,
			};
			this.push({ kind: "message", message: result });
		}
	}

	reply(): void {
		const content: AssistantContent[] = [
			...this.thinking(),
			{ type: "text", text: this.text(this.int(200, 1500)) },
		];
		this.push({ kind: "message", message: this.assistant(content, "stop") });
	}

	turn(): void {
		this.user();
		const rounds = this.int(1, 4);
		for (let round = 0; round < rounds; round++) this.round();
		this.reply();
	}

	changeModel(index: number): void {
		this.model = PROVIDERS[index]!;
		this.push({ kind: "model_change", ...this.model });
	}
}

/** A long transcript of exactly `entries` items (the last turn is cut where the count ends). */
export function longTranscript(entries: number, seed = 1): Transcript {
	const writer = new Writer(seed, Date.UTC(2026, 10, 1));
	writer.changeModel(0);
	writer.push({ kind: "thinking_level_change", thinkingLevel: "medium" });
	const userIndices: number[] = [];
	const marks = {
		switchA: Math.floor(entries * 0.3),
		compaction: Math.floor(entries / 2),
		switchB: Math.floor(entries * 0.7),
	};
	let compacted = false;
	let switchedA = false;
	let switchedB = false;
	while (writer.items.length < entries) {
		const at = writer.items.length;
		if (!switchedA && at >= marks.switchA) {
			writer.changeModel(1);
			switchedA = true;
		} else if (!compacted && at >= marks.compaction && userIndices.length > 1) {
			const keep = Math.max(10, Math.round(entries * 0.04));
			const firstKept = userIndices.reduce((best, index) =>
				Math.abs(at - keep - index) < Math.abs(at - keep - best) ? index : best,
			);
			writer.push({
				kind: "compaction",
				summary: `## Goal\n${writer.text(400)}\n\n## Progress\n${writer.text(1200)}\n\n## Next steps\n${writer.text(400)}`,
				firstKept,
				tokensBefore: 180_000 + writer.int(0, 10_000),
				tokensAfter: 24_000 + writer.int(0, 4000),
				files: { read: [...writer.read].slice(0, 40), modified: [...writer.modified].slice(0, 40) },
			});
			compacted = true;
		} else if (!switchedB && at >= marks.switchB) {
			writer.changeModel(2);
			switchedB = true;
		} else {
			userIndices.push(at);
			writer.turn();
		}
	}
	writer.items.length = entries;
	return { items: writer.items, startMs: writer.startMs };
}

/** A small session of `entries` items (5–30 in the listing bench): a model, turns, maybe a name. */
export function smallTranscript(entries: number, seed: number, named: boolean): Transcript {
	const writer = new Writer(seed, Date.UTC(2026, 9, 1) + seed * 60_000);
	writer.changeModel(seed % 2);
	const body = named ? entries - 1 : entries;
	while (writer.items.length < body) writer.turn();
	writer.items.length = body;
	if (named)
		writer.push({ kind: "name", name: `Task ${seed}: ${writer.text(30).replace(/\s+/g, " ").trim()}` });
	return { items: writer.items, startMs: writer.startMs };
}
