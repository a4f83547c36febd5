import type { ToolPackModule } from "@kestrel/agent-core";

/**
 * The tool-pack module a package exports: its `toolPack` export, else its default
 * export, when it has the shape of one (a name, a description and `create`).
 */
export function toolPackModuleOf(namespace: Record<string, unknown>): ToolPackModule | undefined {
	for (const candidate of [namespace.toolPack, namespace.default]) {
		if (isToolPackModule(candidate)) return candidate;
	}
	return undefined;
}

function isToolPackModule(value: unknown): value is ToolPackModule {
	if (typeof value !== "object" || value === null) return false;
	const module = value as Partial<ToolPackModule>;
	return (
		typeof module.name === "string" &&
		module.name !== "" &&
		typeof module.description === "string" &&
		typeof module.create === "function"
	);
}
