import type { BeforeToolCallResult, ToolCallHookContext, ToolPack } from "@kestrel/agent-core";
import { type Provider, stream } from "@kestrel/ai";
import {
	AgentHarness,
	createSystemPromptSource,
	resolveHarnessSettings,
	type SecretRedactor,
	type Session,
	type Settings,
	type TimeoutSettings,
} from "@kestrel/harness";
import type { ResolvedModel } from "../models/resolve-model.js";

export interface CreateHarnessOptions {
	cwd: string;
	/** Kestrel's global folder: global AGENTS.md, SYSTEM.md, APPEND_SYSTEM.md. */
	home: string;
	session: Session;
	resolved: ResolvedModel;
	settings: Settings;
	/** The session's tool packs, built from settings (`createToolPacks`); the harness starts and closes them. */
	toolPacks: readonly ToolPack[];
	/** `--tools`: pack names, tool names and `prefix*` patterns to keep, `[]` for none, absent for all. */
	tools?: readonly string[];
	/** The timeout flags; they win over the `timeouts` setting. */
	timeouts?: TimeoutSettings;
	/** Print and JSON modes: nobody can stop a stalled run, so its total wait is bounded by default. */
	unattended?: boolean;
	/** The keys kestrel holds, redacted from what is sent, stored and shown. */
	redactor?: SecretRedactor;
	systemPrompt?: string;
	appendSystemPrompt?: string;
	/** The key for a provider's requests (never stored). */
	getApiKey: (provider: Provider) => string | undefined;
	beforeToolCall: (
		context: ToolCallHookContext,
		signal: AbortSignal,
	) => BeforeToolCallResult | undefined | Promise<BeforeToolCallResult | undefined>;
}

/**
 * How long print and JSON modes wait in total on a provider that sends nothing, over a
 * prompt's retries, unless `--max-stall` or `timeouts.maxStallMs` says otherwise: without
 * it, four attempts of five minutes each would keep a script waiting twenty minutes.
 */
export const UNATTENDED_MAX_STALL_MS = 300_000;

/** The timeouts of the harness: the flags over the `timeouts` setting, and the unattended default. Pure. */
export function harnessTimeouts(
	settings: Settings,
	flags: TimeoutSettings = {},
	unattended = false,
): TimeoutSettings {
	const timeouts: TimeoutSettings = { ...resolveHarnessSettings(settings).timeouts, ...flags };
	if (unattended && timeouts.maxStallMs === undefined) timeouts.maxStallMs = UNATTENDED_MAX_STALL_MS;
	return timeouts;
}

/**
 * The agent of every mode: the tool packs (active as `--tools` says), the standard system
 * prompt with the guidelines of the active tools, compaction and retry from settings, streaming through the default
 * registry (`configureModels` registered the built-ins and the provider packages in it).
 * The key is handed to requests only, never to the session or the prompt.
 */
export function createHarness(options: CreateHarnessOptions): AgentHarness {
	const { compaction, retry } = resolveHarnessSettings(options.settings);
	const timeouts = harnessTimeouts(options.settings, options.timeouts, options.unattended === true);
	return new AgentHarness({
		session: options.session,
		model: options.resolved.model,
		...(options.resolved.thinkingLevel === undefined
			? {}
			: { thinkingLevel: options.resolved.thinkingLevel }),
		toolPacks: options.toolPacks,
		...(options.tools === undefined ? {} : { activeTools: options.tools }),
		systemPrompt: createSystemPromptSource({
			cwd: options.cwd,
			globalDir: options.home,
			...(options.systemPrompt === undefined ? {} : { customPrompt: options.systemPrompt }),
			...(options.appendSystemPrompt === undefined ? {} : { append: [options.appendSystemPrompt] }),
			...(options.settings.contextFiles === undefined ? {} : { contextFiles: options.settings.contextFiles }),
		}),
		cwd: options.cwd,
		streamFn: stream,
		getApiKey: options.getApiKey,
		compaction,
		retry,
		timeouts,
		beforeToolCall: options.beforeToolCall,
		...(options.redactor === undefined ? {} : { redactor: options.redactor }),
	});
}
