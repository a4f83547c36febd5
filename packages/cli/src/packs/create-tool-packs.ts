import type { ToolDisplay, ToolPack, ToolPackSet } from "@kestrel/agent-core";
import { pickSettings } from "@kestrel/harness";
import { CliError } from "../cli-error.js";
import type { DisplayLookup } from "../format/tool-views.js";
import type { LoadedToolPack } from "./load-tool-packs.js";

export interface CreateToolPacksInput {
	packs: readonly LoadedToolPack[];
	cwd: string;
	/** The merged settings: each pack gets the values of the keys its schema declares. */
	settings: Readonly<Record<string, unknown>>;
	/** Variables that hold keys and credentials: packs must not pass them to what they start. */
	secretVariables: readonly string[];
	/** Kestrel's log folder; each pack gets a folder of its own in it. */
	logDir: string;
	/** Where a pack's warnings go (stderr, or the terminal UI's notices). */
	warn(message: string): void;
}

/**
 * Builds each loaded pack from its own settings keys. Building starts nothing (the
 * harness starts the packs); a module that throws, or returns a pack of another name, is
 * a {@link CliError} naming the package.
 */
export function createToolPacks(input: CreateToolPacksInput): ToolPack[] {
	return input.packs.map(({ spec, module }) => {
		let pack: ToolPack;
		try {
			pack = module.create({
				cwd: input.cwd,
				settings: module.settings === undefined ? {} : pickSettings(input.settings, module.settings),
				secretVariables: input.secretVariables,
				logDir: `${input.logDir}/${module.name}`,
				warn: (message) => input.warn(`${module.name}: ${message}`),
			});
		} catch (error) {
			const reason = error instanceof Error ? error.message : String(error);
			throw new CliError(`The tool pack "${spec}" could not be set up: ${reason}`);
		}
		if (pack.name !== module.name) {
			throw new CliError(
				`The tool pack "${spec}" declares the name "${module.name}" but built a pack named "${pack.name}"; it is broken, remove it from the "toolPacks" setting.`,
			);
		}
		return pack;
	});
}

/** How a session's tools want to be shown, looked up by name among the packs' current tools. */
export function displaysOf(packs: ToolPackSet | readonly ToolPack[]): DisplayLookup {
	const list = "packs" in packs ? packs.packs : packs;
	return (name) => {
		for (const pack of list) {
			let display: ToolDisplay | undefined;
			try {
				display = pack.tools().find((tool) => tool.name === name)?.display;
			} catch {
				display = undefined;
			}
			if (display) return display;
		}
		return undefined;
	};
}
