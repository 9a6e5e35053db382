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
 *
 * Limits (docs/bots.md, "When a bot misbehaves"): each worker has a heap limit
 * (adjudication.memoryMb, worker resourceLimits), and a watchdog on this thread reads each
 * slot's progress (the call into a bot under way, published by the worker) and ends the
 * worker whose call has run past adjudication.decisionSeconds. A call into a bot cannot be
 * interrupted from its own thread, so the worker goes; the chunk is then continued on a
 * fresh worker from the match that overran, which is replayed from its seed with that call
 * adjudicated instead of made (sim/play.ts ForcedFault): the finished matches are kept, and
 * the record is the one any run gets, whatever the worker count. A worker that runs out of
 * memory during a call into a bot is handled alike. A worker that dies any other way (or
 * outside a call into a bot) fails its chunk, as before.
 */
import { Piscina } from 'piscina';
import { DEFAULT_DECISION_SECONDS, DEFAULT_MEMORY_MB, type Experiment } from '../sim/experiment.js';
import { RECORD_INTS, SEAT_PLAYER, SEAT_POLICY_US, TERM_TIME, TERM_MEMORY, recordSeats } from '../sim/record.js';
import { PROGRESS_SEAT, PROGRESS_STEP } from '../sim/match.js';
import type { ForcedFault } from '../sim/play.js';
import { P_DONE, P_INTS, P_STARTED, P_THREAD, type PoolData, type SlotTask } from './worker.js';

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
  /** Each slot's progress (worker.ts P_*), and what the watchdog last saw of it. */
  private readonly progress: Int32Array;
  private readonly seenDone: Int32Array;
  private readonly seenStep: Int32Array;
  private readonly seenSince: Float64Array;
  /** 1 while a slot's task is with piscina, and what the watchdog found when it ended its worker. */
  private readonly running: Uint8Array;
  private readonly overrun: ({ done: number; fault: ForcedFault } | null)[];
  private readonly limitMs: number;
  private readonly memoryMb: number;
  private readonly watchdog: ReturnType<typeof setInterval>;
  /** Workers ended by the watchdog or by their heap limit (run.json). */
  restarts = 0;
  /**
   * Wall-clock microseconds each experiment player's policy spent deciding, summed over the
   * matches that came back (records' R_POLICY_US*), and those matches per player (run.json).
   */
  readonly policyMicros: number[] = [];
  readonly policyMatches: number[] = [];

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
    const progress = new SharedArrayBuffer(slots * P_INTS * Int32Array.BYTES_PER_ELEMENT);
    this.progress = new Int32Array(progress);
    this.seenDone = new Int32Array(slots);
    this.seenStep = new Int32Array(slots).fill(-1);
    this.seenSince = new Float64Array(slots);
    this.running = new Uint8Array(slots);
    this.overrun = new Array<{ done: number; fault: ForcedFault } | null>(slots).fill(null);
    // An experiment built in code may leave the limits out: the schema's defaults then.
    this.limitMs = (experiment.adjudication?.decisionSeconds ?? DEFAULT_DECISION_SECONDS) * 1000;
    this.memoryMb = experiment.adjudication?.memoryMb ?? DEFAULT_MEMORY_MB;
    // Looked at four times per limit (at most once a second, at least every 10 ms): a call is
    // ended between one and 1.25 limits after it began (or the limit plus a second).
    this.watchdog = setInterval(() => this.watch(), Math.max(10, Math.min(1000, this.limitMs / 4)));
    this.watchdog.unref();
    const workerData: PoolData = { file, experiment, records: this.records, slotInts: this.slotInts, csv: this.csv, slotBytes: this.slotBytes, progress };
    this.pool = new Piscina({
      filename: new URL('./worker-entry.mjs', import.meta.url).href,
      minThreads: workers,
      maxThreads: workers,
      execArgv: [],
      resourceLimits: { maxOldGenerationSizeMb: this.memoryMb },
      workerData,
      // A worker is given its share of the slots' chunks at once: the next one waits in the
      // worker's own port, not in piscina's queue, so the worker starts it without a round
      // trip through the main thread (which then competes for the cores).
      concurrentTasksPerWorker: Math.ceil(slots / workers),
    });
    // A chunk cancelled by an AbortSignal may still post its result while its worker is being
    // ended; piscina reports a message for a task it no longer holds as a pool 'error', which
    // with no listener would end the process. That result is unwanted; any other error still
    // ends the process, as it did with no listener.
    this.pool.on('error', (e: Error) => {
      if (!e.message.startsWith('Unexpected message from Worker')) throw e;
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
    let start = from;
    let forced: ForcedFault | null = null;
    let continued = false;
    let unstarted = 0;
    for (;;) {
      const p = this.slotProgress(slot);
      p.fill(0);
      p[PROGRESS_SEAT] = -1;
      this.seenStep[slot] = -1;
      this.overrun[slot] = null;
      this.running[slot] = 1;
      const task: SlotTask = { from: start, to, slot, offset: start - from, forced };
      try {
        const length: number = await this.pool.run(task, { signal });
        // A continued chunk's rows are written by the main thread from its records.
        this.csvLength[slot] = continued ? -1 : length;
        break;
      } catch (e) {
        const found = this.overrun[slot] as { done: number; fault: ForcedFault } | null;
        const next = signal?.aborted ? null : found ? { done: found.done, fault: found.fault } : this.outOfMemory(e, p);
        if (next === null && !signal?.aborted && p[P_STARTED] === 0 && ++unstarted <= 3) {
          // Its worker was ended (after a limit, under another slot's task) before it began
          // this one: run it again.
          continue;
        }
        if (next === null) {
          this.giveBack(slot);
          throw e;
        }
        this.restarts++;
        start += next.done;
        forced = next.fault;
        continued = true;
      } finally {
        this.running[slot] = 0;
      }
    }
    const at = slot * this.slotInts;
    const records = new Int32Array(this.records, at * Int32Array.BYTES_PER_ELEMENT, (to - from) * RECORD_INTS);
    for (let o = 0; o < records.length; o += RECORD_INTS) {
      for (let seat = 0; seat < recordSeats(records, o); seat++) {
        const player = records[o + SEAT_PLAYER[seat]];
        this.policyMicros[player] = (this.policyMicros[player] ?? 0) + records[o + SEAT_POLICY_US[seat]];
        this.policyMatches[player] = (this.policyMatches[player] ?? 0) + 1;
      }
    }
    return records;
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

  private slotProgress(slot: number): Int32Array {
    return this.progress.subarray(slot * P_INTS, (slot + 1) * P_INTS);
  }

  /** What to do after a worker ran out of its heap limit during a call into a bot (null: it did not). */
  private outOfMemory(e: unknown, p: Int32Array): { done: number; fault: ForcedFault } | null {
    if ((e as { code?: unknown } | null)?.code !== 'ERR_WORKER_OUT_OF_MEMORY' || p[P_STARTED] === 0 || p[PROGRESS_SEAT] < 0) return null;
    const seat = p[PROGRESS_SEAT];
    return {
      done: p[P_DONE],
      fault: { step: p[PROGRESS_STEP], termination: TERM_MEMORY, message: `seat ${seat} ran its worker out of memory (over adjudication.memoryMb, ${this.memoryMb} MB) in one call; the worker was restarted` },
    };
  }

  /**
   * The watchdog: ends the worker of any slot whose call into a bot (the same step of the
   * same match) has lasted longer than the limit, noting the call for the replay (run).
   */
  private watch(): void {
    const now = performance.now();
    for (let slot = 0; slot < this.slots; slot++) {
      if (this.running[slot] === 0 || this.overrun[slot] !== null) continue;
      const p = this.slotProgress(slot);
      const seat = p[PROGRESS_SEAT];
      const step = p[PROGRESS_STEP];
      const done = p[P_DONE];
      if (seat < 0 || step !== this.seenStep[slot] || done !== this.seenDone[slot]) {
        this.seenStep[slot] = seat < 0 ? -1 : step;
        this.seenDone[slot] = done;
        this.seenSince[slot] = now;
        continue;
      }
      if (now - this.seenSince[slot] < this.limitMs) continue;
      const seconds = this.limitMs / 1000;
      this.overrun[slot] = {
        done,
        fault: { step, termination: TERM_TIME, message: `seat ${seat} took more than ${seconds} s in one call (adjudication.decisionSeconds); its worker was ended and restarted` },
      };
      // Ended directly, not through an AbortSignal: piscina runs an abortable task alone on
      // its worker, and a worker holds its next chunk while it plays one (see the header).
      // The worker's other task, not begun, fails with it and is run again (run).
      const worker = this.pool.threads.find((w) => w.threadId === p[P_THREAD]);
      if (worker) void worker.terminate();
    }
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
    clearInterval(this.watchdog);
    return this.pool.destroy();
  }
}
