/**
 * MCTS benchmark and a small ladder of the built-in policies.
 *
 * Run: `node --import tsx scripts/bench-mcts.ts [--games N] [--quick] [--speed-only]`
 * (`npm run bench` runs the speed part; `npm run ladder` the whole).
 *
 * 1. Search speed: MCTS iterations per second on one core with 10-round playouts (the
 *    design's target is 20,000), measured two ways: repeated searches from opening
 *    positions (every iteration then simulates a full 10 rounds unless the match ends),
 *    and over every commitment of real matches against rammer (later positions: iterations
 *    stop early when the match ends inside the horizon). Forward-model calls per second and
 *    per iteration are printed too.
 * 2. Ladder: mcts (default depth 3), mcts with depth 10, lookahead, rammer and random
 *    (default params otherwise), every pairing on the
 *    same seat-swapped pairs of seeds (pair k shares its seed across pairings, as the batch
 *    runner's tournaments do), both ships FPA with the default loadout so only the policies
 *    differ. Each pairing's score for the first-named side ((wins + draws/2) / games) with a
 *    Wilson 95% interval, and the pentanomial interval (pairs as the unit).
 *
 * Plain loops on one thread (no worker pool), so the figures are per core. Never run by the
 * tests: machines here are shared and noisy; the conditions are printed with the figures,
 * and a copy goes to results/bench/.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { availableParallelism, cpus } from 'node:os';
import seedrandom from 'seedrandom';
import { repoRoot } from '../src/content/load.js';
import { loadScenario, tablesForScenario, scenarioSetup, factionIndex } from '../src/content/scenario.js';
import { Kernel } from '../src/rules/kernel.js';
import { GameState, MAX_ACTIONS } from '../src/rules/state.js';
import { MatchRunner } from '../src/sim/match.js';
import { makePolicy } from '../src/sim/bots.js';
import { pairSeed } from '../src/sim/experiment.js';
import { wilson, pentanomial, pentanomialBin } from '../src/analysis/stats.js';
import type { DecisionContext, Policy, PolicyFactory } from '../src/bot-api.js';
import mcts from '../bots/mcts.js';
import lookahead from '../bots/lookahead.js';
import rammer from '../bots/rammer.js';
import random from '../bots/random.js';

const args = process.argv.slice(2);
const quick = args.includes('--quick');
const speedOnly = args.includes('--speed-only');
const gamesArg = args.indexOf('--games');
const gamesPerPairing = Math.max(2, 2 * Math.ceil((gamesArg >= 0 ? Number(args[gamesArg + 1]) : quick ? 20 : 100) / 2));

const { file, scenario } = loadScenario('duel');
const tables = tablesForScenario(scenario);
const fpa = factionIndex(tables, 'fpa');
type Stats = { lastCalls: number; lastIterations: number; decisions: number; totalCalls: number };
const statsOf = (p: Policy) => (p as Policy & { stats: Stats }).stats;

// ------------------------------------------------------------------ 1. search speed

function openingSpeed(params: Record<string, unknown>, positions: number) {
  const k = new Kernel(tables);
  const s = new GameState();
  const view = new GameState();
  const legal = new Int32Array(MAX_ACTIONS);
  let iterations = 0;
  let calls = 0;
  let ms = 0;
  for (let i = -3; i < positions; i++) {
    k.setup(s, scenarioSetup(file, scenario, tables, 1000 + Math.abs(i)));
    k.view(s, 0, view);
    const count = k.legal(s, 0, legal);
    const pol = mcts(params, seedrandom(`bench/${i}`));
    const ctx: DecisionContext = { kernel: k, view, player: 0, decision: s.decision, legal, count };
    const t0 = performance.now();
    pol.choose(ctx);
    const dt = performance.now() - t0;
    if (i < 0) continue; // warm-up
    ms += dt;
    iterations += statsOf(pol).lastIterations;
    calls += statsOf(pol).lastCalls;
  }
  const secs = ms / 1000;
  return { params, positions, iterations, seconds: secs, iterationsPerSecond: iterations / secs, callsPerSecond: calls / secs, callsPerIteration: calls / iterations };
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

// ------------------------------------------------------------------ 2. ladder

interface Entrant {
  name: string;
  factory: PolicyFactory;
  params: Record<string, unknown>;
}
const entrants: Entrant[] = [
  { name: 'mcts', factory: mcts, params: {} },
  // The same search with a 10-round horizon (the default is 3: shorter horizons scored better against lookahead).
  { name: 'mcts-depth10', factory: mcts, params: { depth: 10 } },
  { name: 'lookahead', factory: lookahead, params: {} },
  { name: 'rammer', factory: rammer, params: {} },
  { name: 'random', factory: random, params: {} },
];

function pairing(a: Entrant, b: Entrant, games: number) {
  const k = new Kernel(tables);
  const runner = new MatchRunner(k);
  const s = new GameState();
  let wins = 0;
  let losses = 0;
  let draws = 0;
  let rounds = 0;
  const penta = [0, 0, 0, 0, 0];
  const t0 = performance.now();
  for (let pair = 0; pair < games / 2; pair++) {
    const seed = pairSeed('ladder', pair);
    let pairScore = 0;
    for (let game = 0; game < 2; game++) {
      const seatA = game; // game 0: A in seat 0; game 1: seats swapped
      const polA = makePolicy(a.factory, a.params, seed, seatA);
      const polB = makePolicy(b.factory, b.params, seed, 1 - seatA);
      const setup = scenarioSetup(file, scenario, tables, seed);
      for (const ship of setup.ships) {
        ship.faction = fpa;
        ship.loadout = tables.factions[fpa].defaultLoadout;
      }
      k.setup(s, setup);
      runner.play(s, seatA === 0 ? [polA, polB] : [polB, polA]);
      rounds += s.round;
      if (s.winner === seatA) {
        wins++;
        pairScore += 1;
      } else if (s.winner < 0) {
        draws++;
        pairScore += 0.5;
      } else losses++;
    }
    penta[pentanomialBin(pairScore)]++;
  }
  const score = wilson(wins + draws / 2, games);
  return { a: a.name, b: b.name, games, wins, draws, losses, score, pentanomial: pentanomial(penta), roundsPerGame: rounds / games, seconds: (performance.now() - t0) / 1000 };
}

// ------------------------------------------------------------------ run

const pct = (x: number) => (100 * x).toFixed(1);
const lines: string[] = [];
const say = (l: string) => {
  lines.push(l);
  console.log(l);
};
say(`MCTS benchmark (${new Date().toISOString()}, node ${process.version}, ${availableParallelism()} cores, ${cpus()[0]?.model ?? '?'}; one thread)`);
say(`content: shipped configs, scenario duel (FPA vs Lamais for the speed runs, FPA mirror for the ladder), default loadouts`);

const positions = quick ? 10 : 40;
const speedRammer = openingSpeed({ iterations: 200, depth: 10 }, positions);
const speedRandom = openingSpeed({ iterations: 200, depth: 10, playout: 'random' }, Math.max(5, positions / 4));
const speedMatch = inMatchSpeed({ iterations: 200, depth: 10 }, quick ? 2 : 8);
const verdict = (x: number) => (x >= 20000 ? 'meets target' : 'BELOW TARGET');
say(
  `search from opening positions, 200 iterations x 10-round playouts (rammer), 24 candidates, ${positions} positions: ${speedRammer.iterationsPerSecond.toFixed(0)} iterations/s/core, ${speedRammer.callsPerSecond.toFixed(0)} forward calls/s, ${speedRammer.callsPerIteration.toFixed(1)} calls/iteration  [target 20,000 iterations/s: ${verdict(speedRammer.iterationsPerSecond)}]`,
);
say(
  `same, random playouts, ${speedRandom.positions} positions: ${speedRandom.iterationsPerSecond.toFixed(0)} iterations/s/core, ${speedRandom.callsPerSecond.toFixed(0)} forward calls/s, ${speedRandom.callsPerIteration.toFixed(1)} calls/iteration`,
);
say(
  `every commitment of ${speedMatch.matches} matches vs rammer (${speedMatch.decisions} searches, later positions included): ${speedMatch.iterationsPerSecond.toFixed(0)} iterations/s/core, ${speedMatch.callsPerSecond.toFixed(0)} forward calls/s, ${speedMatch.callsPerIteration.toFixed(1)} calls/iteration`,
);

if (!speedOnly) say(`ladder: ${gamesPerPairing} games per pairing (${gamesPerPairing / 2} seat-swapped pairs on shared seeds), default params; score = (wins + draws/2) / games for the first-named side`);
const ladder = [];
for (let i = 0; i < (speedOnly ? 0 : entrants.length); i++)
  for (let j = i + 1; j < entrants.length; j++) {
    const r = pairing(entrants[i], entrants[j], gamesPerPairing);
    ladder.push(r);
    say(
      `  ${(r.a + ' vs ' + r.b).padEnd(26)} W-D-L ${r.wins}-${r.draws}-${r.losses}  score ${pct(r.score.value)}% [Wilson 95% ${pct(r.score.lo)}, ${pct(r.score.hi)}]  pentanomial ${pct(r.pentanomial.mean)}% [${pct(r.pentanomial.lo)}, ${pct(r.pentanomial.hi)}]  ${r.roundsPerGame.toFixed(1)} rounds/game, ${r.seconds.toFixed(0)} s`,
    );
  }

const outDir = join(repoRoot(), 'results', 'bench');
mkdirSync(outDir, { recursive: true });
const stamp = new Date().toISOString().replace(/[:.]/g, '-');
writeFileSync(join(outDir, `mcts-${stamp}.json`), JSON.stringify({ when: new Date().toISOString(), node: process.version, cpu: cpus()[0]?.model, speed: [speedRammer, speedRandom, speedMatch], ladder }, null, 2) + '\n');
writeFileSync(join(outDir, `mcts-${stamp}.txt`), lines.join('\n') + '\n');
console.log(`Written to results/bench/mcts-${stamp}.{json,txt}`);
