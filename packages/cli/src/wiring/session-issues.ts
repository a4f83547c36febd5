import type { Session } from "@kestrel/harness";

/** How many problems are listed one by one; the rest are counted. */
const LISTED = 5;

/**
 * A warning about what loading the session passed over (damaged lines skipped, entries
 * whose parent was lost), naming the file and the lines; `undefined` when it loaded whole.
 */
export function describeLoadIssues(session: Pick<Session, "issues" | "path">): string | undefined {
	const { issues } = session;
	if (issues.length === 0) return undefined;
	const listed = issues.slice(0, LISTED).map((issue) => `  line ${issue.line}: ${issue.message}`);
	if (issues.length > LISTED) listed.push(`  … and ${issues.length - LISTED} more`);
	const count = issues.length === 1 ? "1 problem" : `${issues.length} problems`;
	return `warning: ${session.path ?? "the session"} was loaded with ${count}; the rest of it is intact:\n${listed.join("\n")}`;
}
