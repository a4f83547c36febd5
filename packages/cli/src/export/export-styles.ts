/**
 * The export's whole stylesheet: system fonts only, a light and a dark theme chosen by
 * `prefers-color-scheme`. Failures (tool errors, failed commands, provider errors) get a
 * red edge and label; the user's own shell commands look like a terminal in both themes.
 */
export const EXPORT_STYLES = `
:root { color-scheme: light dark; --bg: #fafaf8; --panel: #f1f0ec; --fg: #1d1d1b; --muted: #6b6a64;
  --border: #dcdad2; --user: #eaf0fb; --tool: #f5f4f0; --code: #ecebe6; --accent: #2f6fdb;
  --add: #dcf2de; --add-fg: #1e5e2a; --del: #fbe1de; --del-fg: #8c1d18; --hunk: #6b59b3;
  --error: #c62828; --error-bg: #fdeceb; --on-error: #fff; --mark: #fff1a8; --term: #1e1f23; --term-fg: #dcdcd6; --prompt: #7fd18b; }
@media (prefers-color-scheme: dark) { :root { --bg: #151518; --panel: #1d1d21; --fg: #e6e5df; --muted: #9d9c94;
  --border: #35353c; --user: #1c2638; --tool: #1f1f24; --code: #2a2a30; --accent: #7aa7ff;
  --add: #18351f; --add-fg: #a6e3b0; --del: #421d1c; --del-fg: #f4b2ab; --hunk: #b3a4f0;
  --error: #ff6b61; --error-bg: #3a1a19; --on-error: #240606; --mark: #4a4220; --term: #0c0c0e; --term-fg: #d6d6d0; --prompt: #7fd18b; } }
* { box-sizing: border-box; }
body { margin: 0; background: var(--bg); color: var(--fg); font: 14px/1.55 system-ui, -apple-system, "Segoe UI", sans-serif; }
code, pre, .plain, .tool-name, .tool-summary, .shell-command { font-family: ui-monospace, "SFMono-Regular", Menlo, Consolas, monospace; font-size: 12.5px; }
.layout { display: grid; grid-template-columns: minmax(220px, 26%) 1fr; height: 100vh; }
nav { overflow: auto; border-right: 1px solid var(--border); background: var(--panel); padding: 0.75em 0.5em; }
nav h2 { font-size: 12px; text-transform: uppercase; letter-spacing: 0.06em; color: var(--muted); margin: 0 0 0.5em 0.4em; }
main { overflow: auto; padding: 1.25em 2em 4em; }
main > * { max-width: 960px; margin-left: auto; margin-right: auto; }
.tree { list-style: none; margin: 0; padding: 0; }
.node { display: flex; gap: 0.4em; align-items: baseline; width: 100%; text-align: left; border: 0; border-radius: 4px;
  background: none; color: var(--muted); font: inherit; font-size: 12.5px; padding: 0.1em 0.4em; cursor: pointer; }
.node:hover { background: var(--border); }
.node .preview { overflow: hidden; text-overflow: ellipsis; white-space: nowrap; flex: 1; }
.node.on-path { color: var(--fg); }
.node.node-user .preview { font-weight: 600; }
.node.node-error .preview, .node.node-error.on-path .preview { color: var(--error); }
.node.node-shell .preview { font-family: ui-monospace, Menlo, Consolas, monospace; }
.node.selected { outline: 2px solid var(--accent); }
.label { background: var(--mark); color: var(--fg); border-radius: 3px; padding: 0 0.35em; font-size: 11.5px; white-space: nowrap; }
.current-mark { color: var(--accent); font-size: 11.5px; white-space: nowrap; }
.current-mark::before { content: "● "; }
.session-header { margin-bottom: 1.25em; }
.session-header h1 { font-size: 22px; line-height: 1.3; margin: 0 0 0.2em; overflow-wrap: anywhere; }
.meta { color: var(--muted); font-size: 12.5px; margin: 0.1em 0; overflow-wrap: anywhere; }
.foldouts { display: flex; flex-direction: column; gap: 0.25em; margin-top: 0.6em; }
.foldouts > details > summary { font-size: 12.5px; }
.foldouts > details[open] { border: 1px solid var(--border); border-radius: 6px; padding: 0.4em 0.75em; background: var(--panel); }
.tool-definition { margin: 0.3em 0; }
.totals { margin: 0.6em 0; border-collapse: collapse; font-size: 12.5px; }
.totals th, .totals td { border: 1px solid var(--border); padding: 0.2em 0.6em; text-align: right; }
.totals th:first-child, .totals td:first-child { text-align: left; }
.entry { border: 1px solid var(--border); border-radius: 8px; margin: 0 0 0.6em; overflow: hidden; }
.entry > header { display: flex; flex-wrap: wrap; gap: 0.3em 0.7em; align-items: baseline; padding: 0.3em 0.8em;
  font-size: 12px; color: var(--muted); }
.entry > header .heading { font-weight: 600; color: var(--fg); flex: 1; min-width: 0; overflow-wrap: anywhere; }
.entry > header time { white-space: nowrap; }
.entry > .body { padding: 0.1em 0.8em 0.6em; overflow-x: auto; }
.entry > .body:empty { display: none; }
.entry-user { background: var(--user); border-left: 3px solid var(--accent); }
.entry-user > header .heading { color: var(--accent); }
.entry-assistant { border-color: transparent; }
.entry-assistant > header .heading { font-weight: 500; color: var(--muted); }
.entry-tool { background: var(--tool); margin-left: 1.25em; }
.entry-tool > header .heading { font-weight: 400; }
.entry-note { border-color: transparent; margin-bottom: 0.2em; }
.entry-note > header .heading { font-weight: 400; color: var(--muted); }
.entry-compaction, .entry-summary { background: var(--panel); border-style: dashed; }
.entry-shell { background: var(--term); color: var(--term-fg); border-color: var(--term); }
.entry-shell > header, .entry-shell > header .heading { color: var(--term-fg); }
.shell-command { color: var(--prompt); font-weight: 600; }
.shell-output { background: transparent; color: var(--term-fg); padding: 0; margin: 0.2em 0; }
.entry-shell .muted, .entry-shell .omitted, .entry-shell .tool-facts, .entry-shell details > summary { color: #9a9a92; }
.tool-error, .shell-failed, .assistant-error, .compaction-failed { border: 1px solid var(--error); border-left: 4px solid var(--error); }
.tool-error > header, .assistant-error > header, .compaction-failed > header { background: var(--error-bg); }
.tool-error .tool-facts, .shell-failed .tool-facts { color: var(--error); font-weight: 600; }
.badge { display: inline-block; border-radius: 3px; padding: 0 0.4em; font: 600 11px/1.5 system-ui, sans-serif;
  text-transform: uppercase; letter-spacing: 0.04em; vertical-align: 1px; }
.badge-error { background: var(--error); color: var(--on-error); margin-left: 0.3em; }
.entry.focused { outline: 2px solid var(--accent); }
.tool-name { font-weight: 600; color: var(--accent); }
.tool-summary { overflow-wrap: anywhere; }
.tool-call { margin: 0.4em 0; padding: 0.3em 0.6em; background: var(--tool); border-radius: 6px; }
.tool-args { margin-top: 0.2em; }
.tool-args > summary, .full-text > summary { font-size: 12px; }
.plain { white-space: pre-wrap; overflow-wrap: anywhere; }
pre { margin: 0.4em 0; padding: 0.5em 0.7em; background: var(--code); border-radius: 5px; overflow-x: auto; }
.error-output { background: var(--error-bg); }
.markdown pre { white-space: pre; }
.markdown code { background: var(--code); border-radius: 3px; padding: 0.05em 0.3em; }
.markdown pre code { background: none; padding: 0; }
.markdown > :first-child { margin-top: 0.2em; } .markdown > :last-child { margin-bottom: 0.2em; }
.markdown a { color: var(--accent); }
.markdown blockquote { margin: 0.4em 0; padding-left: 0.8em; border-left: 3px solid var(--border); color: var(--muted); }
.markdown table { border-collapse: collapse; } .markdown th, .markdown td { border: 1px solid var(--border); padding: 0.2em 0.5em; }
details > summary { cursor: pointer; color: var(--muted); }
.thinking .plain { color: var(--muted); font-style: italic; padding: 0.25em 0 0.25em 0.75em; border-left: 3px solid var(--border); }
.usage { white-space: nowrap; } .tool-facts { overflow-wrap: anywhere; }
.facts, .omitted, .muted { color: var(--muted); font-size: 12px; }
.facts, .omitted { margin: 0.3em 0; }
.error { color: var(--error); font-weight: 500; margin: 0.3em 0; }
.diff { white-space: normal; padding: 0.3em 0; }
.diff span { display: block; white-space: pre; min-height: 1.2em; padding: 0 0.7em; }
.diff-add { background: var(--add); color: var(--add-fg); } .diff-del { background: var(--del); color: var(--del-fg); }
.diff-hunk { color: var(--hunk); } .diff-file { color: var(--muted); }
.image { max-width: 100%; max-height: 480px; }
.image-placeholder { color: var(--muted); font-style: italic; }
@media (max-width: 800px) { .layout { grid-template-columns: 1fr; height: auto; } nav { max-height: 40vh; } main { padding: 1em; } }
`;
