/**
 * The run summary's serialisable state: the experiment description it is built from, and
 * the counts and sums per pairing, player and seed that SummaryAccumulator (summary.ts)
 * folds records into and that merge exactly by adding. Kept apart from the folding and
 * from the figures (summary-figures.ts) so each of the three reads on its own.
 */
import {
  MAX_SECTIONS,
  SOURCES,
  SOURCE_NAMES,
  SRC_CORVETTE,
  STAT_NAMES,
} from '../rules/state.js';
import type { FactionTable, GameTables } from '../rules/tables.js';
import { TERM_NAMES, type RecordPlayer } from '../sim/record.js';
import type { ClusterSums } from './stats.js';
import type { MultiState } from './summary-multi.js';

// ---------------------------------------------------------------------------------------
// Experiment description (plain data, so it travels inside the serialised state)

/** One experiment player (A = 0, B = 1, ...). */
export type ExperimentPlayer = RecordPlayer;

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
  /**
   * Whether pairings replay the same seeds (more than one pairing): then figures pooled
   * over pairings cluster by seed, which needs per-seed totals; otherwise a seed is a pair.
   */
  seedsShared: boolean;
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
      /** As SummaryExperiment.seedsShared; default true (always right, costs per-seed totals). */
      seedsShared?: boolean;
    };

/** An experiment description from its name, players and the tables the matches ran on. */
export function summaryExperiment(name: string, players: readonly ExperimentPlayer[], tables: Pick<GameTables, 'factions'>, seedsShared = true): SummaryExperiment {
  return { name, players: players.map((p) => ({ name: p.name, policy: p.policy, faction: p.faction })), seedsShared, factions: tables.factions.map(factionNaming) };
}

// ---------------------------------------------------------------------------------------
// Serialisable state

/** Scalar statistics kept per player: the ST_* indices named in STAT_NAMES, in index order. */
export const SCALAR_FIELDS: number[] = Object.keys(STAT_NAMES)
  .map(Number)
  .sort((x, y) => x - y);
export const SCALARS = SCALAR_FIELDS.length;
/** Corvette card slots in the per-card stat blocks. */
export const CORV_CARDS = 8;

/**
 * Per-match values a pair's cluster totals are kept for. A pairing's: A won, B won, neither
 * won, rounds. A player's: the scalar statistics, damage dealt by source, damage dealt in
 * all (PV_* offsets).
 */
export const PAIRING_VALUES = 4;
export const PV_SCALARS = 0;
export const PV_DEALT = SCALARS;
export const PV_TOTAL = SCALARS + SOURCES;
export const PV_WIN = PV_TOTAL + 1;
export const PV_SCORE = PV_TOTAL + 2;
export const PLAYER_VALUES = SCALARS + SOURCES + 3;

/**
 * Cluster sums of a vector of per-match values over the same clusters (CR1 needs, per
 * value, Σ S_c² and Σ m_c·S_c; the cluster count and Σ m_c² are shared). Σx and n are
 * kept beside it in the owner's plain sums.
 */
export interface VectorClusters {
  g: number;
  sizeSq: number;
  sq: number[];
  size: number[];
}

export function newVectorClusters(k: number): VectorClusters {
  return { g: 0, sizeSq: 0, sq: zeros(k), size: zeros(k) };
}

/** Add the cluster whose totals are `total[0..k-1]` over `m` matches. */
export function addVectorCluster(into: VectorClusters, total: ArrayLike<number>, m: number): void {
  into.g++;
  into.sizeSq += m * m;
  for (let i = 0; i < into.sq.length; i++) {
    into.sq[i] += total[i] * total[i];
    into.size[i] += m * total[i];
  }
}

export function addVectorClusters(into: VectorClusters, from: VectorClusters): void {
  into.g += from.g;
  into.sizeSq += from.sizeSq;
  addArray(into.sq, from.sq);
  addArray(into.size, from.size);
}

/** `c` with each of `xs` added as a cluster of one match (halves still waiting for their partner); `c.n` and `c.sum` already count them. */
export function withSingles(c: ClusterSums, xs: readonly number[]): ClusterSums {
  for (const x of xs) {
    c.g++;
    c.clusterSumSq += x * x;
    c.sizeSum += x;
    c.sizeSq++;
  }
  return c;
}

/** The ClusterSums of value i, given its plain sum over n matches. */
export function clusterSumsOf(v: VectorClusters, i: number, sum: number, n: number): ClusterSums {
  return { n, sum, g: v.g, clusterSumSq: v.sq[i], sizeSum: v.size[i], sizeSq: v.sizeSq };
}

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
  /** Completed pairs' cluster sums of A won, B won, neither won, rounds. */
  pairClusters: VectorClusters;
  /** Seat 0's wins among decisive matches, clustered by pair (cluster size = the pair's decisive matches). */
  seatClusters: { g: number; sq: number; size: number; sizeSq: number };
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
  /** Completed pairs' cluster sums of the per-match values (PV_* offsets). */
  pairClusters: VectorClusters;
}

/**
 * The first game of a pair, waiting for the second. `score2` is A's points in it times 2
 * (0, 1, 2); `values` the pairing's per-match values, `valuesA`/`valuesB` A's and B's (as
 * played with factions `factionA`/`factionB`), `seat0`/`decisive` whether seat 0 won and
 * whether anyone did.
 */
export interface PendingHalf {
  pair: number;
  game: number;
  a: number;
  b: number;
  score2: number;
  factionA: number;
  factionB: number;
  seat0: number;
  decisive: number;
  values: number[];
  valuesA: number[];
  valuesB: number[];
}

/**
 * Per-seed totals for the figures pooled over pairings: the seat advantage (decisive
 * matches, seat-0 wins) and each player's matches, wins and draws (by player and faction).
 */
export interface SeedTotals {
  seed: number;
  decisive: number;
  seat0Wins: number;
  /** [player, faction, matches, wins, draws] per player that played this seed. */
  players: number[][];
}

/** Everything an accumulator knows, as plain JSON (canonical: sorted keys' order, so equal states compare equal). */
export interface SummaryState {
  version: 2;
  experiment: SummaryExperiment;
  matches: number;
  pairings: PairingState[];
  players: PlayerState[];
  pending: PendingHalf[];
  seeds: SeedTotals[];
  /** 3- and 4-player matches (summary-multi.ts); absent when there are none. */
  multi?: MultiState;
}

export const zeros = (n: number): number[] => new Array<number>(n).fill(0);

export function newHalf(): PendingHalf {
  return { pair: 0, game: 0, a: 0, b: 0, score2: 0, factionA: 0, factionB: 0, seat0: 0, decisive: 0, values: zeros(PAIRING_VALUES), valuesA: zeros(PLAYER_VALUES), valuesB: zeros(PLAYER_VALUES) };
}

export function newPairing(a: number, b: number): PairingState {
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
    pairClusters: newVectorClusters(PAIRING_VALUES),
    seatClusters: { g: 0, sq: 0, size: 0, sizeSq: 0 },
  };
}

export function newPlayer(player: number, faction: number): PlayerState {
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
    pairClusters: newVectorClusters(PLAYER_VALUES),
  };
}

/** into[i] += from[i], growing `into` when `from` is longer. */
export function addArray(into: number[], from: readonly number[]): void {
  for (let i = 0; i < from.length; i++) into[i] = (into[i] ?? 0) + from[i];
}

export function addPairing(into: PairingState, from: PairingState): void {
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
  addVectorClusters(into.pairClusters, from.pairClusters);
  into.seatClusters.g += from.seatClusters.g;
  into.seatClusters.sq += from.seatClusters.sq;
  into.seatClusters.size += from.seatClusters.size;
  into.seatClusters.sizeSq += from.seatClusters.sizeSq;
}

export function addPlayer(into: PlayerState, from: PlayerState): void {
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
  addVectorClusters(into.pairClusters, from.pairClusters);
}

export const clone = <T>(x: T): T => JSON.parse(JSON.stringify(x)) as T;

/** One map key for two small non-negative integers (exact: both are far below 2^21). */
export function pairKey(x: number, y: number): number {
  return x * 0x200000 + y;
}

