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
 * Clusters: the two games of a pair share a seed and are correlated, and in a tournament or
 * sweep every pairing replays the same seeds. So every interval treats a cluster, not a
 * match, as the independent unit: per-pairing and per-match figures cluster by pair (the
 * pair's totals and their squares are kept when it completes), and figures pooled over
 * pairings (a player's win rate over all its opponents, the seat advantage over all
 * pairings) cluster by seed (per-seed totals, squared only at the end). Both are sums that
 * add, so they merge exactly like the rest.
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
  R_SEED,
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
import {
  addCluster,
  addClusterSums,
  clusteredMean,
  clusteredWilson,
  eloFromScore,
  emptyClusterSums,
  pentanomial,
  type ClusterSums,
  type ClusteredMean,
  type ClusteredRate,
  type PentanomialInterval,
} from './stats.js';

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
const SCALAR_FIELDS: number[] = Object.keys(STAT_NAMES)
  .map(Number)
  .sort((x, y) => x - y);
const SCALARS = SCALAR_FIELDS.length;
/** Corvette card slots in the per-card stat blocks. */
const CORV_CARDS = 8;

/**
 * Per-match values a pair's cluster totals are kept for. A pairing's: A won, B won, neither
 * won, rounds. A player's: the scalar statistics, damage dealt by source, damage dealt in
 * all (PV_* offsets).
 */
const PAIRING_VALUES = 4;
const PV_SCALARS = 0;
const PV_DEALT = SCALARS;
const PV_TOTAL = SCALARS + SOURCES;
const PV_WIN = PV_TOTAL + 1;
const PV_SCORE = PV_TOTAL + 2;
const PLAYER_VALUES = SCALARS + SOURCES + 3;

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

function newVectorClusters(k: number): VectorClusters {
  return { g: 0, sizeSq: 0, sq: zeros(k), size: zeros(k) };
}

/** Add the cluster whose totals are `total[0..k-1]` over `m` matches. */
function addVectorCluster(into: VectorClusters, total: ArrayLike<number>, m: number): void {
  into.g++;
  into.sizeSq += m * m;
  for (let i = 0; i < into.sq.length; i++) {
    into.sq[i] += total[i] * total[i];
    into.size[i] += m * total[i];
  }
}

function addVectorClusters(into: VectorClusters, from: VectorClusters): void {
  into.g += from.g;
  into.sizeSq += from.sizeSq;
  addArray(into.sq, from.sq);
  addArray(into.size, from.size);
}

/** `c` with each of `xs` added as a cluster of one match (halves still waiting for their partner); `c.n` and `c.sum` already count them. */
function withSingles(c: ClusterSums, xs: readonly number[]): ClusterSums {
  for (const x of xs) {
    c.g++;
    c.clusterSumSq += x * x;
    c.sizeSum += x;
    c.sizeSq++;
  }
  return c;
}

/** The ClusterSums of value i, given its plain sum over n matches. */
function clusterSumsOf(v: VectorClusters, i: number, sum: number, n: number): ClusterSums {
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
}

const zeros = (n: number): number[] => new Array<number>(n).fill(0);

function newHalf(): PendingHalf {
  return { pair: 0, game: 0, a: 0, b: 0, score2: 0, factionA: 0, factionB: 0, seat0: 0, decisive: 0, values: zeros(PAIRING_VALUES), valuesA: zeros(PLAYER_VALUES), valuesB: zeros(PLAYER_VALUES) };
}

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
    pairClusters: newVectorClusters(PAIRING_VALUES),
    seatClusters: { g: 0, sq: 0, size: 0, sizeSq: 0 },
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
    pairClusters: newVectorClusters(PLAYER_VALUES),
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
  addVectorClusters(into.pairClusters, from.pairClusters);
  into.seatClusters.g += from.seatClusters.g;
  into.seatClusters.sq += from.seatClusters.sq;
  into.seatClusters.size += from.seatClusters.size;
  into.seatClusters.sizeSq += from.seatClusters.sizeSq;
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
  addVectorClusters(into.pairClusters, from.pairClusters);
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
  /** wins / n, with a 95% Wilson interval at the pairs' effective sample size (pairs as the unit). */
  winRate: ClusteredRate;
  /** (wins + draws/2) / n, likewise (pairs as the unit; the pentanomial interval is the same figure's normal-theory twin). */
  score: ClusteredRate;
}

export interface PairingSummary {
  /** "A vs B" by player names, A the lower index. */
  key: string;
  a: number;
  b: number;
  /** Matches in the pairing. */
  n: number;
  players: [PairingPlayerSummary, PairingPlayerSummary];
  /** Matches neither won, with a pair-clustered 95% interval on the draw rate. */
  draws: CountOf & { rate: ClusteredRate };
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
    rounds: ClusteredMean;
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
  /** Seat advantage: seat-0 wins among decisive matches (n = decisive matches), 95% interval with pairs as the unit. */
  seat: { n: number; seat0Wins: number; seat1Wins: number; seat0WinRate: ClusteredRate };
}

export interface SourceSummary {
  index: number;
  source: string;
  /** Damage dealt per match by this source (n = matches). */
  damage: ClusteredMean;
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
  /** wins / n over every opponent, with seeds as the unit (pairings replay the same seeds). */
  winRate: ClusteredRate;
  /** (wins + draws/2) / n over every opponent, seeds as the unit. */
  score: ClusteredRate;
  /** Damage dealt to enemy capital ships per match: all sources, and by source (pairs as the unit). */
  damage: { total: ClusteredMean; bySource: SourceSummary[] };
  /** Damage taken per own section (total, and mean per match; n = matches). */
  damageTaken: { section: string; total: number; perMatch: number; n: number }[];
  /** Scalar statistics (STAT_NAMES: collisions, shieldsAbsorbed, ...) per match. */
  stats: Record<string, ClusteredMean>;
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
  /** Distinct match seeds (a seed is shared by the pair's two games and by the same pair of every pairing). */
  seeds: number;
  /** Seat 0's wins among decisive matches over every pairing, seeds as the unit. */
  seat: { n: number; seat0Wins: number; seat0WinRate: ClusteredRate };
  pairings: PairingSummary[];
  playerStats: PlayerSummary[];
  /** How figures are defined; NaN figures (no data) serialise as null. */
  notes: string[];
}

const NOTES = [
  'Every figure carries n: matches, or pairs (pentanomial), or decisive matches (seat), or shots (hits per shot); clustered intervals also carry the clusters (pairs or seeds) they rest on.',
  'The unit of evidence is the pair (same seed, seats swapped), or the seed where pairings replay the same seeds: every interval treats those clusters, not matches, as independent.',
  'Intervals are 95%: rates use the Wilson interval at the effective sample size (matches over the design effect measured from the clusters); per-match means use the cluster-robust (CR1) variance with Student t on clusters − 1 degrees of freedom; the A-vs-B score uses the pentanomial model (pairs as the unit).',
  'An interval resting on fewer than two clusters is not given (n/a).',
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
  /** By seed (uint32). */
  private readonly seeds = new Map<number, SeedTotals>();
  /** Two scratch halves for records (copied only when one has to wait past its chunk), and the one waiting for the next record. */
  private readonly halves: [PendingHalf, PendingHalf] = [newHalf(), newHalf()];
  private held: PendingHalf | null = null;
  private readonly vecScratch = zeros(Math.max(PAIRING_VALUES, PLAYER_VALUES));

  /**
   * @param experiment the experiment's name and players (A = 0, B = 1, ...) and either the
   * GameTables the matches ran on (`tables`) or their `factions` naming (FactionNaming[],
   * as in a serialised state). Faction indices come from the records, so a player's
   * faction need not be given here beyond its informational id.
   */
  constructor(experiment: SummaryExperimentInput) {
    this.experiment =
      'tables' in experiment && experiment.tables ? summaryExperiment(experiment.name, experiment.players, experiment.tables, experiment.seedsShared ?? true) : clone(experiment as SummaryExperiment);
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

  private seedTotals(seed: number): SeedTotals {
    let t = this.seeds.get(seed);
    if (!t) this.seeds.set(seed, (t = { seed, decisive: 0, seat0Wins: 0, players: [] }));
    return t;
  }

  /** Count a match of `player` (as `faction`) on a seed: [player, faction, matches, wins, draws]. */
  private static seedPlayer(t: SeedTotals, player: number, faction: number, won: boolean, drawn: boolean): void {
    let row: number[] | undefined;
    for (const r of t.players) if (r[0] === player && r[1] === faction) row = r;
    if (!row) t.players.push((row = [player, faction, 0, 0, 0]));
    row[2]++;
    if (won) row[3]++;
    if (drawn) row[4]++;
  }

  /** A player's pair cluster: both games as one when they were played with one faction, else two clusters of one. */
  private addPlayerPair(player: number, f1: number, v1: readonly number[], f2: number, v2: readonly number[]): void {
    if (f1 === f2) {
      for (let i = 0; i < PLAYER_VALUES; i++) this.vecScratch[i] = v1[i] + v2[i];
      addVectorCluster(this.player(player, f1).pairClusters, this.vecScratch, 2);
    } else {
      addVectorCluster(this.player(player, f1).pairClusters, v1, 1);
      addVectorCluster(this.player(player, f2).pairClusters, v2, 1);
    }
  }

  private static copyHalf(h: PendingHalf): PendingHalf {
    return { ...h, values: h.values.slice(), valuesA: h.valuesA.slice(), valuesB: h.valuesB.slice() };
  }

  /** Fold one half of a pair: complete it with a pending partner, or leave it pending (kept as it is: callers pass an object of their own). */
  private addHalf(h: PendingHalf): void {
    const other = this.pending.get(h.pair);
    if (!other) {
      this.pending.set(h.pair, h);
      return;
    }
    this.pending.delete(h.pair);
    this.completePair(other, h);
  }

  /** A pair's two halves are both here: add its clusters. */
  private completePair(other: PendingHalf, h: PendingHalf): void {
    if (other.game === h.game) throw new Error(`pair ${h.pair} game ${h.game} seen twice (overlapping shards, or a chunk added twice?)`);
    if (other.a !== h.a || other.b !== h.b) throw new Error(`pair ${h.pair}: its games are between different players (${other.a},${other.b} and ${h.a},${h.b})`);
    const pr = this.pairing(h.a, h.b);
    pr.penta[other.score2 + h.score2]++;
    for (let i = 0; i < PAIRING_VALUES; i++) this.vecScratch[i] = other.values[i] + h.values[i];
    addVectorCluster(pr.pairClusters, this.vecScratch, 2);
    const m = other.decisive + h.decisive;
    if (m > 0) {
      const y = other.seat0 + h.seat0;
      const sc = pr.seatClusters;
      sc.g++;
      sc.sq += y * y;
      sc.size += m * y;
      sc.sizeSq += m * m;
    }
    this.addPlayerPair(h.a, other.factionA, other.valuesA, h.factionA, h.valuesA);
    this.addPlayerPair(h.b, other.factionB, other.valuesB, h.factionB, h.valuesB);
  }

  /**
   * A record's half, in one of two scratch objects: the two games of a pair usually come
   * one after the other, so the first waits here, not in `pending`, and nothing is copied.
   */
  private foldHalf(h: PendingHalf): void {
    const held = this.held;
    if (held && held.pair === h.pair) {
      this.held = null;
      this.completePair(held, h);
      return;
    }
    if (held) this.addHalf(SummaryAccumulator.copyHalf(held));
    const other = this.pending.get(h.pair);
    if (other) {
      this.pending.delete(h.pair);
      this.held = null;
      this.completePair(other, h);
    } else this.held = h;
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

      const seeds = this.experiment.seedsShared ? this.seedTotals(records[o + R_SEED] >>> 0) : null;
      if (seeds && winner >= 0) seeds.decisive++;
      if (seeds && winner === 0) seeds.seat0Wins++;
      const h = this.halves[0] === this.held ? this.halves[1] : this.halves[0];
      h.pair = records[o + R_PAIR];
      h.game = records[o + R_GAME];
      h.a = a;
      h.b = b;
      h.score2 = winnerPlayer === a ? 2 : winnerPlayer === b ? 0 : 1;
      h.seat0 = winner === 0 ? 1 : 0;
      h.decisive = winner >= 0 ? 1 : 0;
      h.values[0] = winnerPlayer === a ? 1 : 0;
      h.values[1] = winnerPlayer === b ? 1 : 0;
      h.values[2] = winnerPlayer < 0 ? 1 : 0;
      h.values[3] = rounds;

      for (let seat = 0; seat < 2; seat++) {
        const player = seat === 0 ? p0 : p1;
        const faction = records[o + (seat === 0 ? R_FACTION0 : R_FACTION1)];
        const ps = this.player(player, faction);
        const base = o + (seat === 0 ? R_STATS0 : R_STATS1);
        const vec = player === a ? h.valuesA : h.valuesB;
        if (player === a) h.factionA = faction;
        else h.factionB = faction;
        if (seeds) SummaryAccumulator.seedPlayer(seeds, player, faction, winner === seat, winner < 0);
        vec[PV_WIN] = winner === seat ? 1 : 0;
        vec[PV_SCORE] = winner === seat ? 1 : winner < 0 ? 0.5 : 0;
        ps.matches++;
        if (winner === seat) ps.wins++;
        else if (winner === 1 - seat) ps.losses++;
        for (let i = 0; i < SCALARS; i++) {
          const v = records[base + SCALAR_FIELDS[i]];
          ps.scalarSum[i] += v;
          ps.scalarSumSq[i] += v * v;
          vec[PV_SCALARS + i] = v;
        }
        let total = 0;
        for (let src = 0; src < SOURCES; src++) {
          const d = records[base + ST_DAMAGE_DEALT + src];
          total += d;
          ps.dealtSum[src] += d;
          ps.dealtSumSq[src] += d * d;
          ps.shots[src] += records[base + ST_SHOTS + src];
          ps.hits[src] += records[base + ST_HITS + src];
          vec[PV_DEALT + src] = d;
        }
        vec[PV_TOTAL] = total;
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
      this.foldHalf(h);
    }
    if (this.held) this.addHalf(SummaryAccumulator.copyHalf(this.held));
    this.held = null;
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
    for (const t of st.seeds) {
      const into = this.seedTotals(t.seed);
      into.decisive += t.decisive;
      into.seat0Wins += t.seat0Wins;
      for (const [player, faction, matches, wins, draws] of t.players) {
        let row = into.players.find((r) => r[0] === player && r[1] === faction);
        if (!row) into.players.push((row = [player, faction, 0, 0, 0]));
        row[2] += matches;
        row[3] += wins;
        row[4] += draws;
      }
    }
    return this;
  }

  /** Plain serialisable state, canonical (sorted, copied): equal accumulators give deep-equal JSON. */
  toJSON(): SummaryState {
    const pairings = [...this.pairings.values()].sort((x, y) => x.a - y.a || x.b - y.b);
    const players = [...this.players.values()].sort((x, y) => x.player - y.player || x.faction - y.faction);
    const pending = [...this.pending.values()].sort((x, y) => x.pair - y.pair || x.game - y.game);
    const seeds = [...this.seeds.values()].sort((x, y) => x.seed - y.seed).map((t) => ({ ...t, players: t.players.slice().sort((x, y) => x[0] - y[0] || x[1] - y[1]) }));
    return clone({ version: 2, experiment: this.experiment, matches: this.matches, pairings, players, pending, seeds });
  }

  /** Rebuild an accumulator from `toJSON()` output (e.g. parsed from a shard's file). */
  static fromJSON(x: unknown): SummaryAccumulator {
    const st = x as SummaryState;
    if (!st || typeof st !== 'object' || st.version !== 2 || !st.experiment || !Array.isArray(st.pairings) || !Array.isArray(st.players) || !Array.isArray(st.pending) || !Array.isArray(st.seeds))
      throw new Error('not a summary state (expected the output of SummaryAccumulator.toJSON, version 2; a checkpoint from an older version of the lab cannot be resumed)');
    const acc = new SummaryAccumulator(st.experiment);
    acc.matches = st.matches;
    for (const p of clone(st.pairings)) acc.pairings.set(pairKey(p.a, p.b), p);
    for (const p of clone(st.players)) acc.players.set(pairKey(p.player, p.faction), p);
    for (const h of clone(st.pending)) acc.pending.set(h.pair, h);
    for (const t of clone(st.seeds)) acc.seeds.set(t.seed, t);
    return acc;
  }

  /** The figures: intervals and means from the counts. */
  summarize(): Summary {
    const st = this.toJSON();
    const exp = st.experiment;
    const pname = (i: number) => exp.players[i]?.name ?? `player${i}`;
    let complete = 0;
    const pendingOf = (a: number, b: number) => st.pending.filter((h) => h.a === a && h.b === b);
    const pairingSeat: ClusterSums[] = [];
    const pairings: PairingSummary[] = st.pairings.map((p) => {
      const n = p.matches;
      const draws = n - p.winsA - p.winsB;
      const waiting = pendingOf(p.a, p.b);
      const pairValue = (i: number, sum: number) => withSingles(clusterSumsOf(p.pairClusters, i, sum, n), waiting.map((h) => h.values[i]));
      const pairs = p.penta.reduce((s, c) => s + c, 0);
      // A's score per pair from the pentanomial bins (bin k: A scored k/2 over two games).
      const scoreA: ClusterSums = { n, sum: p.winsA + draws / 2, g: pairs, clusterSumSq: 0, sizeSum: 0, sizeSq: 4 * pairs };
      p.penta.forEach((c, k) => {
        scoreA.clusterSumSq += c * (k / 2) ** 2;
        scoreA.sizeSum += c * 2 * (k / 2);
      });
      const scoreB: ClusterSums = { ...scoreA, sum: p.winsB + draws / 2, clusterSumSq: 0, sizeSum: 0 };
      p.penta.forEach((c, k) => {
        scoreB.clusterSumSq += c * (2 - k / 2) ** 2;
        scoreB.sizeSum += c * 2 * (2 - k / 2);
      });
      const side = (index: number, wins: number, losses: number, winValue: number, score: ClusterSums, waitingScores: number[]): PairingPlayerSummary => ({
        index,
        name: pname(index),
        n,
        wins,
        draws,
        losses,
        winRate: clusteredWilson(pairValue(winValue, wins)),
        score: clusteredWilson(withSingles(score, waitingScores)),
      });
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
      const seat = withSingles(
        { n: decisive, sum: p.seat0Wins, g: p.seatClusters.g, clusterSumSq: p.seatClusters.sq, sizeSum: p.seatClusters.size, sizeSq: p.seatClusters.sizeSq },
        waiting.filter((h) => h.decisive).map((h) => h.seat0),
      );
      pairingSeat.push(seat);
      return {
        key: `${pname(p.a)} vs ${pname(p.b)}`,
        a: p.a,
        b: p.b,
        n,
        players: [
          side(p.a, p.winsA, p.winsB, 0, scoreA, waiting.map((h) => h.score2 / 2)),
          side(p.b, p.winsB, p.winsA, 1, scoreB, waiting.map((h) => 1 - h.score2 / 2)),
        ],
        draws: { count: draws, n, rate: clusteredWilson(pairValue(2, draws)) },
        pentanomial: {
          counts: p.penta.slice(),
          n: pairs,
          score,
          elo: { value: eloFromScore(score.mean), lo: eloFromScore(score.lo), hi: eloFromScore(score.hi), n: pairs },
        },
        length: { n, rounds: clusteredMean(pairValue(3, p.roundsSum)), histogram },
        ends: { n, victory: p.victories, draw: p.draws, drawByLimit: p.drawsByLimit, adjudicated: p.adjudicated, terminations },
        seat: {
          n: decisive,
          seat0Wins: p.seat0Wins,
          seat1Wins: p.seat1Wins,
          seat0WinRate: clusteredWilson(seat),
        },
      };
    });

    // Per player and faction, its wins and score clustered by seed (one pass over the seeds).
    const seedClusters = new Map<number, { wins: ClusterSums; score: ClusterSums }>();
    for (const t of st.seeds)
      for (const [player, faction, matches, wins, draws] of t.players) {
        const key = pairKey(player, faction);
        let c = seedClusters.get(key);
        if (!c) seedClusters.set(key, (c = { wins: emptyClusterSums(), score: emptyClusterSums() }));
        addCluster(c.wins, wins, matches);
        addCluster(c.score, wins + draws / 2, matches);
      }
    const playerStats: PlayerSummary[] = st.players.map((p) => {
      const n = p.matches;
      const waitingValues = st.pending.flatMap((h) => [
        ...(h.a === p.player && h.factionA === p.faction ? [h.valuesA] : []),
        ...(h.b === p.player && h.factionB === p.faction ? [h.valuesB] : []),
      ]);
      const perMatch = (i: number, sum: number) => clusteredMean(withSingles(clusterSumsOf(p.pairClusters, i, sum, n), waitingValues.map((v) => v[i])));
      const seedSums = seedClusters.get(pairKey(p.player, p.faction));
      const outcome = (i: number, sum: number, bySeed: ClusterSums | undefined): ClusteredRate =>
        clusteredWilson(exp.seedsShared ? (bySeed ?? emptyClusterSums()) : withSingles(clusterSumsOf(p.pairClusters, i, sum, n), waitingValues.map((v) => v[i])));
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
          damage: perMatch(PV_DEALT + src, p.dealtSum[src]),
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
      const stats: Record<string, ClusteredMean> = {};
      for (let i = 0; i < SCALARS; i++) stats[STAT_NAMES[SCALAR_FIELDS[i]]] = perMatch(PV_SCALARS + i, p.scalarSum[i]);
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
        winRate: outcome(PV_WIN, p.wins, seedSums?.wins),
        score: outcome(PV_SCORE, p.wins + (n - p.wins - p.losses) / 2, seedSums?.score),
        damage: { total: perMatch(PV_TOTAL, p.totalDealtSum), bySource },
        damageTaken,
        stats,
        corvettes: { n, launched, lost, killed, exchange: lost > 0 ? killed / lost : NaN, byCard },
        enemyTokensDestroyed: { count: p.enemyTokensDestroyed, n },
      };
    });

    // Seat 0 over every pairing: by seed when pairings share seeds, else the pairings' pair clusters together.
    const seatBySeed = emptyClusterSums();
    if (exp.seedsShared) for (const t of st.seeds) addCluster(seatBySeed, t.seat0Wins, t.decisive);
    else for (const p of pairingSeat) addClusterSums(seatBySeed, p);
    return {
      experiment: exp.name,
      players: exp.players.map((p, index) => ({ index, ...p })),
      n: st.matches,
      pairs: { complete, pendingHalves: st.pending.length },
      seeds: st.seeds.length,
      seat: { n: seatBySeed.n, seat0Wins: seatBySeed.sum, seat0WinRate: clusteredWilson(seatBySeed) },
      pairings,
      playerStats,
      notes: NOTES.slice(),
    };
  }
}
