import { createContext, useContext } from "react";
import type { DisplayLookup } from "../../format/tool-views.js";

/** The displays of the session's tools, for the components that show tool calls; none by default (generic form). */
export const ToolDisplayContext = createContext<DisplayLookup>(() => undefined);

/** The lookup from tool name to its display declaration. */
export function useToolDisplays(): DisplayLookup {
	return useContext(ToolDisplayContext);
}
