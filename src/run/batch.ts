/**
 * A batch run: an experiment's matches on a piscina pool, streamed to matches.csv and
 * folded into mergeable statistics as chunks arrive, then summary.json, summary.csv and
 * the charts, all in results/<experiment>-<timestamp>/.
 *
 * Why it is built this way:
 * - Match `id` is a pure function of (experiment, id) (play.ts), so chunks can run on any
 *   worker in any order; statistics are sums and counts, so arrival order cannot change
 *   them, and matches.csv rows, sorted by id, are the same whatever the worker count.
 * - The pool's queue is bounded by its record slots: at most two tasks per worker are in
 *   flight (chunk-pool.ts), so a worker always has its next task and none waits in a queue.
 * - A task is one chunk, or (runs without `chunk` in the file, except compare runs) several
 *   consecutive chunks once the run's speed is known, so that fast matches do not cost the
 *   main thread a round trip every few milliseconds (chunksPerTask). Checkpoints and
 *   resume still count chunks, so the grouping changes no figure and no file.
 * - Ctrl-C (or an AbortSignal) stops feeding and cancels pending chunks; finished matches
 *   are kept and the summary is written, marked incomplete. Summary files are written to a
 *   temporary name and renamed, so nothing half-written is left.
 * - A chunk that fails (its worker thread died, say) stops the feeding too, but the chunks
 *   in flight on the other workers finish and are kept (a crashed worker
 *   loses no finished results); the summary and checkpoint are written as for Ctrl-C, then
 *   a RunFailure names the chunk's matches, where the finished ones are and how to resume.
 */
import { openSync, ftruncateSync, writeSync, closeSync, existsSync, readFileSync, truncateSync, rmSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join, relative, resolve } from 'node:path';
import type { Experiment } from '../sim/experiment.js';
import type { Plan } from '../sim/plan.js';
import { ConfigError, ROOT } from '../content/errors.js';
import { formatSprtLine, sequentialResult, sprtStatus, type SequentialResult, type SprtStatus } from '../analysis/sprt.js';
import { withSequentialColumns } from '../report/sequential-section.js';
import { blockSequentialResult, compareBlockStatus, formatBlockSprtLine, type BlockSprtStatus } from '../analysis/sprt-multi.js';
import { fitMultiRatings, fitRatings, ratingInput, type Ratings } from '../analysis/ratings.js';
import { crosstableRows, ratingsRows, pairingsRows, liveTable, writeTournamentCharts, ratingsChart } from '../report/tournament.js';
import { multiCharts } from '../report/multi.js';
import { ChunkPool } from './chunk-pool.js';
import { prepare, plannedMatches, experimentPlayers, type Prepared } from '../sim/play.js';
import { RECORD_INTS } from '../sim/record.js';
import { SummaryAccumulator, type SummaryState } from '../analysis/summary.js';
import { OutlierTracker, outlierReport, type OutlierState } from '../analysis/outliers.js';
import { matchRowHeader, MatchCsvWriter, summaryCsvRows, balanceCsvRows, toCsv, multiTableRows, multiPairwiseRows } from '../report/csv.js';
import { writeCharts, writeSpecs } from '../report/charts.js';
import { balanceCharts, factionMixtureChart } from '../report/balance-charts.js';
import { writeReport, type RunAnalysis } from '../report/findings.js';
import { writeAtomic } from '../report/files.js';
import { analyseBalance } from '../analysis/balance.js';
import { analyseFactionMeta } from '../analysis/meta-factions.js';
import { factionMetaCsvRows } from '../report/meta-factions.js';
import { analyseMultiMeta, type MultiMetaAnalysis } from '../analysis/meta-multi.js';
import { multiMetaChart, multiMetaCsvRows } from '../report/meta-multi.js';
import { Progress } from './progress.js';
import { writeProvenance } from './provenance.js';
import { shardRange, writeShardFile, type Shard } from './shard.js';
import { openResultsFolder, defaultResultsDir, fsErrorMessage, isDiskFull, type ResultsFolder } from './results-folder.js';

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
  /** Called with the number of finished matches after each task (a chunk or a few). */
  onProgress?: (done: number) => void;
  /** Time a worker task aims at when chunks are grouped, in ms (default TASK_MS; 0: a chunk a task). */
  taskMs?: number;
  /** Continue the stopped run in this results folder (its checkpoint.json). */
  resume?: string;
  /** Play only this shard of the run (shard.ts), into its own folder with a shard.json. */
  shard?: Shard;
  /** The experiment file the outputs name, when not `file` (a merge names the file the shards were started from). */
  displayFile?: string;
  /** Print a standings table now and then (tournaments). */
  liveTable?: boolean;
  /** Told the plan (entrants, pairings) and the number of matches once the experiment is prepared. */
  onPlan?: (plan: Plan, matches: number) => void;
  /** Told every finished task's records (valid only during the call), as they are folded: autobalance reads its per-pair scores here. */
  onRecords?: (rec: Int32Array, count: number) => void;
}

export interface BatchResult {
  dir: string;
  complete: boolean;
  matches: number;
  /** Matches played by this process (a resumed run's earlier ones left out): what its speed is measured on. */
  matchesThisRun: number;
  seconds: number;
  summary: Record<string, unknown>;
  ratings: Ratings | null;
}

interface Checkpoint {
  experiment: string;
  total: number;
  chunk: number;
  /** Starts of the chunks whose matches are in the state and in matches.csv. */
  done: number[];
  /** Length of matches.csv holding exactly those rows. */
  csvBytes: number;
  state: unknown;
  outliers: OutlierState;
}

/**
 * Matches per chunk when the experiment does not say: a sixteenth of the run, at most 250.
 * Big enough that a chunk's round trip (about 0.3 ms of the main thread's time) is small
 * beside its matches, small enough that a short run of slow matches (200 mcts games) is
 * spread over every worker and reports progress. A function of the run alone, never of the
 * worker count: a compare run stops at chunk boundaries, and those must not move.
 */
export function defaultChunk(total: number): number {
  return Math.min(250, Math.max(1, Math.ceil(total / 16)));
}

/**
 * Time a worker task aims at when chunks are grouped (chunksPerTask), in ms. 250, not 100:
 * in 150,000-match runs of the default experiment on two workers,
 * five alternating pairs, the main thread used 37-43 ms of CPU a second with 100 and 28-30
 * with 250 (tasks of 4-5 chunks against 8).
 */
export const TASK_MS = 250;
/** Most chunks one task groups. */
export const MAX_CHUNKS_PER_TASK = 8;
/** How long after the run's first task comes back its speed is trusted (msPerChunkSoFar). */
const SPEED_AFTER_MS = 100;

/**
 * A worker's time per chunk so far, from the `played` matches that came back in the `since`
 * ms after the run's first task did (Infinity until `SPEED_AFTER_MS` have passed: the other
 * workers' first tasks come back just after the first, and would make the run look fast).
 */
export function msPerChunkSoFar(since: number, played: number, workers: number, chunk: number): number {
  return since >= SPEED_AFTER_MS && played > 0 ? (since * workers * chunk) / played : Infinity;
}

/**
 * Consecutive chunks for the next task: as many as take about `taskMs` at `msPerChunk` (a
 * worker's time per chunk so far; Infinity before it is known), at most `max`, and at most
 * what leaves each worker four tasks of the `remaining` chunks, so the workers still finish
 * together. Why: a task costs the main thread 0.3 ms or more whatever its size (piscina's
 * message handling in a CPU profile, the rest presumably waking the thread), and
 * 250 scripted matches take a worker 10-30 ms, so chunk-sized tasks took several percent of
 * a core from the workers. A slow match (mcts) keeps one chunk a task, so progress, Ctrl-C
 * and the run's end stay as fine-grained as before.
 */
export function chunksPerTask(msPerChunk: number, remaining: number, workers: number, taskMs = TASK_MS, max = MAX_CHUNKS_PER_TASK): number {
  const bySpeed = Math.floor(taskMs / msPerChunk);
  const byTail = Math.floor(remaining / (4 * workers));
  return Math.max(1, Math.min(max, bySpeed, byTail));
}

/**
 * How the bots' time went in this run (run.json, not summary.json: wall time differs
 * from run to run): each player's policy seconds in all and per match (the time its
 * choose() calls took, measured per decision by the match loop), and the workers restarted
 * after a bot overran a limit (chunk-pool.ts).
 */
function poolInfo(pool: ChunkPool, players: readonly { name: string }[]) {
  const policy = players.map((p, i) => {
    const matches = pool.policyMatches[i] ?? 0;
    const seconds = (pool.policyMicros[i] ?? 0) / 1e6;
    return { player: p.name, matches, seconds: Math.round(seconds * 1000) / 1000, msPerMatch: matches ? Math.round((seconds * 1e6) / matches) / 1000 : null };
  });
  return { policyTime: policy, workerRestarts: pool.restarts };
}

/** A run stopped by a failed chunk, after keeping its finished matches (see the header). */
export class RunFailure extends Error {}

/** The RunFailure for a write the disk refused: the file, the reason, and the resume (the last checkpoint is intact). */
function diskFull(o: BatchOptions, dir: string, e: unknown): RunFailure {
  const rel = relative(process.cwd(), dir) || '.';
  const next = o.experiment.kind === 'compare' ? 'free some space and start it again' : `free some space and continue with: stareater run ${relative(process.cwd(), resolve(o.file)) || o.file} --resume ${rel}`;
  const kept = existsSync(join(dir, 'checkpoint.json')) ? `the matches up to its last checkpoint are kept in ${rel}` : 'no matches were kept';
  return new RunFailure(`${fsErrorMessage(e) ?? (e as Error).message}. The run stopped; ${kept} (${next})`, { cause: e });
}

export async function runBatch(o: BatchOptions): Promise<BatchResult> {
  // The results folder's lock is held from its opening (results-folder.ts) to the last file written, whatever happens.
  const held: ResultsFolder[] = [];
  try {
    return await runBatchHeld(o, held);
  } catch (e) {
    // A full disk anywhere after the folder opened: one line, and how to go on from the last checkpoint.
    if (held.length && isDiskFull(e) && !(e instanceof RunFailure)) throw diskFull(o, held[0].dir, e);
    throw e;
  } finally {
    for (const f of held) f.release();
  }
}

async function runBatchHeld(o: BatchOptions, held: ResultsFolder[]): Promise<BatchResult> {
  const ex = o.experiment;
  const prep: Prepared = await prepare(o.file, ex); // validates players, factions, bots before any thread starts
  const pairings = prep.plan.pairings;
  // A shard (shard.ts) plays match ids [first, total) of the run's `whole`; a whole run [0, total).
  const whole = plannedMatches(prep);
  const { from: first, to: total } = o.shard ? shardRange(whole, prep.plan.seating?.block ?? 2, o.shard, o.file) : { from: 0, to: whole };
  const chunk = ex.chunk ?? defaultChunk(total - first);
  o.onPlan?.(prep.plan, total - first);
  const workers = (o.workers ?? ex.workers) || availableParallelism();
  const dir = resolve(o.resume ?? o.outDir ?? defaultResultsDir(ex.name));
  held.push(openResultsFolder({ dir, resume: !!o.resume, experimentText: o.text }));
  const players = experimentPlayers(prep);
  const csvPath = join(dir, 'matches.csv');
  const checkpointPath = join(dir, 'checkpoint.json');
  const compare = ex.kind === 'compare' ? ex.sprt! : null;

  // Resume (tournaments autosave): the state so far, the chunks it holds, the CSV up to them.
  const seats = prep.plan.seating?.seats ?? 2;
  let acc = new SummaryAccumulator({ name: ex.name, players, tables: prep.tables, factions: prep.factions, seedsShared: prep.plan.pairings.length > 1 });
  let outliers = new OutlierTracker();
  const doneChunks = new Set<number>();
  let csvBytes = 0;
  if (o.resume) {
    if (!existsSync(checkpointPath)) throw ConfigError.at(checkpointPath, ROOT, 'a checkpoint written by a stopped run (checkpoint.json)', 'no such file');
    const cp = JSON.parse(readFileSync(checkpointPath, 'utf8')) as Checkpoint;
    if (cp.experiment !== JSON.stringify(ex) || cp.chunk !== chunk)
      throw ConfigError.at(o.file, ROOT, `the same experiment as the run in ${dir} (it changed since)`, ex.name);
    if (compare) throw ConfigError.at(o.file, 'kind', 'a batch, tournament or gauntlet (compare runs restart)', ex.kind);
    acc = SummaryAccumulator.fromJSON(cp.state as never);
    outliers = OutlierTracker.fromJSON(cp.outliers);
    cp.done.forEach((c) => doneChunks.add(c));
    csvBytes = cp.csvBytes;
    if (existsSync(csvPath)) truncateSync(csvPath, csvBytes);
  } else {
    // What reproduces the run: the effective experiment, the content copied, hashes, versions (provenance.ts).
    writeProvenance({ dir, file: o.file, text: o.text, experiment: ex, prep, workers: o.workers });
    if (o.shard) writeShardFile(dir, o.shard, { from: first, to: total, total: whole });
  }
  // matches.csv is written synchronously, a chunk's rows at a time, so the file always
  // holds exactly the rows folded so far and a checkpoint can be taken at any moment.
  let csv: number | null = null;
  const csvRows = new MatchCsvWriter(prep.tables, players);
  if (ex.outputs.matchesCsv) {
    csv = openSync(csvPath, o.resume ? 'a' : 'w');
    if (!o.resume) csvBytes += writeSync(csv, toCsv([matchRowHeader(prep.tables, seats)]));
  }

  const abort = new AbortController();
  if (o.signal) o.signal.addEventListener('abort', () => abort.abort(), { once: true });
  const onSigint = () => {
    if (!abort.signal.aborted) process.stderr.write('\nStopping: finishing what is written, keeping finished matches...\n');
    abort.abort();
  };
  if (o.handleSigint) process.on('SIGINT', onSigint);

  // Chunks are grouped into tasks only where the chunk is the program's choice and no stopping rule reads chunk ends.
  const grouped = ex.chunk === undefined && !compare && (o.taskMs ?? TASK_MS) > 0;
  const pool = new ChunkPool(o.file, ex, workers, grouped ? chunk * MAX_CHUNKS_PER_TASK : chunk);
  const progress = o.progress ? new Progress(total - first, undefined, acc.size) : null;
  const t0 = performance.now();
  let done = acc.size;
  /** Matches a resumed run had before this process: left out of its speed. */
  const doneBefore = done;
  /** When the first task of this run came back, and the matches done then: the run's speed is measured from there (start-up left out). */
  let firstAt = 0;
  let doneAtFirst = -1;
  let next = first;
  const inflight = new Set<Promise<void>>();
  // The first checkpoint as soon as the first task is in: a run killed after that resumes.
  let lastSave = -Infinity;
  let lastTable = performance.now();
  let decision: SprtStatus | null = null;
  /** The first failed chunk's error: no chunk is launched after it. */
  let failure: unknown = null;

  const saveCheckpoint = () => {
    const cp: Checkpoint = { experiment: JSON.stringify(ex), total, chunk, done: [...doneChunks].sort((x, y) => x - y), csvBytes, state: acc.toJSON(), outliers: outliers.toJSON() };
    writeAtomic(checkpointPath, JSON.stringify(cp) + '\n');
    lastSave = performance.now();
  };

  let csvFailed = false;
  /** Fold one finished task (a chunk or several) into the statistics and the CSV (its rows as the worker wrote them, or null). */
  const fold = (from: number, rec: Int32Array, rows: Uint8Array | null) => {
    const count = rec.length / RECORD_INTS;
    if (doneAtFirst < 0) {
      firstAt = performance.now();
      doneAtFirst = done + count;
    }
    // The rows first: a write the disk refuses is cut back off, leaves the statistics as they
    // were and stops the folding, so the checkpoint and matches.csv still agree (resumable).
    if (csvFailed) return;
    if (csv !== null) {
      const bytes = rows ?? csvRows.rows(rec, count);
      try {
        for (let at = 0; at < bytes.length; ) at += writeSync(csv, bytes, at);
      } catch (e) {
        csvFailed = true;
        ftruncateSync(csv, csvBytes);
        if (e && typeof e === 'object' && !('path' in e)) (e as NodeJS.ErrnoException).path = csvPath; // a write names no file
        throw e;
      }
      csvBytes += bytes.length;
    }
    acc.add(rec, count);
    o.onRecords?.(rec, count);
    outliers.add(rec, count);
    for (let c = from; c < from + count; c += chunk) doneChunks.add(c);
    done += count;
    progress?.update(done);
    o.onProgress?.(done);
  };

  // compare: chunks count only as a contiguous prefix, so the stopping point (and so every
  // figure) is the same whatever the number of workers or the order chunks finish in.
  const waiting = new Map<number, { rec: Int32Array; rows: Uint8Array | null }>();
  let prefix = 0;
  const foldPrefix = () => {
    while (!decision && waiting.has(prefix)) {
      const { rec, rows } = waiting.get(prefix)!;
      waiting.delete(prefix);
      fold(prefix, rec, rows);
      prefix += chunk;
      if (seats > 2) {
        // 3-4 players: the test weighs completed rotation blocks (sprt-multi.ts).
        const st = compareBlockStatus(acc.toJSON().multi, compare!);
        process.stderr.write(`  ${formatBlockSprtLine(st)}\n`);
        if (st.decision !== 'continue') decision = st;
        continue;
      }
      const p = acc.summarize().pairings[0];
      const st = sprtStatus(p.pentanomial.counts, compare!.elo0, compare!.elo1, compare!.alpha, compare!.beta, compare!.model);
      process.stderr.write(`  ${formatSprtLine(st, p.pentanomial.counts)}\n`);
      // No new chunks after a decision; those in flight finish and are dropped (aborting a
      // running task ends its worker, whose answer then reaches piscina for a task it no longer knows).
      if (st.decision !== 'continue') decision = st;
    }
  };

  const launch = () => {
    while (next < total && doneChunks.has(next)) next += chunk;
    if (next >= total) return;
    const from = next;
    let to = Math.min(total, from + chunk);
    if (grouped) {
      const msPerChunk = doneAtFirst < 0 ? Infinity : msPerChunkSoFar(performance.now() - firstAt, done - doneAtFirst, workers, chunk);
      const k = chunksPerTask(msPerChunk, Math.ceil((total - from) / chunk), workers, o.taskMs);
      for (let c = 1; c < k && to < total && !doneChunks.has(to); c++) to = Math.min(total, to + chunk);
    }
    next = to;
    const p = pool.run(from, to, abort.signal).then(
      (rec) => {
        if (compare) {
          // Held until the chunks before it are in: a copy, so the slot can be reused.
          waiting.set(from, { rec: rec.slice(), rows: pool.csvOf(rec)?.slice() ?? null });
          pool.release(rec);
          foldPrefix();
        } else {
          fold(from, rec, pool.csvOf(rec));
          pool.release(rec);
        }
        if (!compare && performance.now() - lastSave > 5000) saveCheckpoint();
        if (o.liveTable && pairings.length > 1 && seats === 2 && performance.now() - lastTable > 10_000) {
          lastTable = performance.now();
          process.stderr.write(liveTable(acc.summarize()) + '\n');
        }
      },
      (e: unknown) => {
        if (!abort.signal.aborted && failure === null) throw new RunFailure(`matches ${from}-${to - 1} failed: ${e instanceof Error ? e.message : String(e)}`, { cause: e });
      },
    );
    inflight.add(p);
    // Both ways, so that a failed chunk leaves no unhandled promise behind (the loop below
    // takes its error from p itself).
    const forget = () => void inflight.delete(p);
    p.then(forget, forget);
  };

  try {
    while (!abort.signal.aborted && !decision) {
      while (next < total && pool.idle > 0 && !abort.signal.aborted && !decision) launch();
      if (!inflight.size) break;
      await Promise.race(inflight);
    }
    await Promise.allSettled(inflight);
  } catch (e) {
    // No new chunks; those in flight on sound workers finish and are kept (Ctrl-C still cancels them).
    failure = e;
    await Promise.allSettled(inflight);
  } finally {
    if (o.handleSigint) process.off('SIGINT', onSigint);
    progress?.stop(done);
    await pool.destroy();
    if (csv !== null) closeSync(csv);
  }
  const seconds = (performance.now() - t0) / 1000;
  const complete = !failure && (decision !== null || done === total - first);
  if (!complete && !compare) saveCheckpoint();
  const summarized = acc.summarize();
  // summary.json holds results only, so it is byte-identical whatever the worker count;
  // how the run went (time, threads) goes to run.json.
  const summary: Record<string, unknown> = {
    ...summarized,
    kind: ex.kind,
    seed: ex.seed,
    complete,
    matchesPlanned: total - first,
    matchesPlayed: done,
  };
  let ratings: Ratings | null = null;
  if (summarized.multi) {
    // N players: every run gets ratings from the pairwise finishes (even a batch: its entrants are N);
    // a meta's entrants include copies of one strategy, so its answer is the equilibrium instead.
    if (done > 0 && ex.kind !== 'meta') ratings = fitMultiRatings(summarized.multi, players.map((p) => p.name), { seed: `${ex.seed}/bootstrap` });
    if (ratings) summary.ratings = ratings;
  } else if (ex.kind !== 'autobalance' && (pairings.length > 1 || ex.kind === 'tournament' || ex.kind === 'gauntlet')) {
    // (An autobalance's candidates never meet each other: their copies form no one rating scale.)
    ratings = fitRatings(ratingInput(summarized), { seed: `${ex.seed}/bootstrap` });
    summary.ratings = ratings;
  }
  // compare: the sequential test's outcome and estimates, for the report and the terminal (SequentialResult).
  let sequential: SequentialResult | null = null;
  if (compare && seats > 2) {
    const st = (decision as BlockSprtStatus | null) ?? compareBlockStatus(acc.toJSON().multi, compare);
    summary.sprt = blockSequentialResult(st, decision ? 'sprt' : done >= total ? 'maximum' : 'stopped', done, ex.players[0].name!, ex.players[1].name!);
  } else if (compare) {
    const counts = summarized.pairings[0].pentanomial.counts;
    const st = decision ?? sprtStatus(counts, compare.elo0, compare.elo1, compare.alpha, compare.beta, compare.model);
    sequential = sequentialResult(st, counts, decision ? 'sprt' : done >= total ? 'maximum' : 'stopped', done);
    summary.sprt = sequential;
  }
  summary.state = acc.toJSON();
  const analysis: RunAnalysis = {
    kind: ex.kind,
    file: relative(process.cwd(), resolve(o.displayFile ?? o.file)) || o.file,
    entrants: players.map((p) => p.name),
    loadoutSpace: prep.plan.loadoutSpace,
    // The balance analyses rest on two-player pairs (pentanomial counts); N-player sweeps report the tables' figures only.
    balance: done > 0 && seats === 2 ? analyseBalance(ex.kind, { plan: prep.plan, tables: prep.tables, factions: prep.factions, fixed: prep.fixed, state: summary.state as SummaryState, band: ex.band, target: ex.target, seed: ex.seed }) : null,
    outliers: outlierReport(outliers.toJSON()),
  };
  // A two-faction meta: the bimatrix game of the two sides' loadouts (meta-factions.ts), also in summary.json.
  // A meta on N seats: the game of T sides (meta-multi.ts); with two factions on two teams, the two-faction game over team compositions.
  const tableMeta = done > 0 ? analyseMultiMeta(prep.plan, (summary.state as SummaryState).multi, ex.seed) : null;
  const factionMeta = tableMeta?.kind === 'meta-factions' ? tableMeta : done > 0 ? analyseFactionMeta(prep.plan, summary.state as SummaryState, ex.seed) : null;
  if (factionMeta) summary.factionMeta = analysis.factionMeta = factionMeta;
  const multiMeta: MultiMetaAnalysis | null = tableMeta?.kind === 'meta-multi' ? tableMeta : null;
  if (multiMeta) summary.multiMeta = analysis.multiMeta = multiMeta;
  const runInfo = { complete, matchesPlayed: done, workers, seconds: Math.round(seconds * 1000) / 1000, matchesThisRun: done - doneBefore, matchesPerSecond: Math.round((done - doneBefore) / Math.max(seconds, 1e-9)), node: process.version, finished: new Date().toISOString(), file: analysis.file, ...poolInfo(pool, players) };
  writeAtomic(join(dir, 'run.json'), JSON.stringify(runInfo, null, 2) + '\n');
  if (o.shard) writeShardFile(dir, o.shard, { from: first, to: total, total: whole }, { complete, matchesPlayed: done, state: summary.state as SummaryState, outliers: outliers.toJSON() });
  if (ex.outputs.summary) {
    writeAtomic(join(dir, 'summary.json'), JSON.stringify(summary, null, 2) + '\n');
    writeAtomic(join(dir, 'analysis.json'), JSON.stringify(analysis, null, 2) + '\n');
    writeAtomic(join(dir, 'summary.csv'), toCsv(summaryCsvRows(summarized)));
    if (summarized.multi) {
      writeAtomic(join(dir, 'tables.csv'), toCsv(multiTableRows(summarized.multi)));
      writeAtomic(join(dir, 'pairwise.csv'), toCsv(multiPairwiseRows(summarized.multi, players.map((p) => p.name))));
      if (ratings) writeAtomic(join(dir, 'ratings.csv'), toCsv(ratingsRows(ratings)));
    } else {
      writeAtomic(join(dir, 'pairings.csv'), toCsv(sequential ? withSequentialColumns(pairingsRows(summarized), sequential) : pairingsRows(summarized)));
      if (ratings) {
        writeAtomic(join(dir, 'crosstable.csv'), toCsv(crosstableRows(summarized)));
        writeAtomic(join(dir, 'ratings.csv'), toCsv(ratingsRows(ratings)));
      }
    }
    if (analysis.balance) for (const [name, rows] of Object.entries(balanceCsvRows(analysis.balance))) writeAtomic(join(dir, `${name}.csv`), toCsv(rows));
    if (factionMeta) for (const [name, rows] of Object.entries(factionMetaCsvRows(factionMeta))) writeAtomic(join(dir, `${name}.csv`), toCsv(rows));
    if (multiMeta) for (const [name, rows] of Object.entries(multiMetaCsvRows(multiMeta))) writeAtomic(join(dir, `${name}.csv`), toCsv(rows));
  }
  // A shard's charts and report would show a part as if it were the run: they come with the merge (merge.ts).
  if (ex.outputs.charts && done > 0 && !o.shard && summarized.multi) {
    await writeSpecs(multiCharts(summarized.multi, ex.name), join(dir, 'charts'));
    if (factionMeta) await writeSpecs({ 'meta-factions': factionMixtureChart(factionMeta) }, join(dir, 'charts'));
    if (multiMeta) await writeSpecs({ 'meta-multi': multiMetaChart(multiMeta, ex.name) }, join(dir, 'charts'));
    if (ratings) await writeSpecs({ ratings: ratingsChart(ratings, `${ex.name}: ratings from pairwise finishes`) }, join(dir, 'charts'));
  } else if (ex.outputs.charts && done > 0 && !o.shard) {
    await writeCharts(summarized, join(dir, 'charts'));
    if (ratings) await writeTournamentCharts(summarized, ratings, join(dir, 'charts'));
    if (analysis.balance) await writeSpecs(balanceCharts(analysis.balance), join(dir, 'charts'));
    if (factionMeta) await writeSpecs({ 'meta-factions': factionMixtureChart(factionMeta) }, join(dir, 'charts'));
  }
  if (ex.outputs.report && ex.outputs.summary && done > 0 && !o.shard) {
    // The report is built from the files just written; a bug in it must not lose the run.
    try {
      writeReport(dir);
    } catch (e) {
      process.stderr.write(`report.html not written (${(e as Error).message}); the results are complete; rebuild it with: stareater report ${dir}\n`);
    }
  }
  // Removed only now: a disk that fills while the files above are written leaves the run resumable.
  if ((complete || compare) && existsSync(checkpointPath)) rmSync(checkpointPath);
  if (failure) {
    const rel = relative(process.cwd(), dir) || '.';
    const message = fsErrorMessage(failure) ?? (failure instanceof Error ? failure.message : String(failure));
    const next = compare ? 'a compare run starts again' : `continue with: stareater run ${relative(process.cwd(), resolve(o.file)) || o.file} --resume ${rel}`;
    throw new RunFailure(`${message}. The run stopped; its ${done} finished matches are kept in ${rel}, with the summary marked incomplete (${next})`, { cause: failure });
  }
  return { dir, complete, matches: done, matchesThisRun: done - doneBefore, seconds, summary, ratings };
}
