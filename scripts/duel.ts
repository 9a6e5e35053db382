/**
 * A head-to-head of two built-in policies on one thread (scripts/lib/arena.ts: seat-swapped
 * pairs, FPA mirror on the duel, default loadouts), for the strength/speed work: quicker to
 * call than an experiment file, and it writes nothing.
 *
 * Run: `npx tsx scripts/duel.ts A 'PARAMS_A' B 'PARAMS_B' PAIRS [SEED]`
 *   e.g. `npx tsx scripts/duel.ts tuned '{}' lookahead '{}' 25 check`
 * Prints W-D-L of A, its score with the pentanomial 95% interval over pairs, and the time.
 */
import { loadBotFactory } from '../src/sim/bots.js';
import { duel } from './lib/arena.js';

const [a, pa, b, pb, pairs, seed] = process.argv.slice(2);
if (!a || !pa || !b || !pb || !(Number(pairs) >= 1)) {
  console.error("usage: npx tsx scripts/duel.ts A 'PARAMS_A' B 'PARAMS_B' PAIRS [SEED]");
  process.exit(2);
}
const r = duel({ factory: await loadBotFactory(a), params: JSON.parse(pa) }, { factory: await loadBotFactory(b), params: JSON.parse(pb) }, Number(pairs), seed ?? 'dev');
const s = r.score;
const pct = (x: number) => (100 * x).toFixed(1);
console.log(`${a} ${pa} vs ${b} ${pb}: ${r.wins}-${r.draws}-${r.losses} score ${pct(s.mean)}% [${pct(s.lo)}, ${pct(s.hi)}] pairs ${s.n}, ${r.seconds.toFixed(0)} s`);
