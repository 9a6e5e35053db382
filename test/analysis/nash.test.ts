/**
 * Known answers for the zero-sum solver: classic games with hand-solved equilibria, and,
 * for random games (including degenerate integer ones that exercise Bland's rule), the
 * duality certificate: the row mixture earns at least the value against every column and
 * the column mixture concedes at most the value against every row.
 */
import seedrandom from 'seedrandom';
import { describe, expect, it } from 'vitest';
import { solveZeroSum, symmetricNash } from '../../src/analysis/nash.js';

const RPS = [
  [0, -1, 1],
  [1, 0, -1],
  [-1, 1, 0],
];

/** The certificate of optimality for (row, column, value). */
function expectEquilibrium(A: number[][], row: number[], column: number[], value: number, tol = 1e-9) {
  for (const x of [row, column]) {
    expect(x.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 12);
    for (const v of x) expect(v).toBeGreaterThanOrEqual(0);
  }
  for (let j = 0; j < A[0].length; j++) {
    const earned = A.reduce((s, r, i) => s + row[i] * r[j], 0);
    expect(earned).toBeGreaterThanOrEqual(value - tol);
  }
  for (let i = 0; i < A.length; i++) {
    const conceded = A[i].reduce((s, a, j) => s + a * column[j], 0);
    expect(conceded).toBeLessThanOrEqual(value + tol);
  }
}

describe('solveZeroSum: hand-solved games', () => {
  const cases: { name: string; A: number[][]; row: number[]; column: number[]; value: number }[] = [
    { name: 'rock-paper-scissors', A: RPS, row: [1 / 3, 1 / 3, 1 / 3], column: [1 / 3, 1 / 3, 1 / 3], value: 0 },
    {
      name: 'matching pennies',
      A: [
        [1, -1],
        [-1, 1],
      ],
      row: [0.5, 0.5],
      column: [0.5, 0.5],
      value: 0,
    },
    {
      // Row 0 dominates row 1; against it the column player's best is column 1.
      name: 'dominant strategy (pure saddle point)',
      A: [
        [3, 2],
        [1, 0],
      ],
      row: [1, 0],
      column: [0, 1],
      value: 2,
    },
    {
      // 3p − 2(1 − p) = −p + (1 − p) gives p = 3/7; 3q − (1 − q) = −2q + (1 − q) gives q = 2/7.
      name: '[[3, −1], [−2, 1]]: value 1/7',
      A: [
        [3, -1],
        [-2, 1],
      ],
      row: [3 / 7, 4 / 7],
      column: [2 / 7, 5 / 7],
      value: 1 / 7,
    },
    {
      // RPS plus a 4th strategy that loses ½ to each of R, P, S: the uniform RPS mixture
      // beats it, so it gets weight 0 and the game stays RPS.
      name: 'RPS plus a strategy dominated by the RPS mixture',
      A: [
        [0, -1, 1, 0.5],
        [1, 0, -1, 0.5],
        [-1, 1, 0, 0.5],
        [-0.5, -0.5, -0.5, 0],
      ],
      row: [1 / 3, 1 / 3, 1 / 3, 0],
      column: [1 / 3, 1 / 3, 1 / 3, 0],
      value: 0,
    },
    {
      // 3 x 2: the safe row (0.4 either way) is worse than mixing the two risky rows (0.5).
      name: '3 x 2 with a safe but inferior row',
      A: [
        [1, 0],
        [0, 1],
        [0.4, 0.4],
      ],
      row: [0.5, 0.5, 0],
      column: [0.5, 0.5],
      value: 0.5,
    },
    {
      // Generalised RPS with weights a, b, c = 1, 2, 3: equilibrium ∝ (c, b, a).
      name: 'weighted RPS: (1/2, 1/3, 1/6)',
      A: [
        [0, -1, 2],
        [1, 0, -3],
        [-2, 3, 0],
      ],
      row: [1 / 2, 1 / 3, 1 / 6],
      column: [1 / 2, 1 / 3, 1 / 6],
      value: 0,
    },
    { name: '1 x 1', A: [[-4]], row: [1], column: [1], value: -4 },
  ];
  it.each(cases)('$name', ({ A, row, column, value }) => {
    const s = solveZeroSum(A);
    expect(s.value).toBeCloseTo(value, 12);
    s.row.forEach((v, i) => expect(v).toBeCloseTo(row[i], 12));
    s.column.forEach((v, j) => expect(v).toBeCloseTo(column[j], 12));
    expectEquilibrium(A, s.row, s.column, s.value);
  });

  it('exact zeros for unused strategies (round-off cleaned)', () => {
    const s = solveZeroSum(cases[4].A);
    expect(s.row[3]).toBe(0);
    expect(s.column[3]).toBe(0);
  });

  it('a constant game has that value', () => {
    const s = solveZeroSum([
      [2, 2, 2],
      [2, 2, 2],
    ]);
    expect(s.value).toBeCloseTo(2, 12);
    expectEquilibrium([[2, 2, 2], [2, 2, 2]], s.row, s.column, s.value);
  });

  it('rejects empty, ragged and non-finite matrices', () => {
    expect(() => solveZeroSum([])).toThrow(/empty/);
    expect(() => solveZeroSum([[1, 2], [3]])).toThrow(/row 1 has 1 entries/);
    expect(() => solveZeroSum([[1, NaN]])).toThrow(/non-finite/);
  });
});

describe('solveZeroSum: random games satisfy the equilibrium certificate', () => {
  const rng = seedrandom('nash-random-games');
  const games: [string, number[][]][] = [];
  for (let g = 0; g < 60; g++) {
    const m = 1 + Math.floor(rng() * 7);
    const n = 1 + Math.floor(rng() * 7);
    // Half real-valued, half small integers (many ties: degenerate pivots for Bland's rule).
    const integer = g % 2 === 1;
    const A = Array.from({ length: m }, () => Array.from({ length: n }, () => (integer ? Math.floor(rng() * 5) - 2 : rng() * 10 - 5)));
    games.push([`game ${g}: ${m} x ${n}${integer ? ' (integers)' : ''}`, A]);
  }
  it.each(games)('%s', (_, A) => {
    const s = solveZeroSum(A);
    expectEquilibrium(A, s.row, s.column, s.value);
  });
});

describe('symmetricNash', () => {
  it('rock-paper-scissors scores: 1/3 each, value 0', () => {
    const score = [
      [0.5, 0, 1],
      [1, 0.5, 0],
      [0, 1, 0.5],
    ];
    const { mixture, value } = symmetricNash(score);
    mixture.forEach((v) => expect(v).toBeCloseTo(1 / 3, 12));
    expect(value).toBeCloseTo(0, 12);
  });

  it('weighted RPS scores 0.5 + A: mixture ∝ (c, b, a)', () => {
    // A = [[0, −a, b], [a, 0, −c], [−b, c, 0]] with a, b, c = 0.1, 0.2, 0.3.
    const score = [
      [0.5, 0.4, 0.7],
      [0.6, 0.5, 0.2],
      [0.3, 0.8, 0.5],
    ];
    const { mixture, value } = symmetricNash(score);
    [1 / 2, 1 / 3, 1 / 6].forEach((v, i) => expect(mixture[i]).toBeCloseTo(v, 12));
    expect(value).toBeCloseTo(0, 12);
  });

  it('a dominant loadout is played alone', () => {
    const score = [
      [0.5, 0.7, 0.9],
      [0.3, 0.5, 0.6],
      [0.1, 0.4, 0.5],
    ];
    expect(symmetricNash(score).mixture).toEqual([1, 0, 0]);
  });

  it('estimated scores (pairs not summing to 1): solved on the antisymmetric part, mixture scores ≥ ½ against every pure strategy', () => {
    const rng = seedrandom('nash-symmetric');
    for (let t = 0; t < 20; t++) {
      const k = 2 + Math.floor(rng() * 6);
      const score = Array.from({ length: k }, () => Array.from({ length: k }, () => rng()));
      const { mixture, value } = symmetricNash(score);
      const A = score.map((r, i) => r.map((s, j) => (s - score[j][i]) / 2));
      expect(value).toBeCloseTo(0, 12);
      expect(mixture).toEqual(solveZeroSum(A).row);
      expectEquilibrium(A, mixture, mixture, 0);
    }
  });

  it('rejects a non-square matrix', () => {
    expect(() => symmetricNash([[0.5, 0.5]])).toThrow(/1 x 1/);
  });
});
