// TEMPORARY (replaced by the export work in progress; never released like this).
import { CliError } from "../cli-error.js";

export async function exportSessionFile(_sessionPath: string, _outPath?: string): Promise<string> {
	throw new CliError("--export is not available yet (issue 7 continues).", 2);
}
