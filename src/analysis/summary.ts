/**
 * Folding match records (src/sim/record.ts) into an experiment's figures.
 *
 * Why an accumulator of counts and sums: design section 5 asks that a run split into
 * shards (`--shard i/N`, any batch engine) merges into exactly the numbers one run gives.
 * So the accumulator keeps only integers that add: match counts, win counts, pentanomial
 * bins, sums and sums of squares of per-match statistics, histograms. It never keeps an
 * average. Two accumulators merge by adding (`merge`), serialise to plain JSON
 * (`toJSON` / `fromJSON`) to travel between processes, and give the same JSON whatever the
 * order the records came in. All arithmetic is on integers below 2⁵³, so merging is exact,
 * not merely close. Averages and intervals are computed only at the end (`summarize`).
 *
 * Pairs: matches come in pairs (same seed, seats swapped; R_PAIR, R_GAME). A pair's
 * pentanomial outcome needs both games, which may arrive in different chunks or shards:
 * the first half waits in `pending` (serialised with the state) until its partner arrives,
 * here or in an accumulator merged in later.
 *
 * Players are experiment players (identity), not seats: R_PLAYER0/R_PLAYER1 say who sat
 * where. A pairing is an unordered pair of experiment players; "A" is the lower index and
 * pentanomial scores are from A's view.
 */
import {
  MAX_SECTIONS,
  SOURCES,
  SOURCE_NAMES,
  SRC_CORVETTE,
  STAT_NAMES,
  STATUS_DRAW,
  STATUS_DRAW_LIMIT,
  STATUS_VICTORY,
  ST_CORV_KILLED,
  ST_CORV_LAUNCHED,
  ST_CORV_LOST,
  ST_DAMAGE_DEALT,
  ST_ENEMY_TOKENS_DESTROYED,
  ST_HITS,
  ST_SECTION_DAMAGE,
  ST_SHOTS,
} from '../rules/state.js';
import type { FactionTable, GameTables } from '../rules/tables.js';
import {
  R_FACTION0,
  R_FACTION1,
  R_GAME,
  R_PAIR,
  R_PLAYER0,
  R_PLAYER1,
  R_ROUNDS,
  R_STATS0,
  R_STATS1,
  R_STATUS,
  R_TERMINATION,
  R_WINNER,
  RECORD_INTS,
  STATUS_ADJUDICATED,
  TERM_NAMES,
} from '../sim/record.js';
import { eloFromScore, meanInterval, pentanomial, wilson, type MeanInterval, type PentanomialInterval, type RateInterval } from './stats.js';

// ---------------------------------------------------------------------------------------
// Experiment description (plain data, so it travels inside the serialised state)

/** One experiment player (A = 0, B = 1, ...). */
export interface ExperimentPlayer {
  name: string;
  policy: string;
  /** Faction id the player plays (informational; records carry the faction index played). */
  faction: string;
}

/** Names the summary needs from one faction, by the indices records use. */
export interface FactionNaming {
  id: string;
  /** Hull section names by section index. */
  sections: string[];
  /** Damage source names by source index (SOURCES entries): main, broadside, pointDefence, collision, then corvette card ids. */
  sources: string[];
  /** Corvette card ids by corvette card index. */
  corvettes: string[];
}

/** What a SummaryAccumulator is built from: plain, serialisable data. */
export interface SummaryExperiment {
  name: string;
  players: ExperimentPlayer[];
  /** By faction index (the order of GameTables.factions). */
  factions: FactionNaming[];
}

/**
 * Source names of a faction by source index (SOURCES entries): SRC_MAIN 'main',
 * SRC_BROADSIDE 'broadside', SRC_POINT_DEFENCE 'pointDefence', SRC_COLLISION 'collision',
 * SRC_CORVETTE + c the id of the faction's corvette card c ('corvette<c>' past its last card).
 */
export function sourceNames(f: Pick<FactionTable, 'corvettes'>): string[] {
  const out: string[] = [];
  for (let src = 0; src < SOURCES; src++) out.push(src < SRC_CORVETTE ? SOURCE_NAMES[src] : (f.corvettes[src - SRC_CORVETTE]?.id ?? SOURCE_NAMES[src]));
  return out;
}

/** The names of one compiled faction, as the summary uses them. */
export function factionNaming(f: FactionTable): FactionNaming {
  return { id: f.id, sections: f.hull.sectionNames.slice(), sources: sourceNames(f), corvettes: f.corvettes.map((c) => c.id) };
}

/**
 * What the SummaryAccumulator constructor takes: the plain description, or the experiment's
 * name and players with the tables the matches ran on (names are taken from the tables).
 */
export type SummaryExperimentInput =
  | SummaryExperiment
  | {
      name: string;
      players: readonly ExperimentPlayer[];
      tables: Pick<GameTables, 'factions'>;
      /** Each player's faction index; accepted and ignored (records carry the faction each seat played). */
      factions?: readonly number[];
    };

/** An experiment description from its name, players and the tables the matches ran on. */
export function summaryExperiment(name: string, players: readonly ExperimentPlayer[], tables: Pick<GameTables, 'factions'>): SummaryExperiment {
  return { name, players: players.map((p) => ({ name: p.name, policy: p.policy, faction: p.faction })), factions: tables.factions.map(factionNaming) };
}

// ---------------------------------------------------------------------------------------
// Serialisable state

/** Scalar statistics kept per player: the ST_* indices named in STAT_NAMES, in index order. */
const SCALAR_FIELDS: number[] = Object.keys(STAT_NAMES)
  .map(Number)
  .sort((x, y) => x - y);
const SCALARS = SCALAR_FIELDS.length;
/** Corvette card slots in the per-card stat blocks. */
const CORV_CARDS = 8;

/** Counts for one unordered pair of experiment players (a < b). */
export interface PairingState {
  a: number;
  b: number;
  matches: number;
  winsA: number;
  winsB: number;
  /** Ends by status: victory (a ship destroyed, one survivor), draw (mutual destruction), draw by round limit, adjudicated. */
  victories: number;
  draws: number;
  drawsByLimit: number;
  adjudicated: number;
  /** Matches by R_TERMINATION code (TERM_NAMES). */
  terminations: number[];
  seat0Wins: number;
  seat1Wins: number;
  roundsSum: number;
  roundsSumSq: number;
  /** Matches by length: index = rounds played. */
  roundsHist: number[];
  /** Completed pairs by A's pair score 0, 0.5, 1, 1.5, 2. */
  penta: number[];
}

/** Sums for one experiment player playing one faction, over all its matches (any seat, any opponent). */
export interface PlayerState {
  player: number;
  faction: number;
  matches: number;
  wins: number;
  losses: number;
  /** Sum and sum of squares over matches of each scalar statistic (SCALAR_FIELDS order, i.e. STAT_NAMES by index). */
  scalarSum: number[];
  scalarSumSq: number[];
  /** Damage dealt to enemy capital ships by source: sum and sum of squares over matches. */
  dealtSum: number[];
  dealtSumSq: number[];
  /** All sources together (its sum of squares is not derivable from the per-source ones). */
  totalDealtSum: number;
  totalDealtSumSq: number;
  shots: number[];
  hits: number[];
  /** Damage taken by own section index. */
  sectionDamage: number[];
  /** Own corvettes launched / lost by own card index; enemy corvettes killed by the enemy's card index. */
  corvLaunched: number[];
  corvLost: number[];
  corvKilled: number[];
  enemyTokensDestroyed: number;
}

/** The first game of a pair, waiting for the second. `score2` is A's points in it times 2 (0, 1, 2). */
export interface PendingHalf {
  pair: number;
  game: number;
  a: number;
  b: number;
  score2: number;
}

/** Everything an accumulator knows, as plain JSON (canonical: sorted keys' order, so equal states compare equal). */
export interface SummaryState {
  version: 1;
  experiment: SummaryExperiment;
  matches: number;
  pairings: PairingState[];
  players: PlayerState[];
  pending: PendingHalf[];
}

const zeros = (n: number): number[] => new Array<number>(n).fill(0);

function newPairing(a: number, b: number): PairingState {
  return {
    a,
    b,
    matches: 0,
    winsA: 0,
    winsB: 0,
    victories: 0,
    draws: 0,
    drawsByLimit: 0,
    adjudicated: 0,
    terminations: zeros(TERM_NAMES.length),
    seat0Wins: 0,
    seat1Wins: 0,
    roundsSum: 0,
    roundsSumSq: 0,
    roundsHist: [],
    penta: zeros(5),
  };
}

function newPlayer(player: number, faction: number): PlayerState {
  return {
    player,
    faction,
    matches: 0,
    wins: 0,
    losses: 0,
    scalarSum: zeros(SCALARS),
    scalarSumSq: zeros(SCALARS),
    dealtSum: zeros(SOURCES),
    dealtSumSq: zeros(SOURCES),
    totalDealtSum: 0,
    totalDealtSumSq: 0,
    shots: zeros(SOURCES),
    hits: zeros(SOURCES),
    sectionDamage: zeros(MAX_SECTIONS),
    corvLaunched: zeros(CORV_CARDS),
    corvLost: zeros(CORV_CARDS),
    corvKilled: zeros(CORV_CARDS),
    enemyTokensDestroyed: 0,
  };
}

/** into[i] += from[i], growing `into` when `from` is longer. */
function addArray(into: number[], from: readonly number[]): void {
  for (let i = 0; i < from.length; i++) into[i] = (into[i] ?? 0) + from[i];
}

function addPairing(into: PairingState, from: PairingState): void {
  into.matches += from.matches;
  into.winsA += from.winsA;
  into.winsB += from.winsB;
  into.victories += from.victories;
  into.draws += from.draws;
  into.drawsByLimit += from.drawsByLimit;
  into.adjudicated += from.adjudicated;
  addArray(into.terminations, from.terminations);
  into.seat0Wins += from.seat0Wins;
  into.seat1Wins += from.seat1Wins;
  into.roundsSum += from.roundsSum;
  into.roundsSumSq += from.roundsSumSq;
  addArray(into.roundsHist, from.roundsHist);
  addArray(into.penta, from.penta);
}

function addPlayer(into: PlayerState, from: PlayerState): void {
  into.matches += from.matches;
  into.wins += from.wins;
  into.losses += from.losses;
  addArray(into.scalarSum, from.scalarSum);
  addArray(into.scalarSumSq, from.scalarSumSq);
  addArray(into.dealtSum, from.dealtSum);
  addArray(into.dealtSumSq, from.dealtSumSq);
  into.totalDealtSum += from.totalDealtSum;
  into.totalDealtSumSq += from.totalDealtSumSq;
  addArray(into.shots, from.shots);
  addArray(into.hits, from.hits);
  addArray(into.sectionDamage, from.sectionDamage);
  addArray(into.corvLaunched, from.corvLaunched);
  addArray(into.corvLost, from.corvLost);
  addArray(into.corvKilled, from.corvKilled);
  into.enemyTokensDestroyed += from.enemyTokensDestroyed;
}

const clone = <T>(x: T): T => JSON.parse(JSON.stringify(x)) as T;

// ---------------------------------------------------------------------------------------
// Summary (the figures)

/** A count and the number of matches (or pairs, shots) it is out of. */
export interface CountOf {
  count: number;
  n: number;
}

/** One player's side of a pairing. */
export interface PairingPlayerSummary {
  index: number;
  name: string;
  /** Matches of the pairing. */
  n: number;
  wins: number;
  /** Matches neither player won (draws, draws by limit, adjudicated without a winner). */
  draws: number;
  losses: number;
  /** Wilson 95% on wins / n. */
  winRate: RateInterval;
  /** (wins + draws/2) / n with a Wilson 95% interval taking draws as half wins (an approximation; the pentanomial interval is the one to trust). */
  score: RateInterval;
}

export interface PairingSummary {
  /** "A vs B" by player names, A the lower index. */
  key: string;
  a: number;
  b: number;
  /** Matches in the pairing. */
  n: number;
  players: [PairingPlayerSummary, PairingPlayerSummary];
  /** Matches neither won, with a Wilson 95% interval on the draw rate. */
  draws: CountOf & { rate: RateInterval };
  /** A's per-game score from completed pairs (n = pairs), and the Elo difference A − B it implies. */
  pentanomial: {
    counts: number[];
    n: number;
    score: PentanomialInterval;
    elo: { value: number; lo: number; hi: number; n: number };
  };
  /** Rounds played per match. */
  length: {
    n: number;
    rounds: MeanInterval;
    /** Matches by rounds played (each bin's n = the pairing's matches). */
    histogram: { rounds: number; count: number; n: number }[];
  };
  /** How matches ended (n = matches); adjudicated matches also by termination reason. */
  ends: {
    n: number;
    victory: number;
    draw: number;
    drawByLimit: number;
    adjudicated: number;
    terminations: Record<string, number>;
  };
  /** Seat advantage: seat-0 wins among decisive matches (n = decisive matches), Wilson 95%. */
  seat: { n: number; seat0Wins: number; seat1Wins: number; seat0WinRate: RateInterval };
}

export interface SourceSummary {
  index: number;
  source: string;
  /** Damage dealt per match by this source (n = matches). */
  damage: MeanInterval;
  shots: CountOf;
  hits: CountOf;
  /**
   * Hits per shot (n = shots). A ratio, not a proportion: hits are events (one beam or
   * direct-fire shot can hit several things), so it can exceed 1 and carries no binomial
   * interval. NaN when there were no shots.
   */
  hitsPerShot: { value: number; n: number };
}

export interface PlayerSummary {
  index: number;
  name: string;
  policy: string;
  /** Faction id played in these matches (one entry per player and faction played). */
  faction: string;
  /** Matches played. */
  n: number;
  wins: number;
  draws: number;
  losses: number;
  winRate: RateInterval;
  /** Damage dealt to enemy capital ships per match: all sources, and by source. */
  damage: { total: MeanInterval; bySource: SourceSummary[] };
  /** Damage taken per own section (total, and mean per match; n = matches). */
  damageTaken: { section: string; total: number; perMatch: number; n: number }[];
  /** Scalar statistics (STAT_NAMES: collisions, shieldsAbsorbed, ...) per match. */
  stats: Record<string, MeanInterval>;
  /** Corvettes: own launched and lost, enemy killed; ratio killed / lost (NaN with none lost). */
  corvettes: {
    n: number;
    launched: number;
    lost: number;
    killed: number;
    exchange: number;
    byCard: { card: string; launched: number; lost: number }[];
  };
  enemyTokensDestroyed: CountOf;
}

export interface Summary {
  experiment: string;
  players: (ExperimentPlayer & { index: number })[];
  /** Matches folded in. */
  n: number;
  /** Completed pairs, and halves still waiting for their partner (from another shard). */
  pairs: { complete: number; pendingHalves: number };
  pairings: PairingSummary[];
  playerStats: PlayerSummary[];
  /** How figures are defined; NaN figures (no data) serialise as null. */
  notes: string[];
}

const NOTES = [
  'Every figure carries n: matches, or pairs (pentanomial), or decisive matches (seat), or shots (hits per shot).',
  'Intervals are 95%: Wilson score intervals for rates; normal approximation (mean ± 1.96 s/√n, sample s) for per-match means; pentanomial (pairs as the unit, variance from the 5-bin distribution) for the A-vs-B score.',
  'A draw is any match without a winner (mutual destruction, round limit, adjudicated without a winner); score = (wins + draws/2) / n.',
  'Hits per shot is a ratio of event counts and may exceed 1 (one shot can hit several things); it has no binomial interval.',
  'Corvettes killed count enemy corvettes destroyed; exchange = killed / lost.',
  'Figures without data are NaN (null in JSON).',
];

// ---------------------------------------------------------------------------------------
// The accumulator

/** One map key for two small non-negative integers (exact: both are far below 2^21). */
function pairKey(x: number, y: number): number {
  return x * 0x200000 + y;
}

/**
 * Mergeable accumulator of match records. Build one per shard/worker/chunk with the same
 * experiment description, `add` record chunks, `merge` accumulators, `toJSON` to ship one,
 * `summarize` for the figures.
 */
export class SummaryAccumulator {
  readonly experiment: SummaryExperiment;
  private matches = 0;
  /** By pairKey(a, b) and pairKey(player, faction): numbers, so folding a match builds no string. */
  private readonly pairings = new Map<number, PairingState>();
  private readonly players = new Map<number, PlayerState>();
  private readonly pending = new Map<number, PendingHalf>();

  /**
   * @param experiment the experiment's name and players (A = 0, B = 1, ...) and either the
   * GameTables the matches ran on (`tables`) or their `factions` naming (FactionNaming[],
   * as in a serialised state). Faction indices come from the records, so a player's
   * faction need not be given here beyond its informational id.
   */
  constructor(experiment: SummaryExperimentInput) {
    this.experiment = 'tables' in experiment && experiment.tables ? summaryExperiment(experiment.name, experiment.players, experiment.tables) : clone(experiment as SummaryExperiment);
  }

  /** Number of matches folded in. */
  get size(): number {
    return this.matches;
  }

  private pairing(a: number, b: number): PairingState {
    const key = pairKey(a, b);
    let p = this.pairings.get(key);
    if (!p) this.pairings.set(key, (p = newPairing(a, b)));
    return p;
  }

  private player(player: number, faction: number): PlayerState {
    const key = pairKey(player, faction);
    let p = this.players.get(key);
    if (!p) this.players.set(key, (p = newPlayer(player, faction)));
    return p;
  }

  /** Fold one half of a pair: complete it with a pending partner, or leave it pending (`h` itself: callers pass a fresh object). */
  private addHalf(h: PendingHalf): void {
    const other = this.pending.get(h.pair);
    if (!other) {
      this.pending.set(h.pair, h);
      return;
    }
    if (other.game === h.game) throw new Error(`pair ${h.pair} game ${h.game} seen twice (overlapping shards, or a chunk added twice?)`);
    if (other.a !== h.a || other.b !== h.b) throw new Error(`pair ${h.pair}: its games are between different players (${other.a},${other.b} and ${h.a},${h.b})`);
    this.pending.delete(h.pair);
    this.pairing(h.a, h.b).penta[other.score2 + h.score2]++;
  }

  /** Fold rows 0..count-1 of a record chunk (RECORD_INTS ints per row). */
  add(records: Int32Array, count: number): void {
    if (count * RECORD_INTS > records.length) throw new RangeError(`${count} records need ${count * RECORD_INTS} ints; the chunk has ${records.length}`);
    const nPlayers = this.experiment.players.length;
    for (let row = 0; row < count; row++) {
      const o = row * RECORD_INTS;
      const p0 = records[o + R_PLAYER0];
      const p1 = records[o + R_PLAYER1];
      const status = records[o + R_STATUS];
      const winner = records[o + R_WINNER];
      const rounds = records[o + R_ROUNDS];
      if (p0 < 0 || p0 >= nPlayers || p1 < 0 || p1 >= nPlayers) throw new RangeError(`record ${row}: players ${p0}, ${p1} are not players of experiment ${this.experiment.name} (0..${nPlayers - 1})`);
      if (p0 === p1) throw new RangeError(`record ${row}: player ${p0} plays itself; pairings need two distinct experiment players`);
      if (status !== STATUS_VICTORY && status !== STATUS_DRAW && status !== STATUS_DRAW_LIMIT && status !== STATUS_ADJUDICATED)
        throw new RangeError(`record ${row}: status ${status} is not a finished match`);
      if (winner < -1 || winner > 1) throw new RangeError(`record ${row}: winner seat ${winner}`);
      const a = Math.min(p0, p1);
      const b = Math.max(p0, p1);
      const winnerPlayer = winner === 0 ? p0 : winner === 1 ? p1 : -1;

      this.matches++;
      const pr = this.pairing(a, b);
      pr.matches++;
      if (winnerPlayer === a) pr.winsA++;
      else if (winnerPlayer === b) pr.winsB++;
      if (winner === 0) pr.seat0Wins++;
      else if (winner === 1) pr.seat1Wins++;
      if (status === STATUS_VICTORY) pr.victories++;
      else if (status === STATUS_DRAW) pr.draws++;
      else if (status === STATUS_DRAW_LIMIT) pr.drawsByLimit++;
      else pr.adjudicated++;
      const term = Math.max(0, records[o + R_TERMINATION]);
      while (pr.terminations.length <= term) pr.terminations.push(0);
      pr.terminations[term]++;
      pr.roundsSum += rounds;
      pr.roundsSumSq += rounds * rounds;
      for (let i = pr.roundsHist.length; i <= rounds; i++) pr.roundsHist.push(0);
      pr.roundsHist[rounds]++;

      const score2 = winnerPlayer === a ? 2 : winnerPlayer === b ? 0 : 1;
      this.addHalf({ pair: records[o + R_PAIR], game: records[o + R_GAME], a, b, score2 });

      for (let seat = 0; seat < 2; seat++) {
        const ps = this.player(seat === 0 ? p0 : p1, records[o + (seat === 0 ? R_FACTION0 : R_FACTION1)]);
        const base = o + (seat === 0 ? R_STATS0 : R_STATS1);
        ps.matches++;
        if (winner === seat) ps.wins++;
        else if (winner === 1 - seat) ps.losses++;
        for (let i = 0; i < SCALARS; i++) {
          const v = records[base + SCALAR_FIELDS[i]];
          ps.scalarSum[i] += v;
          ps.scalarSumSq[i] += v * v;
        }
        let total = 0;
        for (let src = 0; src < SOURCES; src++) {
          const d = records[base + ST_DAMAGE_DEALT + src];
          total += d;
          ps.dealtSum[src] += d;
          ps.dealtSumSq[src] += d * d;
          ps.shots[src] += records[base + ST_SHOTS + src];
          ps.hits[src] += records[base + ST_HITS + src];
        }
        ps.totalDealtSum += total;
        ps.totalDealtSumSq += total * total;
        for (let s = 0; s < MAX_SECTIONS; s++) ps.sectionDamage[s] += records[base + ST_SECTION_DAMAGE + s];
        for (let c = 0; c < CORV_CARDS; c++) {
          ps.corvLaunched[c] += records[base + ST_CORV_LAUNCHED + c];
          ps.corvLost[c] += records[base + ST_CORV_LOST + c];
          ps.corvKilled[c] += records[base + ST_CORV_KILLED + c];
        }
        ps.enemyTokensDestroyed += records[base + ST_ENEMY_TOKENS_DESTROYED];
      }
    }
  }

  /**
   * Add another accumulator's counts into this one (exact: counts and sums add; pending
   * halves complete against this one's or join them). `other` is not changed. Both must
   * describe the same experiment. Merging overlapping data (the same pair's game twice)
   * throws when it can see it (a pending half meeting its duplicate).
   */
  merge(other: SummaryAccumulator): this {
    if (JSON.stringify(other.experiment) !== JSON.stringify(this.experiment))
      throw new Error(`cannot merge summaries of different experiments (${this.experiment.name} and ${other.experiment.name}, or different players or factions)`);
    const st = other.toJSON();
    this.matches += st.matches;
    for (const p of st.pairings) addPairing(this.pairing(p.a, p.b), p);
    for (const p of st.players) addPlayer(this.player(p.player, p.faction), p);
    for (const h of st.pending) this.addHalf(h);
    return this;
  }

  /** Plain serialisable state, canonical (sorted, copied): equal accumulators give deep-equal JSON. */
  toJSON(): SummaryState {
    const pairings = [...this.pairings.values()].sort((x, y) => x.a - y.a || x.b - y.b);
    const players = [...this.players.values()].sort((x, y) => x.player - y.player || x.faction - y.faction);
    const pending = [...this.pending.values()].sort((x, y) => x.pair - y.pair || x.game - y.game);
    return clone({ version: 1, experiment: this.experiment, matches: this.matches, pairings, players, pending });
  }

  /** Rebuild an accumulator from `toJSON()` output (e.g. parsed from a shard's file). */
  static fromJSON(x: unknown): SummaryAccumulator {
    const st = x as SummaryState;
    if (!st || typeof st !== 'object' || st.version !== 1 || !st.experiment || !Array.isArray(st.pairings) || !Array.isArray(st.players) || !Array.isArray(st.pending))
      throw new Error('not a summary state (expected the output of SummaryAccumulator.toJSON, version 1)');
    const acc = new SummaryAccumulator(st.experiment);
    acc.matches = st.matches;
    for (const p of clone(st.pairings)) acc.pairings.set(pairKey(p.a, p.b), p);
    for (const p of clone(st.players)) acc.players.set(pairKey(p.player, p.faction), p);
    for (const h of clone(st.pending)) acc.pending.set(h.pair, h);
    return acc;
  }

  /** The figures: intervals and means from the counts. */
  summarize(): Summary {
    const st = this.toJSON();
    const exp = st.experiment;
    const pname = (i: number) => exp.players[i]?.name ?? `player${i}`;
    let complete = 0;
    const pairings: PairingSummary[] = st.pairings.map((p) => {
      const n = p.matches;
      const draws = n - p.winsA - p.winsB;
      const side = (index: number, wins: number, losses: number): PairingPlayerSummary => ({
        index,
        name: pname(index),
        n,
        wins,
        draws,
        losses,
        winRate: wilson(wins, n),
        score: wilson(wins + draws / 2, n),
      });
      const pairs = p.penta.reduce((s, c) => s + c, 0);
      complete += pairs;
      const score = pentanomial(p.penta);
      const terminations: Record<string, number> = {};
      p.terminations.forEach((c, i) => {
        if (i > 0 && c > 0) terminations[TERM_NAMES[i] ?? `termination ${i}`] = c;
      });
      const histogram: { rounds: number; count: number; n: number }[] = [];
      p.roundsHist.forEach((count, rounds) => {
        if (count > 0) histogram.push({ rounds, count, n });
      });
      const decisive = p.seat0Wins + p.seat1Wins;
      return {
        key: `${pname(p.a)} vs ${pname(p.b)}`,
        a: p.a,
        b: p.b,
        n,
        players: [side(p.a, p.winsA, p.winsB), side(p.b, p.winsB, p.winsA)],
        draws: { count: draws, n, rate: wilson(draws, n) },
        pentanomial: {
          counts: p.penta.slice(),
          n: pairs,
          score,
          elo: { value: eloFromScore(score.mean), lo: eloFromScore(score.lo), hi: eloFromScore(score.hi), n: pairs },
        },
        length: { n, rounds: meanInterval(p.roundsSum, p.roundsSumSq, n), histogram },
        ends: { n, victory: p.victories, draw: p.draws, drawByLimit: p.drawsByLimit, adjudicated: p.adjudicated, terminations },
        seat: { n: decisive, seat0Wins: p.seat0Wins, seat1Wins: p.seat1Wins, seat0WinRate: wilson(p.seat0Wins, decisive) },
      };
    });

    const playerStats: PlayerSummary[] = st.players.map((p) => {
      const n = p.matches;
      const info = exp.players[p.player];
      const fac = exp.factions[p.faction];
      const srcNames = fac?.sources ?? SOURCE_NAMES;
      const corvCount = fac ? fac.corvettes.length : CORV_CARDS;
      const bySource: SourceSummary[] = [];
      for (let src = 0; src < SOURCES; src++) {
        if (src >= SRC_CORVETTE + corvCount && p.shots[src] === 0 && p.hits[src] === 0 && p.dealtSum[src] === 0) continue;
        bySource.push({
          index: src,
          source: srcNames[src] ?? SOURCE_NAMES[src],
          damage: meanInterval(p.dealtSum[src], p.dealtSumSq[src], n),
          shots: { count: p.shots[src], n },
          hits: { count: p.hits[src], n },
          hitsPerShot: { value: p.shots[src] > 0 ? p.hits[src] / p.shots[src] : NaN, n: p.shots[src] },
        });
      }
      const sections = fac?.sections ?? [];
      const damageTaken: PlayerSummary['damageTaken'] = [];
      for (let s = 0; s < MAX_SECTIONS; s++) {
        if (s >= sections.length && p.sectionDamage[s] === 0) continue;
        damageTaken.push({ section: sections[s] ?? `section${s}`, total: p.sectionDamage[s], perMatch: n > 0 ? p.sectionDamage[s] / n : NaN, n });
      }
      const stats: Record<string, MeanInterval> = {};
      for (let i = 0; i < SCALARS; i++) stats[STAT_NAMES[SCALAR_FIELDS[i]]] = meanInterval(p.scalarSum[i], p.scalarSumSq[i], n);
      const sum = (xs: number[]) => xs.reduce((s, v) => s + v, 0);
      const launched = sum(p.corvLaunched);
      const lost = sum(p.corvLost);
      const killed = sum(p.corvKilled);
      const byCard: PlayerSummary['corvettes']['byCard'] = [];
      for (let c = 0; c < CORV_CARDS; c++) {
        if (c >= corvCount && p.corvLaunched[c] === 0 && p.corvLost[c] === 0) continue;
        byCard.push({ card: fac?.corvettes[c] ?? `corvette${c}`, launched: p.corvLaunched[c], lost: p.corvLost[c] });
      }
      return {
        index: p.player,
        name: info?.name ?? pname(p.player),
        policy: info?.policy ?? '',
        faction: fac?.id ?? `faction${p.faction}`,
        n,
        wins: p.wins,
        draws: n - p.wins - p.losses,
        losses: p.losses,
        winRate: wilson(p.wins, n),
        damage: { total: meanInterval(p.totalDealtSum, p.totalDealtSumSq, n), bySource },
        damageTaken,
        stats,
        corvettes: { n, launched, lost, killed, exchange: lost > 0 ? killed / lost : NaN, byCard },
        enemyTokensDestroyed: { count: p.enemyTokensDestroyed, n },
      };
    });

    return {
      experiment: exp.name,
      players: exp.players.map((p, index) => ({ index, ...p })),
      n: st.matches,
      pairs: { complete, pendingHalves: st.pending.length },
      pairings,
      playerStats,
      notes: NOTES.slice(),
    };
  }
}
