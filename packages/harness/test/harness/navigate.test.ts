import { describe, expect, it } from "vitest";
import { SessionManager } from "../../src/index.js";
import { harnessFor, scriptedModel, textOf } from "./support/scripted.js";

async function twoAnswers() {
	const scripted = scriptedModel({
		agent: (_request, index) => ({ content: [{ type: "text", text: `answer ${index}` }] }),
		summary: () => ({
			content: [{ type: "text", text: "## Goal\nTried the regex approach; it failed on nested input." }],
		}),
	});
	const { session, harness } = await harnessFor(scripted, {
		session: await SessionManager.inMemory({ cwd: "/w" }).create(),
		systemPrompt: "x",
	});
	await harness.prompt("Parse this with a regex.");
	await harness.prompt("It fails on nested brackets.");
	return { scripted, session, harness };
}

describe("moving in the session tree", () => {
	it("branches back without a summary: the next prompt starts a new branch there", async () => {
		const { scripted, session, harness } = await twoAnswers();
		const firstAnswer = session.getBranch()[3]!;
		await harness.navigate(firstAnswer.id);
		await harness.prompt("Use a parser instead.");
		const request = scripted.agentRequests().at(-1)!.context.messages.map(textOf);
		expect(request).toEqual(["Parse this with a regex.", "answer 0", "Use a parser instead."]);
		expect(session.getChildren(firstAnswer.id)).toHaveLength(2);
	});

	it("summarises the abandoned branch where the new one starts", async () => {
		const { scripted, session, harness } = await twoAnswers();
		const root = session.getBranch().find((entry) => entry.type === "message")!;
		await harness.navigate(root.id, { summarize: true });
		const summaryRequest = scripted.summaryRequests()[0]!;
		expect(JSON.stringify(summaryRequest.context.messages)).toContain("It fails on nested brackets.");
		const leaf = session.getEntry(session.leafId!)!;
		expect(leaf).toMatchObject({ type: "branch_summary", parentId: root.id });
		await harness.prompt("Try again.");
		const request = scripted.agentRequests().at(-1)!.context.messages.map(textOf);
		expect(request[0]).toBe("Parse this with a regex.");
		expect(request[1]).toContain("Tried the regex approach");
		expect(request[2]).toBe("Try again.");
	});
});
