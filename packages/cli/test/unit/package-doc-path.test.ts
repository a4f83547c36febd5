import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { packageDocPath } from "../../src/package-doc-path.js";

describe("packageDocPath", () => {
	it("finds a document in the docs folder of the package the code runs from", () => {
		expect(packageDocPath("rpc.md")).toBe(fileURLToPath(new URL("../../docs/rpc.md", import.meta.url)));
	});

	it("names a document that is not on disk by its path in the package", () => {
		expect(packageDocPath("no-such-guide.md")).toBe("@kestrel/cli/docs/no-such-guide.md");
	});
});
