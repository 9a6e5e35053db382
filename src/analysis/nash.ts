/**
 * Equilibria of zero-sum matrix games: the optimal mixed strategies and value of a general
 * m x n game, and the equilibrium mixture of a symmetric game given by a table of expected
 * scores (which loadouts a perfectly adaptive metagame would play, and how often).
 *
 * Method: the classical linear program (J. von Neumann; G. B. Dantzig, "Linear Programming
 * and Extensions", 1963, ch. 13). Shift the payoffs so every entry is ≥ 1, so the game's
 * value is positive; then the column player's problem is
 *
 *     maximise Σ yⱼ  subject to  B y ≤ 1,  y ≥ 0,
 *
 * with value v = 1 / Σ y*, column strategy y* · v, and the row strategy is v times the
 * optimal dual solution, which the final simplex tableau holds as the reduced costs of the
 * slack variables. The LP is always feasible (y = 0) and bounded (B > 0).
 *
 * Why a dense tableau with Bland's rule: the games are a few dozen strategies, so clarity
 * matters more than speed, and game matrices are often degenerate (ties, duplicated
 * strategies) where the textbook largest-coefficient rule can cycle; Bland's smallest-index
 * rule never does (R. G. Bland, "New finite pivoting rules for the simplex method",
 * Math. Oper. Res. 2 (1977) 103–107). When a game has several equilibria, one of them
 * (a vertex of the LP) is returned.
 */

/** Entries this small are treated as zero in the tableau and in the returned strategies. */
const EPS = 1e-12;

/** Drops round-off (below EPS, including tiny negatives) and rescales to sum 1. */
function cleanMixture(x: number[]): number[] {
  const kept = x.map((v) => (v < EPS ? 0 : v));
  const total = kept.reduce((a, b) => a + b, 0);
  return kept.map((v) => v / total);
}

/**
 * Optimal strategies and value of the zero-sum game whose payoff to the row player (who
 * maximises) is payoff[i][j]. `row` guarantees at least `value` against every column,
 * `column` holds the row player to at most `value`.
 * @throws Error for an empty or ragged matrix or a non-finite entry.
 */
export function solveZeroSum(payoff: readonly (readonly number[])[]): { row: number[]; column: number[]; value: number } {
  const m = payoff.length;
  const n = m === 0 ? 0 : payoff[0].length;
  if (m === 0 || n === 0) throw new Error('solveZeroSum: the payoff matrix is empty');
  payoff.forEach((r, i) => {
    if (r.length !== n) throw new Error(`solveZeroSum: row ${i} has ${r.length} entries, row 0 has ${n}`);
    if (!r.every(Number.isFinite)) throw new Error(`solveZeroSum: row ${i} has a non-finite entry`);
  });

  // B = A − min(A) + 1 ≥ 1.
  let min = Infinity;
  for (const r of payoff) for (const v of r) min = Math.min(min, v);
  const shift = 1 - min;

  // Tableau rows: constraint i is Σⱼ Bᵢⱼ yⱼ + sᵢ = 1. Columns 0..n−1 are y, n..n+m−1 the
  // slacks s, the last is the right-hand side. cost[k] is the reduced cost of column k
  // (objective row of "maximise Σ y", written as z − Σ y = 0), cost[n+m] the objective.
  const width = n + m + 1;
  const T = payoff.map((r, i) => {
    const row = new Array<number>(width).fill(0);
    for (let j = 0; j < n; j++) row[j] = r[j] + shift;
    row[n + i] = 1;
    row[width - 1] = 1;
    return row;
  });
  const cost = new Array<number>(width).fill(0);
  for (let j = 0; j < n; j++) cost[j] = -1;
  const basis = Array.from({ length: m }, (_, i) => n + i);

  for (;;) {
    // Bland: the entering column is the lowest-index one with a negative reduced cost.
    let enter = -1;
    for (let k = 0; k < n + m; k++) {
      if (cost[k] < -EPS) {
        enter = k;
        break;
      }
    }
    if (enter < 0) break; // optimal
    // Ratio test; ties go to the row whose basic variable has the lowest index (Bland).
    let leave = -1;
    let best = Infinity;
    for (let i = 0; i < m; i++) {
      if (T[i][enter] <= EPS) continue;
      const ratio = T[i][width - 1] / T[i][enter];
      if (ratio < best - EPS || (Math.abs(ratio - best) <= EPS && basis[i] < basis[leave])) {
        best = ratio;
        leave = i;
      }
    }
    if (leave < 0) throw new Error('solveZeroSum: unbounded LP (cannot happen for a shifted game matrix)');
    // Pivot on (leave, enter).
    const pr = T[leave];
    const pv = pr[enter];
    for (let k = 0; k < width; k++) pr[k] /= pv;
    for (let i = 0; i < m; i++) {
      if (i === leave || T[i][enter] === 0) continue;
      const f = T[i][enter];
      for (let k = 0; k < width; k++) T[i][k] -= f * pr[k];
    }
    const f = cost[enter];
    for (let k = 0; k < width; k++) cost[k] -= f * pr[k];
    basis[leave] = enter;
  }

  // Primal y from the basis, dual x from the slacks' reduced costs; both sum to Σ y* = 1/v.
  const y = new Array<number>(n).fill(0);
  basis.forEach((b, i) => {
    if (b < n) y[b] = T[i][width - 1];
  });
  const x = Array.from({ length: m }, (_, i) => cost[n + i]);
  const total = cost[width - 1];
  return { row: cleanMixture(x), column: cleanMixture(y), value: 1 / total - shift };
}

/**
 * Equilibrium mixture of the symmetric game with expected scores score[i][j] (win 1,
 * draw ½, loss 0) of strategy i against j. The payoff A = (score − scoreᵀ)/2 is exactly
 * antisymmetric even though estimated scores only roughly satisfy score[i][j] + score[j][i]
 * = 1; it equals score[i][j] − ½ when they do. The value of such a game is 0 (≈ 0 up to
 * round-off), and `mixture` scores at least ½ (in A's terms) against every pure strategy.
 * The diagonal does not matter (it cancels).
 * @throws Error for a non-square or empty matrix.
 */
export function symmetricNash(score: readonly (readonly number[])[]): { mixture: number[]; value: number } {
  const k = score.length;
  if (k === 0) throw new Error('symmetricNash: the score matrix is empty');
  score.forEach((r, i) => {
    if (r.length !== k) throw new Error(`symmetricNash: row ${i} has ${r.length} entries; the matrix must be ${k} x ${k}`);
  });
  const A = score.map((r, i) => r.map((s, j) => (s - score[j][i]) / 2));
  const { row, value } = solveZeroSum(A);
  return { mixture: row, value };
}
