/**
 * A JSON Pointer (`/providers/local/models/0/id`, as TypeBox reports `instancePath`) as a
 * dotted path (`providers.local.models.0.id`), with `~1` and `~0` unescaped; `""` for the root.
 */
export function dottedPath(pointer: string): string {
	if (!pointer) return "";
	return pointer
		.slice(1)
		.split("/")
		.map((segment) => segment.replace(/~1/g, "/").replace(/~0/g, "~"))
		.join(".");
}
