// Module hooks that append every resolved module URL to $KESTREL_LOAD_LOG (one per line).
import { appendFileSync } from "node:fs";

export async function resolve(specifier, context, next) {
	const result = await next(specifier, context);
	if (process.env.KESTREL_LOAD_LOG) appendFileSync(process.env.KESTREL_LOAD_LOG, `${result.url}\n`);
	return result;
}
