/**
 * How the benchmark turns timed pool runs into a scaling figure (scripts/bench.ts).
 *
 * Why steady state: a run of a fixed number of chunks also times its ends. At the start
 * each worker waits for its first task; at the end one worker may idle while another
 * finishes its last chunk. Neither says how fast the pool plays while it has work, and
 * both weigh more with more workers. So a run is timed between chunk completions while
 * every worker is still fed: from the completion that ends the first round of chunks to
 * the one after which only one chunk per worker is left.
 *
 * Why paired ratios: the machine's speed drifts by a third over seconds (other tenants),
 * so the one-worker and two-worker runs are timed back to back, in turn (ABBA), and the
 * figure is the median of the pairs' ratios rather than a ratio of medians taken apart.
 */

/**
 * The steady window of a run of `count` completions on `workers` workers: completions
 * `workers - 1` to `count - workers - 1` (0-based). With two tasks held per worker, every
 * worker is busy throughout it.
 */
export function steadyWindow(count: number, workers: number): { first: number; last: number } {
  const first = workers - 1;
  const last = count - workers - 1;
  if (last <= first) throw new Error(`steadyWindow: ${count} completions are too few for a window with ${workers} workers`);
  return { first, last };
}

/**
 * Matches per second over the steady window (steadyWindow), given the time of each
 * completion in order, in milliseconds, and the matches each completion stands for.
 */
export function steadyRate(completions: readonly number[], workers: number, chunkSize: number): number {
  const { first, last } = steadyWindow(completions.length, workers);
  for (let k = 1; k < completions.length; k++)
    if (completions[k] < completions[k - 1]) throw new Error('steadyRate: completion times must be in order');
  const ms = completions[last] - completions[first];
  return ((last - first) * chunkSize) / (ms / 1000);
}

/** Which run goes first in pair `pair`, as indices of (one worker, two workers): 0-1, 1-0, 0-1, ... */
export function pairOrder(pair: number): readonly [number, number] {
  return pair % 2 ? [1, 0] : [0, 1];
}

/** Median of a non-empty list. */
export function median(xs: readonly number[]): number {
  if (xs.length === 0) throw new Error('median of an empty list');
  const a = [...xs].sort((x, y) => x - y);
  return a.length % 2 ? a[a.length >> 1] : (a[a.length / 2 - 1] + a[a.length / 2]) / 2;
}

/**
 * A confidence interval for the median of what was sampled, from the samples' order
 * statistics alone (no assumption about their distribution): the k-th smallest and k-th
 * largest, with the largest k whose coverage, 1 - 2 P(Binomial(n, 1/2) < k), is at least
 * `level` (k = 1, the range, when none is). Nine pairs give the 2nd and 8th, 96.1%; five
 * give the range, 93.75%.
 */
export function medianInterval(xs: readonly number[], level = 0.95): { low: number; high: number; coverage: number } {
  const n = xs.length;
  if (n === 0) throw new Error('medianInterval of an empty list');
  const a = [...xs].sort((x, y) => x - y);
  const coverage = (k: number) => {
    let below = 0; // P(Binomial(n, 1/2) < k)
    let choose = 1;
    for (let i = 0; i < k; i++) {
      below += choose / 2 ** n;
      choose = (choose * (n - i)) / (i + 1);
    }
    return 1 - 2 * below;
  };
  let k = 1;
  while (2 * (k + 1) <= n + 1 && coverage(k + 1) >= level) k++;
  return { low: a[k - 1], high: a[n - k], coverage: coverage(k) };
}

/** The ratio of each pair (b[i] / a[i]), with their median, its interval (medianInterval) and their range. */
export function pairedRatio(a: readonly number[], b: readonly number[]): { median: number; interval: { low: number; high: number; coverage: number }; min: number; max: number; ratios: number[] } {
  if (a.length !== b.length || a.length === 0) throw new Error(`pairedRatio: ${a.length} and ${b.length} runs do not pair`);
  const ratios = b.map((x, i) => x / a[i]);
  return { median: median(ratios), interval: medianInterval(ratios), min: Math.min(...ratios), max: Math.max(...ratios), ratios };
}

/** What pooledRatios reads from one bench record: the code it measured and its pairs' ratios. */
export interface BenchRatios {
  /** Fingerprint of the measured code and machine (null: unknown, never pooled). */
  code: string | null;
  pool: readonly number[];
  batch: readonly number[];
}

export interface PooledLine {
  /** Pairs pooled. */
  n: number;
  median: number;
  interval: { low: number; high: number; coverage: number };
}

/**
 * Every record of `code`, its pairs pooled per line: their median with its interval
 * (medianInterval); null for a line with no pairs. Why: one run's median of 9-15 pairs
 * still misses a target it meets on the whole about one time in six here,
 * while the medians of separate runs spread as independent pairs would make them, so the
 * pairs of many runs of the same code are one larger sample.
 */
export function pooledRatios(records: readonly BenchRatios[], code: string): { runs: number; pool: PooledLine | null; batch: PooledLine | null } {
  const mine = records.filter((r) => r.code === code);
  const line = (xs: number[]): PooledLine | null => (xs.length ? { n: xs.length, median: median(xs), interval: medianInterval(xs) } : null);
  return { runs: mine.length, pool: line(mine.flatMap((r) => r.pool)), batch: line(mine.flatMap((r) => r.batch)) };
}
