/**
 * Game fingerprint: one SHA-256 over the event logs and final states of a fixed set of
 * seeded matches (every built-in policy, random loadouts of both factions, with the
 * kernel's invariant checks on). The final state enters field by field, not as raw bytes,
 * so a change of the state's byte layout alone keeps the fingerprint. Run it before and after a kernel or bot optimisation:
 * the same fingerprint means the change left every game exactly as it was.
 *
 *   npx tsx scripts/fingerprint.ts            # all pairings
 *   npx tsx scripts/fingerprint.ts --quick    # fewer matches
 */
import { createHash } from 'node:crypto';
import { loadScenario, tablesForScenario, scenarioSetup } from '../src/content/scenario.js';
import { Kernel } from '../src/rules/kernel.js';
import { GameState } from '../src/rules/state.js';
import { EventLog, EVENT_WIDTH } from '../src/rules/events.js';
import { enableInvariantChecks } from '../src/rules/invariants.js';
import { MatchRunner } from '../src/sim/match.js';
import { makePolicy, loadBotFactory } from '../src/sim/bots.js';
import { loadoutAt, loadoutCount } from '../src/sim/plan.js';

const quick = process.argv.includes('--quick');
const { file, scenario } = loadScenario('duel');
const tables = tablesForScenario(scenario);
const kernel = new Kernel(tables);
enableInvariantChecks(kernel);
const log = new EventLog();
kernel.log = log;
const runner = new MatchRunner(kernel);
const state = new GameState();
const all = createHash('sha256');

const pairings: [string, string, number, Record<string, unknown>][] = [
  ['random', 'random', 200, {}],
  ['rammer', 'rammer', 200, {}],
  ['random', 'rammer', 100, {}],
  ['gunner', 'brawler', 100, {}],
  ['carrier', 'turtle', 100, {}],
  ['turtle', 'gunner', 100, {}],
  ['brawler', 'carrier', 100, {}],
  ['lookahead', 'gunner', 10, {}],
  ['mcts', 'rammer', 4, { iterations: 200 }],
];
for (const [a, b, count, params] of pairings) {
  const n = quick ? Math.ceil(count / 10) : count;
  const fa = await loadBotFactory(a);
  const fb = await loadBotFactory(b);
  const h = createHash('sha256');
  const t0 = performance.now();
  for (let i = 0; i < n; i++) {
    const setup = scenarioSetup(file, scenario, tables, `fp-${i}`);
    // Every third match: a random legal loadout on each side.
    if (i % 3 === 2)
      for (const ship of setup.ships) {
        const f = tables.factions[ship.faction];
        ship.loadout = loadoutAt(f, (i * 7919 + ship.faction * 104729) % loadoutCount(f));
      }
    log.clear();
    kernel.setup(state, setup);
    runner.play(state, [makePolicy(fa, a === 'mcts' ? params : {}, i, 0), makePolicy(fb, b === 'mcts' ? params : {}, i, 1)]);
    if (log.overflow) throw new Error(`event log overflow in ${a} vs ${b} match ${i}`);
    // Layout-independent: the event log and the fields a game's outcome is read from, so
    // a change to the state's byte layout alone keeps the fingerprint.
    for (const a of [state.stats, state.armour, state.shields, state.structure, state.shipQ, state.shipR, state.facing, state.cardLoc, state.factionSupply])
      h.update(new Uint8Array(a.buffer, a.byteOffset, a.byteLength));
    h.update(Int32Array.of(state.status, state.winner, state.round));
    h.update(new Uint8Array(log.data.buffer, 0, log.length * EVENT_WIDTH * 4));
  }
  const digest = h.digest('hex');
  all.update(digest);
  console.log(`${`${a} vs ${b}`.padEnd(20)} ${String(n).padStart(4)} matches  ${digest.slice(0, 16)}  (${((performance.now() - t0) / 1000).toFixed(1)} s)`);
}
console.log(`fingerprint ${all.digest('hex').slice(0, 16)}`);
