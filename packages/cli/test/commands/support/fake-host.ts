import type { ToolPackCommand } from "@kestrel/agent-core";
import type { Model, ThinkingLevel, UserContent } from "@kestrel/ai";
import type { Session, SessionInfo } from "@kestrel/harness";
import { vi } from "vitest";
import type { AvailableModel, SessionStats } from "../../../src/app/cli-app.js";
import type { AppOperations, CommandHost } from "../../../src/commands/command-host.js";
import { packCommandTable } from "../../../src/commands/pack-command-table.js";
import { BUILT_IN_COMMAND_NAMES } from "../../../src/interactive/input/slash-command.js";
import type { PickerOption } from "../../../src/interactive/ui-state.js";

export function fakeModel(provider: string, id: string): Model {
	return { provider, id, name: id, contextWindow: 100_000, maxTokens: 8_000, reasoning: true } as Model;
}

export function fakeSession(path: string, entries: unknown[] = []): Session {
	return {
		id: `id-${path}`,
		path,
		leafId: null,
		getTree: () => [],
		getEntry: () => undefined,
		getEntries: () => entries,
	} as unknown as Session;
}

export const STATS: SessionStats = {
	id: "s1",
	path: "/sessions/one.jsonl",
	name: undefined,
	entries: 4,
	userMessages: 2,
	assistantMessages: 2,
	failedResponses: 0,
	toolCalls: 3,
	tokens: { input: 1200, output: 300, cacheRead: 0, cacheWrite: 0, total: 1500 },
	cost: 0.0123,
	contextTokens: 50_000,
	contextWindow: 100_000,
};

/**
 * {@link AppOperations} in memory: a model that changes when set, sessions that are
 * created and switched, and the given pack commands; every operation is a spy.
 */
export function fakeOperations(packs: readonly ToolPackCommand[] = []) {
	let model = fakeModel("wire", "claude-wire");
	let thinking: ThinkingLevel = "off";
	let session = fakeSession("/sessions/one.jsonl");
	const models: AvailableModel[] = [
		{ model: fakeModel("wire", "claude-wire"), hasKey: true },
		{ model: fakeModel("wire", "claude-big"), hasKey: false },
	];
	const sessions: SessionInfo[] = [
		{ path: "/sessions/one.jsonl", modified: 1, messageCount: 2, firstMessage: "one" },
		{ path: "/sessions/two.jsonl", modified: 2, messageCount: 5, firstMessage: "the second one" },
	] as SessionInfo[];
	const operations = {
		cwd: "/work",
		model: () => model,
		thinkingLevel: () => thinking,
		availableModels: vi.fn(() => models),
		setModel: vi.fn(async (spec: string) => {
			const [provider, id] = spec.includes("/") ? spec.split("/") : [model.provider, spec];
			model = fakeModel(provider as string, (id as string).split(":")[0] as string);
			return model;
		}),
		setThinkingLevel: vi.fn(async (level: ThinkingLevel) => {
			thinking = level === "xhigh" ? "high" : level;
			return thinking;
		}),
		compact: vi.fn(async () => ({
			ok: true as const,
			entry: { tokensBefore: 900, tokensAfter: 100, method: "summary", summary: "short" },
			summaryRequests: 1,
		})),
		session: () => session,
		newSession: vi.fn(async () => {
			session = fakeSession("/sessions/new.jsonl");
			return session;
		}),
		switchSession: vi.fn(async (path: string) => {
			session = fakeSession(path);
			return session;
		}),
		fork: vi.fn(async () => {
			session = fakeSession("/sessions/fork.jsonl");
			return session;
		}),
		listSessions: vi.fn(async () => sessions),
		navigate: vi.fn(async () => {}),
		stats: vi.fn(() => STATS),
		exportHtml: vi.fn(async (path?: string) => path ?? "/work/one.html"),
		packCommands: () => packCommandTable(packs, BUILT_IN_COMMAND_NAMES),
		runPackCommand: vi.fn(async (name: string, args: string, signal: AbortSignal) => {
			const command = packs.find((candidate) => candidate.name === name);
			if (!command) throw new Error(`no pack command ${name}`);
			return command.run(args, signal);
		}),
	};
	return operations as typeof operations & AppOperations;
}

/**
 * A {@link CommandHost} that records what it shows: `notices`, the pickers it opened
 * (answered by `answers`, in order), prompts sent, and the editor text.
 */
export function fakeHost(
	operations: AppOperations,
	{ working = false, answers = [] as (string | undefined)[] } = {},
) {
	const notices: string[] = [];
	const pickers: { title: string; options: PickerOption[]; selected: number | undefined }[] = [];
	const prompts: UserContent[][] = [];
	const state = { editor: "", history: [] as (number | undefined)[], quit: false, tasks: [] as string[] };
	const host: CommandHost = {
		app: operations,
		working,
		notice: (text) => notices.push(text),
		pick: async (title, options, selected) => {
			pickers.push({ title, options, selected });
			return answers.shift();
		},
		confirm: async () => false,
		showHistory: (max) => state.history.push(max),
		setEditorText: (text) => {
			state.editor = text;
		},
		runTask: async (label, work) => {
			state.tasks.push(label);
			return work(new AbortController().signal);
		},
		prompt: async (content) => {
			prompts.push(content);
		},
		quit: () => {
			state.quit = true;
		},
	};
	return { host, notices, pickers, prompts, state };
}

/** A pack command that shows `text` (or sends `prompt` as the user's prompt) and records its arguments. */
export function fakePackCommand(
	name: string,
	result: { show: string } | { prompt: string },
	calls: string[] = [],
): ToolPackCommand {
	return {
		name,
		description: `the ${name} command`,
		argumentHint: "[what]",
		run: async (args) => {
			calls.push(args);
			return "show" in result
				? { kind: "show", text: `${result.show}${args ? `: ${args}` : ""}` }
				: { kind: "prompt", content: [{ type: "text", text: `${result.prompt} ${args}`.trim() }] };
		},
	};
}
