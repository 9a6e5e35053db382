/**
 * The run summary's part for 3- and 4-player matches: counts and sums per table (the
 * entrants seated together), folded from records and merged by adding, like the two-player
 * part (summary.ts), and the figures computed from them at the end.
 *
 * Why a part of its own: the two-player figures rest on seat-swapped pairs and their
 * pentanomial counts, which have no meaning with three or four ships; the N-player unit is
 * the rotation block (one seed under every rotation of the seats, plan.ts), and its
 * figures are shares of wins among N players or T teams, finishing places and pairwise
 * finishes. Keeping it apart leaves the two-player state and figures exactly as they were.
 *
 * Exact merging: every kept number is an integer (a score is kept times T, the number of
 * teams, and a place times 2), so sums and cluster sums add exactly in any order. A block's
 * totals wait in `pending` until its N games are in (here, or in a state merged in later),
 * then its cluster sums are added and the block's pairwise-finish pattern counted (the
 * rating bootstrap redraws blocks from those counts).
 */
import { MAX_SECTIONS, ST_CORV_KILLED, ST_DAMAGE_DEALT, ST_DEALT_TO, ST_KILLS, ST_HITS, ST_SECTION_DAMAGE, ST_SHOTS, SOURCES, STATUS_DRAW, STATUS_DRAW_LIMIT, STATUS_VICTORY } from '../rules/state.js';
import {
  R_ESCAPED0,
  R_GAME,
  R_LOST0,
  R_OUT0,
  R_PAIR,
  R_ROUNDS,
  SEAT_FACTION,
  R_SEED,
  R_STATUS,
  R_TABLE,
  R_TEAM0,
  R_TERMINATION,
  R_WINNER,
  SEAT_PLAYER,
  SEAT_STATS,
  STATUS_ADJUDICATED,
  recordSeats,
} from '../sim/record.js';
import { addCluster, clusteredMean, clusteredWilson, emptyClusterSums, type ClusterSums, type ClusteredMean, type ClusteredRate } from './stats.js';
import { addArray, addVectorCluster, addVectorClusters, clusterSumsOf, newVectorClusters, zeros, type VectorClusters } from './summary-state.js';

/** Per-entrant values of a block (offsets into an entrant's slice of the block vector). */
export const MV_WIN = 0;
/** Score times T: T for a win, 1 for a match nobody won (the point shared by the T teams). */
export const MV_SCORE_T = 1;
/** Finishing place times 2 (1 = first; tied seats share the mean of their places). */
export const MV_PLACE2 = 2;
/** 1 when the entrant left the battle before the end. */
export const MV_OUT = 3;
export const MV_DEALT = 4;
export const MV_TAKEN = 5;
export const MV_ESCAPED = 6;
export const MV_LOST = 7;
export const MV_CORV_KILLED = 8;
/** Enemy capital ships and Command Corvettes destroyed (the kill credit, ST_KILLS). */
export const MV_KILLS = 9;
export const ENTRANT_VALUES = 10;

/** A block vector: ENTRANT_VALUES per table position, then each seat's score times T, then no-winner, round limit, rounds. */
export function blockValues(seats: number): number {
  return seats * ENTRANT_VALUES + seats + 3;
}

/** One table: who sits at it, and its counts. Positions index `players` (sorted entrant indices). */
export interface TableState {
  table: number;
  players: number[];
  /** Each position's team: the lowest position among its teammates. */
  team: number[];
  /** Number of teams. */
  teams: number;
  matches: number;
  victories: number;
  draws: number;
  drawsByLimit: number;
  adjudicated: number;
  terminations: number[];
  roundsHist: number[];
  /** Per position: the ENTRANT_VALUES sums, and matches finished at each place (index = place × 2 − 2). */
  sums: number[][];
  places: number[][];
  /** Per position: matches by the round it left the battle (index = round; 0 = stayed to the end). */
  outRounds: number[][];
  /** Per position: the faction index it flies, and damage dealt, shots and hits by source (SOURCES each, in that order). */
  faction: number[];
  bySource: number[][];
  /** Damage dealt by position i to position j's capital ship (ST_DEALT_TO), over all matches: dealtTo[i][j]. */
  dealtTo: number[][];
  /** Wins by seat. */
  seatWins: number[];
  /**
   * Pairwise finishes of positions i < j on different teams (in `crossPairs` order): i ahead,
   * tied, j ahead, over all matches.
   */
  pairwise: number[][];
  /** Completed blocks by their pattern: each cross pair's points for i, times 2, over the block, joined by ','. */
  patterns: Record<string, number>;
  /** Completed blocks by each position's score times T over the block, joined by ',' (the N-player meta's bootstrap redraws these). */
  scores: Record<string, number>;
  clusters: VectorClusters;
}

/** A block whose games are not all in yet. */
export interface PendingBlock {
  table: number;
  block: number;
  /** Bitmask of the games seen. */
  games: number;
  values: number[];
  /** Per cross pair: points of i times 2. */
  pair2: number[];
}

/** Per seed: [player, matches, wins, draws] per entrant that played it (pooled figures cluster by seed). */
export interface MultiSeed {
  seed: number;
  players: number[][];
}

export interface MultiState {
  seats: number;
  tables: TableState[];
  pending: PendingBlock[];
  seeds: MultiSeed[];
}

/** The position pairs (i < j) on different teams, in order. */
export function crossPairs(team: readonly number[]): [number, number][] {
  const out: [number, number][] = [];
  for (let i = 0; i < team.length; i++) for (let j = i + 1; j < team.length; j++) if (team[i] !== team[j]) out.push([i, j]);
  return out;
}

export function newMultiState(seats: number): MultiState {
  return { seats, tables: [], pending: [], seeds: [] };
}

/** Folds N-player records into a MultiState (kept by SummaryAccumulator as its `multi` part). */
export class MultiFold {
  readonly seats: number;
  private readonly tables = new Map<number, TableState>();
  /** By block (R_PAIR: unique over the run's tables). */
  private readonly pending = new Map<number, PendingBlock>();
  /** Each table's cross pairs (derived from its teams). */
  private readonly cross = new Map<number, [number, number][]>();
  private readonly seeds = new Map<number, MultiSeed>();
  // Per-record scratch (no allocation per match).
  private readonly key = new Float64Array(4);
  private readonly pos = new Int32Array(4);
  private readonly values = new Float64Array(ENTRANT_VALUES);

  constructor(seats: number) {
    this.seats = seats;
  }

  private tableOf(rec: Int32Array, o: number, n: number): TableState {
    const id = rec[o + R_TABLE];
    let t = this.tables.get(id);
    if (t) return t;
    const players: number[] = [];
    for (let seat = 0; seat < n; seat++) players.push(rec[o + SEAT_PLAYER[seat]]);
    const order = players.map((p, seat) => ({ p, seat })).sort((x, y) => x.p - y.p);
    const teamId = order.map((x) => rec[o + R_TEAM0 + x.seat]);
    const team = teamId.map((id) => teamId.indexOf(id));
    const teams = new Set(teamId).size;
    const k = blockValues(n);
    t = {
      table: id,
      players: order.map((x) => x.p),
      team,
      teams,
      matches: 0,
      victories: 0,
      draws: 0,
      drawsByLimit: 0,
      adjudicated: 0,
      terminations: [],
      roundsHist: [],
      sums: Array.from({ length: n }, () => zeros(ENTRANT_VALUES)),
      places: Array.from({ length: n }, () => zeros(2 * n - 1)),
      outRounds: Array.from({ length: n }, () => [0]),
      faction: order.map((x) => rec[o + SEAT_FACTION[x.seat]]),
      bySource: Array.from({ length: n }, () => zeros(3 * SOURCES)),
      dealtTo: Array.from({ length: n }, () => zeros(n)),
      seatWins: zeros(n),
      pairwise: crossPairs(team).map(() => [0, 0, 0]),
      patterns: {},
      scores: {},
      clusters: newVectorClusters(k),
    };
    this.tables.set(id, t);
    return t;
  }

  /** Fold the record at offset `o` (an N-player match). */
  add(rec: Int32Array, o: number): void {
    const n = recordSeats(rec, o);
    if (n !== this.seats) throw new RangeError(`record ${rec[o]}: ${n} seats in a run of ${this.seats}-seat matches`);
    const t = this.tableOf(rec, o, n);
    const status = rec[o + R_STATUS];
    const winner = rec[o + R_WINNER];
    const rounds = rec[o + R_ROUNDS];
    if (status !== STATUS_VICTORY && status !== STATUS_DRAW && status !== STATUS_DRAW_LIMIT && status !== STATUS_ADJUDICATED) throw new RangeError(`record ${rec[o]}: status ${status} is not a finished match`);
    t.matches++;
    if (status === STATUS_VICTORY) t.victories++;
    else if (status === STATUS_DRAW) t.draws++;
    else if (status === STATUS_DRAW_LIMIT) t.drawsByLimit++;
    else t.adjudicated++;
    const term = Math.max(0, rec[o + R_TERMINATION]);
    while (t.terminations.length <= term) t.terminations.push(0);
    t.terminations[term]++;
    while (t.roundsHist.length <= rounds) t.roundsHist.push(0);
    t.roundsHist[rounds]++;

    // Seat -> position, and each seat's finishing key: the winning team first, then those still in at the end, then by the round they left.
    const key = this.key;
    const pos = this.pos;
    for (let seat = 0; seat < n; seat++) {
      const p = rec[o + SEAT_PLAYER[seat]];
      let i = 0;
      while (i < n && t.players[i] !== p) i++;
      if (i === n) throw new RangeError(`record ${rec[o]}: player ${p} is not at table ${t.table} (${t.players.join(', ')})`);
      pos[seat] = i;
      const out = rec[o + R_OUT0 + seat];
      key[seat] = winner >= 0 && rec[o + R_TEAM0 + seat] === winner ? 1e9 : out === 0 ? 1e9 - 1 : out;
    }
    const block = this.blockOf(t, rec, o, n);
    const v = block.values;
    const T = t.teams;
    for (let seat = 0; seat < n; seat++) {
      const i = pos[seat];
      const s = t.sums[i];
      const base = i * ENTRANT_VALUES;
      const won = winner >= 0 && rec[o + R_TEAM0 + seat] === winner ? 1 : 0;
      let ahead = 0;
      let tied = 0;
      for (let q = 0; q < n; q++) {
        if (q === seat) continue;
        if (key[q] > key[seat]) ahead++;
        else if (key[q] === key[seat]) tied++;
      }
      const place2 = 2 + 2 * ahead + tied;
      const out = rec[o + R_OUT0 + seat];
      const st = o + SEAT_STATS[seat];
      let dealt = 0;
      const bs = t.bySource[i];
      for (let src = 0; src < SOURCES; src++) {
        dealt += rec[st + ST_DAMAGE_DEALT + src];
        bs[src] += rec[st + ST_DAMAGE_DEALT + src];
        bs[SOURCES + src] += rec[st + ST_SHOTS + src];
        bs[2 * SOURCES + src] += rec[st + ST_HITS + src];
      }
      let taken = 0;
      for (let sec = 0; sec < MAX_SECTIONS; sec++) taken += rec[st + ST_SECTION_DAMAGE + sec];
      let corvKilled = 0;
      for (let c = 0; c < 8; c++) corvKilled += rec[st + ST_CORV_KILLED + c];
      const to = t.dealtTo[i];
      for (let q = 0; q < n; q++) if (q !== seat) to[pos[q]] += rec[st + ST_DEALT_TO + q];
      const values = this.values;
      values[MV_WIN] = won;
      values[MV_SCORE_T] = won * T + (winner < 0 ? 1 : 0);
      values[MV_PLACE2] = place2;
      values[MV_OUT] = out > 0 && !won ? 1 : 0;
      values[MV_DEALT] = dealt;
      values[MV_TAKEN] = taken;
      values[MV_ESCAPED] = rec[o + R_ESCAPED0 + seat];
      values[MV_LOST] = rec[o + R_LOST0 + seat] > 0 ? 1 : 0;
      values[MV_CORV_KILLED] = corvKilled;
      values[MV_KILLS] = rec[st + ST_KILLS];
      for (let k = 0; k < ENTRANT_VALUES; k++) {
        s[k] += values[k];
        v[base + k] += values[k];
      }
      t.places[i][place2 - 2]++;
      const or = t.outRounds[i];
      while (or.length <= out) or.push(0);
      or[out]++;
      if (won) t.seatWins[seat]++;
      v[n * ENTRANT_VALUES + seat] += values[MV_SCORE_T];
    }
    v[n * ENTRANT_VALUES + n] += winner < 0 ? 1 : 0;
    v[n * ENTRANT_VALUES + n + 1] += status === STATUS_DRAW_LIMIT ? 1 : 0;
    v[n * ENTRANT_VALUES + n + 2] += rounds;
    // Pairwise finishes between positions on different teams.
    let cross = this.cross.get(t.table);
    if (!cross) this.cross.set(t.table, (cross = crossPairs(t.team)));
    for (let c = 0; c < cross.length; c++) {
      const [i, j] = cross[c];
      let si = 0;
      let sj = 0;
      for (let seat = 0; seat < n; seat++) {
        if (pos[seat] === i) si = seat;
        if (pos[seat] === j) sj = seat;
      }
      const d = key[si] > key[sj] ? 0 : key[si] === key[sj] ? 1 : 2;
      t.pairwise[c][d]++;
      block.pair2[c] += 2 - d;
    }
    const seed = rec[o + R_SEED] >>> 0;
    let sd = this.seeds.get(seed);
    if (!sd) this.seeds.set(seed, (sd = { seed, players: [] }));
    for (let seat = 0; seat < n; seat++) {
      const p = rec[o + SEAT_PLAYER[seat]];
      let row: number[] | undefined;
      for (const r of sd.players) if (r[0] === p) row = r;
      if (!row) sd.players.push((row = [p, 0, 0, 0]));
      row[1]++;
      if (winner >= 0 && rec[o + R_TEAM0 + seat] === winner) row[2]++;
      if (winner < 0) row[3]++;
    }
    const bit = 1 << rec[o + R_GAME];
    if (block.games & bit) throw new Error(`table ${t.table} block ${block.block} game ${rec[o + R_GAME]} seen twice (overlapping shards, or a chunk added twice?)`);
    block.games |= bit;
    if (block.games === (1 << n) - 1) this.complete(t, block);
  }

  private blockOf(t: TableState, rec: Int32Array, o: number, n: number): PendingBlock {
    const id = rec[o + R_PAIR];
    let b = this.pending.get(id);
    if (!b) this.pending.set(id, (b = { table: t.table, block: rec[o + R_PAIR], games: 0, values: zeros(blockValues(n)), pair2: zeros(t.pairwise.length) }));
    return b;
  }

  private complete(t: TableState, b: PendingBlock): void {
    this.pending.delete(b.block);
    addVectorCluster(t.clusters, b.values, this.seats);
    const pattern = b.pair2.join(',');
    t.patterns[pattern] = (t.patterns[pattern] ?? 0) + 1;
    const scores = t.players.map((_, i) => b.values[i * ENTRANT_VALUES + MV_SCORE_T]).join(',');
    t.scores[scores] = (t.scores[scores] ?? 0) + 1;
  }

  /** Add a serialised state (another shard's) into this one. */
  merge(st: MultiState): void {
    if (st.seats !== this.seats) throw new Error(`cannot merge summaries of ${st.seats}-seat and ${this.seats}-seat matches`);
    for (const from of st.tables) {
      const into = this.tables.get(from.table);
      if (!into) {
        this.tables.set(from.table, { ...structuredClone(from), scores: { ...from.scores } });
        continue;
      }
      into.matches += from.matches;
      into.victories += from.victories;
      into.draws += from.draws;
      into.drawsByLimit += from.drawsByLimit;
      into.adjudicated += from.adjudicated;
      addArray(into.terminations, from.terminations);
      addArray(into.roundsHist, from.roundsHist);
      from.sums.forEach((s, i) => addArray(into.sums[i], s));
      from.places.forEach((s, i) => addArray(into.places[i], s));
      from.outRounds.forEach((s, i) => addArray(into.outRounds[i], s));
      from.bySource.forEach((s, i) => addArray(into.bySource[i], s));
      from.dealtTo.forEach((s, i) => addArray(into.dealtTo[i], s));
      addArray(into.seatWins, from.seatWins);
      from.pairwise.forEach((s, i) => addArray(into.pairwise[i], s));
      for (const [k, c] of Object.entries(from.patterns)) into.patterns[k] = (into.patterns[k] ?? 0) + c;
      for (const [k, c] of Object.entries(from.scores ?? {})) into.scores[k] = (into.scores[k] ?? 0) + c;
      addVectorClusters(into.clusters, from.clusters);
    }
    for (const b of st.pending) {
      const mine = this.pending.get(b.block);
      if (!mine) {
        this.pending.set(b.block, structuredClone(b));
        continue;
      }
      if (mine.games & b.games) throw new Error(`table ${b.table} block ${b.block}: a game seen twice (overlapping shards?)`);
      mine.games |= b.games;
      addArray(mine.values, b.values);
      addArray(mine.pair2, b.pair2);
      if (mine.games === (1 << this.seats) - 1) this.complete(this.tables.get(b.table)!, mine);
    }
    for (const s of st.seeds) {
      let into = this.seeds.get(s.seed);
      if (!into) this.seeds.set(s.seed, (into = { seed: s.seed, players: [] }));
      for (const r of s.players) {
        let row = into.players.find((x) => x[0] === r[0]);
        if (!row) into.players.push((row = [r[0], 0, 0, 0]));
        for (let k = 1; k < 4; k++) row[k] += r[k];
      }
    }
  }

  /** Canonical plain state (sorted). */
  toJSON(): MultiState {
    const sorted = (r: Record<string, number>) => Object.fromEntries(Object.entries(r).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
    const tables = [...this.tables.values()].sort((x, y) => x.table - y.table).map((t) => ({ ...t, patterns: sorted(t.patterns), scores: sorted(t.scores) }));
    const pending = [...this.pending.values()].sort((x, y) => x.table - y.table || x.block - y.block);
    const seeds = [...this.seeds.values()].sort((x, y) => x.seed - y.seed).map((s) => ({ seed: s.seed, players: s.players.slice().sort((x, y) => x[0] - y[0]) }));
    return structuredClone({ seats: this.seats, tables, pending, seeds });
  }

  static fromJSON(st: MultiState): MultiFold {
    const f = new MultiFold(st.seats);
    f.merge(st);
    return f;
  }
}

// ---------------------------------------------------------------------------------------
// Figures

export interface MultiPlayerAtTable {
  index: number;
  name: string;
  /** Names of its teammates (empty in free-for-all). */
  partners: string[];
  n: number;
  wins: number;
  /** Wins / matches, clustered by block (even: 1/T). */
  winShare: ClusteredRate;
  /** (wins + no-winner matches / T) / matches, clustered by block (even: 1/T). */
  score: ClusteredRate;
  /** Mean finishing place (1 = first; ties share), clustered by block. */
  place: ClusteredMean;
  /** Matches by finishing place: [place, count] (places may be halves when tied). */
  places: [number, number][];
  /** Matches in which it left the battle before the end, and when: [round, count]. */
  left: number;
  leftRounds: [number, number][];
  shipsLost: number;
  escapes: number;
  corvettesKilled: number;
  /** Enemy capital ships and Command Corvettes it destroyed (the last hit), per match, clustered by block. */
  kills: ClusteredMean;
  /** Damage dealt to each enemy's capital ship, per match: [enemy name, per match]. */
  dealtTo: [string, number][];
  /** Damage dealt to enemy capital ships and taken by its own, per match, clustered by block. */
  dealt: ClusteredMean;
  taken: ClusteredMean;
  /** Damage to enemy capital ships per match, shots and hits, by source (sources with any), named for the entrant's faction. */
  sources: { source: string; dealtPerMatch: number; shots: number; hits: number }[];
}

export interface MultiTableSummary {
  table: number;
  /** Entrant names joined with ' / ' (teams separated by ' vs '). */
  key: string;
  n: number;
  /** Completed rotation blocks (the clusters behind every interval). */
  blocks: number;
  teams: number;
  /** 1/T: an even share. */
  even: number;
  players: MultiPlayerAtTable[];
  /** Teams (T < N): members and the team's win share (every member's). */
  teamShares: { members: string[]; winShare: ClusteredRate }[];
  /** Matches nobody won, and those ended by the round limit. */
  draws: { count: number; rate: ClusteredRate };
  roundLimit: { count: number; rate: ClusteredRate };
  ends: { victory: number; draw: number; drawByLimit: number; adjudicated: number };
  rounds: ClusteredMean;
  roundsHist: number[];
  /** Each seat's wins and score (wins + no-winner matches / T) over the table's matches, clustered by block (even: 1/T). */
  seats: { seat: number; wins: number; score: ClusteredRate }[];
  /** Pairwise finishes of entrants on different teams: a ahead, tied, b ahead. */
  pairwise: { a: number; b: number; aAhead: number; tied: number; bAhead: number }[];
  patterns: Record<string, number>;
}

export interface MultiPlayerSummary {
  index: number;
  name: string;
  n: number;
  wins: number;
  draws: number;
  /** Over all its tables, clustered by seed. */
  winShare: ClusteredRate;
}

export interface MultiSummary {
  seats: number;
  tables: MultiTableSummary[];
  players: MultiPlayerSummary[];
  /** Matches ended by the round limit, over all tables. */
  roundLimit: number;
  notes: string[];
}

const pairsOf = (xs: readonly number[], scale = 1): [number, number][] => xs.flatMap((c, k) => (c > 0 ? [[k / scale, c] as [number, number]] : []));

/** The N-player figures from the state; `sources` names the damage sources of each faction index (FactionNaming.sources). */
export function summarizeMulti(st: MultiState, names: readonly string[], sources: readonly (readonly string[])[] = []): MultiSummary {
  const n = st.seats;
  const tables = st.tables.map((t): MultiTableSummary => {
    const T = t.teams;
    const c = t.clusters;
    // Blocks still pending count as clusters of their games so far.
    const pend = st.pending.filter((b) => b.table === t.table);
    const sums = (k: number, sum: number, div = 1): ClusterSums => {
      const cs = clusterSumsOf(c, k, sum, t.matches);
      for (const b of pend) {
        const m = popcount(b.games);
        cs.g++;
        cs.clusterSumSq += b.values[k] * b.values[k];
        cs.sizeSum += m * b.values[k];
        cs.sizeSq += m * m;
      }
      if (div !== 1) {
        cs.sum /= div;
        cs.clusterSumSq /= div * div;
        cs.sizeSum /= div;
      }
      return cs;
    };
    const players = t.players.map((p, i): MultiPlayerAtTable => {
      const s = t.sums[i];
      const base = i * ENTRANT_VALUES;
      return {
        index: p,
        name: names[p] ?? `player${p}`,
        partners: t.players.filter((_, j) => j !== i && t.team[j] === t.team[i]).map((q) => names[q] ?? `player${q}`),
        n: t.matches,
        wins: s[MV_WIN],
        winShare: clusteredWilson(sums(base + MV_WIN, s[MV_WIN])),
        score: clusteredWilson(sums(base + MV_SCORE_T, s[MV_SCORE_T], T)),
        place: clusteredMean(sums(base + MV_PLACE2, s[MV_PLACE2], 2)),
        places: t.places[i].flatMap((cnt, k) => (cnt > 0 ? [[(k + 2) / 2, cnt] as [number, number]] : [])),
        left: s[MV_OUT],
        leftRounds: pairsOf(t.outRounds[i]).filter(([r]) => r > 0),
        shipsLost: s[MV_LOST],
        escapes: s[MV_ESCAPED],
        corvettesKilled: s[MV_CORV_KILLED],
        kills: clusteredMean(sums(base + MV_KILLS, s[MV_KILLS])),
        dealtTo: t.players.flatMap((q, j): [string, number][] => (t.team[j] !== t.team[i] ? [[names[q] ?? `player${q}`, t.matches > 0 ? t.dealtTo[i][j] / t.matches : NaN]] : [])),
        dealt: clusteredMean(sums(base + MV_DEALT, s[MV_DEALT])),
        taken: clusteredMean(sums(base + MV_TAKEN, s[MV_TAKEN])),
        sources: sourceRows(t.bySource[i], sources[t.faction[i]], t.matches),
      };
    });
    const top = n * ENTRANT_VALUES;
    const teamShares: MultiTableSummary['teamShares'] = [];
    if (T < n)
      for (let i = 0; i < n; i++) if (t.team[i] === i) teamShares.push({ members: players.filter((_, j) => t.team[j] === i).map((p) => p.name), winShare: players[i].winShare });
    const noWinner = t.matches - t.seatWins.reduce((a, b) => a + b, 0) / (n / T);
    const cross = crossPairs(t.team);
    return {
      table: t.table,
      key: T < n ? [...new Set(t.team)].map((tm) => players.filter((_, j) => t.team[j] === tm).map((p) => p.name).join(' + ')).join(' vs ') : players.map((p) => p.name).join(' / '),
      n: t.matches,
      blocks: c.g,
      teams: T,
      even: 1 / T,
      players,
      teamShares,
      draws: { count: noWinner, rate: clusteredWilson(sums(top + n, noWinner)) },
      roundLimit: { count: t.drawsByLimit, rate: clusteredWilson(sums(top + n + 1, t.drawsByLimit)) },
      ends: { victory: t.victories, draw: t.draws, drawByLimit: t.drawsByLimit, adjudicated: t.adjudicated },
      rounds: clusteredMean(sums(top + n + 2, t.roundsHist.reduce((a, cnt, r) => a + cnt * r, 0))),
      roundsHist: t.roundsHist.slice(),
      seats: t.seatWins.map((w, seat) => ({ seat, wins: w, score: clusteredWilson(sums(top + seat, w * T + noWinner, T)) })),
      pairwise: cross.map(([i, j], k) => ({ a: t.players[i], b: t.players[j], aAhead: t.pairwise[k][0], tied: t.pairwise[k][1], bAhead: t.pairwise[k][2] })),
      patterns: { ...t.patterns },
    };
  });
  // Pooled over tables: clustered by seed (every table replays the same seeds).
  const byPlayer = new Map<number, { n: number; wins: number; draws: number; cs: ClusterSums }>();
  for (const sd of st.seeds)
    for (const [p, m, w, d] of sd.players) {
      let e = byPlayer.get(p);
      if (!e) byPlayer.set(p, (e = { n: 0, wins: 0, draws: 0, cs: emptyClusterSums() }));
      e.n += m;
      e.wins += w;
      e.draws += d;
      addCluster(e.cs, w, m);
    }
  const players = [...byPlayer.entries()]
    .sort(([a], [b]) => a - b)
    .map(([p, e]): MultiPlayerSummary => ({ index: p, name: names[p] ?? `player${p}`, n: e.n, wins: e.wins, draws: e.draws, winShare: clusteredWilson(e.cs) }));
  return {
    seats: n,
    tables,
    players,
    roundLimit: tables.reduce((a, t) => a + t.roundLimit.count, 0),
    notes: [
      `Each table plays every match seed under every rotation of its ${n} seats (a rotation block of ${n} games); every interval counts blocks (pooled over tables, seeds), not matches.`,
      'A kill is credited to the seat whose hit last damaged the destroyed capital ship (or destroyed the Command Corvette), when an enemy; damage dealt counts enemy capital ships only, split by the enemy hit.',
    ],
  };
}

function sourceRows(bs: readonly number[], names: readonly string[] | undefined, matches: number): MultiPlayerAtTable['sources'] {
  const out: MultiPlayerAtTable['sources'] = [];
  for (let src = 0; src < SOURCES; src++) {
    const dealt = bs[src];
    const shots = bs[SOURCES + src];
    const hits = bs[2 * SOURCES + src];
    if (dealt || shots || hits) out.push({ source: names?.[src] ?? `source${src}`, dealtPerMatch: matches > 0 ? dealt / matches : NaN, shots, hits });
  }
  return out;
}

function popcount(x: number): number {
  let c = 0;
  for (; x; x &= x - 1) c++;
  return c;
}

/**
 * An entrant's score over the completed rotation blocks of its first table, for a
 * sequential test on blocks (sprt-multi.ts): the blocks, and the sum and sum of squares of
 * y, its block total of score times T (T per game won, 1 per game nobody won). Games of
 * blocks still pending are left out, so the test only sees whole blocks. Null when the
 * entrant sits at no table.
 */
export function entrantBlockSums(st: MultiState, entrant: number): { blocks: number; sum: number; sumSq: number; seats: number; teams: number } | null {
  const t = st.tables.find((x) => x.players.includes(entrant));
  if (!t) return null;
  const k = t.players.indexOf(entrant) * ENTRANT_VALUES + MV_SCORE_T;
  let sum = t.sums[t.players.indexOf(entrant)][MV_SCORE_T];
  for (const b of st.pending) if (b.table === t.table) sum -= b.values[k];
  return { blocks: t.clusters.g, sum, sumSq: t.clusters.sq[k], seats: st.seats, teams: t.teams };
}
