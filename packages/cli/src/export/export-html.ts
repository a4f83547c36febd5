import { stat, writeFile } from "node:fs/promises";
import { dirname, resolve } from "node:path";
import { type Session, SessionFormatError, SessionManager } from "@kestrel/harness";
import { CliError } from "../cli-error.js";
import type { DisplayLookup } from "../format/tool-views.js";
import { defaultExportPath } from "./default-export-path.js";
import { renderSessionHtml, sessionExportData } from "./render-session-html.js";
import type { ExportedToolDefinition } from "./session-header-html.js";

/** What the exporter knows beyond the session file: sessions do not store these. */
export interface ExportAgentSetup {
	/** The system prompt the agent runs with; shown folded under the title. */
	systemPrompt?: string;
	/** The tools the agent was given; listed folded under the title. */
	tools?: readonly ExportedToolDefinition[];
}

/**
 * Writes `session` as one self-contained HTML file (every branch, the current one shown
 * first) to `outPath`, resolved against the current folder (default
 * {@link defaultExportPath}). `displays` says how each tool's calls are shown (unknown
 * tools get the generic form); `setup` adds the system prompt and tool definitions, which
 * only a running agent knows. Returns the absolute path written; a file that cannot be
 * written is a {@link CliError}.
 */
export async function exportSessionHtml(
	session: Session,
	outPath?: string,
	displays?: DisplayLookup,
	setup: ExportAgentSetup = {},
): Promise<string> {
	const cwd = process.cwd();
	const target = outPath === undefined ? defaultExportPath(session, cwd) : resolve(cwd, outPath);
	const html = renderSessionHtml({ ...sessionExportData(session), ...setup }, displays);
	try {
		await writeFile(target, html, "utf8");
	} catch (error) {
		throw new CliError(`Cannot write the export to ${target}: ${reason(error)}. Name a writable .html file.`);
	}
	return target;
}

/**
 * Opens session `path` of a session store's `manager` read-only (a `pg:<id>`), exports it
 * with {@link exportSessionHtml} and closes it.
 */
export async function exportStoreSession(
	manager: SessionManager,
	path: string,
	outPath?: string,
	displays?: DisplayLookup,
): Promise<string> {
	let session: Session;
	try {
		session = await manager.open(path, { readOnly: true });
	} catch (error) {
		throw new CliError(`Cannot read session ${path} from the session store: ${reason(error)}.`);
	}
	try {
		return await exportSessionHtml(session, outPath, displays);
	} finally {
		await session.close();
	}
}

/**
 * Opens the session file `sessionPath` read-only (no lock, so it works while another
 * kestrel writes to it), exports it with {@link exportSessionHtml} and closes it. A
 * missing or invalid file is a {@link CliError} saying so.
 */
export async function exportSessionFile(
	sessionPath: string,
	outPath?: string,
	displays?: DisplayLookup,
): Promise<string> {
	const path = resolve(sessionPath);
	const info = await stat(path).catch(() => undefined);
	if (!info?.isFile()) {
		throw new CliError(
			`No session file at ${path}. Pass a .jsonl file from the session folder (~/.kestrel/sessions/<folder>, or --session-dir).`,
		);
	}
	let session: Session;
	try {
		session = await new SessionManager({ dir: dirname(path), cwd: process.cwd() }).open(path, {
			readOnly: true,
		});
	} catch (error) {
		if (error instanceof SessionFormatError) {
			throw new CliError(`${error.message} Pass a kestrel session file (.jsonl) to --export.`);
		}
		throw new CliError(`Cannot read the session file ${path}: ${reason(error)}.`);
	}
	try {
		return await exportSessionHtml(session, outPath, displays);
	} finally {
		await session.close();
	}
}

function reason(error: unknown): string {
	return error instanceof Error ? error.message.replace(/\.$/, "") : String(error);
}
