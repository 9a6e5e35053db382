/**
 * Number and section formatting shared by the report's section builders (findings.ts,
 * balance-sections.ts): one place decides how a rate, a point difference and an interval
 * read, so every section words them alike.
 */
import type { RateInterval } from '../analysis/stats.js';
import type { ReportChart, ReportSection, ReportTable } from './model.js';

export const pct = (x: number | null, digits = 1) => (typeof x === 'number' && Number.isFinite(x) ? `${(x * 100).toFixed(digits)}%` : 'n/a');
export const pts = (x: number | null) => (typeof x === 'number' && Number.isFinite(x) ? `${x >= 0 ? '+' : '−'}${Math.abs(x * 100).toFixed(1)}` : 'n/a');
/** [lo, hi] formatted by f; JSON turns NaN into null, shown as n/a. */
export const interval = (r: { lo: number | null; hi: number | null }, f: (x: number) => string = (x) => (x * 100).toFixed(1)) => {
  const g = (x: number | null) => (typeof x === 'number' && Number.isFinite(x) ? f(x) : 'n/a');
  return `[${g(r.lo)}, ${g(r.hi)}]`;
};
export const rate = (r: RateInterval) => `${pct(r.value)} ${interval(r)}`;
export const int = (n: number) => n.toLocaleString('en-GB');


export function section(id: string, title: string, paragraphs: string[], charts: (ReportChart | undefined)[], tables: ReportTable[] = []): ReportSection {
  return { id, title, paragraphs, charts: charts.filter((c): c is ReportChart => !!c), tables };
}

