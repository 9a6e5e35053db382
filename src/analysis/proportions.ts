/**
 * Comparing two independent proportions (e.g. a loadout's win rate with and without a
 * card): the difference p₁ − p₂ with Newcombe's hybrid score interval, and the Bonferroni
 * z for a family of such intervals.
 *
 * Why Newcombe's method 10: it is built from the two Wilson intervals already used for
 * single rates (stats.ts), so it inherits their good behaviour near 0 and 1 and with small
 * samples, where the Wald interval for a difference is too narrow and can leave [−1, 1].
 * Newcombe's comparison of eleven methods found it close to nominal coverage and cheap
 * (R. G. Newcombe, "Interval estimation for the difference between independent
 * proportions: comparison of eleven methods", Statistics in Medicine 17 (1998) 873–890).
 * Bonferroni (α/m per interval) is crude but needs no assumption about how the m
 * comparisons depend on each other.
 *
 * Pairs: matches come in seat-swapped pairs whose two games are correlated, so a count of
 * matches overstates the evidence. `pairDispersion` measures by how much, from the pairs'
 * pentanomial counts (a quasi-binomial dispersion), and `wilsonPaired` /
 * `newcombePaired` shrink the number of trials by it (Kish's effective sample size), so
 * the same Wilson and Newcombe formulas apply with the pair as the unit of evidence.
 */
import { normalQuantile, wilson, Z95, type RateInterval } from './stats.js';

/** A difference of proportions with its interval; n1, n2 are the trials behind each rate. */
export interface DifferenceInterval {
  value: number;
  lo: number;
  hi: number;
  n1: number;
  n2: number;
}

/**
 * p₁ − p₂ = x₁/n₁ − x₂/n₂ with Newcombe's hybrid score interval (method 10): with Wilson
 * intervals (l₁, u₁) for p₁ and (l₂, u₂) for p₂ at the same z,
 *
 *     lo = (p₁ − p₂) − sqrt((p₁ − l₁)² + (u₂ − p₂)²)
 *     hi = (p₁ − p₂) + sqrt((u₁ − p₁)² + (p₂ − l₂)²)
 *
 * Example (Newcombe 1998, example (a)): 56/70 vs 48/80 gives 0.2000, [0.0524, 0.3339].
 * Successes may be fractional (draws as halves), as for wilson. If either n is 0 the
 * value is NaN and the interval is the whole range [−1, 1].
 */
export function newcombeDifference(x1: number, n1: number, x2: number, n2: number, z: number = Z95): DifferenceInterval {
  if (!(n1 > 0) || !(n2 > 0)) return { value: NaN, lo: -1, hi: 1, n1: Math.max(0, n1 || 0), n2: Math.max(0, n2 || 0) };
  const a = wilson(x1, n1, z);
  const b = wilson(x2, n2, z);
  const d = a.value - b.value;
  const lo = d - Math.sqrt((a.value - a.lo) ** 2 + (b.hi - b.value) ** 2);
  const hi = d + Math.sqrt((a.hi - a.value) ** 2 + (b.value - b.lo) ** 2);
  return { value: d, lo, hi, n1, n2 };
}

/**
 * Two-sided Bonferroni critical value: z = Φ⁻¹(1 − α/(2m)), so that each of m intervals
 * at this z keeps the family-wise error rate at most α. bonferroniZ(0.05, 1) is Z95.
 * @throws RangeError unless 0 < α < 1 and m ≥ 1.
 */
export function bonferroniZ(alpha: number, m: number): number {
  if (!(alpha > 0 && alpha < 1)) throw new RangeError(`bonferroniZ: alpha must be in (0, 1), not ${alpha}`);
  if (!(m >= 1)) throw new RangeError(`bonferroniZ: m must be at least 1, not ${m}`);
  return -normalQuantile(alpha / (2 * m)); // the lower tail keeps precision for large m
}

/** A quasi-binomial dispersion estimated from pairs: φ, the pairs and degrees of freedom behind it. */
export interface PairDispersion {
  /** φ̂; NaN when no group has two pairs and a score strictly between 0 and 1. */
  phi: number;
  /** Completed pairs used. */
  pairs: number;
  /** Σ (Nᵍ − 1) over the groups used: the degrees of freedom of the numerator. */
  df: number;
}

/**
 * Pooled dispersion of per-game scores relative to independent games, from pentanomial
 * counts (pairs scoring 0, ½, 1, 1½, 2) of several groups (e.g. one per loadout):
 *
 *     φ̂ = Σ_g Σ_pairs (x − x̄_g)²  /  Σ_g (N_g − 1) · x̄_g(1 − x̄_g)/2
 *
 * with x a pair's per-game score (0, ¼, ½, ¾, 1), x̄_g and N_g the group's mean and pairs.
 * x̄(1 − x̄)/2 is the variance of a pair's per-game score if its two games were independent
 * with no draws, so φ̂ is the design effect of a pair: about 1 + ρ with within-pair
 * correlation ρ, below 1 when draws are common (a draw varies less than a coin). It is the
 * pure-error (within-group replication) estimate of a quasi-binomial dispersion
 * (P. McCullagh and J. A. Nelder, "Generalized Linear Models", 2nd ed. 1989, §4.5; D. A.
 * Williams, "Extra-binomial variation in logistic linear models", Appl. Statist. 31 (1982)
 * 144–148), and needs no model of the group means. Groups with fewer than two pairs, or
 * whose mean is 0 or 1, carry no information on φ and are skipped.
 * Example: one group with pairs [1, 0, 0, 0, 1] (x = 0 and 1): SS = 0.5, x̄ = ½,
 * denominator 1 · ¼/2 = 0.125, φ̂ = 4.
 */
export function pairDispersion(groups: readonly (readonly number[])[]): PairDispersion {
  let num = 0;
  let den = 0;
  let pairs = 0;
  let df = 0;
  for (const c of groups) {
    if (c.length !== 5) throw new RangeError(`pentanomial counts have 5 bins, not ${c.length}`);
    const n = c[0] + c[1] + c[2] + c[3] + c[4];
    if (!(n >= 2)) continue;
    let mean = 0;
    for (let k = 0; k < 5; k++) mean += (c[k] * k) / 4;
    mean /= n;
    if (!(mean > 0 && mean < 1)) continue;
    for (let k = 0; k < 5; k++) num += c[k] * (k / 4 - mean) ** 2;
    den += ((n - 1) * mean * (1 - mean)) / 2;
    pairs += n;
    df += n - 1;
  }
  return { phi: den > 0 ? num / den : NaN, pairs, df };
}

/**
 * Wilson interval for a score of `n` correlated games with design effect φ: Wilson on the
 * effective sample n/φ with the same proportion (L. Kish, "Survey Sampling", 1965, §8.2;
 * E. L. Korn and B. I. Graubard, "Confidence intervals for proportions with small expected
 * number of positive counts estimated from survey data", Survey Methodology 24 (1998)
 * 193–201). `n` in the result stays the games. φ must be positive and finite.
 * Example: 60 of 100 with φ = 2 is wilson(30, 50): [0.4618, 0.7239].
 */
export function wilsonPaired(successes: number, n: number, phi: number, z: number = Z95): RateInterval {
  if (!(phi > 0 && Number.isFinite(phi))) throw new RangeError(`wilsonPaired: the design effect must be positive and finite, not ${phi}`);
  if (!(n > 0)) return wilson(0, 0, z);
  return { ...wilson(successes / phi, n / phi, z), value: successes / n, n };
}

/**
 * Newcombe's hybrid interval (newcombeDifference) on effective sample sizes n₁/φ and n₂/φ:
 * the difference of two scores each resting on correlated pairs. n1, n2 stay the games.
 */
export function newcombePaired(x1: number, n1: number, x2: number, n2: number, phi: number, z: number = Z95): DifferenceInterval {
  if (!(phi > 0 && Number.isFinite(phi))) throw new RangeError(`newcombePaired: the design effect must be positive and finite, not ${phi}`);
  const d = newcombeDifference(x1 / phi, n1 / phi, x2 / phi, n2 / phi, z);
  return { ...d, n1: Math.max(0, n1 || 0), n2: Math.max(0, n2 || 0) };
}
