/**
 * The autobalance search on synthetic noisy objectives with a known answer: a score that is
 * a logistic function of the levers' steps, games drawn from it on seeded streams shared by
 * every candidate of a round (common random numbers, as the real evaluator plays them).
 */
import { describe, it, expect } from 'vitest';
import seedrandom from 'seedrandom';
import {
  searchBalance,
  stepRange,
  leverValue,
  settingCost,
  settingChanges,
  enumerateSettings,
  neighbours,
  fitModel,
  predict,
  finalRanking,
  type Lever,
  type Setting,
  type CandidateRecord,
} from '../../src/analysis/autobalance.ts';

const expit = (x: number) => 1 / (1 + Math.exp(-x));
const logit = (p: number) => Math.log(p / (1 - p));

/** An evaluator whose matchup m scores expit(a_m + Σ b_ml·k_l); game outcomes from a stream per (round, pair, game), shared by all settings. */
function synthetic(a: number[], b: number[][], seed: string) {
  let matches = 0;
  const truth = (s: Setting, m: number) => expit(a[m] + s.reduce((v, k, l) => v + b[m][l] * k, 0));
  const evaluate = async (settings: Setting[], round: number, pairs: number) => {
    matches += settings.length * a.length * pairs * 2;
    // One uniform per game, shared by every setting: common random numbers.
    const u = a.map((_, m) => {
      const rng = seedrandom(`${seed}/${round}/${m}`);
      return Float64Array.from({ length: 2 * pairs }, () => rng());
    });
    return settings.map((s) => {
      const out = new Float64Array(a.length * pairs);
      for (let m = 0; m < a.length; m++) {
        const p = truth(s, m);
        for (let k = 0; k < pairs; k++) out[m * pairs + k] = ((u[m][2 * k] < p ? 1 : 0) + (u[m][2 * k + 1] < p ? 1 : 0)) / 2;
      }
      return out;
    });
  };
  return { evaluate, truth, played: () => matches };
}

const lever = (card: string, base: number, min: number, max: number, step = 1): Lever => ({ card, field: 'damage', base, min, max, step });

describe('levers and settings', () => {
  it.each([
    // base, min, max, step -> step range, value at the top
    [3, 1, 6, 1, -2, 3, 6],
    [3, 3, 3, 1, 0, 0, 3],
    [0.3, 0, 1, 0.1, -3, 7, 1],
    [5, 1, 6, 2, -2, 0, 5],
  ])('base %d in [%d, %d] by %d: steps %d..%d, top value %d', (base, min, max, step, lo, hi, top) => {
    const l = lever('x', base, min, max, step);
    expect(stepRange(l)).toEqual({ lo, hi });
    expect(leverValue(l, hi)).toBe(top);
  });

  it('costs count levers moved, then steps; changes list moved levers only', () => {
    expect(settingCost([0, -2, 1])).toEqual({ moved: 2, steps: 3 });
    expect(settingChanges([lever('a', 3, 1, 6), lever('b', 4, 1, 6)], [0, -1])).toEqual([{ card: 'b', field: 'damage', value: 3, from: 4 }]);
  });

  it('enumerates every setting of at most maxChanges moved levers, cheapest first', () => {
    const ls = [lever('a', 3, 1, 5), lever('b', 2, 1, 3), lever('c', 1, 1, 2)]; // 4, 2 and 1 moves
    expect(enumerateSettings(ls, 0)).toEqual([[0, 0, 0]]);
    expect(enumerateSettings(ls, 1)).toHaveLength(1 + 4 + 2 + 1);
    expect(enumerateSettings(ls, 2)).toHaveLength(1 + 7 + (4 * 2 + 4 * 1 + 2 * 1));
    expect(enumerateSettings(ls, 3)).toHaveLength(1 + 7 + 14 + 4 * 2 * 1);
    expect(enumerateSettings(ls, 3, 10)).toHaveLength(10);
  });

  it('neighbours move one lever one step or back to base, and add no lever past maxChanges', () => {
    const ls = [lever('a', 3, 1, 5), lever('b', 2, 1, 3)];
    expect(neighbours(ls, [1, 0], 2).map((s) => s.join(','))).toEqual(['0,0', '2,0', '1,-1', '1,1']);
    expect(neighbours(ls, [1, 0], 1).map((s) => s.join(','))).toEqual(['0,0', '2,0']);
  });
});

describe('the model', () => {
  it('recovers a logistic score that is quadratic in each lever from exact measurements', () => {
    const coef = [0.4, -0.3, 0.05, 0.2, 0];
    const cs = enumerateSettings([lever('a', 0, -3, 3), lever('b', 0, -3, 3)], 2).map(
      (s) => ({ setting: s, pairs: 1e6, mean: [predict(coef, s)] }) as unknown as CandidateRecord,
    );
    const fit = fitModel(cs, 0, 2)!;
    fit.forEach((v, i) => expect(v).toBeCloseTo(coef[i], 3));
  });
});

describe('the search finds the smallest change that meets the target', () => {
  // Matchup scores expit(a + Σ b·k); the known answer is the cheapest setting whose true
  // score is within the band (checked against the truth below, case by case).
  const cases: { name: string; a: number[]; b: number[][]; levers: Lever[]; targets: number[]; answer: number[] }[] = [
    {
      // FPA-like 85%; lever a moves the score 0.35 logits a step, b 0.1, c nothing: a at -5 gives 49.5%.
      name: 'one strong lever, one weak, one idle',
      a: [logit(0.85)],
      b: [[0.35, 0.1, 0]],
      levers: [lever('a', 6, 0, 8), lever('b', 3, 0, 6), lever('c', 2, 0, 4)],
      targets: [0.5],
      answer: [-5, 0, 0],
    },
    {
      // A planted +2: the lever back at its base meets the target; nothing else moves it.
      name: 'a planted imbalance undone',
      a: [logit(0.5) + 2 * 0.45],
      b: [[0.45, 0]],
      levers: [lever('a', 5, 1, 6), lever('b', 3, 1, 5)],
      targets: [0.5],
      answer: [-2, 0],
    },
    {
      // Lever a alone cannot reach: its range stops at -2 (70%); b's two steps finish the job.
      name: 'two levers needed',
      a: [logit(0.85)],
      b: [[0.4, 0.45]],
      levers: [lever('a', 4, 2, 6), lever('b', 4, 2, 6)],
      targets: [0.5],
      answer: [-2, -2],
    },
    {
      // One lever reaches 48.4% (in band); a two-lever setting hits 50.0% exactly, but costs more.
      name: 'one lever in band beats a closer pair',
      a: [logit(0.85)],
      b: [[0.3, 0.2346]],
      levers: [lever('a', 6, 0, 8), lever('b', 3, 0, 6)],
      targets: [0.5],
      answer: [-6, 0],
    },
    {
      // Two matchups pulled opposite ways by lever b: only a meets both (52% and 49%).
      name: 'two matchups',
      a: [logit(0.8), logit(0.78)],
      b: [
        [0.45, 0.3],
        [0.45, -0.3],
      ],
      levers: [lever('a', 3, 0, 6), lever('b', 3, 0, 6)],
      targets: [0.5, 0.5],
      answer: [-3, 0],
    },
  ];

  it.each(cases)('$name', async ({ a, b, levers, targets, answer }) => {
    const band = 0.03;
    const sim = synthetic(a, b, 'search');
    // The known answer is in band, and nothing cheaper is (the case's own check).
    const meets = (s: Setting) => targets.every((t, m) => Math.abs(sim.truth(s, m) - t) <= band);
    expect(meets(answer)).toBe(true);
    const cost = settingCost(answer);
    for (const s of enumerateSettings(levers, cost.moved)) {
      const c = settingCost(s);
      if (c.moved < cost.moved || (c.moved === cost.moved && c.steps < cost.steps)) expect(meets(s), s.join(',')).toBe(false);
    }
    const r = await searchBalance({ levers, targets, band, budget: 60_000, pairsPerRound: 100, pool: 12, maxChanges: 2 }, sim.evaluate);
    expect(r.matches).toBe(sim.played());
    expect(r.matches).toBeLessThanOrEqual(60_000);
    expect(r.ranking[0].setting).toEqual(answer);
  });

  it('is reproducible: the same evaluator gives the same path and ranking', async () => {
    const c = cases[0];
    const run = () => searchBalance({ levers: c.levers, targets: c.targets, band: 0.03, budget: 20_000, pairsPerRound: 50, pool: 8, maxChanges: 2 }, synthetic(c.a, c.b, 'again').evaluate);
    const [x, y] = [await run(), await run()];
    expect(JSON.stringify(x.rounds)).toBe(JSON.stringify(y.rounds));
    expect(x.ranking.map((c) => c.key)).toEqual(y.ranking.map((c) => c.key));
  });

  it('stays within a small budget and says what it reached when nothing meets the band', async () => {
    // No setting reaches 50%: lever a stops at 75%.
    const levers = [lever('a', 3, 1, 5)];
    const sim = synthetic([logit(0.9)], [[0.5]], 'short');
    const r = await searchBalance({ levers, targets: [0.5], band: 0.02, budget: 3_000, pairsPerRound: 50, pool: 8, maxChanges: 1 }, sim.evaluate);
    expect(r.matches).toBeLessThanOrEqual(3_000);
    expect(r.stopped).toBe('budget');
    // The closest it came is the lever at its bottom.
    expect(r.ranking[0].setting).toEqual([-2]);
    expect(r.ranking[0].loss).toBeGreaterThan(0.02);
  });
});

describe('final ranking', () => {
  const rec = (key: string, moved: number, steps: number, loss: number, pairs: number) => ({ key, moved, steps, loss, pairs }) as CandidateRecord;
  it('puts measured candidates in band first, by levers moved, steps, then distance', () => {
    const order = finalRanking([rec('far', 0, 0, 0.3, 400), rec('two', 2, 2, 0.001, 400), rec('one-big', 1, 3, 0.01, 400), rec('one-small', 1, 1, 0.015, 400), rec('lucky', 1, 1, 0, 50)], 0.02, 100);
    expect(order.map((c) => c.key)).toEqual(['one-small', 'one-big', 'two', 'far', 'lucky']);
  });
});
