import { loadScenario, tablesForScenario, scenarioSetup } from '../src/content/scenario.js';
import { Kernel } from '../src/rules/kernel.js';
import { GameState } from '../src/rules/state.js';
import { MatchRunner } from '../src/sim/match.js';
import { makePolicy } from '../src/sim/bots.js';
import rammer from '../bots/rammer.js';
const { file, scenario } = loadScenario('duel');
const t = tablesForScenario(scenario);
const k = new Kernel(t); const r = new MatchRunner(k); const s = new GameState();
const setups = Array.from({ length: 64 }, (_, i) => scenarioSetup(file, scenario, t, i));
const pols = [makePolicy(rammer, {}, 1, 0), makePolicy(rammer, {}, 1, 1)];
const t0 = performance.now(); let rounds = 0;
const N = Number(process.argv[2] ?? 5000);
for (let i = 0; i < N; i++) { r.play(k.setup(s, setups[i % 64]), pols); rounds += s.round; }
const ms = performance.now() - t0;
console.log(`${N} rammer matches in ${ms.toFixed(0)} ms: ${(N / ms * 1000).toFixed(0)} matches/s, ${(rounds / ms * 1000).toFixed(0)} rounds/s`);
