/**
 * Every match ends: plays N seeds (default 10,000) of
 * random-vs-random with drafted loadouts and of rammer-vs-rammer with the default
 * loadouts on the duel scenario, and prints how they ended (victory by seat, mutual
 * destruction, round limit) with mean length and weapon activity. A match that fails to
 * end, or a kernel error, stops the script with the seed. Run: `npm run end-distribution -- 10000`.
 */
import { loadScenario, tablesForScenario, scenarioSetup } from '../src/content/scenario.js';
import { Kernel } from '../src/rules/kernel.js';
import { GameState, STATUS_NAMES, STAT_SIZE, ST_SHOTS, ST_DAMAGE_DEALT, SOURCES, SRC_COLLISION } from '../src/rules/state.js';
import { MatchRunner } from '../src/sim/match.js';
import { makePolicy, loadBotFactory } from '../src/sim/bots.js';

const seeds = Number(process.argv[2] ?? 10000);
const { file, scenario } = loadScenario('duel');
const tables = tablesForScenario(scenario);
const kernel = new Kernel(tables);
const runner = new MatchRunner(kernel);
const state = new GameState();

for (const [bot, draft] of [['random', true], ['rammer', false]] as const) {
  const factory = await loadBotFactory(bot);
  const ends: Record<string, number> = {};
  let rounds = 0;
  let shots = 0;
  let weaponDamage = 0;
  let collisionDamage = 0;
  const t0 = performance.now();
  for (let seed = 0; seed < seeds; seed++) {
    const policies = [makePolicy(factory, {}, seed, 0), makePolicy(factory, {}, seed, 1)];
    const setup = scenarioSetup(file, scenario, tables, seed);
    if (draft) runner.draft(setup.ships.map((s) => tables.factions[s.faction]), policies).forEach((lo, i) => (setup.ships[i].loadout = lo));
    kernel.setup(state, setup);
    try {
      runner.play(state, policies);
    } catch (e) {
      console.error(`${bot} seed ${seed}: ${(e as Error).message}`);
      process.exit(1);
    }
    const key = STATUS_NAMES[state.status] + (state.winner >= 0 ? ` seat ${state.winner} (${tables.factions[state.faction[state.winner]].id})` : '');
    ends[key] = (ends[key] ?? 0) + 1;
    rounds += state.round;
    for (let p = 0; p < 2; p++) {
      for (let src = 0; src < SOURCES; src++) {
        shots += state.stats[p * STAT_SIZE + ST_SHOTS + src];
        if (src !== SRC_COLLISION) weaponDamage += state.stats[p * STAT_SIZE + ST_DAMAGE_DEALT + src];
      }
      collisionDamage += state.stats[p * STAT_SIZE + ST_DAMAGE_DEALT + SRC_COLLISION];
    }
  }
  const secs = (performance.now() - t0) / 1000;
  console.log(`${bot} vs ${bot}${draft ? ' (drafted loadouts)' : ' (default loadouts)'}: ${seeds} matches, all ended, in ${secs.toFixed(1)} s`);
  for (const [k, v] of Object.entries(ends).sort()) console.log(`  ${k.padEnd(32)} ${String(v).padStart(6)}  ${((100 * v) / seeds).toFixed(1)}%`);
  console.log(`  mean rounds ${(rounds / seeds).toFixed(1)}; per match: ${(shots / seeds).toFixed(1)} shots, ${(weaponDamage / seeds).toFixed(1)} weapon damage, ${(collisionDamage / seeds).toFixed(1)} collision damage`);
}
