import type { HarnessEvent } from "@kestrel/harness";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { InteractiveController } from "../../src/interactive/interactive-controller.js";
import { assistant } from "./support/assistant-message.js";
import { fakeCliApp } from "./support/fake-cli-app.js";

const message = (text: string) => assistant([{ type: "text", text }]);

describe("the interactive controller and streaming deltas", () => {
	beforeEach(() => {
		vi.useFakeTimers();
	});
	afterEach(() => {
		vi.useRealTimers();
	});

	it("shows a burst of deltas once per frame, and what ends the message at once, in order", () => {
		const { app, emit } = fakeCliApp({ running: true });
		const controller = new InteractiveController(app);
		controller.start();
		let updates = 0;
		controller.store.subscribe(() => {
			updates += 1;
		});
		emit({ type: "agent_start" } as HarnessEvent);
		emit({ type: "message_start", message: message("") } as HarnessEvent);
		updates = 0;
		let text = "";
		for (let index = 0; index < 300; index++) {
			text += `word${index} `;
			emit({ type: "message_update", message: message(text) } as HarnessEvent);
		}
		expect(updates).toBe(0);
		vi.advanceTimersByTime(33);
		expect(updates).toBe(1);
		expect(controller.store.getState().live?.text).toBe(text);

		// The end of the message, right after more deltas: shown at once, with every delta in it.
		emit({ type: "message_update", message: message(`${text}last`) } as HarnessEvent);
		emit({ type: "message_end", message: message(`${text}last`) } as HarnessEvent);
		expect(controller.store.getState().live).toBeUndefined();
		const before = updates;
		vi.advanceTimersByTime(100);
		// No held delta comes back after the end to show a stale live message.
		expect(updates).toBe(before);
		expect(controller.store.getState().live).toBeUndefined();
		controller.dispose();
	});
});
