/**
 * The two-faction meta: one faction's loadouts against the other's as a two-player game.
 * Row player: the first loadouts block's faction, choosing among its loadouts; column
 * player: the second's. A match is won, lost or drawn, so the row faction's score in a cell
 * (wins + draws/2) is one minus the column faction's: the bimatrix game is zero-sum in score,
 * and its equilibrium is the m x n linear program of nash.ts (solveZeroSum).
 *
 * What it reports: each side's equilibrium mixture (which loadouts a side that picks well
 * plays, and how often), the value of the game (the row faction's score when both sides
 * pick well: above ½ the row faction is favoured), and the loadouts never worth playing.
 *
 * Why a bootstrap over seat-swapped pairs: a cell's score is an estimate, and the LP's
 * answer jumps when two loadouts are close. Each replicate redraws every cell's completed
 * pairs from its pentanomial counts (pairs, not games, are the independent unit; balance.ts
 * says why) and solves the game again; the spread of the weights and of the value is the
 * uncertainty. The stream is seeded from the master seed, so the figures repeat exactly.
 *
 * Why "never worth playing" is not "zero weight": the LP returns one equilibrium, and when
 * two loadouts are equally good it gives one of them all the weight, every replicate alike
 * (a game where several loadouts win every match does this). A loadout is out of a
 * replicate only when it scores below the value against the other side's equilibrium
 * mixture: by complementary slackness it then has zero weight in every equilibrium of that
 * replicate's game. Never worth playing: out in at least 95% of the replicates.
 *
 * Why the value's interval is a percentile interval: the value is a piecewise-smooth
 * function of the cells (the LP's active set changes), which a delta method would miss.
 */
import seedrandom from 'seedrandom';
import type { Plan } from '../sim/plan.js';
import type { SummaryState } from './summary.js';
import { solveZeroSum } from './nash.js';
import { multinomialSample, quantile } from './ratings.js';
import type { Verdict } from './balance.js';

/** Replicates of the bootstrap (the meta's own count, balance.ts analyseMeta). */
export const FACTION_META_REPLICATES = 200;
/** A loadout out of the equilibria of all but at most this share of the replicates is never worth playing. */
export const NEVER_WORTH_SHARE = 0.05;
/** Weights at or below this are outside the support. */
const SUPPORT_EPS = 1e-9;
/** A loadout scoring this much below the value against the other side's equilibrium is out (round-off of the LP is far smaller). */
const OUT_EPS = 1e-9;

/** One cell of the game: the row loadout's score against the column loadout, from its completed pairs. */
export interface FactionCell {
  /** Row side's score (wins + draws/2) / matches over every match played in the cell. */
  score: number;
  matches: number;
  /**
   * Completed units (the bootstrap's draws) by the row side's points over the unit: units[k]
   * units in which it scored a share k / (units.length − 1). Seat-swapped pairs: the
   * pentanomial counts (pair score 0, ½, 1, 1½, 2 of 2); rotation blocks of a two-team
   * table: the side's block score times T, 0 .. N·T.
   */
  units: readonly number[];
}

export interface FactionSideResult {
  faction: string;
  loadouts: string[];
  /** The equilibrium mixture over this side's loadouts (one vertex of the LP). */
  mixture: number[];
  /** Share of the bootstrap replicates in which each loadout has positive weight. */
  inSupport: number[];
  meanWeight: number[];
  weightLo: number[];
  weightHi: number[];
  /** Each loadout's score (its own side's view) against the other side's equilibrium mixture. */
  againstMixture: number[];
  /** Share of the replicates in which it scores below the value against the other side's equilibrium (so is in no equilibrium of that game). */
  outShare: number[];
  /** Out in at least 95% of the bootstrap replicates (and there were replicates). */
  neverWorth: boolean[];
}

export interface FactionMetaAnalysis {
  kind: 'meta-factions';
  /** Row side first: the first loadouts block's faction. */
  sides: [FactionSideResult, FactionSideResult];
  /** score[i][j]: row loadout i's score against column loadout j. */
  score: number[][];
  matches: number[][];
  /** Completed units per cell: seat-swapped pairs, or rotation blocks (teamSize). */
  pairs: number[][];
  /** The row faction's score when both sides play their equilibrium: point, 95% bootstrap percentile interval. */
  value: { value: number; lo: number; hi: number };
  /** The faction the value favours when its interval excludes ½, else null. */
  favoured: string | null;
  replicates: number;
  /** Present on a two-team scenario: each side picks a team composition of this many loadouts (the "loadouts" above are compositions), and the units are rotation blocks. */
  teamSize?: number;
  /** 'stable': every loadout out of the equilibria in at most 5% or at least 95% of replicates, and no equally good loadout left without weight; else 'uncertain' with reasons. */
  verdict: Verdict<'stable' | 'uncertain'>;
}

/** The mean share of units drawn by points (see FactionCell.units). */
const unitScore = (c: readonly number[]) => {
  let n = 0;
  let points = 0;
  c.forEach((x, k) => ((n += x), (points += k * x)));
  return n ? points / ((c.length - 1) * n) : NaN;
};

/** The mixture's expected score for each row (payoff times column mixture), or each column (1 − payoff, times row mixture). */
function rowScores(score: readonly (readonly number[])[], column: readonly number[]): number[] {
  return score.map((r) => r.reduce((a, s, j) => a + s * column[j], 0));
}
function columnScores(score: readonly (readonly number[])[], row: readonly number[]): number[] {
  const n = score[0].length;
  return Array.from({ length: n }, (_, j) => score.reduce((a, r, i) => a + (1 - r[j]) * row[i], 0));
}

/**
 * The game of an m x n table of cells (row side's view), solved and bootstrapped. Pure:
 * the tests plant games here directly. A cell with no matches counts as even (½) and the
 * verdict says so.
 */
export function analyseFactionGame(
  cells: readonly (readonly FactionCell[])[],
  sides: readonly [{ faction: string; loadouts: string[] }, { faction: string; loadouts: string[] }],
  seed: string | number,
  replicates = FACTION_META_REPLICATES,
  /** What a side picks, singular and plural (team compositions on a two-team scenario). */
  noun: readonly [string, string] = ['loadout', 'loadouts'],
): FactionMetaAnalysis {
  const m = cells.length;
  const n = m ? cells[0].length : 0;
  if (!m || !n) throw new Error('analyseFactionGame: an empty game');
  if (sides[0].loadouts.length !== m || sides[1].loadouts.length !== n) throw new Error(`analyseFactionGame: ${m} x ${n} cells for ${sides[0].loadouts.length} x ${sides[1].loadouts.length} loadouts`);
  const score = cells.map((r) => r.map((c) => (c.matches > 0 ? c.score : 0.5)));
  const { row, column, value } = solveZeroSum(score);

  const rng = seedrandom(`${seed}/meta-factions-bootstrap`);
  const rowW: number[][] = Array.from({ length: m }, () => []);
  const colW: number[][] = Array.from({ length: n }, () => []);
  const rowOut = new Array<number>(m).fill(0);
  const colOut = new Array<number>(n).fill(0);
  const values: number[] = [];
  const s = score.map((r) => r.slice());
  for (let r = 0; r < replicates; r++) {
    for (let i = 0; i < m; i++)
      for (let j = 0; j < n; j++) {
        const c = cells[i][j];
        const units = c.units.reduce((a, b) => a + b, 0);
        s[i][j] = units ? unitScore(multinomialSample(units, c.units.map((x) => x / units), rng)) : score[i][j];
      }
    const eq = solveZeroSum(s);
    eq.row.forEach((w, i) => rowW[i].push(w));
    eq.column.forEach((w, j) => colW[j].push(w));
    values.push(eq.value);
    rowScores(s, eq.column).forEach((x, i) => x < eq.value - OUT_EPS && rowOut[i]++);
    columnScores(s, eq.row).forEach((x, j) => x < 1 - eq.value - OUT_EPS && colOut[j]++);
  }
  values.sort((a, b) => a - b);
  const summarise = (ws: number[][], out: number[]) => {
    const outShare = out.map((c) => (replicates ? c / replicates : NaN));
    const inSupport = ws.map((w) => (replicates ? w.filter((x) => x > SUPPORT_EPS).length / replicates : NaN));
    const meanWeight = ws.map((w) => (replicates ? w.reduce((a, b) => a + b, 0) / replicates : NaN));
    const sorted = ws.map((w) => w.slice().sort((a, b) => a - b));
    return { inSupport, meanWeight, weightLo: sorted.map((w) => quantile(w, 0.025)), weightHi: sorted.map((w) => quantile(w, 0.975)), outShare, neverWorth: outShare.map((x) => replicates > 0 && x >= 1 - NEVER_WORTH_SHARE) };
  };
  const rs = summarise(rowW, rowOut);
  const cs = summarise(colW, colOut);
  const lo = replicates ? quantile(values, 0.025) : NaN;
  const hi = replicates ? quantile(values, 0.975) : NaN;
  const favoured = lo > 0.5 ? sides[0].faction : hi < 0.5 ? sides[1].faction : null;

  const reasons: string[] = [];
  const empty = cells.flatMap((r, i) => r.flatMap((c, j) => (c.matches > 0 ? [] : [`${sides[0].loadouts[i]} vs ${sides[1].loadouts[j]}`])));
  if (empty.length) reasons.push(`${empty.length} pairing${empty.length > 1 ? 's were' : ' was'} not played and count${empty.length > 1 ? '' : 's'} as even (${empty.slice(0, 3).join(', ')}${empty.length > 3 ? ', ...' : ''})`);
  if (!replicates) reasons.push('no bootstrap replicates');
  // Wavering: out of the equilibria in some replicates and not others. Tied: as good as the
  // equilibrium's loadouts (never out) yet given no weight: the equilibrium is not unique.
  const each = (r: typeof rs, k: 0 | 1, f: (x: number, w: number) => boolean) => r.outShare.flatMap((x, i) => (f(x, k ? column[i] : row[i]) ? [sides[k].loadouts[i]] : []));
  const wavering = [0, 1].flatMap((k) => each(k ? cs : rs, k as 0 | 1, (x) => x > NEVER_WORTH_SHARE && x < 1 - NEVER_WORTH_SHARE));
  if (wavering.length) reasons.push(`${wavering.length} ${wavering.length > 1 ? `${noun[1]} are` : `${noun[0]} is`} out of the equilibrium in only some bootstrap replicates (${wavering.slice(0, 4).join(', ')}${wavering.length > 4 ? ', ...' : ''})`);
  const tied = [0, 1].flatMap((k) => each(k ? cs : rs, k as 0 | 1, (x, w) => x <= NEVER_WORTH_SHARE && w <= SUPPORT_EPS));
  if (tied.length) reasons.push(`the equilibrium is not unique: ${tied.length} ${tied.length > 1 ? `${noun[1]} do` : `${noun[0]} does`} as well as those it plays against the other side's mixture but get${tied.length > 1 ? '' : 's'} no weight (${tied.slice(0, 4).join(', ')}${tied.length > 4 ? ', ...' : ''}); the weights among equally good ${noun[1]} are arbitrary`);

  return {
    kind: 'meta-factions',
    sides: [
      { faction: sides[0].faction, loadouts: sides[0].loadouts.slice(), mixture: row, ...rs, againstMixture: rowScores(score, column) },
      { faction: sides[1].faction, loadouts: sides[1].loadouts.slice(), mixture: column, ...cs, againstMixture: columnScores(score, row) },
    ],
    score,
    matches: cells.map((r) => r.map((c) => c.matches)),
    pairs: cells.map((r) => r.map((c) => c.units.reduce((a, b) => a + b, 0))),
    value: { value, lo, hi },
    favoured,
    replicates,
    verdict: { status: reasons.length ? 'uncertain' : 'stable', reasons },
  };
}

/** The two-faction meta of a run: its plan's two sides and the pairings' counts in the summary state. */
export function analyseFactionMeta(plan: Pick<Plan, 'entrants' | 'sides' | 'metaTables'>, state: Pick<SummaryState, 'pairings'>, seed: string | number, replicates = FACTION_META_REPLICATES): FactionMetaAnalysis | null {
  const sides = plan.sides;
  // On N seats the sides pick team compositions (meta-multi.ts).
  if (!sides || sides.length !== 2 || plan.metaTables) return null;
  const [a, b] = sides;
  const cells: FactionCell[][] = Array.from({ length: a.count }, () => Array.from({ length: b.count }, (): FactionCell => ({ score: 0.5, matches: 0, units: [0, 0, 0, 0, 0] })));
  for (const p of state.pairings) {
    // Pairings are [a, b] with a < b: the row side's entrant is a (its entrants come first).
    const i = p.a - a.first;
    const j = p.b - b.first;
    if (i < 0 || i >= a.count || j < 0 || j >= b.count || !p.matches) continue;
    cells[i][j] = { score: (p.winsA + (p.matches - p.winsA - p.winsB) / 2) / p.matches, matches: p.matches, units: p.penta ?? [0, 0, 0, 0, 0] };
  }
  const names = (s: (typeof sides)[number]) => plan.entrants.slice(s.first, s.first + s.count).map((e) => e.name);
  return analyseFactionGame(cells, [{ faction: a.faction, loadouts: names(a) }, { faction: b.faction, loadouts: names(b) }], seed, replicates);
}

/** The terminal's lines: the value and who is favoured, then each side's equilibrium and its never-worth loadouts. */
export function factionMetaLines(f: FactionMetaAnalysis): string[] {
  const p = (x: number) => `${(100 * x).toFixed(1)}%`;
  const [r, c] = f.sides;
  const L = f.teamSize ? 'team compositions' : 'loadouts';
  const lines = [
    `${r.faction} vs ${c.faction} when both pick ${L} well: ${r.faction} scores ${p(f.value.value)} (95% bootstrap interval ${p(f.value.lo)}-${p(f.value.hi)}); ${f.favoured ? `${f.favoured} is favoured` : 'neither faction is detectably favoured'}`,
  ];
  for (const s of f.sides) {
    const mix = s.mixture
      .map((w, i) => ({ w, i }))
      .filter((x) => x.w > SUPPORT_EPS)
      .sort((x, y) => y.w - x.w)
      .map((x) => `${s.loadouts[x.i]} ${p(x.w)}`);
    const never = s.neverWorth.filter(Boolean).length;
    lines.push(`${s.faction} equilibrium: ${mix.slice(0, 5).join(', ')}${mix.length > 5 ? ', ...' : ''}; never worth playing: ${never} of ${s.loadouts.length} ${L}`);
  }
  if (f.verdict.status !== 'stable') lines.push(`the equilibrium is uncertain: ${f.verdict.reasons.join('; ')}`);
  return lines;
}
