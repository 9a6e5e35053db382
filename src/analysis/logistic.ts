/**
 * Binomial logistic regression on aggregated data, and the effect-coded design that turns a
 * loadout (categorical slots plus a multiset of corvette cards) into per-level effects on
 * the log-odds of winning.
 *
 * Model: group i has trials nᵢ and successes yᵢ (fractional allowed: wins + draws/2), and
 * logit P(success) = β₀ + xᵢ·β. The fit maximises the binomial log-likelihood
 * Σ yᵢ log μᵢ + (nᵢ − yᵢ) log(1 − μᵢ) minus a tiny ridge ½λ·Σⱼ≥₁ βⱼ² by Newton's method
 * (for the canonical logit link Newton-Raphson, Fisher scoring and IRLS are the same
 * iteration; A. Agresti, "Categorical Data Analysis", 3rd ed. 2013, ch. 4), with step
 * halving if a step would lower the objective. Why aggregated: a tournament yields
 * thousands of games but only tens of distinct loadout pairings, so one row per pairing
 * keeps the fit tiny.
 *
 * Why the ridge (default 1e-6): with sum-to-zero coding and sparse data, a column can be
 * (nearly) collinear with others, or the data separated (a level that never lost); the
 * unpenalised maximum then does not exist or is not unique. The ridge keeps every estimate
 * finite and is far too small to move well-determined estimates (shift ≈ λ·β·var). The
 * intercept is not penalised. Standard errors come from the inverse of the penalised
 * Hessian (the Wald covariance); p-values are two-sided Wald tests.
 *
 * Separation is reported, not hidden: `separated` is set when the ridge is what holds an
 * estimate in place or a fitted probability is numerically 0 or 1, and then `converged` is
 * false as well. Such estimates and their SEs are not meaningful (A. Albert and J. A.
 * Anderson, "On the existence of maximum likelihood estimates in logistic regression
 * models", Biometrika 71 (1984) 1–10).
 *
 * Pure functions; small dense matrices (src/analysis/linalg.ts).
 */
import { inverse, matVec } from './linalg.js';
import { normalCdf } from './sprt.js';

// ---------------------------------------------------------------------------------------
// Fitting

export interface LogisticInput {
  /** Rows = groups, columns = predictors, WITHOUT the intercept column. */
  X: number[][];
  /** Successes per group; may be fractional (e.g. wins + draws/2), 0 ≤ successes ≤ trials. */
  successes: number[];
  /** Trials per group; groups with 0 trials are ignored. */
  trials: number[];
  /** One name per column of X. */
  names: string[];
  /** L2 penalty λ on the non-intercept coefficients (objective −½λΣβⱼ²). Default 1e-6; 0 allowed. */
  ridge?: number;
}

/** One coefficient with its Wald standard error, z = estimate / se and two-sided p-value. */
export interface Coef {
  name: string;
  estimate: number;
  se: number;
  z: number;
  p: number;
}

export interface LogisticFit {
  intercept: Coef;
  coefs: Coef[];
  /** (p+1) x (p+1) covariance of (intercept, coefs...); NaN when the Hessian is singular. */
  covariance: number[][];
  /** Newton steps taken (at most 100). */
  iterations: number;
  /** True when Newton converged and the data are not separated (see `separated`). */
  converged: boolean;
  /**
   * True when the data do not pin the estimates down: some fitted probability is
   * numerically 0 or 1 (expected successes or failures below 1e-6), or the ridge moves
   * some group's fitted log-odds by more than 0.5 (to first order, Z·H⁻¹·λβ). Under
   * perfect or quasi-complete separation the data pull a fitted log-odds s to infinity and
   * only the ridge stops it; the ridge's shift is then about s/(1 + s) ≈ 1 whatever λ,
   * against λ·β·var ≪ 0.5 for a fit the data determine. Collinear columns do not trip it:
   * the ridge then moves coefficients along directions that leave fitted values alone.
   */
  separated: boolean;
  /** Binomial log-likelihood at the estimates, without the constant Σ log C(nᵢ, yᵢ). */
  logLik: number;
  /** Residual deviance 2·Σ [y log(y/nμ) + (n−y) log((n−y)/(n(1−μ)))], 0·log 0 = 0. */
  deviance: number;
  /** Total trials of the groups used. */
  n: number;
  /** Groups used (trials > 0). */
  groups: number;
}

const MAX_ITERATIONS = 100;
/** Stop when the Newton decrement (the step's predicted gain, ½ gᵀH⁻¹g) is this small relative to the objective. */
const DECREMENT_TOLERANCE = 1e-12;
/** Fitted expected successes or failures below this count as numerically 0 (separation without a ridge). */
const BOUNDARY_COUNT = 1e-6;
/** A ridge shift of a group's fitted log-odds above this means the ridge, not the data, holds it. */
const RIDGE_SHIFT_LIMIT = 0.5;

/** log σ(η) = −log(1 + e^(−η)), computed without overflow. */
function logSigmoid(eta: number): number {
  return eta >= 0 ? -Math.log1p(Math.exp(-eta)) : eta - Math.log1p(Math.exp(eta));
}

/** The logistic function, stable for large |eta|. */
export function sigmoid(eta: number): number {
  return eta >= 0 ? 1 / (1 + Math.exp(-eta)) : Math.exp(eta) / (1 + Math.exp(eta));
}

function coef(name: string, estimate: number, variance: number): Coef {
  const se = Math.sqrt(Math.max(0, variance));
  const z = estimate / se;
  return { name, estimate, se, z, p: 2 * normalCdf(-Math.abs(z)) };
}

/**
 * Fits logit P(success) = β₀ + X·β to aggregated binomial data by Newton's method.
 * @throws Error when lengths disagree or counts are invalid (negative, non-finite, successes > trials).
 */
export function fitLogistic(input: LogisticInput): LogisticFit {
  const { X, successes, trials, names } = input;
  const ridge = input.ridge ?? 1e-6;
  const p = names.length;
  if (X.length !== successes.length || X.length !== trials.length) {
    throw new Error(`fitLogistic: X has ${X.length} rows, successes ${successes.length}, trials ${trials.length}; they must agree`);
  }
  if (!(ridge >= 0 && Number.isFinite(ridge))) throw new Error(`fitLogistic: ridge must be a finite number ≥ 0, not ${ridge}`);
  X.forEach((row, i) => {
    if (row.length !== p) throw new Error(`fitLogistic: row ${i} of X has ${row.length} columns, names has ${p}`);
    if (!row.every(Number.isFinite)) throw new Error(`fitLogistic: row ${i} of X has a non-finite entry`);
    const n = trials[i];
    const y = successes[i];
    if (!(Number.isFinite(n) && n >= 0)) throw new Error(`fitLogistic: trials[${i}] = ${n} is not a finite number ≥ 0`);
    if (!(Number.isFinite(y) && y >= 0 && y <= n)) throw new Error(`fitLogistic: successes[${i}] = ${y} is not in [0, trials = ${n}]`);
  });

  // Design with the intercept column first; only groups with trials.
  const used = trials.map((n, i) => (n > 0 ? i : -1)).filter((i) => i >= 0);
  const Z = used.map((i) => [1, ...X[i]]);
  const y = used.map((i) => successes[i]);
  const t = used.map((i) => trials[i]);
  const P = p + 1;
  const penalty = Array.from({ length: P }, (_, j) => (j === 0 ? 0 : ridge));
  const totalY = y.reduce((a, b) => a + b, 0);
  const totalN = t.reduce((a, b) => a + b, 0);

  const etaOf = (beta: readonly number[]) => matVec(Z, beta);
  const logLikOf = (eta: readonly number[]) => {
    let ll = 0;
    for (let i = 0; i < eta.length; i++) {
      // y log μ + (n − y) log(1 − μ), with log(1 − σ(η)) = log σ(−η); 0·log 0 = 0.
      if (y[i] > 0) ll += y[i] * logSigmoid(eta[i]);
      if (t[i] - y[i] > 0) ll += (t[i] - y[i]) * logSigmoid(-eta[i]);
    }
    return ll;
  };
  const objective = (beta: readonly number[]) => {
    let pen = 0;
    for (let j = 0; j < P; j++) pen += penalty[j] * beta[j] * beta[j];
    return logLikOf(etaOf(beta)) - 0.5 * pen;
  };
  // Gradient and (negative) Hessian of the objective at beta.
  const derivatives = (beta: readonly number[]) => {
    const eta = etaOf(beta);
    const g = beta.map((b, j) => -penalty[j] * b);
    const H = Array.from({ length: P }, (_, j) => Array.from({ length: P }, (_, k) => (j === k ? penalty[j] : 0)));
    for (let i = 0; i < Z.length; i++) {
      const mu = sigmoid(eta[i]);
      const r = y[i] - t[i] * mu;
      const w = t[i] * mu * (1 - mu);
      for (let j = 0; j < P; j++) {
        g[j] += Z[i][j] * r;
        for (let k = 0; k < P; k++) H[j][k] += w * Z[i][j] * Z[i][k];
      }
    }
    return { g, H };
  };

  // Start from the pooled rate (shrunk off 0 and 1), slopes 0.
  let beta = Array.from({ length: P }, () => 0);
  if (totalN > 0) beta[0] = Math.log((totalY + 0.5) / (totalN - totalY + 0.5));
  let current = objective(beta);
  let iterations = 0;
  let newtonConverged = false;
  while (iterations < MAX_ITERATIONS && totalN > 0) {
    const { g, H } = derivatives(beta);
    const Hinv = inverse(H);
    if (!Hinv) break; // singular (no ridge and a direction without information)
    const step = matVec(Hinv, g);
    const decrement = step.reduce((s, d, j) => s + d * g[j], 0) / 2;
    // Step halving: never accept a step that lowers the objective (beyond round-off).
    let scale = 1;
    let next = beta.map((b, j) => b + step[j]);
    let value = objective(next);
    for (let h = 0; h < 40 && !(value >= current - 1e-12 * (1 + Math.abs(current))); h++) {
      scale /= 2;
      next = beta.map((b, j) => b + scale * step[j]);
      value = objective(next);
    }
    beta = next;
    current = value;
    iterations++;
    if (decrement <= DECREMENT_TOLERANCE * (1 + Math.abs(current))) {
      newtonConverged = true;
      break;
    }
  }

  // Covariance, fit statistics, separation checks at the final estimates.
  const eta = etaOf(beta);
  const { H } = derivatives(beta);
  const covariance = inverse(H) ?? H.map((row) => row.map(() => NaN));
  const logLik = logLikOf(eta);
  let deviance = 0;
  let boundary = false;
  for (let i = 0; i < eta.length; i++) {
    const mu = sigmoid(eta[i]);
    const fitY = t[i] * mu;
    const fitF = t[i] * sigmoid(-eta[i]);
    if (y[i] > 0) deviance += 2 * y[i] * Math.log(y[i] / fitY);
    if (t[i] - y[i] > 0) deviance += 2 * (t[i] - y[i]) * Math.log((t[i] - y[i]) / fitF);
    if (fitY < BOUNDARY_COUNT || fitF < BOUNDARY_COUNT) boundary = true;
  }
  // How far the ridge moves the fitted log-odds, to first order: Z · H⁻¹ · (λ ⊙ β).
  const shift = matVec(
    Z,
    matVec(
      covariance,
      beta.map((b, j) => penalty[j] * b),
    ),
  );
  const ridgeHeld = shift.some((s) => !(Math.abs(s) <= RIDGE_SHIFT_LIMIT)); // NaN (singular Hessian) counts as held
  const separated = boundary || ridgeHeld;

  return {
    intercept: coef('(intercept)', beta[0], covariance[0][0]),
    coefs: names.map((name, j) => coef(name, beta[j + 1], covariance[j + 1][j + 1])),
    covariance,
    iterations,
    converged: newtonConverged && !separated,
    separated,
    logLik,
    deviance,
    n: totalN,
    groups: used.length,
  };
}

/**
 * w·β with its standard error sqrt(wᵀ C w), for weights w over (intercept, coefs...)
 * (length p+1, intercept first). Used for contrasts such as the omitted level of an
 * effect-coded factor, whose effect is minus the sum of the others.
 */
export function linearCombination(fit: LogisticFit, weights: readonly number[]): { estimate: number; se: number } {
  const P = fit.coefs.length + 1;
  if (weights.length !== P) throw new Error(`linearCombination: ${weights.length} weights for ${P} coefficients (intercept first)`);
  const beta = [fit.intercept.estimate, ...fit.coefs.map((c) => c.estimate)];
  let estimate = 0;
  let variance = 0;
  for (let j = 0; j < P; j++) {
    if (weights[j] === 0) continue;
    estimate += weights[j] * beta[j];
    for (let k = 0; k < P; k++) if (weights[k] !== 0) variance += weights[j] * fit.covariance[j][k] * weights[k];
  }
  return { estimate, se: Math.sqrt(Math.max(0, variance)) };
}

// ---------------------------------------------------------------------------------------
// Effect-coded loadouts

/** One group's loadout: a level index per slot, and a count per card kind. */
export interface EffectGroup {
  slots: readonly number[];
  counts: readonly number[];
}

/** Which design column is which: the slot (or 'counts') and the level (or kind) whose +1 it carries. */
export interface EffectColumn {
  slot: number | 'counts';
  level: number;
}

export interface EffectDesign {
  /** One row per group (groups with 0 trials included; their rows are ignored by the fit). */
  X: number[][];
  columns: EffectColumn[];
  /**
   * slotContrasts[s][l]: weights over (intercept, columns...) giving the effect of level l
   * of slot s (for linearCombination), or null when the level is never observed.
   */
  slotContrasts: (number[] | null)[][];
  /** countContrasts[j]: weights giving the per-copy effect of card kind j, or null when never observed. */
  countContrasts: (number[] | null)[];
}

/**
 * Sum-to-zero (deviation) coding of loadouts.
 *
 * Slots: among the slot's observed levels l₀ < … < l_{m−1}, the last observed one is the
 * reference; level lᵢ (i < m−1) gets a column that is +1 when the group has lᵢ, −1 when it
 * has the reference, 0 otherwise. Its coefficient is lᵢ's effect relative to the average
 * of the observed levels' log-odds; the reference's effect is minus the sum of the others.
 * A slot with one observed level gets no columns and that level's effect is exactly 0.
 *
 * Counts (a multiset of cards, the same number of cards in every group): plain counts sum
 * to a constant and so are collinear with the intercept. With the effects constrained to
 * sum to zero over the observed kinds, Σⱼ βⱼ cⱼ = Σⱼ<ref βⱼ (cⱼ − c_ref), so kind j gets the
 * column cⱼ − c_ref (ref = last observed kind) and βⱼ is the effect of one copy of kind j
 * relative to the average kind; the reference's is minus the sum.
 *
 * Observed: a slot level that some group with trials > 0 has, a card kind that some such
 * group holds at least one of (all groups count when `trials` is omitted). Unobserved
 * levels get no column and a null contrast: nothing in the data says anything about them,
 * and "the average level" is the average of the observed ones.
 *
 * @throws Error on lengths that disagree with slotSizes / countKinds, levels out of range,
 *   negative counts, or groups (with trials) holding different numbers of cards.
 */
export function effectCodedDesign(groups: readonly EffectGroup[], slotSizes: readonly number[], countKinds: number, trials?: readonly number[]): EffectDesign {
  if (trials && trials.length !== groups.length) throw new Error(`effectCodedDesign: ${groups.length} groups but ${trials.length} trials`);
  slotSizes.forEach((k, s) => {
    if (!(Number.isInteger(k) && k >= 1)) throw new Error(`effectCodedDesign: slot ${s} has size ${k}, not a positive integer`);
  });
  if (!(Number.isInteger(countKinds) && countKinds >= 0)) throw new Error(`effectCodedDesign: countKinds ${countKinds} is not an integer ≥ 0`);
  let cards: number | undefined;
  groups.forEach((g, i) => {
    if (g.slots.length !== slotSizes.length) throw new Error(`effectCodedDesign: group ${i} has ${g.slots.length} slots, expected ${slotSizes.length}`);
    g.slots.forEach((l, s) => {
      if (!(Number.isInteger(l) && l >= 0 && l < slotSizes[s])) throw new Error(`effectCodedDesign: group ${i} slot ${s} level ${l} is not in 0..${slotSizes[s] - 1}`);
    });
    if (g.counts.length !== countKinds) throw new Error(`effectCodedDesign: group ${i} has ${g.counts.length} counts, expected ${countKinds}`);
    if (!g.counts.every((c) => Number.isFinite(c) && c >= 0)) throw new Error(`effectCodedDesign: group ${i} has a negative or non-finite count`);
    if (trials && !(trials[i] > 0)) return;
    const total = g.counts.reduce((a, b) => a + b, 0);
    if (cards === undefined) cards = total;
    else if (total !== cards) throw new Error(`effectCodedDesign: group ${i} holds ${total} cards, earlier groups ${cards}; the count coding needs a constant total`);
  });
  const usedGroups = groups.filter((_, i) => !trials || trials[i] > 0);

  // Observed levels per slot and observed kinds, ascending; the last one is the reference.
  const observedLevels = slotSizes.map((k, s) => Array.from({ length: k }, (_, l) => l).filter((l) => usedGroups.some((g) => g.slots[s] === l)));
  const observedKinds = Array.from({ length: countKinds }, (_, j) => j).filter((j) => usedGroups.some((g) => g.counts[j] > 0));

  const columns: EffectColumn[] = [];
  observedLevels.forEach((levels, s) => levels.slice(0, -1).forEach((level) => columns.push({ slot: s, level })));
  observedKinds.slice(0, -1).forEach((level) => columns.push({ slot: 'counts', level }));
  const P = columns.length + 1;

  const X = groups.map((g) =>
    columns.map(({ slot, level }) => {
      if (slot === 'counts') return g.counts[level] - g.counts[observedKinds[observedKinds.length - 1]];
      const ref = observedLevels[slot][observedLevels[slot].length - 1];
      return g.slots[slot] === level ? 1 : g.slots[slot] === ref ? -1 : 0;
    }),
  );

  // Contrast for an observed level: its own column, or minus all of its slot's columns for the reference.
  const contrast = (slot: number | 'counts', level: number, observed: number[]): number[] | null => {
    if (!observed.includes(level)) return null;
    const w = new Array<number>(P).fill(0);
    const isRef = level === observed[observed.length - 1];
    columns.forEach((c, j) => {
      if (c.slot !== slot) return;
      if (isRef) w[j + 1] = -1;
      else if (c.level === level) w[j + 1] = 1;
    });
    return w;
  };
  const slotContrasts = slotSizes.map((k, s) => Array.from({ length: k }, (_, l) => contrast(s, l, observedLevels[s])));
  const countContrasts = Array.from({ length: countKinds }, (_, j) => contrast('counts', j, observedKinds));
  return { X, columns, slotContrasts, countContrasts };
}

/** Names for fitEffects' output. */
export interface EffectLabels {
  /** One name per slot (e.g. 'main weapon'); the `group` of that slot's effects. */
  slotNames: string[];
  /** levels[s][l]: name of level l of slot s. */
  levels: string[][];
  /** One name per card kind. */
  counts: string[];
  /** The `group` of the card effects; default 'corvettes'. */
  countGroup?: string;
}

export interface EffectsInput {
  groups: EffectGroup[];
  /** Levels per slot (e.g. [k1, k2, k3, k4]). */
  slotSizes: number[];
  /** Card kinds (c); every group's counts has this length and the same total. */
  countKinds: number;
  successes: number[];
  trials: number[];
  labels: EffectLabels;
  /** Passed to fitLogistic; default 1e-6. */
  ridge?: number;
}

/** One level's (or card kind's) effect on the log-odds, relative to its slot's average observed level (per copy for cards). */
export interface Effect {
  name: string;
  /** The slot's name, or the count group ('corvettes'). */
  group: string;
  /** Level (or kind) index. */
  level: number;
  /** NaN when the level was never observed (no data, no estimate). */
  logOdds: number;
  /** NaN when unobserved; 0 for the only observed level of a slot. */
  se: number;
  observed: boolean;
}

/**
 * Fits the effect-coded loadout model (see effectCodedDesign) and reports, for every level
 * of every slot and every card kind, its effect on the log-odds of success relative to the
 * average (observed) level of its slot, per copy for cards, with a Wald standard error:
 * the omitted reference level too, via linearCombination. Unobserved levels get NaN
 * estimate and se (never a made-up number). Order: slot 0's levels, slot 1's, ..., then the
 * card kinds. Check `fit.converged` / `fit.separated` before trusting the numbers.
 */
export function fitEffects(input: EffectsInput): { fit: LogisticFit; effects: Effect[]; design: EffectDesign } {
  const { groups, slotSizes, countKinds, successes, trials, labels } = input;
  if (labels.slotNames.length !== slotSizes.length || labels.levels.length !== slotSizes.length) {
    throw new Error(`fitEffects: ${slotSizes.length} slots but ${labels.slotNames.length} slot names and ${labels.levels.length} level name lists`);
  }
  labels.levels.forEach((names, s) => {
    if (names.length !== slotSizes[s]) throw new Error(`fitEffects: slot ${s} has ${slotSizes[s]} levels but ${names.length} level names`);
  });
  if (labels.counts.length !== countKinds) throw new Error(`fitEffects: ${countKinds} card kinds but ${labels.counts.length} names`);
  if (successes.length !== groups.length || trials.length !== groups.length) {
    throw new Error(`fitEffects: ${groups.length} groups, ${successes.length} successes, ${trials.length} trials; they must agree`);
  }
  const countGroup = labels.countGroup ?? 'corvettes';
  const design = effectCodedDesign(groups, slotSizes, countKinds, trials);
  const names = design.columns.map((c) => (c.slot === 'counts' ? `${countGroup}: ${labels.counts[c.level]}` : `${labels.slotNames[c.slot]}: ${labels.levels[c.slot][c.level]}`));
  const fit = fitLogistic({ X: design.X, successes, trials, names, ridge: input.ridge });

  const effect = (name: string, group: string, level: number, w: number[] | null): Effect => {
    if (!w) return { name, group, level, logOdds: NaN, se: NaN, observed: false };
    const { estimate, se } = linearCombination(fit, w);
    return { name, group, level, logOdds: estimate, se, observed: true };
  };
  const effects: Effect[] = [];
  design.slotContrasts.forEach((levels, s) => levels.forEach((w, l) => effects.push(effect(labels.levels[s][l], labels.slotNames[s], l, w))));
  design.countContrasts.forEach((w, j) => effects.push(effect(labels.counts[j], countGroup, j, w)));
  return { fit, effects, design };
}
