import { Writable } from "node:stream";
import { render } from "ink";
import { createElement } from "react";
import { describe, expect, it } from "vitest";
import { App } from "../../src/interactive/components/app.js";
import { editorKey } from "../../src/interactive/input/editor-state.js";
import { keyPress } from "../../src/interactive/input/key-press.js";
import { initialUiState } from "../../src/interactive/ui-state.js";
import { UiStore } from "../../src/interactive/ui-store.js";

const STATUS = {
	model: "wire/claude-wire",
	thinkingLevel: "off" as const,
	contextTokens: 0,
	contextWindow: 200_000,
	totalTokens: 0,
	cost: 0,
	working: true,
	queuedSteering: 0,
	queuedFollowUp: 0,
};

class FakeTerminal extends Writable {
	columns = 100;
	rows = 40;
	bytes = 0;
	override _write(chunk: Buffer, _encoding: BufferEncoding, done: () => void): void {
		this.bytes += chunk.length;
		done();
	}
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

/**
 * Renders the screen with `transcriptLength` finished messages, then streams `deltas`
 * text deltas into the live message and types `keys` characters; returns how many
 * markdown renders that work took (the renders of the transcript itself excluded).
 */
async function markdownRendersWhileStreaming(
	transcriptLength: number,
	deltas: number,
	keys: number,
	delta: (index: number) => string = (index) => `word${index} `,
) {
	let renders = 0;
	let longestRendered = 0;
	const markdown = (text: string) => {
		renders += 1;
		longestRendered = Math.max(longestRendered, text.length);
		return text;
	};
	const store = new UiStore(initialUiState(STATUS));
	for (let index = 0; index < transcriptLength; index++) {
		store.append({ kind: "user", text: `question ${index}` });
		store.append({ kind: "assistant", text: `**answer** ${index}`, thinking: "" });
	}
	const stdout = new FakeTerminal();
	const ink = render(
		createElement(App, { store, onKey: () => {}, onPaste: () => {}, markdown, readKeys: false }),
		{
			stdout: stdout as unknown as NodeJS.WriteStream,
			patchConsole: false,
			exitOnCtrlC: false,
		},
	);
	await tick();
	const transcriptRenders = renders;
	renders = 0;
	let text = "";
	for (let index = 0; index < Math.max(deltas, keys); index++) {
		if (index < deltas) {
			text += delta(index);
			store.update((state) => ({ ...state, live: { text, thinking: "", toolCalls: [] } }));
			await tick();
		}
		if (index < keys) {
			const { state: editor } = editorKey(store.getState().editor, "x", keyPress(), true, index);
			store.update((state) => ({ ...state, editor }));
			await tick();
		}
	}
	ink.unmount();
	return {
		transcriptRenders,
		streamingRenders: renders,
		longestRendered,
		liveLength: text.length,
		editorText: store.getState().editor.text,
	};
}

describe("rendering cost", () => {
	it("renders each finished message once, and per delta only the live message, however long the transcript", async () => {
		const short = await markdownRendersWhileStreaming(5, 40, 40);
		const long = await markdownRendersWhileStreaming(400, 40, 40);
		// The transcript: one markdown render per finished assistant message, at the start only.
		expect(short.transcriptRenders).toBe(5);
		expect(long.transcriptRenders).toBe(400);
		// Streaming and typing: one render per delta (the live text changed), none per key.
		expect(short.streamingRenders).toBe(40);
		expect(long.streamingRenders).toBe(40);
		expect(long.editorText).toBe("x".repeat(40));
	});

	it("renders only the end of a long streaming answer, so a delta costs the same at 150 KB as at the start", async () => {
		// 320 deltas of about 490 characters: a paragraph of eight short lines each.
		const paragraph = (index: number) =>
			`${`Sentence ${index} of a long answer, with **some** markdown in it.\n`.repeat(8)}\n`;
		const streamed = await markdownRendersWhileStreaming(0, 320, 0, paragraph);
		expect(streamed.liveLength).toBeGreaterThan(150_000);
		expect(streamed.streamingRenders).toBe(320);
		// 30 drawn lines (a 40-row terminal) × 200 characters, with room for a paragraph boundary.
		expect(streamed.longestRendered).toBeLessThan(30 * 200 * 5);
	});

	it("does not render markdown for keystrokes at all", async () => {
		const typing = await markdownRendersWhileStreaming(200, 0, 60);
		expect(typing.streamingRenders).toBe(0);
	});
});
