/**
 * Piscina worker (started by ChunkPool): plays chunks of one experiment's matches and writes
 * their records, and their matches.csv rows, into the pool's shared buffers, in the slot
 * each task names.
 *
 * Why: a worker keeps one prepared experiment (content, bots, kernel, state) across the
 * chunks it is given, and the experiment comes once, with the thread's workerData, so a
 * chunk costs just its matches and their rows; the main thread only folds records into
 * statistics and writes the rows out. Formatting the rows here keeps the main thread's
 * share per match small (it is one thread for all the workers, and on a machine with a
 * core per worker it takes its time from them).
 *
 * Each slot also has a few ints of progress (sim/match.ts PROGRESS_*, then P_DONE and
 * P_STARTED): the call into a bot under way and the matches finished, which the pool's
 * watchdog reads to adjudicate a bot that overruns a limit and to replay the rest of the
 * chunk on a fresh worker (chunk-pool.ts).
 */
import { workerData, threadId } from 'node:worker_threads';
import type { Experiment } from '../sim/experiment.js';
import { prepare, MatchPlayer, experimentPlayers, type ForcedFault } from '../sim/play.js';
import { RUNNER_PROGRESS_INTS } from '../sim/match.js';
import { RECORD_INTS, writeRecord, R_TERMINATION, R_FAULT_SEAT, SEAT_POLICY_US } from '../sim/record.js';
import { MatchCsvWriter } from '../report/csv.js';

/** What every thread of a pool is started with. */
export interface PoolData {
  file: string;
  experiment: Experiment;
  /** The pool's records: slots of `slotInts` int32s each. */
  records: SharedArrayBuffer;
  slotInts: number;
  /** The chunks' matches.csv rows: slots of `slotBytes` bytes each (null: no matches.csv). */
  csv: SharedArrayBuffer | null;
  slotBytes: number;
  /** Each slot's progress: P_INTS int32s. */
  progress: SharedArrayBuffer;
}

/** Matches of the task finished (records written), after the runner's PROGRESS_* ints. */
export const P_DONE = RUNNER_PROGRESS_INTS;
/** 1 once a worker has begun the task. */
export const P_STARTED = P_DONE + 1;
/** The threadId of the worker playing the task (the watchdog ends that worker). */
export const P_THREAD = P_DONE + 2;
export const P_INTS = P_DONE + 3;

/**
 * Match ids [from, to) into slot `slot`, their records from record `offset` of the slot (a
 * chunk continued after a restart). `forced`: adjudicate that call into a bot in match `from`.
 */
export interface SlotTask {
  from: number;
  to: number;
  slot: number;
  offset?: number;
  forced?: ForcedFault | null;
}

/**
 * Play matches [from, to) with `player`, writing their records to out[0 ..); `progress[P_DONE]`
 * counts them; `forced` applies to the first match.
 */
export function playInto(player: MatchPlayer, from: number, to: number, out: Int32Array, progress: Int32Array | null = null, forced: ForcedFault | null = null): void {
  for (let i = 0; i < to - from; i++) {
    const m = player.play(from + i, null, i === 0 ? forced : null);
    writeRecord(out, i, m.state, from + i, m.pair, m.game, m.seed, m.seats, m.teams, null, m.table);
    out[i * RECORD_INTS + R_TERMINATION] = m.termination;
    out[i * RECORD_INTS + R_FAULT_SEAT] = m.faultSeat;
    for (let seat = 0; seat < m.seats.length; seat++) out[i * RECORD_INTS + SEAT_POLICY_US[seat]] = Math.min(m.policyMicros[seat], 2 ** 31 - 1) | 0;
    if (progress !== null) progress[P_DONE] = i + 1;
  }
}

let player: MatchPlayer | null = null;
let csv: MatchCsvWriter | null = null;

/**
 * Piscina entry point: plays the task's matches into its slot, and writes their matches.csv
 * rows into the slot's bytes. Returns the rows' length in bytes: 0 without matches.csv, -1
 * when they do not fit (the main thread then writes them from the records).
 */
export default async function task(t: SlotTask): Promise<number> {
  const data = workerData as PoolData;
  const progress = new Int32Array(data.progress, t.slot * P_INTS * Int32Array.BYTES_PER_ELEMENT, P_INTS);
  progress[P_THREAD] = threadId;
  progress[P_STARTED] = 1;
  if (!player) {
    const prep = await prepare(data.file, data.experiment);
    player = new MatchPlayer(prep);
    if (data.csv) csv = new MatchCsvWriter(prep.tables, experimentPlayers(prep));
  }
  player.useProgress(progress);
  const offset = t.offset ?? 0;
  const records = new Int32Array(data.records, (t.slot * data.slotInts + offset * RECORD_INTS) * Int32Array.BYTES_PER_ELEMENT, (t.to - t.from) * RECORD_INTS);
  playInto(player, t.from, t.to, records, progress, t.forced ?? null);
  // A continued chunk's rows are written by the main thread, from all of the slot's records.
  if (offset > 0) return -1;
  if (!csv || !data.csv) return 0;
  const rows = csv.rows(records, t.to - t.from);
  if (rows.length > data.slotBytes) return -1;
  new Uint8Array(data.csv, t.slot * data.slotBytes, rows.length).set(rows);
  return rows.length;
}
