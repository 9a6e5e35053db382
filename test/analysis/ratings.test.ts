/**
 * Known answers for the Bradley-Terry ratings (docs/statistics.md lists which test checks
 * what): the 2-player case where the fit is the Elo of the score, a 3-player case whose data
 * are exactly Bradley-Terry (γ = 1, 2, 4), the likelihood equations at the optimum, the
 * virtual-draw prior by hand, and the bootstrap (contains the estimate, shrinks with data,
 * seeded). Also the binomial sampler the bootstrap draws with, against the exact pmf.
 */
import { describe, expect, it } from 'vitest';
import seedrandom from 'seedrandom';
import { loadGameTables } from '../../src/content/load.js';
import {
  binomialSample,
  bradleyTerry,
  eloFromGamma,
  fitRatings,
  multinomialSample,
  quantile,
  ratingInput,
  ratingPairings,
  summaryRatings,
  type RatingPairing,
} from '../../src/analysis/ratings.js';
import { ratingsSection } from '../../src/report/balance-sections.js';
import type { Headline } from '../../src/report/model.js';
import { rngOf, simulatePairs, withScore } from './pair-sim.js';
import { SummaryAccumulator, type ExperimentPlayer } from '../../src/analysis/summary.js';
import { STATUS_DRAW, STATUS_VICTORY } from '../../src/rules/state.js';
import { handRecords, type HandRecord } from './records.js';

/** A pairing from a's pentanomial counts (W/D/L unused when there are pairs). */
const P = (a: number, b: number, counts: number[]): RatingPairing => ({ a, b, counts, wins: 0, draws: 0, losses: 0 });

describe('Bradley-Terry by MM: known answers', () => {
  it('two players: the fit is the Elo of the score (75% → 400·log10 3 = 190.85)', () => {
    // 20 pairs: 10 split 1–1, 10 won twice by A: A scores 30 of 40
    const r = fitRatings([P(0, 1, [0, 0, 10, 0, 10])], 2, { names: ['A', 'B'], resamples: 0 });
    expect(r.anchor).toEqual({ index: 0, name: 'A' });
    expect(r.players[0].elo).toBe(0);
    expect(r.players[1].elo).toBeCloseTo(-190.84850188786497, 6);
    expect(r.prior).toBe(false);
    expect(r.converged).toBe(true);
    // anchored on B instead, by name: A is +190.85
    const rb = fitRatings([P(0, 1, [0, 0, 10, 0, 10])], 2, { names: ['A', 'B'], anchor: 'B', resamples: 0 });
    expect(rb.anchor).toEqual({ index: 1, name: 'B' });
    expect(rb.players[0].elo).toBeCloseTo(190.84850188786497, 6);
    expect(rb.players[1].elo).toBe(0);
  });

  it('draws count as half a win: 10 draws and 10 A wins in 10 pairs is a 75% score too', () => {
    const r = fitRatings([P(0, 1, [0, 0, 0, 10, 0])], 2, { resamples: 0 });
    expect(r.players[1].elo).toBeCloseTo(-190.84850188786497, 6);
    expect(r.players[0].points).toBe(15);
    expect(r.players[0].n).toBe(20);
  });

  it('three players, data exactly Bradley-Terry with γ = 1, 2, 4: Elo 0, 400·log10 2, 400·log10 4', () => {
    // P(B beats A) = 2/3, P(C beats B) = 2/3, P(C beats A) = 4/5, 30 games each:
    // A scores 10 of 30 against B (5 pairs 0–2, 10 pairs 1–1), B 10 of 30 against C, A 6 of 30 against C.
    const pairings = [P(0, 1, [5, 0, 10, 0, 0]), P(1, 2, [5, 0, 10, 0, 0]), P(0, 2, [9, 0, 6, 0, 0])];
    const r = fitRatings(pairings, 3, { names: ['A', 'B', 'C'], resamples: 0 });
    expect(r.players.map((p) => p.elo)).toEqual([0, expect.closeTo(120.41199826559248, 6), expect.closeTo(240.82399653118496, 6)]);
    // the same data given in the other direction (b's view) fit the same
    const flipped = pairings.map((p) => P(p.b, p.a, p.counts.slice().reverse()));
    const r2 = fitRatings(flipped, 3, { resamples: 0 });
    r2.players.forEach((p, i) => expect(p.elo).toBeCloseTo(r.players[i].elo, 6));
  });

  it('at the optimum every player’s expected score equals its actual score (the likelihood equations)', () => {
    const pairings = [P(0, 1, [3, 5, 9, 4, 1]), P(0, 2, [1, 2, 6, 8, 5]), P(1, 2, [2, 7, 3, 2, 6]), P(2, 3, [4, 4, 4, 4, 4]), P(1, 3, [0, 3, 9, 2, 1])];
    const fit = bradleyTerry(4, pairings);
    expect(fit.converged).toBe(true);
    const expected = [0, 0, 0, 0];
    const actual = [0, 0, 0, 0];
    for (const p of pairings) {
      const pairs = p.counts.reduce((t, c) => t + c, 0);
      const pts = p.counts.reduce((t, c, k) => t + (c * k) / 2, 0);
      const e = (2 * pairs * fit.gamma[p.a]) / (fit.gamma[p.a] + fit.gamma[p.b]);
      expected[p.a] += e;
      expected[p.b] += 2 * pairs - e;
      actual[p.a] += pts;
      actual[p.b] += 2 * pairs - pts;
    }
    expected.forEach((e, i) => expect(e).toBeCloseTo(actual[i], 7));
  });

  it('all pairings even: every rating 0', () => {
    const even = [P(0, 1, [1, 2, 4, 2, 1]), P(0, 2, [0, 3, 6, 3, 0]), P(1, 2, [2, 2, 2, 2, 2])];
    const r = fitRatings(even, 3, { resamples: 200, seed: 1 });
    for (const p of r.players) {
      expect(p.elo).toBeCloseTo(0, 8);
      expect(p.lo).toBeLessThanOrEqual(0);
      expect(p.hi).toBeGreaterThanOrEqual(0);
    }
  });

  it('a clean sweep: one virtual draw per pairing, by hand 400·log10(20.5/0.5), and the output says so', () => {
    const r = fitRatings([P(0, 1, [0, 0, 0, 0, 10])], 2, { names: ['A', 'B'], resamples: 50 });
    expect(r.prior).toBe(true);
    expect(r.players[1].elo).toBeCloseTo(-400 * Math.log10(20.5 / 0.5), 6);
    expect(r.notes.join(' ')).toMatch(/virtual draw/);
    expect(r.notes.join(' ')).toMatch(/A vs B ended the same way/);
    // 'never' leaves the maximum at infinity: no finite rating
    expect(Number.isFinite(eloFromGamma(bradleyTerry(2, [P(0, 1, [0, 0, 0, 0, 10])], { prior: 'never', maxIterations: 200 }), 0)[1])).toBe(false);
  });

  it('a player who lost every game but is linked both ways through others needs no prior', () => {
    // A loses everything to C, but A and B trade results, B and C too
    const r = fitRatings([P(0, 1, [1, 2, 2, 1, 1]), P(0, 2, [3, 0, 0, 0, 0]), P(1, 2, [1, 1, 2, 1, 1])], 3, { resamples: 0 });
    expect(r.prior).toBe(false);
    expect(r.players.every((p) => Number.isFinite(p.elo))).toBe(true);
    expect(r.players[2].elo).toBeGreaterThan(0);
  });

  it('entrants without games, or not linked to the anchor, have no rating; bad anchors are refused', () => {
    const r = fitRatings([P(0, 1, [1, 1, 1, 1, 1]), P(2, 3, [1, 1, 1, 1, 1])], 5, { names: ['A', 'B', 'C', 'D', 'E'], resamples: 20 });
    expect(r.players.map((p) => Number.isFinite(p.elo))).toEqual([true, true, false, false, false]);
    expect(r.notes.join(' ')).toMatch(/No rating .*: C, D, E/);
    expect(() => fitRatings([], 2, { anchor: 'Z' })).toThrow(RangeError);
    expect(() => fitRatings([], 2, { anchor: 2 })).toThrow(RangeError);
    expect(() => fitRatings([P(0, 0, [1, 0, 0, 0, 0])], 2)).toThrow(RangeError);
  });

  it('pairings without completed pairs use their matches (W/D/L)', () => {
    const r = fitRatings([{ a: 0, b: 1, counts: [0, 0, 0, 0, 0], wins: 6, draws: 0, losses: 2 }], 2, { resamples: 100 });
    expect(r.players[1].elo).toBeCloseTo(-190.84850188786497, 6);
    expect(r.players[0].n).toBe(8);
    expect(r.players[0].pairs).toBe(0);
    expect(Number.isFinite(r.players[1].lo)).toBe(true);
  });
});

describe('bootstrap intervals over pairs', () => {
  const base = [P(0, 1, [2, 6, 10, 8, 4]), P(0, 2, [5, 8, 9, 5, 3]), P(1, 2, [3, 7, 10, 6, 4])];

  it('contain the estimate, the anchor is [0, 0], and the same seed gives the same numbers', () => {
    const r = fitRatings(base, 3, { resamples: 300, seed: 'x' });
    expect(r.resamples).toBe(300);
    expect(r.players[0]).toMatchObject({ elo: 0, lo: 0, hi: 0 });
    for (const p of r.players.slice(1)) {
      expect(p.lo).toBeLessThan(p.elo);
      expect(p.hi).toBeGreaterThan(p.elo);
    }
    expect(fitRatings(base, 3, { resamples: 300, seed: 'x' })).toEqual(r);
    expect(fitRatings(base, 3, { resamples: 300, seed: 'y' }).players[1].lo).not.toBe(r.players[1].lo);
  });

  it('shrink with more data: 16 times the pairs, about a quarter of the width', () => {
    const r1 = fitRatings(base, 3, { resamples: 400, seed: 3 });
    const r16 = fitRatings(
      base.map((p) => P(p.a, p.b, p.counts.map((c) => 16 * c))),
      3,
      { resamples: 400, seed: 3 },
    );
    for (const i of [1, 2]) {
      expect(r16.players[i].elo).toBeCloseTo(r1.players[i].elo, 6);
      const ratio = (r16.players[i].hi - r16.players[i].lo) / (r1.players[i].hi - r1.players[i].lo);
      expect(ratio).toBeGreaterThan(0.15);
      expect(ratio).toBeLessThan(0.35);
    }
  });

  it('roughly agree with the pentanomial interval in the two-player case', () => {
    // A vs B alone: the bootstrap interval of B's Elo should be close to the normal-theory one
    const counts = [20, 60, 120, 120, 80];
    const r = fitRatings([P(0, 1, counts)], 2, { resamples: 1000, seed: 5 });
    const mu = counts.reduce((t, c, k) => t + (c * k) / 4, 0) / 400;
    const sd = Math.sqrt(counts.reduce((t, c, k) => t + c * (k / 4 - mu) ** 2, 0) / 400);
    const half = (1.959964 * sd) / 20;
    const elo = (s: number) => 400 * Math.log10(s / (1 - s));
    expect(-r.players[1].hi).toBeCloseTo(elo(mu - half), -1); // within 5 Elo
    expect(-r.players[1].lo).toBeCloseTo(elo(mu + half), -1);
  });
});

describe('from a Summary', () => {
  const tables = loadGameTables();
  const players: ExperimentPlayer[] = ['A', 'B', 'C'].map((name) => ({ name, policy: 'random', faction: 'fpa' }));
  const rows: HandRecord[] = [];
  let pair = 0;
  /** One pair: a in seat 0 then seat 1; results are a's points per game (1, ½, 0). */
  const play = (a: number, b: number, r0: number, r1: number) => {
    const id = pair++;
    [r0, r1].forEach((r, game) => {
      const [s0, s1] = game === 0 ? [a, b] : [b, a];
      const winner = r === 1 ? a : r === 0 ? b : -1;
      rows.push({ pair: id, game, p0: s0, p1: s1, f0: 0, f1: 0, winner: winner < 0 ? -1 : winner === s0 ? 0 : 1, status: winner < 0 ? STATUS_DRAW : STATUS_VICTORY });
    });
  };
  play(0, 1, 1, 1);
  play(0, 1, 1, 0);
  play(1, 0, 0.5, 0); // B–A pair stored from A's view: A scores ½ + 1
  play(0, 2, 0, 0.5);
  play(1, 2, 1, 0);
  play(2, 1, 1, 1);
  const acc = new SummaryAccumulator({ name: 'rated', players, tables });
  acc.add(handRecords(rows), rows.length);
  const summary = acc.summarize();

  it('ratingPairings / ratingInput read the pairings from A’s view', () => {
    const ps = ratingPairings(summary);
    expect(ps).toEqual([
      { a: 0, b: 1, counts: [0, 0, 1, 1, 1], wins: 4, draws: 1, losses: 1 },
      { a: 0, b: 2, counts: [0, 1, 0, 0, 0], wins: 0, draws: 1, losses: 1 },
      { a: 1, b: 2, counts: [1, 0, 1, 0, 0], wins: 1, draws: 0, losses: 3 },
    ]);
    expect(ratingInput(summary)).toEqual({ pairings: ps, nPlayers: 3, names: ['A', 'B', 'C'] });
  });

  it('summaryRatings = fitRatings(ratingInput(summary)) = fitRatings(pairings, n, names)', () => {
    const a = summaryRatings(summary, { resamples: 50, seed: 9 });
    const b = fitRatings(ratingInput(summary), { resamples: 50, seed: 9 });
    const c = fitRatings(ratingPairings(summary), 3, { names: ['A', 'B', 'C'], resamples: 50, seed: 9 });
    expect(b).toEqual(a);
    expect(c).toEqual(a);
    expect(a.anchor.name).toBe('A');
    expect(a.players.map((p) => p.n)).toEqual([8, 10, 6]); // games: A–B 3 pairs, A–C 1, B–C 2
    expect(JSON.parse(JSON.stringify(a)).method).toMatch(/Bradley-Terry/);
  });
});

describe('random variates and quantiles', () => {
  /** Pearson χ² of samples against the exact Binomial(n, p) pmf over cells expecting ≥ 20. */
  function chi2(n: number, p: number, seed: string, draws: number): { stat: number; df: number } {
    const rng = seedrandom(seed);
    const hist = new Array<number>(n + 1).fill(0);
    for (let i = 0; i < draws; i++) hist[binomialSample(n, p, rng)]++;
    let logp = n * Math.log(1 - p);
    let stat = 0;
    let df = -1;
    for (let k = 0; k <= n; k++) {
      const e = draws * Math.exp(logp);
      if (e >= 20) {
        stat += (hist[k] - e) ** 2 / e;
        df++;
      }
      logp += Math.log((n - k) / (k + 1)) + Math.log(p / (1 - p));
    }
    return { stat, df };
  }

  it('binomial variates follow the binomial law (inversion below n·p = 10, BTRS above)', () => {
    for (const [n, p, seed] of [
      [30, 0.2, 'inv'],
      [100, 0.3, 'btrs'],
      [200, 0.9, 'mirror'],
      [40, 0.5, 'half'],
    ] as [number, number, string][]) {
      const { stat, df } = chi2(n, p, seed, 100_000);
      // far above the 99.9% point would be a broken sampler; df + 5·√(2df) is beyond it for these df
      expect(stat, `n=${n} p=${p}`).toBeLessThan(df + 5 * Math.sqrt(2 * df));
    }
    const rng = seedrandom('edge');
    expect(binomialSample(0, 0.3, rng)).toBe(0);
    expect(binomialSample(10, 0, rng)).toBe(0);
    expect(binomialSample(10, 1, rng)).toBe(10);
    const big = binomialSample(1e9, 0.25, rng);
    expect(Math.abs(big - 2.5e8)).toBeLessThan(6 * Math.sqrt(1e9 * 0.25 * 0.75));
  });

  it('multinomial variates keep the total and respect empty bins', () => {
    const rng = seedrandom('m');
    for (let i = 0; i < 200; i++) {
      const x = multinomialSample(37, [0.1, 0, 0.5, 0.3, 0.1], rng);
      expect(x.reduce((t, v) => t + v, 0)).toBe(37);
      expect(x[1]).toBe(0);
    }
    expect(multinomialSample(5, [0, 0, 1, 0, 0], rng)).toEqual([0, 0, 5, 0, 0]);
  });

  it('quantiles are type 7 (R’s default): quantile(1:4, 0.25) = 1.75', () => {
    expect(quantile([1, 2, 3, 4], 0.25)).toBe(1.75);
    expect(quantile([1, 2, 3, 4], 0.5)).toBe(2.5);
    expect(quantile([1, 2, 3, 4], 0)).toBe(1);
    expect(quantile([1, 2, 3, 4], 1)).toBe(4);
    expect(quantile([], 0.5)).toBeNaN();
  });
});

describe('what an interval is worth: too few pairs, the prior, a separated top', () => {
  const headlinesOf = (r: ReturnType<typeof fitRatings>) => {
    const hs: Headline[] = [];
    ratingsSection(r, new Map(), hs, true);
    return hs;
  };

  it('one pair: Elo 190.85 but the interval is "too few pairs", and the top is not separated', () => {
    const r = fitRatings([P(0, 1, [0, 0, 0, 1, 0])], 2, { names: ['A', 'B'], resamples: 100, anchor: 1 });
    expect(r.players[0].elo).toBeCloseTo(190.85, 2);
    expect(r.players[0].hi - r.players[0].lo).toBe(0); // the resamples never move it
    expect(r.players[0].interval).toBe('too-few-pairs');
    expect(r.players[1].interval).toBe('anchor');
    expect(r.top!.separated).toBe(false);
    expect(r.notes.join(' ')).toMatch(/Too few pairs/);
  });

  it('an exact tie: no "highest rated" headline, and the section says no entrant is detectably highest', () => {
    const even = [P(0, 1, [0, 0, 20, 0, 0]), P(0, 2, [0, 0, 20, 0, 0]), P(1, 2, [0, 0, 20, 0, 0])];
    const r = fitRatings(even, 3, { names: ['g0', 'g1', 'g2'], resamples: 100 });
    expect(r.top!.separated).toBe(false);
    const hs = headlinesOf(r);
    expect(hs.map((h) => h.text).join(' ')).not.toMatch(/Highest rated/);
    expect(hs[0].text).toMatch(/No entrant is detectably the highest rated/);
  });

  it('a clean sweep: the ratings are marked as bounded by the prior, and the report says so', () => {
    const r = fitRatings([P(0, 1, [0, 0, 0, 0, 20]), P(0, 2, [0, 0, 0, 0, 20]), P(1, 2, [3, 5, 6, 4, 2])], 3, { names: ['A', 'B', 'C'], resamples: 100 });
    expect(r.prior).toBe(true);
    // Relative to the anchor A, who won every game, B's and C's ratings are set by the prior; B vs C is not.
    expect(r.players.map((p) => p.priorBound)).toEqual([false, true, true]);
    expect(r.top!.priorBound).toBe(true);
    expect(r.notes.join(' ')).toMatch(/ratings of B, C are bounded by that prior/);
    const byC = fitRatings([P(0, 1, [0, 0, 0, 0, 20]), P(0, 2, [0, 0, 0, 0, 20]), P(1, 2, [3, 5, 6, 4, 2])], 3, { names: ['A', 'B', 'C'], resamples: 0, anchor: 'C' });
    expect(byC.players.map((p) => p.priorBound)).toEqual([true, false, false]);
    const text = headlinesOf(r).map((h) => h.text).join(' ');
    expect(text).toMatch(/virtual-draw prior/);
  });

  it('a clearly stronger entrant: separated, with the difference to the next and the share of resamples it is first', () => {
    const r = fitRatings([P(0, 1, [1, 3, 10, 20, 16]), P(0, 2, [1, 4, 10, 19, 16]), P(1, 2, [4, 8, 10, 9, 4])], 3, { names: ['A', 'B', 'C'], resamples: 300 });
    expect(r.top!.index).toBe(0);
    expect(r.top!.separated).toBe(true);
    expect(r.top!.difference.lo).toBeGreaterThan(0);
    expect(r.top!.first).toBeGreaterThan(0.95);
    expect(headlinesOf(r)[0].text).toMatch(/^Highest rated: A, ahead of/);
  });

  it('null: identical entrants over 8 seeds never give a "highest rated" headline', () => {
    const [w, d] = withScore(0.5, 0.3);
    for (let seed = 0; seed < 8; seed++) {
      const rng = rngOf(`ratings-null-${seed}`);
      const pairings: RatingPairing[] = [];
      for (let i = 0; i < 4; i++) for (let j = i + 1; j < 4; j++) pairings.push(P(i, j, simulatePairs(rng, 30, w, d, 0.5).penta));
      const r = fitRatings(pairings, 4, { resamples: 200, seed });
      expect(headlinesOf(r).map((h) => h.text).join(' ')).not.toMatch(/Highest rated/);
    }
  });
});
