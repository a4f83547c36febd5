/** The export's whole stylesheet: system fonts only, light and dark. */
export const EXPORT_STYLES = `
:root { color-scheme: light dark; --bg: #fbfbfa; --panel: #f1f0ec; --fg: #1d1d1b; --muted: #6b6a64;
  --border: #d9d7cf; --user: #e7eefb; --assistant: #ffffff; --tool: #f5f4ef; --accent: #2f6fdb;
  --add: #dff3e0; --del: #fbe3e1; --hunk: #6b59b3; --error: #b3261e; --mark: #fff2b3; }
@media (prefers-color-scheme: dark) { :root { --bg: #17171a; --panel: #1f1f23; --fg: #e6e5df; --muted: #9b9a92;
  --border: #34343a; --user: #1f2a3d; --assistant: #1c1c20; --tool: #222226; --accent: #7aa7ff;
  --add: #1d3a24; --del: #45201f; --hunk: #b3a4f0; --error: #ff8a80; --mark: #4a4220; } }
* { box-sizing: border-box; }
body { margin: 0; background: var(--bg); color: var(--fg); font: 14px/1.5 system-ui, -apple-system, "Segoe UI", sans-serif; }
code, pre, .plain, .tool-name { font-family: ui-monospace, "SFMono-Regular", Menlo, Consolas, monospace; font-size: 12.5px; }
.layout { display: grid; grid-template-columns: minmax(240px, 30%) 1fr; height: 100vh; }
nav { overflow: auto; border-right: 1px solid var(--border); background: var(--panel); padding: 0.75em 0.5em; }
nav h2 { font-size: 13px; text-transform: uppercase; letter-spacing: 0.05em; color: var(--muted); margin: 0 0 0.5em 0.4em; }
main { overflow: auto; padding: 1em 1.5em 4em; }
.tree { list-style: none; margin: 0; padding: 0; }
.node { display: flex; gap: 0.4em; align-items: baseline; width: 100%; text-align: left; border: 0; border-radius: 4px;
  background: none; color: var(--muted); font: inherit; font-size: 12.5px; padding: 0.1em 0.4em; cursor: pointer; }
.node:hover { background: var(--border); }
.node .preview { overflow: hidden; text-overflow: ellipsis; white-space: nowrap; flex: 1; }
.node.on-path { color: var(--fg); }
.node.node-user .preview { font-weight: 600; }
.node.selected { outline: 2px solid var(--accent); }
.label { background: var(--mark); color: var(--fg); border-radius: 3px; padding: 0 0.35em; font-size: 11.5px; white-space: nowrap; }
.current-mark { color: var(--accent); font-size: 11.5px; white-space: nowrap; }
.current-mark::before { content: "● "; }
.session-header h1 { font-size: 20px; margin: 0 0 0.25em; }
.meta { color: var(--muted); font-size: 12.5px; margin: 0.1em 0; }
.totals { margin: 0.75em 0 1.25em; border-collapse: collapse; font-size: 12.5px; }
.totals th, .totals td { border: 1px solid var(--border); padding: 0.2em 0.6em; text-align: right; }
.totals th:first-child, .totals td:first-child { text-align: left; }
.entry { border: 1px solid var(--border); border-radius: 6px; margin: 0 0 0.75em; background: var(--assistant); }
.entry > header { display: flex; gap: 0.6em; align-items: baseline; padding: 0.35em 0.75em; border-bottom: 1px solid var(--border);
  font-size: 12.5px; color: var(--muted); }
.entry > header .heading { font-weight: 600; color: var(--fg); flex: 1; }
.entry > .body { padding: 0.5em 0.75em; overflow-x: auto; }
.entry > .body:empty { display: none; }
.entry-user { background: var(--user); }
.entry-tool { background: var(--tool); }
.entry-note > header { border-bottom: 0; }
.entry-note, .entry-compaction, .entry-summary { background: var(--panel); }
.entry.focused { outline: 2px solid var(--accent); }
.plain { white-space: pre-wrap; overflow-wrap: anywhere; }
pre { margin: 0.4em 0; padding: 0.5em; background: var(--panel); border-radius: 4px; overflow-x: auto; }
.markdown pre { white-space: pre; }
.markdown p:first-child { margin-top: 0; } .markdown p:last-child { margin-bottom: 0; }
details > summary { cursor: pointer; color: var(--muted); }
.thinking .plain { color: var(--muted); font-style: italic; padding: 0.25em 0 0.25em 0.75em; border-left: 3px solid var(--border); }
.tool-call { margin: 0.5em 0; }
.tool-name { font-weight: 600; color: var(--accent); }
.usage, .facts, .tool-facts, .omitted { color: var(--muted); font-size: 12px; margin: 0.3em 0; }
.error { color: var(--error); margin: 0.3em 0; }
.diff { white-space: normal; }
.diff span { display: block; white-space: pre; min-height: 1.2em; }
.diff-add { background: var(--add); } .diff-del { background: var(--del); }
.diff-hunk { color: var(--hunk); } .diff-file { color: var(--muted); }
.image { max-width: 100%; max-height: 480px; }
.image-placeholder { color: var(--muted); font-style: italic; }
@media (max-width: 800px) { .layout { grid-template-columns: 1fr; height: auto; } nav { max-height: 40vh; } }
`;
