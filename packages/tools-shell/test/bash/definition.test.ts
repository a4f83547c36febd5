import { describe, expect, it } from "vitest";
import { bashToolGuidelines, createBashTool } from "../../src/index.js";

describe("bash: what the model and the loop see of the tool", () => {
	it("states root, output limits and timeouts in its description and schema", () => {
		const tool = createBashTool("/srv/app", { maxOutputLines: 500, maxTimeoutMs: 300_000 });
		expect(tool.name).toBe("bash");
		expect(tool.description).toContain("/srv/app");
		expect(tool.description).toContain("500 lines or 50.0 KB");
		expect(tool.description).toContain("stopped after 120 s");
		expect(tool.description).toContain("at most 300 s");
		expect(tool.parameters.required).toEqual(["command"]);
		expect((tool.parameters.properties.timeout as { description?: string }).description).toBe(
			"Seconds after which the command is stopped (default 120, at most 300).",
		);
	});

	it("leaves executionMode to the loop unless the host sets it", () => {
		expect(createBashTool("/srv").executionMode).toBeUndefined();
		expect(createBashTool("/srv", { executionMode: "sequential" }).executionMode).toBe("sequential");
	});

	it("exports usage guidelines for system prompts", () => {
		expect(bashToolGuidelines).toMatch(/^- /);
		expect(bashToolGuidelines).toContain("timeout");
		expect(bashToolGuidelines).toContain("2>&1 &");
	});
});
