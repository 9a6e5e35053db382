/**
 * The designer report as one self-contained HTML page (`report.html`).
 *
 * Why built this way: the page is mailed around and opened from file://, often offline, so
 * everything it needs is inside it: CSS inline, the vega runtime inline, the charts' data
 * inline. Each chart is first shown as the SVG rendered in Node (so the page is complete
 * without scripts, and in print); a small script then replaces it with a live vega view
 * (tooltips on hover). Vega-Lite is compiled to Vega here in Node, so the page carries only
 * the vega runtime, not the Vega-Lite compiler. The page never loads anything from a network.
 */
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { compile } from 'vega-lite';
import type { Headline, ReportChart, ReportModel, ReportSection, ReportTable } from './model.js';
import type { VlSpec } from './charts.js';

/** Escape text for HTML element content and double-quoted attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);
}

/** JSON that is safe inside a <script> element: no `</` (closes the element) and no `<!--`. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/<\//g, '<\\/').replace(/<!--/g, '\\u003c!--');
}

/** An id usable in HTML/CSS from a model id (which should already be letters, digits, dash). */
const safeId = (id: string): string => id.replace(/[^A-Za-z0-9_-]/g, '-');

/** The file of vega's browser build (UMD, all dependencies bundled): path resolution, then walking up to node_modules. */
function vegaRuntimePath(): string {
  const require = createRequire(import.meta.url);
  try {
    return require.resolve('vega/build/vega.min.js');
  } catch {
    // vega's package "exports" hides build/vega.min.js; its main entry lives in the same build/ folder.
  }
  try {
    return join(dirname(require.resolve('vega')), 'vega.min.js');
  } catch {
    // fall through to walking up the directory tree
  }
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const candidate = join(dir, 'node_modules', 'vega', 'build', 'vega.min.js');
    if (existsSync(candidate)) return candidate;
    const parent = dirname(dir);
    if (parent === dir) throw new Error('vega/build/vega.min.js not found (is the vega package installed?)');
    dir = parent;
  }
}

let vegaRuntimeCache: string | undefined;

/** The vega runtime text, safe to inline in a <script> element. */
function vegaRuntime(): string {
  vegaRuntimeCache ??= readFileSync(vegaRuntimePath(), 'utf8').replace(/<\/script/gi, '<\\/script');
  return vegaRuntimeCache;
}

/**
 * Prefix the ids inside a rendered SVG (clip paths, gradients) and their references, so several
 * SVGs inline in one page (and the live views that replace them) cannot point at each other's defs.
 */
function scopeSvgIds(svg: string, prefix: string): string {
  const ids = new Set([...svg.matchAll(/\bid="([^"]+)"/g)].map((m) => m[1]));
  if (ids.size === 0) return svg;
  return svg.replace(/(\bid="|url\([^)#"]*#|href="#)([^")]+)(?=[")])/g, (whole, lead: string, id: string) =>
    ids.has(id) ? `${lead}${prefix}${id}` : whole,
  );
}

/** Compile a chart's Vega-Lite spec to Vega; undefined when it does not compile (the figure keeps its SVG). */
function vegaSpec(chart: ReportChart): unknown {
  try {
    // Full labels in the live view: entrant names (loadouts such as hammerfall/hornet/...) are never cut short.
    const spec = chart.spec as VlSpec & { config?: { axis?: object; legend?: object } };
    const config = { ...spec.config, axis: { labelLimit: 0, ...spec.config?.axis }, legend: { labelLimit: 0, ...spec.config?.legend } };
    return compile({ ...spec, config } as typeof chart.spec).spec;
  } catch {
    return undefined;
  }
}

const CSS = `
:root {
  --fg: #1d2330; --muted: #5b6475; --line: #dde1e8; --zebra: #f5f7fa; --bg: #ffffff; --accent: #2f5fb3;
  --info: #6b7a90; --notable: #1f8a4c; --warning: #c2410c;
}
* { box-sizing: border-box; }
html { -webkit-text-size-adjust: 100%; }
body {
  margin: 0; background: var(--bg); color: var(--fg);
  font: 16px/1.55 system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif;
}
main { max-width: 1100px; margin: 0 auto; padding: 32px 28px 48px; }
h1 { font-size: 2rem; line-height: 1.2; margin: 0 0 4px; letter-spacing: -0.01em; }
h2 { font-size: 1.45rem; margin: 44px 0 12px; padding-bottom: 6px; border-bottom: 2px solid var(--line); }
h3 { font-size: 1.05rem; margin: 24px 0 8px; }
p { margin: 0 0 12px; max-width: 80ch; }
a { color: var(--accent); }
.subtitle { color: var(--muted); margin: 0 0 28px; font-size: 1.05rem; }
code, pre, kbd { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, "Liberation Mono", monospace; font-size: 0.88em; }
pre { background: var(--zebra); border: 1px solid var(--line); border-radius: 6px; padding: 12px 14px; overflow-x: auto; margin: 8px 0 12px; line-height: 1.45; }

/* Headline findings: one row per finding, a coloured marker and label per level. */
.headlines { list-style: none; margin: 0; padding: 0; }
.headline { position: relative; margin: 0 0 8px; padding: 10px 14px 10px 18px; border: 1px solid var(--line); border-left: 5px solid var(--info); border-radius: 6px; background: #fbfcfd; }
.headline .level { display: inline-block; min-width: 5.2em; margin-right: 10px; padding: 1px 8px; border-radius: 999px; font-size: 0.72rem; font-weight: 600; text-transform: uppercase; letter-spacing: 0.04em; text-align: center; color: #fff; background: var(--info); vertical-align: 1px; }
.headline.level-notable { border-left-color: var(--notable); }
.headline.level-notable .level { background: var(--notable); }
.headline.level-warning { border-left-color: var(--warning); background: #fff8f3; }
.headline.level-warning .level { background: var(--warning); }

/* Table of contents. */
nav.toc { margin: 28px 0 8px; padding: 12px 18px; border: 1px solid var(--line); border-radius: 6px; background: var(--zebra); }
nav.toc h2 { font-size: 0.85rem; text-transform: uppercase; letter-spacing: 0.06em; color: var(--muted); border: 0; margin: 0 0 6px; padding: 0; }
nav.toc ol { margin: 0; padding-left: 22px; columns: 2; column-gap: 32px; }
nav.toc li { margin: 2px 0; break-inside: avoid; }

/* Charts: the SVG fallback and the live view both sit in .chart-view, scrolled sideways if wider than the page. */
figure.chart { margin: 20px 0 28px; padding: 14px 16px 10px; border: 1px solid var(--line); border-radius: 6px; }
.chart-view { overflow-x: auto; }
.chart-view svg { display: block; max-width: none; }
figure.chart figcaption { margin-top: 8px; color: var(--muted); font-size: 0.92rem; }
details { margin: 8px 0; }
details > summary { cursor: pointer; color: var(--accent); font-size: 0.9rem; }
details pre { max-height: 420px; font-size: 0.8rem; }

/* Tables: zebra rows, numbers right-aligned in tabular figures. */
.table-wrap { overflow-x: auto; margin: 16px 0 24px; }
table { border-collapse: collapse; font-size: 0.92rem; min-width: 50%; }
caption { caption-side: top; text-align: left; font-weight: 600; padding: 0 0 6px; }
th, td { padding: 6px 12px; border-bottom: 1px solid var(--line); text-align: left; vertical-align: top; }
thead th { border-bottom: 2px solid #b9c0cc; background: #eef1f5; white-space: nowrap; }
tbody tr:nth-child(even) td, tbody tr:nth-child(even) th { background: var(--zebra); }
td.num, th.num { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }
td.na { color: var(--muted); }
.table-note { color: var(--muted); font-size: 0.85rem; margin: 6px 0 0; }
table.settings th { background: none; border-bottom: 1px solid var(--line); font-weight: 600; white-space: nowrap; }
/* A table's first column names a row (an entrant, a pairing): kept whole, the box scrolls instead. */
.table-wrap td:first-child { white-space: nowrap; }
details.more-rows { margin: 0; }
details.more-rows > summary { margin: 4px 0; }

/* Pictures (pictures.ts): the scenario, hulls coloured by damage, loadout cards. */
figure.picture { margin: 16px 0 24px; overflow-x: auto; }
figure.picture svg { display: block; max-width: 100%; height: auto; }
.hull-figures { display: flex; flex-wrap: wrap; gap: 16px 32px; margin: 12px 0; }
.hull-figure { margin: 0; max-width: 360px; }
.hull-figure figcaption { color: var(--muted); font-size: 0.85rem; }
.loadout h3 .faction { color: var(--muted); font-weight: 400; }
.cards { display: flex; flex-wrap: wrap; gap: 10px; margin: 0 0 16px; }
.card { width: 190px; padding: 8px 10px; border: 1px solid var(--line); border-radius: 8px; background: #fbfcfd; font-size: 0.82rem; line-height: 1.35; }
.card .slot { color: var(--muted); font-size: 0.72rem; text-transform: uppercase; letter-spacing: 0.04em; }
.card .card-name { font-weight: 700; font-size: 0.95rem; margin: 2px 0 4px; }
.card .card-stats { color: var(--muted); margin-bottom: 4px; }
.card.unused { border: 2px solid var(--warning); background: #fff8f3; }
.card.unused .card-use { color: var(--warning); font-weight: 600; }
.card .card-stats.changed { color: var(--ink); font-weight: 600; }
.card .card-base { color: var(--muted); font-size: 0.74rem; margin-bottom: 4px; }

footer { max-width: 1100px; margin: 0 auto; padding: 16px 28px 32px; color: var(--muted); font-size: 0.85rem; border-top: 1px solid var(--line); }

@media print {
  body { font-size: 11pt; }
  main { max-width: none; padding: 0; }
  nav.toc, figure.chart details { display: none; }
  #experiment summary { display: none; }
  h2 { break-after: avoid; }
  figure.chart, .table-wrap, .headline, .card, .hull-figure { break-inside: avoid; }
  details.more-rows { display: block; }
  .chart-view { overflow: visible; }
  .chart-view svg { max-width: 100%; height: auto; }
  .headline, .headline .level, thead th, tbody tr:nth-child(even) td, tbody tr:nth-child(even) th { -webkit-print-color-adjust: exact; print-color-adjust: exact; }
  footer { max-width: none; padding: 12px 0 0; }
}
`;

/**
 * Replaces each figure's fallback SVG with a live vega view. Never throws: a chart that fails
 * (no runtime, no spec, a vega error) keeps its SVG and is marked data-render="fallback".
 * vega's errors go to a logger of our own (not the console), and count as failure.
 */
const BOOT = `
(function () {
  var figures = Array.prototype.slice.call(document.querySelectorAll('figure.chart'));
  var specs = {};
  try { specs = JSON.parse(document.getElementById('vega-specs').textContent || '{}'); } catch (e) { specs = {}; }
  function quietLogger(errors) {
    var level = 0;
    return {
      level: function (l) { if (arguments.length) { level = l; return this; } return level; },
      error: function () { errors.push(Array.prototype.slice.call(arguments).join(' ')); return this; },
      warn: function () { return this; },
      info: function () { return this; },
      debug: function () { return this; }
    };
  }
  function renderOne(figure) {
    var el = figure.querySelector('.chart-view');
    var spec = specs[figure.getAttribute('data-chart-id')];
    var fallback = el ? el.innerHTML : '';
    function keep() { if (el) el.innerHTML = fallback; figure.setAttribute('data-render', 'fallback'); }
    if (!el || !spec || typeof vega === 'undefined') { keep(); return Promise.resolve(); }
    var errors = [];
    var view;
    try {
      el.innerHTML = '';
      view = new vega.View(vega.parse(spec), { renderer: 'svg', container: el, hover: true, logger: quietLogger(errors) });
      return view.runAsync().then(function () {
        if (errors.length || !el.querySelector('svg')) { try { view.finalize(); } catch (e) {} keep(); }
        else figure.setAttribute('data-render', 'vega');
      }, function () { try { view.finalize(); } catch (e) {} keep(); });
    } catch (e) {
      try { if (view) view.finalize(); } catch (e2) {}
      keep();
      return Promise.resolve();
    }
  }
  var pending = figures.map(function (f) {
    try { return renderOne(f).catch(function () {}); } catch (e) { return Promise.resolve(); }
  });
  // Print the experiment file too (a closed <details> prints nothing).
  window.addEventListener('beforeprint', function () {
    var d = document.querySelector('#experiment details');
    if (d) d.open = true;
  });
  Promise.all(pending).then(function () {
    document.body.dataset.chartsRendered = String(figures.length);
  });
})();
`;

function renderHeadline(h: Headline): string {
  return `<li class="headline level-${h.level}"><span class="level">${escapeHtml(h.level)}</span>${escapeHtml(h.text)}</li>`;
}

function renderChart(chart: ReportChart): string {
  const id = safeId(chart.id);
  return `<figure id="chart-${id}" class="chart" data-chart-id="${escapeHtml(chart.id)}">
<div class="chart-view">${scopeSvgIds(chart.svg, `${id}-`)}</div>
<figcaption>${escapeHtml(chart.title)}</figcaption>
<details><summary>Vega-Lite spec</summary><pre><code>${escapeHtml(JSON.stringify(chart.spec, null, 2))}</code></pre></details>
</figure>`;
}

function renderCell(value: string | number | null, numericColumn: boolean): string {
  if (value === null) return `<td class="${numericColumn ? 'num na' : 'na'}">–</td>`;
  if (typeof value === 'number') return `<td class="num">${escapeHtml(String(value))}</td>`;
  return `<td>${escapeHtml(value)}</td>`;
}

/** Tables longer than this show their first TABLE_SHOWN rows; the rest are one click away (<details>). */
export const TABLE_COLLAPSE = 25;
export const TABLE_SHOWN = 15;

function renderTable(table: ReportTable): string {
  // A column is numeric (right-aligned header too) when every non-empty cell in it is a number.
  const numeric = table.columns.map((_, i) => {
    const cells = table.rows.map((r) => r[i]).filter((v) => v !== null && v !== undefined);
    return cells.length > 0 && cells.every((v) => typeof v === 'number');
  });
  const head = table.columns.map((c, i) => `<th scope="col"${numeric[i] ? ' class="num"' : ''}>${escapeHtml(c)}</th>`).join('');
  const row = (r: (string | number | null)[]) => `<tr>${r.map((v, i) => renderCell(v ?? null, numeric[i] ?? false)).join('')}</tr>`;
  const collapse = table.rows.length > TABLE_COLLAPSE;
  const body = (collapse ? table.rows.slice(0, TABLE_SHOWN) : table.rows).map(row).join('\n');
  const note = table.note ? `\n<p class="table-note">${escapeHtml(table.note)}</p>` : '';
  const rest = collapse
    ? `\n<details class="more-rows"><summary>Show the other ${table.rows.length - TABLE_SHOWN} of ${table.rows.length} rows</summary>
<table>
<thead><tr>${head}</tr></thead>
<tbody>
${table.rows.slice(TABLE_SHOWN).map(row).join('\n')}
</tbody>
</table>
</details>`
    : '';
  return `<div class="table-wrap">
<table>
<caption>${escapeHtml(table.caption)}</caption>
<thead><tr>${head}</tr></thead>
<tbody>
${body}
</tbody>
</table>${rest}${note}
</div>`;
}

function renderSection(s: ReportSection): string {
  return `<section id="section-${safeId(s.id)}">
<h2>${escapeHtml(s.title)}</h2>
${s.paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n')}
${s.html ?? ''}
${s.charts.map(renderChart).join('\n')}
${s.tables.map(renderTable).join('\n')}
</section>`;
}

/** The fields of a results folder's provenance.json (run/provenance.ts) the Reproduce section names. */
interface ProvenanceFields {
  lab?: { version?: string; commit?: string | null; dirty?: boolean | null };
  node?: string;
  lockfile?: { sha256?: string | null };
  merged?: { count?: number };
}

/**
 * The Reproduce section's commands for the results folder `dir`, whose experiment file is
 * `file`. A folder with a provenance.json reruns its own experiment.yaml (the experiment
 * played, command-line overrides included) on its own copy of the content, and names the
 * lab version, Node version and lockfile the run used; a merged run shows its shards and
 * the merge (docs/reproducibility.md). An older folder gets the commands on `file`.
 */
export function reproduceCommands(dir: string, file: string): string[] {
  const d = relative(process.cwd(), dir) || '.';
  const provFile = join(dir, 'provenance.json');
  let p: ProvenanceFields | null = null;
  try {
    p = existsSync(provFile) ? (JSON.parse(readFileSync(provFile, 'utf8')) as ProvenanceFields) : null;
  } catch {
    p = null;
  }
  const replay = `npm run stareater -- match --experiment ${file} --id 0 --log   # replay one match (any id) with its log`;
  const rebuild = `npm run stareater -- report ${d}   # rebuild this page`;
  if (!p) return ['npm ci', `npm run stareater -- run ${file} --out ${d}-again   # the same numbers, whatever the number of workers`, rebuild, replay];
  const lab = p.lab?.version ? `lab ${p.lab.version}${p.lab.commit ? `, git commit ${p.lab.commit}${p.lab.dirty ? ' with uncommitted changes' : ''}` : ''}` : 'lab version unknown';
  const lines = [
    `# This run: ${lab}; Node ${p.node ?? 'unknown'}; package-lock.json ${p.lockfile?.sha256 ? `sha256 ${p.lockfile.sha256.slice(0, 16)}...` : 'not found'} (all in ${d}/provenance.json)`,
    ...(p.lab?.commit ? [`git checkout ${p.lab.commit}   # that version of the lab`] : []),
    'npm ci',
  ];
  const n = p.merged?.count;
  if (n && n > 1) {
    const last = n - 1;
    lines.push(
      `for i in $(seq 0 ${last}); do npm run stareater -- run ${file} --shard $i/${n} --out ${d}-again-shard$i; done   # the ${n} shards this run was merged from (each may run on another machine)`,
      `npm run stareater -- merge ${d}-again $(seq -f '${d}-again-shard%g' 0 ${last})   # the same numbers as this page`,
      `npm run stareater -- run ${file} --out ${d}-again   # or the run whole: the same numbers again`,
    );
  } else lines.push(`npm run stareater -- run ${file} --out ${d}-again   # the experiment this run played, on its copy of the content (${d}/content/): the same numbers, whatever the number of workers`);
  lines.push(rebuild, replay);
  return lines;
}

/** The whole report as one self-contained HTML5 page (no network access, works from file://). */
export function renderReportHtml(model: ReportModel): string {
  const charts = model.sections.flatMap((s) => s.charts);
  const specs: Record<string, unknown> = {};
  for (const c of charts) {
    const vg = vegaSpec(c);
    if (vg !== undefined) specs[c.id] = vg;
  }
  const toc = [
    ...model.sections.map((s) => [`section-${safeId(s.id)}`, s.title] as const),
    ['settings', 'Settings'] as const,
    ['reproduce', 'Reproduce'] as const,
    ['experiment', 'Experiment file'] as const,
  ];
  const headlines = model.headlines.length
    ? `<ul class="headlines">\n${model.headlines.map(renderHeadline).join('\n')}\n</ul>`
    : '<p>No headline findings.</p>';
  const settings = model.settings.map(([k, v]) => `<tr><th scope="row">${escapeHtml(k)}</th><td>${escapeHtml(v)}</td></tr>`).join('\n');
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(model.title)}</title>
<style>${CSS}</style>
</head>
<body>
<main>
<header>
<h1>${escapeHtml(model.title)}</h1>
<p class="subtitle">${escapeHtml(model.subtitle)}</p>
</header>
<section id="headlines">
<h2>Headline findings</h2>
${headlines}
</section>
<nav class="toc" aria-label="Contents">
<h2>Contents</h2>
<ol>
${toc.map(([id, title]) => `<li><a href="#${id}">${escapeHtml(title)}</a></li>`).join('\n')}
</ol>
</nav>
${model.sections.map(renderSection).join('\n')}
<section id="settings">
<h2>Settings</h2>
<div class="table-wrap"><table class="settings"><tbody>
${settings}
</tbody></table></div>
</section>
<section id="reproduce">
<h2>Reproduce</h2>
${model.reproduce.map((cmd) => `<pre><code>${escapeHtml(cmd)}</code></pre>`).join('\n')}
</section>
<section id="experiment">
<h2>Experiment file</h2>
<details><summary>Show the experiment file</summary><pre><code>${escapeHtml(model.experimentText)}</code></pre></details>
</section>
</main>
<footer>${escapeHtml(model.generated)}</footer>
<script type="application/json" id="vega-specs">${scriptJson(specs)}</script>
<script>${vegaRuntime()}</script>
<script>${BOOT}</script>
</body>
</html>
`;
}
