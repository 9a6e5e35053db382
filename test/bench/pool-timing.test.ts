import { describe, expect, it } from 'vitest';
import { median, pairedRatio, steadyRate } from '../../scripts/pool-timing.js';

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

  it('median of odd and even lists', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(() => median([])).toThrow();
  });
});
