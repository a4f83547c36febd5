import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { FileSessionBackend, MemorySessionBackend } from "../../src/session/index.js";
import { describeSessionBackendContract } from "../../src/testing/index.js";

describeSessionBackendContract("files", async () => {
	const dir = await mkdtemp(join(tmpdir(), "kestrel-contract-"));
	return {
		open: () => new FileSessionBackend(dir),
		dispose: () => rm(dir, { recursive: true, force: true }),
		deleteSession: (path) => rm(path),
	};
});

describeSessionBackendContract("memory", async () => {
	const backend = new MemorySessionBackend();
	return { open: () => backend };
});
