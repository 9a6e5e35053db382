/**
 * The replay page: one self-contained HTML file for one match, with its trace
 * (src/sim/trace.ts) embedded as JSON and drawn as SVG by an inline script
 * (src/report/replay-client.ts).
 *
 * Why self-contained: a designer opens it from file:// or sends it on, offline, and a link
 * with `#step=N` opens it at that moment; nothing is fetched and nothing is built.
 */
import { writeFileSync, renameSync, rmSync } from 'node:fs';
import type { Trace } from '../sim/trace.js';
import { REPLAY_CSS, REPLAY_JS } from './replay-client.js';

function escapeHtml(s: string): string {
  return s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);
}

/** JSON safe inside a <script> element: no `</script>`, no `<!--`. */
function scriptJson(v: unknown): string {
  return JSON.stringify(v).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}

const LEGEND = `<div id="legend">
<span class="scale"></span> armour left: none → full (printed) ·
<svg width="10" height="10"><circle cx="5" cy="5" r="3.2" fill="#38bdf8" stroke="#0c4a6e"/></svg> shield ·
<svg width="12" height="12"><circle cx="6" cy="6" r="5" fill="#888" stroke="#000"/></svg> projectile ·
<svg width="12" height="12"><polygon points="6,0 1,11 11,11" fill="#888" stroke="#000"/></svg> torpedo ·
<svg width="14" height="12"><polygon points="1,6 4,1 10,1 13,6 10,11 4,11" fill="#fff" stroke="#555" stroke-width="1.5"/></svg> corvette (callsign; CC Command Corvette) ·
<svg width="18" height="8"><line x1="1" y1="4" x2="17" y2="4" stroke="#555" stroke-width="2" stroke-dasharray="4 3"/></svg> a token's path in this step of the weapon update ·
mounts M main, B broadside, H hangar, P point defence ·
<svg width="14" height="12"><polygon points="7,0 9,4 14,6 9,8 7,12 5,8 0,6 5,4" fill="#fb923c"/></svg> collision ·
<span style="color:#dc2626;font-weight:700">−n</span> damage on a section
</div>`;

/** The page for `trace`. */
export function renderReplayHtml(trace: Trace): string {
  const title = `Star Eater replay: ${trace.title}`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; img-src data:">
<title>${escapeHtml(title)}</title>
<style>${REPLAY_CSS}</style>
</head>
<body>
<header>
<h1>${escapeHtml(title)}</h1>
<span class="result">${escapeHtml(trace.result)} · ${trace.players.map((p) => `seat ${p.seat} ${escapeHtml(p.name)} (${escapeHtml(p.factionName)})`).join(' vs ')}</span>
<span id="where"></span>
</header>
<main>
<div id="board-wrap"><svg id="board" xmlns="http://www.w3.org/2000/svg" role="img" aria-label="the board at the current step"></svg>${LEGEND}</div>
<aside><div id="seats"></div><div id="log" aria-label="event log"></div></aside>
</main>
<div id="controls">
<button id="prev-round" title="previous round (Shift+Left, PageUp, [)">« round</button>
<button id="prev" title="previous step (Left, p)">◀ step</button>
<button id="play" title="play / pause (Space)">▶ play</button>
<button id="next" title="next step (Right, n)">step ▶</button>
<button id="next-round" title="next round (Shift+Right, PageDown, ])">round »</button>
<input id="scrub" type="range" min="0" max="0" value="0" aria-label="step">
<span id="count"></span>
<span class="hint">Keys: ←/→ step, Shift+←/→ round, Space play, Home/End. The address ends in #step=N: send it to point at this moment. Replay: <code>${escapeHtml(trace.command)}</code></span>
</div>
<script type="application/json" id="trace">${scriptJson(trace)}</script>
<script>${REPLAY_JS}</script>
</body>
</html>
`;
}

/** Write the page to `path` whole or not at all (a temporary file renamed into place). */
export function writeReplayHtml(path: string, trace: Trace): void {
  const tmp = `${path}.tmp-${process.pid}`;
  try {
    writeFileSync(tmp, renderReplayHtml(trace));
    renameSync(tmp, path);
  } catch (e) {
    rmSync(tmp, { force: true });
    throw e;
  }
}
