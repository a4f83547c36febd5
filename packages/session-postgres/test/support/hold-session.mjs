// A writer in another process: opens session argv[3] of schema argv[2] for writing, appends
// one entry, says "holding <pid>" on stdout, and waits to be killed.
import { SessionManager } from "@kestrel/harness";
import { PostgresSessionBackend } from "../../dist/index.js";

const [url, schema, path] = process.argv.slice(2);
const backend = await PostgresSessionBackend.connect({ connectionString: url, schema });
const manager = SessionManager.withBackend(backend, { cwd: "/work/project" });
const session = await manager.open(path);
session.appendCustom("child", { pid: process.pid });
await session.flush();
process.stdout.write(`holding ${process.pid}\n`);
setInterval(() => {}, 1 << 30);
