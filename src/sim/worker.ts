/**
 * Piscina worker: plays a chunk of an experiment's matches and returns their records as
 * one Int32Array, moved (transferred) to the main thread, not cloned.
 *
 * Why: a worker keeps one prepared experiment (content, bots, kernel, state) across the
 * chunks it is given, so per-chunk cost is just the matches; the main thread only folds
 * rows into statistics and writes them out.
 */
import { Piscina } from 'piscina';
import type { Experiment } from './experiment.js';
import { prepare, MatchPlayer } from './play.js';
import { RECORD_INTS, writeRecord, R_TERMINATION, R_FAULT_SEAT, R_POLICY_US0, R_POLICY_US1 } from './record.js';

export interface ChunkTask {
  file: string;
  experiment: Experiment;
  /** Match ids [from, to). */
  from: number;
  to: number;
}

let cachedKey = '';
let player: MatchPlayer | null = null;

/** Play matches [from, to) of the experiment; returns their records. */
export async function playChunk(task: ChunkTask): Promise<Int32Array> {
  const key = JSON.stringify(task.experiment);
  if (!player || key !== cachedKey) {
    player = new MatchPlayer(await prepare(task.file, task.experiment));
    cachedKey = key;
  }
  const n = task.to - task.from;
  const out = new Int32Array(n * RECORD_INTS);
  for (let i = 0; i < n; i++) {
    const m = player.play(task.from + i);
    writeRecord(out, i, m.state, task.from + i, m.pair, m.game, m.seed, m.seats[0], m.seats[1]);
    out[i * RECORD_INTS + R_TERMINATION] = m.termination;
    out[i * RECORD_INTS + R_FAULT_SEAT] = m.faultSeat;
    out[i * RECORD_INTS + R_POLICY_US0] = Math.min(m.policyMicros[0], 2 ** 31 - 1) | 0;
    out[i * RECORD_INTS + R_POLICY_US1] = Math.min(m.policyMicros[1], 2 ** 31 - 1) | 0;
  }
  return out;
}

/** Piscina entry point: the records are transferred, not copied. */
export default async function task(t: ChunkTask) {
  const records = await playChunk(t);
  return Piscina.move(records);
}
