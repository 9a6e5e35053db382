/**
 * Symmetric Nash equilibria of a symmetric game of T sides (T players in a free-for-all, or
 * T teams) over K strategies, built from an empirical table of profile scores: which
 * strategies a perfectly adaptive metagame plays when more than two sides meet.
 *
 * The table is a heuristic payoff table in the sense of empirical game-theoretic analysis
 * (W. E. Walsh, R. Das, G. Tesauro, J. O. Kephart, "Analyzing complex strategic interactions
 * in multi-agent systems", AAAI-02 workshop on game-theoretic and decision-theoretic agents,
 * 2002; M. P. Wellman, "Methods for empirical game-theoretic analysis", AAAI 2006): one row
 * per multiset of T strategies, with each strategy's score in it. A side's expected score
 * u_c(x) when the other T − 1 sides draw independently from a mixture x is a polynomial of
 * degree T − 1 in x, and x is a symmetric equilibrium when no strategy scores more than the
 * ones x plays, i.e. when its regret max_c u_c(x) − Σ x_c u_c(x) is 0.
 *
 * Why a search and not a solver: a symmetric equilibrium always exists (J. Nash, "Non-
 * cooperative games", Ann. Math. 54 (1951) 286–295), but for T ≥ 3 it is a root of a
 * polynomial system, not an LP; there can be several, and replicator dynamics need not
 * converge (they cycle in RPS-like games). So several cheap searches each propose candidates:
 * every pure strategy, every root along every edge {a, b} of the simplex (exact for two-
 * strategy supports), the LP at T = 2 (exact, via nash.ts), and replicator dynamics from the
 * uniform, warm and random starts (interior and larger supports; how often a start ends at an
 * equilibrium is its basin). Every candidate is judged only by its regret, so what is reported
 * is verified, and `best` says how close the search got when nothing passed.
 *
 * A replicator run that ends above the tolerance is polished, and counts towards the basin of
 * whatever the polish reaches: the candidates are the run's end, its time average over the
 * second half (which tends to an interior rest point when orbits cycle in the interior;
 * J. Hofbauer, K. Sigmund, "Evolutionary Games and Population Dynamics", 1998), and a
 * Newton support walk from each (see `polish`); the lowest-regret one stands. Orbits that
 * approach the boundary (a heteroclinic cycle) are usually not rescued.
 *
 * Every internal call hands strategyScores and the contraction a Float64Array: mixing
 * number[] in makes V8 deoptimise the hot loop (several times slower).
 */
import seedrandom from 'seedrandom';
import { solve } from './linalg.js';
import { symmetricNash } from './nash.js';

/** A symmetric game of `sides` sides over `strategies` strategies. */
export interface SymmetricGame {
  strategies: number; // K >= 1
  sides: number; // T >= 2
  /**
   * Dense payoff tensor of K^T entries: the score of a side playing c when the other T − 1
   * sides play j1 .. j_{T-1} is payoff[((c·K + j1)·K + j2)·K ...]. Symmetric in the j's.
   */
  payoff: Float64Array;
}

/** One profile of the table: a multiset of T strategies and each listed side's score. */
export interface ProfileScores {
  strategies: readonly number[];
  scores: readonly number[];
}

/**
 * The game from profile scores: `profiles` lists each played profile once, `strategies` in
 * any order and `scores[i]` the score of the side playing strategies[i]; sides with the same
 * strategy are averaged. A profile where every side plays the same strategy scores 1/T to
 * each (symmetry; it need not be listed, and if listed its scores are not used). A profile
 * not listed scores 1/T to each side and is reported in `missing` (as sorted strategy lists,
 * in lexicographic order).
 * @throws Error on a strategy index out of range, a profile with the wrong number of sides or
 * of scores, a profile listed twice, or a non-finite score.
 */
export function gameFromProfiles(strategies: number, sides: number, profiles: readonly ProfileScores[]): { game: SymmetricGame; missing: number[][] } {
  const K = strategies;
  const T = sides;
  if (!Number.isInteger(K) || K < 1) throw new Error(`gameFromProfiles: strategies must be an integer ≥ 1, got ${K}`);
  if (!Number.isInteger(T) || T < 2) throw new Error(`gameFromProfiles: sides must be an integer ≥ 2, got ${T}`);

  // Multiset key (sorted strategies) → each strategy's average score in that profile.
  const table = new Map<string, Map<number, number>>();
  profiles.forEach((p, n) => {
    if (p.strategies.length !== T) throw new Error(`gameFromProfiles: profile ${n} has ${p.strategies.length} sides, the game has ${T}`);
    if (p.scores.length !== T) throw new Error(`gameFromProfiles: profile ${n} has ${p.scores.length} scores for ${T} sides`);
    for (const s of p.strategies) {
      if (!Number.isInteger(s) || s < 0 || s >= K) throw new Error(`gameFromProfiles: profile ${n} has strategy ${s}, out of range 0..${K - 1}`);
    }
    for (const v of p.scores) if (!Number.isFinite(v)) throw new Error(`gameFromProfiles: profile ${n} has a non-finite score`);
    const key = [...p.strategies].sort((a, b) => a - b).join(',');
    if (table.has(key)) throw new Error(`gameFromProfiles: profile {${key}} is listed twice`);
    const sum = new Map<number, number>();
    const count = new Map<number, number>();
    p.strategies.forEach((s, i) => {
      sum.set(s, (sum.get(s) ?? 0) + p.scores[i]);
      count.set(s, (count.get(s) ?? 0) + 1);
    });
    const avg = new Map<number, number>();
    for (const [s, v] of sum) avg.set(s, v / count.get(s)!);
    table.set(key, avg);
  });

  const size = K ** T;
  const payoff = new Float64Array(size);
  const missing = new Map<string, number[]>();
  const digits = new Array<number>(T);
  for (let index = 0; index < size; index++) {
    let r = index;
    for (let d = T - 1; d >= 0; d--) {
      digits[d] = r % K;
      r = (r - digits[d]) / K;
    }
    const c = digits[0];
    const sorted = [...digits].sort((a, b) => a - b);
    if (sorted[0] === sorted[T - 1]) {
      payoff[index] = 1 / T;
      continue;
    }
    const key = sorted.join(',');
    const row = table.get(key);
    if (row) payoff[index] = row.get(c)!;
    else {
      payoff[index] = 1 / T;
      if (!missing.has(key)) missing.set(key, sorted);
    }
  }
  const missingList = [...missing.values()].sort((a, b) => {
    for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i] - b[i];
    return 0;
  });
  return { game: { strategies: K, sides: T, payoff }, missing: missingList };
}

/** Scratch buffers for the contraction, one set per game (strategyScores must not allocate). */
interface Scratch {
  a: Float64Array;
  b: Float64Array;
  u: Float64Array;
  x: Float64Array;
}
const scratchOf = new WeakMap<SymmetricGame, Scratch>();

function scratch(game: SymmetricGame): Scratch {
  const size = game.strategies ** (game.sides - 1);
  let s = scratchOf.get(game);
  if (!s || s.a.length !== size || s.u.length !== game.strategies) {
    s = { a: new Float64Array(size), b: new Float64Array(size), u: new Float64Array(game.strategies), x: new Float64Array(game.strategies) };
    scratchOf.set(game, s);
  }
  return s;
}

/**
 * Contracts the last `times` indices of the game's tensor with x, into `out` (length
 * K^(T − times)). The last index runs fastest, so each step is a block of dot products.
 */
function contract(game: SymmetricGame, x: ArrayLike<number>, times: number, out: Float64Array): Float64Array {
  const K = game.strategies;
  const s = scratch(game);
  let src: Float64Array = game.payoff;
  let len = src.length;
  for (let step = 0; step < times; step++) {
    len /= K;
    const dst = step === times - 1 ? out : step % 2 === 0 ? s.a : s.b;
    for (let i = 0, base = 0; i < len; i++, base += K) {
      let acc = 0;
      for (let j = 0; j < K; j++) acc += src[base + j] * x[j];
      dst[i] = acc;
    }
    src = dst;
  }
  return out;
}

/**
 * The multisets of T − 1 others, for the sums of strategyScores (they depend only on K and T,
 * so they are shared between games): `first` the tensor offset of each multiset's sorted
 * arrangement within a c-block, `members` its T − 1 strategies, `weight` its number of
 * arrangements (the multinomial coefficient), `w` scratch for its probability.
 */
interface Others {
  first: Int32Array;
  members: Int32Array;
  weight: Float64Array;
  w: Float64Array;
}
const othersOf = new Map<string, Others>();

function others(K: number, T: number): Others {
  const key = `${K}/${T}`;
  let o = othersOf.get(key);
  if (o) return o;
  const first: number[] = [];
  const members: number[] = [];
  const weight: number[] = [];
  const factorial = [1];
  for (let n = 1; n < T; n++) factorial.push(factorial[n - 1] * n);
  const pick: number[] = [];
  const walk = (from: number) => {
    if (pick.length === T - 1) {
      let offset = 0;
      let arrangements = factorial[T - 1];
      let run = 1;
      pick.forEach((j, i) => {
        offset = offset * K + j;
        run = i > 0 && pick[i - 1] === j ? run + 1 : 1;
        arrangements /= run;
      });
      first.push(offset);
      members.push(...pick);
      weight.push(arrangements);
      return;
    }
    for (let j = from; j < K; j++) {
      pick.push(j);
      walk(j);
      pick.pop();
    }
  };
  walk(0);
  o = { first: Int32Array.from(first), members: Int32Array.from(members), weight: Float64Array.from(weight), w: new Float64Array(first.length) };
  othersOf.set(key, o);
  return o;
}

/**
 * Each strategy's expected score u_c(x) when the other T − 1 sides draw independently from x;
 * written into `out` (length K), allocation-free. Sums over the multisets of the others
 * (C(K + T − 2, T − 1) of them, e.g. 220 at K = 10, T = 4, against K^(T − 1) = 1000
 * arrangements), reading the tensor at each multiset's sorted arrangement, so it relies on
 * the tensor's symmetry in the j's; the payoff is read afresh on every call.
 */
export function strategyScores(game: SymmetricGame, x: ArrayLike<number>, out: Float64Array): Float64Array {
  const K = game.strategies;
  const T = game.sides;
  const payoff = game.payoff;
  if (T === 2) {
    for (let c = 0, base = 0; c < K; c++, base += K) {
      let acc = 0;
      for (let j = 0; j < K; j++) acc += payoff[base + j] * x[j];
      out[c] = acc;
    }
    return out;
  }
  const { first, members, weight, w } = others(K, T);
  const n = first.length;
  const r = T - 1;
  for (let i = 0, k = 0; i < n; i++) {
    let p = weight[i];
    for (let e = 0; e < r; e++, k++) p *= x[members[k]];
    w[i] = p;
  }
  const block = K ** r;
  for (let c = 0, base = 0; c < K; c++, base += block) {
    let acc = 0;
    for (let i = 0; i < n; i++) acc += payoff[base + first[i]] * w[i];
    out[c] = acc;
  }
  return out;
}

/** Regret of x: max_c u_c(x) − Σ_c x_c u_c(x) (≥ 0; 0 at an exact equilibrium). */
export function regret(game: SymmetricGame, x: ArrayLike<number>): number {
  // Copied into a typed array: see the header on array types.
  const s = scratch(game);
  s.x.set(x);
  const u = strategyScores(game, s.x, s.u);
  let max = -Infinity;
  let mean = 0;
  for (let c = 0; c < game.strategies; c++) {
    if (u[c] > max) max = u[c];
    mean += x[c] * u[c];
  }
  return Math.max(0, max - mean);
}

export interface SymmetricEquilibrium {
  mixture: number[]; // sums to 1, entries below 1e-9 set to 0
  regret: number;
  /** Share of the search's starts (replicator runs) that ended at this equilibrium (0 for one found only by the pure/pair/LP scans). */
  basin: number;
}

export interface EquilibriumSearch {
  /** Distinct mixtures with regret ≤ tolerance, most basin first, then lowest regret. */
  equilibria: SymmetricEquilibrium[];
  /** The lowest-regret mixture found, whether or not within tolerance (so a caller can say how close it got). */
  best: SymmetricEquilibrium;
  tolerance: number;
}

/** Mixture entries below this are dropped (round-off and replicator tails). */
const ZERO = 1e-9;
/** Pair scan: grid intervals on t ∈ [0, 1], and the bisection's width. */
const GRID = 256;
const BISECT = 1e-12;
/** Replicator runs stop when a step moves x less than this (L1). */
const STILL = 1e-12;

/** Entries below ZERO set to 0 (including round-off negatives), rescaled to sum 1. */
function clean(x: ArrayLike<number>): number[] {
  const kept = Array.from(x, (v) => (v < ZERO ? 0 : v));
  const total = kept.reduce((a, b) => a + b, 0);
  return kept.map((v) => v / total);
}

/** L1 distance of two mixtures. */
export function l1(a: readonly number[], b: readonly number[]): number {
  let d = 0;
  for (let i = 0; i < a.length; i++) d += Math.abs(a[i] - b[i]);
  return d;
}

/**
 * Newton's method for an equilibrium on the support S: the unknowns are x on S (0 elsewhere),
 * the equations u_s(x) = u_{s0}(x) for s ∈ S \ {s0} and Σ x = 1. With the tensor symmetric in
 * the others' indices, ∂u_c/∂x_j = (T − 1) M[c][j] where M contracts all but the first two
 * indices. The polynomials are evaluated off the simplex too, so a step may leave it; the
 * caller then changes the support. Returns null when the system is singular or the iteration
 * does not settle.
 */
function newton(game: SymmetricGame, support: readonly number[], start: readonly number[]): number[] | null {
  const K = game.strategies;
  const T = game.sides;
  const m = support.length;
  const x = new Float64Array(K);
  for (const c of support) x[c] = start[c];
  const M = new Float64Array(K * K);
  for (let iter = 0; iter < 30; iter++) {
    if (T === 2) M.set(game.payoff);
    else contract(game, x, T - 2, M);
    const u = support.map((c) => {
      let acc = 0;
      for (let j = 0; j < K; j++) acc += M[c * K + j] * x[j];
      return acc;
    });
    const s0 = support[0];
    const J: number[][] = [];
    const rhs: number[] = [];
    for (let i = 1; i < m; i++) {
      const c = support[i];
      J.push(support.map((j) => (T - 1) * (M[c * K + j] - M[s0 * K + j])));
      rhs.push(u[0] - u[i]);
    }
    J.push(support.map(() => 1));
    rhs.push(1 - support.reduce((a, c) => a + x[c], 0));
    const step = solve(J, rhs);
    if (!step || !step.every(Number.isFinite)) return null;
    let moved = 0;
    support.forEach((c, i) => {
      x[c] += step[i];
      moved += Math.abs(step[i]);
    });
    if (moved > 1e6) return null;
    if (moved < 1e-14) return Array.from(x);
  }
  return null;
}

/**
 * Polish of a stalled replicator point: Newton on its support; a root with a negative weight
 * drops that strategy, a root that some outside strategy beats takes it in (the support
 * search of R. Porter, E. Nudelman, Y. Shoham, "Simple search methods for finding a Nash
 * equilibrium", Games Econ. Behav. 63 (2008) 642–662, walked locally instead of enumerated).
 * After a change Newton restarts from the support's centre, so from there on the walk
 * depends only on the support: `memo` shares it between runs (null: failed or under way,
 * which also stops a walk that comes back to a support).
 */
function polish(game: SymmetricGame, support: readonly number[], start: readonly number[] | null, memo: Map<string, number[] | null>, depth = 0): number[] | null {
  const K = game.strategies;
  const key = support.join(',');
  if (start === null) {
    if (memo.has(key)) return memo.get(key)!;
    memo.set(key, null);
  }
  let result: number[] | null = null;
  const centre = () => Array.from({ length: K }, (_, c) => (support.includes(c) ? 1 / support.length : 0));
  const x = support.length === 1 ? unit(K, support[0]) : newton(game, support, start ?? centre());
  if (x && depth < 2 * K) {
    let worst = -1;
    for (const c of support) if (x[c] < -ZERO && (worst < 0 || x[c] < x[worst])) worst = c;
    if (worst >= 0) {
      if (support.length > 1) result = polish(game, support.filter((c) => c !== worst), null, memo, depth + 1);
    } else {
      const u = strategyScores(game, Float64Array.from(x), new Float64Array(K));
      let mean = 0;
      for (let c = 0; c < K; c++) mean += x[c] * u[c];
      let enter = -1;
      for (let c = 0; c < K; c++) if (!support.includes(c) && u[c] > mean + 1e-12 && (enter < 0 || u[c] > u[enter])) enter = c;
      if (enter < 0) result = x.map((v) => Math.max(0, v));
      else result = polish(game, [...support, enter].sort((a, b) => a - b), null, memo, depth + 1);
    }
  }
  if (start === null) memo.set(key, result);
  return result;
}

/** The support of x: strategies with weight above 1e-6. */
function supportOf(x: readonly number[]): number[] {
  const s: number[] = [];
  x.forEach((v, c) => {
    if (v > 1e-6) s.push(c);
  });
  return s;
}

function unit(K: number, c: number): number[] {
  const e = new Array<number>(K).fill(0);
  e[c] = 1;
  return e;
}

interface Candidate {
  mixture: number[];
  regret: number;
  /** Replicator runs that ended here. */
  runs: number;
}

/**
 * Symmetric equilibria by: (1) every pure strategy; (2) every pair of strategies {a, b}: the
 * roots in (0, 1) of f(t) = u_a(x_t) − u_b(x_t), x_t = t·e_a + (1 − t)·e_b (a polynomial of
 * degree ≤ T − 1, evaluated in its Bernstein form from the T tensor entries on that edge: scan
 * a grid of 256 intervals for sign changes and exact zeros, bisect to 1e-12); (3) for T = 2
 * the LP solution of nash.ts symmetricNash applied to S[i][j] = payoff(i vs j) (exact);
 * (4) discrete replicator dynamics x_c ← x_c · (u_c(x) + 1) / (Σ x u(x) + 1) from the uniform
 * mixture, from every `warm` start, and from `starts` seeded random points (Dirichlet(1) via
 * −log(1 − U), U from seedrandom(`${seed}/symmetric-game`)), each up to `iterations` steps or
 * until the L1 change of a step is below 1e-12; a run ending above tolerance is polished (see
 * the header). Candidates with regret ≤ tolerance are kept; two within L1 distance `merge`
 * (default 0.02) are one equilibrium (the lower-regret mixture stays; basins add).
 * @throws Error for a malformed game or a warm start of the wrong length or with no weight.
 */
export function symmetricEquilibria(
  game: SymmetricGame,
  options: { seed: string | number; starts?: number; iterations?: number; tolerance?: number; warm?: readonly (readonly number[])[]; merge?: number },
): EquilibriumSearch {
  const K = game.strategies;
  const T = game.sides;
  if (!Number.isInteger(K) || K < 1 || !Number.isInteger(T) || T < 2) throw new Error(`symmetricEquilibria: bad game shape K = ${K}, T = ${T}`);
  if (game.payoff.length !== K ** T) throw new Error(`symmetricEquilibria: payoff has ${game.payoff.length} entries, K^T = ${K ** T}`);
  const starts = options.starts ?? 32;
  const iterations = options.iterations ?? 4000;
  const tolerance = options.tolerance ?? 1e-3;
  const merge = options.merge ?? 0.02;
  const warm = options.warm ?? [];
  warm.forEach((w, i) => {
    if (w.length !== K) throw new Error(`symmetricEquilibria: warm start ${i} has ${w.length} entries, the game has ${K} strategies`);
    if (!w.every((v) => Number.isFinite(v) && v >= 0) || !(w.reduce((a, b) => a + b, 0) > 0)) {
      throw new Error(`symmetricEquilibria: warm start ${i} must be non-negative with a positive sum`);
    }
  });

  const candidates: Candidate[] = [];
  const add = (x: ArrayLike<number>, runs: number) => {
    const mixture = clean(x);
    candidates.push({ mixture, regret: regret(game, mixture), runs });
  };

  // (1) Pure strategies.
  for (let c = 0; c < K; c++) {
    const e = new Array<number>(K).fill(0);
    e[c] = 1;
    add(e, 0);
  }

  // (2) Edges: f(t) = Σ_m C(T−1, m) t^m (1 − t)^(T−1−m) d_m, d_m the score gap of a over b
  // when m of the others play a and the rest b.
  const binom = [1];
  for (let m = 1; m < T; m++) binom.push((binom[m - 1] * (T - m)) / m);
  const edgeIndex = (c: number, a: number, b: number, m: number) => {
    let index = c;
    for (let i = 0; i < T - 1; i++) index = index * K + (i < m ? a : b);
    return index;
  };
  const d = new Array<number>(T);
  const f = (t: number) => {
    let acc = 0;
    for (let m = 0; m < T; m++) acc += binom[m] * t ** m * (1 - t) ** (T - 1 - m) * d[m];
    return acc;
  };
  const edgePoint = (a: number, b: number, t: number) => {
    const x = new Array<number>(K).fill(0);
    x[a] = t;
    x[b] = 1 - t;
    return x;
  };
  for (let a = 0; a < K; a++) {
    for (let b = a + 1; b < K; b++) {
      for (let m = 0; m < T; m++) d[m] = game.payoff[edgeIndex(a, a, b, m)] - game.payoff[edgeIndex(b, a, b, m)];
      const values = Array.from({ length: GRID + 1 }, (_, i) => f(i / GRID));
      if (values.every((v) => v === 0)) {
        // a and b are interchangeable along the edge: a continuum; its midpoint stands for it.
        add(edgePoint(a, b, 0.5), 0);
        continue;
      }
      for (let i = 0; i < GRID; i++) {
        if (i > 0 && values[i] === 0) add(edgePoint(a, b, i / GRID), 0);
        const lo0 = values[i];
        const hi0 = values[i + 1];
        if (lo0 === 0 || hi0 === 0 || lo0 > 0 === hi0 > 0) continue;
        let lo = i / GRID;
        let hi = (i + 1) / GRID;
        while (hi - lo > BISECT) {
          const mid = (lo + hi) / 2;
          const v = f(mid);
          if (v === 0) lo = hi = mid;
          else if (v > 0 === lo0 > 0) lo = mid;
          else hi = mid;
        }
        add(edgePoint(a, b, (lo + hi) / 2), 0);
      }
    }
  }

  // (3) Two sides: the symmetric zero-sum LP.
  if (T === 2 && K > 1) {
    const S = Array.from({ length: K }, (_, i) => Array.from(game.payoff.subarray(i * K, (i + 1) * K)));
    add(symmetricNash(S).mixture, 0);
  }

  // (4) Replicator dynamics. The +shift keeps every factor positive; it is 1 for scores in [0, 1].
  let minPayoff = 0;
  for (const v of game.payoff) if (v < minPayoff) minPayoff = v;
  const shift = 1 - minPayoff;
  const rng = seedrandom(`${options.seed}/symmetric-game`);
  const runStarts: number[][] = [new Array<number>(K).fill(1 / K)];
  for (const w of warm) {
    const total = w.reduce((a, b) => a + b, 0);
    runStarts.push(w.map((v) => v / total));
  }
  for (let s = 0; s < starts; s++) {
    // −log(1 − U): U can be 0, never 1.
    const e = Array.from({ length: K }, () => -Math.log(1 - rng()));
    const total = e.reduce((a, b) => a + b, 0);
    runStarts.push(e.map((v) => v / total));
  }
  const x = new Float64Array(K);
  const u = new Float64Array(K);
  const avg = new Float64Array(K);
  const memo = new Map<string, number[] | null>();
  for (const start of runStarts) {
    x.set(start);
    avg.fill(0);
    let averaged = 0;
    for (let it = 0; it < iterations; it++) {
      strategyScores(game, x, u);
      let mean = 0;
      for (let c = 0; c < K; c++) mean += x[c] * u[c];
      let moved = 0;
      let total = 0;
      for (let c = 0; c < K; c++) {
        const next = (x[c] * (u[c] + shift)) / (mean + shift);
        moved += Math.abs(next - x[c]);
        x[c] = next;
        total += next;
      }
      for (let c = 0; c < K; c++) x[c] /= total;
      if (it >= iterations / 2) {
        for (let c = 0; c < K; c++) avg[c] += x[c];
        averaged++;
      }
      if (moved < STILL) break;
    }
    let end = clean(x);
    let endRegret = regret(game, end);
    if (endRegret > tolerance) {
      const tries: number[][] = [];
      if (averaged > 0) tries.push(clean(Array.from(avg, (v) => v / averaged)));
      for (const from of [end, ...tries.slice()]) {
        const polished = polish(game, supportOf(from), from, memo);
        if (polished) tries.push(clean(polished));
      }
      for (const t of tries) {
        const r = regret(game, t);
        if (r < endRegret) {
          end = t;
          endRegret = r;
        }
      }
    }
    candidates.push({ mixture: end, regret: endRegret, runs: 1 });
  }

  // Merge: each kept candidate joins the first equilibrium within `merge`, else starts one.
  const runs = runStarts.length;
  const groups: Candidate[] = [];
  for (const c of candidates) {
    if (!(c.regret <= tolerance)) continue;
    const g = groups.find((e) => l1(e.mixture, c.mixture) <= merge);
    if (!g) groups.push({ ...c });
    else {
      g.runs += c.runs;
      if (c.regret < g.regret) {
        g.mixture = c.mixture;
        g.regret = c.regret;
      }
    }
  }
  const equilibria = groups
    .map((g) => ({ mixture: g.mixture, regret: g.regret, basin: g.runs / runs }))
    .sort((p, q) => q.basin - p.basin || p.regret - q.regret);

  let best: SymmetricEquilibrium;
  if (equilibria.length > 0) best = equilibria.reduce((p, q) => (q.regret < p.regret ? q : p));
  else {
    const c = candidates.reduce((p, q) => (q.regret < p.regret ? q : p));
    best = { mixture: c.mixture, regret: c.regret, basin: c.runs / runs };
  }
  return { equilibria, best, tolerance };
}
