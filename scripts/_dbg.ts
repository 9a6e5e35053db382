import { loadScenario, tablesForScenario, scenarioSetup } from '../src/content/scenario.js';
import { Kernel, DECISION_NAMES } from '../src/rules/kernel.js';
import { GameState, MAX_ACTIONS } from '../src/rules/state.js';
import { EventLog } from '../src/rules/events.js';
import { formatEvents } from '../src/sim/log.js';
import { enableInvariantChecks } from '../src/rules/invariants.js';
import seedrandom from 'seedrandom';
const { file, scenario } = loadScenario('duel');
const t = tablesForScenario(scenario);
const k = new Kernel(t); k.log = new EventLog(); enableInvariantChecks(k);
const s = new GameState(); const legal = new Int32Array(MAX_ACTIONS);
const from = Number(process.argv[2] ?? 0), to = Number(process.argv[3] ?? 200);
for (let seed = from; seed < to; seed++) {
  k.log.clear();
  k.setup(s, scenarioSetup(file, scenario, t, seed));
  const rng = seedrandom(String(seed));
  try {
    while (s.status === 0) {
      for (let p = 0; p < s.players; p++) {
        if (!((s.pending >> p) & 1)) continue;
        const n = k.legal(s, p, legal);
        if (n === 0) throw new Error(`no legal actions: decision ${DECISION_NAMES[s.decision]} player ${p}`);
        k.submit(s, p, legal[Math.floor(rng() * n)]);
        if (s.status !== 0) break;
      }
    }
  } catch (e) {
    console.log('seed', seed, (e as Error).message);
    console.log(formatEvents(k, s, k.log).slice(-25).join('\n'));
    process.exit(1);
  }
}
console.log('ok');
