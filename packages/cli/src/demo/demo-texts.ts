import { existsSync } from "node:fs";
import { dirname, isAbsolute, join } from "node:path";
import { packageDocPath } from "../package-doc-path.js";
import type { DemoFolder } from "./demo-folder.js";
import type { TourStep, TourTool } from "./demo-script.js";

// The words of the scripted demo. They say plainly that a script, not an AI, is talking.

const SCRIPTED = "I am Kestrel's **scripted demo**: a fixed script, not an AI.";

/** The first words of the tour. */
export function greeting(folder: DemoFolder): string {
	return (
		`Hi! ${SCRIPTED} I do not understand what you type; I show you what a Kestrel session looks like, ` +
		`with real tools, here in \`${folder.name}\`.`
	);
}

/** What the demo says before each call of the tour. */
export function stepIntroduction(tool: TourTool, args: Record<string, unknown>, folder: DemoFolder): string {
	switch (tool) {
		case "ls":
			return "First I list this folder with the `ls` tool. Reading never needs your permission.";
		case "read":
			return `Now I read the top of \`${String(args.path)}\` with \`read\`.`;
		case "write":
			return (
				`Next I propose to create a new file, \`${folder.newFile}\`, with \`write\`. Changing a file needs your ` +
				"approval (unless you started Kestrel with `--approve edits` or `--approve all`), so Kestrel shows you the " +
				"change and asks first. Allow it or refuse it, either is fine: no existing file is touched."
			);
		case "bash":
			return folder.gitRepository
				? "Last, a harmless command with `bash`: `git status --short` lists what changed in this repository. Commands need your approval too."
				: "Last, a harmless command with `bash`: it prints a greeting and the first names in this folder. Commands need your approval too.";
	}
}

/** One line about the result of the call just made. */
export function reactionTo(step: TourStep): string {
	const path = typeof step.args.path === "string" ? `\`${step.args.path}\`` : "the file";
	if (!step.outcome) return `The ${step.tool} call has no result.`;
	if (!step.outcome.ok) {
		const why = because(step.outcome.text);
		if (step.tool === "write")
			return `The write did not happen, so ${path} was not created${why}. Your folder is unchanged.`;
		if (step.tool === "bash") return `The command did not run${why}.`;
		return `The ${step.tool} call failed${why}; I carry on.`;
	}
	switch (step.tool) {
		case "ls":
			return "Above is the folder as a model sees it.";
		case "read":
			return `That was the top of ${path}.`;
		case "write":
			return `You allowed it: ${path} now exists (delete it whenever you like).`;
		case "bash":
			return "The command ran.";
	}
}

/** What the demo says to a message typed while the tour runs. */
export function steeringNote(text: string): string {
	return `You said “${clip(text)}”. I am a script, so I cannot follow that; I carry on with the tour.`;
}

/** The content of the file the tour proposes to write. */
export function demoFileContent(steps: readonly TourStep[]): string {
	const read = steps.find((step) => step.tool === "read" && step.outcome?.ok);
	return [
		"# Kestrel demo",
		"",
		"Kestrel's scripted demo (`kestrel --demo`) wrote this file because you allowed it.",
		"It is not needed for anything: delete it whenever you like.",
		"",
		"What the demo did here:",
		...(steps.some((step) => step.tool === "ls") ? ["- listed this folder with `ls`"] : []),
		...(read ? [`- read \`${String(read.args.path)}\` with \`read\``] : []),
		"- asked before writing this file with `write`",
		"",
	].join("\n");
}

/** The answer that ends the tour: what happened, the permission modes, and what to do next. */
export function finalAnswer(
	steps: readonly TourStep[],
	tools: readonly string[],
	folder: DemoFolder,
): string {
	const happened = steps.map(summaryOf);
	if (tools.includes("read") && folder.fileToRead === undefined)
		happened.push("- `read`: this folder has no small text file, so I read nothing.");
	const missing = ["ls", "read", "write", "bash"].filter((tool) => !tools.includes(tool));
	if (missing.length > 0)
		happened.push(
			`- Left out because they are turned off (\`--tools\`): ${missing.map((tool) => `\`${tool}\``).join(", ")}.`,
		);
	return [
		`That was the tour. ${SCRIPTED} Every step above was written in advance; a real model decides its own.`,
		"",
		"**What happened**",
		...(happened.length > 0 ? happened : ["- Nothing: no tool was available."]),
		"",
		"**Permissions**: with `--approve ask` (the default) Kestrel reads freely and asks before it changes a file " +
			"or runs a command; `--approve edits` lets it change files in this folder without asking; `--approve all` " +
			"runs commands too. Where nobody can answer (`-p`, `--mode json`), a call that needs a question is refused.",
		"",
		...nextSteps(),
	].join("\n");
}

/** The short answer to every prompt after the tour. */
export function furtherAnswer(text: string): string {
	const topic = /\b(model|key|api|ai|llm|real|provider)\b/i.test(text)
		? "To talk to a real model, set a provider's key (`kestrel --list-models` names each provider's variable) or start a local model server, then run `kestrel` again or pick the model with `/model`."
		: /\b(help|how|what|commands?)\b/i.test(text)
			? "Type `/help` to see the commands: `/model`, `/session`, `/export` and more."
			: `I am only the scripted demo, so I cannot answer “${clip(text)}”.`;
	return [`${topic} (${SCRIPTED})`, "", ...nextSteps()].join("\n");
}

/** Where to go from here; it reads the disk (to find the README), so it is built when an answer is. */
const nextSteps = () => [
	"**Next steps**",
	"- `/help` lists the commands of this terminal UI; `/model` switches to a real model.",
	"- For a real model, set a provider's key (`kestrel --list-models` names the variables) or start a local model server (Ollama, LM Studio…).",
	`- The docs: ${readmePath()} and \`kestrel --help\`.`,
];

function summaryOf(step: TourStep): string {
	const path = typeof step.args.path === "string" ? `\`${step.args.path}\`` : "";
	const failed = step.outcome && !step.outcome.ok ? because(step.outcome.text) || " (it failed)" : "";
	switch (step.tool) {
		case "ls":
			return failed ? `- \`ls\` could not list this folder${failed}.` : "- `ls` listed this folder.";
		case "read":
			return failed ? `- \`read\` could not read ${path}${failed}.` : `- \`read\` showed the top of ${path}.`;
		case "write":
			return failed
				? `- \`write\` asked to create ${path} and was refused, so nothing was written${failed}.`
				: `- \`write\` created ${path} after you allowed it.`;
		case "bash":
			return failed
				? `- \`bash\` asked to run \`${String(step.args.command)}\` and was refused${failed}.`
				: `- \`bash\` ran \`${String(step.args.command)}\` after you allowed it.`;
	}
}

/** The installed README of the CLI, next to its `docs/` folder; its package-relative name when not found. */
function readmePath(): string {
	const docs = packageDocPath("rpc.md");
	const readme = join(dirname(dirname(docs)), "README.md");
	return isAbsolute(docs) && existsSync(readme) ? readme : "the README of @kestrel/cli";
}

/** A tool's result line as a clause, ` — the user denied this bash call`; empty for no text. */
function because(text: string): string {
	const clause = text.replace(/[.\s]+$/, "");
	return clause === "" ? "" : ` — ${clause.charAt(0).toLowerCase()}${clause.slice(1)}`;
}

function clip(text: string): string {
	const line = text.trim().replace(/\s+/g, " ");
	return line.length > 60 ? `${line.slice(0, 59)}…` : line;
}
