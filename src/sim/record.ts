/**
 * One finished match as a fixed-width row of int32s: what a worker sends back and what
 * statistics fold. Why: workers write a chunk of matches into a slot of the pool's shared
 * buffer (chunk-pool.ts); a flat row layout needs no serialisation and merges across
 * shards as plain counts.
 *
 * Seats and players: an experiment names players (A = 0, B = 1, ...); matches come in
 * rotation blocks with the same seed (two players: a pair, game 0 with A in seat 0, game 1
 * with the seats swapped; N players: every rotation of the seats, plan.ts seatingOf).
 * R_PLAYER0..3 say which experiment player sat in each seat. Per-seat blocks (faction,
 * loadout, stats) are by seat. Seats 2 and 3 live after seat 1's statistics, so the
 * two-player layout keeps its offsets; R_SEATS is 2 for a two-player match.
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
/** Number of seats (ships) of the match: 2, 3 or 4. */
export const R_SEATS = 31;
/** Per-seat statistics (STAT_SIZE ints each; ST_* in rules/state.ts). */
export const R_STATS0 = 32;
export const R_STATS1 = R_STATS0 + STAT_SIZE;
/** Seats 2 and 3: players, factions (-1 for an empty seat), policy time. */
export const R_PLAYER2 = R_STATS1 + STAT_SIZE;
export const R_PLAYER3 = R_PLAYER2 + 1;
export const R_FACTION2 = R_PLAYER2 + 2;
export const R_FACTION3 = R_PLAYER2 + 3;
export const R_POLICY_US2 = R_PLAYER2 + 4;
export const R_POLICY_US3 = R_PLAYER2 + 5;
/** Team of each seat (4 ints; free-for-all: the seat). */
export const R_TEAM0 = R_PLAYER2 + 6;
/** Round in which each seat left the battle (4 ints; 0: it never did): its ship destroyed (two players), its Command Corvette destroyed or escaped (3-4 players). */
export const R_OUT0 = R_TEAM0 + 4;
/** Round in which each seat's capital ship was destroyed (4 ints; 0: it never was). */
export const R_LOST0 = R_OUT0 + 4;
/** 1 when the seat's Command Corvette escaped by Emergency Warp (4 ints). */
export const R_ESCAPED0 = R_LOST0 + 4;
/** Winning team id (the kernel's G_WINNER: the lowest seat of the winning team), or -1; R_WINNER holds the same. */
export const R_WINNER_TEAM = R_ESCAPED0 + 4;
/** The block's game (rotation) index, as R_GAME, and the table (pairing) index. */
export const R_TABLE = R_WINNER_TEAM + 1;
/** Loadouts of seats 2 and 3 (8 ints each). */
export const R_LOADOUT2 = R_TABLE + 1;
export const R_LOADOUT3 = R_LOADOUT2 + 8;
export const R_STATS2 = R_LOADOUT3 + 8;
export const R_STATS3 = R_STATS2 + STAT_SIZE;
export const RECORD_INTS = R_STATS3 + STAT_SIZE;

/** Per-seat offsets by seat index (0..3). */
export const SEAT_PLAYER: readonly number[] = [R_PLAYER0, R_PLAYER1, R_PLAYER2, R_PLAYER3];
export const SEAT_FACTION: readonly number[] = [R_FACTION0, R_FACTION1, R_FACTION2, R_FACTION3];
export const SEAT_LOADOUT: readonly number[] = [R_LOADOUT0, R_LOADOUT1, R_LOADOUT2, R_LOADOUT3];
export const SEAT_STATS: readonly number[] = [R_STATS0, R_STATS1, R_STATS2, R_STATS3];
export const SEAT_POLICY_US: readonly number[] = [R_POLICY_US0, R_POLICY_US1, R_POLICY_US2, R_POLICY_US3];

/** Seats of a record (old records without R_SEATS are two-player). */
export function recordSeats(rec: Int32Array, o: number): number {
  const n = rec[o + R_SEATS];
  return n >= 3 ? n : 2;
}

/** Status code for a match decided by adjudication (a broken or illegal bot). */
export const STATUS_ADJUDICATED = 4;
export const TERM_NONE = 0;
export const TERM_ILLEGAL = 1;
export const TERM_THREW = 2;
export const TERM_BUDGET = 3;
/** forwardCalls reported as something other than a number (NaN, a string) by a bot that declares a budget. */
export const TERM_CALLS = 4;
/** The factory threw when the match built the bot. */
export const TERM_FACTORY = 5;
/** draft() threw, or answered a pick that is not legal. */
export const TERM_DRAFT_THREW = 6;
export const TERM_DRAFT_ILLEGAL = 7;
/** The bot called Math.random (its randomness must come from the rng it is given). */
export const TERM_RANDOM = 8;
/** The bot changed the shared tables (ctx.kernel.t). */
export const TERM_TABLES = 9;
/** The bot called process.exit. */
export const TERM_EXIT = 10;
/** One call into the bot ran past the wall-clock limit (adjudication.decisionSeconds); its worker was restarted. */
export const TERM_TIME = 11;
/** The bot's worker ran out of its memory limit (adjudication.memoryMb) during a call into the bot; the worker was restarted. */
export const TERM_MEMORY = 12;
export const TERM_NAMES = [
  '',
  'illegal action',
  'policy threw',
  'over budget',
  'bad forward calls',
  'factory threw',
  'draft threw',
  'illegal draft pick',
  'called Math.random',
  'changed the tables',
  'called process.exit',
  'over time limit',
  'over memory limit',
];

/**
 * Write match `s` into row `row` of `out`: `seats[i]` is the experiment player in seat i,
 * `teams[i]` seat i's team id (null: free-for-all, team = seat), `outRound` each seat's
 * round of leaving the battle (null: the state's).
 */
export function writeRecord(
  out: Int32Array,
  row: number,
  s: GameState,
  id: number,
  pair: number,
  game: number,
  seed: number,
  seats: ArrayLike<number>,
  teams: ArrayLike<number> | null = null,
  outRound: ArrayLike<number> | null = null,
  table = 0,
): void {
  const o = row * RECORD_INTS;
  out.fill(0, o, o + RECORD_INTS);
  const n = s.players;
  out[o + R_ID] = id;
  out[o + R_PAIR] = pair;
  out[o + R_GAME] = game;
  out[o + R_SEED] = seed | 0;
  out[o + R_SEATS] = n;
  out[o + R_STATUS] = s.status;
  out[o + R_WINNER] = s.winner;
  out[o + R_ROUNDS] = s.round;
  out[o + R_TABLE] = table;
  for (let seat = 0; seat < 4; seat++) {
    if (seat >= n) {
      out[o + SEAT_PLAYER[seat]] = -1;
      out[o + SEAT_FACTION[seat]] = -1;
      out[o + R_TEAM0 + seat] = -1;
      continue;
    }
    out[o + SEAT_PLAYER[seat]] = seats[seat];
    out[o + SEAT_FACTION[seat]] = s.faction[seat];
    out[o + R_TEAM0 + seat] = teams === null ? seat : teams[seat];
    out[o + R_OUT0 + seat] = outRound !== null ? outRound[seat] : s.outRound[seat] || s.lostRound[seat] || (s.alive[seat] ? 0 : s.round);
    out[o + R_LOST0 + seat] = s.lostRound[seat] || (s.alive[seat] ? 0 : s.round);
    out[o + R_ESCAPED0 + seat] = s.escaped[seat];
    const lo = SEAT_LOADOUT[seat];
    for (let i = 0; i < 8; i++) out[o + lo + i] = s.loadout[seat * 8 + i];
    out.set(s.stats.subarray(seat * STAT_SIZE, (seat + 1) * STAT_SIZE), o + SEAT_STATS[seat]);
  }
  out[o + R_WINNER_TEAM] = s.winner;
}

/** Seat statistic `field` of seat `seat` in row `row`. */
export function recordStat(rec: Int32Array, row: number, seat: number, field: number): number {
  return rec[row * RECORD_INTS + SEAT_STATS[seat] + field];
}
