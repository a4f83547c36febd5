/**
 * Usage guidelines for the bash tool, written for a system prompt (Markdown bullets).
 * The tool's description already states its limits; these say how to use it well.
 */
export const bashToolGuidelines = `- Use \`bash\` to build, test, run git and package managers, and for anything no other tool does. When you have tools made for reading, searching or changing files, prefer them to shell commands for that.
- Every call starts a new shell in the workspace root: \`cd\`, variables and functions do not carry over to the next call. Chain dependent steps in one command (\`cd packages/app && npm test\`).
- Standard input is closed and there is no terminal. Use non-interactive flags (\`--yes\`, \`-y\`, \`--no-edit\`, \`git --no-pager\`) and never start editors, pagers, REPLs or prompts.
- Commands have a timeout; pass \`timeout\` (in seconds) for long builds and test runs. When it expires, the command and every process it started are stopped.
- To leave a server or watcher running, start it in the background with its output in a file, e.g. \`nohup npm run dev > /tmp/dev.log 2>&1 &\`, then read the file. A background process that keeps writing to the tool's own output is cut off when the call returns.
- Output is stdout and stderr together. Long output is cut to its last lines and the full output is saved to a file whose path is shown: search or read that file instead of running the command again. Keep output small (\`| tail -n 50\`, \`--quiet\`, \`grep\`).
- A non-zero exit code comes back as an error together with the output; read it before retrying.
- LLM provider API keys (\`*_API_KEY\`) are removed from the environment; do not try to find them.`;
