import { THINKING_LEVELS } from "@kestrel/ai";
import { CliError } from "../../cli-error.js";
import type { CommandHost } from "../../commands/command-host.js";
import { packCommandHelp } from "../../commands/pack-command-table.js";
import { messageText } from "../../format/message-text.js";
import { isThinkingLevel } from "../../models/parse-model-spec.js";
import { sessionTreeOptions } from "../format/session-tree.js";
import { formatTokens } from "../format/status-line.js";
import { SLASH_COMMANDS, type SlashCommandName } from "../input/slash-command.js";

/** Keys, for `/help`. */
export const KEY_HELP = [
	"Enter — send (while the agent works: steer it)",
	"Alt+Enter — queue a follow-up while the agent works; a new line when idle",
	"Esc — abort the agent (queued messages come back into the editor)",
	"Ctrl+C — clear the editor; twice within 2 s: quit",
	"Ctrl+T — show or collapse thinking",
	"Up/Down — earlier prompts",
	"/ — the command menu: type to filter, Up/Down choose, Enter runs, Esc closes",
	"Tab — complete a /command name or an @path",
	"Ctrl+U / Ctrl+W / Ctrl+K — clear the editor / delete a word / delete to the end of the line",
	"!command — run a shell command and put its output into the context",
	"@path — attach a text file to the prompt",
];

/** Commands that change the session or the context: only between runs. */
const IDLE_ONLY: ReadonlySet<SlashCommandName> = new Set(["compact", "new", "resume", "tree", "fork"]);

/**
 * Runs one built-in slash command through `host` (nothing else: the same operations as
 * RPC's); failures are thrown with a message that says what to do.
 */
export async function runSlashCommand(
	host: CommandHost,
	name: SlashCommandName,
	args: string,
): Promise<void> {
	const { app } = host;
	if (IDLE_ONLY.has(name) && host.working) {
		throw new CliError(`/${name} works while the agent is idle: wait for it, or press Esc to abort.`);
	}
	switch (name) {
		case "model": {
			let spec = args;
			if (spec === "") {
				const models = app.availableModels();
				const current = models.findIndex(
					({ model }) => model.provider === app.model().provider && model.id === app.model().id,
				);
				const chosen = await host.pick(
					"Switch model (type to filter)",
					models.map(({ model, hasKey }) => ({
						label: `${model.provider}/${model.id}`,
						hint: hasKey ? "" : "no key",
						value: `${model.provider}/${model.id}`,
					})),
					current,
				);
				if (chosen === undefined) return;
				spec = chosen;
			}
			const model = await app.setModel(spec);
			host.notice(`Model: ${model.provider}/${model.id}${host.working ? " (from the next request)" : ""}`);
			return;
		}
		case "thinking": {
			let level = args;
			if (level === "") {
				const chosen = await host.pick(
					"Thinking level",
					THINKING_LEVELS.map((value) => ({ label: value, value })),
					THINKING_LEVELS.indexOf(app.thinkingLevel()),
				);
				if (chosen === undefined) return;
				level = chosen;
			}
			if (!isThinkingLevel(level)) {
				throw new CliError(`Unknown thinking level "${level}": use one of ${THINKING_LEVELS.join(", ")}.`);
			}
			const applied = await app.setThinkingLevel(level);
			host.notice(
				applied === level
					? `Thinking: ${applied}`
					: `Thinking: ${applied} (the model does not offer ${level})`,
			);
			return;
		}
		case "compact": {
			// compaction_start / compaction_end put the result on the screen.
			await app.compact(args === "" ? undefined : args);
			return;
		}
		case "new": {
			const session = await app.newSession();
			host.notice(`── New session ${session.path ?? "(in memory)"} ──`);
			return;
		}
		case "resume": {
			await resumePicker(host);
			return;
		}
		case "tree": {
			const session = app.session();
			const options = sessionTreeOptions(session.getTree(), session.leafId);
			if (options.length === 0) {
				host.notice("The session is empty: nothing to move to.");
				return;
			}
			const current = options.findIndex((option) => option.value === session.leafId);
			const id = await host.pick(
				"Move to (Enter) — a user message goes back into the editor",
				options,
				current,
			);
			if (id === undefined || id === session.leafId) return;
			const entry = session.getEntry(id);
			// Choosing a user message means "ask this again": move before it and edit it.
			const userText =
				entry?.type === "message" && entry.message.role === "user"
					? messageText(entry.message.content)
					: undefined;
			const target = userText === undefined || entry?.type !== "message" ? id : entry.parentId;
			const summarize = await host.confirm("Summarise the branch you are leaving for the model? (y/n)");
			if (summarize === undefined) return;
			if (summarize) host.notice("Summarising the branch you leave…");
			await app.navigate(target, { summarize });
			host.notice("── Moved in the session tree; the next prompt continues from here ──");
			host.showHistory(10);
			if (userText !== undefined) host.setEditorText(userText);
			return;
		}
		case "fork": {
			const session = await app.fork();
			host.notice(`Forked into ${session.path ?? "an in-memory session"}; continuing there.`);
			return;
		}
		case "export": {
			const written = await app.exportHtml(args === "" ? undefined : args);
			host.notice(`Exported the session to ${written}`);
			return;
		}
		case "session": {
			const stats = app.stats();
			const percent =
				stats.contextWindow > 0 ? Math.round((stats.contextTokens / stats.contextWindow) * 100) : 0;
			host.notice(
				[
					`Session ${stats.id}${stats.name ? ` (${stats.name})` : ""}`,
					`  file: ${stats.path ?? "in memory (--no-session)"}`,
					`  messages: ${stats.userMessages} user, ${stats.assistantMessages} assistant${stats.failedResponses > 0 ? ` (${stats.failedResponses} failed or aborted)` : ""}, ${stats.toolCalls} tool calls; ${stats.entries} entries`,
					`  tokens: ${formatTokens(stats.tokens.input)} in, ${formatTokens(stats.tokens.output)} out, ${formatTokens(stats.tokens.cacheRead)} cache read, ${formatTokens(stats.tokens.cacheWrite)} cache write; ${formatTokens(stats.tokens.total)} total`,
					`  cost: $${stats.cost.toFixed(4)}`,
					`  context: ${formatTokens(stats.contextTokens)} of ${formatTokens(stats.contextWindow)} (${percent}%)`,
				].join("\n"),
			);
			return;
		}
		case "help": {
			const packs = app.packCommands().commands.map(packCommandHelp);
			host.notice(
				[
					"Commands:",
					...Object.values(SLASH_COMMANDS),
					...(packs.length === 0 ? [] : ["", "Tool pack commands:", ...packs]),
					"",
					"Keys:",
					...KEY_HELP,
				]
					.map((line) => `  ${line}`)
					.join("\n"),
			);
			return;
		}
		case "quit":
			host.quit();
			return;
	}
}

/** The `/resume` (and `-r`) picker over this folder's sessions; shows the chosen session's history. */
export async function resumePicker(host: CommandHost): Promise<void> {
	const { app } = host;
	const current = app.session().path;
	const sessions = (await app.listSessions()).filter((info) => info.path !== current);
	if (sessions.length === 0) {
		host.notice("No other session in this folder to resume.");
		return;
	}
	sessions.sort((a, b) => b.modified - a.modified);
	const path = await host.pick(
		"Resume a session (type to filter)",
		sessions.map((info) => ({
			label: info.name ?? (info.firstMessage.replace(/\s+/g, " ").slice(0, 70) || "(no messages)"),
			hint: `${new Date(info.modified).toLocaleString()} · ${info.messageCount} messages`,
			value: info.path,
		})),
	);
	if (path === undefined) return;
	const session = await app.switchSession(path);
	host.notice(`── Resumed ${session.path ?? path} ──`);
	host.showHistory();
}
