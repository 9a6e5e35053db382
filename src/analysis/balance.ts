/**
 * The balance analyses behind loadout-sweep, stat-sweep and meta experiments, computed
 * from the run's summary state (counts and sums per entrant and per pairing) and its plan.
 *
 * Why from the summary state and not from per-match rows: the state is what merges exactly
 * across workers and shards and what a resumed run rebuilds, so these figures are as
 * reproducible as the win rates. Every entrant of a loadout-sweep has one fixed loadout,
 * so "matches with component X" are the matches of the entrants holding X.
 *
 * Why pairs: matches are played in seat-swapped pairs on one seed, and the two games of a
 * pair are correlated, so counting matches as independent makes every interval too narrow.
 * Each pairing keeps its completed pairs' pentanomial counts; from them come a
 * quasi-binomial dispersion φ (proportions.ts, pairDispersion) that widens the score
 * intervals and the logistic standard errors, and the bootstraps that redraw pairs.
 *
 * Why the score: a draw is half a point for each side, so score = (wins + draws/2) /
 * matches is 50% when two sides are even, which a win rate is not when draws are common.
 * The win-rate fields are kept (plain Wilson, per match) for the CSV files; every
 * conclusion (flags, slopes, crossings, headlines) rests on the score.
 *
 * Why verdicts: "nothing significant" is not "balanced". Each analysis says whether its
 * data support a conclusion and, when they do not, says "inconclusive" with the reason.
 * docs/statistics.md, sections 10–12, has the long form.
 */
import seedrandom from 'seedrandom';
import type { GameTables, LoadoutTable } from '../rules/tables.js';
import { SRC_BROADSIDE, SRC_CORVETTE, SRC_MAIN, SRC_POINT_DEFENCE } from '../rules/state.js';
import type { Plan } from '../sim/plan.js';
import type { SummaryState, PlayerState, PairingState } from './summary.js';
import { meanInterval, pentanomial, wilson, Z95, type MeanInterval, type RateInterval } from './stats.js';
import { newcombePaired, bonferroniZ, pairDispersion, wilsonPaired, type DifferenceInterval, type PairDispersion } from './proportions.js';
import { fitEffects, fitLogistic, sigmoid } from './logistic.js';
import { symmetricNash } from './nash.js';
import { multinomialSample, quantile } from './ratings.js';

/** What the analyses need of a run. */
export interface BalanceInput {
  plan: Plan;
  tables: Pick<GameTables, 'factions'>;
  /** Each entrant's faction index and fixed loadout (null when drafted or sampled per match). */
  factions: number[];
  fixed: (LoadoutTable | null)[];
  state: SummaryState;
  /** Half-width of the band of acceptable effects, in score points (0.05 = 5 points). */
  band: number;
  /** stat-sweep: the score to look for (0.5: even). */
  target: number;
  seed: string | number;
}

/** An entrant's totals over all its matches (every faction it played). */
interface EntrantTotals {
  matches: number;
  wins: number;
  /** Matches neither side won. */
  draws: number;
  /** Completed pairs by the entrant's pair score 0, ½, 1, 1½, 2, over all its pairings. */
  penta: number[];
  dealtSum: number[];
  dealtSumSq: number[];
}

/** An entrant's pentanomial counts from its own view: pairings where it is B are read backwards. */
export function entrantPentanomial(state: Pick<SummaryState, 'pairings'>, entrant: number): number[] {
  const out = [0, 0, 0, 0, 0];
  for (const p of state.pairings) {
    if (!p.penta) continue;
    if (p.a === entrant) p.penta.forEach((c, k) => (out[k] += c));
    else if (p.b === entrant) p.penta.forEach((c, k) => (out[4 - k] += c));
  }
  return out;
}

function entrantTotals(state: SummaryState, entrant: number): EntrantTotals {
  const mine = state.players.filter((p: PlayerState) => p.player === entrant);
  const sources = mine[0]?.dealtSum.length ?? 0;
  const t: EntrantTotals = { matches: 0, wins: 0, draws: 0, penta: entrantPentanomial(state, entrant), dealtSum: new Array(sources).fill(0), dealtSumSq: new Array(sources).fill(0) };
  for (const p of mine) {
    t.matches += p.matches;
    t.wins += p.wins;
    t.draws += p.matches - p.wins - p.losses;
    p.dealtSum.forEach((v, i) => (t.dealtSum[i] += v));
    p.dealtSumSq.forEach((v, i) => (t.dealtSumSq[i] += v));
  }
  return t;
}

const scorePoints = (t: { wins: number; draws: number }) => t.wins + t.draws / 2;
const pairCount = (c: readonly number[]) => c.reduce((a, b) => a + b, 0);

/** A verdict: whether the data support the analysis' conclusion, and why not when they do not. */
export interface Verdict<S extends string> {
  status: S;
  /** Plain-language reasons for an 'inconclusive' status (empty otherwise). */
  reasons: string[];
}

/** Fewer completed pairs than this for any entrant of a sweep makes its verdict inconclusive (the φ and normal approximations need more). */
export const MIN_PAIRS = 10;

/** The dispersion to scale by: φ̂ when estimable, else 1 (and the verdict says so). */
const usablePhi = (d: PairDispersion) => (d.phi > 0 && Number.isFinite(d.phi) ? d.phi : 1);

// ---------------------------------------------------------------------------------------
// Loadout sweep

export const SLOTS = ['main', 'broadside', 'hangar', 'pointDefence'] as const;
export type ComponentSlot = (typeof SLOTS)[number] | 'corvette';

export interface ComponentRow {
  slot: ComponentSlot;
  card: string;
  name: string;
  /** Swept loadouts holding the card (at least one copy for corvettes), and their matches. */
  loadouts: number;
  matches: number;
  /** Share of the swept loadouts' wins that were won by loadouts holding the card (n = wins), against its share of matches. */
  pickInWins: { value: number; n: number; shareOfMatches: number };
  /** Score with and without the card, Wilson on matches / φ (pair-aware); n = matches. */
  scoreWith: RateInterval;
  scoreWithout: RateInterval;
  /** Score with minus without, Newcombe's hybrid interval on matches / φ. */
  scoreDifference: DifferenceInterval;
  /** Damage the card deals to enemy capital ships per match of the loadouts holding it (null: the card deals none, e.g. a hangar). */
  damagePerMatch: MeanInterval | null;
  /**
   * Model effect on the score: log-odds with its pair-aware se (the binomial se times √φ),
   * and in score points with a 95% and a Bonferroni-corrected interval.
   */
  effect: { logOdds: number; se: number; points: number; lo: number; hi: number; loCorrected: number; hiCorrected: number; perCopy: boolean };
  /** 'strong' or 'weak' when the corrected interval lies wholly above +band or below -band (never when the fit failed). */
  flag: 'strong' | 'weak' | null;
  /** Whether the corrected interval lies wholly inside ±band (the effect is shown to be small). */
  withinBand: boolean;
  /**
   * Whether the data can estimate the effect at all: its slot has two or more levels among
   * the loadouts, or (corvettes) the loadouts hold different numbers of it. A component every
   * loadout holds alike has no estimable effect, is not tested and is never flagged.
   */
  estimable: boolean;
}

export interface LoadoutSweepAnalysis {
  kind: 'loadout-sweep';
  faction: string;
  loadouts: number;
  matches: number;
  /** Completed pairs of the swept loadouts' matches (a pair between two swept loadouts counts for both). */
  pairs: number;
  winRate: RateInterval;
  /** The swept loadouts' score, pair-aware. */
  score: RateInterval;
  band: number;
  /** Components tested (the Bonferroni m) and the z used for the corrected intervals. */
  tested: number;
  zCorrected: number;
  model: { converged: boolean; separated: boolean; iterations: number; deviance: number };
  /** The pairs' dispersion φ (design effect of a pair relative to independent games) scaling every interval. */
  dispersion: PairDispersion & { used: number };
  /**
   * 'flagged': some component is significantly outside the band; 'within-band': every
   * tested component's corrected interval lies inside ±band; 'inconclusive': neither, or
   * the fit or the sample cannot support a conclusion (reasons say which).
   */
  verdict: Verdict<'flagged' | 'within-band' | 'inconclusive'>;
  components: ComponentRow[];
  /** The swept loadouts, best score first: name, matches, pairs, win rate (per match) and score (pair-aware). */
  ranking: { name: string; matches: number; pairs: number; winRate: RateInterval; score: RateInterval }[];
}

const SLOT_SOURCE: Record<(typeof SLOTS)[number], number | null> = { main: SRC_MAIN, broadside: SRC_BROADSIDE, hangar: null, pointDefence: SRC_POINT_DEFENCE };

export function analyseLoadoutSweep(input: BalanceInput): LoadoutSweepAnalysis {
  const { plan, tables, state, band } = input;
  const swept = plan.entrants.map((e, i) => ({ e, i })).filter(({ e }) => e.origin.kind === 'loadout');
  const f = tables.factions[input.factions[swept[0].i]];
  const rows = swept.map(({ i }) => ({ i, loadout: input.fixed[i]!, totals: entrantTotals(state, i) }));
  const slotOf = (l: LoadoutTable, s: (typeof SLOTS)[number]) => l[s];
  const counts = (l: LoadoutTable) => f.corvettes.map((_, c) => l.corvettes.filter((x) => x === c).length);
  const cards = { main: f.mainWeapons, broadside: f.broadsides, hangar: f.hangars, pointDefence: f.pointDefence };

  // One φ for the sweep: within-loadout pair variation, so it does not depend on the model.
  const dispersion = pairDispersion(rows.map((r) => r.totals.penta));
  const phi = usablePhi(dispersion);
  const root = Math.sqrt(phi);

  const { fit, effects } = fitEffects({
    groups: rows.map((r) => ({ slots: SLOTS.map((s) => slotOf(r.loadout, s)), counts: counts(r.loadout) })),
    slotSizes: SLOTS.map((s) => cards[s].length),
    countKinds: f.corvettes.length,
    successes: rows.map((r) => scorePoints(r.totals)),
    trials: rows.map((r) => r.totals.matches),
    labels: { slotNames: [...SLOTS], levels: SLOTS.map((s) => cards[s].map((c) => c.id)), counts: f.corvettes.map((c) => c.id), countGroup: 'corvette' },
  });
  // Estimable: the loadouts (with matches) differ in it; otherwise the coding gives it no
  // column (one level: effect 0 by definition) or a column collinear with the intercept.
  const played = rows.filter((r) => r.totals.matches > 0);
  const estimable = effects.map((eff) => {
    if (!eff.observed) return false;
    if (eff.group === 'corvette') return new Set(played.map((r) => r.loadout.corvettes.filter((x) => x === eff.level).length)).size > 1;
    const slot = eff.group as (typeof SLOTS)[number];
    return new Set(played.map((r) => slotOf(r.loadout, slot))).size > 1;
  });
  const tested = estimable.filter(Boolean).length;
  const zc = bonferroniZ(0.05, Math.max(1, tested));
  const base = fit.intercept.estimate;
  const points = (b: number) => sigmoid(base + b) - sigmoid(base);
  const fitOk = fit.converged && Number.isFinite(base);

  const totalWins = rows.reduce((a, r) => a + r.totals.wins, 0);
  const totalPoints = rows.reduce((a, r) => a + scorePoints(r.totals), 0);
  const totalMatches = rows.reduce((a, r) => a + r.totals.matches, 0);
  const components: ComponentRow[] = effects.map((eff, ei) => {
    const slot = eff.group as ComponentSlot;
    const has = (l: LoadoutTable) => (slot === 'corvette' ? l.corvettes.includes(eff.level) : slotOf(l, slot as (typeof SLOTS)[number]) === eff.level);
    const inRows = rows.filter((r) => has(r.loadout));
    const outRows = rows.filter((r) => !has(r.loadout));
    const sum = (rs: typeof rows, k: 'wins' | 'matches') => rs.reduce((a, r) => a + r.totals[k], 0);
    const pts = (rs: typeof rows) => rs.reduce((a, r) => a + scorePoints(r.totals), 0);
    const source = slot === 'corvette' ? SRC_CORVETTE + eff.level : SLOT_SOURCE[slot as (typeof SLOTS)[number]];
    const card = slot === 'corvette' ? f.corvettes[eff.level] : cards[slot as (typeof SLOTS)[number]][eff.level];
    const hasWeapon = slot !== 'corvette' || !!f.corvettes[eff.level].weapon;
    const damagePerMatch =
      source === null || !hasWeapon
        ? null
        : meanInterval(
            inRows.reduce((a, r) => a + (r.totals.dealtSum[source] ?? 0), 0),
            inRows.reduce((a, r) => a + (r.totals.dealtSumSq[source] ?? 0), 0),
            sum(inRows, 'matches'),
          );
    const se = eff.se * root;
    const lo = points(eff.logOdds - Z95 * se);
    const hi = points(eff.logOdds + Z95 * se);
    const loCorrected = points(eff.logOdds - zc * se);
    const hiCorrected = points(eff.logOdds + zc * se);
    const flag = !estimable[ei] || !fitOk ? null : loCorrected > band ? 'strong' : hiCorrected < -band ? 'weak' : null;
    return {
      slot,
      card: card.id,
      name: card.name,
      loadouts: inRows.length,
      matches: sum(inRows, 'matches'),
      pickInWins: { value: totalWins ? sum(inRows, 'wins') / totalWins : NaN, n: totalWins, shareOfMatches: totalMatches ? sum(inRows, 'matches') / totalMatches : NaN },
      scoreWith: wilsonPaired(pts(inRows), sum(inRows, 'matches'), phi),
      scoreWithout: wilsonPaired(pts(outRows), sum(outRows, 'matches'), phi),
      scoreDifference: newcombePaired(pts(inRows), sum(inRows, 'matches'), pts(outRows), sum(outRows, 'matches'), phi),
      damagePerMatch,
      effect: { logOdds: eff.logOdds, se, points: points(eff.logOdds), lo, hi, loCorrected, hiCorrected, perCopy: slot === 'corvette' },
      flag,
      withinBand: estimable[ei] && fitOk && loCorrected >= -band && hiCorrected <= band,
      estimable: estimable[ei],
    };
  });

  const reasons: string[] = [];
  if (!fitOk) reasons.push(fit.separated ? 'the logistic model did not converge: some loadout (or combination) always scored or never scored, so its effects are not estimable' : 'the logistic model did not converge');
  if (!(dispersion.phi > 0 && Number.isFinite(dispersion.phi))) reasons.push('too few completed pairs to measure how correlated the two games of a pair are; intervals assume independent games');
  const fewest = rows.reduce((m, r) => Math.min(m, pairCount(r.totals.penta)), Infinity);
  if (fewest < MIN_PAIRS) reasons.push(`some loadout has only ${fewest} completed pair${fewest === 1 ? '' : 's'} (fewer than ${MIN_PAIRS})`);
  const flagged = components.some((c) => c.flag);
  const undecided = components.filter((c) => c.estimable && !c.flag && !c.withinBand);
  if (tested === 0) reasons.push('no component varies between the loadouts, so no effect can be estimated');
  let status: 'flagged' | 'within-band' | 'inconclusive';
  if (reasons.length) status = 'inconclusive';
  else if (flagged) status = 'flagged';
  else if (undecided.length === 0) status = 'within-band';
  else {
    status = 'inconclusive';
    reasons.push(`${undecided.length} of ${tested} components have corrected intervals reaching beyond ±${Math.round(band * 100)} points: the data cannot rule out that they are too strong or too weak`);
  }

  const ranking = rows
    .map((r) => ({
      name: plan.entrants[r.i].name,
      matches: r.totals.matches,
      pairs: pairCount(r.totals.penta),
      winRate: wilson(r.totals.wins, r.totals.matches),
      score: wilsonPaired(scorePoints(r.totals), r.totals.matches, phi),
    }))
    .sort((x, y) => y.score.value - x.score.value || x.name.localeCompare(y.name));
  return {
    kind: 'loadout-sweep',
    faction: f.id,
    loadouts: rows.length,
    matches: totalMatches,
    pairs: rows.reduce((a, r) => a + pairCount(r.totals.penta), 0),
    winRate: wilson(totalWins, totalMatches),
    score: wilsonPaired(totalPoints, totalMatches, phi),
    band,
    tested,
    zCorrected: zc,
    model: { converged: fit.converged, separated: fit.separated, iterations: fit.iterations, deviance: fit.deviance },
    dispersion: { ...dispersion, used: phi },
    verdict: { status, reasons: status === 'inconclusive' ? reasons : [] },
    components,
    ranking,
  };
}

// ---------------------------------------------------------------------------------------
// Stat sweep

export interface SweepPoint {
  value: number;
  entrant: string;
  matches: number;
  /** Completed pairs at this value. */
  pairs: number;
  /** Wins / matches, plain Wilson (kept for stat-sweep.csv; conclusions use `score`). */
  winRate: RateInterval;
  /** (wins + draws/2) / matches, Wilson on matches / φ with the curve's φ (pair-aware). */
  score: RateInterval;
}

/** Where a sweep's score crosses the target, with a parametric bootstrap over pairs. */
export interface SweepCrossing {
  /**
   * 'crosses': the observed curve crosses and at least 95% of the replicates do too (lo..hi
   * is then the 95% percentile interval of the replicates' crossings); 'does-not-cross': the
   * observed curve does not cross and at most 5% of the replicates do; 'inconclusive': otherwise.
   */
  status: 'crosses' | 'does-not-cross' | 'inconclusive';
  /** The observed crossing (linear interpolation between neighbouring values), or null. */
  value: number | null;
  lo: number;
  hi: number;
  /** Share of bootstrap replicates whose curve crosses the target within the range. */
  share: number;
  replicates: number;
  /** For 'does-not-cross': whether the curve stays above or below the target. */
  side: 'above' | 'below' | null;
}

export interface SweepCurve {
  card: string;
  field: string;
  points: SweepPoint[];
  /** The curve's pair dispersion (pooled over its points) and the φ used. */
  dispersion: PairDispersion & { used: number };
  /** Logistic slope of the score on the value: log-odds per unit, its pair-aware se, a 95% interval and one corrected for the curves tested. */
  slope: { estimate: number; se: number; lo: number; hi: number; loCorrected: number; hiCorrected: number };
  /** Whether the corrected slope interval excludes 0 (and the fit converged). */
  effect: boolean;
  /**
   * The fitted score change from the first to the last value, σ(β₀ + β₁x_last) − σ(β₀ + β₁x_first),
   * with a delta-method interval (pair-aware covariance) corrected like the slope.
   */
  change: { value: number; loCorrected: number; hiCorrected: number };
  /** The change is detectably larger than the band (its corrected interval lies wholly beyond ±band): an effect worth a designer's attention. */
  material: boolean;
  /** The observed crossing of the target score (= crossingInterval.value): kept as a plain number for stat-sweep.csv. */
  crossing: number | null;
  crossingInterval: SweepCrossing;
  verdict: Verdict<'ok' | 'inconclusive'>;
}

export interface StatSweepAnalysis {
  kind: 'stat-sweep';
  subject: string;
  /** The target score (draws as half). */
  target: number;
  /** Half-width of the band of changes too small to act on, in score points. */
  band: number;
  /** Curves tested (the Bonferroni m for `effect`). */
  tested: number;
  curves: SweepCurve[];
}

/** The first crossing of `target` by the piecewise-linear curve through (xs, ys), or null. */
export function firstCrossing(xs: readonly number[], ys: readonly number[], target: number): number | null {
  for (let k = 0; k + 1 < xs.length; k++) {
    const dp = ys[k] - target;
    const dq = ys[k + 1] - target;
    if (dp === 0) return xs[k];
    if (dp * dq < 0) return xs[k] + ((xs[k + 1] - xs[k]) * dp) / (dp - dq);
    if (dq === 0) return xs[k + 1];
  }
  return null;
}

/** Bootstrap replicates for the crossing interval. */
const CROSSING_REPLICATES = 1000;

export function analyseStatSweep(input: BalanceInput): StatSweepAnalysis {
  const { plan, state, target } = input;
  const subjects = plan.entrants.map((e, i) => ({ e, i })).filter(({ e }) => e.origin.kind === 'variant');
  const sweeps = new Map<number, { point: Omit<SweepPoint, 'score'>; t: EntrantTotals }[]>();
  for (const { e, i } of subjects) {
    const v = plan.variants[(e.origin as { variant: number }).variant];
    const t = entrantTotals(state, i);
    const list = sweeps.get(v.point!.sweep) ?? [];
    list.push({ point: { value: v.point!.value, entrant: e.name, matches: t.matches, pairs: pairCount(t.penta), winRate: wilson(t.wins, t.matches) }, t });
    sweeps.set(v.point!.sweep, list);
  }
  const tested = sweeps.size;
  const zc = bonferroniZ(0.05, Math.max(1, tested));
  const curves: SweepCurve[] = [...sweeps.entries()].map(([si, pts]) => {
    const v = plan.variants.find((x) => x.point?.sweep === si)!.point!;
    const sorted = [...pts].sort((a, b) => a.point.value - b.point.value);
    const dispersion = pairDispersion(sorted.map((p) => p.t.penta));
    const phi = usablePhi(dispersion);
    const points: SweepPoint[] = sorted.map(({ point, t }) => ({ ...point, score: wilsonPaired(scorePoints(t), t.matches, phi) }));
    const fit = fitLogistic({ X: points.map((p) => [p.value]), successes: sorted.map((p) => scorePoints(p.t)), trials: points.map((p) => p.matches), names: [v.field] });
    const b = fit.coefs[0];
    const se = b.se * Math.sqrt(phi);
    const slope = { estimate: b.estimate, se, lo: b.estimate - Z95 * se, hi: b.estimate + Z95 * se, loCorrected: b.estimate - zc * se, hiCorrected: b.estimate + zc * se };
    const xs = points.map((p) => p.value);
    // Delta method: ∂Δ/∂β₀ = s'(η₁) − s'(η₀), ∂Δ/∂β₁ = s'(η₁)x₁ − s'(η₀)x₀, s' = σ(1 − σ).
    const [x0, x1] = [xs[0], xs[xs.length - 1]];
    const b0 = fit.intercept.estimate;
    const ds = (x: number) => sigmoid(b0 + b.estimate * x) * (1 - sigmoid(b0 + b.estimate * x));
    const g = [ds(x1) - ds(x0), ds(x1) * x1 - ds(x0) * x0];
    const C = fit.covariance;
    const seChange = Math.sqrt(Math.max(0, phi * (g[0] * g[0] * C[0][0] + 2 * g[0] * g[1] * C[0][1] + g[1] * g[1] * C[1][1])));
    const dv = sigmoid(b0 + b.estimate * x1) - sigmoid(b0 + b.estimate * x0);
    const change = { value: dv, loCorrected: dv - zc * seChange, hiCorrected: dv + zc * seChange };
    const crossing = firstCrossing(
      xs,
      points.map((p) => p.score.value),
      target,
    );

    // Parametric bootstrap: each point's pairs redrawn from its pentanomial frequencies.
    const rng = seedrandom(`${input.seed}/stat-sweep/${si}`);
    const probs = sorted.map((p) => p.t.penta.map((c) => c / Math.max(1, pairCount(p.t.penta))));
    const found: number[] = [];
    const canBoot = sorted.every((p) => pairCount(p.t.penta) > 0);
    const replicates = canBoot ? CROSSING_REPLICATES : 0;
    for (let r = 0; r < replicates; r++) {
      const ys = sorted.map((p, k) => {
        const n = pairCount(p.t.penta);
        const c = multinomialSample(n, probs[k], rng);
        return (c[1] + 2 * c[2] + 3 * c[3] + 4 * c[4]) / (4 * n);
      });
      const x = firstCrossing(xs, ys, target);
      if (x !== null) found.push(x);
    }
    found.sort((a, c) => a - c);
    const share = replicates ? found.length / replicates : NaN;
    const above = points.every((p) => p.score.value > target);
    const below = points.every((p) => p.score.value < target);
    let status: SweepCrossing['status'] = 'inconclusive';
    if (crossing !== null && share >= 0.95) status = 'crosses';
    else if (crossing === null && share <= 0.05) status = 'does-not-cross';
    const crossingInterval: SweepCrossing = {
      status,
      value: crossing,
      lo: status === 'crosses' ? quantile(found, 0.025) : NaN,
      hi: status === 'crosses' ? quantile(found, 0.975) : NaN,
      share,
      replicates,
      side: status === 'does-not-cross' ? (above ? 'above' : below ? 'below' : null) : null,
    };

    const reasons: string[] = [];
    if (!fit.converged) reasons.push('the logistic fit of the score on the value did not converge (some value always or never scored)');
    const fewest = points.reduce((m, p) => Math.min(m, p.pairs), Infinity);
    if (fewest < MIN_PAIRS) reasons.push(`some value has only ${fewest} completed pair${fewest === 1 ? '' : 's'} (fewer than ${MIN_PAIRS})`);
    if (!(dispersion.phi > 0 && Number.isFinite(dispersion.phi))) reasons.push('too few completed pairs to measure how correlated the two games of a pair are');
    return {
      card: v.card,
      field: v.field,
      points,
      dispersion: { ...dispersion, used: phi },
      slope,
      effect: fit.converged && (slope.loCorrected > 0 || slope.hiCorrected < 0),
      change,
      material: fit.converged && (change.loCorrected > input.band || change.hiCorrected < -input.band),
      crossing,
      crossingInterval,
      verdict: { status: reasons.length ? 'inconclusive' : 'ok', reasons },
    };
  });
  return { kind: 'stat-sweep', subject: plan.subject ?? '', target, band: input.band, tested, curves };
}

// ---------------------------------------------------------------------------------------
// Meta

export interface MetaAnalysis {
  kind: 'meta';
  entrants: string[];
  /** score[i][j]: i's score against j ((wins + draws/2) / matches); 0.5 on the diagonal. */
  score: number[][];
  /** matches[i][j] behind each score. */
  matches: number[][];
  /** The Nash mixture of the symmetric zero-sum game on score − ½ (one LP vertex). */
  mixture: number[];
  /**
   * Bootstrap over pairs (each pairing's pairs redrawn from its pentanomial counts): how
   * often each entrant is in the equilibrium's support, its mean weight, and the 2.5th and
   * 97.5th percentiles of its weight.
   */
  bootstrap: { replicates: number; inSupport: number[]; meanWeight: number[]; weightLo: number[]; weightHi: number[] };
  /** Distinct supports (entrant indices) the LP returns when the entrants are given in other orders; more than one means several equilibria. */
  supports: number[][];
  /** Groups of two or more entrants whose scores cannot be told apart (against each other and every other entrant). */
  ties: number[][];
  /** True when no pairing's score differs detectably from ½ (corrected for the pairings tested): no entrant is detectably better than another. */
  noSeparation: boolean;
  /**
   * 'stable': one support, no tie inside it, every entrant in it in ≥ 95% of the replicates
   * and every other in ≤ 5%; 'uncertain': otherwise (reasons say why); 'no-separation':
   * see noSeparation.
   */
  verdict: Verdict<'stable' | 'uncertain' | 'no-separation'>;
  /** Weight of each component in the equilibrium (sum of the weights of the loadouts holding it), by faction; `absent` when every holder is out of the support in ≥ 95% of replicates. */
  components: { faction: string; slot: ComponentSlot; card: string; weight: number; absent: boolean }[];
}

/** A's score in one pairing: wins plus half the matches neither won. */
const pairingScore = (p: PairingState) => (p.winsA + (p.matches - p.winsA - p.winsB) / 2) / p.matches;

/** Entries at or below this weight are outside the support. */
const SUPPORT_EPS = 1e-9;
/** Orders of the entrants tried to find other equilibria. */
const PERMUTATIONS = 24;

/** The support of a mixture as sorted indices. */
const supportOf = (m: readonly number[]) => m.map((w, i) => (w > SUPPORT_EPS ? i : -1)).filter((i) => i >= 0);

/** The Nash mixture with the entrants in order `perm` (perm[k] = original index), mapped back. */
function nashPermuted(score: readonly (readonly number[])[], perm: readonly number[]): number[] {
  const s = perm.map((i) => perm.map((j) => score[i][j]));
  const m = symmetricNash(s).mixture;
  const out = new Array<number>(perm.length).fill(0);
  perm.forEach((i, k) => (out[i] = m[k]));
  return out;
}

export function analyseMeta(input: BalanceInput, replicates = 200): MetaAnalysis {
  const { plan, state, tables } = input;
  const n = plan.entrants.length;
  const score = Array.from({ length: n }, () => new Array<number>(n).fill(0.5));
  const matches = Array.from({ length: n }, () => new Array<number>(n).fill(0));
  // Pair-level mean and variance of each pairing's score (pentanomial), from A's view.
  const pairStat = Array.from({ length: n }, () => new Array<{ mean: number; v: number } | null>(n).fill(null));
  for (const p of state.pairings) {
    if (!p.matches) continue;
    score[p.a][p.b] = pairingScore(p);
    score[p.b][p.a] = 1 - score[p.a][p.b];
    matches[p.a][p.b] = matches[p.b][p.a] = p.matches;
    const pe = pentanomial(p.penta ?? [0, 0, 0, 0, 0]);
    if (pe.n > 0) {
      const v = (pe.sd * pe.sd) / pe.n;
      pairStat[p.a][p.b] = { mean: pe.mean, v };
      pairStat[p.b][p.a] = { mean: 1 - pe.mean, v };
    }
  }
  const { mixture } = symmetricNash(score);

  // Bootstrap: resample each pairing's completed pairs from its pentanomial counts.
  const rng = seedrandom(`${input.seed}/meta-bootstrap`);
  const inSupport = new Array<number>(n).fill(0);
  const meanWeight = new Array<number>(n).fill(0);
  const weights: number[][] = Array.from({ length: n }, () => []);
  for (let r = 0; r < replicates; r++) {
    const s = score.map((row) => row.slice());
    for (const p of state.pairings) {
      const pairs = pairCount(p.penta ?? []);
      if (!pairs) continue;
      const c = multinomialSample(
        pairs,
        p.penta.map((x) => x / pairs),
        rng,
      );
      s[p.a][p.b] = (c[1] + 2 * c[2] + 3 * c[3] + 4 * c[4]) / (4 * pairs);
      s[p.b][p.a] = 1 - s[p.a][p.b];
    }
    const m = symmetricNash(s).mixture;
    m.forEach((w, i) => {
      if (w > SUPPORT_EPS) inSupport[i]++;
      meanWeight[i] += w / replicates;
      weights[i].push(w);
    });
  }
  weights.forEach((w) => w.sort((x, y) => x - y));

  // Other equilibria: the LP returns one vertex, chosen by index order (Bland's rule), so
  // other orders reach the other vertices when there are several.
  const prng = seedrandom(`${input.seed}/meta-permutations`);
  const seen = new Map<string, number[]>();
  const add = (m: number[]) => {
    const sup = supportOf(m);
    seen.set(sup.join(','), sup);
  };
  add(mixture);
  add(nashPermuted(score, Array.from({ length: n }, (_, i) => n - 1 - i)));
  for (let k = 0; k < PERMUTATIONS; k++) {
    const perm = Array.from({ length: n }, (_, i) => i);
    for (let i = n - 1; i > 0; i--) {
      const j = Math.floor(prng() * (i + 1));
      [perm[i], perm[j]] = [perm[j], perm[i]];
    }
    add(nashPermuted(score, perm));
  }
  const supports = [...seen.values()];

  // Ties: i and j cannot be told apart when i's score against j is within noise of ½ and,
  // against every other entrant k, i's and j's scores are within noise of each other.
  // Bonferroni over the n − 1 comparisons of the pair; a missing pairing is no evidence.
  const zTie = bonferroniZ(0.05, Math.max(1, n - 1));
  const indistinct = (i: number, j: number) => {
    const ij = pairStat[i][j];
    if (ij && Math.abs(ij.mean - 0.5) > zTie * Math.sqrt(ij.v)) return false;
    if (!ij && matches[i][j] > 0 && score[i][j] !== 0.5) return false;
    for (let k = 0; k < n; k++) {
      if (k === i || k === j) continue;
      const a = pairStat[i][k];
      const b = pairStat[j][k];
      if (a && b) {
        if (Math.abs(a.mean - b.mean) > zTie * Math.sqrt(a.v + b.v)) return false;
      } else if (matches[i][k] > 0 && matches[j][k] > 0 && score[i][k] !== score[j][k]) return false;
    }
    return true;
  };
  const parent = Array.from({ length: n }, (_, i) => i);
  const find = (x: number): number => (parent[x] === x ? x : (parent[x] = find(parent[x])));
  for (let i = 0; i < n; i++) for (let j = i + 1; j < n; j++) if (indistinct(i, j)) parent[find(i)] = find(j);
  const groups = new Map<number, number[]>();
  for (let i = 0; i < n; i++) groups.set(find(i), [...(groups.get(find(i)) ?? []), i]);
  const ties = [...groups.values()].filter((g) => g.length > 1);

  // No separation: every played pairing's score within noise of ½, corrected for the pairings.
  const played = state.pairings.filter((p) => pairCount(p.penta ?? []) > 0);
  const zAll = bonferroniZ(0.05, Math.max(1, played.length));
  const noSeparation = played.length > 0 && played.every((p) => Math.abs(pairStat[p.a][p.b]!.mean - 0.5) <= zAll * Math.sqrt(pairStat[p.a][p.b]!.v));

  const share = inSupport.map((c) => (replicates ? c / replicates : NaN));
  const support = supportOf(mixture);
  const reasons: string[] = [];
  const names = plan.entrants.map((e) => e.name);
  if (supports.length > 1) reasons.push(`the game has several equilibria: other orders of the entrants give ${supports.length} different supports`);
  const tiedInSupport = ties.filter((g) => g.some((i) => support.includes(i)));
  const few = <T,>(xs: T[], f: (x: T) => string, k = 4) => xs.slice(0, k).map(f).join(', ') + (xs.length > k ? ` and ${xs.length - k} more` : '');
  if (tiedInSupport.length) reasons.push(`entrants that cannot be told apart share the equilibrium's weight arbitrarily (${few(tiedInSupport, (g) => few(g, (i) => names[i], 3).replace(/, /g, ' = '), 2)})`);
  const wavering = share.map((x, i) => ({ x, i })).filter(({ x }) => !(x >= 0.95 || x <= 0.05)).sort((p, q) => Math.abs(p.x - 0.5) - Math.abs(q.x - 0.5));
  if (!replicates) reasons.push('no bootstrap replicates');
  else if (wavering.length) reasons.push(`${wavering.length} entrant${wavering.length > 1 ? 's are' : ' is'} in the support in only some bootstrap replicates (${few(wavering, ({ x, i }) => `${names[i]} ${Math.round(x * 100)}%`)})`);
  const mismatch = support.filter((i) => share[i] < 0.95).length + share.filter((x, i) => x > 0.05 && !support.includes(i)).length;
  if (!wavering.length && mismatch) reasons.push('the bootstrap support differs from the point estimate');
  const status: MetaAnalysis['verdict']['status'] = noSeparation ? 'no-separation' : reasons.length ? 'uncertain' : 'stable';

  const components: MetaAnalysis['components'] = [];
  tables.factions.forEach((f, fi) => {
    const mine = plan.entrants.map((_, i) => i).filter((i) => input.factions[i] === fi && input.fixed[i]);
    if (!mine.length) return;
    // Only components some entrant holds: the others were not in the game at all.
    const addC = (slot: ComponentSlot, card: string, holds: (l: LoadoutTable) => boolean) => {
      const holders = mine.filter((i) => holds(input.fixed[i]!));
      if (holders.length)
        components.push({ faction: f.id, slot, card, weight: holders.reduce((a, i) => a + mixture[i], 0), absent: replicates > 0 && holders.every((i) => share[i] <= 0.05) });
    };
    f.mainWeapons.forEach((c, k) => addC('main', c.id, (l) => l.main === k));
    f.broadsides.forEach((c, k) => addC('broadside', c.id, (l) => l.broadside === k));
    f.hangars.forEach((c, k) => addC('hangar', c.id, (l) => l.hangar === k));
    f.pointDefence.forEach((c, k) => addC('pointDefence', c.id, (l) => l.pointDefence === k));
    f.corvettes.forEach((c, k) => addC('corvette', c.id, (l) => l.corvettes.includes(k)));
  });
  return {
    kind: 'meta',
    entrants: names,
    score,
    matches,
    mixture,
    bootstrap: {
      replicates,
      inSupport: share,
      meanWeight,
      weightLo: weights.map((w) => quantile(w, 0.025)),
      weightHi: weights.map((w) => quantile(w, 0.975)),
    },
    supports,
    ties,
    noSeparation,
    verdict: { status, reasons: status === 'stable' ? [] : noSeparation ? ['no pairing\'s score differs detectably from 50%', ...reasons] : reasons },
    components,
  };
}

export type BalanceAnalysis = LoadoutSweepAnalysis | StatSweepAnalysis | MetaAnalysis;

/** The analysis a kind calls for, or null for kinds without one. */
export function analyseBalance(kind: string, input: BalanceInput): BalanceAnalysis | null {
  if (kind === 'loadout-sweep') return analyseLoadoutSweep(input);
  if (kind === 'stat-sweep') return analyseStatSweep(input);
  // A two-faction meta is a bimatrix game, not a symmetric one: meta-factions.ts.
  if (kind === 'meta') return input.plan.sides ? null : analyseMeta(input);
  return null;
}
