import { describe, expect, it } from 'vitest';
import { eloFromScore, meanInterval, pentanomial, pentanomialBin, pentanomialCounts, wilson, Z95 } from '../../src/analysis/stats.js';

/**
 * Wilson bounds found independently of the closed form: the interval is the set of p a
 * score test accepts, {p : (p̂ − p)² ≤ z² p(1 − p) / n}; find its two ends by bisection.
 */
function wilsonByBisection(x: number, n: number, z = Z95): [number, number] {
  const ph = x / n;
  const accepted = (p: number) => (ph - p) ** 2 <= (z * z * p * (1 - p)) / n;
  const edge = (inside: number, outside: number) => {
    let a = inside;
    let b = outside;
    for (let i = 0; i < 200; i++) {
      const m = (a + b) / 2;
      if (accepted(m)) a = m;
      else b = m;
    }
    return a;
  };
  const lo = accepted(0) ? 0 : edge(ph, 0);
  const hi = accepted(1) ? 1 : edge(ph, 1);
  return [lo, hi];
}

describe('wilson', () => {
  // 95% Wilson intervals as published: 81/263 is an example of R. G. Newcombe, "Two-sided
  // confidence intervals for the single proportion", Statistics in Medicine 17 (1998) 857-872;
  // 0/10, 5/10, 10/10 are the usual textbook values, rounded to 4 places.
  const published: [number, number, number, number][] = [
    [0, 10, 0, 0.2775],
    [5, 10, 0.2366, 0.7634],
    [10, 10, 0.7225, 1],
    [81, 263, 0.2553, 0.3662],
  ];
  it.each(published)('%i / %i matches the published interval', (x, n, lo, hi) => {
    const w = wilson(x, n);
    expect(w.n).toBe(n);
    expect(w.value).toBeCloseTo(x / n, 12);
    expect(w.lo).toBeCloseTo(lo, 4);
    expect(w.hi).toBeCloseTo(hi, 4);
  });

  it.each([
    [0, 10],
    [5, 10],
    [10, 10],
    [81, 263],
    [1, 3],
    [999, 1000],
    [37, 50],
  ])('%i / %i agrees with the score-test roots found by bisection', (x, n) => {
    const [lo, hi] = wilsonByBisection(x, n);
    const w = wilson(x, n);
    expect(w.lo).toBeCloseTo(lo, 9);
    expect(w.hi).toBeCloseTo(hi, 9);
  });

  it('ends exactly at 0 and 1 with no successes or no failures, stays in [0, 1]', () => {
    expect(wilson(0, 7).lo).toBe(0);
    expect(wilson(7, 7).hi).toBe(1);
    for (let n = 1; n < 30; n++)
      for (let x = 0; x <= n; x++) {
        const w = wilson(x, n);
        expect(w.lo).toBeGreaterThanOrEqual(0);
        expect(w.hi).toBeLessThanOrEqual(1);
        expect(w.lo).toBeLessThanOrEqual(w.value);
        expect(w.hi).toBeGreaterThanOrEqual(w.value);
      }
  });

  it('n = 0 is no information: NaN value, the whole [0, 1]', () => {
    const w = wilson(0, 0);
    expect(w.value).toBeNaN();
    expect(w).toMatchObject({ lo: 0, hi: 1, n: 0 });
  });

  it('a wider z gives a wider interval', () => {
    const a = wilson(30, 100, 1.644854);
    const b = wilson(30, 100);
    expect(a.lo).toBeGreaterThan(b.lo);
    expect(a.hi).toBeLessThan(b.hi);
  });
});

describe('meanInterval', () => {
  it('matches a two-pass mean and sample standard deviation', () => {
    const xs = [3, 7, 7, 19, 4, 0, 12, 9];
    const n = xs.length;
    const mean = xs.reduce((s, x) => s + x, 0) / n;
    const sd = Math.sqrt(xs.reduce((s, x) => s + (x - mean) ** 2, 0) / (n - 1));
    const m = meanInterval(
      xs.reduce((s, x) => s + x, 0),
      xs.reduce((s, x) => s + x * x, 0),
      n,
    );
    expect(m.n).toBe(n);
    expect(m.mean).toBeCloseTo(7.625, 12);
    expect(m.sd).toBeCloseTo(sd, 12);
    expect(m.lo).toBeCloseTo(mean - (Z95 * sd) / Math.sqrt(n), 12);
    expect(m.hi).toBeCloseTo(mean + (Z95 * sd) / Math.sqrt(n), 12);
  });

  it('known answer: 1..5 has sd sqrt(2.5)', () => {
    const m = meanInterval(15, 55, 5);
    expect(m.mean).toBe(3);
    expect(m.sd).toBeCloseTo(Math.sqrt(2.5), 12);
    expect(m.hi - m.mean).toBeCloseTo((1.959964 * Math.sqrt(2.5)) / Math.sqrt(5), 12);
  });

  it('equal observations give a zero-width interval; n < 2 gives lo = hi = mean', () => {
    expect(meanInterval(40, 400, 4)).toMatchObject({ mean: 10, lo: 10, hi: 10, sd: 0 });
    expect(meanInterval(6, 36, 1)).toMatchObject({ mean: 6, lo: 6, hi: 6, n: 1 });
    expect(meanInterval(0, 0, 0).mean).toBeNaN();
  });
});

describe('pentanomial', () => {
  it('bins pair scores 0..2 by half points', () => {
    expect([0, 0.5, 1, 1.5, 2].map(pentanomialBin)).toEqual([0, 1, 2, 3, 4]);
    expect(() => pentanomialBin(0.25)).toThrow(RangeError);
    expect(() => pentanomialBin(2.5)).toThrow(RangeError);
    expect(pentanomialCounts([2, 1, 1, 0.5, 0, 2, 1.5, 1])).toEqual([1, 1, 3, 1, 2]);
  });

  it('mean and variance equal those of the per-pair scores listed out', () => {
    const counts = [3, 10, 25, 14, 8];
    // Per-game score of each pair: its pair points / 2.
    const scores: number[] = [];
    counts.forEach((c, i) => {
      for (let k = 0; k < c; k++) scores.push(i / 2 / 2);
    });
    const n = scores.length;
    const mean = scores.reduce((s, x) => s + x, 0) / n;
    const variance = scores.reduce((s, x) => s + (x - mean) ** 2, 0) / n;
    const p = pentanomial(counts);
    expect(p.n).toBe(60);
    expect(p.counts).toEqual(counts);
    expect(p.mean).toBeCloseTo(mean, 12);
    expect(p.sd).toBeCloseTo(Math.sqrt(variance), 12);
    expect(p.lo).toBeCloseTo(mean - Z95 * Math.sqrt(variance / n), 12);
    expect(p.hi).toBeCloseTo(mean + Z95 * Math.sqrt(variance / n), 12);
  });

  it('known answer by hand: one pair in each bin', () => {
    // Scores 0, .25, .5, .75, 1: mean .5, variance (.25 + .0625 + 0 + .0625 + .25) / 5 = .125.
    const p = pentanomial([1, 1, 1, 1, 1]);
    expect(p.mean).toBe(0.5);
    expect(p.sd).toBeCloseTo(Math.sqrt(0.125), 12);
    expect(p.hi - p.mean).toBeCloseTo(1.959964 * Math.sqrt(0.125 / 5), 12);
  });

  it('degenerate cases: no pairs, one pair, all pairs alike', () => {
    const none = pentanomial([0, 0, 0, 0, 0]);
    expect(none.mean).toBeNaN();
    expect(none).toMatchObject({ lo: 0, hi: 1, n: 0 });
    expect(pentanomial([0, 0, 0, 1, 0])).toMatchObject({ mean: 0.75, lo: 0.75, hi: 0.75, n: 1 });
    expect(pentanomial([0, 0, 0, 0, 9])).toMatchObject({ mean: 1, lo: 1, hi: 1, n: 9 });
    expect(() => pentanomial([1, 2, 3])).toThrow(RangeError);
  });
});

describe('eloFromScore', () => {
  it('is the logistic Elo curve', () => {
    expect(eloFromScore(0.5)).toBe(0);
    // 10^(1/4) : 1 odds is +100 Elo.
    expect(eloFromScore(1 / (1 + 10 ** (-100 / 400)))).toBeCloseTo(100, 9);
    expect(eloFromScore(0.25)).toBeCloseTo(-400 * Math.log10(3), 12);
    expect(eloFromScore(1)).toBe(Infinity);
    expect(eloFromScore(0)).toBe(-Infinity);
    expect(eloFromScore(NaN)).toBeNaN();
  });
});
