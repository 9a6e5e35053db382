/**
 * A what-if's results in words, rows and a chart: the line that names each change and its
 * main effect ("Tyrant damage 5 -> 2: Lamais score +4.1 points [2.3, 5.9]"), whatif.json
 * (also summary.json's `whatif`), whatif.csv, the deltas chart and the report section.
 *
 * Why one figure in the line: a designer reads the faction score first (which side gains);
 * every other delta is in the table, the CSV and the chart. The line names the faction (or,
 * when one faction plays itself, the entrant) whose score rises most, so in a two-faction
 * game it is the side the change helps.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CardChange } from '../content/changes.js';
import type { FigureDelta } from '../analysis/whatif.js';
import { VEGA_LITE_SCHEMA, type VlSpec } from './charts.js';
import type { Cell } from './csv.js';
import type { Headline, ReportChart, ReportSection, ReportTable } from './model.js';

/** One delta as stored (NaN as null, so the JSON is valid). */
export interface StoredDelta {
  key: string;
  label: string;
  unit: 'share' | 'rounds';
  base: number | null;
  variant: number | null;
  delta: number | null;
  lo: number | null;
  hi: number | null;
  blocks: number;
}

/** One alternative against the baseline. */
export interface WhatIfAlternative {
  name: string;
  /** The changes in words, old values read from the content. */
  label: string;
  /** Its results folder, relative to the what-if's. */
  folder: string;
  changes: CardChange[];
  matches: number;
  complete: boolean;
  /** The terminal line and the report's headline. */
  line: string;
  deltas: StoredDelta[];
}

/** whatif.json, and summary.json's `whatif`. */
export interface WhatIfSummary {
  /** Confidence of every interval. */
  level: number;
  /** The independent unit of the paired intervals. */
  unit: string;
  baseline: { folder: string; matches: number; complete: boolean };
  alternatives: WhatIfAlternative[];
}

const num = (x: number): number | null => (Number.isFinite(x) ? x : null);

/** A delta as stored. */
export function storedDelta(d: FigureDelta): StoredDelta {
  return { key: d.figure.key, label: d.figure.label, unit: d.figure.unit, base: num(d.base), variant: num(d.variant), delta: num(d.delta), lo: num(d.lo), hi: num(d.hi), blocks: d.blocks };
}

/** A signed number with one decimal (a minus sign, not a hyphen). */
const signed = (x: number) => `${x >= 0 ? '+' : '−'}${Math.abs(x).toFixed(1)}`;
const plain = (x: number) => (x < 0 ? `−${Math.abs(x).toFixed(1)}` : x.toFixed(1));

/** A delta in words: "+4.1 points [2.3, 5.9]", "−0.8 rounds [−1.2, −0.3]". */
export function deltaText(d: Pick<StoredDelta, 'unit' | 'delta' | 'lo' | 'hi'>): string {
  const k = d.unit === 'share' ? 100 : 1;
  const unit = d.unit === 'share' ? 'points' : 'rounds';
  if (d.delta === null) return 'n/a';
  const iv = d.lo === null || d.hi === null ? '[n/a]' : `[${plain(d.lo * k)}, ${plain(d.hi * k)}]`;
  return `${signed(d.delta * k)} ${unit} ${iv}`;
}

/** The figure a line names: the faction score (else the entrant score) that rises most. */
export function headlineDelta(deltas: readonly StoredDelta[]): StoredDelta | undefined {
  const pick = (prefix: string) => deltas.filter((d) => d.key.startsWith(prefix) && d.delta !== null);
  const pool = pick('faction:').length ? pick('faction:') : pick('score:');
  return pool.reduce<StoredDelta | undefined>((best, d) => (best === undefined || d.delta! > best.delta! ? d : best), undefined);
}

/** Whether a delta's interval excludes no change. */
export const detected = (d: Pick<StoredDelta, 'lo' | 'hi'>): boolean => d.lo !== null && d.hi !== null && (d.lo > 0 || d.hi < 0);

/** "Tyrant damage 5 -> 2: Lamais score +4.1 points [2.3, 5.9]". */
export function whatIfLine(label: string, deltas: readonly StoredDelta[]): string {
  const h = headlineDelta(deltas);
  return h ? `${label}: ${h.label} ${deltaText(h)}` : `${label}: no figure to compare (no matches paired)`;
}

/** whatif.csv: one row per alternative and figure. */
export function whatIfCsvRows(s: WhatIfSummary): Cell[][] {
  const rows: Cell[][] = [['alternative', 'changes', 'figure', 'label', 'unit', 'baseline', 'variant', 'delta', 'lo', 'hi', 'blocks']];
  for (const a of s.alternatives)
    for (const d of a.deltas) rows.push([a.name, a.label, d.key, d.label, d.unit, d.base ?? '', d.variant ?? '', d.delta ?? '', d.lo ?? '', d.hi ?? '', d.blocks]);
  return rows;
}

/** The deltas of every share figure (in points) with their intervals, one colour per alternative. */
export function whatIfChart(s: WhatIfSummary, experiment: string): VlSpec {
  const values = s.alternatives.flatMap((a) =>
    a.deltas
      .filter((d) => d.unit === 'share' && d.delta !== null)
      .map((d) => ({ alternative: a.name, figure: d.label, delta: 100 * d.delta!, lo: d.lo === null ? null : 100 * d.lo, hi: d.hi === null ? null : 100 * d.hi, blocks: d.blocks })),
  );
  const y = { field: 'figure', type: 'nominal', title: null, sort: null } as const;
  const yOffset = { field: 'alternative', type: 'nominal' } as const;
  const color = { field: 'alternative', type: 'nominal', title: 'alternative' } as const;
  return {
    $schema: VEGA_LITE_SCHEMA,
    title: { text: `${experiment}: what each alternative changes`, subtitle: `points: alternative minus baseline, in percentage points; bars: paired 95% interval (unit: ${s.unit})` },
    width: 420,
    data: { values },
    layer: [
      { mark: { type: 'rule', strokeWidth: 2 }, encoding: { y, yOffset, color, x: { field: 'lo', type: 'quantitative', title: 'change (points)' }, x2: { field: 'hi' } } },
      {
        mark: { type: 'point', filled: true, size: 60 },
        encoding: {
          y,
          yOffset,
          color,
          x: { field: 'delta', type: 'quantitative' },
          tooltip: [
            { field: 'alternative', type: 'nominal' },
            { field: 'figure', type: 'nominal' },
            { field: 'delta', type: 'quantitative', format: '+.1f', title: 'change (points)' },
            { field: 'lo', type: 'quantitative', format: '.1f' },
            { field: 'hi', type: 'quantitative', format: '.1f' },
            { field: 'blocks', type: 'quantitative', title: 'paired blocks' },
          ],
        },
      },
      { data: { values: [{ x: 0 }] }, mark: { type: 'rule', strokeDash: [4, 4], color: 'gray' }, encoding: { x: { field: 'x', type: 'quantitative' } } },
    ],
  };
}

/** whatif.json of a results folder, or null when the run was not a what-if. */
export function readWhatIf(dir: string): WhatIfSummary | null {
  const f = join(dir, 'whatif.json');
  return existsSync(f) ? (JSON.parse(readFileSync(f, 'utf8')) as WhatIfSummary) : null;
}

const figureValue = (d: StoredDelta, x: number | null) => (x === null ? 'n/a' : d.unit === 'share' ? `${(100 * x).toFixed(1)}%` : x.toFixed(2));

/**
 * The report's what-if part: a headline per alternative (first in the page) and a section
 * with the chart and one table per alternative. The rest of the page is the baseline's.
 */
export function whatIfReport(s: WhatIfSummary, charts: Map<string, ReportChart>): { headlines: Headline[]; section: ReportSection } {
  const headlines: Headline[] = s.alternatives.map((a) => {
    const h = headlineDelta(a.deltas);
    const seen = h && detected(h);
    return {
      text: `${a.line}${h && !seen ? ' (no detectable change: the interval holds 0)' : ''}; paired over ${h?.blocks ?? 0} seed blocks${a.complete ? '' : ', incomplete run'}.`,
      level: seen ? 'notable' : 'info',
    };
  });
  headlines.push({ text: 'The findings below and the sections after the what-if are the baseline\'s (the content without the changes); each alternative\'s own report is in its folder.', level: 'info' });
  const tables: ReportTable[] = s.alternatives.map((a) => ({
    caption: `${a.name === a.label ? a.label : `${a.name}: ${a.label}`} (${a.folder}/report.html)`,
    columns: ['figure', 'baseline', 'alternative', 'change', 'paired blocks'],
    rows: a.deltas.map((d) => [d.label, figureValue(d, d.base), figureValue(d, d.variant), deltaText(d), d.blocks]),
    note: `Change: alternative minus baseline, shares in percentage points, with the ${Math.round(100 * s.level)}% paired interval (unit: ${s.unit}; docs/statistics.md, section 15).`,
  }));
  const chart = charts.get('whatif');
  return {
    headlines,
    section: {
      id: 'whatif',
      title: 'What-if: the changes against the baseline',
      paragraphs: [
        `The baseline (the content without the changes) and each alternative played the same matches on the same seeds (common random numbers), ${s.baseline.matches} matches each. Each delta is the alternative's figure minus the baseline's, with a paired ${Math.round(100 * s.level)}% interval whose unit is the ${s.unit}: the luck both contents share cancels, so a small effect shows with far fewer matches than two separate runs need.`,
        s.alternatives.length > 1 ? `With ${s.alternatives.length} alternatives, one interval in twenty may miss by chance; a difference between two alternatives is best checked by running them against each other as a what-if.` : '',
      ].filter(Boolean),
      charts: chart ? [chart] : [],
      tables,
    },
  };
}
