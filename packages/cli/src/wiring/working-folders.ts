import { stat } from "node:fs/promises";
import { kestrelHome } from "@kestrel/harness";
import { CliError } from "../cli-error.js";

/** The working folder, or a {@link CliError} when it was deleted under the shell (Node says only `uv_cwd`). */
export function workingFolder(cwd: () => string = process.cwd): string {
	try {
		return cwd();
	} catch (error) {
		const code = (error as NodeJS.ErrnoException).code;
		if (code === "ENOENT") {
			throw new CliError(
				"The working folder no longer exists (deleted or moved after the shell entered it): cd into a folder and run kestrel again.",
			);
		}
		throw new CliError(`Cannot read the working folder: ${(error as Error).message}`);
	}
}

/**
 * Kestrel's global folder (`$KESTREL_HOME`, else `~/.kestrel`). It may be missing (nothing
 * is configured yet) but not be something else: a file there would make every file in it
 * look absent, and sessions fail later with an errno.
 */
export async function kestrelHomeFolder(env: NodeJS.ProcessEnv = process.env): Promise<string> {
	const home = kestrelHome(env);
	const stats = await stat(home).catch((error: NodeJS.ErrnoException) => {
		if (error.code === "ENOENT") return undefined;
		// ENOTDIR: a parent of it is a file.
		if (error.code === "ENOTDIR") return "not-a-folder" as const;
		throw new CliError(`Cannot read Kestrel's folder ${home}${source(env)}: ${error.message}`);
	});
	if (stats === "not-a-folder" || (stats !== undefined && !stats.isDirectory())) {
		throw new CliError(
			`Kestrel's folder ${home}${source(env)} is not a folder: it keeps settings.json, models.json and sessions there. ` +
				(env.KESTREL_HOME?.trim()
					? "Point KESTREL_HOME at a folder, or unset it for ~/.kestrel."
					: "Move that file away, or set KESTREL_HOME to a folder."),
		);
	}
	return home;
}

function source(env: NodeJS.ProcessEnv): string {
	return env.KESTREL_HOME?.trim() ? " (KESTREL_HOME)" : "";
}
