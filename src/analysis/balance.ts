/**
 * The balance analyses behind loadout-sweep, stat-sweep and meta experiments, computed
 * from the run's summary state (counts and sums per entrant and per pairing) and its plan.
 *
 * Why from the summary state and not from per-match rows: the state is what merges exactly
 * across workers and shards and what a resumed run rebuilds, so these figures are as
 * reproducible as the win rates. Every entrant of a loadout-sweep has one fixed loadout,
 * so "matches with component X" are the matches of the entrants holding X.
 *
 * Definitions (docs/statistics.md has the long form):
 * - win rate = wins / matches; a draw is not a win.
 * - A component's model effect comes from a logistic regression of wins on the loadout
 *   (deviation coding: each card relative to the average card of its slot; corvettes per
 *   copy relative to the average corvette card), converted to win-rate points at the
 *   model's average loadout. It is flagged when its Bonferroni-corrected 95% interval lies
 *   wholly outside plus or minus the experiment's band.
 * - Matches are treated as independent (seat-swapped pairs make this slightly conservative
 *   for seat effects, which cancel).
 */
import seedrandom from 'seedrandom';
import type { GameTables, LoadoutTable } from '../rules/tables.js';
import { SRC_BROADSIDE, SRC_CORVETTE, SRC_MAIN, SRC_POINT_DEFENCE } from '../rules/state.js';
import type { Plan } from '../sim/plan.js';
import type { SummaryState, PlayerState, PairingState } from './summary.js';
import { meanInterval, wilson, Z95, type MeanInterval, type RateInterval } from './stats.js';
import { newcombeDifference, bonferroniZ, type DifferenceInterval } from './proportions.js';
import { fitEffects, fitLogistic, sigmoid } from './logistic.js';
import { symmetricNash } from './nash.js';

/** What the analyses need of a run. */
export interface BalanceInput {
  plan: Plan;
  tables: Pick<GameTables, 'factions'>;
  /** Each entrant's faction index and fixed loadout (null when drafted or sampled per match). */
  factions: number[];
  fixed: (LoadoutTable | null)[];
  state: SummaryState;
  /** Half-width of the band of acceptable effects, in win-rate points (0.05 = 5 points). */
  band: number;
  /** stat-sweep: the win rate to look for. */
  target: number;
  seed: string | number;
}

/** An entrant's totals over all its matches (every faction it played). */
interface EntrantTotals {
  matches: number;
  wins: number;
  dealtSum: number[];
  dealtSumSq: number[];
}

function entrantTotals(state: SummaryState, entrant: number): EntrantTotals {
  const mine = state.players.filter((p: PlayerState) => p.player === entrant);
  const sources = mine[0]?.dealtSum.length ?? 0;
  const t: EntrantTotals = { matches: 0, wins: 0, dealtSum: new Array(sources).fill(0), dealtSumSq: new Array(sources).fill(0) };
  for (const p of mine) {
    t.matches += p.matches;
    t.wins += p.wins;
    p.dealtSum.forEach((v, i) => (t.dealtSum[i] += v));
    p.dealtSumSq.forEach((v, i) => (t.dealtSumSq[i] += v));
  }
  return t;
}

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
  withCard: RateInterval;
  withoutCard: RateInterval;
  /** Win rate with minus without (Newcombe's hybrid score 95% interval). */
  difference: DifferenceInterval;
  /** Damage the card deals to enemy capital ships per match of the loadouts holding it (null: the card deals none, e.g. a hangar). */
  damagePerMatch: MeanInterval | null;
  /** Model effect: log-odds (se), and in win-rate points with a 95% and a Bonferroni-corrected interval. */
  effect: { logOdds: number; se: number; points: number; lo: number; hi: number; loCorrected: number; hiCorrected: number; perCopy: boolean };
  /** 'strong' or 'weak' when the corrected interval lies wholly above +band or below -band. */
  flag: 'strong' | 'weak' | null;
}

export interface LoadoutSweepAnalysis {
  kind: 'loadout-sweep';
  faction: string;
  loadouts: number;
  matches: number;
  winRate: RateInterval;
  band: number;
  /** Components tested (the Bonferroni m) and the z used for the corrected intervals. */
  tested: number;
  zCorrected: number;
  model: { converged: boolean; iterations: number; deviance: number };
  components: ComponentRow[];
  /** The swept loadouts, best first: name, matches, win rate. */
  ranking: { name: string; matches: number; winRate: RateInterval }[];
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

  const { fit, effects } = fitEffects({
    groups: rows.map((r) => ({ slots: SLOTS.map((s) => slotOf(r.loadout, s)), counts: counts(r.loadout) })),
    slotSizes: SLOTS.map((s) => cards[s].length),
    countKinds: f.corvettes.length,
    successes: rows.map((r) => r.totals.wins),
    trials: rows.map((r) => r.totals.matches),
    labels: { slotNames: [...SLOTS], levels: SLOTS.map((s) => cards[s].map((c) => c.id)), counts: f.corvettes.map((c) => c.id), countGroup: 'corvette' },
  });
  const tested = effects.filter((e) => e.observed).length;
  const zc = bonferroniZ(0.05, Math.max(1, tested));
  const base = fit.intercept.estimate;
  const points = (b: number) => sigmoid(base + b) - sigmoid(base);

  const totalWins = rows.reduce((a, r) => a + r.totals.wins, 0);
  const totalMatches = rows.reduce((a, r) => a + r.totals.matches, 0);
  const components: ComponentRow[] = effects.map((eff) => {
    const slot = eff.group as ComponentSlot;
    const has = (l: LoadoutTable) => (slot === 'corvette' ? l.corvettes.includes(eff.level) : slotOf(l, slot as (typeof SLOTS)[number]) === eff.level);
    const inRows = rows.filter((r) => has(r.loadout));
    const outRows = rows.filter((r) => !has(r.loadout));
    const sum = (rs: typeof rows, k: 'wins' | 'matches') => rs.reduce((a, r) => a + r.totals[k], 0);
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
    const lo = points(eff.logOdds - Z95 * eff.se);
    const hi = points(eff.logOdds + Z95 * eff.se);
    const loCorrected = points(eff.logOdds - zc * eff.se);
    const hiCorrected = points(eff.logOdds + zc * eff.se);
    const flag = !eff.observed ? null : loCorrected > band ? 'strong' : hiCorrected < -band ? 'weak' : null;
    return {
      slot,
      card: card.id,
      name: card.name,
      loadouts: inRows.length,
      matches: sum(inRows, 'matches'),
      pickInWins: { value: totalWins ? sum(inRows, 'wins') / totalWins : NaN, n: totalWins, shareOfMatches: totalMatches ? sum(inRows, 'matches') / totalMatches : NaN },
      withCard: wilson(sum(inRows, 'wins'), sum(inRows, 'matches')),
      withoutCard: wilson(sum(outRows, 'wins'), sum(outRows, 'matches')),
      difference: newcombeDifference(sum(inRows, 'wins'), sum(inRows, 'matches'), sum(outRows, 'wins'), sum(outRows, 'matches')),
      damagePerMatch,
      effect: { logOdds: eff.logOdds, se: eff.se, points: points(eff.logOdds), lo, hi, loCorrected, hiCorrected, perCopy: slot === 'corvette' },
      flag,
    };
  });
  const ranking = rows
    .map((r) => ({ name: plan.entrants[r.i].name, matches: r.totals.matches, winRate: wilson(r.totals.wins, r.totals.matches) }))
    .sort((x, y) => y.winRate.value - x.winRate.value || x.name.localeCompare(y.name));
  return {
    kind: 'loadout-sweep',
    faction: f.id,
    loadouts: rows.length,
    matches: totalMatches,
    winRate: wilson(totalWins, totalMatches),
    band,
    tested,
    zCorrected: zc,
    model: { converged: fit.converged, iterations: fit.iterations, deviance: fit.deviance },
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
  winRate: RateInterval;
}

export interface SweepCurve {
  card: string;
  field: string;
  points: SweepPoint[];
  /** Logistic slope of winning on the value: log-odds per unit, with a 95% interval. */
  slope: { estimate: number; lo: number; hi: number };
  /** Whether the slope's interval excludes 0. */
  effect: boolean;
  /** Where the win rate crosses the target (linear interpolation between neighbouring values), or null if it does not within the range. */
  crossing: number | null;
}

export interface StatSweepAnalysis {
  kind: 'stat-sweep';
  subject: string;
  target: number;
  curves: SweepCurve[];
}

export function analyseStatSweep(input: BalanceInput): StatSweepAnalysis {
  const { plan, state, target } = input;
  const subjects = plan.entrants.map((e, i) => ({ e, i })).filter(({ e }) => e.origin.kind === 'variant');
  const sweeps = new Map<number, SweepPoint[]>();
  for (const { e, i } of subjects) {
    const v = plan.variants[(e.origin as { variant: number }).variant];
    const t = entrantTotals(state, i);
    const list = sweeps.get(v.point!.sweep) ?? [];
    list.push({ value: v.point!.value, entrant: e.name, matches: t.matches, winRate: wilson(t.wins, t.matches) });
    sweeps.set(v.point!.sweep, list);
  }
  const curves: SweepCurve[] = [...sweeps.entries()].map(([si, pts]) => {
    const v = plan.variants.find((x) => x.point?.sweep === si)!.point!;
    const points = [...pts].sort((a, b) => a.value - b.value);
    const fit = fitLogistic({ X: points.map((p) => [p.value]), successes: points.map((p) => p.winRate.value * p.matches), trials: points.map((p) => p.matches), names: [v.field] });
    const b = fit.coefs[0];
    const slope = { estimate: b.estimate, lo: b.estimate - Z95 * b.se, hi: b.estimate + Z95 * b.se };
    let crossing: number | null = null;
    for (let k = 0; k + 1 < points.length && crossing === null; k++) {
      const [p, q] = [points[k], points[k + 1]];
      const dp = p.winRate.value - target;
      const dq = q.winRate.value - target;
      if (dp === 0) crossing = p.value;
      else if (dp * dq < 0) crossing = p.value + ((q.value - p.value) * dp) / (dp - dq);
      else if (dq === 0) crossing = q.value;
    }
    return { card: v.card, field: v.field, points, slope, effect: slope.lo > 0 || slope.hi < 0, crossing };
  });
  return { kind: 'stat-sweep', subject: plan.subject ?? '', target, curves };
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
  /** The Nash mixture of the symmetric zero-sum game on score − ½. */
  mixture: number[];
  /** Bootstrap over pairs: how often each entrant is in the equilibrium's support, and its mean weight. */
  bootstrap: { replicates: number; inSupport: number[]; meanWeight: number[] };
  /** Weight of each component in the equilibrium (sum of the weights of the loadouts holding it), by faction. */
  components: { faction: string; slot: ComponentSlot; card: string; weight: number }[];
}

/** A's score in one pairing: wins plus half the matches neither won. */
const pairingScore = (p: PairingState) => (p.winsA + (p.matches - p.winsA - p.winsB) / 2) / p.matches;

export function analyseMeta(input: BalanceInput, replicates = 200): MetaAnalysis {
  const { plan, state, tables } = input;
  const n = plan.entrants.length;
  const score = Array.from({ length: n }, () => new Array<number>(n).fill(0.5));
  const matches = Array.from({ length: n }, () => new Array<number>(n).fill(0));
  for (const p of state.pairings) {
    if (!p.matches) continue;
    score[p.a][p.b] = pairingScore(p);
    score[p.b][p.a] = 1 - score[p.a][p.b];
    matches[p.a][p.b] = matches[p.b][p.a] = p.matches;
  }
  const { mixture } = symmetricNash(score);

  // Bootstrap: resample each pairing's completed pairs from its pentanomial counts.
  const rng = seedrandom(`${input.seed}/meta-bootstrap`);
  const inSupport = new Array<number>(n).fill(0);
  const meanWeight = new Array<number>(n).fill(0);
  for (let r = 0; r < replicates; r++) {
    const s = score.map((row) => row.slice());
    for (const p of state.pairings) {
      const pairs = p.penta.reduce((a, b) => a + b, 0);
      if (!pairs) continue;
      let total = 0;
      for (let k = 0; k < pairs; k++) {
        let u = rng() * pairs;
        let bin = 0;
        while (u >= p.penta[bin]) u -= p.penta[bin++];
        total += bin / 4; // pair score bin/2 over two games
      }
      s[p.a][p.b] = total / pairs;
      s[p.b][p.a] = 1 - s[p.a][p.b];
    }
    const m = symmetricNash(s).mixture;
    m.forEach((w, i) => {
      if (w > 1e-9) inSupport[i]++;
      meanWeight[i] += w / replicates;
    });
  }

  const components: MetaAnalysis['components'] = [];
  tables.factions.forEach((f, fi) => {
    const mine = plan.entrants.map((_, i) => i).filter((i) => input.factions[i] === fi && input.fixed[i]);
    if (!mine.length) return;
    // Only components some entrant holds: the others were not in the game at all.
    const add = (slot: ComponentSlot, card: string, holds: (l: LoadoutTable) => boolean) => {
      if (mine.some((i) => holds(input.fixed[i]!))) components.push({ faction: f.id, slot, card, weight: mine.reduce((a, i) => a + (holds(input.fixed[i]!) ? mixture[i] : 0), 0) });
    };
    f.mainWeapons.forEach((c, k) => add('main', c.id, (l) => l.main === k));
    f.broadsides.forEach((c, k) => add('broadside', c.id, (l) => l.broadside === k));
    f.hangars.forEach((c, k) => add('hangar', c.id, (l) => l.hangar === k));
    f.pointDefence.forEach((c, k) => add('pointDefence', c.id, (l) => l.pointDefence === k));
    f.corvettes.forEach((c, k) => add('corvette', c.id, (l) => l.corvettes.includes(k)));
  });
  return {
    kind: 'meta',
    entrants: plan.entrants.map((e) => e.name),
    score,
    matches,
    mixture,
    bootstrap: { replicates, inSupport: inSupport.map((c) => c / replicates), meanWeight },
    components,
  };
}

export type BalanceAnalysis = LoadoutSweepAnalysis | StatSweepAnalysis | MetaAnalysis;

/** The analysis a kind calls for, or null for kinds without one. */
export function analyseBalance(kind: string, input: BalanceInput): BalanceAnalysis | null {
  if (kind === 'loadout-sweep') return analyseLoadoutSweep(input);
  if (kind === 'stat-sweep') return analyseStatSweep(input);
  if (kind === 'meta') return analyseMeta(input);
  return null;
}
