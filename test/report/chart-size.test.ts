/**
 * Charts sized to their content (src/report/chart-size.ts): a band per row or bar, so a
 * 120-pairing chart is tall enough to read, a grouped bar chart wide enough for every bar, and
 * labels printed whole; a small chart keeps the size it set. Checked on the specs and on the
 * SVG vega renders from them.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SummaryAccumulator, type Summary } from '../../src/analysis/summary.js';
import type { MetaAnalysis } from '../../src/analysis/balance.js';
import { damageByComponentChart, endsChart, renderSvg, winRateChart, writeSpecs, type VlSpec } from '../../src/report/charts.js';
import { metaComponentChart } from '../../src/report/balance-charts.js';
import { COLUMN_PX, OFFSET_ROW_PX, OFFSET_COLUMN_PX, ROW_PX, labelPx, sizeToContent } from '../../src/report/chart-size.js';
import { kernelRecords, PLAYERS } from '../analysis/records.js';

let small: Summary;
let big: Summary;
const dir = mkdtempSync(join(tmpdir(), 'stareater-chart-size-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A long entrant name, as a loadout sweep makes them. */
const longName = (i: number) => `hammerfall/hornet/catapult/sentinel/mako/mako/wasp/lantern-${i}`;

beforeAll(async () => {
  const real = await kernelRecords(6);
  const acc = new SummaryAccumulator({ name: 'sizes', players: PLAYERS, tables: real.tables });
  acc.add(real.records, real.count);
  small = acc.summarize();
  // 120 pairings with long names: the one real pairing, renamed.
  const p = small.pairings[0];
  big = { ...small, pairings: Array.from({ length: 120 }, (_, i) => ({ ...p, key: `${longName(i)} vs ${longName(i + 1)}`, players: p.players.map((x, k) => ({ ...x, name: longName(i + k) })) as typeof p.players })) };
});

type Sized = { width?: number; height?: number; encoding?: Record<string, { axis?: { labelLimit?: number }; legend?: { labelLimit?: number } }>; layer?: { encoding: Record<string, { axis?: { labelLimit?: number }; legend?: { labelLimit?: number } }> }[] };
const sized = (s: VlSpec) => sizeToContent(s) as unknown as Sized;

describe('charts sized to their content', () => {
  // Rows (or bars) and the least size they need, per chart.
  it.each([
    ['win rate, 120 pairings of 2 players', () => winRateChart(big), 'height', 120 * 2 * OFFSET_ROW_PX],
    ['ends, 120 pairings', () => endsChart(big), 'height', 120 * ROW_PX],
    ['win rate, 1 pairing: the chart keeps its own width', () => winRateChart(small), 'width', 420],
    ['meta components, 60 cards', () => metaComponentChart({ components: Array.from({ length: 60 }, (_, i) => ({ faction: 'fpa', slot: 'main', card: `card-${i}`, weight: 0.01 })) } as unknown as MetaAnalysis), 'height', 60 * ROW_PX],
  ] as const)('%s', (_, make, key, least) => {
    const s = sized(make());
    expect(s[key]).toBeGreaterThanOrEqual(least);
  });

  it('a small chart is not blown up: one pairing is one band tall', () => {
    expect(sized(endsChart(small)).height).toBe(ROW_PX);
    // Damage: a band per source, a bar per player in it.
    const values = (damageByComponentChart(small) as unknown as { data: { values: { source: string; player: string }[] } }).data.values;
    const bars = new Set(values.map((v) => v.source)).size * Math.max(COLUMN_PX, new Set(values.map((v) => v.player)).size * OFFSET_COLUMN_PX);
    expect(sized(damageByComponentChart(small)).width).toBe(Math.max(640, bars));
  });

  it('axis and legend labels get room for the longest label', () => {
    const s = sized(winRateChart(big));
    const label = `${big.pairings[0].key} (n=${big.pairings[0].n})`;
    for (const l of s.layer!.slice(0, 2)) {
      expect(l.encoding.y.axis?.labelLimit).toBeGreaterThanOrEqual(labelPx(label.length) - 8);
      expect(l.encoding.color.legend?.labelLimit).toBeGreaterThanOrEqual(labelPx(longName(100).length) - 8);
    }
  });

  it('the rendered SVG is tall enough for 120 rows and prints the longest label whole (unsized, vega cuts it)', async () => {
    const spec = endsChart(big);
    const label = `${big.pairings[119].key} (n=${big.pairings[119].n})`;
    const svg = await renderSvg(sizeToContent(spec));
    expect(Number(/<svg[^>]*height="(\d+(?:\.\d+)?)"/.exec(svg)?.[1])).toBeGreaterThanOrEqual(120 * ROW_PX);
    expect(svg).toContain(`>${label}<`);
    expect(await renderSvg(spec)).not.toContain(`>${label}<`);
  });

  it('writeSpecs writes the sized spec and its SVG', async () => {
    await writeSpecs({ ends: endsChart(big) }, dir);
    const written = JSON.parse(readFileSync(join(dir, 'ends.vl.json'), 'utf8')) as Sized;
    expect(written.height).toBe(120 * ROW_PX);
  });
});
