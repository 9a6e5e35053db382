/**
 * The benchmark (`npm run bench`, design section 6): measures and prints, and writes a
 * JSON record to results/bench/. Never run by the tests: machines here are shared and
 * noisy, so figures are for the record and for trends, with the conditions written down.
 *
 * - kernel: full two-player matches per second on one core (scripted rammer vs rammer,
 *   and random vs random), and rounds per second;
 * - workers: the batch's worker on a pool of 1 and of 2 threads, after warm-up (throughput, ratio);
 * - steady state: heap after a forced GC at 2,000 matches and again at 20,000 (growth);
 * - GC: share of wall time spent in garbage collection during the kernel run.
 * Targets: 10,000 scripted matches/s/core, 2 workers >= 1.8x one, no heap growth, GC < 5%.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { availableParallelism, cpus } from 'node:os';
import { PerformanceObserver } from 'node:perf_hooks';
import { repoRoot } from '../src/content/load.js';
import { loadScenario, tablesForScenario, scenarioSetup } from '../src/content/scenario.js';
import { Kernel } from '../src/rules/kernel.js';
import { GameState } from '../src/rules/state.js';
import { MatchRunner } from '../src/sim/match.js';
import { makePolicy, loadBotFactory } from '../src/sim/bots.js';
import { Piscina } from 'piscina';
import { ExperimentSchema, type Experiment } from '../src/sim/experiment.js';

const quick = process.argv.includes('--quick');
const scale = quick ? 0.2 : 1;
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
  for (let i = 0; i < Math.min(500, matches); i++) runner.play(kernel.setup(state, setups[i % 256]), policies); // warm-up
  const gc0 = gcMs;
  const t0 = performance.now();
  let rounds = 0;
  for (let i = 0; i < matches; i++) {
    runner.play(kernel.setup(state, setups[i % 256]), policies);
    rounds += state.round;
  }
  const secs = (performance.now() - t0) / 1000;
  return { bot, matches, seconds: secs, matchesPerSecond: matches / secs, roundsPerSecond: rounds / secs, gcShare: (gcMs - gc0) / 1000 / secs };
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
 * Steady-state throughput of the worker pool: the batch's own worker (worker-entry.mjs ->
 * worker.ts), warmed up with one small chunk per thread first, so thread start-up (tsx
 * compiling the worker's modules) is left out; then 16 chunks of 500 matches.
 */
async function workerRun(threads: number) {
  const experiment: Experiment = ExperimentSchema.parse({
    name: 'bench',
    kind: 'batch',
    scenario: 'duel',
    matches: 1_000_000,
    seed: 'bench',
    workers: threads,
    chunk: 500,
    players: [
      { name: 'a', policy: 'rammer', faction: 'fpa', params: {}, loadout: 'default' },
      { name: 'b', policy: 'rammer', faction: 'lamais', params: {}, loadout: 'default' },
    ],
    outputs: { matchesCsv: false, summary: false, charts: false },
  });
  const pool = new Piscina({ filename: new URL('../src/sim/worker-entry.mjs', import.meta.url).href, minThreads: threads, maxThreads: threads, execArgv: [] });
  await Promise.all(Array.from({ length: threads * 2 }, (_, k) => pool.run({ file: 'bench', experiment, from: k * 300, to: k * 300 + 300 })));
  const chunks = Math.round(16 * scale) || 2;
  const t0 = performance.now();
  await Promise.all(Array.from({ length: chunks }, (_, k) => pool.run({ file: 'bench', experiment, from: 10_000 + k * 500, to: 10_000 + (k + 1) * 500 })));
  const seconds = (performance.now() - t0) / 1000;
  await pool.destroy();
  return { workers: threads, matches: chunks * 500, seconds, matchesPerSecond: (chunks * 500) / seconds };
}

const scripted = await kernelRun('rammer', Math.round(20000 * scale));
const random = await kernelRun('random', Math.round(10000 * scale));
const heap = await heapGrowth(Math.round(20000 * scale));
const w1 = await workerRun(1);
const w2 = await workerRun(2);
const scaling = w2.matchesPerSecond / w1.matchesPerSecond;

const verdict = (ok: boolean) => (ok ? 'meets target' : 'BELOW TARGET');
const lines = [
  `Star Eater balance lab benchmark (${new Date().toISOString()}, node ${process.version}, ${availableParallelism()} cores, ${cpus()[0]?.model ?? '?'})`,
  `kernel, scripted (rammer vs rammer): ${scripted.matchesPerSecond.toFixed(0)} matches/s/core, ${scripted.roundsPerSecond.toFixed(0)} rounds/s  [target 10,000 matches/s: ${verdict(scripted.matchesPerSecond >= 10000)}]`,
  `kernel, random vs random:            ${random.matchesPerSecond.toFixed(0)} matches/s/core, ${random.roundsPerSecond.toFixed(0)} rounds/s`,
  `GC share during the scripted run:    ${(100 * scripted.gcShare).toFixed(2)}%  [target < 5%: ${verdict(scripted.gcShare < 0.05)}]`,
  heap
    ? `heap after GC: ${heap.heapEarly} bytes at ${heap.matchesEarly} matches, ${heap.heapLate} at ${heap.matchesLate} (growth ${heap.growthBytes} bytes)  [target: no growth with matches: ${verdict(heap.growthBytes < 1 << 20)}]`
    : 'heap growth: run with node --expose-gc (npm run bench does)',
  `worker pool (rammer vs rammer, ${w1.matches} matches after warm-up): 1 worker ${w1.matchesPerSecond.toFixed(0)} matches/s, 2 workers ${w2.matchesPerSecond.toFixed(0)} matches/s, ratio ${scaling.toFixed(2)}  [target >= 1.8: ${verdict(scaling >= 1.8)}]`,
];
console.log(lines.join('\n'));
const outDir = join(repoRoot(), 'results', 'bench');
mkdirSync(outDir, { recursive: true });
const stamp = new Date().toISOString().replace(/[:.]/g, '-');
writeFileSync(join(outDir, `bench-${stamp}.json`), JSON.stringify({ when: new Date().toISOString(), node: process.version, cores: availableParallelism(), quick, scripted, random, heap, workers: [w1, w2], scaling }, null, 2) + '\n');
writeFileSync(join(outDir, `bench-${stamp}.txt`), lines.join('\n') + '\n');
console.log(`Written to results/bench/bench-${stamp}.{json,txt}`);
