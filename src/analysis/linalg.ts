/**
 * Small dense linear algebra for the analysis fits (logistic regression's Newton steps and
 * covariance): solving A x = b and inverting A by Gauss-Jordan elimination with partial
 * pivoting.
 *
 * Why so plain: the matrices are a few dozen rows at most (one per model coefficient) and
 * are built a handful of times per fit, so clarity beats speed. Partial pivoting (swap in
 * the row with the largest entry of the column) keeps elimination stable for the
 * symmetric positive definite matrices the fits produce and for general ones too.
 * A matrix is an array of rows; inputs are never modified.
 */

/** Pivots at or below this fraction of the matrix's largest entry count as zero (singular). */
const SINGULAR = 1e-15;

/**
 * Gauss-Jordan elimination of [A | B] (A square, B with any number of columns), with
 * partial pivoting. Returns X with A X = B, or null when A is singular (a pivot at or below
 * SINGULAR times the largest |A_ij|, or a non-finite entry).
 */
function gaussJordan(a: readonly (readonly number[])[], b: readonly (readonly number[])[]): number[][] | null {
  const n = a.length;
  for (const row of a) if (row.length !== n) throw new Error(`linalg: matrix is not square (${n} rows, a row of ${row.length})`);
  if (b.length !== n) throw new Error(`linalg: right-hand side has ${b.length} rows, matrix has ${n}`);
  const m = n === 0 ? 0 : b[0].length;
  // Augmented working copy [A | B].
  const w = a.map((row, i) => [...row, ...b[i]]);
  let scale = 0;
  for (const row of a) for (const v of row) scale = Math.max(scale, Math.abs(v));
  if (!Number.isFinite(scale)) return null;
  const tiny = SINGULAR * scale;
  for (let col = 0; col < n; col++) {
    let best = col;
    for (let r = col + 1; r < n; r++) if (Math.abs(w[r][col]) > Math.abs(w[best][col])) best = r;
    if (!(Math.abs(w[best][col]) > tiny)) return null;
    if (best !== col) [w[col], w[best]] = [w[best], w[col]];
    const pivot = w[col][col];
    for (let c = col; c < n + m; c++) w[col][c] /= pivot;
    for (let r = 0; r < n; r++) {
      if (r === col || w[r][col] === 0) continue;
      const f = w[r][col];
      for (let c = col; c < n + m; c++) w[r][c] -= f * w[col][c];
    }
  }
  return w.map((row) => row.slice(n));
}

/** x with A x = b (A square), or null when A is singular. */
export function solve(a: readonly (readonly number[])[], b: readonly number[]): number[] | null {
  const x = gaussJordan(
    a,
    b.map((v) => [v]),
  );
  return x && x.map((row) => row[0]);
}

/** A⁻¹, or null when A is singular. */
export function inverse(a: readonly (readonly number[])[]): number[][] | null {
  return gaussJordan(a, identity(a.length));
}

/** The n x n identity matrix. */
export function identity(n: number): number[][] {
  return Array.from({ length: n }, (_, i) => Array.from({ length: n }, (_, j) => (i === j ? 1 : 0)));
}

/** A x for a matrix A (rows) and a vector x. */
export function matVec(a: readonly (readonly number[])[], x: readonly number[]): number[] {
  return a.map((row) => {
    if (row.length !== x.length) throw new Error(`linalg: row of ${row.length} times vector of ${x.length}`);
    let s = 0;
    for (let j = 0; j < x.length; j++) s += row[j] * x[j];
    return s;
  });
}
