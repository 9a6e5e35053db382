/**
 * The worker pool a batch plays on: piscina threads that each prepare the experiment once
 * (it comes with workerData) and write a chunk's records, and its matches.csv rows, into a
 * slot of SharedArrayBuffers allocated when the pool starts and reused chunk after chunk.
 *
 * Why: a task is then three numbers, and no chunk allocates, clones or transfers a buffer.
 * Each worker holds its next chunk as it plays one (concurrentTasksPerWorker), so it never
 * waits for the main thread between chunks.
 * Per-chunk transferred buffers (288 kB for 250 matches) were external memory to both
 * isolates: the main thread's collector marked about three times a second, on helper threads
 * taking the cores the workers need (--trace-incremental-marking; with slots, no marking after
 * start-up). Records in a slot are valid until the slot is released, so the
 * caller folds them, or copies them, first.
 */
import { Piscina } from 'piscina';
import type { Experiment } from '../sim/experiment.js';
import { RECORD_INTS } from '../sim/record.js';
import type { PoolData, SlotTask } from './worker.js';

/**
 * Bytes a slot holds per match for its matches.csv rows. A row of the shipped content is
 * about 570 bytes; longer names can outgrow this, and then the main thread writes that
 * chunk's rows itself.
 */
export const CSV_ROW_BYTES = 1024;

export class ChunkPool {
  /** Chunks that can be in flight at once (one slot each). */
  readonly slots: number;
  private readonly slotInts: number;
  private readonly records: SharedArrayBuffer;
  /** matches.csv rows by slot (null without matches.csv), and their length per slot (-1: did not fit). */
  private readonly csv: SharedArrayBuffer | null;
  private readonly slotBytes: number;
  private readonly csvLength: Int32Array;
  private readonly free: number[] = [];
  private readonly inUse: Uint8Array;
  private readonly pool: Piscina;

  /**
   * `workers` threads for `experiment` (read from `file`), with `slots` chunks of at most
   * `chunk` matches in flight (default two per worker, so a worker always has its next one).
   */
  constructor(file: string, experiment: Experiment, workers: number, chunk: number, slots = 2 * workers) {
    this.slots = slots;
    this.slotInts = chunk * RECORD_INTS;
    this.records = new SharedArrayBuffer(slots * this.slotInts * Int32Array.BYTES_PER_ELEMENT);
    this.slotBytes = experiment.outputs.matchesCsv ? chunk * CSV_ROW_BYTES : 0;
    this.csv = experiment.outputs.matchesCsv ? new SharedArrayBuffer(slots * this.slotBytes) : null;
    this.csvLength = new Int32Array(slots);
    this.inUse = new Uint8Array(slots);
    for (let i = slots - 1; i >= 0; i--) this.free.push(i);
    const workerData: PoolData = { file, experiment, records: this.records, slotInts: this.slotInts, csv: this.csv, slotBytes: this.slotBytes };
    this.pool = new Piscina({
      filename: new URL('./worker-entry.mjs', import.meta.url).href,
      minThreads: workers,
      maxThreads: workers,
      execArgv: [],
      workerData,
      // A worker is given its share of the slots' chunks at once: the next one waits in the
      // worker's own port, not in piscina's queue, so the worker starts it without a round
      // trip through the main thread (which then competes for the cores).
      concurrentTasksPerWorker: Math.ceil(slots / workers),
    });
  }

  /** Chunks waiting in piscina's queue rather than in a worker (0 while the workers hold every slot's chunk). */
  get queued(): number {
    return this.pool.queueSize;
  }

  /** Slots not in use. */
  get idle(): number {
    return this.free.length;
  }

  /**
   * Play matches [from, to) in a free slot; resolves to their records, a view into the slot
   * that stays valid until release(). Throws if every slot is in use.
   */
  async run(from: number, to: number, signal?: AbortSignal): Promise<Int32Array> {
    if ((to - from) * RECORD_INTS > this.slotInts) throw new Error(`ChunkPool: chunk [${from}, ${to}) is larger than a slot`);
    const slot = this.free.pop();
    if (slot === undefined) throw new Error(`ChunkPool: all ${this.slots} slots in use`);
    this.inUse[slot] = 1;
    const task: SlotTask = { from, to, slot };
    try {
      this.csvLength[slot] = await this.pool.run(task, { signal });
    } catch (e) {
      this.giveBack(slot);
      throw e;
    }
    const at = slot * this.slotInts;
    return new Int32Array(this.records, at * Int32Array.BYTES_PER_ELEMENT, (to - from) * RECORD_INTS);
  }

  /**
   * The matches.csv rows of the records run() returned, as the worker wrote them: a view
   * valid until release(); null without matches.csv or when they did not fit the slot.
   */
  csvOf(records: Int32Array): Uint8Array | null {
    const slot = this.slotOf(records);
    const length = this.csvLength[slot];
    return this.csv && length >= 0 ? new Uint8Array(this.csv, slot * this.slotBytes, length) : null;
  }

  /** Give back the slot of records returned by run(). */
  release(records: Int32Array): void {
    this.giveBack(this.slotOf(records));
  }

  private slotOf(records: Int32Array): number {
    if (records.buffer !== this.records) throw new Error('ChunkPool: records not from this pool');
    return records.byteOffset / Int32Array.BYTES_PER_ELEMENT / this.slotInts;
  }

  private giveBack(slot: number): void {
    if (!this.inUse[slot]) throw new Error(`ChunkPool: slot ${slot} released twice`);
    this.inUse[slot] = 0;
    this.free.push(slot);
  }

  destroy(): Promise<void> {
    return this.pool.destroy();
  }
}
