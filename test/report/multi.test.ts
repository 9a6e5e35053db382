/**
 * The N-player report (src/report/multi.ts): when a score is called ahead of, behind or
 * level with the even share 1/T, and the CSV rows of a table. Table-driven, by hand.
 */
import { describe, expect, it } from 'vitest';
import { shareVerdict } from '../../src/report/multi.ts';
import { multiPairwiseRows } from '../../src/report/csv.ts';
import type { ClusteredRate } from '../../src/analysis/stats.ts';
import type { MultiSummary } from '../../src/analysis/summary-multi.ts';

const r = (value: number, lo: number, hi: number, clusters = 20): ClusteredRate => ({ value, lo, hi, n: 3 * clusters, clusters, deff: 1 });

describe('shareVerdict', () => {
  const third = 1 / 3;
  const cases: [string, ClusteredRate, number, ReturnType<typeof shareVerdict>][] = [
    ['interval above a third', r(0.45, 0.36, 0.54), third, 'above'],
    ['interval below a third', r(0.2, 0.15, 0.3), third, 'below'],
    ['interval covering a third', r(0.3, 0.25, 0.36), third, 'even'],
    ['interval covering a half (teams)', r(0.55, 0.45, 0.64), 0.5, 'even'],
    ['above a half', r(0.7, 0.6, 0.78), 0.5, 'above'],
    ['fewer than 10 blocks', r(0.9, 0.7, 0.97, 9), third, 'inconclusive'],
  ];
  it.each(cases)('%s', (_, rate, even, want) => expect(shareVerdict(rate, even)).toBe(want));
});

describe('pairwise.csv', () => {
  it('one row per cross-team pair with its matches', () => {
    const m = { tables: [{ table: 0, pairwise: [{ a: 0, b: 1, aAhead: 2, tied: 1, bAhead: 3 }] }] } as unknown as MultiSummary;
    expect(multiPairwiseRows(m, ['A', 'B'])).toEqual([
      ['table', 'a', 'b', 'a_ahead', 'tied', 'b_ahead', 'n'],
      [0, 'A', 'B', 2, 1, 3, 6],
    ]);
  });
});
