import { fauxText, fauxToolCall } from "@kestrel/ai/testing";
import { Type } from "typebox";
import { Compile } from "typebox/compile";
import { describe, expect, it, vi } from "vitest";
import { coerceScalars, validateToolArguments } from "../src/index.js";
import { createHarness, ofType, textOf, textResult, tool } from "./helpers.js";

vi.mock("typebox/compile", async (importOriginal) => {
	const original = await importOriginal<typeof import("typebox/compile")>();
	return { ...original, Compile: vi.fn(original.Compile) };
});

const schema = Type.Object({
	path: Type.String(),
	count: Type.Integer(),
	ratio: Type.Optional(Type.Number()),
	force: Type.Optional(Type.Boolean()),
	lines: Type.Optional(Type.Array(Type.Number())),
	limit: Type.Optional(Type.Union([Type.Number(), Type.Null()])),
	label: Type.Optional(Type.Union([Type.String(), Type.Number()])),
	nested: Type.Optional(Type.Object({ depth: Type.Number() })),
});

describe("validateToolArguments", () => {
	it("accepts valid arguments as they are", () => {
		const args = { path: "a.txt", count: 2 };
		const result = validateToolArguments("read", schema, args);
		expect(result).toEqual({ ok: true, value: args });
		expect(result.ok && result.value).toBe(args);
	});

	it("converts numbers and booleans sent as strings, at any depth, without touching the input", () => {
		const args = {
			path: "a.txt",
			count: "3",
			ratio: "-0.5",
			force: "TRUE",
			lines: ["1", 2, "3e2"],
			limit: "10",
			nested: { depth: " 4 " },
		};
		const snapshot = structuredClone(args);
		const result = validateToolArguments("read", schema, args);
		expect(result).toEqual({
			ok: true,
			value: {
				path: "a.txt",
				count: 3,
				ratio: -0.5,
				force: true,
				lines: [1, 2, 300],
				limit: 10,
				nested: { depth: 4 },
			},
		});
		expect(args).toEqual(snapshot);
	});

	it("converts nothing else: no number becomes a string, no empty string becomes 0, a string union member stays", () => {
		expect(coerceScalars(schema, { path: 7, count: "", label: "12" })).toEqual({
			path: 7,
			count: "",
			label: "12",
		});
		const result = validateToolArguments("read", schema, { path: 7, count: "" });
		expect(result.ok).toBe(false);
	});

	it("explains a failure to the model: the wrong fields, what it sent, what to do", () => {
		const result = validateToolArguments("read", schema, { count: "many" });
		expect(result.ok).toBe(false);
		const message = result.ok ? "" : result.message;
		expect(message).toContain('Invalid arguments for tool "read":');
		expect(message).toContain("(root): must have required properties path");
		expect(message).toContain("/count: must be integer");
		expect(message).toContain('Arguments received: {"count":"many"}');
	});

	it("compiles each schema once and reuses the validator", () => {
		const compile = vi.mocked(Compile);
		const fresh = Type.Object({ x: Type.Number() });
		const before = compile.mock.calls.length;
		validateToolArguments("t", fresh, { x: 1 });
		validateToolArguments("t", fresh, { x: "2" });
		validateToolArguments("t", fresh, { y: 1 });
		expect(compile.mock.calls.length - before).toBe(1);
		validateToolArguments("t", Type.Object({ x: Type.Number() }), { x: 1 });
		expect(compile.mock.calls.length - before).toBe(2);
	});
});

describe("validation in the loop", () => {
	it("runs the tool with converted arguments while the transcript keeps what the model sent", async () => {
		const harness = createHarness();
		const received: unknown[] = [];
		const read = tool(
			"read",
			async (args) => {
				received.push(args);
				return textResult("ok");
			},
			{ parameters: schema },
		);
		harness.faux.enqueue(
			{ content: [fauxToolCall("read", { path: "a.txt", count: "2" }, "call_1")] },
			{ content: [fauxText("done")] },
		);
		const { events } = await harness.run([read]);
		expect(received).toEqual([{ path: "a.txt", count: 2 }]);
		const assistant = ofType(events, "turn_end")[0]?.message;
		expect(assistant?.content[0]).toMatchObject({ arguments: { path: "a.txt", count: "2" } });
		expect(ofType(events, "tool_execution_start")[0]?.args).toEqual({ path: "a.txt", count: "2" });
	});

	it("does not run the tool when validation fails, and the model can correct itself", async () => {
		const harness = createHarness();
		const received: unknown[] = [];
		const read = tool(
			"read",
			async (args) => {
				received.push(args);
				return textResult("ok");
			},
			{ parameters: schema },
		);
		harness.faux.enqueue(
			{ content: [fauxToolCall("read", { count: 1 }, "call_1")] },
			{ content: [fauxToolCall("read", { path: "a.txt", count: 1 }, "call_2")] },
			{ content: [fauxText("done")] },
		);
		const { events } = await harness.run([read]);
		expect(received).toEqual([{ path: "a.txt", count: 1 }]);
		const [first, second] = ofType(events, "turn_end");
		expect(first?.toolResults[0]?.isError).toBe(true);
		expect(textOf(first?.toolResults[0])).toContain("must have required properties path");
		expect(second?.toolResults[0]?.isError).toBe(false);
	});
});
