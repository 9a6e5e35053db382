/**
 * A-vs-B statistics on the logistic Elo scale: Elo ⇄ expected score, the Elo difference
 * of a pairing with its 95% interval, the likelihood of superiority, and the generalized
 * sequential probability ratio test (GSPRT) over pentanomial pair results that `compare`
 * runs until it accepts H0 or H1 (formulas and sources in
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
 * The second model, `normalized` (fastchess's default; Fishtest `LLR_normalized`), states the
 * hypotheses in normalized Elo, a multiple of the t-value (μ − ½)/σ, so elo0/elo1 mean the
 * same number of pairs to a decision whatever the draw rate and pair correlation
 * (Van den Bergh, normalized_elo_practical.pdf). Both share the constrained-MLE machinery:
 * a secular equation solved by bisection (secularRoot).
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
 * The root x of the secular equation Σᵢ pᵢ·dᵢ / (1 + x·dᵢ) = 0 over the i with pᵢ > 0, on the
 * interval (−1/max dᵢ, −1/min dᵢ) where every 1 + x·dᵢ is positive. The left side decreases
 * in x from +∞ to −∞ there, so bisection finds it (to the last bit of a double). Needs some
 * dᵢ on each side of 0 (among pᵢ > 0); returns null otherwise. Fishtest `secular` (LLRcalc.py).
 */
export function secularRoot(d: readonly number[], p: readonly number[]): number | null {
  let minD = Infinity;
  let maxD = -Infinity;
  for (let i = 0; i < d.length; i++) {
    if (!(p[i] > 0)) continue;
    if (d[i] < minD) minD = d[i];
    if (d[i] > maxD) maxD = d[i];
  }
  if (!(minD < 0 && maxD > 0)) return null;
  const f = (x: number) => {
    let t = 0;
    for (let i = 0; i < d.length; i++) if (p[i] > 0) t += (p[i] * d[i]) / (1 + x * d[i]);
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
  return (lo + hi) / 2;
}

/**
 * The most likely distribution on `values` with mean s, given observed probabilities p
 * (Van den Bergh, support_MLE_multinomial.pdf, Proposition 1.1; Fishtest `MLE_expected`):
 * pᵢ* = pᵢ / (1 + x·(aᵢ − s)), where x solves the secular equation Σ pᵢ (aᵢ − s)/(1 + x(aᵢ − s)) = 0
 * (secularRoot). Needs some positive-probability value on each side of s; returns null
 * otherwise (s is then impossible under every distribution the data allow).
 */
export function mleWithMean(values: readonly number[], probs: readonly number[], s: number): number[] | null {
  const d = values.map((a) => a - s);
  const x = secularRoot(d, probs);
  if (x === null) return null;
  return probs.map((p, i) => (p > 0 ? p / (1 + x * d[i]) : 0));
}

/**
 * The most likely distribution on `values` whose t-value (μ − ref)/σ is t, given observed
 * probabilities p (Van den Bergh, normalized_elo_practical.pdf, section 4.1; Fishtest
 * `MLE_t_value`). A fixed point: start from the uniform distribution q; with μ, σ² its mean
 * and variance, set
 *
 *     φᵢ = aᵢ − ref − t·σ·(1 + ((μ − aᵢ)/σ)²)/2,    qᵢ ← pᵢ / (1 + x·φᵢ),
 *
 * x the secularRoot of φ; repeat until q moves by under 1e-12 (at most 100 rounds; Fishtest
 * stops after 10 or at 1e-9, fastchess at 1e-4, which agree to the digits they print).
 * Returns null when φ has no value on each side of 0 (t out of reach of the data's support).
 */
export function mleWithTValue(values: readonly number[], probs: readonly number[], ref: number, t: number): number[] | null {
  let q = values.map(() => 1 / values.length);
  for (let round = 0; round < 100; round++) {
    let mu = 0;
    for (let i = 0; i < q.length; i++) mu += q[i] * values[i];
    let v = 0;
    for (let i = 0; i < q.length; i++) v += q[i] * (values[i] - mu) ** 2;
    const sigma = Math.sqrt(v);
    const phi = values.map((a) => a - ref - (t * sigma * (1 + (mu - a) ** 2 / v)) / 2);
    const x = secularRoot(phi, probs);
    if (x === null) return null;
    const next = probs.map((p, i) => (p > 0 ? p / (1 + x * phi[i]) : 0));
    let moved = 0;
    for (let i = 0; i < q.length; i++) moved = Math.max(moved, Math.abs(next[i] - q[i]));
    q = next;
    if (moved < 1e-12) break;
  }
  return q;
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

/** Normalized Elo per unit of t-value: 800/ln 10 = 347.4356 (Fishtest `nelo_divided_by_nt`). */
export const NELO_PER_T = 800 / Math.LN10;

/**
 * The GSPRT log-likelihood ratio of H1: nElo = nelo1 against H0: nElo = nelo0 in normalized
 * Elo, for A's pentanomial pair counts, as Fishtest computes it (`LLR_normalized`, LLRcalc.py)
 * and fastchess (`SPRT::getLLR_normalized`, its default model). Normalized Elo is
 * nElo = (μ − ½)/σ_game · 800/ln 10 with σ_game = √2·σ the per-game deviation of pair data
 * (σ the per-pair deviation on the per-game scale), so on pairs the hypotheses fix the pair
 * t-value (μ − ½)/σ to tⱼ = √2 · neloⱼ / (800/ln 10). With empty bins regularized to 0.001
 * as in llrPentanomial and N the regularized total:
 *
 *     LLR = N · Σᵢ p̂ᵢ · (ln p¹ᵢ − ln p⁰ᵢ),   pʲ = mleWithTValue(PENTANOMIAL_VALUES, p̂, ½, tⱼ)
 *
 * No pairs gives 0; ±Infinity when only H1 / H0 can explain the data (as gsprtLlr).
 */
export function llrNormalized(counts: readonly number[], nelo0: number, nelo1: number): number {
  if (counts.reduce((t, c) => t + c, 0) <= 0) return 0;
  const r = regularized(counts);
  const n = r.reduce((t, c) => t + c, 0);
  const p = r.map((c) => c / n);
  const [t0, t1] = [nelo0, nelo1].map((e) => (Math.SQRT2 * e) / NELO_PER_T);
  const p0 = mleWithTValue(PENTANOMIAL_VALUES, p, 0.5, t0);
  const p1 = mleWithTValue(PENTANOMIAL_VALUES, p, 0.5, t1);
  if (!p0 && !p1) return 0;
  if (!p0) return Infinity;
  if (!p1) return -Infinity;
  let llr = 0;
  for (let i = 0; i < 5; i++) llr += p[i] * (Math.log(p1[i]) - Math.log(p0[i]));
  return n * llr;
}

/** A pairing's normalized Elo difference A − B with its 95% interval. */
export interface NormalizedEloInterval {
  nelo: number;
  lo: number;
  hi: number;
  /** (hi − lo) / 2. */
  plusMinus: number;
  /** Pairs behind it. */
  n: number;
}

/**
 * Normalized Elo A − B from A's pentanomial pair counts, as fastchess prints it
 * (`EloPentanomial`, elo_pentanomial.cpp; Van den Bergh, normalized_elo_practical.pdf):
 *
 *     nElo(s) = (s − ½) / √(2σ²) · 800/ln 10,   nElo = nElo(μ),   [lo, hi] = nElo(μ ∓ z·σ/√N)
 *
 * with μ, σ² the mean and variance of the per-pair score on the per-game scale (values 0, ¼,
 * ½, ¾, 1) and N pairs, σ² held at its estimate. The interval is therefore nElo ± z·(800/ln 10)/√(2N):
 * its width depends on N alone. No regularization (as eloInterval): N = 0 gives NaN; σ = 0
 * (every pair alike) gives ±Infinity, or NaN at μ = ½.
 */
export function normalizedEloInterval(counts: readonly number[], z: number = Z95): NormalizedEloInterval {
  const p = pentanomial(counts, z);
  if (!(p.n > 0)) return { nelo: NaN, lo: NaN, hi: NaN, plusMinus: NaN, n: 0 };
  const f = (s: number) => ((s - 0.5) / Math.sqrt(2 * p.sd * p.sd)) * NELO_PER_T;
  const half = (z * p.sd) / Math.sqrt(p.n);
  const lo = f(p.mean - half);
  const hi = f(p.mean + half);
  return { nelo: f(p.mean), lo, hi, plusMinus: (hi - lo) / 2, n: p.n };
}

/**
 * The two GSPRT models: `logistic` states elo0/elo1 in logistic Elo (llrPentanomial, Fishtest
 * `LLR_logistic`), `normalized` in normalized Elo (llrNormalized, Fishtest `LLR_normalized`,
 * fastchess's default).
 */
export type SprtModel = 'logistic' | 'normalized';

/** The model's LLR of H1 (elo1) against H0 (elo0) for A's pentanomial pair counts. */
export function sprtLlr(model: SprtModel, counts: readonly number[], elo0: number, elo1: number): number {
  return model === 'normalized' ? llrNormalized(counts, elo0, elo1) : llrPentanomial(counts, elo0, elo1);
}

/** The unit the model's elo0/elo1 are in, for outputs: "logistic Elo" or "normalized Elo". */
export const modelUnit = (model: SprtModel) => (model === 'normalized' ? 'normalized Elo' : 'logistic Elo');

/** Where a GSPRT stands. */
export interface SprtStatus {
  /** The log-likelihood ratio (sprtLlr of the model). */
  llr: number;
  /** Wald's bounds (sprtBounds). */
  lower: number;
  upper: number;
  /** 'H1' once llr ≥ upper, 'H0' once llr ≤ lower, else 'continue'. */
  decision: 'H0' | 'H1' | 'continue';
  /** Pairs behind it. */
  pairs: number;
  model: SprtModel;
  elo0: number;
  elo1: number;
  alpha: number;
  beta: number;
}

/**
 * The GSPRT's state after A's pentanomial pair counts: H0 Elo(A − B) = elo0 against
 * H1 Elo(A − B) = elo1 (elo0 < elo1, in the model's unit), type I error α, type II error β.
 * Stop and accept H1 when LLR ≥ ln((1−β)/α), accept H0 when LLR ≤ ln(β/(1−α)); otherwise
 * play on. (Fishtest additionally corrects the bounds for the expected overshoot; this does not.)
 */
export function sprtStatus(counts: readonly number[], elo0: number, elo1: number, alpha: number, beta: number, model: SprtModel = 'logistic'): SprtStatus {
  if (!(elo0 < elo1)) throw new RangeError(`an SPRT needs elo0 < elo1 (got ${elo0}, ${elo1})`);
  const [lower, upper] = sprtBounds(alpha, beta);
  const pairs = counts.reduce((t, c) => t + c, 0);
  const llr = sprtLlr(model, counts, elo0, elo1);
  const decision = llr >= upper ? 'H1' : llr <= lower ? 'H0' : 'continue';
  return { llr, lower, upper, decision, pairs, model, elo0, elo1, alpha, beta };
}

/** Why a compare run ended: the test decided, the match limit was reached, or the run was stopped (Ctrl-C, a failure). */
export type StoppedBy = 'sprt' | 'maximum' | 'stopped';

/** The test's outcome in words: 'accept H0', 'accept H1', or 'no decision' (limit reached or stopped first). */
export type SprtVerdict = 'accept H0' | 'accept H1' | 'no decision';

export const verdictOf = (decision: SprtStatus['decision']): SprtVerdict => (decision === 'H1' ? 'accept H1' : decision === 'H0' ? 'accept H0' : 'no decision');

/**
 * One line for a GSPRT, progress or final: the model and hypotheses, the LLR against the
 * bound it crossed ("≥ upper bound", "≤ lower bound") or "in (lo, hi)" while inside, the pairs,
 * the counts and the verdict. `stoppedBy` says why an undecided test ended ('maximum': the
 * match limit; 'stopped': interrupted); omitted, an undecided test reads "continue". E.g.
 * `GSPRT logistic Elo [0, 20]: LLR 3.05 ≥ upper bound 2.94 after 212 pairs, Ptnml(0-2) 3, 20, 60, 100, 29: accept H1`.
 */
export function formatSprtLine(status: SprtStatus, counts: readonly number[], stoppedBy?: StoppedBy): string {
  const f = (v: number) => v.toFixed(2);
  const where =
    status.decision === 'H1' ? `≥ upper bound ${f(status.upper)}` : status.decision === 'H0' ? `≤ lower bound ${f(status.lower)}` : `in (${f(status.lower)}, ${f(status.upper)})`;
  const verdict =
    status.decision !== 'continue'
      ? verdictOf(status.decision)
      : stoppedBy === 'maximum'
        ? 'no decision (match limit reached)'
        : stoppedBy === 'stopped'
          ? 'no decision (run stopped)'
          : 'continue';
  return `GSPRT ${modelUnit(status.model)} [${status.elo0}, ${status.elo1}]: LLR ${f(status.llr)} ${where} after ${status.pairs} pairs, Ptnml(0-2) ${counts.join(', ')}: ${verdict}`;
}

/** A finite number, or null (JSON has no ±Infinity or NaN). */
const finiteOrNull = (x: number) => (Number.isFinite(x) ? x : null);

/**
 * What a compare run keeps of its sequential test (summary.json `sprt`), for the report and
 * the terminal: the settings, the outcome, and the estimates with their 95% intervals
 * (logistic Elo from eloInterval, normalized Elo from normalizedEloInterval; null where the
 * data give no finite value, e.g. A won every pair). The estimates are those of a fixed-size
 * sample: after early stopping they are biased toward the bound that was crossed.
 */
export interface SequentialResult extends Omit<SprtStatus, 'llr'> {
  /** null for ±Infinity (the data's support excludes one hypothesis). */
  llr: number | null;
  verdict: SprtVerdict;
  stoppedBy: StoppedBy;
  /** Matches played (each pair is two). */
  matches: number;
  /** A's pentanomial pair counts (pair scores 0, ½, 1, 1½, 2). */
  counts: number[];
  elo: { elo: number | null; lo: number | null; hi: number | null };
  nelo: { nelo: number | null; lo: number | null; hi: number | null };
  /** formatSprtLine of the final state. */
  line: string;
}

/** The SequentialResult of a finished (or stopped) compare run. */
export function sequentialResult(status: SprtStatus, counts: readonly number[], stoppedBy: StoppedBy, matches: number): SequentialResult {
  const e = eloInterval(counts);
  const ne = normalizedEloInterval(counts);
  return {
    ...status,
    llr: finiteOrNull(status.llr),
    verdict: verdictOf(status.decision),
    stoppedBy,
    matches,
    counts: [...counts],
    elo: { elo: finiteOrNull(e.elo), lo: finiteOrNull(e.lo), hi: finiteOrNull(e.hi) },
    nelo: { nelo: finiteOrNull(ne.nelo), lo: finiteOrNull(ne.lo), hi: finiteOrNull(ne.hi) },
    line: formatSprtLine(status, counts, stoppedBy),
  };
}
