// A host process for the kill-with-host test: it runs one bash call through the package's
// TypeScript sources (Node strips the types; `.js` imports are mapped to `.ts` files) and
// prints the pids the command reports, then waits to be killed.
import { registerHooks } from "node:module";

registerHooks({
	resolve(specifier, context, next) {
		if (specifier.startsWith(".") && specifier.endsWith(".js") && context.parentURL?.endsWith(".ts"))
			return next(`${specifier.slice(0, -3)}.ts`, context);
		return next(specifier, context);
	},
});

const { createBashTool } = await import("../../src/index.ts");
const [root, command] = process.argv.slice(2);
const tool = createBashTool(root, { updateIntervalMs: 10 });
let reported = false;
tool.execute("call_1", { command }, new AbortController().signal, (partial) => {
	const text = partial.content.map((block) => block.text ?? "").join("");
	if (!reported && /^ready$/m.test(text)) {
		reported = true;
		process.stdout.write(`${text}\n`);
	}
});
