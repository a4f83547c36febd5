import { describe, expect, it } from "vitest";
import {
	BUILT_IN_MENU_COMMANDS,
	commandMenu,
	menuCommands,
	menuKey,
} from "../../src/interactive/input/command-menu.js";
import { keyPress } from "../../src/interactive/input/key-press.js";
import { closestCommands, unknownCommandMessage } from "../../src/interactive/input/slash-command.js";

const commands = menuCommands([
	{ name: "mcp", description: "MCP servers and their tools", argumentHint: "[server]" },
]);
const names = (text: string) => commandMenu(text, commands)?.items.map((command) => command.name);

describe("the / command menu", () => {
	it("lists every command after a bare slash, built-in and pack ones, with usage and description", () => {
		expect(names("/")).toEqual([...BUILT_IN_MENU_COMMANDS.map((command) => command.name), "mcp"]);
		expect(commandMenu("/", commands)?.items.find((command) => command.name === "export")).toEqual({
			name: "export",
			usage: "[file]",
			description: "write this session as HTML",
		});
		expect(commandMenu("/mc", commands)?.items).toEqual([
			{ name: "mcp", usage: "[server]", description: "MCP servers and their tools" },
		]);
	});

	it("filters as the name is typed: names that start with it first, then names that contain it", () => {
		expect(names("/m")).toEqual(["model", "mcp", "compact", "resume"]);
		expect(names("/e")).toEqual(["export", "model", "new", "resume", "tree", "session", "help"]);
		expect(names("/ex")).toEqual(["export"]);
		expect(names("/zzz")).toBeUndefined();
	});

	it("closes once arguments are typed, and for text that is no command name", () => {
		expect(names("/export ")).toBeUndefined();
		expect(names("hello")).toBeUndefined();
		expect(names("/etc/hosts")).toBeUndefined();
	});

	it("keeps the selection on its command while filtering, and selects a name typed whole", () => {
		const all = commandMenu("/", commands);
		const onSession = { ...all!, selected: all!.items.findIndex((command) => command.name === "session") };
		expect(
			commandMenu("/s", commands, onSession)?.items[commandMenu("/s", commands, onSession)!.selected]?.name,
		).toBe("session");
		const typedWhole = commandMenu("/new", commands);
		expect(typedWhole?.items[typedWhole.selected]?.name).toBe("new");
	});

	it("Up and Down move (wrapping); Enter runs the selected command unless it is typed whole", () => {
		const menu = commandMenu("/m", commands)!;
		const down = menuKey(menu, "/m", keyPress({ downArrow: true }));
		expect(down).toEqual({ type: "move", menu: { ...menu, selected: 1 } });
		expect(menuKey(menu, "/m", keyPress({ upArrow: true }))).toEqual({
			type: "move",
			menu: { ...menu, selected: 3 },
		});
		expect(menuKey({ ...menu, selected: 1 }, "/m", keyPress({ return: true }))).toEqual({
			type: "run",
			text: "/mcp",
		});
		expect(menuKey(menu, "/model", keyPress({ return: true }))).toBeUndefined();
		expect(menuKey(menu, "/m", keyPress())).toBeUndefined();
		expect(menuKey(menu, "/m", keyPress({ escape: true }))).toEqual({ type: "close" });
	});
});

describe("unknown commands", () => {
	it("suggests the closest names: prefixes and near misses first", () => {
		const all = [...BUILT_IN_MENU_COMMANDS.map((command) => command.name), "mcp"];
		expect(closestCommands("modle", all)[0]).toBe("model");
		expect(closestCommands("exprot", all)[0]).toBe("export");
		expect(closestCommands("sess", all)[0]).toBe("session");
		expect(closestCommands("frobnicate", all)).toHaveLength(3);
		expect(unknownCommandMessage("modle", ["model", "mcp", "new"])).toBe(
			"Unknown command /modle — did you mean /model, /mcp or /new? /help lists them all.",
		);
		expect(unknownCommandMessage("x", [])).toBe("Unknown command /x. /help lists them all.");
	});
});
