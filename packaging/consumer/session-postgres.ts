// @kestrel/session-postgres with the harness: sessions in PostgreSQL. The packaging tests
// type-check this program (its declarations reach `pg`'s types, which the package must
// bring); running it needs a server: KESTREL_CONSUMER_POSTGRES_URL=postgres://… node …
import assert from "node:assert/strict";
import { ProviderRegistry } from "@kestrel/ai";
import { createFauxProvider, fauxText } from "@kestrel/ai/testing";
import { AgentHarness, SessionManager } from "@kestrel/harness";
import { PostgresSessionBackend, type PostgresSessionStoreOptions } from "@kestrel/session-postgres";

const options: PostgresSessionStoreOptions = {
	connectionString: process.env.KESTREL_CONSUMER_POSTGRES_URL ?? "postgres://localhost:5432/kestrel",
	cwd: process.cwd(),
};
const backend = await PostgresSessionBackend.connect(options);
try {
	const faux = createFauxProvider();
	faux.enqueue({ content: [fauxText("Stored in the database.")] });
	const registry = new ProviderRegistry();
	registry.register(faux.provider);
	const manager = SessionManager.withBackend(backend, { cwd: process.cwd() });
	const session = await manager.create();
	const harness = new AgentHarness({
		session,
		model: faux.model(),
		streamFn: registry.stream.bind(registry),
	});
	assert.equal((await harness.prompt("Where is this kept?")).kind, "completed");
	await harness.dispose();
	await session.close();
	const [listed] = await manager.list();
	assert.equal(listed?.id, session.id);
	console.log(`session-postgres: ${listed?.path}`);
} finally {
	await backend.close();
}
