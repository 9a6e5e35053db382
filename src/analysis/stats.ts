/**
 * Interval estimates for the balance lab's figures (docs/statistics.md): Wilson score
 * intervals for rates, normal-approximation intervals for means, and the pentanomial
 * model for A-vs-B scores from paired games.
 *
 * Why these: win rates near 0 or 1 and small samples are common (a lopsided loadout, a
 * quick shard), and the plain Wald interval p ± z·sqrt(p(1-p)/n) collapses to a point
 * there; Wilson's interval stays inside [0, 1] and keeps close to its nominal coverage.
 * Matches are played in pairs with the seats swapped, so the two games of a pair are not
 * independent; treating the pair as the unit (five possible pair scores) is what chess
 * engine testing does (Fishtest) and removes the seat and opening correlation from the
 * variance instead of ignoring it.
 *
 * Everything here is pure: numbers in, plain objects out, no allocation beyond the result.
 */

/** Two-sided 95% normal quantile, Φ⁻¹(0.975). */
export const Z95 = 1.959964;

/** A proportion with its interval: `value` is the point estimate, `n` the trials behind it. */
export interface RateInterval {
  value: number;
  lo: number;
  hi: number;
  n: number;
}

/** A mean with its interval and sample standard deviation; `n` observations behind it. */
export interface MeanInterval {
  mean: number;
  lo: number;
  hi: number;
  n: number;
  sd: number;
}

/**
 * Wilson score interval for a binomial proportion.
 *
 * With p̂ = x / n:
 *
 *     centre    = (p̂ + z²/(2n)) / (1 + z²/n)
 *     halfWidth = z / (1 + z²/n) · sqrt( p̂(1 − p̂)/n + z²/(4n²) )
 *     [lo, hi]  = centre ∓ halfWidth
 *
 * These are the two roots p of (p̂ − p)² = z² · p(1 − p) / n, i.e. the p a score test does
 * not reject. Sources: E. B. Wilson, "Probable inference, the law of succession, and
 * statistical inference", JASA 22 (1927) 209–212; A. Agresti and B. A. Coull, "Approximate
 * is better than 'exact' for interval estimation of binomial proportions", The American
 * Statistician 52 (1998) 119–126. Example: 81 / 263 at 95% gives about [0.2553, 0.3662].
 *
 * `successes` may be fractional (a draw counted as half a win): the formula is then the
 * usual approximation for scores in [0, 1]. `value` is p̂ itself (not the centre).
 * n = 0 gives value NaN and the whole range [0, 1]. Bounds are clamped to [0, 1] and are
 * exactly 0 (resp. 1) when there are no successes (resp. failures).
 */
export function wilson(successes: number, n: number, z: number = Z95): RateInterval {
  if (!(n > 0)) return { value: NaN, lo: 0, hi: 1, n: 0 };
  const p = successes / n;
  const z2 = z * z;
  const denom = 1 + z2 / n;
  const centre = (p + z2 / (2 * n)) / denom;
  const half = (z / denom) * Math.sqrt(Math.max(0, (p * (1 - p)) / n + z2 / (4 * n * n)));
  const lo = successes <= 0 ? 0 : Math.max(0, centre - half);
  const hi = successes >= n ? 1 : Math.min(1, centre + half);
  return { value: p, lo, hi, n };
}

/**
 * Mean of n observations from their sum and sum of squares, with a normal-approximation
 * (central limit) interval:
 *
 *     mean = Σx / n
 *     s²   = (Σx² − (Σx)²/n) / (n − 1)        (sample variance, Bessel-corrected)
 *     [lo, hi] = mean ∓ z · s / √n
 *
 * Only sums are needed, so shards merge exactly by adding (Σx, Σx², n). With integer
 * observations the sums are exact below 2⁵³. Rounding can make s² slightly negative when
 * all observations are equal; it is clamped to 0. n = 0 gives mean NaN (and NaN bounds);
 * n < 2 gives lo = hi = mean and sd NaN (a sample variance needs two observations).
 */
export function meanInterval(sum: number, sumSq: number, n: number, z: number = Z95): MeanInterval {
  if (!(n > 0)) return { mean: NaN, lo: NaN, hi: NaN, n: 0, sd: NaN };
  const mean = sum / n;
  if (n < 2) return { mean, lo: mean, hi: mean, n, sd: NaN };
  const variance = Math.max(0, (sumSq - (sum * sum) / n) / (n - 1));
  const sd = Math.sqrt(variance);
  const half = (z * sd) / Math.sqrt(n);
  return { mean, lo: mean - half, hi: mean + half, n, sd };
}

/** Points one player scores over a pair of games, in the pentanomial bins' order. */
export const PENTANOMIAL_PAIR_SCORES = [0, 0.5, 1, 1.5, 2] as const;

/**
 * The pentanomial bin (0..4) of a pair's total score for one player, where a game scores
 * 1 for a win, ½ for a draw, 0 for a loss: bin = 2 · (score of game 1 + score of game 2).
 * @throws RangeError for a score that is not one of 0, 0.5, 1, 1.5, 2.
 */
export function pentanomialBin(pairScore: number): number {
  const bin = pairScore * 2;
  if (!Number.isInteger(bin) || bin < 0 || bin > 4) throw new RangeError(`a pair score is 0, 0.5, 1, 1.5 or 2, not ${pairScore}`);
  return bin;
}

/** Counts of pairs per pentanomial bin (index i holds pairs scoring PENTANOMIAL_PAIR_SCORES[i]). */
export function pentanomialCounts(pairScores: Iterable<number>): number[] {
  const counts = [0, 0, 0, 0, 0];
  for (const s of pairScores) counts[pentanomialBin(s)]++;
  return counts;
}

/** The pentanomial score estimate: per-game score of the first player with its interval. */
export interface PentanomialInterval extends MeanInterval {
  /** Pairs per bin (pair scores 0, 0.5, 1, 1.5, 2). */
  counts: number[];
}

/**
 * Mean per-game score from pentanomial pair counts, with a normal interval whose variance
 * comes from the 5-bin distribution (the pentanomial model of chess engine testing).
 *
 * With N = Σ nᵢ pairs, pᵢ = nᵢ / N and per-game pair scores xᵢ = (0, ½, 1, 1½, 2) / 2 =
 * (0, ¼, ½, ¾, 1):
 *
 *     μ  = Σ pᵢ xᵢ                       (the score per game)
 *     σ² = Σ pᵢ (xᵢ − μ)²                (variance of one pair's per-game score)
 *     se = sqrt(σ² / N)
 *     [lo, hi] = μ ∓ z · se              (clamped to [0, 1])
 *
 * This is the estimator Fishtest uses (`stat_util.py`, `stats_pentanomial`; M. Van den
 * Bergh, "Normalized Elo", 2020; see also chessprogramming.org, "Match Statistics"). It
 * counts each pair once, so the positive correlation between the two games of a pair
 * (same seed, seats swapped) is inside σ² instead of being assumed away; `sd` is σ, the
 * per-pair standard deviation, and `n` is N, the number of pairs. N = 0 gives mean NaN and
 * [0, 1]; N = 1 gives lo = hi = mean.
 */
export function pentanomial(counts: readonly number[], z: number = Z95): PentanomialInterval {
  if (counts.length !== 5) throw new RangeError(`pentanomial counts have 5 bins, not ${counts.length}`);
  const n = counts[0] + counts[1] + counts[2] + counts[3] + counts[4];
  const copy = [counts[0], counts[1], counts[2], counts[3], counts[4]];
  if (!(n > 0)) return { mean: NaN, lo: 0, hi: 1, n: 0, sd: NaN, counts: copy };
  let mean = 0;
  for (let i = 0; i < 5; i++) mean += (counts[i] / n) * (i / 4);
  let variance = 0;
  for (let i = 0; i < 5; i++) variance += (counts[i] / n) * (i / 4 - mean) ** 2;
  const sd = Math.sqrt(variance);
  const half = z * Math.sqrt(variance / n);
  return { mean, lo: Math.max(0, mean - half), hi: Math.min(1, mean + half), n, sd, counts: copy };
}

/**
 * Elo difference implied by an expected score s in (0, 1) under the logistic model:
 * Δ = −400 · log10(1/s − 1) = 400 · log10(s / (1 − s)). ±Infinity at s = 0 or 1, NaN outside [0, 1].
 * Source: A. Elo, "The Rating of Chessplayers, Past and Present" (1978), logistic form as
 * used by Fishtest and BayesElo.
 */
export function eloFromScore(s: number): number {
  if (!(s >= 0 && s <= 1)) return NaN;
  if (s === 0) return -Infinity;
  if (s === 1) return Infinity;
  return 400 * Math.log10(s / (1 - s));
}

/**
 * Φ⁻¹(p), the standard normal quantile, for p in (0, 1); −∞ at 0, +∞ at 1, NaN outside.
 * M. J. Wichura's algorithm AS 241 (PPND16), "The percentage points of the normal
 * distribution", Applied Statistics 37 (1988) 477–484: rational approximations in three
 * ranges, relative error about 1e-16 (the same coefficients as R's qnorm).
 * Example: normalQuantile(0.975) = 1.959963984540054 (Z95 above, rounded).
 */
export function normalQuantile(p: number): number {
  if (!(p >= 0 && p <= 1)) return NaN;
  if (p === 0) return -Infinity;
  if (p === 1) return Infinity;
  const q = p - 0.5;
  if (Math.abs(q) <= 0.425) {
    const r = 0.180625 - q * q;
    return (
      (q *
        (((((((2509.0809287301226727 * r + 33430.575583588128105) * r + 67265.770927008700853) * r + 45921.953931549871457) * r +
          13731.693765509461125) * r + 1971.5909503065514427) * r + 133.14166789178437745) * r + 3.387132872796366608)) /
      (((((((5226.495278852545925 * r + 28729.085735721942674) * r + 39307.89580009271061) * r + 21213.794301586595867) * r +
        5394.1960214247511077) * r + 687.1870074920579083) * r + 42.313330701600911252) * r + 1)
    );
  }
  let r = Math.sqrt(-Math.log(q < 0 ? p : 1 - p));
  let x: number;
  if (r <= 5) {
    r -= 1.6;
    x =
      (((((((7.7454501427834140764e-4 * r + 0.0227238449892691845833) * r + 0.24178072517745061177) * r + 1.27045825245236838258) * r +
        3.64784832476320460504) * r + 5.7694972214606914055) * r + 4.6303378461565452959) * r + 1.42343711074968357734) /
      (((((((1.05075007164441684324e-9 * r + 5.475938084995344946e-4) * r + 0.0151986665636164571966) * r + 0.14810397642748007459) * r +
        0.68976733498510000455) * r + 1.6763848301838038494) * r + 2.05319162663775882187) * r + 1);
  } else {
    r -= 5;
    x =
      (((((((2.01033439929228813265e-7 * r + 2.71155556874348757815e-5) * r + 0.0012426609473880784386) * r + 0.026532189526576123093) * r +
        0.29656057182850489123) * r + 1.7848265399172913358) * r + 5.4637849111641143699) * r + 6.6579046435011037772) /
      (((((((2.04426310338993978564e-15 * r + 1.4215117583164458887e-7) * r + 1.8463183175100546818e-5) * r + 7.868691311456132591e-4) * r +
        0.0148753612908506148525) * r + 0.13692988092273580531) * r + 0.59983220655588793769) * r + 1);
  }
  return q < 0 ? -x : x;
}

// ---------------------------------------------------------------------------------------
// Clustered observations: the games of a seat-swapped pair, or every game of one seed

/**
 * Sums over observations grouped in clusters (the two games of a pair, or every game
 * played on one seed), enough for a cluster-robust variance. All fields add across
 * disjoint sets of clusters, so shards merge exactly.
 *
 * n = Σ m_c (observations), sum = Σ x, g = clusters, clusterSumSq = Σ S_c² (S_c the
 * cluster's total), sizeSum = Σ m_c·S_c, sizeSq = Σ m_c².
 */
export interface ClusterSums {
  n: number;
  sum: number;
  g: number;
  clusterSumSq: number;
  sizeSum: number;
  sizeSq: number;
}

/** Empty cluster sums. */
export function emptyClusterSums(): ClusterSums {
  return { n: 0, sum: 0, g: 0, clusterSumSq: 0, sizeSum: 0, sizeSq: 0 };
}

/** Add one whole cluster of `size` observations totalling `total` into `into`. */
export function addCluster(into: ClusterSums, total: number, size: number): void {
  into.n += size;
  into.sum += total;
  into.g++;
  into.clusterSumSq += total * total;
  into.sizeSum += size * total;
  into.sizeSq += size * size;
}

/** into += from, field by field. */
export function addClusterSums(into: ClusterSums, from: ClusterSums): void {
  into.n += from.n;
  into.sum += from.sum;
  into.g += from.g;
  into.clusterSumSq += from.clusterSumSq;
  into.sizeSum += from.sizeSum;
  into.sizeSq += from.sizeSq;
}

/**
 * The cluster-robust (sandwich) variance of the mean x̄ = Σx / n:
 *
 *     V = g/(g − 1) · Σ_c (S_c − m_c·x̄)² / n²
 *       = g/(g − 1) · (Σ S_c² − 2·x̄·Σ m_c S_c + x̄²·Σ m_c²) / n²
 *
 * It lets the games of a cluster be correlated in any way and assumes only that clusters
 * are independent (the CR1 estimator: A. C. Cameron and D. L. Miller, "A practitioner's
 * guide to cluster-robust inference", J. Human Resources 50 (2015) 317–372). NaN with fewer
 * than two clusters: one cluster says nothing about the spread between clusters.
 */
export function clusteredVariance(c: ClusterSums): number {
  if (!(c.g >= 2) || !(c.n > 0)) return NaN;
  const mean = c.sum / c.n;
  const ss = c.clusterSumSq - 2 * mean * c.sizeSum + mean * mean * c.sizeSq;
  return ((c.g / (c.g - 1)) * Math.max(0, ss)) / (c.n * c.n);
}

/**
 * Student's t quantile t_{df}(p) by the Cornish–Fisher expansion around the normal quantile
 * (M. Abramowitz and I. Stegun, Handbook of Mathematical Functions (1964), 26.7.5); within
 * 0.01 of the exact value for df ≥ 3 at p = 0.975, exact as df → ∞; df 1 and 2 use their
 * closed forms. df ≤ 0 gives NaN.
 */
export function tQuantile(p: number, df: number): number {
  if (!(df > 0)) return NaN;
  if (df === 1) return Math.tan(Math.PI * (p - 0.5));
  if (df === 2) return (2 * p - 1) / Math.sqrt(2 * p * (1 - p));
  const x = normalQuantile(p);
  if (!Number.isFinite(df)) return x;
  const x2 = x * x;
  const g1 = (x * (x2 + 1)) / 4;
  const g2 = (x * ((5 * x2 + 16) * x2 + 3)) / 96;
  const g3 = (x * (((3 * x2 + 19) * x2 + 17) * x2 - 15)) / 384;
  const g4 = (x * ((((79 * x2 + 776) * x2 + 1482) * x2 - 1920) * x2 - 945)) / 92160;
  return x + g1 / df + g2 / df ** 2 + g3 / df ** 3 + g4 / df ** 4;
}

/** The two-sided critical value for g clusters at the level of `z` (a normal quantile): Student's t with g − 1 degrees of freedom. */
function clusterCritical(g: number, z: number): number {
  return tQuantile(normalCdfApprox(z), g - 1);
}

/** Φ(z) for the confidence level behind a z (only to turn a z back into its level; 1e-7 accurate). */
function normalCdfApprox(z: number): number {
  // Abramowitz and Stegun 26.2.17.
  const t = 1 / (1 + 0.2316419 * Math.abs(z));
  const d = 0.3989422804014327 * Math.exp((-z * z) / 2);
  const q = d * t * (0.31938153 + t * (-0.356563782 + t * (1.781477937 + t * (-1.821255978 + t * 1.330274429))));
  return z >= 0 ? 1 - q : q;
}

/**
 * Mean of clustered observations with a cluster-robust interval: x̄ ∓ t_{g−1}·√V, V from
 * `clusteredVariance`, `n` the observations, `sd` the per-observation standard deviation
 * implied by V (√(V·n)), `clusters` the independent units behind the interval. With fewer
 * than two clusters the bounds are NaN (shown as n/a): the spread is unknown.
 */
export function clusteredMean(c: ClusterSums, z: number = Z95): ClusteredMean {
  if (!(c.n > 0)) return { mean: NaN, lo: NaN, hi: NaN, n: 0, sd: NaN, clusters: c.g };
  const mean = c.sum / c.n;
  const v = clusteredVariance(c);
  if (!Number.isFinite(v)) return { mean, lo: NaN, hi: NaN, n: c.n, sd: NaN, clusters: c.g };
  const half = clusterCritical(c.g, z) * Math.sqrt(v);
  return { mean, lo: mean - half, hi: mean + half, n: c.n, sd: Math.sqrt(v * c.n), clusters: c.g };
}

/** A mean with its cluster-robust interval; `clusters` the independent units (pairs or seeds) behind it. */
export interface ClusteredMean extends MeanInterval {
  clusters: number;
}

/** A rate with its cluster-aware interval and the design effect behind it. */
export interface ClusteredRate extends RateInterval {
  /** Independent units (pairs or seeds). */
  clusters: number;
  /** Design effect: clustered variance over the binomial variance of the same rate. */
  deff: number;
}

/**
 * A proportion of clustered 0/1 (or ½) observations with a design-effect-adjusted Wilson
 * interval: the Wilson interval at the effective sample size n/deff, deff = V_cluster /
 * (p̂(1 − p̂)/n) (L. Kish, Survey Sampling (1965); E. L. Korn and B. I. Graubard, "Confidence
 * intervals for proportions with small expected number of positive counts estimated from
 * survey data", Survey Methodology 24 (1998) 193–201).
 *
 * deff is kept between 1/m̄ and m̄ (m̄ = n/g, the mean cluster size): the bounds of a
 * cluster of m̄ games whose correlation lies in [−1/(m̄ − 1), 1], so a chance run of
 * identical pairs never gives a zero-width interval. When p̂ is 0 or 1 the spread cannot be
 * estimated and deff = m̄ (every game of a cluster counted as one, the cautious choice).
 * With fewer than two clusters the interval is the whole [0, 1].
 */
export function clusteredWilson(c: ClusterSums, z: number = Z95): ClusteredRate {
  if (!(c.n > 0)) return { value: NaN, lo: 0, hi: 1, n: 0, clusters: c.g, deff: NaN };
  const p = c.sum / c.n;
  if (c.g < 2) return { value: p, lo: 0, hi: 1, n: c.n, clusters: c.g, deff: NaN };
  const mbar = c.n / c.g;
  const binomial = (p * (1 - p)) / c.n;
  let deff = binomial > 0 ? clusteredVariance(c) / binomial : mbar;
  deff = Math.min(mbar, Math.max(1 / mbar, deff));
  const nEff = c.n / deff;
  const w = wilson(p * nEff, nEff, z);
  return { value: p, lo: w.lo, hi: w.hi, n: c.n, clusters: c.g, deff };
}
