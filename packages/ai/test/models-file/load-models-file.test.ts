import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { homedir, tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
	loadModelsFile,
	modelsFilePackages,
	parseModelsFile,
	readModelsFile,
} from "../../src/models-file/load-models-file.js";
import { ModelsFileError } from "../../src/models-file/models-file-error.js";
import { ProviderRegistry } from "../../src/registry.js";
import { echoWireApi } from "./echo-wire-api.js";

let folder: string;
let path: string;
beforeEach(async () => {
	folder = await mkdtemp(join(tmpdir(), "kestrel-models-file-"));
	path = join(folder, "models.json");
});
afterEach(async () => {
	await rm(folder, { recursive: true, force: true });
});

const echoProvider = {
	baseUrl: "https://echo.example/v1",
	api: "echo-stream",
	models: [{ id: "e1" }],
};

describe("loading models.json", () => {
	it("counts a missing or blank file as no providers, and ignores a byte-order mark", async () => {
		expect(await loadModelsFile(path, new ProviderRegistry())).toEqual({ path, file: { providers: {} } });
		await writeFile(path, " \n");
		expect((await loadModelsFile(path, new ProviderRegistry())).file).toEqual({ providers: {} });
		await writeFile(
			path,
			`\uFEFF${JSON.stringify({ providers: { e: { ...echoProvider, api: "openai-completions" } } })}`,
		);
		expect(Object.keys((await loadModelsFile(path, new ProviderRegistry())).file.providers)).toEqual(["e"]);
	});

	it("says where the JSON is broken and how to fix it", async () => {
		await writeFile(path, '{ "providers": { }, }');
		const error = await loadModelsFile(path).catch((caught: unknown) => caught);
		expect(error).toBeInstanceOf(ModelsFileError);
		expect((error as Error).message).toMatch(
			new RegExp(`^${path.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")} is not valid JSON: .*Fix the syntax`),
		);
	});

	it("reads the packages first, so that a package's API validates once it is registered", async () => {
		await writeFile(
			path,
			JSON.stringify({
				packages: ["@acme/provider-echo", "./vendor/echo", "~/echo"],
				providers: { e: echoProvider },
			}),
		);
		const read = await readModelsFile(path);
		expect(modelsFilePackages(read)).toEqual([
			"@acme/provider-echo",
			join(folder, "vendor/echo"),
			join(homedir(), "echo"),
		]);
		const registry = new ProviderRegistry();
		expect(() => parseModelsFile(read, registry)).toThrow(/"providers\.e\.api": must be one of/);
		registry.registerWireApi(echoWireApi, "test");
		expect(parseModelsFile(read, registry).file.providers.e?.api).toBe("echo-stream");
	});

	it("refuses a packages key that is not a list of names", async () => {
		await writeFile(path, JSON.stringify({ packages: "@acme/provider-echo" }));
		expect(() => modelsFilePackages({ path, value: { packages: "@acme/provider-echo" } })).toThrow(
			/"packages": must be a list of package names or paths, e\.g\. \["@kestrel\/provider-bedrock"\]/,
		);
		expect(modelsFilePackages({ path, value: undefined })).toEqual([]);
	});
});
