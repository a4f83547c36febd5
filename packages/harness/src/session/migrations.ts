/**
 * Format migrations: pure functions from the parsed lines of a version-N file to those of
 * version N+1. Loading applies them in order up to {@link SESSION_FORMAT_VERSION}; lines a
 * migration does not understand pass through unchanged for validation to judge.
 *
 * Version 1 (before annotations):
 * - the header carried the session's name as `name`;
 * - labels were tree entries `{type: "label", id, parentId, timestamp, targetId, label}`,
 *   so a label sat on the path and later entries could hang under it;
 * - there were no `leaf` or `session_name` entries: the leaf was the last entry in the file;
 * - `model_change` had `model` where version 2 has `modelId`;
 * - `compaction` had no `method`, `reason` or `tokensAfter`.
 */
import { SESSION_FORMAT_VERSION } from "./types.js";

/** One line of a session file after `JSON.parse`, with its 1-based number in the file. */
export interface ParsedLine {
	line: number;
	value: Record<string, unknown>;
}

/** What a migration may ask for: a fresh id, unique within the file. */
export interface MigrationContext {
	newId(): string;
}

/** Migrates the lines of a file (header first) by one version; returns new objects, never mutates. */
export type SessionMigration = (lines: readonly ParsedLine[], context: MigrationContext) => ParsedLine[];

/** `SESSION_MIGRATIONS[i]` migrates version `i + 1` to version `i + 2`. */
export const SESSION_MIGRATIONS: readonly SessionMigration[] = [migrateV1ToV2];

/** The oldest format version this package reads. */
export const OLDEST_SESSION_FORMAT_VERSION = SESSION_FORMAT_VERSION - SESSION_MIGRATIONS.length;

/** Applies the migrations from `fromVersion` up to the current version. */
export function migrateSessionLines(
	lines: readonly ParsedLine[],
	fromVersion: number,
	context: MigrationContext,
): readonly ParsedLine[] {
	let migrated = lines;
	for (let version = fromVersion; version < SESSION_FORMAT_VERSION; version++) {
		const migration = SESSION_MIGRATIONS[version - OLDEST_SESSION_FORMAT_VERSION];
		if (!migration) throw new Error(`No migration from session format version ${version}.`);
		migrated = migration(migrated, context);
	}
	return migrated;
}

/** Labels become annotations (entries under a label move to the label's parent); the header's name becomes a `session_name` entry. */
export function migrateV1ToV2(lines: readonly ParsedLine[], context: MigrationContext): ParsedLine[] {
	const [first, ...rest] = lines;
	if (!first) return [];
	// A v1 label's parent, for entries that hung under it; labels may hang under labels.
	const labelParents = new Map<string, unknown>();
	const resolve = (id: unknown): unknown => {
		let current = id;
		while (typeof current === "string" && labelParents.has(current)) current = labelParents.get(current);
		return current;
	};
	const { name, ...header } = first.value;
	const out: ParsedLine[] = [{ line: first.line, value: { ...header, version: 2 } }];
	if (typeof name === "string" && name !== "") {
		const timestamp = typeof header.timestamp === "string" ? header.timestamp : new Date(0).toISOString();
		out.push({ line: first.line, value: { type: "session_name", id: context.newId(), timestamp, name } });
	}
	let lastTreeId: unknown;
	let leafAfterLabel: { line: number; timestamp: unknown; target: unknown } | undefined;
	for (const { line, value } of rest) {
		if (value.type === "label" && typeof value.id === "string") {
			const { parentId, label, ...annotation } = value;
			labelParents.set(value.id, parentId);
			out.push({ line, value: { ...annotation, label: typeof label === "string" ? label : null } });
			leafAfterLabel = { line, timestamp: value.timestamp, target: resolve(parentId) };
			continue;
		}
		const migrated: Record<string, unknown> = { ...value };
		if ("parentId" in value) migrated.parentId = resolve(value.parentId);
		if (value.type === "model_change" && !("modelId" in value)) {
			const { model, ...rest } = migrated;
			out.push({ line, value: { ...rest, modelId: model } });
		} else if (value.type === "compaction") {
			migrated.firstKeptEntryId = resolve(value.firstKeptEntryId ?? null);
			migrated.tokensAfter ??= value.tokensBefore;
			migrated.reason ??= "threshold";
			migrated.method ??= "summary";
			out.push({ line, value: migrated });
		} else if (value.type === "branch_summary") {
			out.push({ line, value: { ...migrated, fromId: resolve(value.fromId) } });
		} else {
			out.push({ line, value: migrated });
		}
		if ("parentId" in value) {
			lastTreeId = value.id;
			leafAfterLabel = undefined;
		}
	}
	// In v1 a label written last was the leaf; its parent is the leaf in v2 unless that is already the last tree entry.
	if (leafAfterLabel && leafAfterLabel.target !== lastTreeId) {
		const { line, timestamp, target } = leafAfterLabel;
		out.push({ line, value: { type: "leaf", id: context.newId(), timestamp, targetId: target ?? null } });
	}
	return out;
}
