import type { Session } from "@kestrel/harness";
import { fsToolPack } from "@kestrel/tools-fs";
import { shellToolPack } from "@kestrel/tools-shell";
import { describe, expect, it } from "vitest";
import { renderSessionHtml, sessionExportData } from "../../src/export/render-session-html.js";
import { displaysOf } from "../../src/packs/create-tool-packs.js";
import { assistant, memorySession, toolResult, usage, user } from "./session-builders.js";

const INJECTION = "</script><script>alert(1)</script>";

/** How kestrel's own tools are shown; tools of other sessions get the generic form. */
const DISPLAYS = displaysOf([fsToolPack("/harbour"), shellToolPack("/harbour")]);

function render(session: Session): string {
	return renderSessionHtml(sessionExportData(session), DISPLAYS);
}

/** The `<article>` of one entry. */
function article(html: string, id: string): string {
	const start = html.indexOf(`<article class="entry`, html.indexOf(`id="entry-${id}"`) - 200);
	const found = html.slice(start, html.indexOf("</article>", start) + "</article>".length);
	expect(found).toContain(`id="entry-${id}"`);
	return found;
}

/** A bash result's details: exited with `exitCode` after 1.5 s. */
function bashDetails(exitCode: number, command = "seq 100") {
	return {
		command,
		cwd: "/harbour",
		status: "exited",
		exitCode,
		signal: null,
		timeoutMs: 1000,
		durationMs: 1500,
		output: { totalBytes: 1, totalLines: 100, shownBytes: 1, shownLines: 100, truncated: false },
		removedEnv: [],
	};
}

describe("renderSessionHtml", () => {
	it("keeps everything from the session as text: no script but its own runs", async () => {
		const session = await memorySession();
		session.setName(`name ${INJECTION}`);
		const prompt = session.appendMessage(user(`Please ${INJECTION} <img src=x onerror=alert(3)>`));
		session.setLabel(prompt.id, `<b>label</b>${INJECTION}`);
		session.appendMessage(
			assistant([
				{ type: "thinking", thinking: `thinking ${INJECTION}` },
				{ type: "text", text: `Raw <img src=x onerror=alert(2)> and ${INJECTION} and \`${INJECTION}\`` },
				{ type: "toolCall", id: "toolu_1", name: "bash", arguments: { command: `echo '${INJECTION}'` } },
				{ type: "toolCall", id: "toolu_2", name: `mcp__${INJECTION}`, arguments: { q: INJECTION } },
			]),
		);
		session.appendMessage(toolResult("bash", INJECTION, bashDetails(1, INJECTION), true));
		session.appendMessage({
			role: "shell",
			command: `cat ${INJECTION}`,
			output: `out ${INJECTION}`,
			exitCode: 2,
			truncated: true,
			fullOutputPath: `/tmp/${INJECTION}`,
			timestamp: 4,
		});
		const html = renderSessionHtml(
			{
				...sessionExportData(session),
				systemPrompt: `prompt ${INJECTION}`,
				tools: [
					{ name: `tool ${INJECTION}`, description: `does ${INJECTION}`, parameters: { x: INJECTION } },
				],
			},
			DISPLAYS,
		);

		expect(html.match(/<script/g)).toHaveLength(2);
		expect(html.match(/<\/script>/g)).toHaveLength(2);
		expect(html).not.toContain("<img");
		expect(html).not.toContain("<b>label");
		// Every field above carries the injection; each shows as text.
		const escaped = "&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;";
		for (const field of [
			`name ${escaped}`,
			`Please ${escaped}`,
			`thinking ${escaped}`,
			`$ echo &#39;${escaped}&#39;`,
			`mcp__${escaped}`,
			`$ cat ${escaped}`,
			`out ${escaped}`,
			`full output in /tmp/${escaped}`,
			`prompt ${escaped}`,
			`tool ${escaped}`,
			`does ${escaped}`,
		]) {
			expect(html).toContain(field);
		}
		expect(html).toContain("&lt;img src=x onerror=alert(2)&gt;");
		expect(html).toContain("&lt;img src=x onerror=alert(3)&gt;");
	});

	it("renders assistant markdown, and drops link targets that are not web, mail or relative", async () => {
		const session = await memorySession();
		session.appendMessage(
			assistant([
				{
					type: "text",
					text: "**bold** [docs](https://example.com/a) [bad](javascript:alert(1)) ![pic](https://example.com/p.png)\n\n```ts\nconst a = 1 < 2;\n```",
				},
			]),
		);
		const html = render(session);
		expect(html).toContain("<strong>bold</strong>");
		expect(html).toContain('<a href="https://example.com/a" rel="noopener noreferrer">docs</a>');
		expect(html).not.toMatch(/href="javascript/i);
		expect(html).toContain(" bad <a href=");
		expect(html).toContain("bad");
		expect(html).toContain("[image: pic]");
		expect(html).toContain('<code class="language-ts">const a = 1 &lt; 2;');
	});

	it("shows every branch in the tree and only the current branch's entries until one is clicked", async () => {
		const session = await memorySession();
		const first = session.appendMessage(user("first question"));
		const answer = session.appendMessage(assistant([{ type: "text", text: "first answer" }]));
		const abandoned = session.appendMessage(user("abandoned question"));
		session.branch(answer.id);
		const taken = session.appendMessage(user("taken question"));
		session.setLabel(answer.id, "fork here");
		const html = render(session);

		const nodes = html.match(/<button type="button" class="node[^"]*" data-id="([^"]+)"/g) ?? [];
		expect(nodes).toHaveLength(4);
		expect(html).toMatch(
			new RegExp(`class="node node-user on-path current selected tip" data-id="${taken.id}"`),
		);
		expect(html).toMatch(new RegExp(`class="node node-user tip" data-id="${abandoned.id}"`));
		expect(html).toContain('<span class="label">fork here</span>');
		expect(html).toContain("2 branches");
		expect(article(html, first.id)).not.toContain(" hidden>");
		expect(article(html, taken.id)).not.toContain(" hidden>");
		expect(article(html, abandoned.id)).toContain(" hidden>");
		// The fork's children are indented one step deeper than the stretch above them.
		expect(html).toMatch(new RegExp(`data-id="${answer.id}" style="padding-left:0.4em"`));
		expect(html).toMatch(new RegExp(`data-id="${taken.id}" style="padding-left:1.4em"`));
		const treeJson = html.match(/<script type="application\/json" id="session-tree">(.*?)<\/script>/)?.[1];
		expect(JSON.parse(treeJson ?? "null")).toEqual({
			leafId: taken.id,
			nodes: [
				[first.id, null],
				[answer.id, first.id],
				[abandoned.id, answer.id],
				[taken.id, answer.id],
			],
		});
	});

	it("folds thinking into a <details> and marks redacted thinking", async () => {
		const session = await memorySession();
		const entry = session.appendMessage(
			assistant([
				{ type: "thinking", thinking: "weighing the tide tables" },
				{ type: "thinking", thinking: "", redacted: true, thinkingSignature: "opaque" },
				{ type: "text", text: "done" },
			]),
		);
		const html = article(render(session), entry.id);
		expect(html).toContain(
			'<details class="thinking"><summary>Thinking</summary><div class="plain">weighing the tide tables</div></details>',
		);
		expect(html).toContain("redacted by the provider");
		expect(html).not.toContain("opaque");
	});

	it("shows an edit as one row with only its diff, its arguments folded", async () => {
		const session = await memorySession();
		const call = session.appendMessage(
			assistant([
				{
					type: "toolCall",
					id: "toolu_1",
					name: "edit",
					arguments: { path: "notes.txt", edits: [{ oldText: "tide at 6", newText: "tide at 7" }] },
				},
			]),
		);
		const diff = "--- a/notes.txt\n+++ b/notes.txt\n@@ -1,1 +1,1 @@\n-tide at 6\n+tide at 7\n";
		const edit = session.appendMessage(
			toolResult("edit", "Edited notes.txt.\nResulting change:\n-tide at 6", {
				path: "notes.txt",
				diff,
				firstChangedLine: 1,
				edits: [],
			}),
		);
		const html = render(session);
		// The call is shown with its result, not again in the assistant's message.
		const callHtml = article(html, call.id);
		expect(callHtml).not.toContain("tool-name");
		expect(callHtml).toContain('<div class="body"></div>');
		const editHtml = article(html, edit.id);
		expect(editHtml).toContain(
			'<span class="heading"><span class="tool-name">edit</span> <code class="tool-summary">notes.txt</code></span>',
		);
		expect(editHtml).toContain('<span class="diff-del">-tide at 6</span>');
		expect(editHtml).toContain('<span class="diff-add">+tide at 7</span>');
		expect(editHtml).toContain('<span class="diff-hunk">@@ -1,1 +1,1 @@</span>');
		expect(editHtml).not.toContain("Resulting change");
		// The arguments: once, folded (no `open`), after the diff.
		expect(editHtml.match(/&quot;oldText&quot;: &quot;tide at 6&quot;/g)).toHaveLength(1);
		expect(editHtml).toContain('<details class="tool-args"><summary>Arguments</summary><pre class="json">');
		expect(editHtml.indexOf("tool-args")).toBeGreaterThan(editHtml.indexOf("diff-add"));
	});

	it("shows a command as `$ command` with its exit status and the tail of its output", async () => {
		const session = await memorySession();
		session.appendMessage(
			assistant([{ type: "toolCall", id: "toolu_1", name: "bash", arguments: { command: "seq 100" } }]),
		);
		const output = Array.from({ length: 100 }, (_, index) => `line ${index + 1}`).join("\n");
		const bash = session.appendMessage(toolResult("bash", output, bashDetails(0)));
		const bashHtml = article(render(session), bash.id);
		expect(bashHtml).toContain(
			'<code class="tool-summary">$ seq 100</code></span><span class="tool-facts">exit 0 · 1.5 s</span>',
		);
		expect(bashHtml).toContain('class="entry entry-tool"');
		expect(bashHtml).toContain("60 earlier lines not shown");
		const shown = bashHtml.slice(0, bashHtml.indexOf("<details"));
		expect(shown).toContain("line 61\nline 62");
		expect(shown).not.toContain("line 60\n");
		expect(bashHtml).toContain("<summary>Show all 100 lines</summary>");
	});

	it("marks a failed command unmistakably: error class, red label, the output as an error", async () => {
		const session = await memorySession();
		session.appendMessage(
			assistant([{ type: "toolCall", id: "toolu_1", name: "bash", arguments: { command: "npm test" } }]),
		);
		const failed = session.appendMessage(toolResult("bash", "1 test failed", bashDetails(1), true));
		const html = article(render(session), failed.id);
		expect(html).toContain('class="entry entry-tool tool-error"');
		expect(html).toContain('$ npm test</code> <span class="badge badge-error">error</span>');
		expect(html).toContain('<span class="tool-facts">exit 1 · 1.5 s</span>');
		expect(html).toContain('<pre class="tool-output error-output">1 test failed</pre>');
	});

	it("shows a call that never got a result in the assistant's message", async () => {
		const session = await memorySession();
		const call = session.appendMessage(
			assistant([{ type: "toolCall", id: "toolu_9", name: "bash", arguments: { command: "sleep 9" } }]),
		);
		const html = article(render(session), call.id);
		expect(html).toContain('<span class="tool-name">bash</span> <code class="tool-summary">$ sleep 9</code>');
		expect(html).toContain("no result");
		expect(html).toContain('<details class="tool-args">');
	});

	it("shows the user's shell command like a terminal, with its exit status", async () => {
		const session = await memorySession();
		const ok = session.appendMessage({
			role: "shell",
			command: "ls",
			output: "a\nb\n",
			exitCode: 0,
			timestamp: 4,
		});
		const failed = session.appendMessage({
			role: "shell",
			command: "make",
			output: "",
			exitCode: 2,
			excludeFromContext: true,
			timestamp: 5,
		});
		const html = render(session);
		const okHtml = article(html, ok.id);
		expect(okHtml).toContain('class="entry entry-shell"');
		expect(okHtml).toContain('<code class="shell-command">$ ls</code>');
		expect(okHtml).toContain('<span class="tool-facts">exit 0</span>');
		expect(okHtml).toContain('<pre class="shell-output">a\nb</pre>');
		expect(okHtml).not.toContain("```");
		const failedHtml = article(html, failed.id);
		expect(failedHtml).toContain('class="entry entry-shell shell-failed"');
		expect(failedHtml).toContain("exit 2 · not sent to the model");
		expect(failedHtml).toContain("(no output)");
		expect(html).toMatch(new RegExp(`class="node node-shell node-error[^"]*" data-id="${failed.id}"`));
		expect(html).toContain('<span class="preview">$ make</span>');
	});

	it("titles the page with the first prompt, clipped, unless the session has a name", async () => {
		const session = await memorySession();
		session.appendMessage(user(`Fix   the\nflaky ${"tide ".repeat(30)}test`));
		session.appendMessage(user("second prompt"));
		const title = (html: string) => html.match(/<h1>(.*)<\/h1>/)?.[1];
		const clipped = title(render(session));
		expect(clipped).toMatch(/^Fix the flaky tide tide .*…$/);
		expect(clipped?.length).toBeLessThanOrEqual(80);
		expect(render(session)).toContain(`<title>${clipped} · kestrel</title>`);
		session.setName("Tide tables");
		expect(title(render(session))).toBe("Tide tables");
		expect(title(render(await memorySession()))).toMatch(/^Session /);
	});

	it("renders Markdown in user messages, raw HTML as text", async () => {
		const session = await memorySession();
		const prompt = session.appendMessage(user("Use **bold** and `code` <u>here</u>\n\n- one\n- two"));
		const html = article(render(session), prompt.id);
		expect(html).toContain("<strong>bold</strong>");
		expect(html).toContain("<code>code</code>");
		expect(html).toContain("&lt;u&gt;here&lt;/u&gt;");
		expect(html).toContain("<li>one</li>");
	});

	it("folds the session details, the system prompt and the tool definitions under the title", async () => {
		const session = await memorySession();
		session.appendMessage(user("q"));
		const html = renderSessionHtml({
			...sessionExportData(session),
			systemPrompt: "You are kestrel.",
			tools: [{ name: "read", description: "Reads a file.\nMore.", parameters: { type: "object" } }],
		});
		const header = html.slice(html.indexOf('<header class="session-header">'), html.indexOf("</header>"));
		expect(header.indexOf("<h1>q</h1>")).toBeLessThan(header.indexOf("<details"));
		expect(header).toContain('<details class="session-details"><summary>Session details</summary>');
		expect(header).toContain(
			'<details class="system-prompt"><summary>System prompt</summary><div class="plain">You are kestrel.</div></details>',
		);
		expect(header).toContain('<details class="tool-definitions"><summary>Tools (1)</summary>');
		expect(header).toContain('<span class="tool-name">read</span> <span class="muted">Reads a file.</span>');
		expect(header).not.toMatch(/<details[^>]* open/);
		// Without them (a session file exported on its own), neither is shown.
		expect(render(session)).not.toContain("System prompt");
	});

	it("shows tokens and cost per turn, with totals for the current branch and for all branches", async () => {
		const session = await memorySession();
		session.appendMessage(user("q1"));
		const branchPoint = session.appendMessage(
			assistant([{ type: "text", text: "a1" }], usage(1000, 200, 0.0125)),
		);
		session.appendMessage(user("q2"));
		session.appendMessage(assistant([{ type: "text", text: "a2" }], usage(1500, 300, 0.02)));
		session.branch(branchPoint.id);
		session.appendMessage(user("q3"));
		session.appendMessage(assistant([{ type: "text", text: "a3" }], usage(2000, 100, 0.5)));
		const html = render(session);
		expect(html).toContain('<span class="usage">in 1,000 · out 200 · $0.0125</span>');
		expect(html).toContain(
			"<tr><td>Current branch</td><td>2</td><td>3,000</td><td>300</td><td>0</td><td>0</td><td>3,300</td><td>$0.5125</td></tr>",
		);
		expect(html).toContain(
			"<tr><td>All branches</td><td>3</td><td>4,500</td><td>600</td><td>0</td><td>0</td><td>5,100</td><td>$0.5325</td></tr>",
		);
	});

	it("shows compactions with tokens before and after, model and thinking changes, and errors", async () => {
		const session = await memorySession();
		session.appendModelChange({ provider: "anthropic", id: "claude-test" });
		session.appendThinkingLevelChange("high");
		const prompt = session.appendMessage(user("q"));
		session.appendCompaction({
			summary: "## Goal\nFix the *tides*",
			firstKeptEntryId: prompt.id,
			tokensBefore: 120_000,
			tokensAfter: 8_000,
			reason: "manual",
			method: "summary",
			instructions: "keep the file names",
		});
		const failed = assistant([], usage(0, 0, 0));
		session.appendMessage({
			...failed,
			stopReason: "error",
			errorMessage: "anthropic: 529 overloaded_error",
		});
		const html = render(session);
		expect(html).toContain("Model → anthropic/claude-test");
		expect(html).toContain("Thinking level → high");
		expect(html).toContain("120,000 → 8,000 tokens · reason: manual · summarised by the model");
		expect(html).toContain("Instructions: keep the file names");
		expect(html).toContain("<em>tides</em>");
		expect(html).toContain('<div class="error">Error: anthropic: 529 overloaded_error</div>');
		expect(html).toContain('class="entry entry-assistant assistant-error"');
	});

	it("is one self-contained page: nothing loads from the network", async () => {
		const session = await memorySession();
		session.appendMessage(user("see https://example.com/x.png"));
		const html = render(session);
		expect(html).not.toMatch(/<(?:link|img|iframe)\b|src="http|@import|url\(/);
		expect(html).toContain("default-src 'none'");
	});
});

describe("renderSessionHtml for tools it does not know", () => {
	it("shows a diff the details carry, and the head of anything else", async () => {
		const session = await memorySession();
		const output = Array.from({ length: 100 }, (_, index) => `row ${index + 1}`).join("\n");
		session.appendMessage(
			assistant([
				{ type: "toolCall", id: "toolu_1", name: "mcp__db__query", arguments: { sql: "select 1" } },
			]),
		);
		const listing = session.appendMessage(toolResult("mcp__db__query", output, { rows: 100 }));
		const patch = session.appendMessage(
			toolResult("mcp__git__apply", "applied", { diff: "@@ -1 +1 @@\n-old\n+new" }),
		);
		const html = renderSessionHtml(sessionExportData(session));
		const listingHtml = article(html, listing.id);
		expect(listingHtml).toContain("row 1\nrow 2");
		expect(listingHtml).not.toContain("tool-facts");
		expect(listingHtml).toContain(
			'<span class="tool-name">mcp__db__query</span> <code class="tool-summary">{&quot;sql&quot;:&quot;select 1&quot;}</code>',
		);
		expect(article(html, patch.id)).toContain('<span class="diff-add">+new</span>');
	});
});
