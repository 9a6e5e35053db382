/**
 * MCTS search speed (`npm run bench` runs it after the kernel benchmark).
 *
 * Run: `node --import tsx scripts/bench-mcts.ts [--quick]`
 *
 * MCTS iterations per second on one core with 10-round playouts (the design's target is
 * 20,000), measured three ways: repeated searches from opening positions with rammer
 * playouts (every iteration then simulates a full 10 rounds unless the match ends; five
 * timed blocks of 40 searches, reported as the median block with the range, like the
 * kernel's repetitions in bench.ts), the same with random playouts, and over every commitment of real matches against rammer
 * (later positions: iterations stop early when the match ends inside the horizon); then
 * the bot's default settings (gunner playouts, 3 rounds), the ones the ladder uses.
 * Forward-model calls per second and per iteration are printed too. The target is judged
 * on the process's CPU time (as in bench.ts: other tenants of a shared machine take wall
 * time from a run, not CPU time); wall-clock speed is printed beside it.
 *
 * Then every built-in policy's matches per second against itself and the strength/speed
 * frontier (scripts/bench-policies.ts; alone: `node --import tsx scripts/bench-policies.ts`).
 *
 * The ladder of the built-in policies is three experiment files
 * (configs/experiments/ladder-*.yaml, `npm run ladder`), run by the batch runner on all
 * cores with its intervals and report.
 *
 * Plain loops on one thread (no worker pool), so the figures are per core. Never run by the
 * tests: machines here are shared and noisy; the conditions are printed with the figures,
 * and a copy goes to results/bench/.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { availableParallelism, cpus, loadavg } from 'node:os';
import { repoRoot } from '../src/content/load.js';
import { loadScenario, tablesForScenario, scenarioSetup } from '../src/content/scenario.js';
import { Kernel } from '../src/rules/kernel.js';
import { GameState, MAX_ACTIONS } from '../src/rules/state.js';
import { MatchRunner } from '../src/sim/match.js';
import { makePolicy } from '../src/sim/bots.js';
import { seededRandom } from '../src/random/rng.js';
import type { DecisionContext, Policy } from '../src/bot-api.js';
import mcts from '../bots/mcts.js';
import rammer from '../bots/rammer.js';
import { runPolicyBench } from './bench-policies.js';

const quick = process.argv.includes('--quick');

const { file, scenario } = loadScenario('duel');
const tables = tablesForScenario(scenario);
type Stats = { lastCalls: number; lastIterations: number; decisions: number; totalCalls: number };
const statsOf = (p: Policy) => (p as Policy & { stats: Stats }).stats;

// ------------------------------------------------------------------ 1. search speed

/**
 * Searches run before timing starts. In a fresh process the 4th to 8th searches still took
 * 1.3 to 4.7 times as long as later ones. V8 goes on compiling rarely
 * used kernel and pilot-kit code on its helper threads long after that, and the process's
 * CPU time counts it. Functions compiled, from --trace-opt in two runs of these searches:
 * searches 30-80, 24-25 functions, 240-283 ms of compiler time; 80-130, 8,
 * 83-91 ms; 130-180, 2, 27-42 ms; 180-230, 4, 36-39 ms; 230-380, 1-2 in all. Fifty searches
 * take about 0.55 s, so with 30 warm-up searches the compiler added
 * roughly a tenth to a half to the CPU time of the first three timed blocks; after 130 it
 * adds a few percent.
 */
const WARMUP = 130;

/** Median of a non-empty list. */
function median(xs: number[]): number {
  const a = [...xs].sort((x, y) => x - y);
  const m = a.length >> 1;
  return a.length % 2 ? a[m] : (a[m - 1] + a[m]) / 2;
}

/**
 * Searches from `positions` opening positions per block, `blocks` timed blocks after the
 * warm-up; each block's iterations per CPU-second and per wall second, and their medians.
 */
function openingSpeed(params: Record<string, unknown>, positions: number, blocks = 1) {
  const k = new Kernel(tables);
  const s = new GameState();
  const view = new GameState();
  const legal = new Int32Array(MAX_ACTIONS);
  const perCpu: number[] = [];
  const perWall: number[] = [];
  let iterations = 0;
  let calls = 0;
  let ms = 0;
  let cpu = 0;
  let blockIterations = 0;
  let blockMs = 0;
  let blockCpu = 0;
  for (let i = -WARMUP; i < positions * blocks; i++) {
    k.setup(s, scenarioSetup(file, scenario, tables, 1000 + Math.abs(i)));
    k.view(s, 0, view);
    const count = k.legal(s, 0, legal);
    // The kind of stream the harness gives a bot (src/sim/rng.ts: seedrandom's numbers,
    // without seedrandom's closures; calling seedrandom itself costs about 7,800 more
    // instructions an iteration, cachegrind).
    const pol = mcts(params, seededRandom(`bench/${i}`));
    const ctx: DecisionContext = { kernel: k, view, player: 0, decision: s.decision, legal, count };
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    pol.choose(ctx);
    const dt = performance.now() - t0;
    const dc = process.cpuUsage(c0);
    if (i < 0) continue; // warm-up
    const it = statsOf(pol).lastIterations;
    const dcpu = (dc.user + dc.system) / 1e6;
    ms += dt;
    cpu += dcpu;
    iterations += it;
    calls += statsOf(pol).lastCalls;
    blockIterations += it;
    blockMs += dt;
    blockCpu += dcpu;
    if ((i + 1) % positions === 0) {
      perCpu.push(blockIterations / blockCpu);
      perWall.push((blockIterations / blockMs) * 1000);
      blockIterations = blockMs = blockCpu = 0;
    }
  }
  const secs = ms / 1000;
  return {
    params,
    positions: positions * blocks,
    blocks,
    iterations,
    seconds: secs,
    cpuSeconds: cpu,
    iterationsPerSecond: iterations / secs,
    iterationsPerCpuSecond: iterations / cpu,
    blockPerCpuSecond: perCpu,
    blockPerWallSecond: perWall,
    medianPerCpuSecond: median(perCpu),
    medianPerWallSecond: median(perWall),
    callsPerSecond: calls / secs,
    callsPerIteration: calls / iterations,
  };
}

function inMatchSpeed(params: Record<string, unknown>, matches: number) {
  const k = new Kernel(tables);
  const runner = new MatchRunner(k);
  const s = new GameState();
  let iterations = 0;
  let calls = 0;
  let micros = 0;
  let decisions = 0;
  for (let i = 0; i < matches; i++) {
    const seat = i & 1;
    const seed = `bench-match/${i >> 1}`;
    const pols = [makePolicy(mcts, params, seed, seat), makePolicy(rammer, {}, seed, 1 - seat)];
    if (seat) pols.reverse();
    k.setup(s, scenarioSetup(file, scenario, tables, seed));
    // Sum the per-search figures (stats hold the last search only).
    const m = pols[seat];
    const counting: Policy = {
      name: m.name,
      choose(ctx) {
        const before = statsOf(m).decisions;
        const a = m.choose(ctx);
        if (statsOf(m).decisions > before) {
          iterations += statsOf(m).lastIterations;
          calls += statsOf(m).lastCalls;
          decisions++;
        }
        return a;
      },
    };
    const seats = seat ? [pols[0], counting] : [counting, pols[1]];
    runner.play(s, seats);
    micros += runner.policyMicros[seat];
  }
  const secs = micros / 1e6;
  return { params, matches, decisions, iterations, seconds: secs, iterationsPerSecond: iterations / secs, callsPerSecond: calls / secs, callsPerIteration: calls / iterations };
}

// ------------------------------------------------------------------ run

const lines: string[] = [];
const say = (l: string) => {
  lines.push(l);
  console.log(l);
};
say(`MCTS benchmark (${new Date().toISOString()}, node ${process.version}, ${availableParallelism()} cores, ${cpus()[0]?.model ?? '?'}; one thread; load average before the run ${loadavg().map((x) => x.toFixed(2)).join(' ')})`);
say(`content: shipped configs, scenario duel (FPA vs Lamais), default loadouts`);

const positions = quick ? 10 : 40;
const speedRammer = openingSpeed({ iterations: 200, depth: 10, playout: 'rammer' }, positions, quick ? 1 : 5);
const speedRandom = openingSpeed({ iterations: 200, depth: 10, playout: 'random' }, Math.max(5, positions / 4));
const speedMatch = inMatchSpeed({ iterations: 200, depth: 10, playout: 'rammer' }, quick ? 2 : 8);
const speedDefault = openingSpeed({}, Math.max(5, positions / 4));
const verdict = (x: number) => (x >= 20000 ? 'meets target' : 'BELOW TARGET');
const range = (xs: number[]) => `${Math.min(...xs).toFixed(0)}-${Math.max(...xs).toFixed(0)}`;
say(
  `search from opening positions, 200 iterations x 10-round playouts (rammer), 24 candidates, ${WARMUP} warm-up searches, then ${speedRammer.blocks} blocks of ${positions} positions: ${speedRammer.medianPerCpuSecond.toFixed(0)} (${range(speedRammer.blockPerCpuSecond)}) iterations per CPU-second, ${speedRammer.medianPerWallSecond.toFixed(0)} (${range(speedRammer.blockPerWallSecond)}) per wall second; ${speedRammer.callsPerSecond.toFixed(0)} forward calls/s, ${speedRammer.callsPerIteration.toFixed(1)} calls/iteration  [target 20,000 iterations/s/core, on the CPU median: ${verdict(speedRammer.medianPerCpuSecond)}]`,
);
say(
  `same, random playouts, ${speedRandom.positions} positions: ${speedRandom.iterationsPerSecond.toFixed(0)} iterations/s/core, ${speedRandom.callsPerSecond.toFixed(0)} forward calls/s, ${speedRandom.callsPerIteration.toFixed(1)} calls/iteration`,
);
say(
  `default settings (gunner playouts, 3 rounds, 200 iterations), ${speedDefault.positions} positions: ${speedDefault.iterationsPerSecond.toFixed(0)} iterations/s/core, ${speedDefault.callsPerSecond.toFixed(0)} forward calls/s, ${speedDefault.callsPerIteration.toFixed(1)} calls/iteration`,
);
say(
  `every commitment of ${speedMatch.matches} matches vs rammer (${speedMatch.decisions} searches, later positions included): ${speedMatch.iterationsPerSecond.toFixed(0)} iterations/s/core, ${speedMatch.callsPerSecond.toFixed(0)} forward calls/s, ${speedMatch.callsPerIteration.toFixed(1)} calls/iteration`,
);

// Every built-in policy's speed and the strength/speed frontier (scripts/bench-policies.ts).
say('');
for (const l of await runPolicyBench(quick)) say(l);

const outDir = join(repoRoot(), 'results', 'bench');
mkdirSync(outDir, { recursive: true });
const stamp = new Date().toISOString().replace(/[:.]/g, '-');
writeFileSync(join(outDir, `mcts-${stamp}.json`), JSON.stringify({ when: new Date().toISOString(), node: process.version, cpu: cpus()[0]?.model, speed: [speedRammer, speedRandom, speedDefault, speedMatch] }, null, 2) + '\n');
writeFileSync(join(outDir, `mcts-${stamp}.txt`), lines.join('\n') + '\n');
console.log(`Written to results/bench/mcts-${stamp}.{json,txt}`);
