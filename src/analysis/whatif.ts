/**
 * What-if deltas: how much a figure moves when the content changes, with a paired interval
 * (docs/statistics.md section 15, docs/whatif.md).
 *
 * Why paired: the baseline and each alternative play the same match ids on the same seeds
 * (common random numbers), so a block of matches (a rotation block: the seat-swapped pair,
 * or every rotation of a table's seats; over several tables, every game played on one seed)
 * sees the same starting positions and the same random streams under both. Its difference
 * is the unit: the luck shared by the two halves cancels, and the interval is that of a
 * paired difference, usually much narrower than the difference of two independent
 * intervals. Figures are ratios of per-block totals (score points over games, seat-0 wins
 * over decisive games), so the interval is the cluster-robust (linearised) one of a
 * difference of ratios; with the same count in every block it is exactly the paired t
 * interval of the blocks' differences.
 *
 * Two layers: `pairedDelta` takes per-block totals (any caller that pairs its own blocks);
 * `BlockTally` folds match records into per-block totals of the headline figures and
 * `tallyDeltas` compares two tallies, checking block by block that the seeds agree.
 */
import { tQuantile } from './stats.js';
import { R_ID, R_SEED, R_SEATS, R_WINNER, R_ROUNDS, R_TEAM0, SEAT_PLAYER, SEAT_FACTION, RECORD_INTS } from '../sim/record.js';

/**
 * One figure's per-block totals under the baseline and under a variant, block k of one
 * paired with block k of the other. `*Count` is what each total is divided by (games,
 * decisive games); absent, every block counts 1 (the figure is a per-block value).
 */
export interface PairedBlocks {
  base: ArrayLike<number>;
  variant: ArrayLike<number>;
  baseCount?: ArrayLike<number>;
  variantCount?: ArrayLike<number>;
}

/** A figure under the baseline and a variant, the variant's difference and its paired interval. */
export interface PairedDelta {
  /** Σ totals / Σ counts under each. */
  base: number;
  variant: number;
  /** variant − base. */
  delta: number;
  /** The interval of `delta` (NaN below two blocks, or when a side has no count). */
  lo: number;
  hi: number;
  /** Blocks behind the interval (the independent units). */
  blocks: number;
  /** Standard error of `delta`. */
  se: number;
}

/**
 * The difference of two ratio estimates R = Σy/Σx over paired blocks, with a cluster-robust
 * interval from the linearised per-block contributions:
 *
 *     z_k = (y_vk − R_v·x_vk)/X_v − (y_bk − R_b·x_bk)/X_b      (X = Σx, over all blocks)
 *     V   = g/(g − 1) · Σ z_k²
 *     [lo, hi] = (R_v − R_b) ∓ t_{g−1} · √V
 *
 * Each block may be correlated inside in any way and the two halves of a block with each
 * other; blocks are assumed independent. With every x = m it is the paired t interval of
 * the blocks' per-game differences (s/√g with t_{g−1}). `level` is the two-sided confidence.
 * @throws RangeError when the arrays differ in length.
 */
export function pairedDelta(b: PairedBlocks, level = 0.95): PairedDelta {
  const g = b.base.length;
  if (b.variant.length !== g || (b.baseCount && b.baseCount.length !== g) || (b.variantCount && b.variantCount.length !== g))
    throw new RangeError(`paired blocks of one length (base ${g}, variant ${b.variant.length}, counts ${b.baseCount?.length ?? g} and ${b.variantCount?.length ?? g})`);
  let yb = 0, xb = 0, yv = 0, xv = 0;
  for (let k = 0; k < g; k++) {
    yb += b.base[k];
    yv += b.variant[k];
    xb += b.baseCount ? b.baseCount[k] : 1;
    xv += b.variantCount ? b.variantCount[k] : 1;
  }
  const rb = yb / xb;
  const rv = yv / xv;
  const delta = rv - rb;
  const out: PairedDelta = { base: rb, variant: rv, delta, lo: NaN, hi: NaN, blocks: g, se: NaN };
  if (g < 2 || !(xb > 0) || !(xv > 0)) return out;
  let ss = 0;
  for (let k = 0; k < g; k++) {
    const zb = (b.base[k] - rb * (b.baseCount ? b.baseCount[k] : 1)) / xb;
    const zv = (b.variant[k] - rv * (b.variantCount ? b.variantCount[k] : 1)) / xv;
    ss += (zv - zb) ** 2;
  }
  const se = Math.sqrt((g / (g - 1)) * ss);
  const half = tQuantile(1 - (1 - level) / 2, g - 1) * se;
  out.se = se;
  out.lo = delta - half;
  out.hi = delta + half;
  return out;
}

/** The confidence level of every interval the lab prints. */
export const LEVEL95 = 0.95;

// ---------------------------------------------------------------------------------------
// Headline figures from match records

/** A headline figure a what-if reports: a share in [0, 1] (shown in points) or a mean (rounds). */
export interface WhatIfFigure {
  /** Stable key for CSV and JSON: `score:<entrant>`, `wins:<entrant>`, `faction:<id>`, `draws`, `rounds`, `seat0`. */
  key: string;
  /** Readable: "Lamais score", "gunner-fpa win share", "draws", "match length", "seat 0 advantage". */
  label: string;
  unit: 'share' | 'rounds';
}

/** Who plays in a run, as the tally needs it: entrant names and faction indices, faction names. */
export interface TallySpec {
  entrants: readonly { name: string; faction: number }[];
  factions: readonly { id: string; name: string }[];
  /** Matches per table (the experiment's `matches`, whole blocks). */
  matchesPerTable: number;
  /** Games per rotation block (= seats). */
  block: number;
}

/**
 * Per-block totals of every headline figure, folded from match records. Block k is every
 * game whose id lies in local block k of its table (id mod matchesPerTable, divided by the
 * block size): the games that share block k's seed across all tables.
 *
 * Figures: each entrant's score (a win 1, a match without winner 1/T for T teams, so ½ with
 * two players) and win share; each faction's score over the seats it flew (only factions
 * that meet another faction: a mirror scores ½ by construction); the draw share (no
 * winner); the mean match length in rounds; seat 0's share of decisive games (the seat
 * advantage).
 */
export class BlockTally {
  readonly figures: WhatIfFigure[];
  readonly blocks: number;
  /** num[f * blocks + k], den[f * blocks + k]: figure f's total and count in block k. */
  readonly num: Float64Array;
  readonly den: Float64Array;
  /** Seed of each block (NaN until a game of it is folded). */
  readonly seeds: Float64Array;
  /** Games folded. */
  games = 0;
  private readonly nEntrants: number;
  private readonly factionFigure: Int32Array;
  private readonly fDraws: number;
  private readonly fRounds: number;
  private readonly fSeat0: number;

  constructor(private readonly spec: TallySpec, blocks: number) {
    this.blocks = blocks;
    const e = spec.entrants;
    this.nEntrants = e.length;
    const figures: WhatIfFigure[] = [];
    for (const x of e) figures.push({ key: `score:${x.name}`, label: `${x.name} score`, unit: 'share' });
    for (const x of e) figures.push({ key: `wins:${x.name}`, label: `${x.name} win share`, unit: 'share' });
    this.factionFigure = new Int32Array(spec.factions.length).fill(-1);
    const played = [...new Set(e.map((x) => x.faction))].sort((a, b) => a - b);
    if (played.length > 1)
      for (const f of played) {
        this.factionFigure[f] = figures.length;
        figures.push({ key: `faction:${spec.factions[f].id}`, label: `${spec.factions[f].name} score`, unit: 'share' });
      }
    this.fDraws = figures.length;
    figures.push({ key: 'draws', label: 'draws', unit: 'share' });
    this.fRounds = figures.length;
    figures.push({ key: 'rounds', label: 'match length', unit: 'rounds' });
    this.fSeat0 = figures.length;
    figures.push({ key: 'seat0', label: 'seat 0 advantage', unit: 'share' });
    this.figures = figures;
    this.num = new Float64Array(figures.length * blocks);
    this.den = new Float64Array(figures.length * blocks);
    this.seeds = new Float64Array(blocks).fill(NaN);
  }

  /** Fold `count` records (RECORD_INTS each) from `rec`. Allocation-free. */
  add(rec: Int32Array, count: number): void {
    const B = this.blocks;
    const { matchesPerTable, block } = this.spec;
    for (let r = 0; r < count; r++) {
      const o = r * RECORD_INTS;
      const k = Math.floor((rec[o + R_ID] % matchesPerTable) / block);
      if (k >= B) throw new RangeError(`match ${rec[o + R_ID]} is in block ${k}; the tally has ${B}`);
      const seed = rec[o + R_SEED] >>> 0;
      if (Number.isNaN(this.seeds[k])) this.seeds[k] = seed;
      else if (this.seeds[k] !== seed) throw new Error(`block ${k} holds matches with seeds ${this.seeds[k]} and ${seed}: not one seed block`);
      const seats = rec[o + R_SEATS] || 2;
      const winner = rec[o + R_WINNER];
      // Teams: the number of distinct team ids among the seats (two seats: two teams).
      let teams = 0;
      for (let s = 0; s < seats; s++) if (seats === 2 || rec[o + R_TEAM0 + s] === s) teams++;
      for (let s = 0; s < seats; s++) {
        const p = rec[o + SEAT_PLAYER[s]];
        const won = wonBy(rec, o, seats, winner, s) ? 1 : 0;
        const score = won + (winner < 0 ? 1 / teams : 0);
        this.bump(p, k, score);
        this.bump(this.nEntrants + p, k, won);
        const ff = this.factionFigure[rec[o + SEAT_FACTION[s]]];
        if (ff >= 0) this.bump(ff, k, score);
      }
      this.bump(this.fDraws, k, winner < 0 ? 1 : 0);
      this.bump(this.fRounds, k, rec[o + R_ROUNDS]);
      if (winner >= 0) this.bump(this.fSeat0, k, wonBy(rec, o, seats, winner, 0) ? 1 : 0);
      this.games++;
    }
  }

  private bump(f: number, k: number, value: number): void {
    const i = f * this.blocks + k;
    this.num[i] += value;
    this.den[i] += 1;
  }

  /** Figure f's per-block totals and counts (views, not copies). */
  blocksOf(f: number): { total: Float64Array; count: Float64Array } {
    const B = this.blocks;
    return { total: this.num.subarray(f * B, (f + 1) * B), count: this.den.subarray(f * B, (f + 1) * B) };
  }
}

/** Whether seat s's side won: two seats, the winning seat; more, the winning team (R_WINNER holds its id). */
function wonBy(rec: Int32Array, o: number, seats: number, winner: number, s: number): boolean {
  return seats === 2 ? winner === s : winner >= 0 && rec[o + R_TEAM0 + s] === winner;
}

/** A figure's delta between two tallies. */
export interface FigureDelta extends PairedDelta {
  figure: WhatIfFigure;
}

/**
 * Every figure's delta, variant − base, paired block by block. Only blocks both tallies
 * hold count (a stopped run pairs what both finished). A share's interval is clamped to
 * the deltas a share can have, [−base, 1 − base].
 * @throws Error when the tallies' figures differ or a block was played on different seeds
 *   under the two: the runs were not paired, and a delta would mix luck into the effect.
 */
export function tallyDeltas(base: BlockTally, variant: BlockTally, level = LEVEL95): FigureDelta[] {
  if (base.blocks !== variant.blocks || base.figures.length !== variant.figures.length || base.figures.some((f, i) => f.key !== variant.figures[i].key))
    throw new Error('tallies of the same figures and blocks (the same plan under both contents)');
  const both: number[] = [];
  for (let k = 0; k < base.blocks; k++) {
    const a = base.seeds[k];
    const b = variant.seeds[k];
    if (Number.isNaN(a) || Number.isNaN(b)) continue;
    if (a !== b) throw new Error(`block ${k} was played on seed ${a} under the baseline and ${b} under the variant: not paired`);
    both.push(k);
  }
  return base.figures.map((figure, f) => {
    const pb = base.blocksOf(f);
    const pv = variant.blocksOf(f);
    // A figure with no count in a block under both (no decisive game for seat 0) leaves the block out.
    const ks = both.filter((k) => pb.count[k] > 0 || pv.count[k] > 0);
    const pick = (a: Float64Array) => Float64Array.from(ks, (k) => a[k]);
    const d = pairedDelta({ base: pick(pb.total), variant: pick(pv.total), baseCount: pick(pb.count), variantCount: pick(pv.count) }, level);
    // A share's delta lies in [−base, 1 − base] (the variant's share in [0, 1]); the normal interval can overshoot near the ends.
    if (figure.unit === 'share' && Number.isFinite(d.lo)) {
      d.lo = Math.max(d.lo, -d.base);
      d.hi = Math.min(d.hi, 1 - d.base);
    }
    return { figure, ...d };
  });
}
