/** The sections every summary has, in this order. */
export const SUMMARY_SECTIONS = [
	"## Goal",
	"## Constraints and preferences",
	"## Progress",
	"### Done",
	"### In progress",
	"### Blocked",
	"## Key decisions",
	"## Next steps",
	"## Critical context",
] as const;

/** The heading under which the start of an interrupted turn is summarised. */
export const TURN_PREFIX_HEADING = "## Current turn (start)";

export const SUMMARIZER_SYSTEM_PROMPT =
	"You summarise conversations between a user and an AI coding agent so that the agent can carry on " +
	"the work from your summary alone, without the conversation. You never continue the conversation, " +
	"answer its questions or call tools. Reply with the summary only, in exactly the format you are asked for.";

const FORMAT = `## Goal
What the user wants to achieve, in one to three sentences.

## Constraints and preferences
- Requirements, limits and preferences the user stated.

## Progress
### Done
- Finished work, with the files and results it involved.
### In progress
- Work started and not finished yet.
### Blocked
- Problems that stop progress, with the exact error messages.

## Key decisions
- Decisions made, and why.

## Next steps
- What to do next, in order.

## Critical context
- Facts needed to continue: names, paths, commands, values, error text.`;

const FORMAT_RULES =
	`Use exactly this format: every heading, in this order, nothing before the first heading and no other headings. ` +
	`Write "- none" under a heading that has nothing. Be concrete: keep file paths, function names, commands and ` +
	`error messages exactly as they appear.\n\n${FORMAT}`;

/** The first summary of a history. */
export function createSummaryPrompt(conversation: string, instructions?: string): string {
	return (
		`<conversation>\n${conversation}\n</conversation>\n\n` +
		`Summarise the conversation above. ${FORMAT_RULES}${instructionsText(instructions)}`
	);
}

/** A summary updated with the messages that came after it. */
export function updateSummaryPrompt(
	previousSummary: string,
	conversation: string,
	instructions?: string,
): string {
	return (
		`<previous-summary>\n${previousSummary}\n</previous-summary>\n\n` +
		`<conversation>\n${conversation}\n</conversation>\n\n` +
		"The previous summary covers the conversation before the messages above. UPDATE it with these messages; " +
		"do not replace it. Keep everything in it that still holds (goals, constraints, decisions, context), add " +
		'what is new, move finished work from "In progress" to "Done", and remove only what the new messages made ' +
		"wrong. Fold any other sections of the previous summary into these ones. Reply with the whole updated " +
		`summary. ${FORMAT_RULES}${instructionsText(instructions)}`
	);
}

/** The start of the current turn; the rest of the turn stays word for word after the summary. */
export function turnPrefixPrompt(conversation: string, previousPart?: string): string {
	const previous =
		previousPart === undefined
			? ""
			: `<summary-so-far>\n${previousPart}\n</summary-so-far>\n\n` +
				"The summary so far covers the earlier part of this turn's start; update it with the messages below.\n\n";
	return (
		`${previous}<conversation>\n${conversation}\n</conversation>\n\n` +
		"These messages are the start of the current turn; the rest of the turn is kept word for word after your " +
		"summary. Summarise them in a few bullet points: what the user asked in this turn, and what has been done " +
		"toward it so far. Reply with the bullet points only, no headings."
	);
}

function instructionsText(instructions?: string): string {
	const trimmed = instructions?.trim();
	return trimmed ? `\n\nAlso follow these instructions from the user:\n${trimmed}` : "";
}
