import { describe, expect, it } from "vitest";
import { keyPress } from "../../src/interactive/input/key-press.js";
import { InteractiveController } from "../../src/interactive/interactive-controller.js";
import { fakeCliApp } from "./support/fake-cli-app.js";

const noFiles = { read: async () => undefined };

describe("the interactive controller and pastes", () => {
	it("puts a paste into the editor with its line breaks, and only Enter sends it", async () => {
		const { app, prompts } = fakeCliApp();
		const controller = new InteractiveController(app, { fileReader: noFiles });
		controller.start();
		controller.handlePaste("first line\rsecond line\r");
		controller.handlePaste("third line\r");
		expect(controller.store.getState().editor.text).toBe("first line\nsecond line\nthird line\n");
		expect(prompts).toEqual([]);
		controller.handleKey("", keyPress({ return: true }));
		await expect.poll(() => prompts, { timeout: 30_000 }).toEqual(["first line\nsecond line\nthird line"]);
		controller.dispose();
	});

	it("types a paste into an open picker's filter on one line, and never picks by it", async () => {
		const { app } = fakeCliApp();
		const controller = new InteractiveController(app);
		controller.start();
		const picked = controller.pick("Pick one", [
			{ label: "one tide", value: "1" },
			{ label: "two tides", value: "2" },
		]);
		controller.handlePaste("two\rtides\r");
		const overlay = controller.store.getState().overlay;
		expect(overlay).toMatchObject({ kind: "picker", filter: "two tides", selected: 0 });
		controller.handleKey("", keyPress({ return: true }));
		expect(await picked).toBe("2");
		controller.dispose();
	});
});
