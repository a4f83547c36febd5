// Module hooks for a child process that runs the package's TypeScript sources with Node's
// own type support: the sources import `./x.js`, which is `./x.ts` before compilation.
export async function resolve(specifier, context, nextResolve) {
	try {
		return await nextResolve(specifier, context);
	} catch (error) {
		const relative = specifier.startsWith("./") || specifier.startsWith("../");
		if (error?.code !== "ERR_MODULE_NOT_FOUND" || !relative || !specifier.endsWith(".js")) throw error;
		return nextResolve(`${specifier.slice(0, -3)}.ts`, context);
	}
}
