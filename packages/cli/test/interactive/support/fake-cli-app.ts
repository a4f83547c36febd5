import type { HarnessEvent } from "@kestrel/harness";
import type { CliApp } from "../../../src/app/cli-app.js";

/**
 * The parts of `CliApp` the interactive controller reads, with a hand-driven harness:
 * `emit` sends it an event, `prompts` collects what was sent as a prompt.
 */
export function fakeCliApp({ running = false }: { running?: boolean } = {}) {
	let listener: (event: HarnessEvent) => void = () => {};
	const prompts: string[] = [];
	const app = {
		cwd: "/nonexistent",
		harness: {
			subscribe: (next: (event: HarnessEvent) => void) => {
				listener = next;
				return () => {};
			},
			model: { provider: "wire", id: "claude-wire" },
			thinkingLevel: "off",
			running,
			prompt: async (text: string) => {
				prompts.push(text);
			},
			toolPacks: { commands: () => [] },
		},
		approvals: {},
		stats: () => ({ contextTokens: 0, contextWindow: 200_000, tokens: { total: 0 }, cost: 0 }),
		describeRunError: (outcome: { message: string }) => outcome.message,
	};
	return { app: app as unknown as CliApp, emit: (event: HarnessEvent) => listener(event), prompts };
}
