import { registerWireApi } from "@kestrel/ai";
import { createDemoWireApi } from "./demo-wire-api.js";

/** The source id of the demo's registration, to remove it again (`unregisterProviders`). */
export const DEMO_SOURCE_ID = "kestrel-demo";

/**
 * Makes the scripted demo model (`kestrel/scripted-demo`) known to the default registry,
 * touring `cwd`. Only `kestrel --demo` calls it: otherwise the model is not listed and
 * cannot be chosen.
 */
export function registerDemoModel(cwd: string): void {
	registerWireApi(createDemoWireApi(cwd), DEMO_SOURCE_ID);
}
