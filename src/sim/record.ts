/**
 * One finished match as a fixed-width row of int32s: what a worker sends back and what
 * statistics fold. Why: workers write a chunk of matches into a slot of the pool's shared
 * buffer (chunk-pool.ts); a flat row layout needs no serialisation and merges across
 * shards as plain counts.
 *
 * Seats and players: an experiment names players (A = 0, B = 1, ...); matches come in
 * pairs with the same seed and the seats swapped (game 0: A in seat 0; game 1: B in seat
 * 0). R_PLAYER0/1 say which experiment player sat in seat 0 and seat 1. Per-seat blocks
 * (faction, loadout, stats) are by seat.
 */
import { type GameState, STAT_SIZE } from '../rules/state.js';

/** Who an experiment player is, as records and summaries name it (A = 0, B = 1, ...). */
export interface RecordPlayer {
  name: string;
  policy: string;
  /** Faction id the player plays (informational; records carry the faction index played). */
  faction: string;
}

export const R_ID = 0;
export const R_PAIR = 1;
/** 0: the pair's first game (player A in seat 0), 1: seats swapped. */
export const R_GAME = 2;
/** The match seed (uint32 stored as int32; read with `>>> 0`). */
export const R_SEED = 3;
/** Experiment player index in seat 0 and in seat 1. */
export const R_PLAYER0 = 4;
export const R_PLAYER1 = 5;
/** STATUS_* of the match (victory, draw, draw-by-limit), or STATUS_ADJUDICATED. */
export const R_STATUS = 6;
/** Winning seat, or -1. */
export const R_WINNER = 7;
export const R_ROUNDS = 8;
/** Faction index of seat 0 and seat 1. */
export const R_FACTION0 = 9;
export const R_FACTION1 = 10;
/** Loadout of seat 0 (8 ints: main, broadside, hangar, point defence, 4 corvette cards), then seat 1. */
export const R_LOADOUT0 = 11;
export const R_LOADOUT1 = 19;
/** How the match ended beyond the status: 0 normally; a TERM_* code when adjudicated. */
export const R_TERMINATION = 27;
/** Wall-clock microseconds spent in each seat's policy (informational, not compared across runs). */
export const R_POLICY_US0 = 28;
export const R_POLICY_US1 = 29;
/** Seat of the first policy fault (-1 none): with adjudication by fallback the match goes on. */
export const R_FAULT_SEAT = 30;
/** Per-seat statistics (STAT_SIZE ints each; ST_* in rules/state.ts). */
export const R_STATS0 = 32;
export const R_STATS1 = R_STATS0 + STAT_SIZE;
export const RECORD_INTS = R_STATS0 + 2 * STAT_SIZE;

/** Status code for a match decided by adjudication (a broken or illegal bot). */
export const STATUS_ADJUDICATED = 4;
export const TERM_NONE = 0;
export const TERM_ILLEGAL = 1;
export const TERM_THREW = 2;
export const TERM_BUDGET = 3;
export const TERM_NAMES = ['', 'illegal action', 'policy threw', 'over budget'];

/** Write match `s` into row `row` of `out`. */
export function writeRecord(
  out: Int32Array,
  row: number,
  s: GameState,
  id: number,
  pair: number,
  game: number,
  seed: number,
  player0: number,
  player1: number,
): void {
  const o = row * RECORD_INTS;
  out.fill(0, o, o + RECORD_INTS);
  out[o + R_ID] = id;
  out[o + R_PAIR] = pair;
  out[o + R_GAME] = game;
  out[o + R_SEED] = seed | 0;
  out[o + R_PLAYER0] = player0;
  out[o + R_PLAYER1] = player1;
  out[o + R_STATUS] = s.status;
  out[o + R_WINNER] = s.winner;
  out[o + R_ROUNDS] = s.round;
  out[o + R_FACTION0] = s.faction[0];
  out[o + R_FACTION1] = s.faction[1];
  for (let i = 0; i < 8; i++) {
    out[o + R_LOADOUT0 + i] = s.loadout[i];
    out[o + R_LOADOUT1 + i] = s.loadout[8 + i];
  }
  out.set(s.stats.subarray(0, STAT_SIZE), o + R_STATS0);
  out.set(s.stats.subarray(STAT_SIZE, 2 * STAT_SIZE), o + R_STATS1);
}

/** Seat statistic `field` of seat `seat` in row `row`. */
export function recordStat(rec: Int32Array, row: number, seat: number, field: number): number {
  return rec[row * RECORD_INTS + (seat === 0 ? R_STATS0 : R_STATS1) + field];
}
