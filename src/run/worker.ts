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
 */
import { workerData } from 'node:worker_threads';
import type { Experiment } from '../sim/experiment.js';
import { prepare, MatchPlayer, experimentPlayers } from '../sim/play.js';
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
}

/** Match ids [from, to) into slot `slot`. */
export interface SlotTask {
  from: number;
  to: number;
  slot: number;
}

/** Play matches [from, to) with `player`, writing their records to out[0 ..). */
export function playInto(player: MatchPlayer, from: number, to: number, out: Int32Array): void {
  for (let i = 0; i < to - from; i++) {
    const m = player.play(from + i);
    writeRecord(out, i, m.state, from + i, m.pair, m.game, m.seed, m.seats, m.teams, null, m.table);
    out[i * RECORD_INTS + R_TERMINATION] = m.termination;
    out[i * RECORD_INTS + R_FAULT_SEAT] = m.faultSeat;
    for (let seat = 0; seat < m.seats.length; seat++) out[i * RECORD_INTS + SEAT_POLICY_US[seat]] = Math.min(m.policyMicros[seat], 2 ** 31 - 1) | 0;
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
  if (!player) {
    const prep = await prepare(data.file, data.experiment);
    player = new MatchPlayer(prep);
    if (data.csv) csv = new MatchCsvWriter(prep.tables, experimentPlayers(prep));
  }
  const records = new Int32Array(data.records, t.slot * data.slotInts * Int32Array.BYTES_PER_ELEMENT, (t.to - t.from) * RECORD_INTS);
  playInto(player, t.from, t.to, records);
  if (!csv || !data.csv) return 0;
  const rows = csv.rows(records, t.to - t.from);
  if (rows.length > data.slotBytes) return -1;
  new Uint8Array(data.csv, t.slot * data.slotBytes, rows.length).set(rows);
  return rows.length;
}
