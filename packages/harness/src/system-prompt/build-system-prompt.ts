/** A tool as the system prompt lists it. */
export interface PromptTool {
	name: string;
	/** Only the first non-empty line is listed; the full text goes to the model with the tool's schema. */
	description: string;
}

/** Everything the system prompt is made of. */
export interface SystemPromptInput {
	/** The text of a `SYSTEM.md` or `--system-prompt`: replaces the base prompt (tools and guidelines included). */
	customPrompt?: string;
	/** `APPEND_SYSTEM.md` texts and the caller's additions, in this order, after the base or custom prompt. */
	appendPrompts?: readonly string[];
	/** The active tools, listed in this order by the base prompt. */
	tools: readonly PromptTool[];
	/**
	 * Usage rules from tool packs (such as `fsToolsGuidelines`), listed by the base prompt as
	 * bullet points: each line of each string is one bullet; repeated lines appear once.
	 */
	guidelines?: readonly string[];
	/** `AGENTS.md` and the like, in order, each under a heading with its path. */
	contextFiles: readonly { path: string; content: string }[];
	cwd: string;
	/** `YYYY-MM-DD`. */
	date: string;
}

/** How a coding agent behaves whatever its tools; tool-pack guidelines follow these. */
const BASE_GUIDELINES = [
	"Understand before you change: read the code involved and follow the conventions the project already has.",
	"Make the smallest change that does the task; do not rewrite or reformat what works.",
	"Check your work where you can (build, tests, reading the result) and say plainly what you could not check.",
	"Ask before anything destructive or outside the task, such as deleting data or touching files outside the project.",
	"Be concise: say what you did and why, with the paths of the files you changed.",
];

/**
 * The system prompt, assembled in a fixed layout:
 * 1. the base prompt (identity, the active tools with the first line of their description,
 *    guidelines) or, when given, the custom prompt in its place;
 * 2. the append prompts;
 * 3. the context files, each under a heading with its path;
 * 4. last, `Current date:` and `Current working directory:`.
 *
 * Pure: the same input gives byte-identical output, and everything that changes between
 * sessions or days comes last, so the prefix stays the same from turn to turn and
 * provider prompt caches keep hitting. Empty (blank) append prompts and context files
 * are left out.
 */
export function buildSystemPrompt(input: SystemPromptInput): string {
	const sections: string[] = [];
	const custom = input.customPrompt?.trim();
	sections.push(custom ? custom : basePrompt(input.tools, input.guidelines ?? []));
	for (const text of input.appendPrompts ?? []) {
		const trimmed = text.trim();
		if (trimmed) sections.push(trimmed);
	}
	const context = contextSection(input.contextFiles);
	if (context) sections.push(context);
	sections.push(`Current date: ${input.date}\nCurrent working directory: ${input.cwd}`);
	return sections.join("\n\n");
}

function basePrompt(tools: readonly PromptTool[], guidelines: readonly string[]): string {
	const intro =
		"You are Kestrel, a coding agent. You work in the user's project on their behalf: you read and " +
		"search code, run commands and edit files with the tools below until the task is done, then report back.";
	const toolList =
		tools.length === 0
			? "No tools are available in this session: you cannot read files or run commands. Answer from the " +
				"conversation, and say so when an answer would need you to look at the project."
			: ["Available tools:", ...tools.map((tool) => `- ${tool.name}: ${firstLine(tool.description)}`)].join(
					"\n",
				);
	const rules = uniqueLines([...BASE_GUIDELINES, ...guidelines]);
	return [intro, toolList, ["Guidelines:", ...rules.map((rule) => `- ${rule}`)].join("\n")].join("\n\n");
}

function contextSection(files: readonly { path: string; content: string }[]): string | undefined {
	const blocks = files.flatMap((file) => {
		const content = file.content.trim();
		return content ? [`## ${file.path}\n\n${content}`] : [];
	});
	if (blocks.length === 0) return undefined;
	const header =
		"# Project context\n\nInstructions from the user's context files. Follow them; where two disagree, " +
		"the later (more specific) one wins.";
	return [header, ...blocks].join("\n\n");
}

function firstLine(text: string): string {
	return (
		text
			.split("\n")
			.map((line) => line.trim())
			.find((line) => line.length > 0) ?? ""
	);
}

/** Each line of each guideline is one rule; a rule given twice is listed once, where it first appears. */
function uniqueLines(guidelines: readonly string[]): string[] {
	const rules = new Set<string>();
	for (const guideline of guidelines) {
		for (const line of guideline.split("\n")) {
			const rule = line.trim().replace(/^[-*•]\s+/, "");
			if (rule) rules.add(rule);
		}
	}
	return [...rules];
}
