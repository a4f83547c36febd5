import { afterEach, describe, expect, it } from "vitest";
import { startWireServer, type WireServer } from "../../src/testing/wire-server/server.js";

let server: WireServer | undefined;
afterEach(async () => {
	await server?.close();
});

describe("the wire server", () => {
	it("pauses a response after the given bytes until the test lets it go on", async () => {
		server = await startWireServer();
		let resume!: () => void;
		const until = new Promise<void>((resolve) => {
			resume = resolve;
		});
		server.enqueue({ body: "abcdefgh", chunking: 5, pause: { afterBytes: 3, until } });
		const response = await fetch(server.url);
		const reader = response.body!.getReader();
		const decoder = new TextDecoder();
		let received = "";
		while (received.length < 3) received += decoder.decode((await reader.read()).value);
		// Nothing more comes while the pause holds.
		expect(received).toBe("abc");
		expect(server.bytesWritten).toBe(3);
		resume();
		for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read())
			received += decoder.decode(chunk.value);
		expect(received).toBe("abcdefgh");
		expect(server.bytesWritten).toBe(8);
	});
});
