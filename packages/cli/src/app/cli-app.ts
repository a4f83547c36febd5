import { realpath } from "node:fs/promises";
import { resolve } from "node:path";
import type { ToolPack } from "@kestrel/agent-core";
import {
	getModels,
	getProviders,
	type LoadedModelsFile,
	type Model,
	type Provider,
	type ProviderError,
	providerModels,
	type ThinkingLevel,
} from "@kestrel/ai";
import type {
	AgentHarness,
	HarnessOutcome,
	Session,
	SessionInfo,
	SessionManager,
	Settings,
	TimeoutSettings,
} from "@kestrel/harness";
import type { ApproveMode } from "../args/cli-options.js";
import { CliError } from "../cli-error.js";
import { usageTotals } from "../export/usage-totals.js";
import { parseModelSpec } from "../models/parse-model-spec.js";
import { resolveApiKey } from "../models/resolve-api-key.js";
import { lookupModel, type ResolvedModel, requiresKey } from "../models/resolve-model.js";
import { formatProviderFailure, formatRunError } from "../modes/format-run-error.js";
import { createCliRedactor } from "../secrets/cli-redactor.js";
import { createHarness } from "../wiring/create-harness.js";
import { Approvals } from "./approvals.js";

/** Totals of a session file (all branches), for `/session` and `get_session_stats`. */
export interface SessionStats {
	id: string;
	path: string | undefined;
	name: string | undefined;
	entries: number;
	userMessages: number;
	assistantMessages: number;
	/** Assistant messages that ended in an error or an abort (failed attempts and retries included). */
	failedResponses: number;
	toolCalls: number;
	tokens: { input: number; output: number; cacheRead: number; cacheWrite: number; total: number };
	/** USD. */
	cost: number;
	/** What the model gets next, as the compaction measure sees it. */
	contextTokens: number;
	contextWindow: number;
}

/** A model Kestrel can switch to, and whether a key for it is at hand. */
export interface AvailableModel {
	model: Model;
	hasKey: boolean;
}

export interface CliAppOptions {
	cwd: string;
	home: string;
	settings: Settings;
	modelsFile: LoadedModelsFile;
	manager: SessionManager;
	session: Session;
	/** How a session path the user gave is opened (see `OpenedSessions.sessionPath`); default: as given. */
	sessionPath?: (path: string) => string;
	resolved: ResolvedModel;
	approve: ApproveMode;
	/** `--api-key`: applies to the provider of the model chosen at start. */
	apiKeyFlag?: string;
	/** The session's tool packs (`createToolPacks`); the harness starts them and `close()` closes them. */
	toolPacks: readonly ToolPack[];
	/** `--tools`: which packs and tools are active. */
	tools?: readonly string[];
	/** From the timeout flags. */
	timeouts?: TimeoutSettings;
	/** Print and JSON modes: see `createHarness`. */
	unattended?: boolean;
	systemPrompt?: string;
	appendSystemPrompt?: string;
	env: NodeJS.ProcessEnv;
}

/**
 * What every mode works with: the harness, the session manager, the permission gate, and
 * the session and model operations that interactive and RPC modes both offer (new,
 * switch, fork, list, stats, model switching by `provider/id[:thinking]`). Keys stay in
 * here: they go to requests only.
 */
export class CliApp {
	readonly harness: AgentHarness;
	readonly approvals: Approvals;
	private readonly startProvider: Provider;

	constructor(private readonly options: CliAppOptions) {
		this.approvals = new Approvals(options.approve, { cwd: options.cwd, home: options.home });
		this.startProvider = options.resolved.model.provider;
		this.harness = createHarness({
			cwd: options.cwd,
			home: options.home,
			session: options.session,
			resolved: options.resolved,
			settings: options.settings,
			getApiKey: (provider) => this.apiKeyFor(provider),
			toolPacks: options.toolPacks,
			redactor: createCliRedactor(options.env, options.modelsFile, options.apiKeyFlag),
			beforeToolCall: this.approvals.beforeToolCall,
			...(options.tools === undefined ? {} : { tools: options.tools }),
			...(options.timeouts === undefined ? {} : { timeouts: options.timeouts }),
			...(options.unattended === undefined ? {} : { unattended: options.unattended }),
			...(options.systemPrompt === undefined ? {} : { systemPrompt: options.systemPrompt }),
			...(options.appendSystemPrompt === undefined ? {} : { appendSystemPrompt: options.appendSystemPrompt }),
		});
	}

	get session(): Session {
		return this.harness.session;
	}

	get manager(): SessionManager {
		return this.options.manager;
	}

	get cwd(): string {
		return this.options.cwd;
	}

	/** The catalogue and `models.json` models, with whether a key is at hand (keyless local servers count as keyed). */
	availableModels(): AvailableModel[] {
		const { modelsFile } = this.options;
		const models: Model[] = [];
		for (const provider of getProviders()) models.push(...getModels(provider));
		for (const name of Object.keys(modelsFile.file.providers))
			models.push(...providerModels(modelsFile, name));
		return models.map((model) => ({
			model,
			hasKey: this.apiKeyFor(model.provider) !== undefined || !requiresKey(model, modelsFile),
		}));
	}

	/**
	 * Switches to `provider/id[:thinking]` (or an id of the current provider). Throws a
	 * `CliError` that says what to do when the model is unknown or has no key.
	 */
	async setModel(spec: string): Promise<Model> {
		const parsed = parseModelSpec(spec, spec.includes("/") ? undefined : this.harness.model.provider);
		if ("error" in parsed) throw new CliError(parsed.error);
		const model = lookupModel(parsed, this.options.modelsFile);
		if (this.apiKeyFor(model.provider) === undefined && requiresKey(model, this.options.modelsFile)) {
			throw new CliError(`${model.provider}: no API key — set its key variable, or add it to models.json.`);
		}
		await this.harness.setModel(model);
		if (parsed.thinkingLevel) await this.harness.setThinkingLevel(parsed.thinkingLevel);
		return model;
	}

	async setThinkingLevel(level: ThinkingLevel): Promise<ThinkingLevel> {
		await this.harness.setThinkingLevel(level);
		return this.harness.thinkingLevel;
	}

	/** Starts a new session file (the current one is closed). */
	async newSession(): Promise<Session> {
		return this.replaceSession(await this.options.manager.create());
	}

	/**
	 * Continues in another session of the manager's store: a path as the user gave it (a file
	 * relative to the working folder, `pg:<id>`) or a `list()` row's path. The session already
	 * open is kept as it is: opening it again would meet its own writer lock.
	 */
	async switchSession(given: string): Promise<Session> {
		const path = this.options.sessionPath?.(given) ?? given;
		const current = this.session.path;
		if (current !== undefined && (await sameFile(current, path))) return this.session;
		return this.replaceSession(await this.options.manager.open(path));
	}

	/** Copies the path up to `entryId` (default: the leaf) into a new session and continues there. */
	async fork(entryId?: string | null): Promise<Session> {
		return this.replaceSession(await this.options.manager.fork(this.session, entryId));
	}

	listSessions(): Promise<SessionInfo[]> {
		return this.options.manager.list();
	}

	stats(): SessionStats {
		const session = this.session;
		const entries = session.getEntries();
		let userMessages = 0;
		let assistantMessages = 0;
		let failedResponses = 0;
		let toolCalls = 0;
		for (const entry of entries) {
			if (entry.type !== "message") continue;
			const message = entry.message;
			if (message.role === "user") userMessages += 1;
			if (message.role !== "assistant") continue;
			assistantMessages += 1;
			if (message.stopReason === "error" || message.stopReason === "aborted") failedResponses += 1;
			for (const block of message.content) if (block.type === "toolCall") toolCalls += 1;
		}
		const usage = usageTotals(entries);
		return {
			id: session.id,
			path: session.path,
			name: session.name,
			entries: entries.length,
			userMessages,
			assistantMessages,
			failedResponses,
			toolCalls,
			tokens: {
				input: usage.input,
				output: usage.output,
				cacheRead: usage.cacheRead,
				cacheWrite: usage.cacheWrite,
				total: usage.totalTokens,
			},
			cost: usage.cost,
			contextTokens: this.harness.state().contextTokens,
			contextWindow: this.harness.model.contextWindow,
		};
	}

	/** Stops the agent, closes the tool packs (their servers and processes), then the session (releases its lock). */
	async close(): Promise<void> {
		await this.harness.dispose();
		await this.session.close();
	}

	private async replaceSession(next: Session): Promise<Session> {
		const previous = this.session;
		try {
			this.harness.setSession(next);
		} catch (error) {
			await next.close();
			throw error;
		}
		this.approvals.resetSession();
		if (previous !== next) await previous.close();
		return next;
	}

	/** `--api-key` for the provider chosen at start; else models.json or the provider's variable. */
	/**
	 * One line about a failed run for the current model, with what to do: where its key came
	 * from when it was refused, the base URL when the server was unreachable.
	 */
	describeRunError(outcome: Extract<HarnessOutcome, { kind: "error" }>): string {
		const { provider } = this.harness.model;
		return formatRunError(outcome, provider, this.resolveKey(provider).source);
	}

	/** A failed attempt of the current model, with its provider and status: `anthropic: 529 overloaded_error: Overloaded`. */
	describeFailure(failure: { message: string; error?: ProviderError }): string {
		return formatProviderFailure({ provider: this.harness.model.provider, ...failure });
	}

	private apiKeyFor(provider: Provider): string | undefined {
		return this.resolveKey(provider).apiKey;
	}

	private resolveKey(provider: Provider) {
		const flag = provider === this.startProvider ? this.options.apiKeyFlag : undefined;
		return resolveApiKey(provider, flag, this.options.modelsFile, this.options.env);
	}
}

/** Whether two paths name one file (through links too); a path that cannot be resolved names none. */
async function sameFile(a: string, b: string): Promise<boolean> {
	if (resolve(a) === resolve(b)) return true;
	const [realA, realB] = await Promise.all([realpath(a).catch(() => a), realpath(b).catch(() => b)]);
	return realA === realB;
}
