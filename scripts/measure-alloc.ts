/**
 * Measures allocation in the kernel's round loop ("no allocation per round; measure
 * it"). Run: `npm run measure:alloc` (node --expose-gc, a large young generation so no
 * scavenge runs during the measured stretch).
 *
 * Method: play matches with a policy that allocates nothing (an inline LCG over the legal
 * actions) on one reused Kernel, MatchRunner and GameState; force a GC, read heapUsed,
 * play many more rounds, read heapUsed again without collecting. With no GC in between,
 * the difference is every byte allocated, divided by the rounds played. GC events are
 * counted with a PerformanceObserver to show that none ran. A second pass does the same
 * with the seedrandom-backed `random` bot to show what a bot's own stream costs.
 */
import { PerformanceObserver } from 'node:perf_hooks';
import { loadScenario, tablesForScenario, scenarioSetup } from '../src/content/scenario.js';
import { Kernel } from '../src/rules/kernel.js';
import { GameState } from '../src/rules/state.js';
import { MatchRunner } from '../src/sim/match.js';
import type { Policy } from '../src/bot-api.js';
import random from '../bots/random.js';
import { makePolicy } from '../src/sim/bots.js';

const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) {
  console.error('run with node --expose-gc (npm run measure:alloc does)');
  process.exit(2);
}

let gcCount = 0;
new PerformanceObserver((list) => (gcCount += list.getEntries().length)).observe({ entryTypes: ['gc'] });

const { file, scenario } = loadScenario('duel');
const tables = tablesForScenario(scenario);
const kernel = new Kernel(tables);
const runner = new MatchRunner(kernel);
const state = new GameState();
const setups = Array.from({ length: 64 }, (_, i) => scenarioSetup(file, scenario, tables, i));

function lcgPolicy(seed: number): Policy {
  let x = seed >>> 0 || 1;
  return {
    name: 'lcg',
    choose(ctx) {
      x = (Math.imul(x, 1103515245) + 12345) & 0x3fffffff; // 30 bits: stays a small integer, never a boxed number
      return ctx.legal[x % ctx.count];
    },
  };
}

function measure(label: string, policies: Policy[], matches: number): void {
  for (let i = 0; i < 3000; i++) runner.play(kernel.setup(state, setups[i % 64]), policies); // warm up the JIT
  gc!();
  gc!();
  const before = process.memoryUsage().heapUsed;
  const gcBefore = gcCount;
  let rounds = 0;
  const t0 = performance.now();
  for (let i = 0; i < matches; i++) {
    runner.play(kernel.setup(state, setups[i % 64]), policies);
    rounds += state.round;
  }
  const ms = performance.now() - t0;
  const after = process.memoryUsage().heapUsed;
  const gcs = gcCount - gcBefore;
  console.log(
    `${label}: ${matches} matches, ${rounds} rounds in ${ms.toFixed(0)} ms; heap ${before} -> ${after} bytes ` +
      `(${(after - before).toLocaleString()} bytes, ${((after - before) / rounds).toFixed(2)} bytes/round, ${((after - before) / matches).toFixed(1)} bytes/match), GCs during the run: ${gcs}`,
  );
}

measure('kernel + allocation-free policy', [lcgPolicy(1), lcgPolicy(2)], 20000);
measure('kernel + seedrandom random bot', [makePolicy(random, {}, 1, 0), makePolicy(random, {}, 1, 1)], 20000);
gc();
const before = process.memoryUsage().heapUsed;
for (let i = 0; i < 20000; i++) kernel.setup(state, setups[i % 64]);
console.log(`setup alone: ${((process.memoryUsage().heapUsed - before) / 20000).toFixed(2)} bytes/match`);
