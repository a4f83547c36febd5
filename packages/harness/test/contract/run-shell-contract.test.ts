import { fileURLToPath } from "node:url";
import type { AgentTool } from "@kestrel/agent-core";
import { ProviderRegistry } from "@kestrel/ai";
import { createFauxProvider, type FauxProvider } from "@kestrel/ai/testing";
import { AgentHarness, SessionManager } from "../../src/index.js";

/*
 * AgentHarness in the run shell's shared contract suite, the one `Agent` runs
 * (agent-core's test/contract/run-shell-contract.ts): the same verbs with the same
 * semantics and errors. The suite lives in agent-core's tests, not in its package, so it
 * is loaded by path (and typed here) rather than compiled into this package's type check;
 * vitest.config.ts points `@kestrel/agent-core` at its sources so that `AgentError` is
 * one class for the suite and the harness.
 */

type Factory = (setup: { tools: AgentTool[] }) => Promise<{ subject: AgentHarness; faux: FauxProvider }>;
const suitePath = fileURLToPath(
	new URL("../../../agent-core/test/contract/run-shell-contract.ts", import.meta.url),
);
const { describeRunShellContract } = (await import(suitePath)) as {
	describeRunShellContract(subjects: ReadonlyArray<readonly [string, Factory]>): void;
};

/** The harness's follow-up mode is set to the shell's default, `one-at-a-time` (its own default is `all`). */
const createHarnessSubject: Factory = async ({ tools }) => {
	const faux = createFauxProvider();
	const registry = new ProviderRegistry();
	registry.register(faux.provider);
	const session = await SessionManager.inMemory({ cwd: "/contract" }).create();
	const harness = new AgentHarness({
		session,
		model: faux.model(),
		streamFn: registry.stream.bind(registry),
		tools,
		systemPrompt: "",
		followUpMode: "one-at-a-time",
	});
	return {
		faux,
		subject: Object.assign(harness, { messages: () => harness.session.buildContext().messages }),
	};
};

describeRunShellContract([["AgentHarness", createHarnessSubject]]);
