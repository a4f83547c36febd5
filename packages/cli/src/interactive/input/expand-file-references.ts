import { readFile, stat } from "node:fs/promises";
import { isAbsolute, resolve } from "node:path";

/** The largest file attached whole; longer files are cut here with a note. */
export const MAX_ATTACHED_BYTES = 100_000;

/** Reads a file for `@path` (injectable for tests). */
export interface FileReader {
	/** `undefined` when there is no such file (or it is a folder). */
	read(path: string): Promise<Buffer | undefined>;
}

export const diskFileReader: FileReader = {
	read: async (path) => {
		const info = await stat(path).catch(() => undefined);
		if (!info?.isFile()) return undefined;
		return readFile(path);
	},
};

/** A prompt with its `@path` files attached, and notices for the user about each reference. */
export interface ExpandedPrompt {
	text: string;
	notices: string[];
}

/** The `@path` references of a prompt: `@` at the start or after whitespace, up to the next whitespace. */
export function findFileReferences(prompt: string): string[] {
	const paths = new Set<string>();
	for (const match of prompt.matchAll(/(?:^|\s)@([^\s]+)/g)) {
		// A trailing comma or full stop ends the sentence, not the path.
		const path = (match[1] as string).replace(/[.,;:!?)]+$/, "");
		if (path !== "") paths.add(path);
	}
	return [...paths];
}

/**
 * Attaches the content of every `@path` text file after the prompt, each in a `<file>`
 * element; files over {@link MAX_ATTACHED_BYTES} are cut with a note. A missing file, a
 * folder or a binary file is left as written and reported in `notices`.
 */
export async function expandFileReferences(
	prompt: string,
	cwd: string,
	reader: FileReader = diskFileReader,
): Promise<ExpandedPrompt> {
	const attachments: string[] = [];
	const notices: string[] = [];
	for (const path of findFileReferences(prompt)) {
		const absolute = isAbsolute(path) ? path : resolve(cwd, path);
		const bytes = await reader.read(absolute).catch(() => undefined);
		if (bytes === undefined) {
			notices.push(`@${path}: no such file — sent without it`);
			continue;
		}
		if (bytes.subarray(0, 8000).includes(0)) {
			notices.push(`@${path}: a binary file — sent without it`);
			continue;
		}
		const cut = bytes.length > MAX_ATTACHED_BYTES;
		const text = bytes.subarray(0, MAX_ATTACHED_BYTES).toString("utf8");
		const note = cut ? `\n[cut at ${MAX_ATTACHED_BYTES} of ${bytes.length} bytes]` : "";
		attachments.push(`<file path="${path}">\n${text}${note}\n</file>`);
		notices.push(`attached @${path} (${bytes.length} bytes${cut ? `, cut to ${MAX_ATTACHED_BYTES}` : ""})`);
	}
	return { text: attachments.length === 0 ? prompt : [prompt, ...attachments].join("\n\n"), notices };
}
