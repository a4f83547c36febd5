import { describe, expect, test } from "vitest";
import type { AssistantMessage, Context } from "../../src/types.js";
import { useWireServer } from "../support/wire-fixture.js";
import { observedOutcome } from "./outcome.js";
import { peerFixturesFolder, recordingsOf } from "./recordings.js";
import type { WireReference } from "./replay.js";

const CONTEXT: Context = { messages: [{ role: "user", content: "Replay the recording.", timestamp: 1 }] };

/**
 * Declares one test per recording of `reference.api`: each response of the recording is
 * served by one loopback server (shared by the file), streamed by the real provider and
 * SDK, and Kestrel's final message is compared with what the reference reader derived
 * from the recording.
 *
 * `knownBugs` maps a recording's path to the Kestrel bug that alone makes it fail; that
 * test is declared with `test.fails`, so it turns red once the bug is fixed and the entry
 * must go.
 *
 * Without the folder, the suite is skipped and says why, in its title and on stderr.
 */
export function describePeerReplay(reference: WireReference, knownBugs: Record<string, string> = {}): void {
	const folder = peerFixturesFolder();
	const files = recordingsOf(folder, reference.api);
	const title = `${reference.api}: recorded peer streams through the real SDK`;
	if (folder.missing) console.warn(`peer-fixture replay of ${reference.api} skipped: ${folder.missing}`);

	describe.skipIf(folder.missing !== undefined)(
		folder.missing ? `${title} (skipped: ${folder.missing})` : title,
		() => {
			const server = useWireServer("file");

			test("the folder holds recordings of this API, and every known bug names one of them", () => {
				expect(files.length).toBeGreaterThan(0);
				const names = new Set(files.map((file) => file.name));
				expect(Object.keys(knownBugs).filter((name) => !names.has(name))).toEqual([]);
			});

			for (const file of files) {
				const bug = knownBugs[file.name];
				const declare = bug === undefined ? test : test.fails;
				declare(bug === undefined ? file.name : `${file.name} [fails until fixed: ${bug}]`, async () => {
					const replays = reference.replays(file);
					const wire = server.current;
					const model = reference.model(wire.url);
					const before = wire.requests.length;
					wire.enqueue(...replays.map((replay) => replay.response));
					// Every response is requested before any check, so that a failure leaves none
					// queued for the next recording.
					const messages: AssistantMessage[] = [];
					for (const _ of replays) {
						const stream = reference.provider.stream(model, CONTEXT, {
							apiKey: "peer-replay-key",
							maxRetries: 0,
						});
						messages.push(await stream.result());
					}
					expect(wire.requests.length - before).toBe(replays.length);
					replays.forEach((replay, index) => {
						const message = messages[index] as AssistantMessage;
						expect(
							observedOutcome(message, replay.expected),
							`response ${index + 1} of ${replays.length}${message.errorMessage ? ` (${message.errorMessage})` : ""}`,
						).toEqual(replay.expected);
					});
				});
			}
		},
	);
}
