/**
 * Folding match records (src/sim/record.ts) into an experiment's figures.
 *
 * Why an accumulator of counts and sums: a run split into
 * shards (`--shard i/N`, any batch engine) merges into exactly the numbers one run gives.
 * So the accumulator keeps only integers that add: match counts, win counts, pentanomial
 * bins, sums and sums of squares of per-match statistics, histograms. It never keeps an
 * average. Two accumulators merge by adding (`merge`), serialise to plain JSON
 * (`toJSON` / `fromJSON`) to travel between processes, and give the same JSON whatever the
 * order the records came in. All arithmetic is on integers (and halves, for draws) below
 * 2⁵³, so merging is exact, not merely close. Averages and intervals are computed only at the end (`summarize`).
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
 * 3- and 4-player records (R_SEATS) go to a part of their own (summary-multi.ts): rotation
 * blocks instead of pairs, shares of N players or T teams instead of A-vs-B scores.
 *
 * Players are experiment players (identity), not seats: R_PLAYER0/R_PLAYER1 say who sat
 * where. A pairing is an unordered pair of experiment players; "A" is the lower index and
 * pentanomial scores are from A's view.
 */
import {
  MAX_SECTIONS,
  SOURCES,
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
  recordSeats,
} from '../sim/record.js';
import { MultiFold } from './summary-multi.js';

import {
  type SummaryExperiment,
  type SummaryExperimentInput,
  summaryExperiment,
  SCALAR_FIELDS,
  SCALARS,
  CORV_CARDS,
  PAIRING_VALUES,
  PV_SCALARS,
  PV_DEALT,
  PV_TOTAL,
  PV_WIN,
  PV_SCORE,
  PLAYER_VALUES,
  addVectorCluster,
  type PairingState,
  type PlayerState,
  type PendingHalf,
  type SeedTotals,
  type SummaryState,
  zeros,
  newHalf,
  newPairing,
  newPlayer,
  addPairing,
  addPlayer,
  clone,
  pairKey,
} from './summary-state.js';
import { summarizeState, type Summary } from './summary-figures.js';

export * from './summary-state.js';
export * from './summary-figures.js';
export * from './summary-multi.js';

// ---------------------------------------------------------------------------------------
// The accumulator

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
  /** 3- and 4-player matches, folded apart (summary-multi.ts). */
  private multi: MultiFold | null = null;
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
      const seats = recordSeats(records, o);
      if (seats > 2) {
        (this.multi ??= new MultiFold(seats)).add(records, o);
        this.matches++;
        continue;
      }
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
    if (st.multi) {
      if (this.multi) this.multi.merge(st.multi);
      else this.multi = MultiFold.fromJSON(st.multi);
    }
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
    return clone({ version: 2, experiment: this.experiment, matches: this.matches, pairings, players, pending, seeds, ...(this.multi ? { multi: this.multi.toJSON() } : {}) });
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
    if (st.multi) acc.multi = MultiFold.fromJSON(st.multi);
    return acc;
  }

  /** The figures: intervals and means from the counts. */  summarize(): Summary {
    return summarizeState(this.toJSON());
  }
}
