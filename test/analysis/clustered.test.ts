/**
 * Pair- and seed-clustered intervals (docs/statistics.md, "The unit of evidence"): known
 * answers for the formulas, and coverage by simulation: under correlated pairs the
 * clustered 95% intervals cover the truth 93-97% of the time, where intervals that take
 * matches as independent fall short.
 */
import { describe, expect, it } from 'vitest';
import seedrandom from 'seedrandom';
import { addCluster, clusteredMean, clusteredVariance, clusteredWilson, emptyClusterSums, tQuantile, wilson, meanInterval } from '../../src/analysis/stats.js';
import { SummaryAccumulator, type ExperimentPlayer } from '../../src/analysis/summary.js';
import { loadGameTables } from '../../src/content/load.js';
import { STATUS_VICTORY } from '../../src/rules/state.js';
import { handRecords, type HandRecord } from './records.js';

describe('cluster sums', () => {
  it.each([
    // clusters (lists of values), CR1 variance of the mean written out by hand
    { clusters: [[1, 1], [0, 0]], v: (2 / 1) * ((2 - 1) ** 2 + (0 - 1) ** 2) / 16 },
    { clusters: [[1, 0], [0, 1]], v: 0 },
    { clusters: [[3, 1], [0, 2], [5]], v: (3 / 2) * ((4 - 2 * 2.2) ** 2 + (2 - 2 * 2.2) ** 2 + (5 - 2.2) ** 2) / 25 },
  ])('CR1 variance of $clusters', ({ clusters, v }) => {
    const c = emptyClusterSums();
    for (const cl of clusters) addCluster(c, cl.reduce((a, x) => a + x, 0), cl.length);
    expect(clusteredVariance(c)).toBeCloseTo(v, 12);
  });

  it('one cluster gives no interval, never a zero-width one', () => {
    const c = emptyClusterSums();
    addCluster(c, 2, 2);
    expect(clusteredMean(c).lo).toBeNaN();
    expect(clusteredWilson(c)).toMatchObject({ lo: 0, hi: 1 });
  });

  it('identical pairs do not give a zero-width rate interval', () => {
    const c = emptyClusterSums();
    for (let i = 0; i < 20; i++) addCluster(c, 1, 2); // every pair split 1-1
    const r = clusteredWilson(c);
    expect(r.value).toBe(0.5);
    expect(r.hi - r.lo).toBeGreaterThan(0.1);
  });

  it.each([
    [3, 3.182446],
    [5, 2.570582],
    [10, 2.228139],
    [30, 2.042272],
    [1, 12.706205],
    [2, 4.302653],
  ])("Student's t quantile at 0.975 with %i degrees of freedom", (df, t) => {
    expect(Math.abs(tQuantile(0.975, df) - t)).toBeLessThan(0.005);
  });
});

/** Pairs whose two games share a pair-level win chance 0.5 ± 0.3: within-pair correlation 0.36. */
function correlatedPair(rng: () => number, p: number): [number, number] {
  const q = Math.min(1, Math.max(0, p + (rng() < 0.5 ? -0.3 : 0.3)));
  return [rng() < q ? 1 : 0, rng() < q ? 1 : 0];
}

describe('coverage by simulation under correlated pairs', () => {
  const REPLICATES = 2000;
  const PAIRS = 60;

  it('the clustered Wilson interval covers 93-97%; the per-match Wilson interval does not', () => {
    const rng = seedrandom('coverage/rate');
    const truth = 0.5;
    let clustered = 0;
    let naive = 0;
    for (let r = 0; r < REPLICATES; r++) {
      const c = emptyClusterSums();
      for (let k = 0; k < PAIRS; k++) {
        const [x, y] = correlatedPair(rng, truth);
        addCluster(c, x + y, 2);
      }
      const ci = clusteredWilson(c);
      if (ci.lo <= truth && truth <= ci.hi) clustered++;
      const w = wilson(c.sum, c.n);
      if (w.lo <= truth && truth <= w.hi) naive++;
    }
    expect(clustered / REPLICATES).toBeGreaterThanOrEqual(0.93);
    expect(clustered / REPLICATES).toBeLessThanOrEqual(0.97);
    expect(naive / REPLICATES).toBeLessThan(0.925);
  });

  it('the cluster-robust mean interval covers 93-97%; the per-match one does not', () => {
    const rng = seedrandom('coverage/mean');
    const truth = 10;
    let clustered = 0;
    let naive = 0;
    for (let r = 0; r < REPLICATES; r++) {
      const c = emptyClusterSums();
      let sum = 0;
      let sumSq = 0;
      for (let k = 0; k < PAIRS; k++) {
        // A shared pair effect (sd 3) and a game effect (sd 2): correlation 9/13.
        const shared = (rng() - 0.5) * 3 * Math.sqrt(12);
        const x = truth + shared + (rng() - 0.5) * 2 * Math.sqrt(12);
        const y = truth + shared + (rng() - 0.5) * 2 * Math.sqrt(12);
        addCluster(c, x + y, 2);
        sum += x + y;
        sumSq += x * x + y * y;
      }
      const ci = clusteredMean(c);
      if (ci.lo <= truth && truth <= ci.hi) clustered++;
      const m = meanInterval(sum, sumSq, 2 * PAIRS);
      if (m.lo <= truth && truth <= m.hi) naive++;
    }
    expect(clustered / REPLICATES).toBeGreaterThanOrEqual(0.93);
    expect(clustered / REPLICATES).toBeLessThanOrEqual(0.97);
    expect(naive / REPLICATES).toBeLessThan(0.9);
  });

  it('the accumulator end to end: a pairing win rate from records covers 93-97%', () => {
    const tables = loadGameTables();
    const players: ExperimentPlayer[] = [
      { name: 'A', policy: 'x', faction: 'fpa' },
      { name: 'B', policy: 'x', faction: 'fpa' },
    ];
    const rng = seedrandom('coverage/accumulator');
    const reps = 500;
    let covered = 0;
    for (let r = 0; r < reps; r++) {
      const recs: HandRecord[] = [];
      for (let k = 0; k < PAIRS; k++) {
        const [x, y] = correlatedPair(rng, 0.5);
        // x: A won game 0 (A in seat 0); y: A won game 1 (A in seat 1).
        recs.push({ pair: k, game: 0, p0: 0, p1: 1, f0: 0, f1: 0, winner: x ? 0 : 1, status: STATUS_VICTORY, rounds: 5 });
        recs.push({ pair: k, game: 1, p0: 1, p1: 0, f0: 0, f1: 0, winner: y ? 1 : 0, status: STATUS_VICTORY, rounds: 5 });
      }
      const acc = new SummaryAccumulator({ name: 'cov', players, tables });
      acc.add(handRecords(recs), recs.length);
      const w = acc.summarize().pairings[0].players[0].winRate;
      if (w.lo <= 0.5 && 0.5 <= w.hi) covered++;
    }
    expect(covered / reps).toBeGreaterThanOrEqual(0.92);
    expect(covered / reps).toBeLessThanOrEqual(0.98);
  });
});

describe('seeds shared across pairings', () => {
  it('pool the seat advantage and a player win rate by seed, so a seed replayed in every pairing counts once', () => {
    const tables = loadGameTables();
    const players: ExperimentPlayer[] = ['A', 'B', 'C', 'D'].map((name) => ({ name, policy: 'x', faction: 'fpa' }));
    // Three pairings (A-B, A-C, A-D) replay the same 10 seeds; on even seeds seat 0 wins, on odd ones seat 1.
    const recs: HandRecord[] = [];
    let pair = 0;
    for (const opp of [1, 2, 3])
      for (let k = 0; k < 10; k++, pair++) {
        const w = k % 2 === 0 ? 0 : 1;
        recs.push({ pair, game: 0, p0: 0, p1: opp, f0: 0, f1: 0, winner: w, status: STATUS_VICTORY, rounds: 5, seed: 500 + k });
        recs.push({ pair, game: 1, p0: opp, p1: 0, f0: 0, f1: 0, winner: w, status: STATUS_VICTORY, rounds: 5, seed: 500 + k });
      }
    const acc = new SummaryAccumulator({ name: 'seeds', players, tables });
    acc.add(handRecords(recs), recs.length);
    const s = acc.summarize();
    expect(s.seeds).toBe(10);
    expect(s.seat).toMatchObject({ n: 60, seat0Wins: 30 });
    expect(s.seat.seat0WinRate.clusters).toBe(10);
    // Each seed's six games all went to one seat: the interval is that of 10 independent units, not 60.
    const asTen = wilson(5, 10);
    expect(s.seat.seat0WinRate.lo).toBeCloseTo(asTen.lo, 6);
    expect(s.seat.seat0WinRate.hi).toBeCloseTo(asTen.hi, 6);
    const a = s.playerStats.find((p) => p.name === 'A')!;
    expect(a.winRate).toMatchObject({ n: 60, clusters: 10, value: 0.5 });
  });
});
