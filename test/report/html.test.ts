import { describe, expect, it, beforeAll } from 'vitest';
import { escapeHtml, renderReportHtml } from '../../src/report/html.js';
import type { ReportModel } from '../../src/report/model.js';
import { barSpec, FIXTURE_CHARTS, pointSpec, reportFixture } from './report-fixture.js';

let model: ReportModel;
let html: string;

beforeAll(async () => {
  model = await reportFixture();
  html = renderReportHtml(model);
});

/** Undo escapeHtml (for reading text back out of the page). */
const unescape = (s: string) => s.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&amp;/g, '&');

/** The text of <script type="application/json" id="vega-specs">. */
function specsJson(page: string): string {
  const m = /<script type="application\/json" id="vega-specs">([\s\S]*?)<\/script>/.exec(page);
  expect(m).not.toBeNull();
  return m![1];
}

describe('escapeHtml', () => {
  it('escapes the five special characters', () => {
    expect(escapeHtml(`<a href="x">Tom & 'Jerry'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;Tom &amp; &#39;Jerry&#39;&lt;/a&gt;');
    expect(escapeHtml('plain text 42')).toBe('plain text 42');
  });
});

describe('renderReportHtml', () => {
  it('is one HTML5 document with inline style and scripts', () => {
    expect(html.startsWith('<!DOCTYPE html>')).toBe(true);
    expect(html).toContain('<meta charset="utf-8">');
    expect(html).toContain('<style>');
    expect(html.trimEnd().endsWith('</html>')).toBe(true);
    // Three scripts (specs JSON, vega runtime, boot), each closed once: no stray </script inside them.
    expect(html.match(/<script\b/g)).toHaveLength(3);
    expect(html.match(/<\/script>/gi)).toHaveLength(3);
  });

  it('escapes all text', () => {
    expect(html).toContain('A headline with &lt;b&gt;&amp; markup&lt;/b&gt; that must be shown as text.');
    expect(html).not.toContain('<b>& markup');
    expect(html).toContain('a &lt;/script&gt; tag &amp; &lt;b&gt;bold&lt;/b&gt; must stay text');
    expect(html).not.toContain('<b>bold</b>');
  });

  it('has title, headlines with levels, contents, every section, heading and table, in order', () => {
    const order = [
      `<h1>${escapeHtml(model.title)}</h1>`,
      escapeHtml(model.subtitle),
      '<h2>Headline findings</h2>',
      '<nav class="toc"',
      '<section id="section-damage">',
      '<h2>Damage</h2>',
      '<figure id="chart-damage-by-faction"',
      '<caption>Damage per match</caption>',
      '<section id="section-win-rates">',
      '<h2>Win rates</h2>',
      '<figure id="chart-win-rate"',
      '<caption>Win rates</caption>',
      '<section id="settings">',
      '<h2>Settings</h2>',
      '<section id="reproduce">',
      '<h2>Reproduce</h2>',
      '<section id="experiment">',
      '<footer>',
    ];
    let at = -1;
    for (const needle of order) {
      const i = html.indexOf(needle, at + 1);
      expect(i, `${needle} after position ${at}`).toBeGreaterThan(at);
      at = i;
    }
    for (const h of model.headlines) expect(html).toContain(`<li class="headline level-${h.level}"><span class="level">${h.level}</span>`);
    for (const s of model.sections) {
      expect(html).toContain(`<a href="#section-${s.id}">${escapeHtml(s.title)}</a>`);
      for (const p of s.paragraphs) expect(html).toContain(`<p>${escapeHtml(p)}</p>`);
    }
    for (const id of ['settings', 'reproduce', 'experiment']) expect(html).toContain(`<a href="#${id}">`);
    expect(html).toContain('<p class="table-note">n = matches; lo/hi: 95% interval.</p>');
    expect(html).toContain(escapeHtml(model.generated));
  });

  it('right-aligns numbers, shows empty cells, and lists settings and commands', () => {
    expect(html).toContain('<td>Eaters</td><td class="num">31.5</td><td class="num">29.1</td>');
    expect(html).toContain('<td class="num na">–</td>');
    expect(html).toContain('<th scope="col" class="num">mean</th>');
    expect(html).toContain('<th scope="col">faction</th>');
    for (const [k, v] of model.settings) expect(html).toContain(`<tr><th scope="row">${k}</th><td>${v}</td></tr>`);
    for (const cmd of model.reproduce) expect(html).toContain(`<pre><code>${escapeHtml(cmd)}</code></pre>`);
    expect(html).toMatch(/<details><summary>[^<]*<\/summary><pre><code>name: fixture\n/);
  });

  it('loads nothing from a network: no http(s) or protocol-relative URL in src= or href=, no <link>, no <script src>', () => {
    expect(html).not.toMatch(/\b(?:src|href)\s*=\s*["']?\s*(?:https?:)?\/\//i);
    expect(html).not.toMatch(/<link\b/i);
    expect(html).not.toMatch(/<script[^>]*\bsrc\s*=/i);
    expect(html).not.toMatch(/@import|url\(\s*["']?https?:/i);
  });

  it('embeds each chart as compiled Vega JSON that parses back', () => {
    const text = specsJson(html);
    expect(text).not.toContain('</');
    const specs = JSON.parse(text) as Record<string, { $schema: string; marks: unknown[]; data: unknown[] }>;
    expect(Object.keys(specs)).toEqual(['damage-by-faction', 'win-rate']);
    for (const spec of Object.values(specs)) {
      expect(spec.$schema).toMatch(/vega\/v\d+\.json$/);
      expect(spec.$schema).not.toMatch(/vega-lite/);
      expect(spec.marks.length).toBeGreaterThan(0);
    }
    // The inline data made it through compilation.
    expect(text).toContain('"Wardens"');
    expect(text).toContain('"mcts-200"');
  });

  it('shows the SVG fallback and the original Vega-Lite spec in every figure', () => {
    const figures = [...html.matchAll(/<figure id="chart-([^"]+)" class="chart"[^>]*>([\s\S]*?)<\/figure>/g)];
    expect(figures).toHaveLength(FIXTURE_CHARTS);
    const specs = [barSpec, pointSpec];
    figures.forEach((f, i) => {
      const body = f[2];
      expect(body).toMatch(/<div class="chart-view"><svg[\s\S]*<\/svg><\/div>/);
      expect(body).toMatch(/<figcaption>[^<]+<\/figcaption>/);
      const vl = /<details><summary>Vega-Lite spec<\/summary><pre><code>([\s\S]*?)<\/code><\/pre><\/details>/.exec(body);
      expect(vl).not.toBeNull();
      expect(JSON.parse(unescape(vl![1]))).toEqual(JSON.parse(JSON.stringify(specs[i])));
    });
  });

  it('scopes the ids inside each fallback SVG to its chart', () => {
    for (const c of model.sections.flatMap((s) => s.charts)) {
      for (const [, id] of c.svg.matchAll(/\bid="([^"]+)"/g)) {
        expect(html).toContain(`id="${c.id}-${id}"`);
        if (c.svg.includes(`url(#${id})`)) expect(html).toContain(`url(#${c.id}-${id})`);
      }
    }
  });

  it('keeps a chart whose spec does not compile as a plain SVG figure', () => {
    const broken: ReportModel = {
      ...model,
      sections: [
        {
          ...model.sections[0],
          charts: [{ ...model.sections[0].charts[0], id: 'broken', spec: { ...barSpec, mark: { type: 'no-such-mark' } } as unknown as typeof barSpec }],
        },
      ],
    };
    const page = renderReportHtml(broken);
    expect(page).toContain('<figure id="chart-broken"');
    expect(JSON.parse(specsJson(page))).toEqual({});
  });
});
