/**
 * Known answers for two-proportion intervals and Bonferroni z: Newcombe's (1998) worked
 * examples for method 10, the closed form built from Wilson bounds, and normal-table
 * quantiles (which also check stats.ts' normalQuantile against sprt.ts' normalCdf).
 */
import { describe, expect, it } from 'vitest';
import { normalCdf } from '../../src/analysis/sprt.js';
import { bonferroniZ, newcombeDifference, newcombePaired, pairDispersion, wilsonPaired } from '../../src/analysis/proportions.js';
import { rngOf, simulatePairs, withScore } from './pair-sim.js';
import { normalQuantile, wilson, Z95 } from '../../src/analysis/stats.js';

describe('newcombeDifference', () => {
  // R. G. Newcombe, Statistics in Medicine 17 (1998) 873–890, worked examples, method 10
  // (hybrid score interval without continuity correction), 95%, to 4 decimals.
  const published: [number, number, number, number, number, number][] = [
    [56, 70, 48, 80, 0.0524, 0.3339],
    [9, 10, 3, 10, 0.1705, 0.809],
    [6, 7, 2, 7, 0.0582, 0.8062],
    [5, 56, 0, 29, -0.0381, 0.1926],
    [0, 10, 0, 20, -0.1611, 0.2775],
    [10, 10, 0, 20, 0.6791, 1],
  ];
  it.each(published)('%d/%d vs %d/%d: [%d, %d]', (x1, n1, x2, n2, lo, hi) => {
    const d = newcombeDifference(x1, n1, x2, n2);
    expect(d.value).toBeCloseTo(x1 / n1 - x2 / n2, 12);
    expect(d.lo).toBeCloseTo(lo, 4);
    expect(d.hi).toBeCloseTo(hi, 4);
    expect(d.n1).toBe(n1);
    expect(d.n2).toBe(n2);
  });

  it('is the closed form from the two Wilson intervals, at any z', () => {
    for (const z of [Z95, 1.644854, 2.807034]) {
      const a = wilson(13.5, 40, z);
      const b = wilson(22, 35, z);
      const d = newcombeDifference(13.5, 40, 22, 35, z);
      expect(d.lo).toBeCloseTo(a.value - b.value - Math.hypot(a.value - a.lo, b.hi - b.value), 14);
      expect(d.hi).toBeCloseTo(a.value - b.value + Math.hypot(a.hi - a.value, b.value - b.lo), 14);
    }
  });

  it('swapping the groups mirrors the interval; it stays inside [−1, 1]', () => {
    const ab = newcombeDifference(30, 50, 12, 40);
    const ba = newcombeDifference(12, 40, 30, 50);
    expect(ba.lo).toBeCloseTo(-ab.hi, 14);
    expect(ba.hi).toBeCloseTo(-ab.lo, 14);
    const extreme = newcombeDifference(10, 10, 0, 10);
    expect(extreme.hi).toBe(1);
    expect(extreme.lo).toBeGreaterThan(0);
  });

  it('no trials in a group: NaN value, the whole range', () => {
    expect(newcombeDifference(0, 0, 3, 10)).toEqual({ value: NaN, lo: -1, hi: 1, n1: 0, n2: 10 });
  });
});

describe('bonferroniZ and normalQuantile', () => {
  // Two-sided z for α/m, Φ⁻¹(1 − α/(2m)): normal-table values, to full precision as given by
  // Python's statistics.NormalDist().inv_cdf.
  const table: [number, number, number][] = [
    [0.05, 1, 1.959963984540054],
    [0.1, 1, 1.6448536269514722],
    [0.05, 5, 2.5758293035489004],
    [0.05, 10, 2.807033768343811],
    [0.05, 25, 3.090232306167813],
    [0.01, 1000, 4.417173413469022],
    [1e-6, 1, 4.891638475698614],
  ];
  it.each(table)('alpha %d, m %d → %d', (alpha, m, z) => {
    expect(bonferroniZ(alpha, m)).toBeCloseTo(z, 9);
  });

  it('bonferroniZ(0.05, 1) is Z95', () => {
    expect(bonferroniZ(0.05, 1)).toBeCloseTo(Z95, 6);
  });

  it('rejects alpha outside (0, 1) and m < 1', () => {
    expect(() => bonferroniZ(0, 3)).toThrow(RangeError);
    expect(() => bonferroniZ(0.05, 0)).toThrow(RangeError);
  });

  it('normalQuantile inverts normalCdf across all three ranges of AS 241', () => {
    for (const p of [1e-300, 1e-20, 1e-10, 1e-5, 0.001, 0.02, 0.07, 0.075, 0.1, 0.3, 0.5, 0.8, 0.95, 0.999, 1 - 1e-9]) {
      const x = normalQuantile(p);
      expect(Math.abs(normalCdf(x) - p) / Math.min(p, 1 - p)).toBeLessThan(1e-9);
    }
    expect(normalQuantile(0.5)).toBe(0);
    expect(normalQuantile(0)).toBe(-Infinity);
    expect(normalQuantile(1)).toBe(Infinity);
    expect(normalQuantile(1.5)).toBeNaN();
  });
});

describe('pair dispersion and pair-aware intervals: known answers', () => {
  it('pairDispersion: pairs [1,0,0,0,1] (per-game scores 0 and 1) give φ = 0.5 / (1 · ¼/2) = 4', () => {
    expect(pairDispersion([[1, 0, 0, 0, 1]])).toEqual({ phi: 4, pairs: 2, df: 1 });
  });
  it('pairDispersion: binomial-shaped bins 1 : 0 : 2 : 0 : 1 give φ = 4/3 (the n − 1 of the sample variance)', () => {
    // LL, WL, LW, WW: mean ½, SS = 2·¼ = 0.5; den = 3·(¼)/2 = 0.375; φ = 4/3 (→ 1 as the pairs grow)
    expect(pairDispersion([[1, 0, 2, 0, 1]]).phi).toBeCloseTo(0.5 / 0.375, 12);
  });
  it('pairDispersion pools groups (sums of squares about each group\'s own mean) and skips uninformative ones', () => {
    const d = pairDispersion([
      [1, 0, 0, 0, 1],
      [0, 0, 0, 0, 7], // mean 1: skipped
      [0, 0, 1, 0, 0], // one pair: skipped
      [0, 2, 0, 2, 0], // mean ½, SS = 4·(¼)² = 0.25, den 3·⅛
    ]);
    expect(d.phi).toBeCloseTo((0.5 + 0.25) / (0.125 + 0.375), 12);
    expect(d.pairs).toBe(6);
    expect(d.df).toBe(4);
    expect(Number.isNaN(pairDispersion([[0, 0, 0, 0, 3]]).phi)).toBe(true);
  });
  it('wilsonPaired is Wilson on matches / φ: 60 of 100 with φ = 2 is wilson(30, 50) = [0.4618, 0.7239]', () => {
    const w = wilsonPaired(60, 100, 2);
    expect(w.value).toBe(0.6);
    expect(w.n).toBe(100);
    expect(w.lo).toBeCloseTo(wilson(30, 50).lo, 12);
    expect(w.lo).toBeCloseTo(0.4618, 4);
    expect(w.hi).toBeCloseTo(0.7239, 4);
    expect(wilsonPaired(60, 100, 1)).toEqual(wilson(60, 100));
    expect(() => wilsonPaired(1, 2, 0)).toThrow(RangeError);
  });
  it('newcombePaired is Newcombe on matches / φ, keeping the games as n', () => {
    const d = newcombePaired(112, 140, 96, 160, 2);
    const ref = newcombeDifference(56, 70, 48, 80);
    expect(d.lo).toBeCloseTo(ref.lo, 12);
    expect(d.hi).toBeCloseTo(ref.hi, 12);
    expect([d.n1, d.n2]).toEqual([140, 160]);
  });
});

describe('pair-aware intervals: coverage under correlated pairs (simulation)', () => {
  // 60 pairs per sample, per-game score 0.6 with 10% draws, within-pair correlation 0.5
  // (the measured range is 0.36–0.59). 2000 samples: coverage's standard error is 0.5%.
  const R = 2000;
  const PAIRS = 60;
  const [win, draw] = withScore(0.6, 0.1);
  it('wilsonPaired with φ̂ from the same pairs covers 93–97% at 95%; the per-match Wilson does not', () => {
    const rng = rngOf('coverage-score');
    let paired = 0;
    let naive = 0;
    for (let r = 0; r < R; r++) {
      const t = simulatePairs(rng, PAIRS, win, draw, 0.5);
      const phi = pairDispersion([t.penta]).phi;
      const x = t.wins + t.draws / 2;
      const n = 2 * PAIRS;
      const w = wilsonPaired(x, n, phi);
      if (w.lo <= 0.6 && 0.6 <= w.hi) paired++;
      const v = wilson(x, n);
      if (v.lo <= 0.6 && 0.6 <= v.hi) naive++;
    }
    expect(paired / R).toBeGreaterThanOrEqual(0.93);
    expect(paired / R).toBeLessThanOrEqual(0.97);
    expect(naive / R).toBeLessThan(0.93); // matches as independent: too narrow
  });
  it('newcombePaired with a pooled φ̂ covers the difference of two scores 93–97% at 95%', () => {
    const rng = rngOf('coverage-difference');
    const [w2, d2] = withScore(0.5, 0.3);
    let covered = 0;
    for (let r = 0; r < R; r++) {
      const a = simulatePairs(rng, PAIRS, win, draw, 0.5);
      const b = simulatePairs(rng, PAIRS, w2, d2, 0.5);
      const phi = pairDispersion([a.penta, b.penta]).phi;
      const d = newcombePaired(a.wins + a.draws / 2, 2 * PAIRS, b.wins + b.draws / 2, 2 * PAIRS, phi);
      if (d.lo <= 0.1 && 0.1 <= d.hi) covered++;
    }
    expect(covered / R).toBeGreaterThanOrEqual(0.93);
    expect(covered / R).toBeLessThanOrEqual(0.97);
  });
});
