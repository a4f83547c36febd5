// A vitest globalSetup: one throwaway PostgreSQL cluster for the package's test run
// (postgres-test-cluster.mjs), its URL handed to the tests as `inject("postgresUrl")`, and
// removed when the run ends. KESTREL_TEST_POSTGRES_URL uses a running server instead.
import { startPostgresCluster } from "./postgres-test-cluster.mjs";

export default async function setup(project) {
	if (process.env.KESTREL_TEST_POSTGRES_URL) {
		project.provide("postgresUrl", process.env.KESTREL_TEST_POSTGRES_URL);
		return;
	}
	const cluster = await startPostgresCluster();
	project.provide("postgresUrl", cluster.url);
	return () => cluster.stop();
}
