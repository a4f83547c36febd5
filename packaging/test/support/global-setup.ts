import { rm } from "node:fs/promises";
import type { TestProject } from "vitest/node";
import { createPackagingFixture, type PackagingFixture } from "./consumer-app.js";

declare module "vitest" {
	export interface ProvidedContext {
		packaging: PackagingFixture;
	}
}

/** Packs and installs once for every test file; removes the temporary folder afterwards. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
	const fixture = await createPackagingFixture();
	project.provide("packaging", fixture);
	return () => rm(fixture.root, { recursive: true, force: true });
}
