/**
 * A batch run: an experiment's matches on a piscina pool, streamed to matches.csv and
 * folded into mergeable statistics as chunks arrive, then summary.json, summary.csv and
 * the charts, all in results/<experiment>-<timestamp>/.
 *
 * Why it is built this way:
 * - Match `id` is a pure function of (experiment, id) (play.ts), so chunks can run on any
 *   worker in any order; statistics are sums and counts, so arrival order cannot change
 *   them, and matches.csv rows, sorted by id, are the same whatever the worker count.
 * - The pool's queue is bounded by feeding it at most two chunks per worker at a time.
 * - Ctrl-C (or an AbortSignal) stops feeding and cancels pending chunks; finished matches
 *   are kept and the summary is written, marked incomplete. Summary files are written to a
 *   temporary name and renamed, so nothing half-written is left.
 */
import { mkdirSync, writeFileSync, renameSync, createWriteStream, type WriteStream } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join, resolve } from 'node:path';
import { Piscina } from 'piscina';
import { repoRoot } from '../content/load.js';
import type { Experiment } from './experiment.js';
import type { ChunkTask } from './worker.js';
import { prepare, type Prepared } from './play.js';
import { RECORD_INTS } from './record.js';
import { SummaryAccumulator } from '../analysis/summary.js';
import { matchRowHeader, matchRow, summaryCsvRows, toCsv } from '../report/csv.js';
import { writeCharts } from '../report/charts.js';
import { Progress } from './progress.js';

export interface BatchOptions {
  file: string;
  experiment: Experiment;
  /** The experiment file's text, copied into the results folder. */
  text: string;
  /** Override the experiment's worker count (0 = one per core). */
  workers?: number;
  /** Where results go; default results/<name>-<timestamp>. */
  outDir?: string;
  /** Show progress (a bar on a terminal, periodic lines otherwise). */
  progress?: boolean;
  /** Stop early (the run keeps what finished and is marked incomplete). */
  signal?: AbortSignal;
  /** Handle Ctrl-C by stopping cleanly (the CLI sets this). */
  handleSigint?: boolean;
  /** Called with the number of finished matches after each chunk. */
  onProgress?: (done: number) => void;
}

export interface BatchResult {
  dir: string;
  complete: boolean;
  matches: number;
  seconds: number;
  summary: unknown;
}

function timestamp(): string {
  return new Date().toISOString().replace(/[:]/g, '-').replace(/\..*/, '');
}

/** Write `text` to `path` atomically (temporary file, then rename). */
export function writeAtomic(path: string, text: string): void {
  const tmp = `${path}.tmp-${process.pid}`;
  writeFileSync(tmp, text);
  renameSync(tmp, path);
}

/** Close a write stream and wait until everything is flushed. */
function closeStream(ws: WriteStream): Promise<void> {
  return new Promise((res, rej) => {
    ws.on('error', rej);
    ws.end(() => res());
  });
}

export async function runBatch(o: BatchOptions): Promise<BatchResult> {
  const ex = o.experiment;
  const prep: Prepared = await prepare(o.file, ex); // validates players, factions, bots before any thread starts
  const total = ex.matches;
  const workers = (o.workers ?? ex.workers) || availableParallelism();
  const dir = resolve(o.outDir ?? join(repoRoot(), 'results', `${ex.name}-${timestamp()}`));
  mkdirSync(dir, { recursive: true });
  writeAtomic(join(dir, 'experiment.yaml'), o.text);

  const players = ex.players.map((p) => ({ name: p.name!, policy: p.policy, faction: p.faction }));
  const acc = new SummaryAccumulator({ name: ex.name, players, tables: prep.tables, factions: prep.factions });
  const csv = ex.outputs.matchesCsv ? createWriteStream(join(dir, 'matches.csv')) : null;
  if (csv) csv.write(toCsv([matchRowHeader(prep.tables)]));

  const abort = new AbortController();
  if (o.signal) o.signal.addEventListener('abort', () => abort.abort(), { once: true });
  const onSigint = () => {
    if (!abort.signal.aborted) process.stderr.write('\nStopping: finishing what is written, keeping finished matches...\n');
    abort.abort();
  };
  if (o.handleSigint) process.on('SIGINT', onSigint);

  const pool = new Piscina({
    filename: new URL('./worker-entry.mjs', import.meta.url).href,
    maxThreads: workers,
    minThreads: workers,
    execArgv: [],
  });
  const progress = o.progress ? new Progress(total) : null;
  const t0 = performance.now();
  let done = 0;
  let next = 0;
  const inflight = new Set<Promise<void>>();

  const launch = () => {
    const from = next;
    const to = Math.min(total, from + ex.chunk);
    next = to;
    const task: ChunkTask = { file: o.file, experiment: ex, from, to };
    const p = (pool.run(task, { signal: abort.signal }) as Promise<Int32Array>).then(
      (rec) => {
        const count = rec.length / RECORD_INTS;
        acc.add(rec, count);
        if (csv) {
          const rows: string[][] = [];
          for (let i = 0; i < count; i++) rows.push(matchRow(rec, i, prep.tables, players));
          csv.write(toCsv(rows));
        }
        done += count;
        progress?.update(done);
        o.onProgress?.(done);
      },
      (e: unknown) => {
        if (!abort.signal.aborted) throw e;
      },
    );
    inflight.add(p);
    void p.finally(() => inflight.delete(p));
  };

  let failure: unknown = null;
  try {
    while (next < total && !abort.signal.aborted) {
      while (next < total && inflight.size < workers * 2 && !abort.signal.aborted) launch();
      if (inflight.size) await Promise.race(inflight);
    }
    await Promise.all(inflight);
  } catch (e) {
    failure = e;
    abort.abort();
    await Promise.allSettled(inflight);
  } finally {
    if (o.handleSigint) process.off('SIGINT', onSigint);
    progress?.stop(done);
    await pool.destroy();
    if (csv) await closeStream(csv);
  }
  const seconds = (performance.now() - t0) / 1000;
  const complete = done === total && !failure;
  // summary.json holds results only, so it is byte-identical whatever the worker count;
  // how the run went (time, threads) goes to run.json.
  const summary = {
    ...acc.summarize(),
    seed: ex.seed,
    complete,
    matchesPlanned: total,
    matchesPlayed: done,
    state: acc.toJSON(),
  };
  const runInfo = { complete, matchesPlayed: done, workers, seconds: Math.round(seconds * 1000) / 1000, matchesPerSecond: Math.round(done / seconds), node: process.version, finished: new Date().toISOString() };
  writeAtomic(join(dir, 'run.json'), JSON.stringify(runInfo, null, 2) + '\n');
  if (ex.outputs.summary) {
    writeAtomic(join(dir, 'summary.json'), JSON.stringify(summary, null, 2) + '\n');
    writeAtomic(join(dir, 'summary.csv'), toCsv(summaryCsvRows(acc.summarize())));
  }
  if (ex.outputs.charts && done > 0) await writeCharts(acc.summarize(), join(dir, 'charts'));
  if (failure) throw failure;
  return { dir, complete, matches: done, seconds, summary };
}
