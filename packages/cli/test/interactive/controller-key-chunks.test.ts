import { describe, expect, it } from "vitest";
import { keyPress } from "../../src/interactive/input/key-press.js";
import { InteractiveController } from "../../src/interactive/interactive-controller.js";
import { fakeCliApp } from "./support/fake-cli-app.js";

const noFiles = { read: async () => undefined };

describe("the interactive controller and input Ink could not split", () => {
	it("applies the keys of a mixed chunk one by one: no control character is typed", async () => {
		const { app, prompts } = fakeCliApp();
		const controller = new InteractiveController(app, { fileReader: noFiles });
		controller.start();
		controller.handleKey("old draft\u0015fresh\u007f\u007f", keyPress());
		expect(controller.store.getState().editor).toMatchObject({ text: "fre", cursor: 3 });
		controller.handleKey("x\u001b[200~a\rb\u001b[201~\u0001>", keyPress());
		expect(controller.store.getState().editor.text).toBe("frexa\n>b");
		controller.handleKey("\u0015sent\u0017tides\r", keyPress());
		await expect.poll(() => prompts, { timeout: 30_000 }).toEqual(["tides"]);
		controller.dispose();
	});

	it("opens the / menu from a chunk too, and Esc closes it", () => {
		const { app } = fakeCliApp();
		const controller = new InteractiveController(app, { fileReader: noFiles });
		controller.start();
		controller.handleKey("draft\u0015/ex", keyPress());
		expect(controller.store.getState().menu?.items.map((command) => command.name)).toEqual(["export"]);
		controller.handleKey("", keyPress({ escape: true }));
		expect(controller.store.getState().menu).toBeUndefined();
		expect(controller.store.getState().editor.text).toBe("/ex");
		controller.dispose();
	});

	it("does not open the menu for a /command brought back from the history: Up goes on browsing", async () => {
		const { app } = fakeCliApp();
		const controller = new InteractiveController(app, { fileReader: noFiles });
		controller.start();
		for (const line of ["first prompt", "/session"]) {
			controller.setEditorText(line);
			controller.store.update((state) => ({ ...state, menu: undefined }));
			controller.handleKey("", keyPress({ return: true }));
		}
		controller.handleKey("", keyPress({ upArrow: true }));
		expect(controller.store.getState().editor.text).toBe("/session");
		expect(controller.store.getState().menu).toBeUndefined();
		controller.handleKey("", keyPress({ upArrow: true }));
		expect(controller.store.getState().editor.text).toBe("first prompt");
		controller.dispose();
	});
});
