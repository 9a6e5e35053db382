/**
 * Known answers for the symmetric T-sided game solver: games small enough to solve by hand
 * (two strategies: u_a − u_b along the edge is a polynomial whose root is the mixed
 * equilibrium; in a constant-sum game Σ x_c u_c = 1/T, so that gap has degree T − 2), the
 * classic two-sided ones (RPS), and what the search reports on a cyclic three-sided game.
 */
import seedrandom from 'seedrandom';
import { describe, expect, it } from 'vitest';
import { symmetricNash } from '../../src/analysis/nash.js';
import { gameFromProfiles, regret, strategyScores, symmetricEquilibria, type ProfileScores, type SymmetricGame } from '../../src/analysis/symmetric-game.js';

const A = 0;
const B = 1;

/** A game from profiles; fails the test if any profile is missing. */
function game(K: number, T: number, profiles: ProfileScores[]): SymmetricGame {
  const { game, missing } = gameFromProfiles(K, T, profiles);
  expect(missing).toEqual([]);
  return game;
}

/**
 * Three sides, two strategies; p = a's score in {a, a, b} (b gets 1 − 2p), q = a's score in
 * {a, b, b} (each b gets (1 − q)/2). Along x = (t, 1 − t):
 *   u_a − u_b = t²(1/3 − (1 − 2p)) + 2t(1 − t)(p − (1 − q)/2) + (1 − t)²(q − 1/3).
 */
function threeSidedPair(p: number, q: number): SymmetricGame {
  return game(2, 3, [
    { strategies: [A, A, B], scores: [p, p, 1 - 2 * p] },
    { strategies: [A, B, B], scores: [q, (1 - q) / 2, (1 - q) / 2] },
  ]);
}

/**
 * Anti-coordination (each strategy does better when rare): p = 0.25, q = 0.6 gives
 * u_a − u_b = −t²/6 + t(1 − t)/10 + (4/15)(1 − t)² = 4/15 − (13/30)t, root t* = 8/13.
 */
const antiCoordination = () => threeSidedPair(0.25, 0.6);
/** Coordination: p = 0.4, q = 0.1 gives u_a − u_b = (11t − 7)/30: pure a, pure b, and t* = 7/11. */
const coordination = () => threeSidedPair(0.4, 0.1);

/** Two sides: score[i][j] of i against j, listed once per unordered pair. */
function twoSided(score: number[][]): SymmetricGame {
  const profiles: ProfileScores[] = [];
  for (let i = 0; i < score.length; i++) {
    for (let j = i + 1; j < score.length; j++) profiles.push({ strategies: [i, j], scores: [score[i][j], score[j][i]] });
  }
  return game(score.length, 2, profiles);
}

const RPS = [
  [0.5, 0, 1],
  [1, 0.5, 0],
  [0, 1, 0.5],
];
/** RPS plus D, which scores 0.25 against each of R, P, S: the uniform RPS mixture beats it. */
const RPSD = [
  [0.5, 0, 1, 0.75],
  [1, 0.5, 0, 0.75],
  [0, 1, 0.5, 0.75],
  [0.25, 0.25, 0.25, 0.5],
];

/**
 * Three sides, strategy 0 strictly dominant: in every profile it is in, it scores more than
 * 1/3 and more than any other strategy would against the same others. Between 1 and 2 alone
 * it is anti-coordination (root at ½ on that edge, which 0 then beats).
 */
const dominant = () =>
  game(3, 3, [
    { strategies: [0, 0, 1], scores: [0.4, 0.4, 0.2] },
    { strategies: [0, 0, 2], scores: [0.4, 0.4, 0.2] },
    { strategies: [0, 1, 1], scores: [0.6, 0.2, 0.2] },
    { strategies: [0, 2, 2], scores: [0.6, 0.2, 0.2] },
    { strategies: [0, 1, 2], scores: [0.5, 0.25, 0.25] },
    { strategies: [1, 1, 2], scores: [0.3, 0.3, 0.4] },
    { strategies: [1, 2, 2], scores: [0.4, 0.3, 0.3] },
  ]);

/**
 * Four sides, two strategies. With d_m = (a's score − b's score) when m of the three others
 * play a: {a,a,a,b} a's 0.2 each, b 0.4 (d_3 = 1/4 − 0.4, d_2 = 0.2 − 0.2); {a,a,b,b} a's
 * 0.3 each, b's 0.2 each (d_1 = 0.3 − 0.2); {a,b,b,b} a 0.4, b's 0.2 each (d_0 = 0.4 − 1/4).
 * u_a − u_b = −0.15t³ + 0.3t(1 − t)² + 0.15(1 − t)³ = 0.15(1 − t − t²): t* = (√5 − 1)/2.
 */
const fourSided = () =>
  game(2, 4, [
    { strategies: [A, A, A, B], scores: [0.2, 0.2, 0.2, 0.4] },
    { strategies: [A, A, B, B], scores: [0.3, 0.3, 0.2, 0.2] },
    { strategies: [A, B, B, B], scores: [0.4, 0.2, 0.2, 0.2] },
  ]);

/**
 * Three sides, RPS-like (R < P < S < R): in {X, X, Y} where Y beats X, Y takes `win` and the
 * pair splits the rest; where X beats Y, Y gets 0 and the pair splits 1; {R, P, S} is 1/3
 * each. Invariant under R → P → S → R, so the uniform mixture equalises the scores; no pure
 * strategy or pair is an equilibrium (in each pair one strategy beats the other outright).
 */
const cyclic3 = (win: number) => {
  const [R, P, S] = [0, 1, 2];
  const beaten = [
    [R, R, P],
    [P, P, S],
    [S, S, R],
  ];
  const beating = [
    [R, R, S],
    [P, P, R],
    [S, S, P],
  ];
  return game(3, 3, [
    ...beaten.map((strategies) => ({ strategies, scores: [(1 - win) / 2, (1 - win) / 2, win] })),
    ...beating.map((strategies) => ({ strategies, scores: [0.5, 0.5, 0] })),
    { strategies: [R, P, S], scores: [1 / 3, 1 / 3, 1 / 3] },
  ]);
};

describe('gameFromProfiles', () => {
  it('three sides, two strategies: tensor entries by hand, averaged sides, all-same and missing profiles at 1/T', () => {
    const { game: g, missing } = gameFromProfiles(2, 3, [
      // The two a sides score 0.3 and 0.2: averaged to 0.25.
      { strategies: [B, A, A], scores: [0.5, 0.3, 0.2] },
    ]);
    expect(g.strategies).toBe(2);
    expect(g.sides).toBe(3);
    // payoff[(c·2 + j1)·2 + j2].
    const expected = [
      1 / 3, // a vs a, a (all same)
      0.25, // a vs a, b
      0.25, // a vs b, a
      1 / 3, // a vs b, b: {a, b, b} missing
      0.5, // b vs a, a
      1 / 3, // b vs a, b: missing
      1 / 3, // b vs b, a: missing
      1 / 3, // b vs b, b (all same)
    ];
    Array.from(g.payoff).forEach((v, i) => expect(v).toBeCloseTo(expected[i], 15));
    expect(missing).toEqual([[A, B, B]]);
  });

  it('lists missing profiles sorted, never the all-same ones; a listed all-same profile still scores 1/T', () => {
    const { game: g, missing } = gameFromProfiles(3, 2, [
      { strategies: [1, 1], scores: [0.9, 0.1] },
      { strategies: [2, 0], scores: [0.7, 0.3] },
    ]);
    expect(missing).toEqual([
      [0, 1],
      [1, 2],
    ]);
    expect(g.payoff[1 * 3 + 1]).toBe(0.5);
    expect(g.payoff[2 * 3 + 0]).toBe(0.7);
    expect(g.payoff[0 * 3 + 2]).toBe(0.3);
  });

  const bad: [string, () => unknown, RegExp][] = [
    ['strategy out of range', () => gameFromProfiles(2, 3, [{ strategies: [0, 1, 2], scores: [0.3, 0.3, 0.4] }]), /strategy 2, out of range/],
    ['negative strategy', () => gameFromProfiles(2, 3, [{ strategies: [0, -1, 1], scores: [0.3, 0.3, 0.4] }]), /out of range/],
    ['wrong number of sides', () => gameFromProfiles(2, 3, [{ strategies: [0, 1], scores: [0.5, 0.5] }]), /has 2 sides, the game has 3/],
    ['scores not one per side', () => gameFromProfiles(2, 3, [{ strategies: [0, 1, 1], scores: [0.5, 0.5] }]), /2 scores for 3 sides/],
    [
      'profile listed twice (in another order)',
      () =>
        gameFromProfiles(2, 3, [
          { strategies: [0, 1, 1], scores: [0.4, 0.3, 0.3] },
          { strategies: [1, 0, 1], scores: [0.3, 0.4, 0.3] },
        ]),
      /\{0,1,1\} is listed twice/,
    ],
    ['non-finite score', () => gameFromProfiles(2, 3, [{ strategies: [0, 1, 1], scores: [NaN, 0.5, 0.5] }]), /non-finite/],
    ['infinite score', () => gameFromProfiles(2, 2, [{ strategies: [0, 1], scores: [Infinity, 0] }]), /non-finite/],
  ];
  it.each(bad)('throws: %s', (_, call, message) => {
    expect(call).toThrow(message);
  });
});

describe('strategyScores and regret by hand', () => {
  it('three sides, two strategies at x = (0.25, 0.75)', () => {
    // Anti-coordination game: payoff a vs {aa, ab, bb} = 1/3, 0.25, 0.6; b vs them = 0.5, 0.2, 1/3.
    // u_a = (1/3)(1/16) + 2(0.25)(3/16) + 0.6(9/16) = 1/48 + 3/32 + 27/80 = 217/480
    // u_b = 0.5(1/16) + 2(0.2)(3/16) + (1/3)(9/16) = 1/32 + 3/40 + 3/16 = 141/480
    const out = new Float64Array(2);
    const u = strategyScores(antiCoordination(), [0.25, 0.75], out);
    expect(u).toBe(out);
    expect(u[0]).toBeCloseTo(217 / 480, 14);
    expect(u[1]).toBeCloseTo(141 / 480, 14);
    // The edge polynomial agrees: 4/15 − (13/30)(1/4) = 19/120 = 76/480.
    expect(u[0] - u[1]).toBeCloseTo(19 / 120, 14);
  });

  it('regret of a non-equilibrium mixture: max u − Σ x u = 217/480 − 1/3 = 57/480', () => {
    // Constant sum: Σ x u = 0.25·217/480 + 0.75·141/480 = 160/480 = 1/3.
    expect(regret(antiCoordination(), [0.25, 0.75])).toBeCloseTo(57 / 480, 14);
    // Pure b in the coordination game is an equilibrium (a alone scores 0.1 < 1/3).
    expect(regret(coordination(), [0, 1])).toBe(0);
    // Pure a in the anti-coordination game: b alone scores 0.5, a scores 1/3.
    expect(regret(antiCoordination(), [1, 0])).toBeCloseTo(0.5 - 1 / 3, 14);
  });

  it('four sides: the scores along the edge match 0.15(1 − t − t²)', () => {
    const g = fourSided();
    const out = new Float64Array(2);
    for (const t of [0, 0.2, 0.5, 0.9, 1]) {
      strategyScores(g, [t, 1 - t], out);
      expect(out[0] - out[1]).toBeCloseTo(0.15 * (1 - t - t * t), 14);
      expect(t * out[0] + (1 - t) * out[1]).toBeCloseTo(1 / 4, 14);
    }
  });

  it.each([
    [2, 5],
    [3, 4],
    [4, 3],
    [5, 2],
  ])('T = %i, K = %i: equals the plain sum over every arrangement of the others', (T, K) => {
    const rng = seedrandom(`symmetric-game-scores/${T}/${K}`);
    const profiles: ProfileScores[] = [];
    const walk = (from: number, picked: number[]) => {
      if (picked.length === T) {
        if (picked[0] !== picked[T - 1]) profiles.push({ strategies: picked, scores: picked.map(() => rng()) });
        return;
      }
      for (let j = from; j < K; j++) walk(j, [...picked, j]);
    };
    walk(0, []);
    const g = game(K, T, profiles);
    const x = Array.from({ length: K }, () => rng());
    const total = x.reduce((a, b) => a + b, 0);
    const mixture = x.map((v) => v / total);
    const out = new Float64Array(K);
    strategyScores(g, mixture, out);
    const plain = new Array<number>(K).fill(0);
    for (let index = 0; index < K ** T; index++) {
      let p = 1;
      for (let r = index, d = 0; d < T - 1; d++, r = Math.floor(r / K)) p *= mixture[r % K];
      plain[Math.floor(index / K ** (T - 1))] += g.payoff[index] * p;
    }
    plain.forEach((v, c) => expect(out[c]).toBeCloseTo(v, 14));
  });

  it('reads the payoff afresh on every call (a refilled tensor is seen)', () => {
    const g = antiCoordination();
    const out = new Float64Array(2);
    strategyScores(g, [0.25, 0.75], out);
    g.payoff.fill(0.5);
    strategyScores(g, [0.25, 0.75], out);
    expect(Array.from(out)).toEqual([0.5, 0.5]);
  });

  it('two sides: the matrix-vector product', () => {
    const out = new Float64Array(4);
    strategyScores(twoSided(RPSD), [0.5, 0.25, 0, 0.25], out);
    [0.5 * 0.5 + 0.75 * 0.25, 1 * 0.5 + 0.5 * 0.25 + 0.75 * 0.25, 1 * 0.25 + 0.75 * 0.25, 0.25 * 0.75 + 0.5 * 0.25].forEach((v, c) => expect(out[c]).toBeCloseTo(v, 14));
  });
});

/** Mixtures as expected, within `digits` decimals, in any order. */
function expectMixtures(found: { mixture: number[] }[], expected: number[][], digits = 6) {
  expect(found.length).toBe(expected.length);
  for (const e of expected) {
    const match = found.find((f) => f.mixture.every((v, i) => Math.abs(v - e[i]) < 10 ** -digits));
    expect(match, `expected ${e.join(', ')} among ${found.map((f) => f.mixture.join(', ')).join(' | ')}`).toBeDefined();
  }
}

const PHI = (Math.sqrt(5) - 1) / 2;
/** Games with every symmetric equilibrium known by hand. */
const known: { name: string; game: () => SymmetricGame; equilibria: number[][] }[] = [
  { name: 'two sides: rock-paper-scissors → ⅓ each', game: () => twoSided(RPS), equilibria: [[1 / 3, 1 / 3, 1 / 3]] },
  { name: 'two sides: RPS plus a dominated fourth → it gets 0', game: () => twoSided(RPSD), equilibria: [[1 / 3, 1 / 3, 1 / 3, 0]] },
  { name: 'three sides: a strictly dominant strategy is the only equilibrium', game: dominant, equilibria: [[1, 0, 0]] },
  { name: 'three sides: anti-coordination → (8/13, 5/13) only', game: antiCoordination, equilibria: [[8 / 13, 5 / 13]] },
  { name: 'three sides: coordination → pure a, pure b and (7/11, 4/11)', game: coordination, equilibria: [[1, 0], [0, 1], [7 / 11, 4 / 11]] },
  { name: 'four sides: two strategies → ((√5 − 1)/2, (3 − √5)/2)', game: fourSided, equilibria: [[PHI, 1 - PHI]] },
];

describe('symmetricEquilibria: known answers', () => {
  it.each(known)('$name', ({ game, equilibria }) => {
    const search = symmetricEquilibria(game(), { seed: 1 });
    expectMixtures(search.equilibria, equilibria);
    for (const e of search.equilibria) {
      expect(e.regret).toBeLessThanOrEqual(1e-9);
      expect(e.mixture.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 14);
    }
    expect(search.best.regret).toBeLessThanOrEqual(1e-9);
    expect(search.tolerance).toBe(1e-3);
  });

  it('RPS plus a dominated strategy: its weight is exactly 0', () => {
    const { equilibria } = symmetricEquilibria(twoSided(RPSD), { seed: 1 });
    expect(equilibria[0].mixture[3]).toBe(0);
  });

  it('dominant strategy: every replicator run ends there (basin 1)', () => {
    const { equilibria } = symmetricEquilibria(dominant(), { seed: 1 });
    expect(equilibria[0].basin).toBe(1);
  });

  it('coordination: the two pure equilibria share every run (basins add to 1); the unstable mixed one has basin 0, found by the edge scan', () => {
    const { equilibria } = symmetricEquilibria(coordination(), { seed: 1, starts: 40 });
    const [first, second, mixed] = equilibria;
    expect(first.basin + second.basin).toBeCloseTo(1, 14);
    expect(first.basin).toBeGreaterThan(0);
    expect(second.basin).toBeGreaterThan(0);
    expect(mixed.mixture[0]).toBeCloseTo(7 / 11, 9);
    expect(mixed.basin).toBe(0);
    // The uniform start (t = ½ < 7/11) goes to pure b; the basins are shares of 41 runs.
    expect(first.basin * 41).toBeCloseTo(Math.round(first.basin * 41), 9);
    for (const e of equilibria) expect(e.regret).toBeLessThanOrEqual(1e-3);
  });

  it('starts: 0: the uniform start alone; the pure and edge scans add basin-0 equilibria; warm starts count towards basins', () => {
    const cold = symmetricEquilibria(coordination(), { seed: 1, starts: 0 });
    const warm = symmetricEquilibria(coordination(), { seed: 1, starts: 0, warm: [[1, 0], [3, 1]] });
    // Cold: the uniform start alone, to pure b; pure a (basin 0) is the pure scan's, the mixed
    // one the edge scan's. Warm: plus two runs to pure a.
    expect(cold.equilibria.map((e) => e.basin)).toEqual([1, 0, 0]);
    expect(cold.equilibria[0].mixture).toEqual([0, 1]);
    expect(cold.equilibria[1].mixture).toEqual([1, 0]);
    expect(cold.equilibria[2].mixture[0]).toBeCloseTo(7 / 11, 12);
    expect(warm.equilibria[0]).toMatchObject({ mixture: [1, 0], basin: 2 / 3 });
    expect(warm.equilibria[1]).toMatchObject({ mixture: [0, 1], basin: 1 / 3 });
  });

  it('one strategy: the pure strategy, regret 0', () => {
    const g = game(1, 3, []);
    const search = symmetricEquilibria(g, { seed: 1 });
    expect(search.equilibria).toEqual([{ mixture: [1], regret: 0, basin: 1 }]);
    expect(search.best).toEqual({ mixture: [1], regret: 0, basin: 1 });
  });

  it('rejects malformed warm starts and games', () => {
    expect(() => symmetricEquilibria(coordination(), { seed: 1, warm: [[1, 0, 0]] })).toThrow(/warm start 0 has 3 entries/);
    expect(() => symmetricEquilibria(coordination(), { seed: 1, warm: [[0, 0]] })).toThrow(/positive sum/);
    expect(() => symmetricEquilibria({ strategies: 2, sides: 3, payoff: new Float64Array(4) }, { seed: 1 })).toThrow(/K\^T = 8/);
  });
});

describe('symmetricEquilibria: two sides, the LP', () => {
  it('random 12-strategy constant-sum games: the LP equilibrium is always there (exact), though the cycling replicator runs mostly miss it', () => {
    const rng = seedrandom('symmetric-game-lp');
    let lpOnly = 0;
    for (let n = 0; n < 10; n++) {
      const K = 12;
      const score = Array.from({ length: K }, () => new Array<number>(K).fill(0.5));
      for (let i = 0; i < K; i++) {
        for (let j = i + 1; j < K; j++) {
          score[i][j] = rng();
          score[j][i] = 1 - score[i][j];
        }
      }
      const lp = symmetricNash(score).mixture;
      const { equilibria } = symmetricEquilibria(twoSided(score), { seed: 1, starts: 8 });
      const found = equilibria.find((e) => e.mixture.every((v, i) => Math.abs(v - lp[i]) < 1e-9));
      expect(found).toBeDefined();
      expect(found!.regret).toBeLessThan(1e-12);
      if (found!.basin === 0) lpOnly++;
    }
    // What is true for these games: in most, no replicator run (even polished) reached it.
    expect(lpOnly).toBeGreaterThanOrEqual(5);
  });
});

describe('symmetricEquilibria: cyclic three-sided games', () => {
  const UNIFORM = [1 / 3, 1 / 3, 1 / 3];

  it.each([1, 0.6])('win %s: the uniform mixture equalises the scores (regret 0 by symmetry)', (win) => {
    expect(regret(cyclic3(win), UNIFORM)).toBeLessThan(1e-15);
  });

  it('win 1: the dynamics spiral in, every run ends at the uniform mixture (basin 1)', () => {
    const { equilibria } = symmetricEquilibria(cyclic3(1), { seed: 1 });
    expect(equilibria.length).toBe(1);
    expect(equilibria[0].basin).toBe(1);
    equilibria[0].mixture.forEach((v) => expect(v).toBeCloseTo(1 / 3, 9));
  });

  it('win 0.6: the dynamics cycle out towards the pure strategies; only the uniform start (a rest point) ends at the equilibrium, and polish does not rescue the others', () => {
    const { equilibria, best } = symmetricEquilibria(cyclic3(0.6), { seed: 1 });
    expect(equilibria.length).toBe(1);
    equilibria[0].mixture.forEach((v) => expect(v).toBeCloseTo(1 / 3, 12));
    expect(equilibria[0].basin).toBe(1 / 33);
    expect(best).toEqual(equilibria[0]);
    // A start a hair off the centre drifts away: it is not counted.
    const near = symmetricEquilibria(cyclic3(0.6), { seed: 1, starts: 0, warm: [[0.34, 0.33, 0.33]] });
    expect(near.equilibria.map((e) => e.basin)).toEqual([1 / 2]);
  });

  it('`best` is the lowest regret found even when nothing is within tolerance', () => {
    // Tolerance 0: the uniform mixture passes only if its regret rounds to exactly 0.
    const search = symmetricEquilibria(cyclic3(0.6), { seed: 1, tolerance: 0 });
    expect(search.tolerance).toBe(0);
    expect(search.best.regret).toBeLessThan(1e-15);
    search.best.mixture.forEach((v) => expect(v).toBeCloseTo(1 / 3, 12));
    for (const e of search.equilibria) expect(e.regret).toBe(0);
    if (search.equilibria.length === 0) expect(search.best.regret).toBeGreaterThan(0);
  });
});

describe('symmetricEquilibria: polish', () => {
  it('one replicator step stops short (regret above tolerance); the polish lands every run on (8/13, 5/13)', () => {
    const g = antiCoordination();
    // One step from the uniform start by hand, with the module's own scores.
    const u = strategyScores(g, [0.5, 0.5], new Float64Array(2));
    const mean = (u[0] + u[1]) / 2;
    const step = [(0.5 * (u[0] + 1)) / (mean + 1), (0.5 * (u[1] + 1)) / (mean + 1)];
    expect(regret(g, step)).toBeGreaterThan(1e-3);
    const { equilibria } = symmetricEquilibria(g, { seed: 1, starts: 4, iterations: 1 });
    expect(equilibria.length).toBe(1);
    expect(equilibria[0].basin).toBe(1);
    expect(equilibria[0].regret).toBeLessThan(1e-12);
    expect(equilibria[0].mixture[0]).toBeCloseTo(8 / 13, 12);
  });

  it('the polish walks the support: a start on all three strategies of the dominant game ends at the pure equilibrium', () => {
    const { equilibria } = symmetricEquilibria(dominant(), { seed: 1, starts: 4, iterations: 1 });
    expect(equilibria.length).toBe(1);
    expect(equilibria[0]).toMatchObject({ mixture: [1, 0, 0], regret: 0, basin: 1 });
  });
});

describe('symmetricEquilibria: determinism', () => {
  it.each(known)('same seed, same output; another seed, the same equilibria: $name', ({ game, equilibria }) => {
    const g = game();
    const one = symmetricEquilibria(g, { seed: 'a', starts: 8 });
    expect(symmetricEquilibria(g, { seed: 'a', starts: 8 })).toEqual(one);
    const other = symmetricEquilibria(g, { seed: 'b', starts: 8 });
    expectMixtures(other.equilibria, equilibria);
    expectMixtures(one.equilibria, equilibria);
  });

  it('another seed draws other random starts (the basins of the coordination game differ)', () => {
    const basins = ['a', 'b', 'c', 'd'].map((seed) => symmetricEquilibria(coordination(), { seed, starts: 16 }).equilibria.map((e) => e.basin).join(','));
    expect(new Set(basins).size).toBeGreaterThan(1);
  });
});
