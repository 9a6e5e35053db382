import { describe, expect, it } from 'vitest';
import { median, medianInterval, pairOrder, pairedRatio, pooledRatios, steadyRate, steadyWindow } from '../../scripts/pool-timing.js';

describe('steadyWindow: the completions between which every worker has work', () => {
  it.each([
    { count: 5, workers: 1, first: 0, last: 3 },
    { count: 16, workers: 1, first: 0, last: 14 },
    { count: 16, workers: 2, first: 1, last: 13 },
    { count: 8, workers: 2, first: 1, last: 5 },
    { count: 4, workers: 1, first: 0, last: 2 },
  ])('$count completions on $workers: $first to $last', ({ count, workers, first, last }) => {
    expect(steadyWindow(count, workers)).toEqual({ first, last });
  });

  it('refuses a run with no window', () => {
    expect(() => steadyWindow(3, 2)).toThrow(/too few/);
    expect(() => steadyWindow(2, 1)).toThrow(/too few/);
  });
});

describe('steadyRate: matches per second while every worker has work', () => {
  it.each([
    // One worker, chunks of 100 done every 10 ms: the window is completions 0..(n-2).
    { name: 'one worker, even pace', completions: [10, 20, 30, 40, 50], workers: 1, size: 100, rate: 10_000 },
    // A slow first and last chunk are outside the window.
    { name: 'one worker, slow ends left out', completions: [50, 60, 70, 80, 200], workers: 1, size: 100, rate: 10_000 },
    // Two workers, each a chunk per 10 ms, and a last chunk that ends late: completions 1 (12 ms) to 5 (32 ms).
    { name: 'two workers, idle tail left out', completions: [10, 12, 20, 22, 30, 32, 40, 90], workers: 2, size: 100, rate: 400 / 0.02 },
  ])('$name', ({ completions, workers, size, rate }) => {
    expect(steadyRate(completions, workers, size)).toBeCloseTo(rate, 6);
  });

  it('refuses a run too short for a window, and times out of order', () => {
    expect(() => steadyRate([10, 20, 30], 2, 100)).toThrow(/too few/);
    expect(() => steadyRate([10, 30, 20, 40], 1, 100)).toThrow(/in order/);
  });
});

describe('pairedRatio', () => {
  it('takes the median of the pairs, not the ratio of the medians', () => {
    // Medians 10 and 20 give 2, but each pair's ratio is 1.5, 1.5 and 4.
    const r = pairedRatio([10, 20, 5], [15, 30, 20]);
    expect(r.ratios).toEqual([1.5, 1.5, 4]);
    expect(r).toMatchObject({ median: 1.5, min: 1.5, max: 4 });
  });

  it('refuses runs that do not pair', () => {
    expect(() => pairedRatio([1, 2], [1])).toThrow(/do not pair/);
    expect(() => pairedRatio([], [])).toThrow(/do not pair/);
  });

  it.each([
    // n, the order statistics taken (1-based), coverage 1 - 2 P(Binomial(n, 1/2) < k)
    { n: 1, low: 1, high: 1, coverage: 0 },
    { n: 5, low: 1, high: 5, coverage: 1 - 2 / 32 }, // the range: nothing narrower reaches 95%
    { n: 6, low: 1, high: 6, coverage: 1 - 2 / 64 },
    { n: 8, low: 1, high: 8, coverage: 1 - 2 / 256 }, // the 2nd and 7th cover only 93%
    { n: 9, low: 2, high: 8, coverage: 1 - (2 * 10) / 512 },
    { n: 17, low: 5, high: 13, coverage: 1 - (2 * (1 + 17 + 136 + 680 + 2380)) / 2 ** 17 },
  ])('a 95% interval for the median of $n samples: the $low-th and $high-th smallest', ({ n, low, high, coverage }) => {
    // Samples 10, 20, ... shuffled, so the answer is read from sorted order.
    const xs = Array.from({ length: n }, (_, i) => 10 * (((i * 7) % n) + 1));
    const r = medianInterval(xs);
    expect([r.low, r.high]).toEqual([10 * low, 10 * high]);
    expect(r.coverage).toBeCloseTo(coverage, 12);
    expect(r.coverage).toBeGreaterThanOrEqual(n > 5 ? 0.95 : 0);
  });

  it('the pairs come with the interval of their median', () => {
    const r = pairedRatio([1, 1, 1, 1, 1, 1, 1, 1, 1], [1.9, 1.6, 2.1, 1.7, 1.8, 2.4, 1.3, 2.0, 1.85]);
    expect(r.median).toBe(1.85);
    expect(r.interval).toEqual({ low: 1.6, high: 2.1, coverage: 1 - 20 / 512 });
    expect(() => medianInterval([])).toThrow();
  });

  it('pairs alternate which run goes first', () => {
    expect([0, 1, 2, 3].map(pairOrder)).toEqual([[0, 1], [1, 0], [0, 1], [1, 0]]);
  });

  it('median of odd and even lists', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(() => median([])).toThrow();
  });
});

describe('pooledRatios: the pairs of every run of the same code', () => {
  const records = [
    { code: 'a', pool: [1.9, 2.0], batch: [1.7] },
    { code: 'b', pool: [1.0, 1.0, 1.0], batch: [1.0] },
    { code: null, pool: [3.0], batch: [3.0] },
    { code: 'a', pool: [1.8], batch: [1.85, 1.95] },
  ];

  it.each([
    // code -> runs, pooled pool pairs' median and n, batch's
    { code: 'a', runs: 2, pool: { n: 3, median: 1.9 }, batch: { n: 3, median: 1.85 } },
    { code: 'b', runs: 1, pool: { n: 3, median: 1.0 }, batch: { n: 1, median: 1.0 } },
    { code: 'c', runs: 0, pool: null, batch: null },
  ])('code $code: $runs runs', ({ code, runs, pool, batch }) => {
    const r = pooledRatios(records, code);
    expect(r.runs).toBe(runs);
    expect(r.pool && { n: r.pool.n, median: r.pool.median }).toEqual(pool);
    expect(r.batch && { n: r.batch.n, median: r.batch.median }).toEqual(batch);
  });

  it('gives each line the interval of its pooled median', () => {
    expect(pooledRatios(records, 'a').pool!.interval).toEqual(medianInterval([1.9, 2.0, 1.8]));
  });

  it('a line without pairs in any run is null, not NaN', () => {
    expect(pooledRatios([{ code: 'x', pool: [2], batch: [] }], 'x')).toEqual({ runs: 1, pool: { n: 1, median: 2, interval: medianInterval([2]) }, batch: null });
  });
});
