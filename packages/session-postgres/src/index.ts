export {
	POSTGRES_PATH_PREFIX,
	PostgresSessionBackend,
	type PostgresSessionStoreOptions,
} from "./postgres-session-backend.js";
export { PostgresWriterLock } from "./postgres-writer-lock.js";
export { SCHEMA_VERSION } from "./schema.js";
