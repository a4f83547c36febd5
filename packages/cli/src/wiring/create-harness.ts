import type { BeforeToolCallResult, ToolCallHookContext } from "@kestrel/agent-core";
import { type Provider, registerBuiltInProviders, stream } from "@kestrel/ai";
import {
	AgentHarness,
	createSystemPromptSource,
	resolveHarnessSettings,
	type Session,
	type Settings,
} from "@kestrel/harness";
import { fsToolsGuidelines } from "@kestrel/tools-fs";
import { bashToolGuidelines } from "@kestrel/tools-shell";
import type { ResolvedModel } from "../models/resolve-model.js";
import { createTools } from "./create-tools.js";

export interface CreateHarnessOptions {
	cwd: string;
	/** Kestrel's global folder: global AGENTS.md, SYSTEM.md, APPEND_SYSTEM.md. */
	home: string;
	session: Session;
	resolved: ResolvedModel;
	settings: Settings;
	/** `--tools`: names to keep, `[]` for none, absent for all. */
	tools?: readonly string[];
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
 * The agent of every mode: the file tools and bash, the standard system prompt with
 * their guidelines, compaction and retry from settings, and the built-in providers.
 * The key is handed to requests only, never to the session or the prompt.
 */
export function createHarness(options: CreateHarnessOptions): AgentHarness {
	registerBuiltInProviders();
	const { compaction, retry } = resolveHarnessSettings(options.settings);
	return new AgentHarness({
		session: options.session,
		model: options.resolved.model,
		...(options.resolved.thinkingLevel === undefined
			? {}
			: { thinkingLevel: options.resolved.thinkingLevel }),
		tools: createTools(options.cwd, options.tools),
		systemPrompt: createSystemPromptSource({
			cwd: options.cwd,
			globalDir: options.home,
			...(options.systemPrompt === undefined ? {} : { customPrompt: options.systemPrompt }),
			...(options.appendSystemPrompt === undefined ? {} : { append: [options.appendSystemPrompt] }),
			guidelines: [fsToolsGuidelines, bashToolGuidelines],
			...(options.settings.contextFiles === undefined ? {} : { contextFiles: options.settings.contextFiles }),
		}),
		cwd: options.cwd,
		streamFn: stream,
		getApiKey: options.getApiKey,
		compaction,
		retry,
		beforeToolCall: options.beforeToolCall,
	});
}
