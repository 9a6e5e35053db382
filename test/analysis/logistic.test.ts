/**
 * Known answers for the logistic fit: closed forms for 2x2 tables (slope = log odds ratio,
 * Woolf's SE), the intercept-only model, a saturated effect-coded factor (effects are
 * logits minus their mean), recovery of known coefficients from simulated data, and
 * graceful behaviour under separation.
 */
import seedrandom from 'seedrandom';
import { describe, expect, it } from 'vitest';
import { effectCodedDesign, fitEffects, fitLogistic, linearCombination } from '../../src/analysis/logistic.js';
import { inverse, solve } from '../../src/analysis/linalg.js';
import { binomialSample } from '../../src/analysis/ratings.js';

const logit = (p: number) => Math.log(p / (1 - p));
const sigmoid = (x: number) => 1 / (1 + Math.exp(-x));

describe('linalg', () => {
  it('solves and inverts with pivoting (a zero on the diagonal), null when singular', () => {
    const A = [
      [0, 2, 1],
      [1, 1, 0],
      [3, 0, 1],
    ];
    // x = (1, 2, 3): A x = (7, 3, 6).
    solve(A, [7, 3, 6])!.forEach((v, i) => expect(v).toBeCloseTo([1, 2, 3][i], 12));
    const inv = inverse(A)!;
    for (let i = 0; i < 3; i++)
      for (let j = 0; j < 3; j++) expect(A[i].reduce((s, a, k) => s + a * inv[k][j], 0)).toBeCloseTo(i === j ? 1 : 0, 12);
    expect(inverse([[1, 2], [2, 4]])).toBeNull();
    expect(A[0][0]).toBe(0); // input untouched
  });
});

describe('fitLogistic: 2x2 tables', () => {
  // Reference group: a successes, b failures; exposed group: c successes, d failures.
  // MLE: intercept = log(a/b), slope = log(bc/(ad)); Wald SEs sqrt(1/a+1/b) and
  // sqrt(1/a+1/b+1/c+1/d) (Woolf 1955). Fractional cells (draws as halves) obey the same.
  const tables: [number, number, number, number][] = [
    [10, 20, 30, 40],
    [45, 55, 60, 40],
    [3, 17, 12, 8],
    [500, 500, 520, 480],
    [7.5, 12.5, 11, 9],
  ];
  it.each(tables)('a=%d b=%d c=%d d=%d', (a, b, c, d) => {
    const fit = fitLogistic({ X: [[0], [1]], successes: [a, c], trials: [a + b, c + d], names: ['exposed'], ridge: 0 });
    expect(fit.converged).toBe(true);
    expect(fit.separated).toBe(false);
    expect(fit.intercept.estimate).toBeCloseTo(Math.log(a / b), 10);
    expect(fit.intercept.se).toBeCloseTo(Math.sqrt(1 / a + 1 / b), 10);
    expect(fit.coefs[0].name).toBe('exposed');
    expect(fit.coefs[0].estimate).toBeCloseTo(Math.log((b * c) / (a * d)), 10);
    expect(fit.coefs[0].se).toBeCloseTo(Math.sqrt(1 / a + 1 / b + 1 / c + 1 / d), 10);
    expect(fit.coefs[0].z).toBeCloseTo(fit.coefs[0].estimate / fit.coefs[0].se, 12);
    expect(fit.deviance).toBeCloseTo(0, 9); // saturated
    expect(fit.n).toBe(a + b + c + d);
  });

  it('the default ridge (1e-6) changes nothing visible', () => {
    const exact = fitLogistic({ X: [[0], [1]], successes: [10, 30], trials: [30, 70], names: ['x'], ridge: 0 });
    const ridged = fitLogistic({ X: [[0], [1]], successes: [10, 30], trials: [30, 70], names: ['x'] });
    expect(ridged.coefs[0].estimate).toBeCloseTo(exact.coefs[0].estimate, 5);
    expect(ridged.coefs[0].se).toBeCloseTo(exact.coefs[0].se, 5);
  });

  it('two-sided Wald p-value: 40/100 vs 60/100 gives z = log(2.25)/sqrt(1/40+1/60+1/60+1/40), p = erfc(z/√2)', () => {
    const even = fitLogistic({ X: [[0], [1]], successes: [50, 50], trials: [100, 100], names: ['x'], ridge: 0 });
    expect(even.coefs[0].estimate).toBeCloseTo(0, 10);
    expect(even.coefs[0].p).toBeCloseTo(1, 10);
    const g = fitLogistic({ X: [[0], [1]], successes: [40, 60], trials: [100, 100], names: ['x'], ridge: 0 });
    expect(g.coefs[0].z).toBeCloseTo(2.8091446717589927, 9);
    expect(g.coefs[0].p).toBeCloseTo(0.004967331912448812, 11); // Python: math.erfc(z / math.sqrt(2))
  });
});

describe('fitLogistic: other closed forms', () => {
  it('intercept-only: logit of the pooled rate, se 1/sqrt(N p (1 − p))', () => {
    const successes = [3, 10, 7.5];
    const trials = [10, 20, 15];
    const fit = fitLogistic({ X: [[], [], []], successes, trials, names: [] });
    const S = 20.5;
    const N = 45;
    const p = S / N;
    expect(fit.coefs).toEqual([]);
    expect(fit.intercept.estimate).toBeCloseTo(logit(p), 10);
    expect(fit.intercept.se).toBeCloseTo(1 / Math.sqrt(N * p * (1 - p)), 10);
    expect(fit.logLik).toBeCloseTo(S * Math.log(p) + (N - S) * Math.log(1 - p), 9);
  });

  it('groups with 0 trials are ignored', () => {
    const a = fitLogistic({ X: [[0], [1], [5]], successes: [10, 30, 0], trials: [30, 70, 0], names: ['x'] });
    const b = fitLogistic({ X: [[0], [1]], successes: [10, 30], trials: [30, 70], names: ['x'] });
    expect(a.coefs[0].estimate).toBe(b.coefs[0].estimate);
    expect(a.groups).toBe(2);
  });

  it('the score equations hold at the estimate: Xᵀ(y − nμ) = 0 (ridge 0)', () => {
    const X = [
      [0.5, -1],
      [1.5, 0],
      [-0.3, 2],
      [2.2, 1],
      [-1.1, -0.5],
    ];
    const trials = [40, 35, 50, 20, 60];
    const successes = [18, 20, 31, 15, 20];
    const fit = fitLogistic({ X, successes, trials, names: ['u', 'v'], ridge: 0 });
    expect(fit.converged).toBe(true);
    const beta = [fit.intercept.estimate, ...fit.coefs.map((c) => c.estimate)];
    for (let j = 0; j < 3; j++) {
      let score = 0;
      X.forEach((row, i) => {
        const z = [1, ...row];
        const mu = sigmoid(z[0] * beta[0] + z[1] * beta[1] + z[2] * beta[2]);
        score += z[j] * (successes[i] - trials[i] * mu);
      });
      expect(Math.abs(score)).toBeLessThan(1e-8);
    }
  });

  it('throws a clear error on mismatched lengths and invalid counts', () => {
    expect(() => fitLogistic({ X: [[0], [1]], successes: [1], trials: [2, 2], names: ['x'] })).toThrow(/must agree/);
    expect(() => fitLogistic({ X: [[0], [1, 2]], successes: [1, 1], trials: [2, 2], names: ['x'] })).toThrow(/row 1 of X has 2 columns/);
    expect(() => fitLogistic({ X: [[0], [1]], successes: [1, 3], trials: [2, 2], names: ['x'] })).toThrow(/not in \[0, trials/);
    expect(() => fitLogistic({ X: [[0], [1]], successes: [1, 1], trials: [2, -2], names: ['x'] })).toThrow(/trials\[1\]/);
  });
});

describe('fitLogistic: separation', () => {
  const cases: [string, number[][], number[], number[], number | undefined][] = [
    ['a level that never lost', [[0], [1]], [3, 10], [10, 10], undefined],
    ['complete separation on a continuous x', [[-2], [-1], [1], [2]], [0, 0, 5, 5], [5, 5, 5, 5], undefined],
    ['all failures (intercept only)', [[], []], [0, 0], [10, 20], undefined],
    ['never lost, no ridge', [[0], [1]], [3, 10], [10, 10], 0],
  ];
  it.each(cases)('%s: no throw, finite estimates, converged = false', (_, X, successes, trials, ridge) => {
    const fit = fitLogistic({ X, successes, trials, names: X[0].map((_, j) => `x${j}`), ridge });
    expect(fit.converged).toBe(false);
    expect(fit.separated).toBe(true);
    expect(fit.iterations).toBeLessThanOrEqual(100);
    expect(Number.isFinite(fit.intercept.estimate)).toBe(true);
    for (const c of fit.coefs) expect(Number.isFinite(c.estimate)).toBe(true);
  });

  it('a level that never lost among several (quasi-complete separation) is flagged, other effects stay sensible', () => {
    const { fit, effects } = fitEffects({
      groups: [0, 1, 2, 3].map((l) => ({ slots: [l], counts: [] })),
      slotSizes: [4],
      countKinds: 0,
      successes: [20, 25, 30, 40],
      trials: [50, 50, 50, 40],
      labels: { slotNames: ['main'], levels: [['a', 'b', 'c', 'd']], counts: [] },
    });
    expect(fit.separated).toBe(true);
    expect(fit.converged).toBe(false);
    for (const e of effects) expect(Number.isFinite(e.logOdds)).toBe(true);
    // Differences between the levels that did lose are still the plain logit differences.
    expect(effects[1].logOdds - effects[0].logOdds).toBeCloseTo(logit(0.5) - logit(0.4), 5);
  });

  it('an exactly duplicated column is not separation: the ridge splits the slope evenly', () => {
    const single = fitLogistic({ X: [[0], [1], [2]], successes: [3, 5, 7], trials: [10, 10, 10], names: ['x'] });
    const dup = fitLogistic({ X: [[0, 0], [1, 1], [2, 2]], successes: [3, 5, 7], trials: [10, 10, 10], names: ['x', 'y'] });
    expect(dup.converged).toBe(true);
    expect(dup.separated).toBe(false);
    expect(dup.coefs[0].estimate).toBeCloseTo(single.coefs[0].estimate / 2, 6);
    expect(dup.coefs[1].estimate).toBeCloseTo(single.coefs[0].estimate / 2, 6);
    expect(linearCombination(dup, [0, 1, 1]).se).toBeCloseTo(single.coefs[0].se, 4);
  });

  it('the ridge keeps a separated slope finite and large', () => {
    const fit = fitLogistic({ X: [[0], [1]], successes: [3, 10], trials: [10, 10], names: ['x'] });
    expect(fit.coefs[0].estimate).toBeGreaterThan(10);
    expect(fit.coefs[0].estimate).toBeLessThan(40);
  });
});

describe('linearCombination', () => {
  it('intercept + slope is the exposed group logit with se sqrt(1/c + 1/d)', () => {
    const fit = fitLogistic({ X: [[0], [1]], successes: [10, 30], trials: [30, 70], names: ['x'], ridge: 0 });
    const lc = linearCombination(fit, [1, 1]);
    expect(lc.estimate).toBeCloseTo(Math.log(30 / 40), 10);
    expect(lc.se).toBeCloseTo(Math.sqrt(1 / 30 + 1 / 40), 10);
    expect(() => linearCombination(fit, [1])).toThrow(/2 coefficients/);
  });
});

describe('effectCodedDesign', () => {
  it('slot columns are +1 / −1 / 0 against the last observed level; card columns are cⱼ − c_last', () => {
    const groups = [
      { slots: [0, 1], counts: [4, 0, 0] },
      { slots: [1, 0], counts: [2, 1, 1] },
      { slots: [2, 1], counts: [0, 0, 4] },
    ];
    const d = effectCodedDesign(groups, [3, 2], 3);
    expect(d.columns).toEqual([
      { slot: 0, level: 0 },
      { slot: 0, level: 1 },
      { slot: 1, level: 0 },
      { slot: 'counts', level: 0 },
      { slot: 'counts', level: 1 },
    ]);
    expect(d.X).toEqual([
      [1, 0, -1, 4, 0],
      [0, 1, 1, 1, 0],
      [-1, -1, -1, -4, -4],
    ]);
    expect(d.slotContrasts[0][2]).toEqual([0, -1, -1, 0, 0, 0]);
    expect(d.countContrasts[2]).toEqual([0, 0, 0, 0, -1, -1]);
  });

  it('unobserved levels get no column and a null contrast; a one-level slot gets zero weights', () => {
    const groups = [
      { slots: [0, 2], counts: [] },
      { slots: [0, 0], counts: [] },
      { slots: [0, 1], counts: [] }, // only in a group without trials
    ];
    const d = effectCodedDesign(groups, [1, 3], 0, [5, 5, 0]);
    expect(d.columns).toEqual([{ slot: 1, level: 0 }]);
    expect(d.slotContrasts[0][0]).toEqual([0, 0]);
    expect(d.slotContrasts[1]).toEqual([[0, 1], null, [0, -1]]);
  });

  it('rejects bad input', () => {
    expect(() => effectCodedDesign([{ slots: [3], counts: [] }], [3], 0)).toThrow(/not in 0..2/);
    expect(() => effectCodedDesign([{ slots: [0], counts: [1] }], [3], 2)).toThrow(/1 counts, expected 2/);
    expect(() =>
      effectCodedDesign(
        [
          { slots: [0], counts: [1, 3] },
          { slots: [1], counts: [2, 1] },
        ],
        [3],
        2,
      ),
    ).toThrow(/constant total/);
  });
});

describe('fitEffects', () => {
  it('saturated 3-level factor: effect = logit(p_l) − mean of the logits, se from independent logits', () => {
    const successes = [12, 30, 45];
    const trials = [40, 50, 60];
    const { fit, effects } = fitEffects({
      groups: [0, 1, 2].map((l) => ({ slots: [l], counts: [] })),
      slotSizes: [3],
      countKinds: 0,
      successes,
      trials,
      labels: { slotNames: ['main'], levels: [['laser', 'rail', 'flak']], counts: [] },
      ridge: 0,
    });
    expect(fit.converged).toBe(true);
    const logits = successes.map((y, i) => logit(y / trials[i]));
    const v = successes.map((y, i) => 1 / y + 1 / (trials[i] - y)); // var of each group logit
    const mean = (logits[0] + logits[1] + logits[2]) / 3;
    expect(fit.intercept.estimate).toBeCloseTo(mean, 10);
    expect(effects.map((e) => e.name)).toEqual(['laser', 'rail', 'flak']);
    effects.forEach((e, l) => {
      expect(e.group).toBe('main');
      expect(e.observed).toBe(true);
      expect(e.logOdds).toBeCloseTo(logits[l] - mean, 10);
      // effect_l = (2/3)η_l − (1/3)Σ_{k≠l} η_k with independent η: var = (4/9)v_l + (1/9)Σ_{k≠l} v_k.
      const variance = (4 / 9) * v[l] + (1 / 9) * v.reduce((s, x, k) => (k === l ? s : s + x), 0);
      expect(e.se).toBeCloseTo(Math.sqrt(variance), 10);
    });
    expect(effects.reduce((s, e) => s + e.logOdds, 0)).toBeCloseTo(0, 12);
  });

  it('unobserved levels are NaN, one-level slots are 0 ± 0', () => {
    const { effects } = fitEffects({
      groups: [
        { slots: [0, 0], counts: [2, 2] },
        { slots: [0, 1], counts: [3, 1] },
        { slots: [0, 1], counts: [1, 3] },
      ],
      slotSizes: [1, 3],
      countKinds: 2,
      successes: [10, 20, 14],
      trials: [30, 30, 30],
      labels: { slotNames: ['hangar', 'pd'], levels: [['bay'], ['a', 'b', 'c']], counts: ['scout', 'gunboat'] },
    });
    const byName = Object.fromEntries(effects.map((e) => [e.name, e]));
    expect(byName.bay).toMatchObject({ group: 'hangar', logOdds: 0, se: 0, observed: true });
    expect(byName.c.observed).toBe(false);
    expect(byName.c.logOdds).toBeNaN();
    expect(byName.c.se).toBeNaN();
    expect(byName.a.logOdds + byName.b.logOdds).toBeCloseTo(0, 12);
    expect(byName.scout.group).toBe('corvettes');
    expect(byName.scout.logOdds + byName.gunboat.logOdds).toBeCloseTo(0, 12);
    expect(byName.scout.se).toBeCloseTo(byName.gunboat.se, 12);
  });

  it('recovers known effects from simulated aggregated data within 3 SE', () => {
    // Two slots (3 and 2 levels) and 4 cards from 3 kinds; true effects sum to zero per group.
    const truth = { intercept: 0.2, main: [0.4, -0.1, -0.3], side: [0.25, -0.25], cards: [0.15, 0.05, -0.2] };
    const multisets: number[][] = [];
    for (let a = 0; a <= 4; a++) for (let b = 0; a + b <= 4; b++) multisets.push([a, b, 4 - a - b]);
    const groups: { slots: number[]; counts: number[] }[] = [];
    for (let m = 0; m < 3; m++) for (let s = 0; s < 2; s++) for (const counts of multisets) groups.push({ slots: [m, s], counts });
    const rng = seedrandom('logistic-recovery');
    const trials = groups.map(() => 2000);
    const successes = groups.map((g, i) => {
      const eta = truth.intercept + truth.main[g.slots[0]] + truth.side[g.slots[1]] + g.counts.reduce((t, c, j) => t + c * truth.cards[j], 0);
      return binomialSample(trials[i], sigmoid(eta), rng);
    });
    const { fit, effects } = fitEffects({
      groups,
      slotSizes: [3, 2],
      countKinds: 3,
      successes,
      trials,
      labels: { slotNames: ['main', 'side'], levels: [['m0', 'm1', 'm2'], ['s0', 's1']], counts: ['k0', 'k1', 'k2'] },
    });
    expect(fit.converged).toBe(true);
    expect(fit.deviance).toBeLessThan(groups.length * 2); // about its degrees of freedom
    const expected = [...truth.main, ...truth.side, ...truth.cards];
    expect(effects).toHaveLength(8);
    effects.forEach((e, i) => {
      expect(e.se).toBeGreaterThan(0);
      expect(Math.abs(e.logOdds - expected[i])).toBeLessThan(3 * e.se);
    });
    // The intercept is the log-odds at the average level of every slot with 4 average cards.
    expect(Math.abs(fit.intercept.estimate - truth.intercept)).toBeLessThan(3 * fit.intercept.se);
  });
});
