import type { AgentHarness, Session } from "@kestrel/harness";
import type { ResolvedModel } from "../models/resolve-model.js";

/** What print and JSON modes run with. */
export interface HeadlessContext {
	harness: AgentHarness;
	session: Session;
	prompt: string;
	resolved: ResolvedModel;
	/** Where output goes (stdout) and where errors go (stderr). */
	stdout: NodeJS.WritableStream;
	stderr: NodeJS.WritableStream;
}
