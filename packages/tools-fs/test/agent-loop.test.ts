/**
 * The tools inside the real loop of `@kestrel/agent-core`, driven by the scripted provider
 * of `@kestrel/ai/testing`: what the README shows, and a parallel batch of edits.
 */
import { agentLoop, createUserMessage } from "@kestrel/agent-core";
import { ProviderRegistry, type ToolResultMessage } from "@kestrel/ai";
import { createFauxProvider, fauxText, fauxToolCall } from "@kestrel/ai/testing";
import { createFsTools, fsToolsGuidelines } from "@kestrel/tools-fs";
import { MemoryFileOperations } from "@kestrel/tools-fs/testing";
import { describe, expect, it } from "vitest";
import { diskWorkspace } from "./helpers.js";

function scripted() {
	const faux = createFauxProvider();
	const registry = new ProviderRegistry();
	registry.register(faux.provider);
	return { faux, model: faux.model(), stream: registry.stream.bind(registry) };
}

function toolResults(messages: readonly { role: string }[]): ToolResultMessage[] {
	return messages.filter((message): message is ToolResultMessage => message.role === "toolResult");
}

describe("the tools in agentLoop", () => {
	it("land every edit of a parallel batch that edits one file", async () => {
		const workspace = await diskWorkspace({
			"config.ts": "export const a = 1;\nexport const b = 2;\nexport const c = 3;\n",
		});
		const { faux, model, stream } = scripted();
		faux.enqueue(
			{
				content: [
					fauxToolCall("edit", { path: "config.ts", oldText: "a = 1", newText: "a = 10" }, "edit_a"),
					fauxToolCall(
						"edit",
						{ path: "config.ts", edits: [{ oldText: "b = 2", newText: "b = 20" }] },
						"edit_b",
					),
					fauxToolCall(
						"edit",
						{ path: "config.ts", edits: [{ oldText: "c = 3", newText: "c = 30" }] },
						"edit_c",
					),
				],
			},
			{ content: [fauxText("Done.")] },
		);
		const tools = createFsTools(workspace.root);
		const events = agentLoop(
			[createUserMessage("Multiply every constant by ten.")],
			{ systemPrompt: fsToolsGuidelines, messages: [], tools: Object.values(tools) },
			{ model, toolExecution: "parallel" },
			undefined,
			stream,
		);
		const messages = await events.result();
		expect(toolResults(messages).map((result) => result.isError)).toEqual([false, false, false]);
		expect(await workspace.text("config.ts")).toBe(
			"export const a = 10;\nexport const b = 20;\nexport const c = 30;\n",
		);
	});

	it("read, then write: the model sees the file and may overwrite it; a stale write is refused", async () => {
		const operations = new MemoryFileOperations({ "/work/notes.md": "# Notes\n" });
		const { faux, model, stream } = scripted();
		faux.enqueue(
			{ content: [fauxToolCall("read", { path: "notes.md" }, "read_1")] },
			() => {
				// The user edits the file while the model thinks.
				operations.setFile("/work/notes.md", "# Notes\n- user's line\n");
				return {
					content: [
						fauxToolCall("write", { path: "notes.md", content: "# Notes\n- model's line\n" }, "write_1"),
					],
				};
			},
			{ content: [fauxText("The file changed; I will read it again.")] },
		);
		const tools = createFsTools("/work", { operations });
		const messages = await agentLoop(
			[createUserMessage("Add a line to the notes.")],
			{ messages: [], tools: Object.values(tools) },
			{ model },
			undefined,
			stream,
		).result();
		const [read, write] = toolResults(messages);
		expect(read?.content).toEqual([{ type: "text", text: "# Notes" }]);
		expect(write?.isError).toBe(true);
		expect(JSON.stringify(write?.content)).toContain("changed on disk since you last read it");
		expect(operations.getText("/work/notes.md")).toBe("# Notes\n- user's line\n");
	});
});
