import type { ToolEffects } from "@kestrel/agent-core";
import { applyEdits, type EditRequest } from "./apply-edits.js";

/** `edit`: the file it names, with its edits applied; a call whose edits do not apply changes nothing. */
export const editEffects: ToolEffects = {
	kind: "write",
	fileChange: (args) => {
		if (typeof args.path !== "string") return undefined;
		const edits = Array.isArray(args.edits) ? (args.edits as EditRequest[]) : [];
		return {
			path: args.path,
			after: (before) => {
				if (before === undefined) return undefined;
				const edited = applyEdits(before, edits);
				return edited.ok ? edited.content : undefined;
			},
		};
	},
};
