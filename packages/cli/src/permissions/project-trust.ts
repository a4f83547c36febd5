import {
	type ExtraSettingsKeys,
	type LoadedSettings,
	loadSettings,
	trustedFoldersFile,
	trustFolder,
} from "@kestrel/harness";

export interface ProjectTrustOptions {
	cwd: string;
	home: string;
	/** `--trust-folder`: the user trusts this folder; it is recorded. */
	trustFlag: boolean;
	/** Asks the user a yes/no question (interactive mode on a terminal); absent elsewhere. */
	ask?: (question: string) => Promise<boolean>;
	/** Keys a flag sets for this run (`approve` for `--approve`, `session.dir` for `--session-dir`): not worth a question or a warning. */
	overridden?: readonly string[];
	/** Where notes and warnings go. */
	stderr: { write(text: string): unknown };
	/** Settings keys the tool packs own (`toolPackSettingsKeys`): validated, and withheld like other widening keys. */
	extraKeys?: readonly ExtraSettingsKeys[];
}

/**
 * The settings to run with, with the project folder's trust settled. A project file
 * (which any cloned repository can ship) gets its widening keys (`approve` looser than
 * the global one, `session.dir`) only in a folder the user trusts. `--trust-folder`
 * records that trust; in interactive mode the user is asked once, when the project file
 * has such keys; otherwise each withheld key is named on stderr with how to trust the
 * folder.
 */
export async function loadSettingsWithTrust(options: ProjectTrustOptions): Promise<LoadedSettings> {
	const { cwd, home, stderr } = options;
	const extra = options.extraKeys === undefined ? {} : { extraKeys: options.extraKeys };
	if (options.trustFlag) {
		const file = await trustFolder(cwd, home);
		stderr.write(`kestrel: trusted ${cwd} (recorded in ${file}).\n`);
		return loadSettings({ cwd, home, trustProject: true, ...extra });
	}
	const loaded = await loadSettings({ cwd, home, ...extra });
	const withheld = loaded.withheld.filter((setting) => !options.overridden?.includes(setting.keyPath));
	if (withheld.length === 0) return loaded;
	const keys = withheld.map((setting) => `"${setting.keyPath}"`).join(", ");
	const file = withheld[0]?.file ?? "";
	if (options.ask) {
		const yes = await options.ask(
			`${file} sets ${keys}, which a folder's settings may set only when you trust the folder ` +
				`(a cloned repository can ship this file).\nTrust ${cwd}? [y/N] `,
		);
		if (yes) {
			await trustFolder(cwd, home);
			return loadSettings({ cwd, home, trustProject: true, ...extra });
		}
	}
	stderr.write(
		`warning: ignoring ${keys} in ${file}: this folder is not trusted, and any repository can ship that file. ` +
			`To apply ${withheld.length === 1 ? "it" : "them"}, trust the folder with kestrel --trust-folder ` +
			`(remembered in ${trustedFoldersFile(home)}), or set ${withheld.length === 1 ? "it" : "them"} in ${home}/settings.json.\n`,
	);
	return loaded;
}

/** Asks `question` on the terminal and reads one line; `y` or `yes` is yes. */
export async function askOnTerminal(question: string): Promise<boolean> {
	const { createInterface } = await import("node:readline/promises");
	const terminal = createInterface({ input: process.stdin, output: process.stdout });
	try {
		const answer = await terminal.question(question);
		return /^\s*y(es)?\s*$/i.test(answer);
	} finally {
		terminal.close();
	}
}
