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
 */
import { normalQuantile, wilson, Z95 } from './stats.js';

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
