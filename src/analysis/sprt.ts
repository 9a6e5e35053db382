/**
 * A-vs-B statistics on the logistic Elo scale: Elo ⇄ expected score, the Elo difference
 * of a pairing with its 95% interval, the likelihood of superiority, and the generalized
 * sequential probability ratio test (GSPRT) over pentanomial pair results that `compare`
 * runs until it accepts H0 or H1 (design section 5; formulas and sources in
 * docs/statistics.md).
 *
 * Why pairs: matches are played in pairs (same seed, seats swapped), so a pair's total
 * score (0, ½, 1, 1½, 2) is the independent unit, not a game. The GSPRT here is the one
 * Fishtest runs for Stockfish (`server/fishtest/stats/LLRcalc.py`, `LLR_logistic`): the
 * distribution of a pair's score is left free (five bins), and the two hypotheses only fix
 * its mean, s0 = L(elo0) and s1 = L(elo1). The log-likelihood ratio compares the most
 * likely 5-bin distribution with mean s1 against the most likely one with mean s0
 * (M. Van den Bergh's notes cited from LLRcalc.py: https://www.cantate.be/Fishtest/support_MLE_multinomial.pdf
 * for the constrained maximum likelihood, GSPRT_approximation.pdf for the approximation). `llrPentanomialApprox` is the closed-form approximation of
 * the same ratio (Van den Bergh, GSPRT_approximation.pdf; Fishtest `LLR_alt2`), kept for
 * reference and cross-checks.
 *
 * Everything here is pure: numbers in, plain objects out.
 */
import { eloFromScore, pentanomial, Z95, type PentanomialInterval } from './stats.js';

export { eloFromScore };

/**
 * Expected score of a player `elo` Elo above its opponent under the logistic model:
 * L(Δ) = 1 / (1 + 10^(−Δ/400)). L(0) = ½; L(±∞) = 1, 0. Inverse of eloFromScore.
 * Source: A. Elo, "The Rating of Chessplayers, Past and Present" (1978); Fishtest `L_`.
 */
export function scoreFromElo(elo: number): number {
  return 1 / (1 + Math.pow(10, -elo / 400));
}

// ---------------------------------------------------------------------------------------
// The standard normal distribution

const SQRT2 = Math.SQRT2;
const SQRT_PI = Math.sqrt(Math.PI);

/**
 * erfc(x) for x ≥ 0. Below 3: 1 − erf(x) with erf from its Maclaurin series
 * erf(x) = 2/√π · Σₙ (−1)ⁿ x^(2n+1) / (n! (2n+1)) (absolute error below 1e-13 there).
 * From 3 up: Laplace's continued fraction erfc(x) = e^(−x²)/√π · 1/(x + ½/(x + 1/(x + 3/2/(x + ...)))),
 * evaluated bottom-up over 80 levels (relative error far below 1e-15 for x ≥ 3).
 * Source: M. Abramowitz and I. Stegun, Handbook of Mathematical Functions (1964), 7.1.5 and 7.1.14.
 */
function erfcNonNegative(x: number): number {
  if (x < 3) {
    const x2 = x * x;
    let term = x;
    let sum = x;
    for (let n = 1; n < 200; n++) {
      term *= -x2 / n;
      const add = term / (2 * n + 1);
      sum += add;
      if (Math.abs(add) < 1e-17 * Math.abs(sum)) break;
    }
    return 1 - (2 / SQRT_PI) * sum;
  }
  let f = x;
  for (let k = 80; k >= 1; k--) f = x + k / 2 / f;
  return Math.exp(-x * x) / SQRT_PI / f;
}

/** Φ(z), the standard normal distribution function: Φ(z) = ½ erfc(−z/√2). Accurate to about 1e-13 absolute. */
export function normalCdf(z: number): number {
  if (Number.isNaN(z)) return NaN;
  if (z === Infinity) return 1;
  if (z === -Infinity) return 0;
  const x = z / SQRT2;
  return x >= 0 ? 1 - 0.5 * erfcNonNegative(x) : 0.5 * erfcNonNegative(-x);
}

// ---------------------------------------------------------------------------------------
// Elo difference and likelihood of superiority

/** A pairing's Elo difference A − B with its 95% interval, from the pentanomial score interval. */
export interface EloInterval {
  /** eloFromScore(score.mean). */
  elo: number;
  /** eloFromScore(score.lo), eloFromScore(score.hi): the score interval mapped through the (monotone) logistic. */
  lo: number;
  hi: number;
  /** (hi − lo) / 2, the "±" Fishtest and fastchess print. */
  plusMinus: number;
  /** Pairs behind it. */
  n: number;
  /** The per-game score interval it comes from. */
  score: PentanomialInterval;
}

/**
 * Elo difference A − B from A's pentanomial pair counts (pair scores 0, ½, 1, 1½, 2), with the
 * 95% interval obtained by mapping the ends of the pentanomial score interval μ ± z·σ/√N
 * (stats.pentanomial) through Δ(s) = 400·log10(s/(1−s)). Since Δ is increasing the mapped
 * interval has the same coverage. This is Fishtest's `get_elo` (stat_util.py) without its
 * clamping of s to [0.001, 0.999]: a score of 0 or 1 gives ∓Infinity here (no finite estimate).
 */
export function eloInterval(counts: readonly number[], z: number = Z95): EloInterval {
  const score = pentanomial(counts, z);
  const elo = eloFromScore(score.mean);
  const lo = eloFromScore(score.lo);
  const hi = eloFromScore(score.hi);
  return { elo, lo, hi, plusMinus: (hi - lo) / 2, n: score.n, score };
}

/**
 * Likelihood of superiority from decisive games: LOS = Φ((W − L) / √(W + L)), the
 * probability that A is truly the stronger given W wins and L losses, draws carrying no
 * information (normal approximation to the binomial W | W + L with p = ½; equivalently
 * ½·(1 + erf((W − L)/√(2(W + L))))). Source: chessprogramming.org, "Match Statistics",
 * section "Likelihood of superiority". W + L = 0 gives ½.
 */
export function los(wins: number, losses: number): number {
  const decisive = wins + losses;
  if (!(decisive > 0)) return 0.5;
  return normalCdf((wins - losses) / Math.sqrt(decisive));
}

/**
 * Likelihood of superiority from pentanomial pair counts: LOS = Φ((μ − ½) / (σ/√N)) with μ, σ
 * the per-game score mean and per-pair standard deviation of stats.pentanomial and N pairs.
 * This is Fishtest's `get_elo` LOS (stat_util.py); it uses draws and the pair correlation.
 * N = 0 gives ½; σ = 0 gives 0, ½ or 1 by the sign of μ − ½.
 */
export function losPentanomial(counts: readonly number[]): number {
  const p = pentanomial(counts);
  if (!(p.n > 0)) return 0.5;
  const d = p.mean - 0.5;
  const se = p.sd / Math.sqrt(p.n);
  if (!(se > 0)) return d > 0 ? 1 : d < 0 ? 0 : 0.5;
  return normalCdf(d / se);
}

// ---------------------------------------------------------------------------------------
// The GSPRT

/**
 * Wald's bounds on the log-likelihood ratio for type I error α and type II error β:
 * [ln(β/(1−α)), ln((1−β)/α)]. Accept H0 at or below the first, H1 at or above the second.
 * α = β = 0.05 gives ±2.944439. Source: A. Wald, "Sequential tests of statistical
 * hypotheses", Ann. Math. Statist. 16 (1945) 117–186; Fishtest `SPRT` (stat_util.py).
 */
export function sprtBounds(alpha: number, beta: number): [number, number] {
  if (!(alpha > 0 && alpha < 1 && beta > 0 && beta < 1)) throw new RangeError(`SPRT error rates lie in (0, 1): alpha ${alpha}, beta ${beta}`);
  return [Math.log(beta / (1 - alpha)), Math.log((1 - beta) / alpha)];
}

/**
 * The most likely distribution on `values` with mean s, given observed probabilities p
 * (Van den Bergh, support_MLE_multinomial.pdf, Proposition 1.1; Fishtest `MLE_expected`):
 * pᵢ* = pᵢ / (1 + x·(aᵢ − s)), where x solves the secular equation Σ pᵢ (aᵢ − s)/(1 + x(aᵢ − s)) = 0
 * on (−1/max(aᵢ − s), −1/min(aᵢ − s)). The left side decreases in x, so bisection finds it.
 * Needs some positive-probability value on each side of s; returns null otherwise (s is
 * then impossible under every distribution the data allow).
 */
export function mleWithMean(values: readonly number[], probs: readonly number[], s: number): number[] | null {
  let minD = Infinity;
  let maxD = -Infinity;
  for (let i = 0; i < values.length; i++) {
    if (!(probs[i] > 0)) continue;
    const d = values[i] - s;
    if (d < minD) minD = d;
    if (d > maxD) maxD = d;
  }
  if (!(minD < 0 && maxD > 0)) return null;
  const f = (x: number) => {
    let t = 0;
    for (let i = 0; i < values.length; i++) if (probs[i] > 0) t += (probs[i] * (values[i] - s)) / (1 + x * (values[i] - s));
    return t;
  };
  let lo = -1 / maxD;
  let hi = -1 / minD;
  // f(lo⁺) = +∞, f(hi⁻) = −∞; keep f(lo) > 0 > f(hi) while halving (away from the poles).
  for (let it = 0; it < 200; it++) {
    const mid = (lo + hi) / 2;
    if (mid === lo || mid === hi) break;
    if (f(mid) > 0) lo = mid;
    else hi = mid;
  }
  const x = (lo + hi) / 2;
  return probs.map((p, i) => (p > 0 ? p / (1 + x * (values[i] - s)) : 0));
}

/**
 * Generalized log-likelihood ratio of H1: E[X] = s1 against H0: E[X] = s0 for N observations
 * with counts `counts` on `values` (any discrete distribution, no regularization):
 *
 *     LLR = N · Σᵢ p̂ᵢ · (ln p¹ᵢ − ln p⁰ᵢ),   pʲ = mleWithMean(values, p̂, sⱼ)
 *
 * (Fishtest `LLR`, LLRcalc.py). With values {0, 1} it is Wald's Bernoulli SPRT statistic
 * W·ln(s1/s0) + L·ln((1−s1)/(1−s0)). −Infinity / +Infinity when only H1 / H0 can explain
 * the data's support; 0 with no observations.
 */
export function gsprtLlr(values: readonly number[], counts: readonly number[], s0: number, s1: number): number {
  if (values.length !== counts.length) throw new RangeError(`${values.length} values but ${counts.length} counts`);
  const n = counts.reduce((t, c) => t + c, 0);
  if (!(n > 0)) return 0;
  const p = counts.map((c) => c / n);
  const p0 = mleWithMean(values, p, s0);
  const p1 = mleWithMean(values, p, s1);
  if (!p0 && !p1) return 0;
  if (!p0) return Infinity;
  if (!p1) return -Infinity;
  let llr = 0;
  for (let i = 0; i < p.length; i++) if (p[i] > 0) llr += p[i] * (Math.log(p1[i]) - Math.log(p0[i]));
  return n * llr;
}

/** Per-game values of the pentanomial bins: a pair's score divided by 2. */
export const PENTANOMIAL_VALUES = [0, 0.25, 0.5, 0.75, 1] as const;

/** Fishtest's regularization (LLRcalc `regularize`): an empty bin counts 0.001, so every bin has mass. */
export const REGULARIZE_EPSILON = 1e-3;

function regularized(counts: readonly number[]): number[] {
  if (counts.length !== 5) throw new RangeError(`pentanomial counts have 5 bins, not ${counts.length}`);
  return counts.map((c) => (c > 0 ? c : REGULARIZE_EPSILON));
}

/**
 * The GSPRT log-likelihood ratio of H1: Elo = elo1 against H0: Elo = elo0 for A's
 * pentanomial pair counts, as Fishtest computes it (`LLR_logistic`): empty bins become
 * 0.001 (so N is the regularized total), s₀, s₁ = L(elo0), L(elo1), and
 * LLR = gsprtLlr(PENTANOMIAL_VALUES, counts, s0, s1). No pairs gives 0.
 */
export function llrPentanomial(counts: readonly number[], elo0: number, elo1: number): number {
  if (counts.reduce((t, c) => t + c, 0) <= 0) return 0;
  return gsprtLlr(PENTANOMIAL_VALUES, regularized(counts), scoreFromElo(elo0), scoreFromElo(elo1));
}

/**
 * The closed-form approximation of llrPentanomial (Van den Bergh, GSPRT_approximation.pdf;
 * Fishtest `LLR_alt2`):
 *
 *     LLR ≈ N · (s1 − s0) · (2μ − s0 − s1) / (2σ²)
 *
 * with μ, σ² the mean and variance of the regularized per-pair score distribution (per-game
 * scale, values 0, ¼, ½, ¾, 1) and N the regularized number of pairs. It is the log ratio
 * of two normal likelihoods with common variance σ² and means s1, s0. It is a local
 * approximation, close to the exact ratio when μ, s0 and s1 are close together (as in the
 * Fishtest runs the tests reproduce, where the two differ by under 0.01); far from μ it can be
 * off by tens of percent, so the decision uses llrPentanomial.
 */
export function llrPentanomialApprox(counts: readonly number[], elo0: number, elo1: number): number {
  if (counts.reduce((t, c) => t + c, 0) <= 0) return 0;
  const r = regularized(counts);
  const n = r.reduce((t, c) => t + c, 0);
  let mu = 0;
  for (let i = 0; i < 5; i++) mu += (r[i] / n) * PENTANOMIAL_VALUES[i];
  let v = 0;
  for (let i = 0; i < 5; i++) v += (r[i] / n) * (PENTANOMIAL_VALUES[i] - mu) ** 2;
  const s0 = scoreFromElo(elo0);
  const s1 = scoreFromElo(elo1);
  return (n * (s1 - s0) * (2 * mu - s0 - s1)) / (2 * v);
}

/** Where a GSPRT stands. */
export interface SprtStatus {
  /** The log-likelihood ratio (llrPentanomial). */
  llr: number;
  /** Wald's bounds (sprtBounds). */
  lower: number;
  upper: number;
  /** 'H1' once llr ≥ upper, 'H0' once llr ≤ lower, else 'continue'. */
  decision: 'H0' | 'H1' | 'continue';
  /** Pairs behind it. */
  pairs: number;
  elo0: number;
  elo1: number;
  alpha: number;
  beta: number;
}

/**
 * The GSPRT's state after A's pentanomial pair counts: H0 Elo(A − B) = elo0 against
 * H1 Elo(A − B) = elo1 (elo0 < elo1), type I error α, type II error β. Stop and accept H1 when
 * LLR ≥ ln((1−β)/α), accept H0 when LLR ≤ ln(β/(1−α)); otherwise play on. (Fishtest
 * additionally corrects the bounds for the expected overshoot; this does not.)
 */
export function sprtStatus(counts: readonly number[], elo0: number, elo1: number, alpha: number, beta: number): SprtStatus {
  if (!(elo0 < elo1)) throw new RangeError(`an SPRT needs elo0 < elo1 (got ${elo0}, ${elo1})`);
  const [lower, upper] = sprtBounds(alpha, beta);
  const pairs = counts.reduce((t, c) => t + c, 0);
  const llr = llrPentanomial(counts, elo0, elo1);
  const decision = llr >= upper ? 'H1' : llr <= lower ? 'H0' : 'continue';
  return { llr, lower, upper, decision, pairs, elo0, elo1, alpha, beta };
}

/**
 * One progress line for a running GSPRT, in Fishtest's layout:
 * `LLR: 1.23 (-2.94,2.94) [0.00,5.00] pairs: 120 Ptnml(0-2): 3, 20, 60, 30, 7` and, once
 * decided, `H1 accepted` / `H0 accepted`.
 */
export function formatSprtLine(status: SprtStatus, counts: readonly number[]): string {
  const f = (v: number) => v.toFixed(2);
  const verdict = status.decision === 'continue' ? '' : ` ${status.decision} accepted`;
  return `LLR: ${f(status.llr)} (${f(status.lower)},${f(status.upper)}) [${f(status.elo0)},${f(status.elo1)}] pairs: ${status.pairs} Ptnml(0-2): ${counts.join(', ')}${verdict}`;
}
