import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { eventually, faultServer, readLines, textOf, usePacks, useTempDir } from "./helpers.js";

describe("calls to a stdio server (fault-injecting fixture)", () => {
	const tempDir = useTempDir();
	const startPack = usePacks(tempDir);

	it("maps text, image, audio, resources, links and structured content", async () => {
		const { call } = await startPack({ fault: faultServer() });
		const result = await call("mcp__fault__content_kinds");
		expect(result.isError).toBeUndefined();
		const [text, image, audio, resourceText, resourceImage, resourceBinary, link, structured] =
			result.content;
		expect(text).toEqual({ type: "text", text: "several kinds follow" });
		expect(image).toMatchObject({ type: "image", mimeType: "image/png" });
		expect(audio).toMatchObject({ type: "text" });
		expect(audio?.type === "text" && audio.text).toMatch(/Audio \(audio\/wav, 2\.9 KB\).*cannot take audio/);
		expect(resourceText?.type === "text" && resourceText.text).toBe(
			"Resource file:///notes.txt (text/plain):\nnote text",
		);
		expect(resourceImage).toMatchObject({ type: "image", mimeType: "image/png" });
		expect(resourceBinary?.type === "text" && resourceBinary.text).toMatch(
			/Binary resource file:\/\/\/data\.bin, application\/octet-stream, 3 bytes/,
		);
		expect(link?.type === "text" && link.text).toBe(
			"Resource link: file:///big.log\nName: big.log\nDescription: The build log",
		);
		expect(structured?.type === "text" && JSON.parse(structured.text)).toEqual({ count: 7 });
		expect(result.details).toMatchObject({
			server: "fault",
			tool: "content_kinds",
			structuredContent: { count: 7 },
		});
	});

	it("gives isError results as error results", async () => {
		const { call } = await startPack({ fault: faultServer() });
		const result = await call("mcp__fault__fail");
		expect(result.isError).toBe(true);
		expect(textOf(result)).toBe("it broke: disk full");
	});

	it("streams progress notifications to onUpdate", async () => {
		const { tool } = await startPack({ fault: faultServer() });
		const updates: string[] = [];
		const result = await tool("mcp__fault__slow_progress").execute(
			"c1",
			{ steps: 3 },
			new AbortController().signal,
			(partial) => updates.push(textOf(partial)),
		);
		expect(textOf(result)).toBe("done");
		expect(updates).toEqual(["Progress 1/3: step 1", "Progress 2/3: step 2", "Progress 3/3: step 3"]);
	});

	it("keeps progress that arrives together with the answer", async () => {
		const { tool } = await startPack({ fault: faultServer() });
		const updates: string[] = [];
		const result = await tool("mcp__fault__burst_progress").execute(
			"c1",
			{ steps: 5 },
			new AbortController().signal,
			(partial) => updates.push(textOf(partial)),
		);
		expect(textOf(result)).toBe("done");
		expect(updates).toHaveLength(5);
		expect(updates.at(-1)).toBe("Progress 5/5: burst 5");
	});

	it("cancels a call on abort: the server receives notifications/cancelled", async () => {
		const marker = join(tempDir(), "marker.txt");
		const { call } = await startPack({ fault: faultServer(["--marker", marker]) });
		const controller = new AbortController();
		const pending = call("mcp__fault__hang", {}, controller.signal);
		await eventually(() => readLines(marker).includes("call hang"), "the call to reach the server");
		controller.abort();
		const result = await pending;
		expect(result.isError).toBe(true);
		expect(textOf(result)).toMatch(/cancelled/);
		await eventually(
			() => readLines(marker).some((line) => line.startsWith("cancelled ")),
			"notifications/cancelled",
		);
	});

	it("times out a call after the server's timeout and says how to allow longer", async () => {
		const marker = join(tempDir(), "marker.txt");
		const { call } = await startPack({ fault: faultServer(["--marker", marker], { timeout: 300 }) });
		const result = await call("mcp__fault__hang");
		expect(result.isError).toBe(true);
		expect(textOf(result)).toMatch(/did not finish hang within 300 ms.*"timeout"/s);
		await eventually(
			() => readLines(marker).some((line) => line.startsWith("cancelled ")),
			"notifications/cancelled",
		);
	});

	it("reports a crash during a call with stderr lines, and restarts the server on the next call", async () => {
		const { call, pack } = await startPack({ fault: faultServer() });
		const crashed = await call("mcp__fault__crash");
		expect(crashed.isError).toBe(true);
		expect(textOf(crashed)).toMatch(
			/MCP server "fault" stopped during the call to crash: it exited with code 7/,
		);
		expect(textOf(crashed)).toMatch(/about to crash: simulated failure/);
		expect(pack.status?.().parts?.[0]).toMatchObject({ name: "fault", state: "failed" });
		const again = await call("mcp__fault__echo", { text: "back" });
		expect(textOf(again)).toBe("back");
		expect(pack.status?.().parts?.[0]).toMatchObject({ name: "fault", state: "ready" });
	});

	it("lists every page of tools", async () => {
		const marker = join(tempDir(), "marker.txt");
		const { pack } = await startPack({ fault: faultServer(["--pages", "3", "--marker", marker]) });
		const names = pack.tools().map((tool) => tool.name);
		for (let index = 0; index < 6; index++) expect(names).toContain(`mcp__fault__paged_${index}`);
		// 15 fixed tools + 6 paged ones, four per page.
		expect(names).toHaveLength(21);
		expect(readLines(marker).filter((line) => line.startsWith("tools/list"))).toHaveLength(6);
	});

	it("refreshes its tools on notifications/tools/list_changed and tells listeners", async () => {
		const { pack, call } = await startPack({ fault: faultServer() });
		let changes = 0;
		pack.onToolsChanged?.(() => changes++);
		expect(pack.tools().some((tool) => tool.name === "mcp__fault__added")).toBe(false);
		await call("mcp__fault__add_tool");
		await eventually(() => pack.tools().some((tool) => tool.name === "mcp__fault__added"), "the added tool");
		expect(changes).toBeGreaterThanOrEqual(1);
		expect(textOf(await call("mcp__fault__added"))).toBe("called added");
	});

	it("applies allow and deny lists to the names the server gives", async () => {
		const { pack } = await startPack({
			fault: faultServer([], { allow: ["echo", "paged_*", "dotted?name"], deny: ["paged_1", "dotted.name"] }),
		});
		expect(
			pack
				.tools()
				.map((tool) => tool.name)
				.sort(),
		).toEqual(["mcp__fault__dotted_name", "mcp__fault__echo", "mcp__fault__paged_0"]);
	});
});
