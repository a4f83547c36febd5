/**
 * Test helpers for code built on `@kestrel/harness` (needs `vitest`): the session backend
 * contract, for checking a `SessionBackend` of another package.
 */
export {
	describeSessionBackendContract,
	type SessionBackendFixture,
} from "./session-backend-contract.js";
