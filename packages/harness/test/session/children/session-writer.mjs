// A separate process that writes to a session through the BUILT package (dist/), for the
// crash-safety and two-writer tests. Argument: JSON
// { dir, path?, tag, onLocked?, count?, largeEvery?, largeChars?, pauseMs?, hold? }.
// Prints one line per event: "opened writable <path>", "opened read-only <path>", "error <code>",
// "id <entry id>" (after appendMessage returned), "refused <code>", "closed".
import { SessionManager } from "../../../dist/session/index.js";

const options = JSON.parse(process.argv[2]);
const say = (line) => process.stdout.write(`${line}\n`);
let stopped = false;
process.stdin.on("data", (data) => {
	if (String(data).includes("stop")) stopped = true;
});

const manager = new SessionManager({
	dir: options.dir,
	cwd: "/work/project",
	onLocked: options.onLocked ?? "error",
});
let session;
try {
	session = options.path ? await manager.open(options.path) : await manager.create();
} catch (error) {
	say(`error ${error.code ?? error.name}`);
	process.exit(0);
}
say(`opened ${session.readOnly ? "read-only" : "writable"} ${session.path}`);

const count = options.count ?? Number.POSITIVE_INFINITY;
for (let index = 0; !stopped && index < count; index++) {
	const large = options.largeEvery && index % options.largeEvery === 0;
	const text = `${options.tag}:${index}${large ? ` ${"x".repeat(options.largeChars ?? 200_000)}` : ""}`;
	try {
		const entry = session.appendMessage({ role: "user", content: text, timestamp: Date.now() });
		say(`id ${entry.id}`);
	} catch (error) {
		say(`refused ${error.code ?? error.name}`);
		break;
	}
	// Yield now and then so that "stop" on stdin is seen.
	if (index % 20 === 19) {
		await new Promise((resolve) =>
			options.pauseMs ? setTimeout(resolve, options.pauseMs) : setImmediate(resolve),
		);
	}
}
while (options.hold && !stopped) await new Promise((resolve) => setTimeout(resolve, 5));
await session.close();
say("closed");
process.stdin.destroy();
