/**
 * The kernel's invariant checks over 1,000 random matches each of the shipped 3-player
 * (ffa3) and 4-player (teams4) scenarios, every seat the uniform random bot, seed i for
 * match i (test/rules/invariants-multiplayer.test.ts runs 300 of each). Prints how the
 * matches ended, how many capital ships were destroyed and how many Command Corvettes
 * escaped by Emergency Warp (rulebook 8),
 * and the violations found; exits 1 on any.
 *
 *   npx tsx scripts/invariants-multiplayer.ts [matches]
 */
import { loadScenario, scenarioSetup, tablesForScenario } from '../src/content/scenario.js';
import { Kernel } from '../src/rules/kernel.js';
import { GameState, STATUS_NAMES, STATUS_VICTORY } from '../src/rules/state.js';
import { enableInvariantChecks, InvariantError } from '../src/rules/invariants.js';
import { MatchRunner } from '../src/sim/match.js';
import { makePolicy, loadBotFactory } from '../src/sim/bots.js';

const n = Number(process.argv[2] ?? 1000);
const random = await loadBotFactory('random');
let failed = 0;
for (const name of ['ffa3', 'teams4']) {
  const { file, scenario } = loadScenario(name);
  const t = tablesForScenario(scenario);
  const kernel = new Kernel(t);
  enableInvariantChecks(kernel);
  const runner = new MatchRunner(kernel);
  const s = new GameState();
  const count: Record<string, number> = {};
  const add = (k: string) => (count[k] = (count[k] ?? 0) + 1);
  const violations: string[] = [];
  let rounds = 0;
  const t0 = performance.now();
  for (let i = 0; i < n; i++) {
    kernel.setup(s, scenarioSetup(file, scenario, t, i));
    try {
      runner.play(s, scenario.ships.map((_, p) => makePolicy(random, {}, i, p)));
    } catch (e) {
      if (!(e instanceof InvariantError)) throw e;
      violations.push(`seed ${i}: ${e.message}`);
    }
    add(s.status === STATUS_VICTORY ? `victory team ${s.winner}` : STATUS_NAMES[s.status]);
    rounds += s.round;
    for (let p = 0; p < s.players; p++) {
      if (s.lostRound[p] === 0) continue;
      add('capital ships destroyed');
      if (s.escaped[p]) add('command corvettes escaped');
    }
  }
  const ms = performance.now() - t0;
  console.log(`${name}: ${n} matches in ${(ms / 1000).toFixed(1)} s, mean ${(rounds / n).toFixed(1)} rounds`);
  for (const [k, v] of Object.entries(count).sort()) console.log(`  ${k.padEnd(28)} ${v}`);
  console.log(`  invariant violations         ${violations.length}`);
  for (const v of violations.slice(0, 5)) console.log(`    ${v}`);
  failed += violations.length;
}
process.exit(failed > 0 ? 1 : 0);
