/**
 * Corvette launches and activations (11.1.1-11.1.3) have long legal lists; on a state with
 * no kept list (a copy, a search bot's state) the kernel checks an answer by decoding it
 * instead of listing. These tests hold the decoding to the list: at every launch and
 * activation of random duels (random loadouts, so every hangar and corvette card), isLegal
 * accepts exactly the listed ids, on the asked state and on a copy with a fresh kernel; a
 * kernel that has since asked on another state, and the fresh kernel, list the same; no
 * lone answer is left to ask.
 */
import { describe, expect, it } from 'vitest';
import { FIXTURE_CONFIG_DIR } from '../fixtures/content.ts';
import { Kernel, D_ACTIVATE, D_LAUNCH, DECISION_NAMES } from '../../src/rules/kernel.ts';
import { GameState, MAX_ACTIONS, STATUS_ONGOING } from '../../src/rules/state.ts';
import { makePolicy } from '../../src/sim/bots.ts';
import { loadoutAt, loadoutCount } from '../../src/sim/plan.ts';
import { loadScenario, scenarioSetup, tablesForScenario } from '../../src/content/scenario.ts';
import type { DecisionContext } from '../../src/bot-api.ts';
import randomBot from '../../bots/random.ts';

const { file, scenario } = loadScenario('duel');
const t = tablesForScenario(scenario, FIXTURE_CONFIG_DIR);

describe('corvette launches and activations: isLegal (decoding) agrees with legal() (listing)', () => {
  it('at every launch and activation of 60 random duels with random loadouts', () => {
    const k = new Kernel(t);
    const other = new Kernel(t);
    const s = new GameState();
    const copy = new GameState();
    const legal = new Int32Array(MAX_ACTIONS);
    const again = new Int32Array(MAX_ACTIONS);
    const view = new GameState();
    const seen = { [D_LAUNCH]: 0, [D_ACTIVATE]: 0 };
    const problems: string[] = [];
    // A state at some corvette decision, kept to make `k` ask on it between the checks.
    let elsewhere: GameState | null = null;
    for (let seed = 0; seed < 60; seed++) {
      const setup = scenarioSetup(file, scenario, t, `corv-${seed}`);
      for (const ship of setup.ships) {
        const f = t.factions[ship.faction];
        ship.loadout = loadoutAt(f, (seed * 7919 + ship.faction * 104729) % loadoutCount(f));
      }
      k.setup(s, setup);
      const pols = [makePolicy(randomBot, {}, seed, 0), makePolicy(randomBot, {}, seed, 1)];
      while (s.status === STATUS_ONGOING) {
        const p = s.pending & 1 ? 0 : 1;
        const d = s.decision;
        const count = k.legal(s, p, legal);
        if (d === D_LAUNCH || d === D_ACTIVATE) {
          seen[d]++;
          const where = `seed ${seed} round ${s.round} ${DECISION_NAMES[d]}`;
          const listed = new Set(Array.from(legal.subarray(0, count)));
          if (listed.size !== count) problems.push(`${where}: duplicate ids`);
          if (count === 1) problems.push(`${where}: a lone answer was asked`);
          copy.copyFrom(s);
          for (let a = -2; a < MAX_ACTIONS + 2; a++) {
            if (k.isLegal(s, p, a) !== listed.has(a)) problems.push(`${where}: isLegal(${a}) = ${!listed.has(a)}`);
            if (other.isLegal(copy, p, a) !== listed.has(a)) problems.push(`${where}: on a copy, isLegal(${a}) = ${!listed.has(a)}`);
          }
          if (k.isLegal(s, p, 0.5) || k.isLegal(s, p, Number.NaN) || k.isLegal(s, 1 - p, legal[0])) problems.push(`${where}: accepts a non-id or the other seat`);
          // The same list, in the same order, from a fresh kernel on a copy, and from `k`
          // after it has asked on another state (one Kernel serving several states).
          const n2 = other.legal(copy, p, again);
          if (n2 !== count || !legal.subarray(0, count).every((v, i) => v === again[i])) problems.push(`${where}: another kernel lists differently`);
          if (elsewhere) {
            const e = new GameState().copyFrom(elsewhere);
            const ep = e.pending & 1 ? 0 : 1;
            k.submit(e, ep, k.legal(e, ep, again) > 0 ? again[0] : 0);
            const n3 = k.legal(s, p, again);
            if (n3 !== count || !legal.subarray(0, count).every((v, i) => v === again[i])) problems.push(`${where}: listed differently after asking on another state`);
            for (let i = 0; i < count; i++) if (!k.isLegal(s, p, legal[i])) problems.push(`${where}: ${legal[i]} refused after asking on another state`);
          }
          elsewhere = new GameState().copyFrom(s);
        }
        k.view(s, p, view);
        const ctx: DecisionContext = { kernel: k, view, player: p, decision: d, legal, count };
        k.submit(s, p, pols[p].choose(ctx));
      }
    }
    expect(problems.slice(0, 10)).toEqual([]);
    expect(seen[D_LAUNCH]).toBeGreaterThan(20);
    expect(seen[D_ACTIVATE]).toBeGreaterThan(20);
  });
});
