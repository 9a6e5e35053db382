import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Ajv, type ValidateFunction } from 'ajv';
import { beforeAll, describe, expect, it } from 'vitest';
import { SummaryAccumulator, type Summary } from '../../src/analysis/summary.js';
import { allCharts, damageByComponentChart, endsChart, gameLengthChart, renderSvg, VEGA_LITE_SCHEMA, winRateChart, writeCharts, type VlSpec } from '../../src/report/charts.js';
import { kernelRecords, PLAYERS } from '../analysis/records.js';

const require = createRequire(import.meta.url);
const schema = JSON.parse(readFileSync(require.resolve('vega-lite/vega-lite-schema.json'), 'utf8')) as Record<string, unknown>;

let validate: ValidateFunction;
let summary: Summary;

beforeAll(async () => {
  // The Vega-Lite schema is draft-07 (Ajv's default draft); it uses union types and keywords strict mode rejects;
  // the formats it names (uri, uri-reference, color-hex) are accepted as any string (ajv-formats is not installed).
  expect(schema.$schema).toBe('http://json-schema.org/draft-07/schema#');
  const ajv = new Ajv({ allErrors: true, strict: false, allowUnionTypes: true, formats: { uri: true, 'uri-reference': true, 'color-hex': true } });
  validate = ajv.compile(schema);
  const real = await kernelRecords(6);
  const acc = new SummaryAccumulator({ name: 'charts', players: PLAYERS, tables: real.tables });
  acc.add(real.records, real.count);
  summary = acc.summarize();
});

/** Schema errors of a spec read as its file would be (JSON text: NaN already null); [] when valid. */
function schemaErrors(spec: unknown): unknown[] {
  return validate(JSON.parse(JSON.stringify(spec))) ? [] : (validate.errors ?? ['invalid']);
}

describe('Vega-Lite specs', () => {
  it('every chart validates against the Vega-Lite v6 schema and inlines its data', () => {
    const charts = allCharts(summary);
    expect(Object.keys(charts)).toEqual(['win-rate', 'damage-by-component', 'game-length', 'ends']);
    for (const spec of Object.values(charts)) {
      expect(spec.$schema).toBe(VEGA_LITE_SCHEMA);
      expect(schemaErrors(spec)).toEqual([]);
      const values = (spec as { data: { values: unknown[] } }).data.values;
      expect(values.length).toBeGreaterThan(0);
    }
  });

  it('a broken spec fails validation', () => {
    const broken = { ...gameLengthChart(summary), mark: 'barr' };
    expect(schemaErrors(broken).length).toBeGreaterThan(0);
    const badField = JSON.parse(JSON.stringify(winRateChart(summary))) as { layer: { encoding: { x: { type: string } } }[] };
    badField.layer[0].encoding.x.type = 'quantitive';
    expect(schemaErrors(badField).length).toBeGreaterThan(0);
  });

  it('win rate: one point per player per pairing with Wilson bounds and n, a 50% rule', () => {
    const spec = winRateChart(summary) as VlSpec & { data: { values: Record<string, unknown>[] }; layer: { mark: { type: string }; data?: { values: unknown[] } }[] };
    const p = summary.pairings[0];
    expect(spec.data.values).toEqual(
      p.players.map((s) => expect.objectContaining({ player: s.name, winRate: s.winRate.value, lo: s.winRate.lo, hi: s.winRate.hi, n: 12, pairing: 'A vs B (n=12)' })),
    );
    expect(spec.layer.map((l) => l.mark.type)).toEqual(['rule', 'point', 'rule']);
    expect(spec.layer[2].data?.values).toEqual([{ x: 0.5 }]);
  });

  it('damage by component: mean and interval per player and source', () => {
    const spec = damageByComponentChart(summary) as VlSpec & { data: { values: Record<string, unknown>[] } };
    const rows = summary.playerStats.reduce((t, p) => t + p.damage.bySource.length, 0);
    expect(spec.data.values.length).toBe(rows);
    const first = summary.playerStats[0];
    expect(spec.data.values[0]).toMatchObject({ source: 'main', mean: first.damage.bySource[0].damage.mean, n: first.n });
  });

  it('ends: one segment per end kind per pairing, counts adding to n', () => {
    const spec = endsChart(summary) as VlSpec & { data: { values: { count: number; n: number; end: string }[] } };
    expect(spec.data.values.map((v) => v.end)).toEqual(['victory', 'draw', 'draw-by-limit', 'adjudicated']);
    expect(spec.data.values.reduce((t, v) => t + v.count, 0)).toBe(12);
  });
});

describe('SVG rendering', () => {
  it('each chart renders headless to SVG with its marks and labels', async () => {
    const svgs = Object.fromEntries(await Promise.all(Object.entries(allCharts(summary)).map(async ([k, spec]) => [k, await renderSvg(spec)] as const)));
    for (const svg of Object.values(svgs)) {
      expect(svg.startsWith('<svg')).toBe(true);
      expect(svg).toContain('</svg>');
    }
    expect(svgs['win-rate']).toContain('charts: win rate by pairing');
    expect(svgs['win-rate']).toContain('A vs B (n=12)');
    expect(svgs['win-rate']).toContain('mark-symbol');
    expect(svgs['win-rate']).toContain('mark-rule');
    expect(svgs['win-rate']).toContain('50%');
    expect(svgs['damage-by-component']).toContain('mark-rect');
    expect(svgs['damage-by-component']).toContain('broadside');
    expect(svgs['damage-by-component']).toContain('damage per match');
    expect(svgs['game-length']).toContain('rounds played');
    expect(svgs['game-length']).toContain('mark-rect');
    expect(svgs.ends).toContain('victory');
    expect(svgs.ends).toContain('draw-by-limit');
  });

  it('an empty summary still gives valid specs that render', async () => {
    const empty = new SummaryAccumulator({ name: 'empty', players: PLAYERS, tables: { factions: [] } }).summarize();
    for (const spec of Object.values(allCharts(empty))) {
      expect(schemaErrors(spec)).toEqual([]);
      expect((await renderSvg(spec)).startsWith('<svg')).toBe(true);
    }
  });

  it('writeCharts writes a spec and an SVG per chart', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'stareater-charts-'));
    try {
      const files = await writeCharts(summary, join(dir, 'charts'));
      expect(files.length).toBe(8);
      expect(readdirSync(join(dir, 'charts')).sort()).toEqual(
        ['ends', 'damage-by-component', 'game-length', 'win-rate'].flatMap((n) => [`${n}.svg`, `${n}.vl.json`]).sort(),
      );
      const spec = JSON.parse(readFileSync(join(dir, 'charts', 'win-rate.vl.json'), 'utf8')) as unknown;
      expect(schemaErrors(spec)).toEqual([]);
      expect(readFileSync(join(dir, 'charts', 'ends.svg'), 'utf8').startsWith('<svg')).toBe(true);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
