/**
 * The benchmark (`npm run bench`, docs/performance.md): measures and prints, and writes a
 * JSON record to results/bench/. Never run by the tests: machines here are shared and
 * noisy, so figures are for the record and for trends, with the conditions written down.
 *
 * - kernel: full two-player matches per second on one core (scripted rammer vs rammer,
 *   and random vs random), and rounds per second; timed in REPS repetitions, each by the
 *   wall clock and by the process's CPU time (every thread of the process, so it never
 *   flatters), reported as medians with the range. Other tenants of a shared machine take
 *   wall time from a run but not CPU time, so the CPU figure is the steadier "per core";
 * - workers: the batch's worker on a pool of 1 and of 2 threads, after warm-up, timed in
 *   POOL_PAIRS pairs of runs back to back; the scaling is the median of the pairs' ratios
 *   of steady rates, printed with a distribution-free confidence interval of that median
 *   (pool-timing.ts), so the machine's noise shows in the figure itself. Also the whole
 *   runs' throughput, the cores the process actually got (CPU seconds per wall second),
 *   the share the hypervisor stole meanwhile, and matches per CPU-second;
 * - batch: the main job itself (runBatch on the default experiment flown by rammer, writing matches.csv)
 *   on 1 and 2 workers, BATCH_PAIRS pairs of runs, each timed over the middle of its
 *   progress; this counts what the main thread does per task, which the pool runs do not;
 * - all runs of the same code: the pairs of every record in results/bench with this run's
 *   fingerprint (committed code, machine, Node) pooled per scaling line, with the interval
 *   of their median (pool-timing.ts, pooledRatios): a steadier figure than one run's;
 * - the load average before the run, so a figure can be read against what else ran;
 * - steady state: heap after a forced GC at 2,000 matches and again at 20,000 (growth);
 * - GC: share of wall time spent in garbage collection during the kernel run.
 * Targets: 10,000 scripted matches/s/core, 2 workers >= 1.8x one (pool and batch), no heap
 * growth, GC < 5%.
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { availableParallelism, cpus, loadavg, tmpdir } from 'node:os';
import { PerformanceObserver } from 'node:perf_hooks';
import { repoRoot } from '../src/content/load.js';
import { loadScenario, tablesForScenario, scenarioSetup } from '../src/content/scenario.js';
import { Kernel } from '../src/rules/kernel.js';
import { GameState } from '../src/rules/state.js';
import { MatchRunner } from '../src/sim/match.js';
import { makePolicy, loadBotFactory } from '../src/sim/bots.js';
import { ChunkPool } from '../src/run/chunk-pool.js';
import { ExperimentSchema, loadExperiment, type Experiment } from '../src/sim/experiment.js';
import { chunksPerTask, defaultChunk, MAX_CHUNKS_PER_TASK, runBatch } from '../src/run/batch.js';
import { median, pairOrder, pairedRatio, pooledRatios, steadyRate, steadyWindow, type BenchRatios, type PooledLine } from './pool-timing.js';

const quick = process.argv.includes('--quick');
const scale = quick ? 0.2 : 1;
/** Timed repetitions of each kernel measurement. */
const REPS = 5;
/**
 * Timed pairs of pool runs (one worker, two workers, back to back). A pair's ratio spreads
 * widely here (a standard deviation of 0.26 over 171 pairs); 15 pairs, not 9,
 * so one run's median is less of a draw.
 */
const POOL_PAIRS = 15;
/**
 * Matches played before the kernel is timed. After 500 rammer matches V8 still compiled 15
 * functions (336 ms of compiler time, --trace-opt) in the next 1,000, about the
 * time those matches take, and the process's CPU time counts its threads; after 1,500, one
 * to three small ones per 1,000 matches.
 */
const WARMUP_MATCHES = 2000;
const load = loadavg();

/** Paths whose content the figures depend on (the bench, the code it runs, the installed packages). */
const MEASURED = ['src', 'scripts', 'bots', 'configs', 'package-lock.json'];

/**
 * A fingerprint of what was measured: git's hashes of MEASURED at HEAD, this machine's CPU
 * model and core count, and the Node version; null when git cannot say (no repository, or
 * uncommitted changes under MEASURED), so an unknown state is never pooled with others.
 */
function codeFingerprint(): string | null {
  try {
    const opts = { cwd: repoRoot(), encoding: 'utf8' as const, stdio: ['ignore', 'pipe', 'ignore'] as ['ignore', 'pipe', 'ignore'] };
    if (execFileSync('git', ['status', '--porcelain', '--', ...MEASURED], opts).trim() !== '') return null;
    const trees = execFileSync('git', ['rev-parse', ...MEASURED.map((m) => `HEAD:${m}`)], opts);
    return createHash('sha256').update(`${trees}|${cpus()[0]?.model}|${availableParallelism()}|${process.version}`).digest('hex').slice(0, 12);
  } catch {
    return null;
  }
}

/** Read before anything runs, so it names the code that ran. */
const code = quick ? null : codeFingerprint();

/** Median and range of repeated rates. */
const spread = (xs: number[]) => ({ median: median(xs), min: Math.min(...xs), max: Math.max(...xs) });
/** CPU seconds used by the process (all threads) since `from`. */
const cpuSince = (from: NodeJS.CpuUsage) => {
  const u = process.cpuUsage(from);
  return (u.user + u.system) / 1e6;
};
const gcFn = (globalThis as { gc?: () => void }).gc;

let gcMs = 0;
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) gcMs += e.duration;
}).observe({ entryTypes: ['gc'] });

const { file, scenario } = loadScenario('duel');
const tables = tablesForScenario(scenario);
const setups = Array.from({ length: 256 }, (_, i) => scenarioSetup(file, scenario, tables, i));

async function kernelRun(bot: string, matches: number) {
  const kernel = new Kernel(tables);
  const runner = new MatchRunner(kernel);
  const state = new GameState();
  const factory = await loadBotFactory(bot);
  const policies = [makePolicy(factory, {}, 1, 0), makePolicy(factory, {}, 1, 1)];
  for (let i = 0; i < WARMUP_MATCHES; i++) runner.play(kernel.setup(state, setups[i % 256]), policies); // warm-up
  const per = Math.ceil(matches / REPS);
  const wall: number[] = [];
  const cpu: number[] = [];
  let rounds = 0;
  let seconds = 0;
  const gc0 = gcMs;
  for (let rep = 0; rep < REPS; rep++) {
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    for (let i = rep * per; i < (rep + 1) * per; i++) {
      runner.play(kernel.setup(state, setups[i % 256]), policies);
      rounds += state.round;
    }
    const secs = (performance.now() - t0) / 1000;
    seconds += secs;
    wall.push(per / secs);
    cpu.push(per / cpuSince(c0));
  }
  return {
    bot,
    matches: per * REPS,
    repetitions: REPS,
    seconds,
    perWallSecond: spread(wall),
    perCpuSecond: spread(cpu),
    roundsPerSecond: rounds / seconds,
    gcShare: (gcMs - gc0) / 1000 / seconds,
  };
}

async function heapGrowth(matches: number) {
  if (!gcFn) return null;
  const kernel = new Kernel(tables);
  const runner = new MatchRunner(kernel);
  const state = new GameState();
  const factory = await loadBotFactory('random');
  const policies = [makePolicy(factory, {}, 2, 0), makePolicy(factory, {}, 2, 1)];
  const sample = (n: number, from: number) => {
    for (let i = from; i < n; i++) runner.play(kernel.setup(state, setups[i % 256]), policies);
    gcFn();
    gcFn();
    return process.memoryUsage().heapUsed;
  };
  const early = sample(matches / 10, 0);
  const late = sample(matches, matches / 10);
  return { matchesEarly: matches / 10, heapEarly: early, matchesLate: matches, heapLate: late, growthBytes: late - early };
}

/**
 * Steady-state throughput of the worker pool: the batch's own pool (chunk-pool.ts, its
 * worker.ts) on 1 and 2 threads, fed as the batch feeds a long run of fast matches: tasks
 * of several 250-match chunks, as many as take a worker about TASK_MS (chunksPerTask), a
 * task as a slot frees. Each thread is warmed up with about WARM_CHUNKS chunks of 300
 * matches first, so thread start-up (tsx compiling the worker's modules) and the JIT are
 * left out: after two chunks a thread's V8 was still optimising, and the helper threads
 * doing it took 0.7 s of CPU during a 1.2 s timed run of two workers (measured from
 * /proc/self/task), which the workers then lacked; after twenty, 0.05 s.
 */
function experimentFor(threads: number): Experiment {
  return ExperimentSchema.parse({
    name: 'bench',
    kind: 'batch',
    scenario: 'duel',
    matches: 1_000_000,
    seed: 'bench',
    workers: threads,
    chunk: WARM_CHUNK,
    players: [
      { name: 'a', policy: 'rammer', faction: 'fpa', params: {}, loadout: 'default' },
      { name: 'b', policy: 'rammer', faction: 'lamais', params: {}, loadout: 'default' },
    ],
    outputs: { matchesCsv: false, summary: false, charts: false },
  });
}

const WARM_CHUNKS = 20;
const WARM_CHUNK = 300;

/**
 * Play `count` tasks of `size` matches from match `from`, a slot at a time as the batch
 * does; the records are dropped. `onCompletion` is called as each task completes, with how
 * many had before it.
 */
async function playTasks(pool: ChunkPool, from: number, count: number, size: number, onCompletion?: (k: number) => void) {
  let next = 0;
  let done = 0;
  const feed = async () => {
    while (next < count) {
      const k = next++;
      pool.release(await pool.run(from + k * size, from + (k + 1) * size));
      onCompletion?.(done++);
    }
  };
  await Promise.all(Array.from({ length: pool.slots }, feed));
}

/** CPU milliseconds of each of this process's threads, by thread id (null without /proc). */
function threadCpuMs(): Map<string, number> | null {
  try {
    return new Map(readdirSync('/proc/self/task').map((t) => [t, Number(readFileSync(`/proc/self/task/${t}/schedstat`, 'utf8').split(' ')[0]) / 1e6]));
  } catch {
    return null;
  }
}

async function startPool(threads: number) {
  const before = threadCpuMs();
  const pool = new ChunkPool('bench', experimentFor(threads), threads, Math.max(WARM_CHUNK, POOL_CHUNK * MAX_CHUNKS_PER_TASK));
  await playTasks(pool, 0, threads * WARM_CHUNKS, WARM_CHUNK);
  // The pool's worker threads: those started with it that have played (piscina starts no others).
  const after = threadCpuMs();
  const workerIds = before && after ? [...after].filter(([t, ms]) => !before.has(t) && ms > 100).map(([t]) => t) : [];
  return { threads, pool, workerIds: workerIds.length === threads ? new Set(workerIds) : null };
}

/**
 * Matches per chunk in the timed pool runs: what the batch uses in a long run (defaultChunk).
 * A task groups several; with two workers one may idle for part of a task at the end of a
 * run, which the steady window (pool-timing.ts) leaves out.
 */
const POOL_CHUNK = defaultChunk(Infinity);
/** Tasks per timed run: about 2.5 s on one worker, 1.2 s on two (tasks of 2,000 at 10,000-20,000 matches/s). */
const POOL_TASKS = Math.max(8, Math.round(12 * scale));

/**
 * Seconds the hypervisor ran something else on this machine's CPUs while they had work
 * (steal, summed over CPUs, from /proc/stat in 10 ms ticks); null where there is no
 * /proc/stat. Stolen time counts as no thread's CPU time, so it is part of the gap between
 * the cores the pool got and the cores it has.
 */
function stealSeconds(): number | null {
  try {
    const cpu = readFileSync('/proc/stat', 'utf8').split('\n', 1)[0].trim().split(/\s+/);
    return Number(cpu[8]) / 100;
  } catch {
    return null;
  }
}

/** What poolRun reads at each end of a run's steady window. */
function snapshot() {
  return { ms: performance.now(), cpu: process.cpuUsage(), steal: stealSeconds(), threads: threadCpuMs() };
}

/**
 * One timed run of POOL_TASKS tasks of `task` matches: its steady rate (pool-timing.ts);
 * and over its steady window, the process's CPU seconds, the seconds stolen, and the CPU
 * seconds of the pool's workers and of the main thread (null without /proc). Over the
 * window, not the whole run: at a run's end one worker idles while the other finishes its
 * last task, up to a quarter of a second with tasks this size.
 */
async function poolRun(p: Awaited<ReturnType<typeof startPool>>, task: number, from: number) {
  const completions: number[] = [];
  const { first, last } = steadyWindow(POOL_TASKS, p.threads);
  let start: ReturnType<typeof snapshot> | null = null;
  let end: ReturnType<typeof snapshot> | null = null;
  const t0 = performance.now();
  await playTasks(p.pool, from, POOL_TASKS, task, (k) => {
    completions.push(performance.now());
    if (k === first) start = snapshot();
    if (k === last) end = snapshot();
  });
  const wholeSeconds = (performance.now() - t0) / 1000;
  const [a, b] = [start!, end!] as ReturnType<typeof snapshot>[];
  const seconds = (b.ms - a.ms) / 1000;
  const cpuOf = (ids: (t: string) => boolean) =>
    a.threads && b.threads ? [...b.threads].filter(([t]) => ids(t)).reduce((sum, [t, ms]) => sum + ms - (a.threads!.get(t) ?? 0), 0) / 1000 : null;
  // getrusage (process.cpuUsage) is tick-sampled and smoothed; over a window this short it
  // gave 2.2 cores of 2. The threads' own counters are exact (ns).
  const u = process.cpuUsage(a.cpu);
  const mainId = String(process.pid);
  return {
    steadyRate: steadyRate(completions, p.threads, task),
    wholeSeconds,
    windowMatches: (last - first) * task,
    seconds,
    cpuSeconds: cpuOf(() => true) ?? (u.user + u.system) / 1e6,
    stealSeconds: a.steal === null || b.steal === null ? null : b.steal - a.steal,
    workerCpuSeconds: p.workerIds ? cpuOf((t) => p.workerIds!.has(t)) : null,
    mainCpuSeconds: cpuOf((t) => t === mainId),
  };
}

/**
 * Both pools, timed back to back in pairs, in turn: 1-2, 2-1, 1-2, ... (so a drift in the
 * machine's speed falls on both alike). Both are fed tasks of the size the batch would give
 * at the one worker's speed after warm-up.
 */
async function workerRuns() {
  const pools = [await startPool(1), await startPool(2)];
  let from = 10_000;
  const probe = 8;
  const p0 = performance.now();
  await playTasks(pools[0].pool, from, probe, POOL_CHUNK);
  from += probe * POOL_CHUNK;
  const task = POOL_CHUNK * chunksPerTask((performance.now() - p0) / probe, Infinity, 2);
  const runs = pools.map(() => [] as Awaited<ReturnType<typeof poolRun>>[]);
  for (let pair = 0; pair < POOL_PAIRS; pair++)
    for (const w of pairOrder(pair)) {
      runs[w].push(await poolRun(pools[w], task, from));
      from += POOL_TASKS * task;
    }
  for (const p of pools) await p.pool.destroy();
  const per = POOL_TASKS * task;
  const perWall = (xs: (number | null)[], i: number) => (xs.some((x) => x === null) ? null : median(xs.map((x, k) => x! / runs[i][k].seconds)));
  return pools.map((p, w) => ({
    workers: p.threads,
    matchesPerTask: task,
    matches: per * POOL_PAIRS,
    repetitions: POOL_PAIRS,
    /** Matches per second while every worker had work (pool-timing.ts). */
    steadyPerWallSecond: spread(runs[w].map((r) => r.steadyRate)),
    steadyRates: runs[w].map((r) => r.steadyRate),
    /** Whole runs, ends included. */
    perWallSecond: spread(runs[w].map((r) => per / r.wholeSeconds)),
    /** The rest over the steady window: matches per CPU-second of the process (every thread), cores it used. */
    perCpuSecond: spread(runs[w].map((r) => r.windowMatches / r.cpuSeconds)),
    coresUsed: median(runs[w].map((r) => r.cpuSeconds / r.seconds)),
    /** Cores the workers, and the main thread, were on (CPU seconds per wall second; null without /proc/self/task). */
    workerCores: perWall(runs[w].map((r) => r.workerCpuSeconds), w),
    mainCores: perWall(runs[w].map((r) => r.mainCpuSeconds), w),
    /** Cores the process's other threads (V8's helpers) were on. */
    helperCores: perWall(runs[w].map((r) => (r.workerCpuSeconds === null || r.mainCpuSeconds === null ? null : r.cpuSeconds - r.workerCpuSeconds - r.mainCpuSeconds)), w),
    /** Stolen share of the machine's CPU time over the steady windows (null: not readable). */
    stealShare: runs[w].some((r) => r.stealSeconds === null)
      ? null
      : runs[w].reduce((a, r) => a + r.stealSeconds!, 0) / (availableParallelism() * runs[w].reduce((a, r) => a + r.seconds, 0)),
  }));
}

/**
 * Matches per run of the batch measurement; its window is BATCH_WINDOW of each run's
 * progress. Nine pairs of 40,000: a pair's ratio spread
 * with a standard deviation of 0.34 over 95 pairs, and the median of five was little better
 * than a single pair.
 */
const BATCH_MATCHES = Math.round(40_000 * scale);
const BATCH_WINDOW = [0.25, 0.9] as const;
const BATCH_PAIRS = 9;

/**
 * One run of the main job: the default experiment (as `npm start` runs it, but flown by
 * rammer: the harness's own cost shows only behind fast matches) with matches.csv written,
 * on `workers` threads, in a temporary folder. Its rate is taken over
 * BATCH_WINDOW of its progress, so thread start-up, warm-up, the last chunks and the final
 * files are left out, as in the pool's steady rate. Unlike the pool runs, this includes
 * all the main thread does per chunk: statistics, outliers, the rows written to disk.
 */
async function batchRun(workers: number): Promise<{ rate: number; mainCores: number | null }> {
  const { file, experiment, text } = loadExperiment('default');
  const players = experiment.players.map((p) => ({ ...p, name: `${p.faction}-rammer`, policy: 'rammer', params: {} }));
  const ex = { ...experiment, players, matches: BATCH_MATCHES, outputs: { ...experiment.outputs, summary: false, charts: false, report: false } };
  const outDir = mkdtempSync(join(tmpdir(), 'stareater-bench-'));
  // Matches done, when, and the main thread's CPU ms, as the run's progress first reaches each end of the window.
  const mainCpuMs = () => threadCpuMs()?.get(String(process.pid)) ?? NaN;
  let d0 = -1;
  let t0 = 0;
  let m0 = 0;
  let d1 = -1;
  let t1 = 0;
  let m1 = 0;
  try {
    await runBatch({
      file,
      experiment: ex,
      text,
      workers,
      outDir,
      onProgress: (done) => {
        if (d0 < 0 && done >= BATCH_WINDOW[0] * BATCH_MATCHES) [d0, t0, m0] = [done, performance.now(), mainCpuMs()];
        if (d1 < 0 && done >= BATCH_WINDOW[1] * BATCH_MATCHES) [d1, t1, m1] = [done, performance.now(), mainCpuMs()];
      },
    });
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
  if (d0 < 0 || d1 <= d0) throw new Error('batch run: no progress across its window');
  const mainCores = (m1 - m0) / (t1 - t0);
  return { rate: (d1 - d0) / ((t1 - t0) / 1000), mainCores: Number.isFinite(mainCores) ? mainCores : null };
}

/** The main job on 1 and 2 workers, BATCH_PAIRS pairs of runs back to back, in turn. */
async function batchRuns() {
  const runs: [Awaited<ReturnType<typeof batchRun>>[], Awaited<ReturnType<typeof batchRun>>[]] = [[], []];
  for (let pair = 0; pair < BATCH_PAIRS; pair++) for (const w of pairOrder(pair)) runs[w].push(await batchRun(w + 1));
  const rates = runs.map((r) => r.map((x) => x.rate)) as [number[], number[]];
  const main = runs.map((r) => (r.some((x) => x.mainCores === null) ? null : median(r.map((x) => x.mainCores!))));
  return { matchesPerRun: BATCH_MATCHES, window: BATCH_WINDOW, one: spread(rates[0]), two: spread(rates[1]), rates, ratio: pairedRatio(rates[0], rates[1]), mainCores: main };
}

const scripted = await kernelRun('rammer', Math.round(20000 * scale));
const random = await kernelRun('random', Math.round(10000 * scale));
const heap = await heapGrowth(Math.round(20000 * scale));
const [w1, w2] = await workerRuns();
const pairs = pairedRatio(w1.steadyRates, w2.steadyRates);
const scaling = pairs.median;
const batch = await batchRuns();

/** The pair ratios of every earlier bench record in `dir` (unreadable or older records give none). */
function earlierRatios(dir: string): BenchRatios[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => /^bench-.*\.json$/.test(f))
    .flatMap((f) => {
      try {
        const j = JSON.parse(readFileSync(join(dir, f), 'utf8'));
        const batchRatios = j.batch?.ratio?.ratios;
        return [{ code: typeof j.code === 'string' ? j.code : null, pool: Array.isArray(j.pairRatios) ? j.pairRatios : [], batch: Array.isArray(batchRatios) ? batchRatios : [] }];
      } catch {
        return [];
      }
    });
}

const outDir = join(repoRoot(), 'results', 'bench');
const pooled = code === null ? null : pooledRatios([...earlierRatios(outDir), { code, pool: pairs.ratios, batch: batch.ratio.ratios }], code);

const verdict = (ok: boolean) => (ok ? 'meets target' : 'BELOW TARGET');
const n0 = (x: number) => Math.round(x).toLocaleString('en-US');
const rate = (r: { median: number; min: number; max: number }) => `${n0(r.median)} (${n0(r.min)}-${n0(r.max)})`;
const ratioLine = (r: typeof pairs) =>
  `ratio ${r.median.toFixed(2)}, the median of the pairs' ratios (${r.min.toFixed(2)}-${r.max.toFixed(2)}; ${(100 * r.interval.coverage).toFixed(0)}% confidence interval of the median ${r.interval.low.toFixed(2)}-${r.interval.high.toFixed(2)})`;
const pooledLine = (label: string, p: PooledLine) =>
  `${label} ${p.median.toFixed(2)} from ${p.n} pairs (${(100 * p.interval.coverage).toFixed(0)}% confidence interval of the median ${p.interval.low.toFixed(2)}-${p.interval.high.toFixed(2)})`;
const kernelLine = (label: string, k: typeof scripted, target: boolean) =>
  `${label} ${rate(k.perCpuSecond)} matches per CPU-second, ${rate(k.perWallSecond)} per wall second, ${n0(k.roundsPerSecond)} rounds/s` +
  (target ? `  [target 10,000 matches/s/core, on the CPU median: ${verdict(k.perCpuSecond.median >= 10000)}]` : '');
const lines = [
  `Star Eater balance lab benchmark (${new Date().toISOString()}, node ${process.version}, ${availableParallelism()} cores, ${cpus()[0]?.model ?? '?'}, load average before the run ${load.map((x) => x.toFixed(2)).join(' ')})`,
  `medians of ${REPS} timed repetitions (pool: ${POOL_PAIRS} pairs, batch: ${BATCH_PAIRS}), with the range in brackets; CPU time is the whole process's (every thread)`,
  kernelLine('kernel, scripted (rammer vs rammer):', scripted, true),
  kernelLine('kernel, random vs random:           ', random, false),
  `GC share during the scripted run:    ${(100 * scripted.gcShare).toFixed(2)}%  [target < 5%: ${verdict(scripted.gcShare < 0.05)}]`,
  heap
    ? `heap after GC: ${heap.heapEarly} bytes at ${heap.matchesEarly} matches, ${heap.heapLate} at ${heap.matchesLate} (growth ${heap.growthBytes} bytes)  [target: no growth with matches: ${verdict(heap.growthBytes < 1 << 20)}]`
    : 'heap growth: run with node --expose-gc (npm run bench does)',
  `worker pool (rammer vs rammer, ${n0(w1.matches)} matches each after warm-up in tasks of ${n0(w1.matchesPerTask)}, ${w1.repetitions} pairs of runs back to back), while every worker has work: 1 worker ${rate(w1.steadyPerWallSecond)} matches/s, 2 workers ${rate(w2.steadyPerWallSecond)} matches/s; ${ratioLine(pairs)}  [target >= 1.8: ${verdict(scaling >= 1.8)}]`,
  `  whole runs, ends included: 1 worker ${rate(w1.perWallSecond)} matches/s, 2 workers ${rate(w2.perWallSecond)} matches/s, ratio of the medians ${(w2.perWallSecond.median / w1.perWallSecond.median).toFixed(2)}`,
  `  while every worker has work: cores the process got ${w1.coresUsed.toFixed(2)} with 1 worker, ${w2.coresUsed.toFixed(2)} with 2; matches per CPU-second: ${n0(w1.perCpuSecond.median)} and ${n0(w2.perCpuSecond.median)} (2 workers keep ${((100 * w2.perCpuSecond.median) / w1.perCpuSecond.median).toFixed(0)}% of one's efficiency)` +
    (w2.stealShare === null ? '' : `; the hypervisor took ${(100 * w1.stealShare!).toFixed(1)}% and ${(100 * w2.stealShare).toFixed(1)}% of the machine's ${availableParallelism()} CPUs (steal)`),
  ...(w2.workerCores === null || w2.mainCores === null || w2.helperCores === null
    ? []
    : [
        `  with 2 workers, per wall second (medians, /proc/self/task): the workers were on ${w2.workerCores.toFixed(3)} of the ${availableParallelism()} cores, the main thread on ${w2.mainCores.toFixed(3)}, the process's other threads (V8's helpers) on ${w2.helperCores.toFixed(3)}; the rest, ${(availableParallelism() - w2.coresUsed).toFixed(3)}, went to other processes, the hypervisor, or idle`,
      ]),
  `batch, the main job (the default experiment flown by rammer, writing matches.csv, ${n0(BATCH_MATCHES)} matches a run, timed over ${BATCH_WINDOW.map((x) => `${100 * x}%`).join('-')} of each, ${BATCH_PAIRS} pairs back to back): 1 worker ${rate(batch.one)} matches/s, 2 workers ${rate(batch.two)} matches/s; ${ratioLine(batch.ratio)}  [target >= 1.8: ${verdict(batch.ratio.median >= 1.8)}]`,
  ...(batch.mainCores[0] === null || batch.mainCores[1] === null
    ? []
    : [`  the main thread (statistics, outliers, matches.csv, the pool's messages) was on ${batch.mainCores[0].toFixed(3)} of a core with 1 worker, ${batch.mainCores[1].toFixed(3)} with 2 (medians over the window)`]),
  pooled === null
    ? `all runs of this code: not pooled (${quick ? 'a --quick run' : 'uncommitted changes under ' + MEASURED.join(', ') + ', or no git'})`
    : `${pooled.runs === 1 ? 'the one run' : `all ${pooled.runs} runs`} of this code on this machine (results/bench, fingerprint ${code}), their pairs pooled: ${pooledLine('pool', pooled.pool!)}; ${pooledLine('main job', pooled.batch!)}  [target >= 1.8 on the pooled medians: ${verdict(pooled.pool!.median >= 1.8 && pooled.batch!.median >= 1.8)}]`,
];
console.log(lines.join('\n'));
mkdirSync(outDir, { recursive: true });
const stamp = new Date().toISOString().replace(/[:.]/g, '-');
writeFileSync(join(outDir, `bench-${stamp}.json`), JSON.stringify({ when: new Date().toISOString(), node: process.version, cores: availableParallelism(), code, quick, scripted, random, heap, workers: [w1, w2], scaling, pairRatios: pairs.ratios, pairInterval: pairs.interval, batch }, null, 2) + '\n');
writeFileSync(join(outDir, `bench-${stamp}.txt`), lines.join('\n') + '\n');
console.log(`Written to results/bench/bench-${stamp}.{json,txt}`);
