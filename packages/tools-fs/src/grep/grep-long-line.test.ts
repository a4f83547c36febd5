import { expect, it } from "vitest";
import { run, textOf } from "../../test/helpers.js";
import { MemoryFileOperations } from "../operations/memory-file-operations.js";
import type { ReadStreamOptions } from "../types.js";
import { createGrepTool } from "./grep-tool.js";

const encoder = new TextEncoder();

/** A workspace whose `line.txt` streams a 32 MB line in 8 KB chunks, made up as it is read. */
class LongLineOperations extends MemoryFileOperations {
	chunksRead = 0;

	override async *readStream(path: string, options: ReadStreamOptions = {}): AsyncGenerator<Uint8Array> {
		if (!path.endsWith("/line.txt")) {
			yield* super.readStream(path, options);
			return;
		}
		const filler = encoder.encode("lorem ipsum dolor sit amet ".repeat(304).slice(0, 8 * 1024));
		yield encoder.encode("start\n");
		for (let index = 0; index < 4096; index++) {
			// Timers get their turn between chunks, as they do between reads from a disk.
			await new Promise((resolve) => setImmediate(resolve));
			options.signal?.throwIfAborted();
			this.chunksRead++;
			yield filler;
		}
		yield encoder.encode(" the needle\nend\n");
	}
}

it("searches a 32 MB line in linear time, holding a bounded part of it, and clips what it shows", async () => {
	const operations = new LongLineOperations({ "/work/line.txt": "(streamed)" });
	const tool = createGrepTool("/work", { operations });
	// Before: the line was gathered whole and re-scanned at every chunk, quadratic time
	// (16 MB in 16 KB chunks took one to two and a half minutes; this is eight times that
	// work), ended here by the abort. Now it takes about a second.
	const result = await run(tool, { pattern: "needle", context: 1 }, AbortSignal.timeout(30_000));
	expect(operations.chunksRead).toBe(4096);
	const [before, match, after] = textOf(result).split("\n");
	expect(before).toBe("line.txt-1-start");
	expect(match).toMatch(/^line\.txt:2:….{400,500} the needle$/);
	expect(match?.length).toBeLessThanOrEqual("line.txt:2:…".length + 500);
	expect(after).toBe("line.txt-3-end");
	expect(result.details.linesClipped).toBe(true);
});
