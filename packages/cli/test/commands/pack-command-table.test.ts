import { describe, expect, it } from "vitest";
import { packCommandHelp, packCommandTable } from "../../src/commands/pack-command-table.js";
import { BUILT_IN_COMMAND_NAMES } from "../../src/interactive/input/slash-command.js";
import { fakePackCommand } from "./support/fake-host.js";

describe("packCommandTable", () => {
	it("offers the packs' commands in order and refuses built-in names and untypable ones", () => {
		const table = packCommandTable(
			[
				fakePackCommand("mcp", { show: "" }),
				fakePackCommand("help", { show: "" }),
				fakePackCommand("two words", { show: "" }),
				fakePackCommand("mcp__docs__review", { prompt: "" }),
			],
			BUILT_IN_COMMAND_NAMES,
		);
		expect(table.commands.map((command) => command.name)).toEqual(["mcp", "mcp__docs__review"]);
		expect(table.refused.map((refusal) => refusal.name)).toEqual(["help", "two words"]);
		expect(table.refused[0]?.reason).toContain("/help is a built-in command");
	});

	it("words a help line with the argument hint", () => {
		expect(packCommandHelp(fakePackCommand("mcp", { show: "" }))).toBe("/mcp [what] — the mcp command");
		expect(
			packCommandHelp({ name: "x", description: "d", run: async () => ({ kind: "show", text: "" }) }),
		).toBe("/x — d");
	});
});
