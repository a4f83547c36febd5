import type { CliApp } from "../app/cli-app.js";

/** What print and JSON modes run with. */
export interface HeadlessContext {
	/** The harness, its session, and how a failed run is described. */
	app: CliApp;
	prompt: string;
	/** Where output goes (stdout) and where errors go (stderr). */
	stdout: NodeJS.WritableStream;
	stderr: NodeJS.WritableStream;
}
